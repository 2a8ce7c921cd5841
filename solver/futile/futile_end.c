/* futile_end.c -- a line ending in futile interpositions (futile_end.h). */
#include "futile_end.h"

#include "movegen.h"

#include <stdlib.h>
#include <string.h>

/* root with line[0..n) played, in a new Position (a Position holds its
 * whole history), NULL when out of memory. */
static Position *after_line(const Position *root, const Move *line, int n)
{
	Position *pos = malloc(sizeof *pos);
	if (!pos)
		return NULL;
	pos_copy(pos, root);
	for (int i = 0; i < n; i++)
		pos_do_move(pos, line[i]);
	return pos;
}

int futile_end_replies(const Position *root, const Move *line, int n, char (*squares)[3], int max, int *n_squares)
{
	*n_squares = 0;
	Position *pos = after_line(root, line, n);
	if (!pos)
		return 0;
	MoveList list;
	gen_evasions(pos, &list);
	bool seen[SQ_NB] = {false};
	for (int i = 0; i < list.n; i++) {
		Square to = move_to(list.moves[i]);
		if (seen[to])
			continue;
		seen[to] = true;
		if (*n_squares < max) {
			squares[*n_squares][0] = (char)('0' + sq_file(to));
			squares[*n_squares][1] = (char)('a' + sq_rank(to) - 1);
			squares[*n_squares][2] = '\0';
		}
		(*n_squares)++;
	}
	free(pos);
	return list.n;
}

int futile_end_play_out(Dfpn *d, const Position *root, const Move *line, int n, uint64_t max_nodes, atomic_bool *stop,
                        Move *out)
{
	Dfpn *plain = dfpn_sibling(d, DFPN_FUTILE_NONE);
	Position *pos = after_line(root, line, n);
	DfpnResult *r = malloc(sizeof *r);
	int best = 0;
	if (!plain || plain == d || !pos || !r || n >= DFPN_MAX_PV - 2)
		goto done;
	MoveList list;
	gen_evasions(pos, &list);
	DfpnLimits lim = {.max_nodes = max_nodes, .stop = stop};
	for (int i = 0; i < list.n; i++) {
		Move e = list.moves[i];
		pos_do_move(pos, e);
		dfpn_clear(plain);
		DfpnStatus st = dfpn_solve(plain, pos, &lim, r);
		pos_undo_move(pos, e);
		if (st != DFPN_MATE || n + 1 + r->pv_len > DFPN_MAX_PV) {
			best = 0;
			goto done;
		}
		if (n + 1 + r->pv_len > best) {
			best = n + 1 + r->pv_len;
			out[n] = e;
			memcpy(out + n + 1, r->pv, (size_t)r->pv_len * sizeof *out);
		}
	}
	if (best > 0)
		memcpy(out, line, (size_t)n * sizeof *out);
done:
	free(r);
	free(pos);
	return best;
}
