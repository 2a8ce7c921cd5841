/* position.c -- board state, do/undo, attack queries (see position.h). */
#include "position.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

/* Zobrist tables: filled once by core_init(), read-only afterwards. */
static uint64_t zob_psq[PIECE_NB][SQ_NB];
static uint64_t zob_hand[COLOR_NB][HAND_PT_NB];
static uint64_t zob_side;

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void core_init(void)
{
	static bool done;
	if (done)
		return;
	bb_init();
	uint64_t seed = 0x7473756d65ULL; /* "tsume" */
	for (int p = 0; p < PIECE_NB; p++)
		for (int sq = 0; sq < SQ_NB; sq++)
			zob_psq[p][sq] = splitmix64(&seed);
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = 0; pt < HAND_PT_NB; pt++)
			zob_hand[c][pt] = splitmix64(&seed);
	zob_side = splitmix64(&seed);
	done = true;
}

uint64_t pos_zobrist_hand(Color c, PieceType pt) { return zob_hand[c][pt]; }

void pos_copy(Position *dst, const Position *src)
{
	memcpy(dst, src, offsetof(Position, st) + sizeof(PosState) * (size_t)(src->ply + 1));
}

void pos_clear(Position *pos)
{
	memset(pos->board, 0, sizeof pos->board);
	for (int c = 0; c < COLOR_NB; c++) {
		pos->by_color[c] = bb_empty();
		pos->hand[c] = 0;
		pos->king[c] = SQ_NONE;
	}
	for (int pt = 0; pt < PT_NB; pt++)
		pos->by_type[pt] = bb_empty();
	pos->occ = bb_empty();
	pos->side = SENTE;
	pos->ply = 0;
	pos->move_number = 1;
	memset(&pos->st[0], 0, sizeof pos->st[0]);
}

static inline void put_piece(Position *pos, Square sq, Piece p)
{
	pos->board[sq] = p;
	bb_t b = bb_tables->square[sq];
	pos->by_color[piece_color(p)] = bb_or(pos->by_color[piece_color(p)], b);
	pos->by_type[piece_type(p)] = bb_or(pos->by_type[piece_type(p)], b);
	pos->occ = bb_or(pos->occ, b);
}

static inline void remove_piece(Position *pos, Square sq)
{
	Piece p = pos->board[sq];
	pos->board[sq] = PIECE_NONE;
	bb_t b = bb_tables->square[sq];
	pos->by_color[piece_color(p)] = bb_xor(pos->by_color[piece_color(p)], b);
	pos->by_type[piece_type(p)] = bb_xor(pos->by_type[piece_type(p)], b);
	pos->occ = bb_xor(pos->occ, b);
}

void pos_put(Position *pos, Square sq, Piece p)
{
	put_piece(pos, sq, p);
	pos->st[pos->ply].board_key ^= zob_psq[p][sq];
	if (piece_type(p) == KING)
		pos->king[piece_color(p)] = sq;
}

void pos_set_hand(Position *pos, Color c, PieceType pt, int n)
{
	int old = hand_count(pos->hand[c], pt);
	pos->hand[c] = hand_set(pos->hand[c], pt, n);
	pos->st[pos->ply].hand_key += (uint64_t)(n - old) * zob_hand[c][pt];
}

static bb_t compute_checkers(const Position *pos)
{
	Square ksq = pos->king[pos->side];
	if (ksq == SQ_NONE)
		return bb_empty();
	return pos_attackers_to(pos, color_flip(pos->side), ksq, pos->occ);
}

void pos_finish_setup(Position *pos)
{
	PosState *st = &pos->st[pos->ply];
	st->board_key = 0;
	st->hand_key = 0;
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (pos->board[sq])
			st->board_key ^= zob_psq[pos->board[sq]][sq];
	if (pos->side == GOTE)
		st->board_key ^= zob_side;
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++)
			st->hand_key += (uint64_t)hand_count(pos->hand[c], (PieceType)pt) * zob_hand[c][pt];
	st->checkers = compute_checkers(pos);
	st->captured = PIECE_NONE;
}

/* Checkers of the side to move after move m by `us`, found from the move:
 * the moved (or dropped) piece itself, and sliders of ours uncovered on the
 * line through the king and the square the piece left.  (The side to move
 * was not in check before our move, so no other piece can check.) */
static bb_t move_checkers(const Position *pos, Move m, Color us)
{
	Color them = color_flip(us);
	Square ksq = pos->king[them];
	if (ksq == SQ_NONE)
		return bb_empty();
	Square to = move_to(m);
	bb_t checkers = bb_empty();
	if (bb_test(bb_piece_attacks(us, piece_type(pos->board[to]), to, pos->occ), ksq))
		checkers = bb_square(to);
	if (move_is_drop(m))
		return checkers;
	Square from = move_from(m);
	bb_t line = bb_line(ksq, from);
	if (bb_is_empty(line))
		return checkers;
	const bb_t *t = pos->by_type;
	bb_t own = pos->by_color[us];
	bb_t sliders;
	if (sq_file(ksq) == sq_file(from) || sq_rank(ksq) == sq_rank(from)) {
		sliders = bb_and(bb_rook_attacks(ksq, pos->occ), bb_or(t[ROOK], t[DRAGON]));
		sliders = bb_or(sliders, bb_and(bb_lance_attacks(them, ksq, pos->occ), t[LANCE]));
	} else {
		sliders = bb_and(bb_bishop_attacks(ksq, pos->occ), bb_or(t[BISHOP], t[HORSE]));
	}
	return bb_or(checkers, bb_and(bb_and(sliders, own), line));
}

void pos_do_move(Position *pos, Move m)
{
	assert(pos->ply < POS_MAX_PLY);
	const PosState *prev = &pos->st[pos->ply];
	PosState *st = &pos->st[pos->ply + 1];
	Color us = pos->side;
	Square to = move_to(m);
	uint64_t bk = prev->board_key ^ zob_side;
	uint64_t hk = prev->hand_key;
	Piece captured = PIECE_NONE;

	if (move_is_drop(m)) {
		PieceType pt = move_drop_pt(m);
		Piece p = piece_make(us, pt);
		put_piece(pos, to, p);
		bk ^= zob_psq[p][to];
		pos->hand[us] = hand_sub(pos->hand[us], pt);
		hk -= zob_hand[us][pt];
	} else {
		Square from = move_from(m);
		Piece p = pos->board[from];
		captured = pos->board[to];
		if (captured) {
			PieceType cpt = pt_unpromote(piece_type(captured));
			remove_piece(pos, to);
			bk ^= zob_psq[captured][to];
			assert(cpt != KING);
			pos->hand[us] = hand_add(pos->hand[us], cpt);
			hk += zob_hand[us][cpt];
		}
		remove_piece(pos, from);
		bk ^= zob_psq[p][from];
		Piece np = move_is_promote(m) ? (Piece)(p | PT_PROMOTE_BIT) : p;
		put_piece(pos, to, np);
		bk ^= zob_psq[np][to];
		if (piece_type(p) == KING)
			pos->king[us] = to;
	}
	pos->side = color_flip(us);
	pos->ply++;
	st->board_key = bk;
	st->hand_key = hk;
	st->captured = captured;
	st->checkers = move_checkers(pos, m, us);
	assert(pos_is_ok(pos));
}

void pos_undo_move(Position *pos, Move m)
{
	Color us = color_flip(pos->side);
	Square to = move_to(m);
	Piece captured = pos->st[pos->ply].captured;
	if (move_is_drop(m)) {
		remove_piece(pos, to);
		pos->hand[us] = hand_add(pos->hand[us], move_drop_pt(m));
	} else {
		Square from = move_from(m);
		Piece np = pos->board[to];
		Piece p = move_is_promote(m) ? (Piece)(np & ~PT_PROMOTE_BIT) : np;
		remove_piece(pos, to);
		put_piece(pos, from, p);
		if (piece_type(p) == KING)
			pos->king[us] = from;
		if (captured) {
			put_piece(pos, to, captured);
			pos->hand[us] = hand_sub(pos->hand[us], pt_unpromote(piece_type(captured)));
		}
	}
	pos->side = us;
	pos->ply--;
	assert(pos_is_ok(pos));
}

void pos_do_null(Position *pos)
{
	assert(pos->ply < POS_MAX_PLY && !pos_in_check(pos));
	PosState *st = &pos->st[pos->ply + 1];
	*st = pos->st[pos->ply];
	st->board_key ^= zob_side;
	st->captured = PIECE_NONE;
	pos->side = color_flip(pos->side);
	pos->ply++;
	st->checkers = compute_checkers(pos);
}

void pos_undo_null(Position *pos)
{
	pos->side = color_flip(pos->side);
	pos->ply--;
}

bb_t pos_attackers_to(const Position *pos, Color c, Square sq, bb_t occ)
{
	Color them = color_flip(c);
	const bb_t *t = pos->by_type;
	bb_t a = bb_and(bb_step_attacks(them, PAWN, sq), t[PAWN]);
	a = bb_or(a, bb_and(bb_step_attacks(them, KNIGHT, sq), t[KNIGHT]));
	a = bb_or(a, bb_and(bb_step_attacks(them, SILVER, sq), t[SILVER]));
	a = bb_or(a, bb_and(bb_step_attacks(them, GOLD, sq), pos_golds(pos)));
	a = bb_or(a, bb_and(bb_step_attacks(them, KING, sq), bb_or(bb_or(t[KING], t[HORSE]), t[DRAGON])));
	a = bb_and(a, pos->by_color[c]);
	/* each kind of slider looked up only when one of c's stands on a line
	 * through sq (empty-board attacks) */
	bb_t lances = bb_and(t[LANCE], pos->by_color[c]);
	if (bb_intersects(lances, bb_tables->ray[c == SENTE ? DIR_S : DIR_N][sq]))
		a = bb_or(a, bb_and(bb_lance_attacks(them, sq, occ), lances));
	bb_t bishops = bb_and(bb_or(t[BISHOP], t[HORSE]), pos->by_color[c]);
	if (bb_intersects(bishops, bb_tables->empty_attacks[1][sq]))
		a = bb_or(a, bb_and(bb_bishop_attacks(sq, occ), bishops));
	bb_t rooks = bb_and(bb_or(t[ROOK], t[DRAGON]), pos->by_color[c]);
	if (bb_intersects(rooks, bb_tables->empty_attacks[0][sq]))
		a = bb_or(a, bb_and(bb_rook_attacks(sq, occ), rooks));
	return a;
}

bool pos_attacked(const Position *pos, Color c, Square sq, bb_t occ)
{
	Color them = color_flip(c);
	const bb_t *t = pos->by_type;
	const bb_t own = pos->by_color[c];
	bb_t steps = bb_and(bb_step_attacks(them, PAWN, sq), t[PAWN]);
	steps = bb_or(steps, bb_and(bb_step_attacks(them, KNIGHT, sq), t[KNIGHT]));
	steps = bb_or(steps, bb_and(bb_step_attacks(them, SILVER, sq), t[SILVER]));
	steps = bb_or(steps, bb_and(bb_step_attacks(them, GOLD, sq), pos_golds(pos)));
	steps = bb_or(steps, bb_and(bb_step_attacks(them, KING, sq), bb_or(bb_or(t[KING], t[HORSE]), t[DRAGON])));
	if (bb_intersects(steps, own))
		return true;
	bb_t rooks = bb_and(bb_or(t[ROOK], t[DRAGON]), own);
	if (bb_any(rooks) && bb_intersects(bb_rook_attacks(sq, occ), rooks))
		return true;
	bb_t bishops = bb_and(bb_or(t[BISHOP], t[HORSE]), own);
	if (bb_any(bishops) && bb_intersects(bb_bishop_attacks(sq, occ), bishops))
		return true;
	bb_t lances = bb_and(t[LANCE], own);
	return bb_any(lances) && bb_intersects(bb_lance_attacks(them, sq, occ), lances);
}

bb_t pos_attacked_near(const Position *pos, Color c, Square center, bb_t squares, bb_t occ)
{
	const bb_t *t = pos->by_type;
	const bb_t own = pos->by_color[c];
	/* a step attacker of a square next to center stands within two files
	 * and three ranks of it (a knight); the sliders' step tables are empty */
	bb_t near = bb_and(own, bb_tables->near[center]), att = bb_empty();
	while (bb_any(near)) {
		Square from = bb_pop(&near);
		att = bb_or(att, bb_step_attacks(c, piece_type(pos->board[from]), from));
	}
	if (bb_is_empty(bb_andnot(squares, att)))
		return squares;
	/* the sliders on a line through one of the squares (near_lines) */
	const bb_t lines = bb_tables->near_lines[0][center], diagonals = bb_tables->near_lines[1][center];
	bb_t rooks = bb_and(bb_and(bb_or(t[ROOK], t[DRAGON]), own), lines);
	while (bb_any(rooks))
		att = bb_or(att, bb_rook_attacks(bb_pop(&rooks), occ));
	bb_t bishops = bb_and(bb_and(bb_or(t[BISHOP], t[HORSE]), own), diagonals);
	while (bb_any(bishops))
		att = bb_or(att, bb_bishop_attacks(bb_pop(&bishops), occ));
	bb_t lances = bb_and(bb_and(t[LANCE], own), lines);
	while (bb_any(lances))
		att = bb_or(att, bb_lance_attacks(c, bb_pop(&lances), occ));
	return bb_and(att, squares);
}

bb_t pos_slider_blockers(const Position *pos, Color slider_c, Square king_sq)
{
	bb_t blockers = bb_empty();
	if (king_sq == SQ_NONE)
		return blockers;
	const bb_t *t = pos->by_type;
	/* (the attacks on an empty board, from the tables) */
	bb_t snipers = bb_and(bb_tables->ray[slider_c == SENTE ? DIR_S : DIR_N][king_sq], t[LANCE]);
	snipers = bb_or(snipers, bb_and(bb_tables->empty_attacks[0][king_sq], bb_or(t[ROOK], t[DRAGON])));
	snipers = bb_or(snipers, bb_and(bb_tables->empty_attacks[1][king_sq], bb_or(t[BISHOP], t[HORSE])));
	snipers = bb_and(snipers, pos->by_color[slider_c]);
	while (bb_any(snipers)) {
		Square s = bb_pop(&snipers);
		bb_t b = bb_and(bb_between(king_sq, s), pos->occ);
		if (bb_any(b) && !bb_more_than_one(b))
			blockers = bb_or(blockers, b);
	}
	return blockers;
}

bool pos_gives_check(const Position *pos, Move m)
{
	Color us = pos->side;
	Square ksq = pos->king[color_flip(us)];
	if (ksq == SQ_NONE)
		return false;
	Square to = move_to(m);
	if (move_is_drop(m))
		return bb_test(bb_piece_attacks(us, move_drop_pt(m), to, pos->occ), ksq);
	Square from = move_from(m);
	bb_t occ = bb_or(bb_andnot(pos->occ, bb_square(from)), bb_square(to));
	PieceType pt = piece_type(move_piece_after(m));
	if (bb_test(bb_piece_attacks(us, pt, to, occ), ksq))
		return true;
	/* discovered: any other piece of ours now reaching the king */
	bb_t others = bb_andnot(pos_attackers_to(pos, us, ksq, occ), bb_or(bb_square(from), bb_square(to)));
	return bb_any(others);
}

uint64_t pos_board_key_after(const Position *pos, Move m)
{
	uint64_t k = pos_board_key(pos) ^ zob_side;
	Square to = move_to(m);
	if (move_is_drop(m))
		return k ^ zob_psq[piece_make(pos->side, move_drop_pt(m))][to];
	Square from = move_from(m);
	Piece p = pos->board[from], cap = pos->board[to];
	Piece np = move_is_promote(m) ? (Piece)(p | PT_PROMOTE_BIT) : p;
	k ^= zob_psq[p][from] ^ zob_psq[np][to];
	if (cap)
		k ^= zob_psq[cap][to];
	return k;
}

uint64_t pos_hand_key_after(const Position *pos, Move m)
{
	uint64_t hk = pos_hand_key(pos);
	Color us = pos->side;
	if (move_is_drop(m))
		return hk - zob_hand[us][move_drop_pt(m)];
	Piece cap = pos->board[move_to(m)];
	return cap ? hk + zob_hand[us][pt_unpromote(piece_type(cap))] : hk;
}

void pos_piece_totals(const Position *pos, int totals[9])
{
	for (int i = 0; i < 9; i++)
		totals[i] = 0;
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (pos->board[sq])
			totals[pt_unpromote(piece_type(pos->board[sq]))]++;
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++)
			totals[pt] += hand_count(pos->hand[c], (PieceType)pt);
}

int pos_missing_pieces(const Position *pos)
{
	int totals[9], missing = 0;
	pos_piece_totals(pos, totals);
	for (int pt = PAWN; pt <= GOLD; pt++)
		missing += PIECE_SET_COUNT[pt] - totals[pt];
	return missing;
}

void pos_give_missing(Position *pos, Color c)
{
	int totals[9];
	pos_piece_totals(pos, totals);
	for (int pt = PAWN; pt <= GOLD; pt++)
		pos_set_hand(pos, c, (PieceType)pt,
		             hand_count(pos->hand[c], (PieceType)pt) + PIECE_SET_COUNT[pt] - totals[pt]);
	pos_finish_setup(pos);
}

bool pos_is_ok(const Position *pos)
{
	bb_t by_color[COLOR_NB] = {bb_empty(), bb_empty()};
	bb_t by_type[PT_NB];
	for (int pt = 0; pt < PT_NB; pt++)
		by_type[pt] = bb_empty();
	uint64_t bk = pos->side == GOTE ? zob_side : 0, hk = 0;
	Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
	for (Square sq = 0; sq < SQ_NB; sq++) {
		Piece p = pos->board[sq];
		if (!p)
			continue;
		PieceType pt = piece_type(p);
		if (pt == PT_NONE || pt >= PT_NB || (pt == GOLD + 8) || (pt == KING + 8))
			return false;
		bb_set(&by_color[piece_color(p)], sq);
		bb_set(&by_type[pt], sq);
		bk ^= zob_psq[p][sq];
		if (pt == KING) {
			if (king[piece_color(p)] != SQ_NONE)
				return false;
			king[piece_color(p)] = sq;
		}
	}
	for (int c = 0; c < COLOR_NB; c++) {
		if (!bb_eq(by_color[c], pos->by_color[c]) || king[c] != pos->king[c])
			return false;
		if (pos->hand[c] & HAND_BORROW_MASK)
			return false;
		for (int pt = PAWN; pt <= GOLD; pt++)
			hk += (uint64_t)hand_count(pos->hand[c], (PieceType)pt) * zob_hand[c][pt];
	}
	for (int pt = 0; pt < PT_NB; pt++)
		if (!bb_eq(by_type[pt], pos->by_type[pt]))
			return false;
	if (!bb_eq(pos->occ, bb_or(by_color[0], by_color[1])))
		return false;
	const PosState *st = &pos->st[pos->ply];
	if (st->board_key != bk || st->hand_key != hk)
		return false;
	return bb_eq(st->checkers, compute_checkers(pos));
}
