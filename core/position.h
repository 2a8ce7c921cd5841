/*
 * position.h -- the board, the hands, the side to move, Zobrist keys,
 * do/undo with a state stack, and attack queries (checkers, pins).
 *
 * Keys: board_key hashes the pieces on the board and the side to move;
 * hand_key hashes both hands.  They are kept apart so that a transposition
 * table can match the same board with a superior or inferior hand
 * (Seo 1999; Nagai 2002).  pos_key() = board_key + hand_key.
 *
 * A Position is a plain value: copy it with '='.  It owns no heap memory.
 * core_init() must have been called before any function here is used.
 */
#ifndef TSUME_POSITION_H
#define TSUME_POSITION_H

#include "bitboard.h"

/* Deepest do_move stack a Position supports (plies from the root). */
#define POS_MAX_PLY 4096

typedef struct {
	uint64_t board_key;
	uint64_t hand_key;
	bb_t checkers;  /* pieces giving check to the side to move */
	Piece captured; /* piece captured by the move that led here */
} PosState;

typedef struct {
	Piece board[SQ_NB];
	bb_t by_color[COLOR_NB];
	bb_t by_type[PT_NB]; /* both colours */
	bb_t occ;
	Hand hand[COLOR_NB];
	Square king[COLOR_NB]; /* SQ_NONE when a side has no king (tsume attacker) */
	Color side;
	int ply;         /* index of the current state in st[] */
	int move_number; /* SFEN move number, informational */
	PosState st[POS_MAX_PLY + 1];
} Position;

/* Builds the attack tables and Zobrist keys.  Call once before anything else;
 * later calls do nothing.  Not thread-safe on the first call. */
void core_init(void);

/* Copies src into dst: the board, hands and the states st[0..src->ply] (the
 * ones in use; st[] holds POS_MAX_PLY + 1, about 165 KB in all, which a
 * struct assignment would copy whole).  dst and src must not overlap. */
void pos_copy(Position *dst, const Position *src);

/* Empties the board and hands; sente to move. */
void pos_clear(Position *pos);
/* Puts piece p on an empty square sq (setup only; keys updated). */
void pos_put(Position *pos, Square sq, Piece p);
/* Sets the count of pieces of type pt (PAWN..GOLD) in c's hand. */
void pos_set_hand(Position *pos, Color c, PieceType pt, int n);
/* Recomputes the derived state (checkers) after setup with pos_put/pos_set_hand. */
void pos_finish_setup(Position *pos);

/* Plays a legal move (as produced by the generators in movegen.h) and pushes a
 * state.  Precondition: pos->ply < POS_MAX_PLY. */
void pos_do_move(Position *pos, Move m);
/* Takes back the last move m played by pos_do_move. */
void pos_undo_move(Position *pos, Move m);
/* Passes the turn (MOVE_NULL).  Only valid when the side to move is not in check. */
void pos_do_null(Position *pos);
void pos_undo_null(Position *pos);

static inline Piece pos_piece(const Position *pos, Square sq) { return pos->board[sq]; }
static inline bb_t pos_pieces(const Position *pos, Color c, PieceType pt)
{
	return bb_and(pos->by_color[c], pos->by_type[pt]);
}
static inline bb_t pos_checkers(const Position *pos) { return pos->st[pos->ply].checkers; }
static inline bool pos_in_check(const Position *pos) { return bb_any(pos_checkers(pos)); }
static inline uint64_t pos_board_key(const Position *pos) { return pos->st[pos->ply].board_key; }
static inline uint64_t pos_hand_key(const Position *pos) { return pos->st[pos->ply].hand_key; }
static inline uint64_t pos_key(const Position *pos) { return pos_board_key(pos) + pos_hand_key(pos); }

/* Pieces that move like a gold: GOLD and the four promoted minors. */
static inline bb_t pos_golds(const Position *pos)
{
	return bb_or(bb_or(bb_or(pos->by_type[GOLD], pos->by_type[PRO_PAWN]),
	                   bb_or(pos->by_type[PRO_LANCE], pos->by_type[PRO_KNIGHT])),
	             pos->by_type[PRO_SILVER]);
}

/* Pieces of colour c attacking sq, given occupancy occ (for x-ray queries). */
bb_t pos_attackers_to(const Position *pos, Color c, Square sq, bb_t occ);
/* true iff colour c attacks sq with occupancy occ (step pieces first, then
 * sliders, returning at the first attacker found). */
bool pos_attacked(const Position *pos, Color c, Square sq, bb_t occ);
/* The squares of `squares` that colour c attacks with occupancy occ: as
 * pos_attacked on each, for squares within one step of center (a king's
 * escapes; center itself allowed).  Found from c's pieces instead -- the
 * step pieces near center and every slider, each piece's attacks once --
 * which costs less than a pos_attacked a square. */
bb_t pos_attacked_near(const Position *pos, Color c, Square center, bb_t squares, bb_t occ);
/* Pieces (of either colour) that are the only piece between king_sq and a
 * slider of colour slider_c aiming at it.  With the king's own colour's pieces
 * these are pins; with the other colour's, discovered-check candidates. */
bb_t pos_slider_blockers(const Position *pos, Color slider_c, Square king_sq);

/* true iff the legal move m gives check to the opponent. */
bool pos_gives_check(const Position *pos, Move m);

/* The board key (pos_board_key) of the position after move m, without
 * playing it: lets a caller prefetch table entries of the children. */
uint64_t pos_board_key_after(const Position *pos, Move m);
/* The hand key (pos_hand_key) after move m, without playing it:
 * pos_board_key_after + pos_hand_key_after is the pos_key after m. */
uint64_t pos_hand_key_after(const Position *pos, Move m);

/* Count of every piece (board + hands) by base type; used for validation. */
void pos_piece_totals(const Position *pos, int totals[9]);

/* Pieces of the 40-piece set (kings aside) on no square and in no hand: the
 * pieces a problem gives to nobody (tsume convention: they are the
 * defender's, given with --rest).  0..38. */
int pos_missing_pieces(const Position *pos);

/* Gives every missing piece (pos_missing_pieces) to c's hand and refreshes
 * the keys (pos_finish_setup).  Only on a root (ply 0). */
void pos_give_missing(Position *pos, Color c);

/* Consistency check of all redundant state (bitboards, keys, kings, checkers).
 * Returns true when consistent.  Used in assertions of debug builds. */
bool pos_is_ok(const Position *pos);

/* Zobrist helpers for callers that need keys of hypothetical positions. */
uint64_t pos_zobrist_hand(Color c, PieceType pt);

#endif
