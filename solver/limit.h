/*
 * limit.h -- a search's limits (DfpnLimits: nodes, time, the stop flag)
 * and its progress reports, for one thread or several (parallel.h).  Not
 * part of the API.
 */
#ifndef TSUME_LIMIT_H
#define TSUME_LIMIT_H

#include "context.h"

/* Stops the search for reason; with helpers, all of them. */
void limits_stop(Dfpn *d, DfpnStopReason reason);

/* Called when d->run.nodes reaches d->run.next_check: sets the next check
 * (every 1,024 nodes, 1,024 / threads with helpers), stops the search at a
 * limit (d->run.stopped, d->run.stop_reason; with helpers, all of them) and
 * reports progress (lim->progress, main thread, every 0.1 s). */
void limits_check(Dfpn *d);

#endif
