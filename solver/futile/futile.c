/* futile.c -- futile interpositions (see futile.h). */
#include "futile.h"

#include <stdlib.h>
#include <string.h>

/* Plays the checker's capture cap of the dropped pt and gives pt back to
 * the defender (pos: after the drop, the attacker to move; then the
 * defender to move, the hands as before the drop). */
void futile_capture(Position *pos, Move cap, PieceType pt)
{
	Color att = pos->side, def = color_flip(att);
	pos_do_move(pos, cap);
	pos_set_hand(pos, att, pt, hand_count(pos->hand[att], pt) - 1);
	pos_set_hand(pos, def, pt, hand_count(pos->hand[def], pt) + 1);
}

/* Undoes futile_capture. */
void futile_undo_capture(Position *pos, Move cap, PieceType pt)
{
	Color def = pos->side, att = color_flip(def);
	pos_set_hand(pos, def, pt, hand_count(pos->hand[def], pt) - 1);
	pos_set_hand(pos, att, pt, hand_count(pos->hand[att], pt) + 1);
	pos_undo_move(pos, cap);
}

/* ---- futility of a drop ---- */

bool futile_narrow_taken(Position *pos, Move drop, Move cap, PieceType pt, FutileSub *s, FutileMemo *memo, int depth)
{
	(void)drop;
	(void)s;
	futile_capture(pos, cap, pt);
	bool mated = pos_in_check(pos) && futile_mated(pos, memo, depth + 1);
	futile_undo_capture(pos, cap, pt);
	return mated;
}

const FutileRule FUTILE_NONE = {.id = DFPN_FUTILE_NONE, .cheap = &FUTILE_NONE},
                 FUTILE_NARROW = {.id = DFPN_FUTILE_NARROW, .taken = futile_narrow_taken, .cheap = &FUTILE_NARROW};

/* Is the defender's evasion m (the defender to move, in check) a futile
 * drop under r (its searches' state s)?  At depth 0 a drop r->taken does
 * not find futile goes to r->searched with hint and top (futile_judge_drop;
 * FUTILE_UNJUDGED from futile_is_drop). */
static bool is_drop(Position *pos, Move m, const FutileRule *r, FutileSub *s, FutileMemo *memo, int depth, int hint,
                    int top)
{
	if (!r->taken || !move_is_drop(m) || depth > FUTILE_MAX_DEPTH || pos->ply + 3 > POS_MAX_PLY)
		return false;
	bb_t checkers = pos_checkers(pos);
	if (bb_more_than_one(checkers))
		return false;
	Square csq = bb_lsb(checkers), to = move_to(m);
	PieceType pt = move_drop_pt(m);
	Piece checker = pos->board[csq];
	bool futile = false;
	pos_do_move(pos, m);
	for (int promote = 0; promote <= 1 && !futile; promote++) {
		Move cap = move_make(csq, to, checker, pos->board[to], promote);
		if (!gen_is_legal(pos, cap))
			continue;
		PieceType after = promote ? pt_promote(piece_type(checker)) : piece_type(checker);
		int8_t *slot = &memo->v[to][after];
		if (*slot < 0)
			*slot = (int8_t)r->taken(pos, m, cap, pt, s, memo, depth);
		futile = *slot == 1;
		if (!futile && depth == 0 && r->searched)
			futile = r->searched(pos, m, cap, pt, s, memo, hint, top);
	}
	pos_undo_move(pos, m);
	return futile;
}

bool futile_is_drop(Position *pos, Move m, const FutileRule *r, FutileSub *s, FutileMemo *memo, int depth)
{
	return is_drop(pos, m, r, s, memo, depth, FUTILE_UNJUDGED, POS_MAX_PLY);
}

bool futile_judge_drop(Position *pos, Move m, const FutileRule *r, FutileSub *s, int hint, int top)
{
	FutileMemo memo;
	futile_memo_reset(&memo);
	return is_drop(pos, m, r, s, &memo, 0, hint, top);
}

/* noinline (also futile_count_real_evasions): their move lists and futile
 * arrays must not join the frame of the recursive search that calls them. */
__attribute__((noinline)) int futile_mark(Position *pos, const MoveList *list, bool *futile, const FutileRule *r,
                                          FutileSub *s)
{
	int real = 0;
	bool any_drop = false;
	for (int i = 0; i < list->n && r->taken; i++)
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
			if (any_drop && futile_is_drop(pos, m, r, s, &memo, 0)) {
				bb_set(&futile_squares, to);
				futile[i] = true;
				continue;
			}
		}
		real++;
	}
	return real;
}

__attribute__((noinline)) int futile_count_real_evasions(Position *pos, int *total, const FutileRule *r, FutileSub *s)
{
	MoveList ev;
	bool futile[MAX_MOVES];
	gen_evasions(pos, &ev);
	*total = ev.n;
	return futile_mark(pos, &ev, futile, r, s);
}

/* Cheap tests first: a safe king step, a capture of the checker, an
 * interposition by a move (in shogi every piece moves where it attacks); only
 * drops need the full futility analysis.  memo: the caller's, shared with
 * the nested tests at depth (futile_mated), or NULL: one of its own, made on
 * first need, at depth 0.  static inline: futile_mate1 runs it after every
 * check (a call there cost 0.4 % of the search's instructions). */
static inline __attribute__((always_inline)) bool real_evasion(Position *pos, const FutileRule *r, FutileSub *s,
                                                               FutileMemo *memo, int depth)
{
	Color def = pos->side, att = color_flip(def);
	Square ksq = pos->king[def];
	bb_t checkers = pos_checkers(pos);
	bb_t occ_noking = bb_andnot(pos->occ, bb_square(ksq));
	bb_t esc = bb_andnot(bb_step_attacks(def, KING, ksq), pos->by_color[def]);
	if (bb_any(esc) && !bb_eq(pos_attacked_near(pos, att, ksq, esc, occ_noking), esc))
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
			if (!r->taken)
				return true;
			if (!memo) {
				futile_memo_reset(&own);
				memo = &own;
			}
			if (!futile_is_drop(pos, m, r, s, memo, depth))
				return true;
			break; /* every other drop here is futile too */
		}
	}
	return false;
}

static inline __attribute__((always_inline)) bool has_real_evasion(Position *pos, const FutileRule *r, FutileSub *s)
{
	return real_evasion(pos, r, s, NULL, 0);
}

bool futile_has_real_evasion(Position *pos, const FutileRule *r, FutileSub *s) { return has_real_evasion(pos, r, s); }

/* Every evasion futile = no real one under the narrow test: the same
 * answer as looking at each generated evasion (a drop's futility depends
 * on its square alone, futile.h), found with the cheap tests first. */
bool futile_mated(Position *pos, FutileMemo *memo, int depth)
{
	return !real_evasion(pos, &FUTILE_NARROW, NULL, memo, depth);
}

bool futile_is_mated(Position *pos, const FutileRule *r, FutileSub *s)
{
	/* without a rule no evasion is futile: no real one = none at all */
	return pos_in_check(pos) && !has_real_evasion(pos, r, s);
}

/* The defender's free escapes (the attacker to move; the defender's king
 * on ksq, occ_noking the occupancy without it): the king's step squares
 * that hold no defender piece and that no attacker piece reaches. */
static bb_t free_escapes(const Position *pos, Square ksq, bb_t occ_noking)
{
	Color att = pos->side, def = color_flip(att);
	bb_t esc = bb_andnot(bb_step_attacks(def, KING, ksq), pos->by_color[def]);
	return bb_any(esc) ? bb_andnot(esc, pos_attacked_near(pos, att, ksq, esc, occ_noking)) : esc;
}

/* Does one of the free escapes stay free after the check m?  The move
 * changes the attacks on a square only where its piece arrives (to, and
 * what the piece reaches from there) and along the lines through the
 * square it leaves; an occupied to only blocks.  So an escape off those
 * squares stays free, and the king steps there: m does not mate.  occ:
 * the occupancy without the defender's king (a check along a line also
 * reaches the squares behind the king). */
static bool escape_survives(Move m, bb_t free, bb_t occ)
{
	Square to = move_to(m);
	Piece p = move_piece_after(m);
	free = bb_andnot(free, bb_square(to));
	if (!move_is_drop(m)) {
		Square from = move_from(m);
		occ = bb_andnot(occ, bb_square(from));
		free = bb_andnot(free, bb_tables->star[from]);
	}
	if (bb_is_empty(free))
		return false;
	bb_set(&occ, to);
	return bb_any(bb_andnot(free, bb_piece_attacks(piece_color(p), piece_type(p), to, occ)));
}

Move futile_mate1(Position *pos, int *nchecks, const FutileRule *r, FutileSub *s)
{
	MoveList checks;
	gen_checks(pos, &checks);
	*nchecks = checks.n;
	Square ksq = pos->king[color_flip(pos->side)];
	bb_t occ_noking = bb_andnot(pos->occ, bb_tables->square[ksq]); /* square[SQ_NONE] is empty */
	bb_t free = checks.n > 0 && ksq != SQ_NONE ? free_escapes(pos, ksq, occ_noking) : bb_empty();
	for (int i = 0; i < checks.n; i++) {
		Move m = checks.moves[i];
		if (bb_any(free) && escape_survives(m, free, occ_noking))
			continue;
		pos_do_move(pos, m);
		bool escape = has_real_evasion(pos, r, s);
		pos_undo_move(pos, m);
		if (!escape)
			return m;
	}
	return MOVE_NONE;
}
