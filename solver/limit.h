/*
 * limit.h -- a search's budget (DfpnLimits: nodes, time, the stop flag),
 * for one thread or several (parallel.h): the one module that counts the
 * nodes against the limit, splits what is left, decides when the helper
 * threads join and how often each thread looks, and reports progress.  A
 * per-thread node limit, another split or another start rule is a change
 * to limit.c alone.  Not part of the API.
 */
#ifndef TSUME_LIMIT_H
#define TSUME_LIMIT_H

#include "context.h"

/* The node count at which a new search first checks its limits (1,024, or
 * the node limit when smaller). */
uint64_t limits_first_check(const DfpnLimits *lim);

/* The main thread begins its search of the root (search_root): the pool
 * readied (pool_begin), the helpers started at once when
 * d->thr.par_start is 0 (dfpn_set_helper_start). */
void limits_pool_begin(Dfpn *d, int remain);

/* The nodes of the search so far, all threads together (the count a node
 * limit is measured against).  With helpers: this thread's nodes added to
 * the count, the helpers started when due (the main thread after
 * d->thr.par_start nodes), and the thread stopped when another hit a limit
 * or resolved the root. */
uint64_t limits_poll(Dfpn *d);

/* The nodes a sub-search of this thread may spend (a futility verdict's):
 * what is left of the node limit, divided among the threads (each
 * thread's verdict may run at once); UINT64_MAX without a node limit. */
uint64_t limits_nodes_share(Dfpn *d);

/* Stops the search for reason; with helpers, all of them. */
void limits_stop(Dfpn *d, DfpnStopReason reason);

/* Called when d->run.nodes reaches d->run.next_check: sets the next check
 * (every 1,024 nodes, 1,024 / threads with helpers), stops the search at a
 * limit (d->run.stopped, d->run.stop_reason; with helpers, all of them) and
 * reports progress (lim->progress, main thread, every 0.1 s). */
void limits_check(Dfpn *d);

#endif
