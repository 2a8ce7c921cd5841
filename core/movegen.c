/* movegen.c -- legal move generation (see movegen.h). */
#include "movegen.h"

typedef struct {
	const Position *pos;
	MoveList *list;
	Color us, them;
	bb_t own, occ;
	Square ksq;  /* our king, SQ_NONE if none */
	bb_t pinned; /* our pieces pinned to our king */
} Gen;

static void gen_setup(Gen *g, const Position *pos, MoveList *list)
{
	g->pos = pos;
	g->list = list;
	g->us = pos->side;
	g->them = color_flip(pos->side);
	g->own = pos->by_color[g->us];
	g->occ = pos->occ;
	g->ksq = pos->king[g->us];
	g->pinned = bb_and(pos_slider_blockers(pos, g->them, g->ksq), g->own);
	list->n = 0;
}

static inline void push(Gen *g, Move m) { g->list->moves[g->list->n++] = m; }

/* A piece that could never move again from `to` must promote there. */
static inline bool must_promote(Color c, PieceType pt, Square to)
{
	int r = sq_rel_rank(c, to);
	return (pt == PAWN || pt == LANCE) ? r == 1 : pt == KNIGHT ? r <= 2 : false;
}

/* Squares where a drop of pt by c is allowed, before nifu and uchifuzume. */
static inline bb_t drop_rank_mask(Color c, PieceType pt)
{
	int last = c == SENTE ? 1 : 9, second = c == SENTE ? 2 : 8;
	if (pt == PAWN || pt == LANCE)
		return bb_not(bb_rank(last));
	if (pt == KNIGHT)
		return bb_not(bb_or(bb_rank(last), bb_rank(second)));
	return bb_full();
}

/* Files holding an unpromoted pawn of c (where a pawn drop would be nifu). */
static inline bb_t nifu_mask(const Position *pos, Color c)
{
	/* per file (9 bits): its low 8 bits plus 0xff carry into its ninth
	 * iff one is set (510 at most: no further), the ninth then marks the
	 * file, and a multiply by 0x1ff fills each file marked */
	const uint64_t low0 = 0x3fdfeff7fbfdfeffULL, top0 = 0x4020100804020100ULL; /* files 1-7 */
	const uint64_t low1 = 0x1feffULL, top1 = 0x20100ULL;                       /* files 8, 9 */
	bb_t pawns = pos_pieces(pos, c, PAWN);
	uint64_t f0 = ((((pawns.p[0] & low0) + low0) | pawns.p[0]) & top0) >> 8;
	uint64_t f1 = ((((pawns.p[1] & low1) + low1) | pawns.p[1]) & top1) >> 8;
	return bb_make(f0 * 0x1ff, f1 * 0x1ff);
}

/* The square where a pawn of c gives check to a king on ksq, or SQ_NONE. */
static inline Square pawn_check_square(Color c, Square ksq)
{
	if (ksq == SQ_NONE)
		return SQ_NONE;
	if (c == SENTE)
		return sq_rank(ksq) < 9 ? ksq + 1 : SQ_NONE;
	return sq_rank(ksq) > 1 ? ksq - 1 : SQ_NONE;
}

/* Pushes the moves of the piece on `from` to every square of to_bb, with
 * promotion and non-promotion as the rules allow. */
static void emit_piece_moves(Gen *g, Square from, Piece p, bb_t to_bb)
{
	PieceType pt = piece_type(p);
	bool promotable = pt_can_promote(pt);
	bool from_zone = sq_in_zone(g->us, from);
	while (bb_any(to_bb)) {
		Square to = bb_pop(&to_bb);
		Piece cap = g->pos->board[to];
		if (promotable && (from_zone || sq_in_zone(g->us, to))) {
			push(g, move_make(from, to, p, cap, true));
			if (!must_promote(g->us, pt, to))
				push(g, move_make(from, to, p, cap, false));
		} else {
			push(g, move_make(from, to, p, cap, false));
		}
	}
}

/* Moves of the pieces of ours on `pieces` (no king) to squares of target. */
static void gen_moves_of(Gen *g, bb_t pieces, bb_t target)
{
	const Position *pos = g->pos;
	while (bb_any(pieces)) {
		Square from = bb_pop(&pieces);
		Piece p = pos->board[from];
		bb_t to_bb = bb_and(bb_piece_attacks(g->us, piece_type(p), from, g->occ), target);
		if (bb_test(g->pinned, from))
			to_bb = bb_and(to_bb, bb_line(g->ksq, from));
		emit_piece_moves(g, from, p, to_bb);
	}
}

/* Moves of every non-king piece of ours to squares of target. */
static void gen_piece_moves(Gen *g, bb_t target) { gen_moves_of(g, bb_andnot(g->own, g->pos->by_type[KING]), target); }

/* gen_piece_moves for a target of a few squares (an evasion's capture or
 * interposition squares): the pieces reaching them found from the squares
 * (pos_attackers_to), not from each piece's attacks; the same moves in the
 * same order (by from square, then to square). */
static void gen_movers_to(Gen *g, bb_t target)
{
	bb_t movers = bb_empty(), t = target;
	while (bb_any(t))
		movers = bb_or(movers, pos_attackers_to(g->pos, g->us, bb_pop(&t), g->occ));
	gen_moves_of(g, bb_andnot(movers, g->pos->by_type[KING]), target);
}

static void gen_king_moves(Gen *g, bb_t target)
{
	if (g->ksq == SQ_NONE)
		return;
	bb_t occ = bb_andnot(g->occ, bb_square(g->ksq));
	bb_t to_bb = bb_and(bb_step_attacks(g->us, KING, g->ksq), target);
	if (bb_is_empty(to_bb))
		return;
	to_bb = bb_andnot(to_bb, pos_attacked_near(g->pos, g->them, g->ksq, to_bb, occ));
	Piece k = g->pos->board[g->ksq];
	while (bb_any(to_bb)) {
		Square to = bb_pop(&to_bb);
		push(g, move_make(g->ksq, to, k, g->pos->board[to], false));
	}
}

/* Drops of every piece type in hand onto empty squares of target[pt]
 * (target[pt] already excludes occupied squares). */
static void gen_drops_to(Gen *g, const bb_t target[HAND_PT_NB])
{
	const Position *pos = g->pos;
	Hand h = pos->hand[g->us];
	if (!h)
		return;
	for (int pt = PAWN; pt <= GOLD; pt++) {
		if (!hand_has(h, (PieceType)pt))
			continue;
		bb_t to_bb = bb_and(target[pt], drop_rank_mask(g->us, (PieceType)pt));
		Square uchi = SQ_NONE;
		if (pt == PAWN) {
			to_bb = bb_andnot(to_bb, nifu_mask(pos, g->us));
			uchi = pawn_check_square(g->us, pos->king[g->them]);
		}
		while (bb_any(to_bb)) {
			Square to = bb_pop(&to_bb);
			if (to == uchi && gen_pawn_drop_mates(pos, to))
				continue;
			push(g, move_make_drop((PieceType)pt, to, g->us));
		}
	}
}

static void gen_drops(Gen *g, bb_t target)
{
	bb_t t[HAND_PT_NB];
	for (int pt = 0; pt < HAND_PT_NB; pt++)
		t[pt] = target;
	gen_drops_to(g, t);
}

bool gen_pawn_drop_mates(const Position *pos, Square sq)
{
	Color us = pos->side, them = color_flip(us);
	Square eksq = pos->king[them];
	bb_t occ = bb_or(pos->occ, bb_square(sq));
	/* 1. Can a defender piece other than the king capture the pawn?  A pinned
	 * piece may, only along its pin line.  The dropped pawn can only unpin a
	 * piece on the file through the king, which then captures along that line. */
	bb_t capturers = bb_andnot(pos_attackers_to(pos, them, sq, occ), bb_square(eksq));
	if (bb_any(capturers)) {
		bb_t pinned = bb_and(pos_slider_blockers(pos, us, eksq), pos->by_color[them]);
		while (bb_any(capturers)) {
			Square from = bb_pop(&capturers);
			if (!bb_test(pinned, from) || bb_aligned(eksq, from, sq))
				return false;
		}
	}
	/* 2. Can the king step to a safe square (capturing the pawn included)?
	 * The pawn stays in the occupancy: it may block one of our own lines. */
	bb_t kocc = bb_andnot(occ, bb_square(eksq));
	bb_t escapes = bb_andnot(bb_step_attacks(them, KING, eksq), pos->by_color[them]);
	return bb_is_empty(bb_andnot(escapes, pos_attacked_near(pos, us, eksq, escapes, kocc)));
}

int gen_evasions(const Position *pos, MoveList *list)
{
	Gen g;
	gen_setup(&g, pos, list);
	bb_t checkers = pos_checkers(pos);
	gen_king_moves(&g, bb_not(g.own));
	if (bb_more_than_one(checkers))
		return list->n;
	Square csq = bb_lsb(checkers);
	bb_t between = bb_between(g.ksq, csq);
	gen_movers_to(&g, bb_or(between, bb_square(csq)));
	gen_drops(&g, between);
	return list->n;
}

int gen_legal(const Position *pos, MoveList *list)
{
	if (pos_in_check(pos))
		return gen_evasions(pos, list);
	Gen g;
	gen_setup(&g, pos, list);
	bb_t target = bb_not(g.own);
	gen_piece_moves(&g, target);
	gen_king_moves(&g, target);
	gen_drops(&g, bb_not(g.occ));
	return list->n;
}

bool gen_has_legal(const Position *pos)
{
	MoveList list;
	return gen_legal(pos, &list) > 0;
}

/* gen_checks' moves of the pieces of type pt (not the king): direct checks,
 * and any move of a piece uncovering one (dc) off its line.  always_inline
 * with a constant pt at each call: the attack lookups and the promotion
 * rules fold to those of the type. */
static inline __attribute__((always_inline)) void gen_checks_of(Gen *g, const PieceType pt, Square eksq, bb_t target,
                                                                bb_t dc)
{
	const Position *pos = g->pos;
	Color us = g->us, them = g->them;
	/* (a piece neither near enough to check nor uncovering one makes
	 * none: check_from) */
	bb_t pieces = bb_and(pos_pieces(pos, us, pt), bb_or(bb_tables->check_from[us][pt][eksq], dc));
	if (bb_is_empty(pieces))
		return;
	const bool promotable = pt_can_promote(pt);
	/* squares from which a piece of ours of this type (or promoted)
	 * would attack the enemy king */
	bb_t chk = bb_piece_attacks(them, pt, eksq, g->occ);
	bb_t chkp = promotable ? bb_piece_attacks(them, pt_promote(pt), eksq, g->occ) : bb_empty();
	while (bb_any(pieces)) {
		Square from = bb_pop(&pieces);
		bool disc = bb_test(dc, from);
		bb_t to_bb = bb_and(bb_piece_attacks(us, pt, from, g->occ), target);
		if (!disc)
			to_bb = bb_and(to_bb, bb_or(chk, chkp));
		if (bb_test(g->pinned, from))
			to_bb = bb_and(to_bb, bb_line(g->ksq, from));
		Piece p = pos->board[from];
		bool from_zone = sq_in_zone(us, from);
		while (bb_any(to_bb)) {
			Square to = bb_pop(&to_bb);
			Piece cap = pos->board[to];
			bool d = disc && !bb_aligned(eksq, from, to);
			bool can_p = promotable && (from_zone || sq_in_zone(us, to));
			if (can_p && (d || bb_test(chkp, to)))
				push(g, move_make(from, to, p, cap, true));
			if (!(can_p && must_promote(us, pt, to)) && (d || bb_test(chk, to)))
				push(g, move_make(from, to, p, cap, false));
		}
	}
}

int gen_checks(const Position *pos, MoveList *list)
{
	list->n = 0;
	Color us = pos->side, them = color_flip(us);
	Square eksq = pos->king[them];
	if (eksq == SQ_NONE)
		return 0;
	if (pos_in_check(pos)) {
		MoveList ev;
		gen_evasions(pos, &ev);
		for (int i = 0; i < ev.n; i++)
			if (pos_gives_check(pos, ev.moves[i]))
				list->moves[list->n++] = ev.moves[i];
		return list->n;
	}
	Gen g;
	gen_setup(&g, pos, list);
	bb_t target = bb_not(g.own);
	bb_t dc = bb_and(pos_slider_blockers(pos, us, eksq), g.own);

	/* by type, PAWN to DRAGON but the king, each with its type a constant */
	gen_checks_of(&g, PAWN, eksq, target, dc);
	gen_checks_of(&g, LANCE, eksq, target, dc);
	gen_checks_of(&g, KNIGHT, eksq, target, dc);
	gen_checks_of(&g, SILVER, eksq, target, dc);
	gen_checks_of(&g, BISHOP, eksq, target, dc);
	gen_checks_of(&g, ROOK, eksq, target, dc);
	gen_checks_of(&g, GOLD, eksq, target, dc);
	gen_checks_of(&g, PRO_PAWN, eksq, target, dc);
	gen_checks_of(&g, PRO_LANCE, eksq, target, dc);
	gen_checks_of(&g, PRO_KNIGHT, eksq, target, dc);
	gen_checks_of(&g, PRO_SILVER, eksq, target, dc);
	gen_checks_of(&g, HORSE, eksq, target, dc);
	gen_checks_of(&g, DRAGON, eksq, target, dc);
	/* our king can only give a discovered check */
	if (g.ksq != SQ_NONE && bb_test(dc, g.ksq)) {
		bb_t off_line = bb_andnot(target, bb_line(eksq, g.ksq));
		gen_king_moves(&g, off_line);
	}
	/* drops onto empty check squares */
	Hand h = pos->hand[us];
	if (!h)
		return list->n;
	bb_t empty = bb_not(g.occ);
	bb_t t[HAND_PT_NB];
	t[0] = bb_empty();
	for (int pt = PAWN; pt <= GOLD; pt++)
		t[pt] = hand_has(h, (PieceType)pt) ? bb_and(bb_piece_attacks(them, (PieceType)pt, eksq, g.occ), empty)
		                                   : bb_empty();
	gen_drops_to(&g, t);
	return list->n;
}

bool gen_is_legal(const Position *pos, Move m)
{
	Color us = pos->side, them = color_flip(us);
	Square to = move_to(m), ksq = pos->king[us];
	if (to >= SQ_NB)
		return false;
	bb_t checkers = pos_checkers(pos);
	if (move_is_drop(m)) {
		PieceType pt = move_drop_pt(m);
		if (pt < PAWN || pt > GOLD || move_is_promote(m) || !hand_has(pos->hand[us], pt) || pos->board[to])
			return false;
		if (!bb_test(drop_rank_mask(us, pt), to))
			return false;
		if (bb_any(checkers) && (bb_more_than_one(checkers) || !bb_test(bb_between(ksq, bb_lsb(checkers)), to)))
			return false;
		if (pt == PAWN) {
			if (bb_test(nifu_mask(pos, us), to))
				return false;
			if (to == pawn_check_square(us, pos->king[them]) && gen_pawn_drop_mates(pos, to))
				return false;
		}
		return true;
	}
	Square from = move_from(m);
	if (from >= SQ_NB)
		return false;
	Piece p = pos->board[from];
	if (!p || piece_color(p) != us || (move_piece(m) && move_piece(m) != p))
		return false;
	Piece cap = pos->board[to];
	if (cap && piece_color(cap) == us)
		return false;
	PieceType pt = piece_type(p);
	if (!bb_test(bb_piece_attacks(us, pt, from, pos->occ), to))
		return false;
	if (move_is_promote(m)) {
		if (!pt_can_promote(pt) || !(sq_in_zone(us, from) || sq_in_zone(us, to)))
			return false;
	} else if (must_promote(us, pt, to)) {
		return false;
	}
	if (pt == KING)
		return !pos_attacked(pos, them, to, bb_andnot(pos->occ, bb_square(from)));
	if (bb_any(checkers)) {
		if (bb_more_than_one(checkers))
			return false;
		Square csq = bb_lsb(checkers);
		if (to != csq && !bb_test(bb_between(ksq, csq), to))
			return false;
	}
	bb_t pinned = bb_and(pos_slider_blockers(pos, them, ksq), pos->by_color[us]);
	return !bb_test(pinned, from) || bb_aligned(ksq, from, to);
}

bool gen_find_legal(const Position *pos, Move m, Move *out)
{
	if (!move_is_drop(m) && move_from(m) < SQ_NB)
		m = (m & ~(0x3ffu << 16)) | ((Move)pos->board[move_from(m)] << 16);
	if (!gen_is_legal(pos, m))
		return false;
	if (out) {
		if (move_is_drop(m))
			*out = move_make_drop(move_drop_pt(m), move_to(m), pos->side);
		else
			*out = move_make(move_from(m), move_to(m), pos->board[move_from(m)], pos->board[move_to(m)],
			                 move_is_promote(m));
	}
	return true;
}
