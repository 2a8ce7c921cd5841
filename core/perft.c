/* perft.c -- leaf counts of the legal-move tree (see perft.h). */
#include "perft.h"

#include "movegen.h"

uint64_t perft(Position *pos, int depth)
{
	MoveList list;
	gen_legal(pos, &list);
	if (depth <= 1)
		return (uint64_t)list.n;
	uint64_t total = 0;
	for (int i = 0; i < list.n; i++) {
		pos_do_move(pos, list.moves[i]);
		total += perft(pos, depth - 1);
		pos_undo_move(pos, list.moves[i]);
	}
	return total;
}

uint64_t perft_full(Position *pos, int depth)
{
	if (depth <= 0)
		return 1;
	MoveList list;
	gen_legal(pos, &list);
	uint64_t total = 0;
	for (int i = 0; i < list.n; i++) {
		pos_do_move(pos, list.moves[i]);
		total += perft_full(pos, depth - 1);
		pos_undo_move(pos, list.moves[i]);
	}
	return total;
}
