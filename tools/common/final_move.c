/* final_move.c -- the final move of an answer key (see final_move.h). */
#include "final_move.h"

#include "movegen.h"

#include <stdlib.h>
#include <string.h>

/* The defender's legal replies in pos (its side to move). */
static int replies_of(const Position *pos)
{
	MoveList list;
	return gen_evasions(pos, &list);
}

int final_replies(const Position *root, const Move *line, int n)
{
	Position *pos = malloc(sizeof *pos);
	if (!pos)
		return -1;
	pos_copy(pos, root);
	for (int k = 0; k < n; k++)
		pos_do_move(pos, line[k]);
	int r = replies_of(pos);
	free(pos);
	return r;
}

bool final_judge(Dfpn *d, const Position *root, const Move *line, int n, const DfpnLimits *lim, FinalMoves *out)
{
	out->replies = out->alts = out->plain_alts = 0;
	out->undecided = false;
	if (n < 1) {
		out->undecided = true;
		return true;
	}
	Position *pos = malloc(sizeof *pos);
	if (!pos) {
		out->undecided = true;
		return false;
	}
	pos_copy(pos, root);
	for (int k = 0; k < n - 1; k++)
		pos_do_move(pos, line[k]);
	Color attacker = pos->side;
	pos_do_move(pos, line[n - 1]);
	out->replies = replies_of(pos);
	pos_undo_move(pos, line[n - 1]);
	MoveList checks;
	gen_checks(pos, &checks);
	for (int i = 0; i < checks.n; i++) {
		Move m = checks.moves[i];
		if (move_same(m, line[n - 1]))
			continue;
		pos_do_move(pos, m);
		bool plain = replies_of(pos) == 0;
		DfpnStatus st = DFPN_MATE;
		if (!plain) {
			DfpnBound b;
			dfpn_mate_within(d, pos, attacker, 0, lim, &b);
			st = b.status;
		}
		pos_undo_move(pos, m);
		if (st == DFPN_UNKNOWN)
			out->undecided = true;
		if (st != DFPN_MATE)
			continue;
		out->alt[out->alts] = m;
		out->alt_plain[out->alts] = plain;
		out->alts++;
		out->plain_alts += plain;
	}
	free(pos);
	return true;
}
