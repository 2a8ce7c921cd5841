/* futile_sub.c -- the futility rules that are searches (see futile_sub.h). */
#include "futile_sub.h"

#include <stdlib.h>
#include <string.h>

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
	const FutileSearchOps *ops; /* the searches it runs (futile_sub.h) */
	Dfpn *d;                    /* narrow-rule context: a mate's existence does not
	                               depend on the rule, only its length */
	const TT *tt;               /* the main search's table, asked first (may be NULL) */
	uint64_t nodes;             /* all nodes searched */
	SubVerdict *cache;
	size_t cache_mask;
	uint64_t salt;         /* changed by each clear: earlier entries stop matching
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

FutileSub *futile_sub_new(size_t hash_mb, const TT *tt, const FutileSearchOps *ops)
{
	FutileSub *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->tt = tt;
	s->ops = ops;
	s->d = ops->make(hash_mb, DFPN_FUTILE_NARROW);
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
	s->ops->destroy(s->d);
	s->ops->destroy(s->lower);
	s->ops->destroy(s->fresh);
	free(s->cache);
	free(s->nogain);
	free(s);
}

void futile_sub_clear(FutileSub *s)
{
	s->ops->clear(s->d);
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
	s->ops->mate_within(s->d, pos, color_flip(pos->side), bound, &lim, &b);
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
		s->fresh = s->ops->make(1, DFPN_FUTILE_NARROW);
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
	s->ops->clear(d);
	DfpnLimits lim = {.max_nodes = nodes, .first_mate_only = true};
	DfpnBound b;
	s->ops->mate_within(d, pos, attacker, bound, &lim, &b);
	s->nodes += b.nodes;
	s->budget -= b.nodes < s->budget ? b.nodes : s->budget;
	if (b.status == DFPN_UNKNOWN && s->budget == 0)
		s->budget_cut = true;
	*len = b.len;
	return b.status;
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
	if (p >= 0 && !s->lower)
		s->lower = s->ops->make(1, DFPN_FUTILE_NB); /* the capturable test; NULL: not futile */
	if (p >= 0 && s->lower) {
		pos_undo_move(pos, drop);
		Color att = color_flip(pos->side);
		s->ops->set_check(s->lower, s, p - 3);
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
		*slot = (NogainVerdict){key, (int8_t)futile};
	return futile && !s->budget_cut;
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
static bool capturable_verdict(Position *pos, Move drop, Move cap, PieceType pt, const Futility *f)
{
	Color att = pos->side;
	int len;
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

const FutileSubTests FUTILE_SUB_TESTS = {
    .mated = futile_sub_mated,
    .nogain = nogain_verdict,
    .capturable = capturable_verdict,
};
