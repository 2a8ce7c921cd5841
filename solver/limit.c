/* limit.c -- a search's limits: nodes, time, the stop flag and progress
 * reports (limit.h). */
#include "limit.h"

#include "clock.h"
#include "parallel.h"

void limits_stop(Dfpn *d, DfpnStopReason reason)
{
	d->run.stopped = true;
	d->run.stop_reason = reason;
	if (d->thr.pool)
		pool_limit(d, reason);
}

void limits_check(Dfpn *d)
{
	/* with T threads each checks every 1,024 / T nodes (at least 16): the
	 * limits then hold within about 1,024 nodes of the total, and within a
	 * few milliseconds however many threads share the cores */
	d->run.next_check = d->run.nodes + (d->thr.pool ? pool_check_interval(d->thr.pool) : 1024);
	if (d->thr.tid == 0 && !d->tab.tt->huge && d->run.nodes >= 1000000)
		tt_advise_huge(d->tab.tt); /* a long search: worth 2 MB pages (tt.c) */
	/* the nodes of the search, all threads together */
	uint64_t nodes = d->thr.pool ? pool_poll(d) : d->run.nodes;
	const DfpnLimits *lim = d->run.lim;
	if (!lim || d->run.stopped)
		return;
	if (lim->max_nodes && nodes >= lim->max_nodes)
		limits_stop(d, DFPN_STOP_NODES);
	else if (lim->max_nodes && lim->max_nodes - nodes < 1024)
		d->run.next_check = d->run.nodes + (lim->max_nodes - nodes); /* check again at the limit */
	if (lim->stop && atomic_load(lim->stop))
		limits_stop(d, DFPN_STOP_USER);
	double t = clock_now();
	if (lim->max_time_ms && (t - d->run.start) * 1000.0 >= (double)lim->max_time_ms)
		limits_stop(d, DFPN_STOP_TIME);
	if (d->thr.tid == 0 && lim->progress && t - d->run.last_progress >= 0.1) {
		d->run.last_progress = t;
		lim->progress(lim->progress_arg, nodes, t - d->run.start, tt_hashfull(d->tab.tt));
	}
}
