/* line.c -- replaying a main line (see line.h). */
#include "line.h"

#include "movegen.h"

static bool plain_mated(Position *pos) { return pos_in_check(pos) && !gen_has_legal(pos); }

bool line_replay(Position *pos, const Move *moves, int n, LineMatedFn is_mated, void *arg, LineCheck *out)
{
	LineCheck lc = {.bad_ply = -1, .legal = true, .checks = true, .mate = false};
	const Color attacker = pos->side;
	Move played[POS_MAX_PLY]; /* the generator's form of each move made, to take them back */
	int k = 0;
	for (int i = 0; i < n; i++) {
		Move m;
		if (pos->ply >= POS_MAX_PLY || !gen_find_legal(pos, moves[i], &m)) {
			lc.legal = false;
			lc.bad_ply = i;
			break;
		}
		const bool att = pos->side == attacker;
		pos_do_move(pos, m);
		played[k++] = m;
		if (att && !pos_in_check(pos)) {
			lc.checks = false;
			lc.bad_ply = i;
			break;
		}
	}
	if (lc.bad_ply < 0)
		lc.mate = is_mated ? is_mated(pos, arg) : plain_mated(pos);
	while (k > 0)
		pos_undo_move(pos, played[--k]);
	if (out)
		*out = lc;
	return lc.mate;
}

void line_set_root(Position *dst, const Position *src)
{
	*dst = *src;
	dst->st[0] = src->st[src->ply];
	dst->ply = 0;
}
