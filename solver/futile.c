/* futile.c -- futile interpositions (see futile.h). */
#include "futile.h"

#include "dfpn_internal.h"

#include <stdlib.h>
#include <string.h>

const Futility FUTILITY_NONE = {.on = false}, FUTILITY_NARROW = {.on = true},
               FUTILITY_CAPTURABLE = {.on = true, .capturable = true};

/* ---- the broad rule's sub-search ---- */

/* What is known of one position's mate (defender to move): mated within
 * mated_at plies (INT16_MAX: not known), not within free_at (-1: not known;
 * a sub-search that ran out counts as "not": the narrower reading). */
typedef struct {
	uint64_t key; /* pos_key ^ salt; 0 empty */
	int16_t mated_at, free_at;
} SubVerdict;

/* A nogain verdict: a pure function of (position, drop square, checker
 * after the capture), so it may be cached and shared by every caller. */
typedef struct {
	uint64_t key; /* position, square, promotion, ^ salt; 0 empty */
	int8_t futile;
} NogainVerdict;
#define NOGAIN_CACHE_BITS 16

struct FutileSub {
	Dfpn *d;         /* narrow-rule context: a mate's existence does not
	                    depend on the rule, only its length */
	const TT *tt;    /* the main search's table, asked first (may be NULL) */
	uint64_t nodes;  /* all nodes searched */
	SubVerdict *cache;
	size_t cache_mask;
	uint64_t salt;   /* changed by each clear: earlier entries stop matching
	                    (as likely to match by chance as two 64-bit keys) */
	NogainVerdict *nogain; /* the nogain rule's verdicts (nogain_futile) */
	Dfpn *lower;           /* capturable-rule context, the nogain rule's
	                          lower bounds (made on first need) */
	uint64_t budget;       /* nodes the nogain rule's searches may still
	                          spend (futile_sub_set_budget) */
	bool budget_cut;       /* one of them stopped at it */
	Dfpn *fresh;           /* narrow context of the nogain rule's fresh
	                          searches: 1 MB, enough for their few thousand
	                          nodes (made on first need) */
};

/* verdicts cached: 2^16 entries (1 MB) */
#define SUB_CACHE_BITS 16

FutileSub *futile_sub_new(size_t hash_mb, const TT *tt)
{
	FutileSub *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->tt = tt;
	s->d = dfpn_new_with_rule(hash_mb, DFPN_FUTILE_NARROW);
	s->cache = calloc((size_t)1 << SUB_CACHE_BITS, sizeof *s->cache);
	s->nogain = calloc((size_t)1 << NOGAIN_CACHE_BITS, sizeof *s->nogain);
	s->salt = 0x9e3779b97f4a7c15ull;
	s->budget = UINT64_MAX;
	if (!s->d || !s->cache || !s->nogain) {
		futile_sub_free(s);
		return NULL;
	}
	s->cache_mask = ((size_t)1 << SUB_CACHE_BITS) - 1;
	return s;
}

void futile_sub_free(FutileSub *s)
{
	if (!s)
		return;
	dfpn_free(s->d);
	dfpn_free(s->lower);
	dfpn_free(s->fresh);
	free(s->cache);
	free(s->nogain);
	free(s);
}

void futile_sub_clear(FutileSub *s)
{
	dfpn_clear(s->d);
	/* O(1): a new salt instead of a memset of the cache (verify clears
	 * several times a problem) */
	s->salt += 0x9e3779b97f4a7c15ull;
}

uint64_t futile_sub_nodes(const FutileSub *s) { return s->nodes; }

void futile_sub_set_budget(FutileSub *s, uint64_t nodes)
{
	s->budget = nodes;
	s->budget_cut = false;
}

bool futile_sub_budget_cut(const FutileSub *s) { return s->budget_cut; }

bool futile_sub_mated(FutileSub *s, const Position *pos, int bound)
{
	if (bound > POS_MAX_PLY)
		bound = POS_MAX_PLY;
	uint64_t key = pos_key(pos) ^ s->salt;
	if (key == 0)
		key = 1;
	SubVerdict *slot = &s->cache[key & s->cache_mask];
	if (slot->key != key)
		*slot = (SubVerdict){key, INT16_MAX, -1};
	if (slot->mated_at <= bound)
		return true;
	/* a proof in the main table (with hand superiority: often the proof of
	 * the position after the capture, when it did not use the piece), or a
	 * disproof there (not resting on a repetition); asked before the cached
	 * "not mated", which a later proof in the table overrides */
	if (s->tt) {
		TTProbe p = tt_probe(s->tt, pos_board_key(pos), pos->hand[color_flip(pos->side)], bound);
		if (p.pn == 0)
			return true;
		if (p.dn == 0 && !p.maybe_rep)
			return false;
	}
	if (slot->free_at >= bound)
		return false;
	DfpnLimits lim = {.max_nodes = FUTILE_SUB_NODES, .first_mate_only = true};
	DfpnBound b;
	dfpn_mate_within(s->d, pos, color_flip(pos->side), bound, &lim, &b);
	s->nodes += b.nodes;
	if (b.status == DFPN_MATE) {
		slot->mated_at = (int16_t)(b.len < bound ? b.len : bound);
		return true;
	}
	slot->free_at = (int16_t)bound;
	return false;
}

/* s's context for the nogain rule's fresh narrow searches (NULL when out
 * of memory). */
static Dfpn *fresh_context(FutileSub *s)
{
	if (!s->fresh)
		s->fresh = dfpn_new_with_rule(1, DFPN_FUTILE_NARROW);
	return s->fresh;
}

/* A search of d (s's fresh narrow context or its capturable one) on an empty
 * table: a mate for `attacker` from pos within bound plies, at most
 * `nodes` nodes, the first mate found (its length in *len).
 * Nothing from earlier searches is read -- no table entry, no cached
 * verdict, not the main table -- so the answer is a function of (pos,
 * attacker, bound) alone, whatever was searched before and on whichever
 * thread (tt_clear starts a new generation: O(1)). */
static DfpnStatus fresh_mate_within(FutileSub *s, Dfpn *d, const Position *pos, Color attacker, int bound, int *len,
                                    uint64_t nodes)
{
	*len = 0;
	if (!d)
		return DFPN_UNKNOWN; /* out of memory: as a search that ran out */
	if (s->budget <= nodes) {
		/* the caller's node limit is nearer: stop there (budget_cut) */
		if (s->budget == 0) {
			s->budget_cut = true;
			return DFPN_UNKNOWN;
		}
		nodes = s->budget;
	}
	dfpn_clear(d);
	DfpnLimits lim = {.max_nodes = nodes, .first_mate_only = true};
	DfpnBound b;
	dfpn_mate_within(d, pos, attacker, bound, &lim, &b);
	s->nodes += b.nodes;
	s->budget -= b.nodes < s->budget ? b.nodes : s->budget;
	if (b.status == DFPN_UNKNOWN && s->budget == 0)
		s->budget_cut = true;
	*len = b.len;
	return b.status;
}

/* Nodes the deepening of one nogain verdict may spend. */
#define NOGAIN_VERDICT_NODES (4 * FUTILE_SUB_NODES)

/* Plays the checker's capture cap of the dropped pt and gives pt back to
 * the defender (pos: after the drop, the attacker to move; then the
 * defender to move, the hands as before the drop). */
static void capture_give_back(Position *pos, Move cap, PieceType pt)
{
	Color att = pos->side, def = color_flip(att);
	pos_do_move(pos, cap);
	pos_set_hand(pos, att, pt, hand_count(pos->hand[att], pt) - 1);
	pos_set_hand(pos, def, pt, hand_count(pos->hand[def], pt) + 1);
}

/* Undoes capture_give_back. */
static void undo_capture_give_back(Position *pos, Move cap, PieceType pt)
{
	Color def = pos->side, att = color_flip(def);
	pos_set_hand(pos, def, pt, hand_count(pos->hand[def], pt) - 1);
	pos_set_hand(pos, att, pt, hand_count(pos->hand[att], pt) + 1);
	pos_undo_move(pos, cap);
}

/* The position after the capture, the piece given back: mated within
 * bound plies (the narrow rule, a fresh search)?  pos: after the drop, the
 * attacker to move; restored.  Not in check: DFPN_NOMATE. */
static DfpnStatus capture_mated_within(FutileSub *s, Position *pos, Move cap, PieceType pt, int bound, uint64_t nodes)
{
	Color att = pos->side;
	int len;
	capture_give_back(pos, cap, pt);
	DfpnStatus st = pos_in_check(pos) ? fresh_mate_within(s, fresh_context(s), pos, att, bound, &len, nodes) : DFPN_NOMATE;
	undo_capture_give_back(pos, cap, pt);
	return st;
}

/* The nogain rule (futile.h) for the drop that led to pos, taken by the
 * checker's capture cap of a pt (pos: after the drop, the attacker to
 * move; before it, the defender's node N, reached by undoing `drop`).
 *
 * Futile iff, the piece given back after the capture, the defender is
 * mated in P plies (the narrow rule's count) and one of N's evasions that
 * are not drops lasts at least P-1 plies after it: the drop resists no
 * longer than that defence, from N.  The other drops are left out, so
 * that drops on two squares are never judged against each other.  Found
 * as a certificate, by a fixed procedure of fresh searches
 * (fresh_mate_within), so the verdict is a function of N and the drop
 * alone:
 *   P: the capture's position searched within 2, 4, 6, ... plies; the
 *      first bound with a mate is P (none within NOGAIN_VERDICT_NODES
 *      nodes, or a search that runs out: not futile);
 *   then each evasion e of N that is not a drop, in generation order,
 *   until one has no mate within P-3 plies under the capturable test
 *   (futile.h): e lasts P-1 plies under every rule (P = 2: any e).
 * hint: -1, or plies within which every such evasion is known mated (from
 * the caller's proofs of them: their longest plus one).  Then a capture's
 * position not mated within hint has P > hint >= their length, which the
 * procedure could never call futile: the verdict "not futile" at the cost
 * of one search -- the usual case -- and the deepening stops at hint.  The
 * hint changes the cost, never the verdict: the mate length under nogain
 * is the same for every search order and thread count.  top: N's length
 * budget; a capture's mate longer than top gives "not futile" for this
 * budget only (futile_judge_drop), as does a search stopped by the
 * caller's node budget (futile_sub_set_budget): neither is cached.  Other
 * verdicts are cached by (N, square, promotion). */
static bool nogain_futile(FutileSub *s, Position *pos, Move drop, Move cap, PieceType pt, int hint, int top)
{
	pos_undo_move(pos, drop);
	uint64_t key = (pos_key(pos) ^ ((uint64_t)move_to(drop) * 0xff51afd7ed558ccdull) ^
	                ((uint64_t)(move_is_promote(cap) ? 1 : 2) * 0xc4ceb9fe1a85ec53ull)) ^
	               s->salt;
	if (key == 0)
		key = 1;
	NogainVerdict *slot = &s->nogain[key & (((size_t)1 << NOGAIN_CACHE_BITS) - 1)];
	if (slot->key == key) {
		pos_do_move(pos, drop);
		return slot->futile;
	}
	MoveList ev; /* N's evasions that are not drops */
	int n = 0;
	gen_evasions(pos, &ev);
	for (int i = 0; i < ev.n; i++)
		if (!move_is_drop(ev.moves[i]))
			ev.moves[n++] = ev.moves[i];
	pos_do_move(pos, drop);
	int p = -1; /* P, once found */
	bool cut = false; /* stopped at top: the verdict holds here only */
	int first = hint >= 2 && hint <= top ? hint : top;
	if (n > 0 && first < POS_MAX_PLY &&
	    (first < 2 || capture_mated_within(s, pos, cap, pt, first, FUTILE_SUB_NODES) == DFPN_NOMATE)) {
		n = 0;
		cut = first != hint;
	}
	uint64_t start = s->nodes;
	int last = hint >= 2 ? hint : POS_MAX_PLY;
	for (int bound = 2; n > 0 && p < 0 && bound <= last && s->nodes - start < NOGAIN_VERDICT_NODES; bound += 2) {
		if (bound > top) {
			cut = true;
			break;
		}
		DfpnStatus st = capture_mated_within(s, pos, cap, pt, bound, FUTILE_SUB_NODES);
		if (st == DFPN_MATE)
			p = bound;
		else if (st == DFPN_UNKNOWN)
			break;
	}
	bool futile = false;
	if (p >= 0 && !s->lower)
		s->lower = dfpn_new_with_rule(1, DFPN_FUTILE_CAPTURABLE); /* NULL: not futile */
	if (p >= 0 && s->lower) {
		pos_undo_move(pos, drop);
		Color att = color_flip(pos->side);
		s->lower->fut.check = s;
		s->lower->fut.check_bound = p - 3;
		for (int i = 0; i < n && !futile; i++) {
			int len;
			if (p - 3 < 1) {
				futile = true;
				break;
			}
			pos_do_move(pos, ev.moves[i]);
			ic_clear(&s->lower->ic); /* its values depend on check_bound */
			futile = fresh_mate_within(s, s->lower, pos, att, p - 3, &len, FUTILE_SUB_NODES) == DFPN_NOMATE;
			pos_undo_move(pos, ev.moves[i]);
		}
		pos_do_move(pos, drop);
	}
	if (!cut && !s->budget_cut)
		*slot = (NogainVerdict){key, (int8_t)futile};
	return futile && !s->budget_cut;
}

/* ---- futility of a drop ---- */

/* After the drop of a pt (the attacker to move): plays the checker's
 * capture cap, gives pt back to the defender, and asks whether the defender
 * is still in check and mated -- at once (futile_mated, nesting depth + 1)
 * when sub is NULL, else within bound plies (futile_sub_mated).  pos is
 * restored. */
static bool mated_after_capture(Position *pos, Move cap, PieceType pt, FutileSub *sub, int bound, FutileMemo *memo,
                                int depth)
{
	capture_give_back(pos, cap, pt);
	bool mated = pos_in_check(pos) && (sub ? futile_sub_mated(sub, pos, bound) : futile_mated(pos, memo, depth + 1));
	undo_capture_give_back(pos, cap, pt);
	return mated;
}

/* Nodes of the capturable test's search (an unfinished one: futile, the
 * side that keeps the lower bound sound). */
#define CAPTURABLE_CHECK_NODES 200

/* The capturable test (futile.h) for the drop `drop` of a pt (pos: after
 * it, the attacker to move), taken by the checker's capture cap: futile
 * unless, pt given back after the capture, the defender is not in check,
 * or fresh narrow searches of f->check show that nogain could not call
 * it futile within f->check_bound plies: the capture's position not mated
 * within check_bound (P > check_bound), or not within U, where every
 * evasion of the node that is not a drop has a narrow mate of at most U-1
 * plies (P > U >= V under every rule's count).  A search that runs out
 * leaves the drop futile: the side that keeps the lower bound sound.
 * pos is restored. */
static bool capturable_futile(Position *pos, Move drop, Move cap, PieceType pt, const Futility *f)
{
	Color att = pos->side;
	int len;
	if (!f->check) {
		capture_give_back(pos, cap, pt);
		bool checked = pos_in_check(pos);
		undo_capture_give_back(pos, cap, pt);
		return checked;
	}
	FutileSub *s = f->check;
	int t = f->check_bound;
	/* not in check after the capture: DFPN_NOMATE too */
	if (capture_mated_within(s, pos, cap, pt, t, CAPTURABLE_CHECK_NODES) == DFPN_NOMATE)
		return false;
	/* U: the longest narrow mate of the node's evasions that are not drops */
	int u = 0;
	pos_undo_move(pos, drop);
	MoveList ev;
	gen_evasions(pos, &ev);
	for (int i = 0; i < ev.n && u >= 0; i++) {
		Move e = ev.moves[i];
		if (move_is_drop(e))
			continue;
		pos_do_move(pos, e);
		if (fresh_mate_within(s, fresh_context(s), pos, att, t - 2, &len, CAPTURABLE_CHECK_NODES) == DFPN_MATE)
			u = len + 1 > u ? len + 1 : u;
		else
			u = -1;
		pos_undo_move(pos, e);
	}
	pos_do_move(pos, drop);
	return u < 0 || u >= t || capture_mated_within(s, pos, cap, pt, u, CAPTURABLE_CHECK_NODES) != DFPN_NOMATE;
}

/* Has the defender (to move after undoing the drop `drop`, in check) an
 * evasion that is not a drop?  pos: after the drop. */
static bool has_other_answer(Position *pos, Move drop)
{
	pos_undo_move(pos, drop);
	MoveList ev;
	gen_evasions(pos, &ev);
	bool other = false;
	for (int i = 0; i < ev.n && !other; i++)
		other = !move_is_drop(ev.moves[i]);
	pos_do_move(pos, drop);
	return other;
}

/* Is the defender's evasion m (the defender to move, in check) a futile
 * drop?  bound: the plies within which the defender must be mated after
 * the capture for the sub-search test (f->sub, depth 0); below 2 only the
 * narrow test is made (a mate from the defender's move takes an even number
 * of plies: 0 = at once). */
static bool is_drop(Position *pos, Move m, const Futility *f, FutileMemo *memo, int depth, int bound, int top)
{
	if (!move_is_drop(m) || depth > FUTILE_MAX_DEPTH || pos->ply + 3 > POS_MAX_PLY)
		return false;
	bb_t checkers = pos_checkers(pos);
	if (bb_more_than_one(checkers))
		return false;
	Square csq = bb_lsb(checkers), to = move_to(m);
	PieceType pt = move_drop_pt(m);
	Piece checker = pos->board[csq];
	bool futile = false;
	int other = -1; /* answered: has the check a non-drop answer? (asked once) */
	pos_do_move(pos, m);
	for (int promote = 0; promote <= 1 && !futile; promote++) {
		Move cap = move_make(csq, to, checker, pos->board[to], promote);
		if (!gen_is_legal(pos, cap))
			continue;
		PieceType after = promote ? pt_promote(piece_type(checker)) : piece_type(checker);
		int8_t *slot = &memo->v[to][after];
		if (*slot < 0)
			*slot = (int8_t)(f->capturable ? capturable_futile(pos, m, cap, pt, f)
			                               : mated_after_capture(pos, cap, pt, NULL, 0, memo, depth));
		futile = *slot == 1;
		if (!futile && f->sub && depth == 0 && bound >= 2 && f->answered) {
			if (other < 0)
				other = has_other_answer(pos, m);
			if (!other)
				bound = 0; /* every answer a drop: the narrow test only */
		}
		if (!futile && f->sub && depth == 0 && bound >= (f->bounded ? 0 : 2)) {
			/* still mated within bound plies? (memo->b: the broad rule's
			 * any-length verdicts only; the bounded one asks each time,
			 * its sub-search cache remembers) */
			if (f->bounded) {
				futile = nogain_futile(f->sub, pos, m, cap, pt, bound, top);
			} else {
				int8_t *bslot = &memo->b[to][after];
				if (*bslot < 0)
					*bslot = (int8_t)mated_after_capture(pos, cap, pt, f->sub, bound, memo, depth);
				futile = *bslot == 1;
			}
		}
	}
	pos_undo_move(pos, m);
	return futile;
}

bool futile_is_drop(Position *pos, Move m, const Futility *f, FutileMemo *memo, int depth)
{
	/* the bounded rule without a bound is the narrow one (see futile.h) */
	return is_drop(pos, m, f, memo, depth, f->bounded ? -1 : POS_MAX_PLY, POS_MAX_PLY);
}

bool futile_judge_drop(Position *pos, Move m, const Futility *f, int hint, int top)
{
	FutileMemo memo;
	futile_memo_reset(&memo);
	return is_drop(pos, m, f, &memo, 0, f->bounded ? (hint < 0 ? 0 : hint) : POS_MAX_PLY, top);
}

bool dfpn_is_mated(Position *pos)
{
	FutileMemo memo;
	futile_memo_reset(&memo);
	return pos_in_check(pos) && futile_mated(pos, &memo, 0);
}

bool dfpn_is_mated_by(Position *pos, DfpnFutileRule rule)
{
	if (rule == DFPN_FUTILE_NONE)
		return futile_is_mated(pos, &FUTILITY_NONE);
	if (rule == DFPN_FUTILE_NARROW || rule == DFPN_FUTILE_NOGAIN)
		return dfpn_is_mated(pos); /* nogain: mated means the narrow test */
	/* broad: a sub-search of its own (a one-off question) */
	FutileSub *sub = futile_sub_new(1, NULL);
	if (!sub)
		return dfpn_is_mated(pos); /* the narrower reading */
	Futility f = {.on = true, .sub = sub, .answered = rule == DFPN_FUTILE_ANSWERED};
	bool mated = futile_is_mated(pos, &f);
	futile_sub_free(sub);
	return mated;
}

static const char *const FUTILE_NAME[DFPN_FUTILE_NB] = {"none", "narrow", "broad", "nogain", "answered"};

const char *dfpn_futile_name(DfpnFutileRule rule) { return rule < DFPN_FUTILE_NB ? FUTILE_NAME[rule] : "?"; }

bool dfpn_futile_parse(const char *name, DfpnFutileRule *rule)
{
	for (int r = 0; r < DFPN_FUTILE_NB; r++)
		if (name && strcmp(name, FUTILE_NAME[r]) == 0) {
			*rule = (DfpnFutileRule)r;
			return true;
		}
	return false;
}

/* noinline (also futile_count_real_evasions): their move lists and futile
 * arrays must not join the frame of the recursive search that calls them. */
__attribute__((noinline)) int futile_mark(Position *pos, const MoveList *list, bool *futile, const Futility *f)
{
	int real = 0;
	bool any_drop = false;
	for (int i = 0; i < list->n && f->on; i++)
		any_drop |= move_is_drop(list->moves[i]);
	FutileMemo memo;
	if (any_drop)
		futile_memo_reset(&memo);
	/* drops on one square count once (they are searched one at a time),
	 * and a drop's futility depends on its square alone (futile.h, whatever
	 * the rule): the first drop on a square is judged, the others take its
	 * verdict */
	bb_t drop_squares = bb_empty(), futile_squares = bb_empty();
	for (int i = 0; i < list->n; i++) {
		Move m = list->moves[i];
		futile[i] = false;
		if (move_is_drop(m)) {
			Square to = move_to(m);
			if (bb_test(drop_squares, to)) {
				futile[i] = bb_test(futile_squares, to);
				continue;
			}
			bb_set(&drop_squares, to);
			if (any_drop && futile_is_drop(pos, m, f, &memo, 0)) {
				bb_set(&futile_squares, to);
				futile[i] = true;
				continue;
			}
		}
		real++;
	}
	return real;
}

__attribute__((noinline)) int futile_count_real_evasions(Position *pos, int *total, const Futility *f)
{
	MoveList ev;
	bool futile[MAX_MOVES];
	gen_evasions(pos, &ev);
	*total = ev.n;
	return futile_mark(pos, &ev, futile, f);
}

/* Cheap tests first: a safe king step, a capture of the checker, an
 * interposition by a move (in shogi every piece moves where it attacks); only
 * drops need the full futility analysis.  memo: the caller's, shared with
 * the nested tests at depth (futile_mated), or NULL: one of its own, made on
 * first need, at depth 0.  static inline: futile_mate1 runs it after every
 * check (a call there cost 0.4 % of the search's instructions). */
static inline __attribute__((always_inline)) bool real_evasion(Position *pos, const Futility *f, FutileMemo *memo,
                                                               int depth)
{
	Color def = pos->side, att = color_flip(def);
	Square ksq = pos->king[def];
	bb_t checkers = pos_checkers(pos);
	bb_t occ_noking = bb_andnot(pos->occ, bb_square(ksq));
	bb_t esc = bb_andnot(bb_step_attacks(def, KING, ksq), pos->by_color[def]);
	while (bb_any(esc))
		if (!pos_attacked(pos, att, bb_pop(&esc), occ_noking))
			return true;
	if (bb_more_than_one(checkers))
		return false;
	Square csq = bb_lsb(checkers);
	bb_t pinned = bb_and(pos_slider_blockers(pos, att, ksq), pos->by_color[def]);
	bb_t targets = bb_or(bb_between(ksq, csq), bb_square(csq));
	while (bb_any(targets)) {
		Square sq = bb_pop(&targets);
		bb_t movers = bb_andnot(pos_attackers_to(pos, def, sq, pos->occ), bb_square(ksq));
		while (bb_any(movers)) {
			Square from = bb_pop(&movers);
			if (!bb_test(pinned, from) || bb_aligned(ksq, from, sq))
				return true;
		}
	}
	if (bb_is_empty(bb_between(ksq, csq)) || !pos->hand[def])
		return false;
	/* only drops are left.  Futility of a drop depends on its square alone
	 * and the checker (futile.h): one legal drop per square is
	 * tested, until one is not futile */
	static const PieceType ORDER[] = {GOLD, SILVER, BISHOP, ROOK, KNIGHT, LANCE, PAWN};
	FutileMemo own;
	bb_t between = bb_between(ksq, csq);
	while (bb_any(between)) {
		Square sq = bb_pop(&between);
		for (int i = 0; i < 7; i++) {
			if (!hand_has(pos->hand[def], ORDER[i]))
				continue;
			Move m = move_make_drop(ORDER[i], sq, def);
			if (!gen_is_legal(pos, m))
				continue;
			if (!f->on)
				return true;
			if (!memo) {
				futile_memo_reset(&own);
				memo = &own;
			}
			if (!futile_is_drop(pos, m, f, memo, depth))
				return true;
			break; /* every other drop here is futile too */
		}
	}
	return false;
}

static inline __attribute__((always_inline)) bool has_real_evasion(Position *pos, const Futility *f)
{
	return real_evasion(pos, f, NULL, 0);
}

bool futile_has_real_evasion(Position *pos, const Futility *f) { return has_real_evasion(pos, f); }

/* Every evasion futile = no real one under the narrow test: the same
 * answer as looking at each generated evasion (a drop's futility depends
 * on its square alone, futile.h), found with the cheap tests first. */
bool futile_mated(Position *pos, FutileMemo *memo, int depth)
{
	return !real_evasion(pos, &FUTILITY_NARROW, memo, depth);
}

bool futile_is_mated(Position *pos, const Futility *f)
{
	/* without a rule no evasion is futile: no real one = none at all */
	return pos_in_check(pos) && !has_real_evasion(pos, f);
}

Move futile_mate1(Position *pos, int *nchecks, const Futility *f)
{
	MoveList checks;
	gen_checks(pos, &checks);
	*nchecks = checks.n;
	for (int i = 0; i < checks.n; i++) {
		Move m = checks.moves[i];
		pos_do_move(pos, m);
		bool escape = has_real_evasion(pos, f);
		pos_undo_move(pos, m);
		if (!escape)
			return m;
	}
	return MOVE_NONE;
}
