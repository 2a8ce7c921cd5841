/*
 * movegen.h -- legal move generation.
 *
 * Every generator returns only legal moves: the mover's own king is never
 * left in check, and all drop and promotion rules hold:
 *  - a drop never promotes; no pawn or lance drop on the mover's last rank,
 *    no knight drop on the last two ranks;
 *  - nifu: no pawn drop on a file that already holds an unpromoted pawn of
 *    the mover (tokin and the opponent's pawns do not count);
 *  - uchifuzume: a pawn drop that checks is illegal iff the opponent then
 *    has no legal move (a pawn *move* that mates is legal);
 *  - promotion is optional when a pawn, lance, knight, silver, bishop or rook
 *    starts or ends its move in the promotion zone, and forced where the
 *    piece could never move again (pawn/lance on the last rank, knight on the
 *    last two); kings, golds and promoted pieces never promote.
 * Rules as in the Japan Shogi Association rule book (対局規定) and checked
 * against ../shared/oracle.
 *
 * Generated moves carry the moved and captured pieces (see types.h).
 * The order of the list is unspecified.
 */
#ifndef TSUME_MOVEGEN_H
#define TSUME_MOVEGEN_H

#include "position.h"

typedef struct {
	int n;
	Move moves[MAX_MOVES];
} MoveList;

/* Every legal move of the side to move.  Returns the count (also list->n). */
int gen_legal(const Position *pos, MoveList *list);

/* The legal moves of the side to move that give check (direct, discovered,
 * double, and drops).  Generated from the check squares around the enemy king
 * and the discovered-check candidates, not by filtering gen_legal (except when
 * the side to move is itself in check: then its evasions that check).
 * Returns 0 when the opponent has no king. */
int gen_checks(const Position *pos, MoveList *list);

/* The legal replies to a check: king moves, captures of the checker,
 * interpositions by move and by drop.  Precondition: the side to move is in
 * check.  Returns the count. */
int gen_evasions(const Position *pos, MoveList *list);

/* true iff the side to move has at least one legal move (faster than counting). */
bool gen_has_legal(const Position *pos);

/* true iff dropping a pawn on sq (the square in front of the enemy king) by
 * the side to move would leave the opponent in check with no legal reply,
 * i.e. the drop is uchifuzume.  Precondition: sq is empty and the pawn there
 * checks the enemy king. */
bool gen_pawn_drop_mates(const Position *pos, Square sq);

/* true iff m is a legal move of the side to move.  m needs the from/to/drop/
 * promote fields; the moved piece field must match the board when set. */
bool gen_is_legal(const Position *pos, Move m);

/* true iff m (possibly from text, captured field ignored) is legal here;
 * on success *out receives the generator's form of the move. */
bool gen_find_legal(const Position *pos, Move m, Move *out);

#endif
