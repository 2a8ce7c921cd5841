/*
 * limit.h -- a search's budget (DfpnLimits: nodes, time, the stop flag),
 * for one thread or several (parallel.h): the one module that counts the
 * nodes against the limit, splits what is left, says when the helper
 * threads are due to join and how often each thread looks, and reports
 * progress.  Its questions have no side effect beyond counting nodes and
 * setting the stop state: the search acts on the answers (search.c starts
 * the helpers, makes the table resident).  A per-thread node limit,
 * another split or another start rule is a change to limit.c alone.  Not
 * part of the API.
 */
#ifndef TSUME_LIMIT_H
#define TSUME_LIMIT_H

#include "context.h"

/* The node count at which a new search first checks its limits (1,024, or
 * the node limit when smaller). */
uint64_t limits_first_check(const DfpnLimits *lim);

/* The nodes between two limit checks of this thread: 1,024, or 1,024 / T
 * with T threads (at least 16), or the lockstep slice when smaller. */
uint64_t limits_check_interval(const Dfpn *d);
/* Do the helpers join this search of the root at once (d->thr.par_start 0,
 * dfpn_set_helper_start), when the main thread begins it? */
bool limits_helpers_at_once(const Dfpn *d);
/* Is it time for the main thread to hand its root to the helpers: a search
 * without a length budget or a table not pressed (limit.c), the pool readied and not started (pool_begin),
 * 1,024 nodes of this search and d->thr.par_start in all (at most
 * DFPN_HELPER_START_MIN once the table is resident), not stopped? */
bool limits_helpers_due(const Dfpn *d);
/* Is it time for the helpers to leave a search under a length budget (the
 * main thread's check, helpers searching it): the table has filled to
 * where it replaces (at its full size, TT_GROW_LOAD per mille), and the
 * helpers' entries would push out the main thread's? */
bool limits_helpers_retire(const Dfpn *d);
/* Is the main thread's search long enough to make the table resident at
 * once (a quarter as many nodes as the table has 4 KB pages; tt_populate)? */
bool limits_table_due(const Dfpn *d);
/* Is it time to double the table's part in use (tt_grow): the main
 * thread's check, the part fuller than TT_GROW_LOAD per mille, and it can
 * grow?  (The search pauses its helpers for it: search.c.) */
bool limits_grow_due(const Dfpn *d);
/* ... and to ask for 2 MB pages (a million nodes; tt_advise_huge)? */
bool limits_huge_due(const Dfpn *d);
/* The nodes of the search so far, all threads together (the count a node
 * limit is measured against): with helpers, this thread's nodes added to
 * the pool's count, and the thread stopped when another hit a limit or
 * resolved the root.  It counts and stops, nothing else: the helpers are
 * started by the search (search.c), never here. */
uint64_t limits_count(Dfpn *d);
/* The nodes a sub-search of this thread may spend (a futility verdict's):
 * what is left of the node limit, divided among the threads (each
 * thread's verdict may run at once); UINT64_MAX without a node limit. */
uint64_t limits_nodes_share(Dfpn *d);

/* Stops the search for reason; with helpers, all of them. */
void limits_stop(Dfpn *d, DfpnStopReason reason);

/* The nodes between two looks at the clock of the main thread, between
 * its full checks (limit.c). */
#define LIMITS_LOOK_EVERY 64

/* Called when d->run.nodes reaches d->run.next_check: sets the next check.
 * A full check (every 1,024 nodes, 1,024 / threads with helpers: at
 * d->run.next_full) stops the search at a limit (d->run.stopped,
 * d->run.stop_reason; with helpers, all of them) and reports progress
 * (lim->progress, main thread, every LIMITS_PROGRESS_EVERY seconds);
 * between two, the main thread of a search with a time limit or a stop
 * flag looks at those alone every LIMITS_LOOK_EVERY nodes (and reports
 * progress when due).  The full checks
 * fall on the same node counts with or without the looks. */
void limits_check(Dfpn *d);
/* Is the check due at this node a full one (limits_check)?  The search
 * does its own work of a check (tick in search.c) at full ones only. */
bool limits_full_check_due(const Dfpn *d);
/* Between the steps of work on the main thread that searches no node (a
 * doubling of the table, search.c): the stop flag and the time limit,
 * and the progress report when due, with hashfull as given (the table's
 * use before that work).  Returns whether the search is stopped (then
 * with its reason, as limits_check stops it). */
bool limits_poll(Dfpn *d, int hashfull);
/* Reports the search's progress now (lim->progress, on the main thread),
 * not at the next check: a mate has just been proven and its line held,
 * and a caller that announces each one (USI's info score mate) must see
 * it before a shorter one replaces it.  Between searches on the main
 * thread only (the nodes reported are d->run.nodes). */
void limits_report(Dfpn *d);

#endif
