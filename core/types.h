/*
 * types.h -- the basic value types of the rules engine, in one place.
 *
 * Squares are file-major: sq = (file - 1) * 9 + (rank - 1), with file 1..9
 * counted right to left as sente sees the board and rank 1..9 from gote's
 * side (top) to sente's side (bottom).  USI "7g" is file 7, rank 7 (g).
 *
 *        9   8   7   6   5   4   3   2   1     <- file
 *      +---+---+---+---+---+---+---+---+---+
 *      | 72| 63| 54| 45| 36| 27| 18|  9|  0|  rank 1 (a)
 *      | 73| 64| 55| 46| 37| 28| 19| 10|  1|  rank 2 (b)
 *      ...                                ...
 *      | 80| 71| 62| 53| 44| 35| 26| 17|  8|  rank 9 (i)
 *      +---+---+---+---+---+---+---+---+---+
 */
#ifndef TSUME_TYPES_H
#define TSUME_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { SENTE = 0, GOTE = 1, COLOR_NB = 2 } Color;

static inline Color color_flip(Color c) { return (Color)(c ^ 1); }

/* Piece types.  A promoted type is the base type with bit 3 set, so
 * PT_PROMOTED(pt) = pt | 8 for pawn..rook and the base of any type is pt & 7
 * (except GOLD and KING, which never promote). */
typedef enum {
	PT_NONE = 0,
	PAWN = 1,
	LANCE,
	KNIGHT,
	SILVER,
	BISHOP,
	ROOK,
	GOLD,
	KING,
	PRO_PAWN = 9,
	PRO_LANCE,
	PRO_KNIGHT,
	PRO_SILVER,
	HORSE,
	DRAGON,
	PT_NB = 15
} PieceType;

#define PT_PROMOTE_BIT 8
/* Piece types that can be held in hand: PAWN..GOLD (1..7). */
#define HAND_PT_NB 8

static inline bool pt_can_promote(PieceType pt) { return pt >= PAWN && pt <= ROOK; }
static inline bool pt_is_promoted(PieceType pt) { return pt >= PRO_PAWN; }
static inline PieceType pt_promote(PieceType pt) { return (PieceType)(pt | PT_PROMOTE_BIT); }
/* The type a piece reverts to when captured (unpromoted, never KING-> anything). */
static inline PieceType pt_unpromote(PieceType pt) { return pt == KING ? KING : (PieceType)(pt & 7); }

/* Piece = type | color << 4.  PIECE_NONE (0) marks an empty square. */
typedef uint8_t Piece;
#define PIECE_NONE 0
#define PIECE_NB 32
static inline Piece piece_make(Color c, PieceType pt) { return (Piece)(pt | (c << 4)); }
static inline PieceType piece_type(Piece p) { return (PieceType)(p & 15); }
static inline Color piece_color(Piece p) { return (Color)(p >> 4); }

typedef int Square; /* 0..80, or SQ_NONE */
#define SQ_NB 81
#define SQ_NONE 81
static inline Square sq_make(int file, int rank) { return (file - 1) * 9 + (rank - 1); }
static inline int sq_file(Square sq) { return sq / 9 + 1; }
static inline int sq_rank(Square sq) { return sq % 9 + 1; }
/* Rank seen from color c: 1 = the far (enemy) side. */
static inline int sq_rel_rank(Color c, Square sq) { return c == SENTE ? sq_rank(sq) : 10 - sq_rank(sq); }
/* Promotion zone: the three far ranks of the mover. */
static inline bool sq_in_zone(Color c, Square sq) { return sq_rel_rank(c, sq) <= 3; }

/*
 * Move: 32 bits.
 *
 *   bit  0.. 6  to square (0..80)
 *   bit  7..13  from square (0..80), or the dropped PieceType when DROP is set
 *   bit 14      DROP flag
 *   bit 15      PROMOTE flag
 *   bit 16..20  the moved Piece (colour and type before promotion)
 *   bit 21..25  the captured Piece (PIECE_NONE if none); filled by the generators
 *
 * MOVE_NONE (0) is "no move"; MOVE_NULL (to = from = 1, no piece) is a pass.
 */
typedef uint32_t Move;
#define MOVE_NONE ((Move)0)
#define MOVE_NULL ((Move)(1u | (1u << 7)))
#define MOVE_DROP_FLAG (1u << 14)
#define MOVE_PROMOTE_FLAG (1u << 15)

static inline Move move_make(Square from, Square to, Piece moved, Piece captured, bool promote)
{
	return (Move)to | ((Move)from << 7) | (promote ? MOVE_PROMOTE_FLAG : 0) | ((Move)moved << 16) |
	       ((Move)captured << 21);
}
static inline Move move_make_drop(PieceType pt, Square to, Color c)
{
	return (Move)to | ((Move)pt << 7) | MOVE_DROP_FLAG | ((Move)piece_make(c, pt) << 16);
}
static inline Square move_to(Move m) { return (Square)(m & 0x7f); }
static inline Square move_from(Move m) { return (Square)((m >> 7) & 0x7f); }
static inline bool move_is_drop(Move m) { return (m & MOVE_DROP_FLAG) != 0; }
static inline bool move_is_promote(Move m) { return (m & MOVE_PROMOTE_FLAG) != 0; }
static inline PieceType move_drop_pt(Move m) { return (PieceType)((m >> 7) & 0x7f); }
static inline Piece move_piece(Move m) { return (Piece)((m >> 16) & 0x1f); }
static inline Piece move_captured(Move m) { return (Piece)((m >> 21) & 0x1f); }
/* The piece that stands on the destination after the move. */
static inline Piece move_piece_after(Move m)
{
	return (Piece)(move_piece(m) | (move_is_promote(m) ? PT_PROMOTE_BIT : 0));
}
/* Moves compare equal on their first 16 bits (to, from/drop, flags). */
static inline bool move_same(Move a, Move b) { return (a & 0xffff) == (b & 0xffff); }

/*
 * Hand: the pieces one side holds, packed in 32 bits with one zero "borrow"
 * bit above each count, so that a >= b for every piece type is
 * ((a - b) & HAND_BORROW_MASK) == 0 -- one subtraction.
 *
 *   bit  0.. 4 PAWN   (0..18)   bit  5 borrow
 *   bit  6.. 8 LANCE  (0..4)    bit  9 borrow
 *   bit 10..12 KNIGHT (0..4)    bit 13 borrow
 *   bit 14..16 SILVER (0..4)    bit 17 borrow
 *   bit 18..20 GOLD   (0..4)    bit 21 borrow
 *   bit 22..23 BISHOP (0..2)    bit 24 borrow
 *   bit 25..26 ROOK   (0..2)    bit 27 borrow
 */
typedef uint32_t Hand;
#define HAND_BORROW_MASK ((1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27))

static const int HAND_SHIFT[HAND_PT_NB] = {0, 0, 6, 10, 14, 22, 25, 18};
static const uint32_t HAND_FIELD_MASK[HAND_PT_NB] = {0, 0x1f, 0x7, 0x7, 0x7, 0x3, 0x3, 0x7};

static inline int hand_count(Hand h, PieceType pt) { return (int)((h >> HAND_SHIFT[pt]) & HAND_FIELD_MASK[pt]); }
static inline Hand hand_add(Hand h, PieceType pt) { return h + (1u << HAND_SHIFT[pt]); }
static inline Hand hand_sub(Hand h, PieceType pt) { return h - (1u << HAND_SHIFT[pt]); }
static inline Hand hand_set(Hand h, PieceType pt, int n)
{
	return (h & ~(HAND_FIELD_MASK[pt] << HAND_SHIFT[pt])) | ((uint32_t)n << HAND_SHIFT[pt]);
}
static inline bool hand_has(Hand h, PieceType pt) { return hand_count(h, pt) != 0; }
/* true iff a holds at least as many pieces of every type as b. */
static inline bool hand_ge(Hand a, Hand b) { return ((a - b) & HAND_BORROW_MASK) == 0; }
/* true iff the hand holds anything except pawns. */
static inline bool hand_except_pawn(Hand h) { return (h & ~0x3fu) != 0; }

/* Per-type maximum / minimum of two hands. */
static inline Hand hand_max_each(Hand a, Hand b)
{
	Hand r = 0;
	for (int pt = 1; pt < HAND_PT_NB; pt++) {
		int x = hand_count(a, (PieceType)pt), y = hand_count(b, (PieceType)pt);
		r = hand_set(r, (PieceType)pt, x > y ? x : y);
	}
	return r;
}
static inline Hand hand_min_each(Hand a, Hand b)
{
	Hand r = 0;
	for (int pt = 1; pt < HAND_PT_NB; pt++) {
		int x = hand_count(a, (PieceType)pt), y = hand_count(b, (PieceType)pt);
		r = hand_set(r, (PieceType)pt, x < y ? x : y);
	}
	return r;
}

/* Number of pieces of each base type in the full set (by PieceType 1..8). */
static const int PIECE_SET_COUNT[9] = {0, 18, 4, 4, 4, 2, 2, 4, 2};

/* Every piece of the set in one hand: 18 P, 4 L, 4 N, 4 S, 4 G, 2 B, 2 R. */
#define HAND_FULL ((Hand)(18u | (4u << 6) | (4u << 10) | (4u << 14) | (4u << 18) | (2u << 22) | (2u << 25)))

#define MAX_MOVES 600 /* the known maximum of legal moves is 593 */

#endif
