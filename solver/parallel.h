/*
 * parallel.h -- one search on several threads (dfpn_set_threads): helper
 * threads searching the same root over the shared tables.  Not part of the
 * API.
 *
 * The scheme is the shared-table parallelism of chess engines' "lazy SMP"
 * (Stockfish, Ethereal) and of KomoringHeights 1.x for df-pn: every thread
 * runs the whole df-pn search of the root (search_root) on its own path,
 * position and children arena, and the threads meet only in the
 * transposition table and the repetition table, whose entries are written as
 * whole 64-bit words with an XOR-checked key (tt.h, reptable.h: a slot torn
 * by a concurrent write reads as a miss).  Helpers differ from the main
 * thread in how far past the second-best child they search one (the
 * 1+epsilon threshold, search.c) and in stepping aside from a child another
 * thread is on (below), so that they spread over the tree rather than
 * follow the main thread; what one thread proves, the others read.
 *
 * Soundness: a table entry is a fact about a position (a proof or a
 * disproof within a length, with its hand), true whichever thread stored
 * it; a result resting on a repetition is kept only under its path key
 * (reptable.h), a hash of the moves from the root, so a thread finds it only
 * on the very path whose repetition it rests on (the GHI rule of dfpn.h
 * holds per path, whichever thread walks it).  The threads share no other
 * search state.
 *
 * In the re-searches for a shorter mate (a length budget, the line of the
 * last mate held: DfpnRun.ladder) a helper first searches the line's
 * attacker positions from deep to shallow, each within what the budget
 * leaves it there, and then the root: a long line's "no mate within N" is
 * a chain that both threads would walk from the top, where the main thread
 * now finds its lower part resolved.  A search under a length budget sends
 * its helpers away once the table is full (limit.h, pool_retire).
 *
 * The first thread to resolve the root ends the phase: the others stop at
 * their next limit check (every 1,024 nodes) and the root's values are the
 * first thread's.  Limits (nodes, time, the stop flag) hold for all the
 * threads together.  Helpers join a search only once it has run
 * d->thr.par_start nodes (dfpn_set_helper_start), so that the many small
 * searches of the main line and of verify cost no thread wake-up, and the
 * table is made resident (tt_populate) only for a search long enough to
 * pay for it.
 */
#ifndef TSUME_PARALLEL_H
#define TSUME_PARALLEL_H

#include "context.h"

/* Nodes being searched (a cheap form of Kaneko's virtual proof numbers,
 * "Parallel depth first proof number search", AAAI 2010): each thread
 * counts the nodes on its path in a table of 2^POOL_BUSY_BITS counters
 * indexed by path key (reptable.h); a helper about to descend into a child
 * that another thread is searching counts that child's phi as 1.5 times
 * what it is and takes a sibling nobody is searching when one is then
 * better (divert in search.c).  Two threads on one path from the root
 * would do the same work twice; a path key is the same for the same moves
 * from the root on every thread.  Collisions only make a helper take a
 * sibling needlessly.  The main thread never diverts: it searches as one
 * thread would, over a table the helpers fill too. */
#define POOL_BUSY_BITS 16

static inline _Atomic uint32_t *busy_slot(_Atomic uint32_t *busy, uint64_t path_key)
{
	return &busy[path_key >> (64 - POOL_BUSY_BITS)];
}

/* The node with this path key is on a thread's path from now on / no more. */
static inline void busy_enter(_Atomic uint32_t *busy, uint64_t path_key)
{
	atomic_fetch_add_explicit(busy_slot(busy, path_key), 1, memory_order_relaxed);
}

static inline void busy_leave(_Atomic uint32_t *busy, uint64_t path_key)
{
	atomic_fetch_sub_explicit(busy_slot(busy, path_key), 1, memory_order_relaxed);
}

/* Is the node with this path key on some thread's path? */
static inline bool busy_is(_Atomic uint32_t *busy, uint64_t path_key)
{
	return atomic_load_explicit(busy_slot(busy, path_key), memory_order_relaxed) != 0;
}

/* The search a helper runs on its context from the root it is handed
 * (search_root in search.h, handed in by the pool's maker so that this
 * module does not depend on the search that depends on it). */
typedef NodeResult (*DfpnRootSearch)(Dfpn *d, int remain);

/* A pool of `helpers` (>= 1) helper threads for main, each with a context
 * of its own sharing main's tables and rule (context_helper_new), each
 * running `search` when a search_root hands it the root.  NULL when memory
 * or a thread cannot be had. */
DfpnPool *pool_new(Dfpn *main, int helpers, DfpnRootSearch search);
/* Stops and joins the threads and frees the helpers.  p may be NULL. */
void pool_free(DfpnPool *p);
/* The number of helpers (0 for NULL) and helper i (0 <= i < that). */
int pool_helpers(const DfpnPool *p);
Dfpn *pool_helper(const DfpnPool *p, int i);

/* The main thread starts its search of the root (search_root) from
 * d->tree.pos (d->run.root_ply, d->run.root_len set); no helper runs yet
 * (the search starts them, pool_start, when limit.h says they are due). */
void pool_begin(Dfpn *d, int remain);
/* Hands the root to the helpers and wakes them, each checking its limits
 * every check_interval nodes (limit.h says when, and the interval; the
 * search calls it: search.c, the one place). */
void pool_start(Dfpn *d, uint64_t check_interval);
/* Adds the thread's nodes since its last call to the search's count;
 * returns the nodes of the search so far, all threads together (the count
 * a node limit is measured against). */
uint64_t pool_publish(Dfpn *d);
/* The main thread's search has not handed its root to the helpers yet;
 * the main thread's nodes when its search began; the table made resident
 * (tt_populate) by an earlier start. */
bool pool_pending(const Dfpn *d);
/* The helpers have been handed this search's root and may be searching
 * (until pool_end): the table is not the main thread's alone. */
bool pool_started(const Dfpn *d);
/* The main thread makes the table its own for a moment (to grow it,
 * tt_grow): pool_pause returns once every helper still searching has
 * parked at its next limit check (pool_park), where it holds no pointer
 * into the table; pool_resume lets them go on.  Between the two the
 * helpers touch nothing shared. */
void pool_pause(Dfpn *d);
void pool_resume(Dfpn *d);
/* Has the main thread asked the helpers to park (a relaxed read, for the
 * helpers' limit check)?  false without a pool. */
bool pool_held(const Dfpn *d);
/* A helper, at its limit check, parks until the main thread resumes. */
void pool_park(Dfpn *d);
uint64_t pool_base(const Dfpn *d);
bool pool_populated(const Dfpn *d);
/* Stops the thread (d->run.stopped; d->thr.superseded, or the limit another
 * thread hit as d->run.stop_reason) when the search is over. */
void pool_adopt_stop(Dfpn *d);
/* The helpers stop at their next limit check -- pool_retire returns once
 * they have -- and the main thread searches on alone, for the rest of
 * this search (pool_begin starts the next with its helpers), its open
 * entries stored as on one thread (TT.shared off); whether that was
 * asked. */
void pool_retire(Dfpn *d);
bool pool_retired(const Dfpn *d);
/* A thread hit a limit (reason): every thread stops with it. */
void pool_limit(Dfpn *d, DfpnStopReason reason);
/* The main thread's search_root is over with values r: stops and joins the
 * helpers, adds their nodes to d->run.nodes and returns the root's values -- r,
 * or a helper's when it resolved the root and r is not resolved. */
NodeResult pool_end(Dfpn *d, NodeResult r);

/* Lockstep, a measuring mode (dfpn_set_lockstep): the threads of a search
 * run one at a time, each `slice` nodes (to its first limit check past
 * them; the limits are checked as often as ever) before it hands a baton
 * to the next thread by tid, so that the nodes every
 * thread searches, and so the node overhead of N threads, are the same
 * from run to run and whatever the cores.  The baton is passed where a
 * thread would park (its limit check, the start and end of its search),
 * so pool_pause and pool_resume have nothing to wait for.  slice 0: off
 * (real concurrency).  Set between searches only. */
void pool_set_lockstep(DfpnPool *p, uint64_t slice);
/* The slice (0: off, or p NULL). */
uint64_t pool_slice(const DfpnPool *p);
/* At a limit check: in lockstep, with the helpers in the search and the
 * thread's slice run, hands the baton on and waits for it back; else
 * nothing. */
void pool_lockstep_yield(Dfpn *d);

#endif
