/* bitboard.c -- attack tables (see bitboard.h). */
#include "bitboard.h"

#include <stddef.h>
#include <stdlib.h>

static BbTables tables;
const BbTables *const bb_tables = &tables;

/* Space for every line's attacks: at most 7 inner squares, 128 entries. */
static bb_t line_attack_store[BB_LINE_NB * SQ_NB * 128];

/* N, S, E, W, NE, SW, NW, SE */
static const int DIR_DFILE[DIR_NB] = {0, 0, -1, 1, -1, 1, 1, -1};
static const int DIR_DRANK[DIR_NB] = {-1, 1, 0, 0, -1, 1, -1, 1};

static bool on_board(int file, int rank) { return file >= 1 && file <= 9 && rank >= 1 && rank <= 9; }

/* Step offsets (dfile, drank) for sente; gote mirrors drank. */
typedef struct {
	int n;
	int d[8][2];
} Steps;

static const Steps STEPS_PAWN = {1, {{0, -1}}};
static const Steps STEPS_KNIGHT = {2, {{-1, -2}, {1, -2}}};
static const Steps STEPS_SILVER = {5, {{0, -1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};
static const Steps STEPS_GOLD = {6, {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}};
static const Steps STEPS_KING = {8, {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}}};

static bb_t steps_from(const Steps *s, Color c, Square sq)
{
	bb_t b = bb_empty();
	int f = sq_file(sq), r = sq_rank(sq);
	for (int i = 0; i < s->n; i++) {
		int nf = f + s->d[i][0];
		int nr = r + (c == SENTE ? s->d[i][1] : -s->d[i][1]);
		if (on_board(nf, nr))
			bb_set(&b, sq_make(nf, nr));
	}
	return b;
}

/* The squares a piece of colour c and type pt attacks from sq on an empty
 * board, into *out; false for the sliders other than the lance. */
static bool empty_board_attacks(Color c, PieceType pt, Square sq, bb_t *out)
{
	if (pt == LANCE) {
		*out = tables.ray[c == SENTE ? DIR_N : DIR_S][sq];
		return true;
	}
	if (pt == BISHOP || pt == ROOK || pt == HORSE || pt == DRAGON)
		return false;
	*out = tables.step[c][pt][sq];
	return true;
}

/* bb_tables->check_from[c][pt][ksq] (bitboard.h); them: c's opponent. */
static bb_t check_from(Color c, PieceType pt, Color them, Square ksq)
{
	bb_t targets, promoted = bb_empty(), reach;
	if (pt == KING || !empty_board_attacks(them, pt, ksq, &targets))
		return bb_full();
	if (pt_can_promote(pt) && !empty_board_attacks(them, pt_promote(pt), ksq, &promoted))
		return bb_full();
	targets = bb_or(targets, promoted);
	bb_t from_squares = bb_empty();
	for (Square from = 0; from < SQ_NB; from++)
		if (empty_board_attacks(c, pt, from, &reach) && bb_intersects(reach, targets))
			bb_set(&from_squares, from);
	return from_squares;
}

/* The two directions of each looked-up line, increasing index first. */
static const int LINE_DIRS[BB_LINE_NB][2] = {
    [BB_LINE_RANK] = {DIR_W, DIR_E},
    [BB_LINE_DIAG_NE] = {DIR_SW, DIR_NE},
    [BB_LINE_DIAG_NW] = {DIR_NW, DIR_SE},
};

/* The squares a slider on sq reaches in direction dir, the first blocker
 * included: the nearest blocker is the lowest square for a direction of
 * increasing index, the highest for a decreasing one. */
static bb_t ray_walk(int dir, bool increasing, Square sq, bb_t occ)
{
	bb_t a = tables.ray[dir][sq];
	bb_t b = bb_and(a, occ);
	if (bb_any(b))
		a = bb_andnot(a, tables.ray[dir][increasing ? bb_lsb(b) : bb_msb(b)]);
	return a;
}

/* The reference: walk both ways from sq to the first blocker. */
static bb_t line_walk(int line, Square sq, bb_t occ)
{
	return bb_or(ray_walk(LINE_DIRS[line][0], true, sq, occ), ray_walk(LINE_DIRS[line][1], false, sq, occ));
}

/* xorshift64*: a fixed sequence, so every run builds the same tables. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 2685821657736338717ULL;
}

/* Finds a multiplier for one line through sq and fills its attacks at
 * *store; returns the number of entries used. */
static size_t build_line(int line, Square sq, bb_t *store, uint64_t *seed)
{
	bb_t mask = bb_empty();
	for (int k = 0; k < 2; k++) {
		bb_t ray = tables.ray[LINE_DIRS[line][k]][sq];
		/* the last square of the ray (the farthest: the highest one of
		 * the increasing direction k = 0, the lowest of the other) is the
		 * line's end, never a blocker that matters */
		if (bb_any(ray))
			bb_clear(&ray, k == 0 ? bb_msb(ray) : bb_lsb(ray));
		mask = bb_or(mask, ray);
	}
	uint64_t merged_mask = mask.p[0] | mask.p[1];
	int bits = bb_count(mask);
	if (line == BB_LINE_RANK)
		bits = 7; /* sq's own bit, never set, keeps its place in the index */
	else if (bits == 0)
		bits = 1; /* a shift of 64 would be undefined */
	int n = 1 << bits;
	bb_t occ[128], att[128];
	int count = 0;
	uint64_t sub = 0;
	do { /* every subset of the inner squares */
		occ[count] = bb_make(sub & mask.p[0], sub & mask.p[1]);
		att[count] = line_walk(line, sq, occ[count]);
		count++;
		sub = (sub - merged_mask) & merged_mask;
	} while (sub != 0);
	BbMagic *m = &tables.magic[line][sq];
	m->mask[0] = mask.p[0];
	m->mask[1] = mask.p[1];
	m->shift = 64 - bits;
	m->attacks = store;
	/* A rank's inner squares, merged, are bits c + 9k (k = 0..6, file 8 at
	 * k = 0, files 2..7 at k = 1..6): the multiplier with bits 57 - c - 8k
	 * moves bit c + 9k to 57 + k, and every other product either overflows
	 * or lands below bit 57 without carries.  Other lines: sparse random
	 * candidates that spread the mask over the top bits. */
	uint64_t rank_magic = 0;
	if (line == BB_LINE_RANK) {
		int c = sq_rank(sq) - 1;
		for (int k = 0; k < 7; k++)
			rank_magic |= 1ULL << (57 - c - 8 * k);
	}
	for (;;) {
		uint64_t magic = rank_magic;
		if (magic == 0) {
			magic = next_random(seed) & next_random(seed) & next_random(seed);
			if (__builtin_popcountll((merged_mask * magic) >> m->shift) < bits - 1)
				continue;
		}
		bool filled[128] = {false};
		bool ok = true;
		for (int i = 0; i < count && ok; i++) {
			uint64_t merged = occ[i].p[0] | occ[i].p[1];
			size_t idx = (size_t)((merged * magic) >> m->shift);
			if (!filled[idx]) {
				filled[idx] = true;
				store[idx] = att[i];
			} else if (!bb_eq(store[idx], att[i])) {
				ok = false;
			}
		}
		if (ok) {
			m->magic = magic;
			return (size_t)n;
		}
		rank_magic = 0;
	}
}

static void build_sliders(void)
{
	for (int r0 = 0; r0 < 9; r0++) {
		for (int inner = 0; inner < 128; inner++) {
			uint16_t occ = (uint16_t)(inner << 1), pattern = 0;
			for (int r = r0 - 1; r >= 0; r--) {
				pattern |= (uint16_t)(1u << r);
				if (occ & (1u << r))
					break;
			}
			for (int r = r0 + 1; r < 9; r++) {
				pattern |= (uint16_t)(1u << r);
				if (occ & (1u << r))
					break;
			}
			tables.file_pattern[r0][inner] = pattern;
		}
	}
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	size_t used = 0;
	for (int line = 0; line < BB_LINE_NB; line++)
		for (Square sq = 0; sq < SQ_NB; sq++)
			used += build_line(line, sq, line_attack_store + used, &seed);
}

void bb_init(void)
{
	static bool done;
	if (done)
		return;
	for (Square sq = 0; sq < SQ_NB; sq++) {
		tables.square[sq] = bb_square(sq);
		for (int d = 0; d < DIR_NB; d++) {
			bb_t b = bb_empty();
			int f = sq_file(sq) + DIR_DFILE[d], r = sq_rank(sq) + DIR_DRANK[d];
			for (; on_board(f, r); f += DIR_DFILE[d], r += DIR_DRANK[d])
				bb_set(&b, sq_make(f, r));
			tables.ray[d][sq] = b;
		}
		for (int c = 0; c < COLOR_NB; c++) {
			bb_t gold = steps_from(&STEPS_GOLD, (Color)c, sq);
			bb_t king = steps_from(&STEPS_KING, (Color)c, sq);
			tables.step[c][PAWN][sq] = steps_from(&STEPS_PAWN, (Color)c, sq);
			tables.step[c][KNIGHT][sq] = steps_from(&STEPS_KNIGHT, (Color)c, sq);
			tables.step[c][SILVER][sq] = steps_from(&STEPS_SILVER, (Color)c, sq);
			tables.step[c][GOLD][sq] = gold;
			tables.step[c][KING][sq] = king;
			tables.step[c][PRO_PAWN][sq] = gold;
			tables.step[c][PRO_LANCE][sq] = gold;
			tables.step[c][PRO_KNIGHT][sq] = gold;
			tables.step[c][PRO_SILVER][sq] = gold;
			/* sliders: step part is empty except HORSE/DRAGON, whose full
			 * attacks are computed in bb_piece_attacks. */
			tables.step[c][HORSE][sq] = king;
			tables.step[c][DRAGON][sq] = king;
		}
	}
	tables.square[SQ_NONE] = bb_empty();
	for (Square sq = 0; sq < SQ_NB; sq++) {
		tables.empty_attacks[0][sq] = bb_or(bb_or(tables.ray[DIR_N][sq], tables.ray[DIR_S][sq]),
		                                    bb_or(tables.ray[DIR_E][sq], tables.ray[DIR_W][sq]));
		tables.empty_attacks[1][sq] = bb_or(bb_or(tables.ray[DIR_NE][sq], tables.ray[DIR_SW][sq]),
		                                    bb_or(tables.ray[DIR_NW][sq], tables.ray[DIR_SE][sq]));
	}
	for (Square sq = 0; sq < SQ_NB; sq++) {
		bb_t box = bb_or(tables.step[SENTE][KING][sq], bb_square(sq));
		tables.near_lines[0][sq] = tables.near_lines[1][sq] = box;
		while (bb_any(box)) {
			Square b = bb_pop(&box);
			tables.near_lines[0][sq] = bb_or(tables.near_lines[0][sq], tables.empty_attacks[0][b]);
			tables.near_lines[1][sq] = bb_or(tables.near_lines[1][sq], tables.empty_attacks[1][b]);
		}
	}
	for (Square sq = 0; sq < SQ_NB; sq++) {
		tables.near[sq] = bb_empty();
		for (Square s = 0; s < SQ_NB; s++)
			if (abs(sq_file(s) - sq_file(sq)) <= 2 && abs(sq_rank(s) - sq_rank(sq)) <= 3)
				bb_set(&tables.near[sq], s);
	}
	for (Square sq = 0; sq < SQ_NB; sq++)
		tables.file_base[sq] = (uint8_t)(sq - sq % 9 - (sq >= 63 ? 63 : 0));
	for (Square sq = 0; sq < SQ_NB; sq++) {
		tables.star[sq] = bb_square(sq);
		for (int d = 0; d < DIR_NB; d++)
			tables.star[sq] = bb_or(tables.star[sq], tables.ray[d][sq]);
	}
	for (Square a = 0; a < SQ_NB; a++) {
		for (int d = 0; d < DIR_NB; d++) {
			bb_t between = bb_empty();
			int f = sq_file(a) + DIR_DFILE[d], r = sq_rank(a) + DIR_DRANK[d];
			for (; on_board(f, r); f += DIR_DFILE[d], r += DIR_DRANK[d]) {
				Square b = sq_make(f, r);
				tables.between[a][b] = between;
				int opp = d ^ 1; /* directions come in opposite pairs */
				tables.line[a][b] = bb_or(bb_or(tables.ray[d][a], tables.ray[opp][a]), bb_square(a));
				bb_set(&between, b);
			}
		}
	}
	for (int i = 1; i <= 9; i++) {
		tables.file_mask[i] = bb_empty();
		tables.rank_mask[i] = bb_empty();
		for (int j = 1; j <= 9; j++) {
			bb_set(&tables.file_mask[i], sq_make(i, j));
			bb_set(&tables.rank_mask[i], sq_make(j, i));
		}
	}
	for (int c = 0; c < COLOR_NB; c++) {
		Color them = color_flip((Color)c);
		for (int pt = PAWN; pt < PT_NB; pt++)
			for (Square ksq = 0; ksq < SQ_NB; ksq++)
				tables.check_from[c][pt][ksq] = check_from(c, (PieceType)pt, them, ksq);
	}
	tables.zone[SENTE] = bb_or(bb_or(tables.rank_mask[1], tables.rank_mask[2]), tables.rank_mask[3]);
	tables.zone[GOTE] = bb_or(bb_or(tables.rank_mask[7], tables.rank_mask[8]), tables.rank_mask[9]);
	build_sliders();
	done = true;
}
