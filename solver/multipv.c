/* multipv.c -- every first move of a problem (see multipv.h). */
#include "multipv.h"

#include "clock.h"
#include "movegen.h"

#include <stdlib.h>
#include <string.h>

/* The progress of the whole: each search's nodes and seconds counted from
 * the beginning of the first (main's). */
typedef struct {
	const DfpnLimits *lim;
	uint64_t nodes; /* of the searches before this one */
	double seconds; /* when this one began */
} Whole;

static void whole_progress(void *arg, uint64_t nodes, double seconds, int hashfull)
{
	const Whole *w = arg;
	w->lim->progress(w->lim->progress_arg, w->nodes + nodes, w->seconds + seconds, hashfull);
}

/* The rank of f in the order of multipv.h, smaller first: main's first
 * move (main_first) first among equals. */
static int64_t rank(const DfpnFirst *f, Move main_first)
{
	const DfpnResult *r = &f->res;
	int64_t k = r->status == DFPN_MATE      ? (int64_t)r->len * 2 + (r->len_minimal ? 0 : 1)
	            : r->status == DFPN_UNKNOWN ? INT32_MAX
	                                        : (int64_t)INT32_MAX + 1;
	return k * 2 + (f->move == main_first ? 0 : 1);
}

/* A first move still to search: not main's, and unknown for want of a
 * search or of its share of a limit (not for want of memory or depth). */
static bool f_todo(const DfpnFirst *f, Move main_first)
{
	return f->move != main_first && f->res.status == DFPN_UNKNOWN &&
	       (f->res.reason == DFPN_STOP_NONE || f->res.reason == DFPN_STOP_TIME || f->res.reason == DFPN_STOP_NODES);
}

/* The most passes over the first moves left unknown: the time or nodes
 * the quick ones leave go to those a share cut short. */
#define FIRST_PASSES 4

int dfpn_first_moves(Dfpn *d, const Position *root, const DfpnResult *main, const DfpnLimits *lim, DfpnFirst *out,
                     int max, int *checks, uint64_t *nodes)
{
	MoveList list;
	Position *pos = malloc(sizeof *pos); /* a Position holds its whole history */
	if (!pos)
		return -1;
	pos_copy(pos, root);
	gen_checks(pos, &list);
	free(pos);
	*checks = list.n;
	*nodes = 0;
	DfpnFirst *all = calloc((size_t)(list.n > 0 ? list.n : 1), sizeof *all);
	if (!all)
		return -1;
	DfpnBudget budget;
	dfpn_budget_begin(&budget, lim);
	if (main) {
		/* main's nodes and time count against lim */
		dfpn_budget_spend(&budget, main->nodes);
		budget.start -= main->seconds;
	}
	Move main_first = main && main->status == DFPN_MATE && main->pv_len > 0 ? main->pv[0] : MOVE_NONE;
	for (int i = 0; i < list.n; i++) {
		DfpnFirst *f = &all[i];
		f->move = list.moves[i];
		if (main && main->status == DFPN_NOMATE)
			f->res.status = DFPN_NOMATE; /* no first move mates */
		else if (f->move == main_first)
			f->res = *main;
		else
			f->res.status = DFPN_UNKNOWN; /* to search (reason DFPN_STOP_NONE) */
	}
	bool stopped = false;
	for (int pass = 0; pass < FIRST_PASSES && !stopped; pass++) {
		int todo = 0, resolved = 0;
		for (int i = 0; i < list.n; i++)
			todo += f_todo(&all[i], main_first);
		for (int i = 0; i < list.n && todo > 0; i++) {
			DfpnFirst *f = &all[i];
			if (!f_todo(f, main_first))
				continue;
			DfpnLimits sub;
			/* what is left, shared fairly among the first moves still to search */
			dfpn_budget_share(&budget, (unsigned)todo--);
			bool left = dfpn_budget_next(&budget, &sub);
			dfpn_budget_unshare(&budget);
			if (!left) {
				f->res.status = DFPN_UNKNOWN;
				f->res.reason = dfpn_budget_spent(&budget);
				continue;
			}
			Whole whole = {lim, budget.nodes, clock_now() - budget.start};
			if (lim && lim->progress) {
				sub.progress = whole_progress;
				sub.progress_arg = &whole;
			}
			dfpn_solve_first(d, root, f->move, &sub, &f->res);
			dfpn_budget_spend(&budget, f->res.nodes);
			*nodes += f->res.nodes;
			resolved += f->res.status != DFPN_UNKNOWN;
			stopped = f->res.status == DFPN_UNKNOWN && f->res.reason == DFPN_STOP_USER;
			if (stopped)
				break;
		}
		DfpnLimits rest;
		if (pass > 0 && resolved == 0)
			break; /* nothing more comes of what is left */
		if (!dfpn_budget_next(&budget, &rest))
			break; /* the whole is spent */
	}
	/* best first, stable among equals (insertion sort: a few dozen moves) */
	for (int i = 1; i < list.n; i++) {
		for (int j = i; j > 0 && rank(&all[j], main_first) < rank(&all[j - 1], main_first); j--) {
			DfpnFirst t = all[j];
			all[j] = all[j - 1];
			all[j - 1] = t;
		}
	}
	int n = list.n < max ? list.n : max;
	memcpy(out, all, (size_t)n * sizeof *out);
	free(all);
	return n;
}
