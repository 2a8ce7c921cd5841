/*
 * perft.h -- leaf counts of the legal-move tree ("perft"), the standard test
 * of a move generator against published counts (start position: 30, 900,
 * 25,470, 719,731, 19,861,490 at depths 1..5; ../shared/oracle/README.md).
 */
#ifndef TSUME_PERFT_H
#define TSUME_PERFT_H

#include "position.h"

/* Number of legal move sequences of `depth` plies from pos (depth >= 1; 0
 * counts as 1 for perft_full and as the move count for perft).  perft counts
 * the last ply from the move list without making its moves (bulk leaf
 * counting); perft_full makes and takes back every move, the last ply
 * included (a test of do/undo too).  pos is restored.  Precondition:
 * pos->ply + depth <= POS_MAX_PLY. */
uint64_t perft(Position *pos, int depth);
uint64_t perft_full(Position *pos, int depth);

#endif
