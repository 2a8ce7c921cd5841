/*
 * futile.h -- futile interpositions (無駄合, muda-ai): which evasions of a
 * checked defender do not count, and when a check is mate modulo them.
 *
 * This file is the one place futility is decided; the search (search.c), the
 * main line (pv.c) and verify.c ask here.  The caller passes `rule`: false
 * means every interposition counts as a move (the stricter reading verify's
 * unnecessary-piece test uses; dfpn_set_futile_rule).
 *
 * The rule implemented (the narrow one, as in ../shared/problems/cases.tsv):
 * a drop of X between the king and its only checker, a slider, is futile iff
 *   - the checking piece can capture X at once (promoting or not, legally),
 *   - and after that capture, even with X given back to the defender's hand,
 *     the defender is still in check and still mated -- where "mated" again
 *     allows further futile drops, recursively.
 * Interpositions by a moving piece always count, and so does a drop that the
 * checking piece itself cannot legally take (a capture by another attacker
 * piece does not make a drop futile).
 * Futile drops are proven without search and do not count toward the mate
 * length; a check whose every evasion is a futile drop is mate.
 *
 *   9 8 7 6 5 4 3 2 1        C27 of cases.tsv (mate in 1): the bishop on 1e
 *   . . . . . . . . v玉 d    leaves file 1 to a square guarding the king's
 *   . . . . . . . . 角  e    escapes, a discovered check by the dragon; a
 *   . . . . . . . . 龍  f    piece dropped on 1e is taken by the dragon and
 *                            the king is mated again: the drop is futile and
 *                            the check is mate.
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

#include "movegen.h"

#include <string.h>

/* Futility by (drop square, checking piece type after the capture) for one
 * examined position: -1 unknown, 0 not futile, 1 futile. */
typedef struct {
	int8_t v[SQ_NB][PT_NB];
} FutileMemo;

/* Makes every entry unknown; call before using a memo for a position. */
static inline void futile_memo_reset(FutileMemo *f) { memset(f, -1, sizeof *f); }

/* Nesting depth after which a drop is no longer analysed (counts as real). */
#define FUTILE_MAX_DEPTH 10

/* true iff the defender's evasion m (the defender to move, in check) is a
 * futile drop (see above).  memo: reset for this position (futile_memo_reset)
 * and shared by the calls on its evasions; depth: nesting level, 0 at the
 * top (beyond FUTILE_MAX_DEPTH, or without room for 3 more plies on pos's
 * stack, a drop counts as real).  pos is modified during the call and
 * restored. */
bool futile_is_drop(Position *pos, Move m, FutileMemo *memo, int depth);

/* true iff every evasion of the defender (to move; in check is the caller's
 * test) is a futile drop -- in particular when there is no evasion at all.
 * memo and depth as for futile_is_drop.  pos is modified and restored. */
bool futile_mated(Position *pos, FutileMemo *memo, int depth);

/* dfpn_is_mated (declared in dfpn.h) is defined here: pos_in_check and
 * futile_mated with a fresh memo, always with the rule on. */

/* For the evasions in list (the defender to move, in check) sets futile[i]
 * (list->n entries) iff list->moves[i] is a futile drop (never with rule
 * false) and returns the number of evasions that are not futile, counting
 * the drops on one square once (the search looks at them one at a time).
 * 0 means the check mates.  pos is modified and restored. */
int futile_mark(Position *pos, const MoveList *list, bool *futile, bool rule);

/* futile_mark over all evasions of pos: the number of real evasions (0 =
 * the check mates); *total receives the number of all evasions. */
int futile_count_real_evasions(Position *pos, int *total, bool rule);

/* true iff the defender (to move, in check) has an evasion that is not a
 * futile drop (with rule false: any evasion).  Cheaper than
 * futile_count_real_evasions: king steps, captures of the checker and
 * interpositions by a move are tested before any drop is analysed.  pos is
 * modified and restored. */
bool futile_has_real_evasion(Position *pos, bool rule);

/* Mate in one modulo futile drops: the first check (gen_checks order) after
 * which the defender has no evasion but futile drops, or MOVE_NONE.  The
 * attacker is to move; *nchecks receives the number of checks.  pos is
 * modified and restored.  Unlike mate1_find (mate1.h), a check answered
 * only by futile drops counts as mate. */
Move futile_mate1(Position *pos, int *nchecks, bool rule);

#endif
