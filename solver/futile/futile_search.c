/* futile_search.c -- the futility rules that are searches of their own
 * (futile_search.h): their rows, and the searches they run. */
#include "futile_search.h"

#include "search.h"

#include <stdlib.h>
#include <string.h>

/* The context of a search of s: *slot, made on first need with hash_mb
 * megabytes of table under the rule row (NULL when out of memory: the
 * caller's search counts as one that ran out). */
static Dfpn *sub_context(Dfpn **slot, size_t hash_mb, const FutileRule *row)
{
	if (!*slot)
		*slot = context_own_new(hash_mb, row);
	return *slot;
}

/* The nodes a search of s may spend: want, or what is left of s's budget
 * (futile_sub_set_budget: the caller's node limit) when that is nearer; 0
 * when nothing is left, and s->budget_cut set.  They are reserved: the
 * searches this one runs meanwhile (the capturable test's, on s too) take
 * from the rest, so that all of them together stay within the budget. */
static uint64_t budget_take(FutileSub *s, uint64_t want)
{
	if (s->budget == 0)
		s->budget_cut = true;
	uint64_t n = s->budget < want ? s->budget : want;
	s->budget -= n;
	return n;
}

/* Gives back the `taken` nodes reserved for the search that gave b and
 * counts its nodes against s and its budget; a search that ran out with
 * the budget spent stopped at it (budget_cut). */
static void budget_spend(FutileSub *s, uint64_t taken, const DfpnBound *b)
{
	s->budget += taken;
	s->nodes += b->nodes;
	s->budget -= b->nodes < s->budget ? b->nodes : s->budget;
	if (b->status == DFPN_UNKNOWN && s->budget == 0)
		s->budget_cut = true;
}

bool futile_search_mated(FutileSub *s, const Position *pos, int bound)
{
	if (bound > POS_MAX_PLY)
		bound = POS_MAX_PLY;
	uint64_t key = pos_key(pos) ^ s->salt;
	if (key == 0)
		key = 1;
	FutileSubVerdict *slot = &s->cache[key & (((size_t)1 << FUTILE_SUB_CACHE_BITS) - 1)];
	if (slot->key != key)
		*slot = (FutileSubVerdict){key, INT16_MAX, -1};
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
	Dfpn *d = sub_context(&s->d, s->hash_mb, &FUTILE_NARROW);
	if (!d)
		return false; /* out of memory: as a search that ran out */
	uint64_t nodes = budget_take(s, FUTILE_SUB_NODES);
	if (nodes == 0)
		return false; /* at the budget: cut */
	DfpnLimits lim = {.max_nodes = nodes, .first_mate_only = true};
	DfpnBound b;
	search_mate_within(d, pos, color_flip(pos->side), bound, &lim, &b);
	budget_spend(s, nodes, &b);
	if (s->budget_cut)
		return false; /* stopped at the budget: not the rule's verdict, not cached */
	if (b.status == DFPN_MATE) {
		slot->mated_at = (int16_t)(b.len < bound ? b.len : bound);
		return true;
	}
	slot->free_at = (int16_t)bound;
	return false;
}

/* s's context for the nogain rule's fresh narrow searches (NULL when out
 * of memory). */
static Dfpn *fresh_context(FutileSub *s) { return sub_context(&s->fresh, 1, &FUTILE_NARROW); }

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
	nodes = budget_take(s, nodes);
	if (nodes == 0)
		return DFPN_UNKNOWN;
	context_clear(d);
	DfpnLimits lim = {.max_nodes = nodes, .first_mate_only = true};
	DfpnBound b;
	search_mate_within(d, pos, attacker, bound, &lim, &b);
	budget_spend(s, nodes, &b);
	*len = b.len;
	return b.status;
}

/* s's context for the capturable test (FUTILE_CAPTURABLE), with s as its
 * state and `bound` as its bound (s->check_bound); the initial values it
 * cached are forgotten, as they depend on the bound.  NULL when out of
 * memory. */
static Dfpn *lower_context(FutileSub *s, int bound)
{
	Dfpn *lower = s->lower;
	if (!lower) {
		lower = s->lower = context_own_new(1, &FUTILE_CAPTURABLE);
		if (!lower)
			return NULL;
		lower->rules.sub = s;
		lower->rules.borrowed = true;
	}
	s->check_bound = bound;
	ic_clear(&lower->tree.ic);
	return lower;
}

/* Nodes the deepening of one nogain verdict may spend. */
#define NOGAIN_VERDICT_NODES (4 * FUTILE_SUB_NODES)

/* The position after the capture, the piece given back: mated within
 * bound plies (the narrow rule, a fresh search)?  pos: after the drop, the
 * attacker to move; restored.  Not in check: DFPN_NOMATE. */
static DfpnStatus capture_mated_within(FutileSub *s, Position *pos, Move cap, PieceType pt, int bound, uint64_t nodes)
{
	Color att = pos->side;
	int len;
	futile_capture(pos, cap, pt);
	DfpnStatus st =
	    pos_in_check(pos) ? fresh_mate_within(s, fresh_context(s), pos, att, bound, &len, nodes) : DFPN_NOMATE;
	futile_undo_capture(pos, cap, pt);
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
static bool nogain_verdict(FutileSub *s, Position *pos, Move drop, Move cap, PieceType pt, int hint, int top)
{
	pos_undo_move(pos, drop);
	uint64_t key = (pos_key(pos) ^ ((uint64_t)move_to(drop) * 0xff51afd7ed558ccdull) ^
	                ((uint64_t)(move_is_promote(cap) ? 1 : 2) * 0xc4ceb9fe1a85ec53ull)) ^
	               s->salt;
	if (key == 0)
		key = 1;
	FutileNogainVerdict *slot = &s->nogain[key & (((size_t)1 << FUTILE_SUB_CACHE_BITS) - 1)];
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
	int p = -1;       /* P, once found */
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
	if (p >= 0 && lower_context(s, p - 3)) { /* the capturable test; NULL: not futile */
		pos_undo_move(pos, drop);
		Color att = color_flip(pos->side);
		for (int i = 0; i < n && !futile; i++) {
			int len;
			if (p - 3 < 1) {
				futile = true;
				break;
			}
			pos_do_move(pos, ev.moves[i]);
			futile = fresh_mate_within(s, s->lower, pos, att, p - 3, &len, FUTILE_SUB_NODES) == DFPN_NOMATE;
			pos_undo_move(pos, ev.moves[i]);
		}
		pos_do_move(pos, drop);
	}
	if (!cut && !s->budget_cut)
		*slot = (FutileNogainVerdict){key, (int8_t)futile};
	return futile && !s->budget_cut;
}

/* Nodes of the capturable test's search (an unfinished one: futile, the
 * side that keeps the lower bound sound). */
#define CAPTURABLE_CHECK_NODES 200

/* The capturable test (futile.h) for the drop `drop` of a pt (pos: after
 * it, the attacker to move), taken by the checker's capture cap: futile
 * unless, pt given back after the capture, the defender is not in check,
 * or fresh narrow searches of s (the FutileSub whose lower context this
 * is) show that nogain could not call it futile within s->check_bound
 * plies: the capture's position not mated
 * within check_bound (P > check_bound), or not within U, where every
 * evasion of the node that is not a drop has a narrow mate of at most U-1
 * plies (P > U >= V under every rule's count).  A search that runs out
 * leaves the drop futile: the side that keeps the lower bound sound.
 * pos is restored. */
static bool capturable_verdict(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s)
{
	Color att = pos->side;
	int len;
	int t = s->check_bound;
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

/* ---- the rows ---- */

/* After the drop of a pt (the attacker to move), taken by the checker's
 * capture cap: the defender, pt given back, still in check and mated
 * within bound plies (futile_search_mated)?  pos is restored. */
static bool mated_after_capture(Position *pos, Move cap, PieceType pt, FutileSub *s, int bound)
{
	futile_capture(pos, cap, pt);
	bool mated = pos_in_check(pos) && futile_search_mated(s, pos, bound);
	futile_undo_capture(pos, cap, pt);
	return mated;
}

/* The broad rule's test after the narrow one: still mated at any length
 * after the capture (memo->b: the verdicts of the examined position). */
static bool broad_searched(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int hint,
                           int top)
{
	(void)hint;
	(void)top;
	Square to = move_to(drop);
	PieceType after = piece_type(move_piece_after(cap));
	int8_t *slot = &memo->b[to][after];
	if (*slot < 0)
		*slot = (int8_t)mated_after_capture(pos, cap, pt, s, POS_MAX_PLY);
	return *slot == 1;
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

/* The answered rule's: as broad's where the check has an answer that is
 * not a drop; else none (the narrow test was the rule's). */
static bool answered_searched(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo,
                              int hint, int top)
{
	return has_other_answer(pos, drop) && broad_searched(pos, drop, cap, pt, s, memo, hint, top);
}

/* The nogain rule's: its verdict (nogain_verdict) when a drop is judged
 * for the search (futile_judge_drop); from futile_is_drop none, the
 * narrow test being its "mated". */
static bool nogain_searched(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int hint,
                            int top)
{
	(void)memo;
	if (hint == FUTILE_UNJUDGED)
		return false;
	return nogain_verdict(s, pos, drop, cap, pt, hint < 0 ? 0 : hint, top);
}

/* The capturable test's (futile_search.h): with s, its searches; without,
 * futile iff the defender, pt given back after the capture, is still in
 * check. */
static bool capturable_taken(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo,
                             int depth)
{
	(void)memo;
	(void)depth;
	if (s)
		return capturable_verdict(pos, drop, cap, pt, s);
	futile_capture(pos, cap, pt);
	bool checked = pos_in_check(pos);
	futile_undo_capture(pos, cap, pt);
	return checked;
}

const FutileRule FUTILE_BROAD = {.id = DFPN_FUTILE_BROAD,
                                 .taken = futile_narrow_taken,
                                 .searched = broad_searched,
                                 .cheap = &FUTILE_NARROW,
                                 .at_frontier = true},
                 FUTILE_NOGAIN = {.id = DFPN_FUTILE_NOGAIN,
                                  .taken = futile_narrow_taken,
                                  .searched = nogain_searched,
                                  .cheap = &FUTILE_NARROW},
                 FUTILE_ANSWERED = {.id = DFPN_FUTILE_ANSWERED,
                                    .taken = futile_narrow_taken,
                                    .searched = answered_searched,
                                    .cheap = &FUTILE_NARROW},
                 FUTILE_CAPTURABLE = {.id = DFPN_FUTILE_NB, .taken = capturable_taken, .cheap = &FUTILE_CAPTURABLE};
