/* mate1.c -- mate in one (see mate1.h). */
#include "mate1.h"

bool mate1_is_mated(const Position *pos)
{
	if (!pos_in_check(pos))
		return false;
	MoveList list;
	return gen_evasions(pos, &list) == 0;
}

Move mate1_find(Position *pos)
{
	MoveList checks;
	gen_checks(pos, &checks);
	for (int i = 0; i < checks.n; i++) {
		Move m = checks.moves[i];
		pos_do_move(pos, m);
		bool mated = mate1_is_mated(pos);
		pos_undo_move(pos, m);
		if (mated)
			return m;
	}
	return MOVE_NONE;
}
