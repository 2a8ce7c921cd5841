/*
 * futile.h -- futile interpositions (無駄合, muda-ai): which evasions of a
 * checked defender do not count, and when a check is mate modulo them.
 *
 * This file is the one place futility is decided; the search (search.c), the
 * main line (pv.c) and verify.c ask here.  Each rule is a const row of
 * functions (FutileRule, below): FUTILE_NONE, every interposition counts
 * (strict; verify's unnecessary-piece test), FUTILE_NARROW, the narrow
 * rule, here; the rules that run searches of their own (broad, nogain,
 * answered, and the capturable test) in futile_search.h.  A context holds
 * a pointer to its rule's row; the functions below take that row and the
 * state of its searches (FutileSub, futile_sub.h; NULL for the others).
 *
 * The rules (the tools' --futile none|narrow|broad).  For all of them an
 * interposition can be futile only if it is a drop of X between the king
 * and its only checker, a slider, and
 *   - the checking piece can capture X at once (promoting or not, legally),
 *   - and after that capture, even with X given back to the defender's hand,
 *     the defender is still in check and still mated, where
 *       narrow: "mated" = mated at once, allowing further futile drops,
 *               recursively (futile_mated; no search);
 *       broad:  "mated" = a forced mate of any length (the reading of
 *               KomoringHeights 0.4-0.5 and of ../shared/problems/cases.tsv's
 *               futile rows), decided by a df-pn sub-search of at most
 *               FUTILE_SUB_NODES nodes (futile_search_mated); the narrow test
 *               is tried first, and nested drops are judged by it.
       nogain: "mated" = mated within V plies (P, the mate's length
               counted by the narrow rule, at most V), V being how long
               the node's evasions that are not drops last (from the node,
               the longest; none: V = 0, the narrow test): the
               interposition gains nothing but the two plies of the drop
               and its capture.  Other drops are not in V, so drops on two
               squares are never judged against each other (each judged
               by the other's length, the verdict would depend on which
               was judged first).  The verdict is a function of the node
               and the drop alone, never of what the search has proven so
               far, so the mate length under nogain is the same for every
               search order, table size and thread count: P by fresh
               sub-searches within 2, 4, ... plies, V's lower bound by a
               fresh search under the capturable test (FUTILE_CAPTURABLE,
               futile_search.h), its upper bound from the caller's
               proofs (nogain_verdict in futile_search.c).  Nested drops by the narrow test.  Lengths are
               not monotone in the hands (a piece more in the defender's
               hand can lengthen V and make a drop futile; one less can
               make one count), so the table keeps its lengths for their
               own hand only (TT.rule in tt.h).
       answered: as broad where the check has an answer that is not a
               drop (a king move, a capture of the checker, a moving
               interposition); a check whose every answer is a drop is
               mate only by the narrow test.  Broad's "mated at any
               length" then never makes a check mate by itself -- the
               overreach below, where a long mate after the capture turns
               a check answered only by drops into a "mate in one".
 * Futile drops do not count toward the mate length: the defender is deemed
 * not to have them, and a check whose every evasion is a futile drop is
 * mate.  Soundness: "the defender, given X back, is still mated" implies the
 * real position after the capture (the attacker holding X, the defender not)
 * is mated too (hand monotonicity), so the drop does not escape mate; only
 * the counting changes, never the answer mate / no mate.
 *
 * What always counts (under every rule), and why:
 *   - 移動合, an interposition by a moving piece: handing the piece back would
 *     also empty the square it came from, so "the same position with the
 *     piece in hand" is not defined; composers count nearly every 移動合.
 *   - a drop the checking piece itself cannot take legally (only another
 *     attacker piece can, or the capture is illegal: the checker is pinned,
 *     or would land where it can never move unpromoted and may not promote):
 *     the check is then answered, not just delayed.
 *   - under broad, a drop whose test runs out of nodes (the narrower reading:
 *     the length may come out longer than a composer's, never a false mate).
 * 中合, a drop away from the king (a square between, not adjacent): judged
 * like any drop.  It is effective -- it counts -- when the capture changes
 * the mate: the checker, drawn nearer, no longer mates (narrow: the king
 * then has an escape; broad: no forced mate at all with X given back), e.g.
 * the capture blocks another attacker's line or unpins a defender.
 *
 *   9 8 7 6 5 4 3 2 1        C27 of cases.tsv (mate in 1, narrow and broad):
 *   . . . . . . . . v玉 d    the bishop on 1e leaves file 1 to a square
 *   . . . . . . . . 角  e    guarding the king's escapes, a discovered check
 *   . . . . . . . . 龍  f    by the dragon; a piece dropped on 1e is taken
 *                            by the dragon and the king is mated again: the
 *                            drop is futile and the check is mate.
 *
 *   9 8 7 6 5 4 3 2 1        Shogi Zuko 18 after ply 13, 1h4e (the bishop
 *   . . . . . 馬 と . v飛 2  checks the king on 2c along the diagonal): the
 *   . . . . . . . v玉 .  3   drop P*3d is taken, 4e3d, and the king, the
 *   . . . . . . . . vと 4   pawn back in hand, is not mated at once (2c1c):
 *   . . . . . 角 歩 . .  5   under narrow P*3d counts and the mate is 13
 *                            plies; a mate still follows (3d1b+ ...), so
 *                            under broad it is futile: 11 plies, and the
 *                            whole problem 23 as Ito Kanju counts it.
 *                            Under nogain: after P*3d 4e3d, the pawn back,
 *                            the king is mated in 10 plies (2c1c 3d1b+ ...),
 *                            no more than the 10 of the one other defence,
 *                            2c1c (9 plies after it): futile, 23 plies.
 *
 *   nshogi mate-7 problem 99 "4+Rnknl/5g3/p3ppppp/7P1/6P1L/2R6/
 *   PPPPSPN+s1/3G5/L+p1K1G3 b BGSN3Pbslp" after G*2b 3a2b 5a4b
 *                            (the dragon on 4b checks the king on 2b; only
 *                            drops on 3b answer it): taken by the
 *                            dragon, 4b3b, the piece back in hand, the king
 *                            takes the dragon, 2b3b, and is mated 13 plies
 *                            later.  broad: futile, the check mates, 3
 *                            plies.  nogain: the node has no other defence
 *                            (0 plies), the drop gains 14: it counts, 7
 *                            plies (S*3a ...), as nshogi and narrow count.
 *                            answered: only drops answer the check, so
 *                            the narrow test: it counts, 7 plies.
 *
 *   9 8 7 6 5 4 3 2 1        ShogiBoardQ 3-ply line 474 "9/9/9/9/9/9/
 *   . . . . . . 角 v金 .  g  6Bg1/6RLS/8k b rb3g3s4n3l18p" after 2h2g
 *   . . . . . . 飛 香 銀  h  (the lance takes the gold and uncovers the
 *   . . . . . . . . v玉 i   bishop's check on 1i; only drops on 2h
 *                            answer it): after P*2h 3g2h, the pawn back,
 *                            2i escapes but a mate still follows, so under
 *                            broad P*2h is futile and 2h2g "mates in 1";
 *                            the composer's answer is G*2i at once after
 *                            P*2h, 3 plies.  answered (every answer a
 *                            drop: the narrow test), nogain, narrow: 3.
 *
 *   Shogi Zuko 27 at ply 2 (after the first check): L*6c resists 46
 *                            plies; taken, the lance back in hand, the
 *                            king is still mated, later than after the
 *                            other defence.  nogain: it counts (as do
 *                            the drops on 8d at ply 40), 49 plies;
 *                            broad and answered: futile, 43 plies, as Ito
 *                            Kanju counts.
 * More worked cases (and one drop that is not futile) in tests/test_futile.c.
 *
 * Why the memo is keyed by (square, type of the checking piece after the
 * capture): after the drop of X on s, the capture by the checker, and X
 * given back to the defender, the hands are exactly as before and the board
 * differs from the position examined only in where the checking piece stands
 * (s) and whether it promoted.  So futility depends on that pair alone,
 * whatever X is and however deep the nesting; one memo per examined position
 * keeps the recursion linear in the number of squares.  A FutileMemo is
 * valid for one position (the one whose evasions are examined) only.
 */
#ifndef TSUME_FUTILE_H
#define TSUME_FUTILE_H

#include "dfpn_types.h"
#include "movegen.h"

#include <string.h>

/* Futility by (drop square, checking piece type after the capture) for one
 * examined position: -1 unknown, 0 not futile, 1 futile.  v: the narrow
 * test (at every nesting depth); b: the broad and answered rules' searches (depth 0). */
typedef struct {
	int8_t v[SQ_NB][PT_NB];
	int8_t b[SQ_NB][PT_NB];
} FutileMemo;

/* The state of the searches of a rule that searches (futile_sub.h). */
typedef struct FutileSub FutileSub;

/* futile_judge_drop's hint when the caller is not judging a drop for the
 * search (futile_is_drop): the nogain rule then makes the narrow test only
 * (see the rule above). */
#define FUTILE_UNJUDGED (-2)

/* One futile-interposition rule as the search runs it: a const row of
 * functions.  Its name and the properties the table and the tools ask
 * (lengths monotone in the hands, its bounding rule) are
 * DFPN_FUTILE_SPEC[id] (futile_rule.h). */
typedef struct FutileRule FutileRule;
struct FutileRule {
	DfpnFutileRule id; /* DFPN_FUTILE_NB: the capturable test */
	/* The test every nesting depth makes on the drop `drop` of a pt that
	 * the checker takes by cap (pos: after the drop, the attacker to move;
	 * restored): futile?  narrow: the defender, pt given back after the
	 * capture, still in check and mated at once (futile_mated at depth +
	 * 1, sharing memo); the capturable test its own.  s: the state of the
	 * rule's searches (may be NULL: see the row).  Memoized by the caller
	 * by (square, checker after the capture).  NULL: no drop is futile
	 * (none). */
	bool (*taken)(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int depth);
	/* At depth 0, a drop `taken` did not find futile: futile after all by
	 * the rule's own searches (broad, nogain, answered)?  Arguments as
	 * taken's; hint and top as futile_judge_drop's (hint FUTILE_UNJUDGED
	 * from futile_is_drop).  NULL: no further test. */
	bool (*searched)(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int hint,
	                 int top);
	/* The rule the expansion's cheap tests take in its place (initial
	 * values, mate in one, the marks at expansion): the row itself, or
	 * FUTILE_NARROW for a rule that searches -- a drop the narrow test
	 * calls futile is futile under it too. */
	const FutileRule *cheap;
	/* At the search's length-budget frontier, where no expansion follows,
	 * is a check mate by the rule's own test rather than the cheap one
	 * (broad; answered takes the narrow test there, nogain's "mated" is
	 * the narrow test)? */
	bool at_frontier;
};

/* The rules "none" and "narrow" (no searches, no state). */
extern const FutileRule FUTILE_NONE, FUTILE_NARROW;

/* The narrow rule's test (FUTILE_NARROW.taken), for the rows of the rules
 * that search, which make it first. */
bool futile_narrow_taken(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int depth);

/* Plays the checker's capture cap of the dropped pt and gives pt back to
 * the defender (pos: after the drop, the attacker to move; then the
 * defender to move, the hands as before the drop); futile_undo_capture
 * takes it back. */
void futile_capture(Position *pos, Move cap, PieceType pt);
void futile_undo_capture(Position *pos, Move cap, PieceType pt);

/* Makes every entry unknown; call before using a memo for a position. */
static inline void futile_memo_reset(FutileMemo *f) { memset(f, -1, sizeof *f); }

/* Nesting depth after which a drop is no longer analysed (counts as real). */
#define FUTILE_MAX_DEPTH 10

/* true iff the defender's evasion m (the defender to move, in check) is a
 * futile drop under the rule r, its searches' state s (see above; never
 * under FUTILE_NONE).  At depth 0 a drop r->taken does not find futile is
 * judged by r->searched (the broad and answered rules' sub-search; nogain's
 * only through futile_judge_drop); nested drops are judged by the narrow
 * test.  memo: reset for this position (futile_memo_reset)
 * and shared by the calls on its evasions; depth: nesting level, 0 at the
 * top (beyond FUTILE_MAX_DEPTH, or without space for 3 more plies on pos's
 * stack, a drop counts as real).  pos is modified during the call and
 * restored. */
bool futile_is_drop(Position *pos, Move m, const FutileRule *r, FutileSub *s, FutileMemo *memo, int depth);

/* futile_is_drop at depth 0 with the rule's whole test: under nogain, a drop the narrow test does not find futile is
 * judged by the nogain rule's fresh sub-searches (see the rule above: the mate after the capture against the evasions
 * that are not drops); the verdict depends on pos and m alone, never on what the caller or another thread searched
 * before.  Two bounds only make a "not futile" cheaper to reach:
 *   hint  plies (even) within which every evasion of pos that is not a
 *         drop is proven mated, from the caller's proofs (their longest
 *         plus one); -1 when not known;
 *   top   pos's length budget (plies; POS_MAX_PLY: none): a verdict "not
 *         futile" because the capture's mate is longer than top holds
 *         within this budget only (pos is then not mated within top either
 *         way) and is not cached.
 * A sub-search that runs out of its nodes (or memory) leaves the drop
 * counted: never a false mate, only a longer count.  Under the other rules
 * as futile_is_drop (hint and top not looked at).  Returns true iff
 * futile.  pos is modified during the call and restored. */
bool futile_judge_drop(Position *pos, Move m, const FutileRule *r, FutileSub *s, int hint, int top);

/* true iff every evasion of the defender (to move; in check is the caller's
 * test) is a futile drop -- in particular when there is no evasion at all.
 * memo and depth as for futile_is_drop.  pos is modified and restored. */
bool futile_mated(Position *pos, FutileMemo *memo, int depth);

/* true iff the defender (to move) of pos is in check and mated under r
 * (its searches' state s): no legal evasion (FUTILE_NONE), or none but
 * futile drops.  pos is
 * modified and restored. */
bool futile_is_mated(Position *pos, const FutileRule *r, FutileSub *s);

/* dfpn_is_mated (declared in dfpn.h) is defined here: pos_in_check and
 * futile_mated with a fresh memo, always with the rule on. */

/* For the evasions in list (the defender to move, in check) sets futile[i]
 * (list->n entries) iff list->moves[i] is a futile drop under r (never
 * under FUTILE_NONE) and returns the number of evasions that are not futile, counting
 * the drops on one square once (the search looks at them one at a time).
 * 0 means the check mates.  pos is modified and restored. */
int futile_mark(Position *pos, const MoveList *list, bool *futile, const FutileRule *r, FutileSub *s);

/* futile_mark over all evasions of pos: the number of real evasions (0 =
 * the check mates); *total receives the number of all evasions. */
int futile_count_real_evasions(Position *pos, int *total, const FutileRule *r, FutileSub *s);

/* true iff the defender (to move, in check) has an evasion that is not a
 * futile drop under r (FUTILE_NONE: any evasion).  Cheaper than
 * futile_count_real_evasions: king steps, captures of the checker and
 * interpositions by a move are tested before any drop is analysed.  pos is
 * modified and restored. */
bool futile_has_real_evasion(Position *pos, const FutileRule *r, FutileSub *s);

/* Mate in one modulo futile drops: the first check (gen_checks order) after
 * which the defender has no evasion but futile drops, or MOVE_NONE.  The
 * attacker is to move; *nchecks receives the number of checks.  pos is
 * modified and restored.  Unlike mate1_find (mate1.h), a check answered
 * only by futile drops counts as mate. */
Move futile_mate1(Position *pos, int *nchecks, const FutileRule *r, FutileSub *s);

#endif
