/* futile.c -- futile interpositions (see futile.h). */
#include "futile.h"

#include <stdlib.h>
#include <string.h>

const Futility FUTILITY_NONE = {false, NULL, false, false}, FUTILITY_NARROW = {true, NULL, false, false};

/* ---- the broad rule's sub-search ---- */

/* What is known of one position's mate (defender to move): mated within
 * mated_at plies (INT16_MAX: not known), not within free_at (-1: not known;
 * a sub-search that ran out counts as "not": the narrower reading). */
typedef struct {
	uint64_t key; /* pos_key ^ salt; 0 empty */
	int16_t mated_at, free_at;
} SubVerdict;

struct FutileSub {
	Dfpn *d;         /* narrow-rule context: a mate's existence does not
	                    depend on the rule, only its length */
	const TT *tt;    /* the main search's table, asked first (may be NULL) */
	uint64_t nodes;  /* all nodes searched */
	SubVerdict *cache;
	size_t cache_mask;
	uint64_t salt;   /* changed by each clear: earlier entries stop matching
	                    (as likely to match by chance as two 64-bit keys) */
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
	s->salt = 0x9e3779b97f4a7c15ull;
	if (!s->d || !s->cache) {
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
	free(s->cache);
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

/* ---- futility of a drop ---- */

/* After the drop of a pt (the attacker to move): plays the checker's
 * capture cap, gives pt back to the defender, and asks whether the defender
 * is still in check and mated -- at once (futile_mated, nesting depth + 1)
 * when sub is NULL, else within bound plies (futile_sub_mated).  pos is
 * restored. */
static bool mated_after_capture(Position *pos, Move cap, PieceType pt, FutileSub *sub, int bound, FutileMemo *memo,
                                int depth)
{
	Color att = pos->side, def = color_flip(att);
	pos_do_move(pos, cap);
	int a = hand_count(pos->hand[att], pt), b = hand_count(pos->hand[def], pt);
	pos_set_hand(pos, att, pt, a - 1);
	pos_set_hand(pos, def, pt, b + 1);
	bool mated = pos_in_check(pos) && (sub ? futile_sub_mated(sub, pos, bound) : futile_mated(pos, memo, depth + 1));
	pos_set_hand(pos, def, pt, b);
	pos_set_hand(pos, att, pt, a);
	pos_undo_move(pos, cap);
	return mated;
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
static bool is_drop(Position *pos, Move m, const Futility *f, FutileMemo *memo, int depth, int bound)
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
			*slot = (int8_t)mated_after_capture(pos, cap, pt, NULL, 0, memo, depth);
		futile = *slot == 1;
		if (!futile && f->sub && depth == 0 && bound >= 2 && f->answered) {
			if (other < 0)
				other = has_other_answer(pos, m);
			if (!other)
				bound = 0; /* every answer a drop: the narrow test only */
		}
		if (!futile && f->sub && depth == 0 && bound >= 2) {
			/* still mated within bound plies? (memo->b: the broad rule's
			 * any-length verdicts only; the bounded one asks each time,
			 * its sub-search cache remembers) */
			if (f->bounded) {
				futile = mated_after_capture(pos, cap, pt, f->sub, bound, memo, depth);
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
	return is_drop(pos, m, f, memo, depth, f->bounded ? 0 : POS_MAX_PLY);
}

bool futile_drop_within(Position *pos, Move m, const Futility *f, int bound)
{
	FutileMemo memo;
	futile_memo_reset(&memo);
	return is_drop(pos, m, f, &memo, 0, f->bounded ? bound : POS_MAX_PLY);
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
	Futility f = {true, sub, false, rule == DFPN_FUTILE_ANSWERED};
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
