/*
 * bitboard.h -- 81-square bitboards and attack tables.
 *
 * bb_t holds two 64-bit words: p[0] bits 0..62 are squares 0..62 (files 1-7),
 * p[1] bits 0..17 are squares 63..80 (files 8-9).  Each file is 9 contiguous
 * bits, so a square's index grows with the rank inside a file and with the
 * file across files (see types.h).
 *
 * Slider attacks come from tables, one line at a time.  Along a file the
 * seven inner squares are contiguous bits, so they index a table of 9-bit
 * patterns directly.  Along a rank or a diagonal the inner squares (the
 * line's two end squares and sq itself excluded) are gathered into an index
 * by a multiply ("magic bitboards", Romstad et al.; with two words merged by
 * OR, which no two inner squares of one line share), and the index selects
 * the attacks.  The multipliers are found by bb_init() from a fixed seed and
 * checked against every occupancy, so the tables equal the ray walk
 * (bitboard.c's ray_walk, the reference that builds them).
 *
 * All tables are built once by bb_init() (called from core_init()) and are
 * read-only afterwards.
 */
#ifndef TSUME_BITBOARD_H
#define TSUME_BITBOARD_H

#include "types.h"

typedef struct {
	uint64_t p[2];
} bb_t;

#define BB_P0_MASK ((1ULL << 63) - 1)
#define BB_P1_MASK ((1ULL << 18) - 1)

static inline bb_t bb_make(uint64_t a, uint64_t b) { return (bb_t){{a, b}}; }
static inline bb_t bb_empty(void) { return (bb_t){{0, 0}}; }
static inline bb_t bb_full(void) { return (bb_t){{BB_P0_MASK, BB_P1_MASK}}; }
static inline bb_t bb_and(bb_t a, bb_t b) { return (bb_t){{a.p[0] & b.p[0], a.p[1] & b.p[1]}}; }
static inline bb_t bb_or(bb_t a, bb_t b) { return (bb_t){{a.p[0] | b.p[0], a.p[1] | b.p[1]}}; }
static inline bb_t bb_xor(bb_t a, bb_t b) { return (bb_t){{a.p[0] ^ b.p[0], a.p[1] ^ b.p[1]}}; }
static inline bb_t bb_andnot(bb_t a, bb_t b) { return (bb_t){{a.p[0] & ~b.p[0], a.p[1] & ~b.p[1]}}; }
static inline bb_t bb_not(bb_t a) { return (bb_t){{~a.p[0] & BB_P0_MASK, ~a.p[1] & BB_P1_MASK}}; }
static inline bool bb_any(bb_t a) { return (a.p[0] | a.p[1]) != 0; }
static inline bool bb_is_empty(bb_t a) { return (a.p[0] | a.p[1]) == 0; }
static inline bool bb_eq(bb_t a, bb_t b) { return a.p[0] == b.p[0] && a.p[1] == b.p[1]; }
static inline bool bb_intersects(bb_t a, bb_t b) { return ((a.p[0] & b.p[0]) | (a.p[1] & b.p[1])) != 0; }
static inline int bb_count(bb_t a) { return __builtin_popcountll(a.p[0]) + __builtin_popcountll(a.p[1]); }
/* true iff more than one bit is set. */
static inline bool bb_more_than_one(bb_t a)
{
	return (a.p[0] & (a.p[0] - 1)) != 0 || (a.p[1] & (a.p[1] - 1)) != 0 || (a.p[0] != 0 && a.p[1] != 0);
}

static inline bb_t bb_square(Square sq) { return sq < 63 ? (bb_t){{1ULL << sq, 0}} : (bb_t){{0, 1ULL << (sq - 63)}}; }
static inline bool bb_test(bb_t a, Square sq) { return sq < 63 ? (a.p[0] >> sq) & 1 : (a.p[1] >> (sq - 63)) & 1; }
static inline void bb_set(bb_t *a, Square sq)
{
	if (sq < 63)
		a->p[0] |= 1ULL << sq;
	else
		a->p[1] |= 1ULL << (sq - 63);
}
static inline void bb_clear(bb_t *a, Square sq)
{
	if (sq < 63)
		a->p[0] &= ~(1ULL << sq);
	else
		a->p[1] &= ~(1ULL << (sq - 63));
}
/* Lowest square of a non-empty bitboard. */
static inline Square bb_lsb(bb_t a) { return a.p[0] ? __builtin_ctzll(a.p[0]) : 63 + __builtin_ctzll(a.p[1]); }
/* Highest square of a non-empty bitboard. */
static inline Square bb_msb(bb_t a) { return a.p[1] ? 126 - __builtin_clzll(a.p[1]) : 63 - __builtin_clzll(a.p[0]); }
/* Removes and returns the lowest square of a non-empty bitboard. */
static inline Square bb_pop(bb_t *a)
{
	if (a->p[0]) {
		Square sq = __builtin_ctzll(a->p[0]);
		a->p[0] &= a->p[0] - 1;
		return sq;
	}
	Square sq = 63 + __builtin_ctzll(a->p[1]);
	a->p[1] &= a->p[1] - 1;
	return sq;
}

/* Directions, indexed 0..7; DIR_STEP gives the square delta. */
enum { DIR_N, DIR_S, DIR_E, DIR_W, DIR_NE, DIR_SW, DIR_NW, DIR_SE, DIR_NB };
/* Opposite directions differ in bit 0 (d ^ 1). */
/* N = toward rank 1 (-1), S = toward rank 9 (+1), E = toward file 1 (-9),
 * W = toward file 9 (+9); NE = -10, SW = +10, NW = +8, SE = -8. */

/* The lines looked up by multiply: a rank, the NE-SW and the NW-SE diagonal. */
enum { BB_LINE_RANK, BB_LINE_DIAG_NE, BB_LINE_DIAG_NW, BB_LINE_NB };

typedef struct {
	uint64_t mask[2];    /* inner squares of the line through sq (bb_t words) */
	uint64_t magic;      /* multiplier: (merged & mask) * magic >> shift is the index */
	const bb_t *attacks; /* 1 << (64 - shift) entries */
	int shift;
} BbMagic;

typedef struct {
	bb_t ray[DIR_NB][SQ_NB];           /* squares strictly beyond sq in a direction, to the edge */
	bb_t step[COLOR_NB][PT_NB][SQ_NB]; /* non-slider attacks (and the step part of HORSE/DRAGON) */
	bb_t between[SQ_NB][SQ_NB];        /* squares strictly between two aligned squares, else empty */
	bb_t line[SQ_NB][SQ_NB];           /* the whole line through two aligned squares, else empty */
	bb_t near[SQ_NB];                  /* the squares within two files and three ranks of sq */
	/* the attacks from sq on an empty board of a rook [0] and a bishop [1] */
	bb_t empty_attacks[2][SQ_NB];
	/* the squares on a line through a square next to sq or sq itself: a
	 * file or rank [0], a diagonal [1] */
	bb_t near_lines[2][SQ_NB];
	bb_t star[SQ_NB]; /* sq and every square on a line through it */
	/* check_from[c][pt][sq]: the squares from which a piece of colour c
	 * and type pt could give check to a king on sq in one move (promoting
	 * where it may), on an empty board: a superset of those of any
	 * position; every square for the sliders but the lance */
	bb_t check_from[COLOR_NB][PT_NB][SQ_NB];
	bb_t file_mask[10];               /* file_mask[f] = all squares of file f (1..9) */
	bb_t rank_mask[10];               /* rank_mask[r] = all squares of rank r (1..9) */
	bb_t zone[COLOR_NB];              /* promotion zone of each colour */
	bb_t square[SQ_NB + 1];           /* single squares; square[SQ_NONE] is empty */
	uint16_t file_pattern[9][128];    /* [rank - 1][inner ranks 2..8]: attacked ranks, bit r-1 */
	uint8_t file_base[SQ_NB];         /* the bit of rank 1 of sq's file in its word (bb_file_attacks) */
	BbMagic magic[BB_LINE_NB][SQ_NB]; /* rank and diagonal lookups */
} BbTables;

extern const BbTables *const bb_tables;

/* Builds the tables; idempotent, not thread-safe on first call. */
void bb_init(void);

static inline bb_t bb_line_attacks(int line, Square sq, bb_t occ)
{
	const BbMagic *m = &bb_tables->magic[line][sq];
	uint64_t merged = (occ.p[0] & m->mask[0]) | (occ.p[1] & m->mask[1]);
	return m->attacks[(merged * m->magic) >> m->shift];
}
/* Attacks along sq's file, both ways. */
static inline bb_t bb_file_attacks(Square sq, bb_t occ)
{
	int w = sq >= 63;                    /* files 8 and 9 are in the second word */
	int base = bb_tables->file_base[sq]; /* the file's first bit in its word */
	int rank0 = sq - base - 63 * w;      /* sq % 9 */
	uint64_t pattern = bb_tables->file_pattern[rank0][(occ.p[w] >> (base + 1)) & 0x7F];
	bb_t a = bb_empty();
	a.p[w] = pattern << base;
	return a;
}
static inline bb_t bb_lance_attacks(Color c, Square sq, bb_t occ)
{
	return bb_and(bb_file_attacks(sq, occ), bb_tables->ray[c == SENTE ? DIR_N : DIR_S][sq]);
}
static inline bb_t bb_rook_attacks(Square sq, bb_t occ)
{
	return bb_or(bb_file_attacks(sq, occ), bb_line_attacks(BB_LINE_RANK, sq, occ));
}
static inline bb_t bb_bishop_attacks(Square sq, bb_t occ)
{
	return bb_or(bb_line_attacks(BB_LINE_DIAG_NE, sq, occ), bb_line_attacks(BB_LINE_DIAG_NW, sq, occ));
}
static inline bb_t bb_step_attacks(Color c, PieceType pt, Square sq) { return bb_tables->step[c][pt][sq]; }

/* Attacks of a piece of colour c and type pt on sq with occupancy occ.
 * always_inline: left to itself the compiler made it a call, 4 % of the
 * search's instructions in the call and the switch on pt, which is often
 * known where it is inlined. */
static inline __attribute__((always_inline)) bb_t bb_piece_attacks(Color c, PieceType pt, Square sq, bb_t occ)
{
	switch (pt) {
	case LANCE:
		return bb_lance_attacks(c, sq, occ);
	case BISHOP:
		return bb_bishop_attacks(sq, occ);
	case ROOK:
		return bb_rook_attacks(sq, occ);
	case HORSE:
		return bb_or(bb_bishop_attacks(sq, occ), bb_tables->step[c][KING][sq]);
	case DRAGON:
		return bb_or(bb_rook_attacks(sq, occ), bb_tables->step[c][KING][sq]);
	default:
		return bb_tables->step[c][pt][sq];
	}
}

static inline bb_t bb_between(Square a, Square b) { return bb_tables->between[a][b]; }
static inline bb_t bb_line(Square a, Square b) { return bb_tables->line[a][b]; }
/* true iff a, b, c lie on one line (rank, file or diagonal). */
static inline bool bb_aligned(Square a, Square b, Square c) { return bb_test(bb_tables->line[a][b], c); }
static inline bb_t bb_file(int file) { return bb_tables->file_mask[file]; }
static inline bb_t bb_rank(int rank) { return bb_tables->rank_mask[rank]; }

#endif
