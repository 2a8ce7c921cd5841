/*
 * mate1.h -- mate in one for the side to move (the attacker).
 *
 * A mate in one is a legal checking move after which the opponent has no
 * legal move.  Pawn drops that would mate are uchifuzume and never legal, so
 * they are never returned; a pawn *move* that mates is.  The attacker's own
 * king, if any, is respected (the move must be legal), and a side to move
 * that is itself in check can only mate with an evasion that checks.
 */
#ifndef TSUME_MATE1_H
#define TSUME_MATE1_H

#include "movegen.h"

/* Returns a mating move of the side to move, or MOVE_NONE if there is none.
 * pos is modified during the call and restored before it returns.
 * Precondition: pos->ply < POS_MAX_PLY. */
Move mate1_find(Position *pos);

/* true iff the side to move is checkmated (in check with no legal move). */
bool mate1_is_mated(const Position *pos);

#endif
