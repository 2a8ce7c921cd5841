/*
 * multipv.h -- every first move of a problem (MultiPV): for each legal
 * check of the root, the shortest mate that begins with it, its length
 * proven minimal for that move, or that it does not mate.  Composers use it
 * to see each mating first move at once (a second one of the shortest
 * length is a cook, 余詰, at ply 1); GUIs show them as USI `info multipv`.
 */
#ifndef TSUME_MULTIPV_H
#define TSUME_MULTIPV_H

#include "dfpn.h"

/* One first move and what follows it. */
typedef struct {
	Move move;      /* the first move: a check of the root */
	DfpnResult res; /* its search (dfpn_solve_first): MATE with its length
	                   and line, NOMATE (no mate begins with it) or
	                   UNKNOWN (a limit, the stop flag) */
} DfpnFirst;

/* Solves root once per first move, on d's table (kept between them, so
 * that they share their work) within lim as a whole (nodes, time and the
 * stop flag for all the searches together; progress called during each,
 * with the nodes and seconds of the whole, main's included).
 * main: root's own dfpn_solve on the same table just before (with lim: its
 * nodes and time count against it), whose first move is then not searched
 * again (its result is main's); NULL: every first move searched.  Writes
 * the best max (>= 1) of them to out, best first: the mates, shortest
 * first, a minimal length before one not proven; then the first moves a
 * limit left unknown; then those that do not mate; among equals main's
 * first move first, then the order of gen_checks.  *checks: the number of first moves (the legal
 * checks of root); *nodes: the nodes of their searches (main's aside).
 * When main is a proof of no mate, every first move is no mate and nothing
 * is searched.  What main leaves of lim is shared fairly among the first
 * moves still to search, one after another; those a share cut short are
 * searched again (up to 4 passes in all, on the table the others left)
 * while the whole has something left and a pass resolves one.  Returns the
 * number written (at most max and *checks), -1 when out of memory. */
int dfpn_first_moves(Dfpn *d, const Position *root, const DfpnResult *main, const DfpnLimits *lim, DfpnFirst *out,
                     int max, int *checks, uint64_t *nodes);

#endif
