/* limit.c -- a search's budget: nodes, time, the stop flag, the helpers'
 * start and progress reports, for one thread or several (limit.h).  The one
 * place where a node limit is counted, checked and split. */
#include "limit.h"

#include "clock.h"
#include "parallel.h"

#include <string.h>

/* Nodes between two limit checks of each thread: 1,024, or 1,024 / T with
 * T threads (at least 16): the limits then hold within about 1,024 nodes of
 * the total, and within a few milliseconds however many threads share the
 * cores.  In lockstep (parallel.h), at least once a slice. */
uint64_t limits_check_interval(const Dfpn *d)
{
	if (!d->thr.pool)
		return 1024;
	int k = 1024 / (pool_helpers(d->thr.pool) + 1);
	uint64_t every = (uint64_t)(k < 16 ? 16 : k), slice = pool_slice(d->thr.pool);
	return slice && slice < every ? slice : every; /* (lockstep: at least once a slice) */
}

uint64_t limits_first_check(const DfpnLimits *lim)
{
	return lim && lim->max_nodes && lim->max_nodes < 1024 ? lim->max_nodes : 1024;
}

/* Is the table pressed: at its full size (tt_grow can double it no more)
 * and at least TT_GROW_LOAD per mille full, so that each new entry replaces
 * another?  Then a helper's entries push out the main thread's. */
static bool table_pressed(const TT *tt) { return 2 * tt->nbuckets > tt->capacity && tt_load(tt) >= TT_GROW_LOAD; }

/* Do helpers join this search?  Always one without a length budget (the
 * first proof).  A search under a length budget (the re-searches for a
 * shorter mate, dfpn_mate_within) while the table is not pressed: there
 * the helpers' entries once pushed out what the main thread needed --
 * Microcosmos' re-search within 1,547 plies ran over 400 s on two threads
 * against 165 s for the whole minimality proof on one (doc/speed.md), its
 * table from 46 to 96 % full. */
static bool helpers_join(const Dfpn *d) { return !d->run.budgeted || !table_pressed(d->tab.tt); }

bool limits_helpers_retire(const Dfpn *d)
{
	return d->thr.tid == 0 && d->run.budgeted && pool_started(d) && !pool_retired(d) && table_pressed(d->tab.tt);
}

/* Is it time for the main thread to hand its root to the helpers: after
 * 1,024 nodes of this search and d->thr.par_start in all (at most
 * DFPN_HELPER_START_MIN once the table is resident: the start-up is paid)? */
bool limits_helpers_due(const Dfpn *d)
{
	if (!d->thr.pool || d->run.stopped)
		return false;
	uint64_t start =
	    pool_populated(d) && d->thr.par_start > DFPN_HELPER_START_MIN ? DFPN_HELPER_START_MIN : d->thr.par_start;
	return d->thr.tid == 0 && pool_pending(d) && d->run.nodes - pool_base(d) >= 1024 && d->run.nodes >= start &&
	       helpers_join(d); /* (last: it may sample the table) */
}

bool limits_helpers_at_once(const Dfpn *d) { return d->thr.pool && d->thr.par_start == 0 && helpers_join(d); }

bool limits_table_due(const Dfpn *d)
{
	return d->thr.tid == 0 && !d->tab.tt->resident && d->run.nodes >= tt_pages(d->tab.tt) / 4;
}

bool limits_grow_due(const Dfpn *d)
{
	const TT *tt = d->tab.tt;
	return d->thr.tid == 0 && 2 * tt->nbuckets <= tt->capacity && tt_load(tt) >= TT_GROW_LOAD;
}

bool limits_huge_due(const Dfpn *d) { return d->thr.tid == 0 && !d->tab.tt->huge && d->run.nodes >= 1000000; }

uint64_t limits_count(Dfpn *d)
{
	if (!d->thr.pool)
		return d->run.nodes;
	uint64_t nodes = pool_publish(d);
	pool_adopt_stop(d);
	return nodes;
}

uint64_t limits_nodes_share(Dfpn *d)
{
	if (!d->run.lim || !d->run.lim->max_nodes)
		return UINT64_MAX;
	uint64_t used = limits_count(d);
	uint64_t left = d->run.lim->max_nodes > used ? d->run.lim->max_nodes - used : 0;
	return d->thr.pool ? left / (uint64_t)(pool_helpers(d->thr.pool) + 1) : left;
}

void limits_stop(Dfpn *d, DfpnStopReason reason)
{
	d->run.stopped = true;
	d->run.stop_reason = reason;
	if (d->thr.pool)
		pool_limit(d, reason);
}

/* The stop flag and the time limit (at time t); true when the search is
 * stopped. */
static bool look(Dfpn *d, double t)
{
	const DfpnLimits *lim = d->run.lim;
	if (!lim || d->run.stopped)
		return d->run.stopped;
	if (lim->stop && atomic_load(lim->stop))
		limits_stop(d, DFPN_STOP_USER);
	if (lim->max_time_ms && (t - d->run.start) * 1000.0 >= (double)lim->max_time_ms)
		limits_stop(d, DFPN_STOP_TIME);
	return d->run.stopped;
}

/* The progress report (main thread) when due at time t, the next one
 * LIMITS_PROGRESS_EVERY later on a fixed schedule from the search's
 * start: a late report does not put off the ones after it. */
static void progress(Dfpn *d, double t, uint64_t nodes, int hashfull)
{
	const DfpnLimits *lim = d->run.lim;
	if (d->thr.tid != 0 || !lim || !lim->progress || t < d->run.next_progress)
		return;
	d->run.next_progress +=
	    LIMITS_PROGRESS_EVERY * (1 + (int64_t)((t - d->run.next_progress) / LIMITS_PROGRESS_EVERY));
	lim->progress(lim->progress_arg, nodes, t - d->run.start, hashfull);
}

/* The next check of the main thread: a look at the clock every
 * LIMITS_LOOK_EVERY nodes between the full checks, when there is a clock
 * or a stop flag to look at (a node is about 3 us here, 30 us in a
 * search's first moments, when each new bucket of a big table is a page
 * fault: 1,024 nodes then overran a time limit by 30 ms); the full checks
 * stay where they were. */
static void next_look(Dfpn *d)
{
	const DfpnLimits *lim = d->run.lim;
	uint64_t look_at = d->run.nodes + LIMITS_LOOK_EVERY;
	bool looks = d->thr.tid == 0 && lim && (lim->stop || lim->max_time_ms);
	d->run.next_check = looks && look_at < d->run.next_full ? look_at : d->run.next_full;
}

void limits_check(Dfpn *d)
{
	if (d->run.nodes < d->run.next_full) {
		/* a look at the clock only, and the progress report when due
		 * (on time within a few hundred nodes, not a thousand) */
		double t = clock_now();
		if (!look(d, t) && d->thr.tid == 0 && d->run.lim->progress && t >= d->run.next_progress)
			progress(d, t, limits_count(d), tt_hashfull(d->tab.tt));
		next_look(d);
		return;
	}
	d->run.next_full = d->run.nodes + limits_check_interval(d);
	/* the nodes of the search, all threads together */
	uint64_t nodes = limits_count(d);
	const DfpnLimits *lim = d->run.lim;
	if (lim && !d->run.stopped) {
		if (lim->max_nodes && nodes >= lim->max_nodes)
			limits_stop(d, DFPN_STOP_NODES);
		else if (lim->max_nodes && lim->max_nodes - nodes < 1024)
			d->run.next_full = d->run.nodes + (lim->max_nodes - nodes); /* check again at the limit */
		double t = clock_now();
		look(d, t);
		progress(d, t, nodes, tt_hashfull(d->tab.tt));
	}
	next_look(d);
}

bool limits_full_check_due(const Dfpn *d) { return d->run.nodes >= d->run.next_full; }

bool limits_poll(Dfpn *d, int hashfull)
{
	double t = clock_now();
	if (!look(d, t))
		progress(d, t, limits_count(d), hashfull);
	return d->run.stopped;
}

void limits_report(Dfpn *d)
{
	const DfpnLimits *lim = d->run.lim;
	if (d->thr.tid != 0 || !lim || !lim->progress)
		return;
	double t = clock_now();
	/* (out of the schedule of the reports: it goes on as it was) */
	/* d->run.nodes, not limits_count: between searches (hold_line) the
	 * helpers' nodes are in it, and the pool's over flag of the search
	 * just ended must not stop the next one (pool_adopt_stop) */
	lim->progress(lim->progress_arg, d->run.nodes, t - d->run.start, tt_hashfull(d->tab.tt));
}

/* ---- a budget shared by searches one after another (dfpn_types.h) ---- */

void dfpn_budget_begin(DfpnBudget *b, const DfpnLimits *lim)
{
	memset(b, 0, sizeof *b);
	b->lim = lim;
	b->start = clock_now();
}

void dfpn_budget_spend(DfpnBudget *b, uint64_t nodes) { b->nodes += nodes; }

bool dfpn_budget_next(const DfpnBudget *b, DfpnLimits *sub)
{
	if (!b->lim) {
		memset(sub, 0, sizeof *sub);
		return true;
	}
	*sub = *b->lim;
	sub->progress = NULL;
	sub->probe_len = 0; /* (a probe is one search's) */
	if (b->lim->stop && atomic_load(b->lim->stop))
		return false;
	if (b->lim->max_nodes) {
		if (b->nodes >= b->lim->max_nodes)
			return false;
		sub->max_nodes = b->lim->max_nodes - b->nodes;
	}
	if (b->lim->max_time_ms) {
		int64_t left = b->lim->max_time_ms - (int64_t)((clock_now() - b->start) * 1000.0);
		if (left <= 0)
			return false;
		sub->max_time_ms = left;
	}
	if (b->cap_nodes) {
		if (b->nodes >= b->cap_nodes)
			return false;
		if (!sub->max_nodes || sub->max_nodes > b->cap_nodes - b->nodes)
			sub->max_nodes = b->cap_nodes - b->nodes;
	}
	if (b->cap_time > 0) {
		int64_t left = (int64_t)((b->cap_time - clock_now()) * 1000.0);
		if (left <= 0)
			return false;
		if (!sub->max_time_ms || sub->max_time_ms > left)
			sub->max_time_ms = left;
	}
	return true;
}

DfpnStopReason dfpn_budget_spent(const DfpnBudget *b)
{
	if (!b->lim)
		return DFPN_STOP_NONE;
	if (b->lim->stop && atomic_load(b->lim->stop))
		return DFPN_STOP_USER;
	if (b->lim->max_nodes && b->nodes >= b->lim->max_nodes)
		return DFPN_STOP_NODES;
	if (b->lim->max_time_ms && (clock_now() - b->start) * 1000.0 >= (double)b->lim->max_time_ms)
		return DFPN_STOP_TIME;
	/* the share's (cap_nodes, cap_time) */
	return b->cap_nodes && b->nodes >= b->cap_nodes ? DFPN_STOP_NODES : DFPN_STOP_TIME;
}

void dfpn_budget_share(DfpnBudget *b, unsigned parts)
{
	if (b->lim && b->lim->max_nodes)
		b->cap_nodes =
		    b->nodes + (b->lim->max_nodes > b->nodes ? (b->lim->max_nodes - b->nodes) / parts : 0) + 1;
	if (b->lim && b->lim->max_time_ms) {
		double now = clock_now(), left = b->start + b->lim->max_time_ms / 1000.0 - now;
		b->cap_time = now + (left > 0 ? left / parts : 0) + 1e-9;
	}
}

void dfpn_budget_unshare(DfpnBudget *b)
{
	b->cap_nodes = 0;
	b->cap_time = 0;
}
