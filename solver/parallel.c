/* parallel.c -- helper threads for one search (see parallel.h). */
#include "parallel.h"

#include "clock.h"

#include <pthread.h>
#include <stdlib.h>

struct DfpnPool {
	int n;                 /* helpers */
	DfpnRootSearch search; /* what a helper runs (pool_new) */
	Dfpn **helper;         /* n contexts, helper[i]->thr.tid = i + 1 */
	pthread_t *thread;
	int spawned; /* threads created */
	pthread_mutex_t mu;
	pthread_cond_t wake;   /* a job or quit for the helpers */
	pthread_cond_t idle;   /* running fell to 0, or a helper parked (pool_pause) */
	pthread_cond_t resume; /* the pause is over */
	pthread_cond_t baton;  /* lockstep: the baton changed hands */
	uint64_t slice;        /* lockstep: nodes a thread runs with the baton (0: off) */
	/* under mu */
	uint64_t job; /* jobs handed out so far */
	int running;  /* helpers still running the current job */
	int parked;   /* of them, waiting for the pause to end (pool_park) */
	bool quit;
	bool populated;     /* tt_populate done: main thread only */
	int remain;         /* the job's length budget */
	const Move *ladder; /* the job's line to start below (DfpnRun.ladder) */
	int ladder_len;
	int turn;      /* lockstep: the tid holding the baton (-1: none) */
	bool *in_ring; /* lockstep: the threads (by tid) in the current search */
	bool have_result;
	NodeResult result; /* the first helper result that resolved the root */
	/* the current search_root, set by the main thread */
	bool pending;  /* pool_begin done, helpers not started yet */
	bool started;  /* helpers started for this search_root */
	uint64_t base; /* main's d->run.nodes at pool_begin */
	/* read and written by every thread */
	atomic_bool hold;                           /* the main thread asks the helpers to park */
	atomic_bool over;                           /* the search is over: stop */
	atomic_bool retire;                         /* the helpers stop, the main thread goes on */
	atomic_int limit;                           /* a DfpnStopReason some thread hit (0: none) */
	_Atomic uint64_t nodes;                     /* nodes since pool_begin, as published */
	_Atomic uint32_t busy[1 << POOL_BUSY_BITS]; /* see busy_enter */
};

/* Lockstep (pool_set_lockstep), mu held: the baton to the next thread in
 * the ring after tid, round by tid (none left: turn -1). */
static void baton_pass(DfpnPool *p, int tid)
{
	p->turn = -1;
	for (int k = 1; k <= p->n + 1; k++) {
		int j = (tid + k) % (p->n + 1);
		if (p->in_ring[j]) {
			p->turn = j;
			break;
		}
	}
	pthread_cond_broadcast(&p->baton);
}

/* Lockstep, mu held: waits until thread tid holds the baton. */
static void baton_wait(DfpnPool *p, int tid)
{
	while (p->turn != tid)
		pthread_cond_wait(&p->baton, &p->mu);
}

/* Where on the line a helper starts, as eighths of its length: the helpers
 * take them in turn (helper i the i-th, the (i + H)-th, ...: H helpers),
 * deepest first, then join the others at the root. */
static const int LADDER_EIGHTHS[] = {7, 6, 5, 4, 3, 2, 1};
#define LADDER_MIN_PLY 8

/* Before the root, a helper in a search with a line to start below
 * (DfpnRun.ladder: the re-searches for a shorter mate, with the line of the
 * last mate held) searches the line's attacker positions from deep to
 * shallow, each within what the budget leaves it there: a narrow proof or
 * disproof of the root -- a long line's "no mate within N" -- is a chain
 * whose lower part the main thread then finds resolved in the table, where
 * at the root both threads would walk the same chain.  Each position's
 * result is a fact about it, stored as any search's; the path is the
 * line's own from the root (reptable.h: path keys), so repetitions are
 * those of the main thread's path through it.  Stops when the search is
 * over (h->run.stopped). */
static void climb_ladder(DfpnPool *p, Dfpn *h, int remain)
{
	if (!p->ladder)
		return;
	int n = (int)(sizeof LADDER_EIGHTHS / sizeof *LADDER_EIGHTHS);
	for (int j = h->thr.tid - 1; j < n && !h->run.stopped; j += p->n) {
		int ply = p->ladder_len * LADDER_EIGHTHS[j] / 8 & ~1; /* (an attacker position) */
		if (ply < LADDER_MIN_PLY || ply >= p->ladder_len || remain - ply < 1)
			continue;
		for (int k = 0; k < ply; k++) {
			pos_do_move(&h->tree.pos, p->ladder[k]);
			path_push(&h->tree.path, &h->tree.pos, h->run.attacker, p->ladder[k]);
		}
		p->search(h, remain - ply);
		for (int k = ply - 1; k >= 0; k--) {
			path_pop(&h->tree.path);
			pos_undo_move(&h->tree.pos, p->ladder[k]);
		}
	}
}

static void *helper_main(void *arg)
{
	Dfpn *h = arg;
	DfpnPool *p = h->thr.pool;
	uint64_t seen = 0;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->quit && p->job == seen)
			pthread_cond_wait(&p->wake, &p->mu);
		if (p->quit)
			break;
		seen = p->job;
		int remain = p->remain;
		if (p->slice)
			baton_wait(p, h->thr.tid);
		pthread_mutex_unlock(&p->mu);
		climb_ladder(p, h, remain);
		NodeResult r = h->run.stopped ? (NodeResult){.pn = 1, .dn = 1} : p->search(h, remain);
		pthread_mutex_lock(&p->mu);
		if ((r.pn == 0 || r.dn == 0) && !p->have_result) {
			p->have_result = true;
			p->result = r;
			atomic_store(&p->over, true);
		}
		if (p->slice) {
			p->in_ring[h->thr.tid] = false;
			if (p->turn == h->thr.tid)
				baton_pass(p, h->thr.tid);
		}
		p->running--;
		pthread_cond_signal(&p->idle); /* (pool_end, pool_pause wait for it) */
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

DfpnPool *pool_new(Dfpn *main, int helpers, DfpnRootSearch search)
{
	DfpnPool *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->search = search;
	p->helper = calloc((size_t)helpers, sizeof *p->helper);
	p->thread = calloc((size_t)helpers, sizeof *p->thread);
	p->in_ring = calloc((size_t)helpers + 1, sizeof *p->in_ring);
	p->turn = -1;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->baton, NULL);
	pthread_cond_init(&p->wake, NULL);
	pthread_cond_init(&p->idle, NULL);
	pthread_cond_init(&p->resume, NULL);
	atomic_init(&p->hold, false);
	atomic_init(&p->over, false);
	atomic_init(&p->retire, false);
	atomic_init(&p->limit, 0);
	atomic_init(&p->nodes, 0);
	for (size_t i = 0; i < sizeof p->busy / sizeof *p->busy; i++)
		atomic_init(&p->busy[i], 0);
	if (!p->helper || !p->thread || !p->in_ring) {
		pool_free(p);
		return NULL;
	}
	for (int i = 0; i < helpers; i++) {
		p->helper[i] = context_helper_new(main, i + 1);
		if (!p->helper[i]) {
			pool_free(p);
			return NULL;
		}
		p->helper[i]->thr.pool = p;
		p->helper[i]->thr.busy = p->busy;
		p->n = i + 1;
	}
	for (int i = 0; i < helpers; i++) {
		if (pthread_create(&p->thread[i], NULL, helper_main, p->helper[i]) != 0) {
			pool_free(p);
			return NULL;
		}
		p->spawned = i + 1;
	}
	return p;
}

void pool_free(DfpnPool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->quit = true;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->spawned; i++)
		pthread_join(p->thread[i], NULL);
	for (int i = 0; i < p->n; i++)
		context_free(p->helper[i]);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->wake);
	pthread_cond_destroy(&p->idle);
	pthread_cond_destroy(&p->resume);
	pthread_cond_destroy(&p->baton);
	free(p->in_ring);
	free(p->helper);
	free(p->thread);
	free(p);
}

int pool_helpers(const DfpnPool *p) { return p ? p->n : 0; }

Dfpn *pool_helper(const DfpnPool *p, int i) { return p->helper[i]; }

void pool_begin(Dfpn *d, int remain)
{
	DfpnPool *p = d->thr.pool;
	p->pending = true;
	p->started = false;
	p->remain = remain;
	p->base = d->run.nodes;
	d->thr.published = d->run.nodes;
	atomic_store(&p->over, false);
	atomic_store(&p->retire, false);
	atomic_store(&p->limit, 0);
	atomic_store(&p->nodes, 0);
	p->have_result = false;
}

/* The main thread is inside the search (d->tree.pos, d->tree.path at some
 * node below the root): each helper gets the root by copying them and taking
 * back the moves since the root. */
void pool_start(Dfpn *d, uint64_t check_interval)
{
	DfpnPool *p = d->thr.pool;
	if (!p->populated) {
		/* the first search long enough for helpers: the whole table made
		 * resident now, before the helpers run (tt_populate) */
		p->populated = true;
		if (!d->tab.tt->resident)
			tt_populate(d->tab.tt);
	}
	for (int i = 0; i < p->n; i++) {
		Dfpn *h = p->helper[i];
		pos_copy(&h->tree.pos, &d->tree.pos);
		for (int k = d->tree.path.len - 1; k >= d->run.root_len; k--)
			pos_undo_move(&h->tree.pos, d->tree.path.moves[k]);
		path_copy_prefix(&h->tree.path, &d->tree.path, d->run.root_len);
		context_begin(h, d->run.attacker, d->run.lim, d->run.start, check_interval);
		h->thr.baton_at = p->slice;
		h->run.rep_span = d->run.rep_span;
		h->first = d->first;
	}
	/* the main thread's path counts as searched from now on: its frames
	 * above the current node leave it when they return (mid), the current
	 * node enters after its expansion */
	d->thr.busy = p->busy;
	d->tab.tt->shared = true;
	for (int k = d->run.root_len - 1; k < d->tree.path.len - 1; k++)
		busy_enter(p->busy, d->tree.path.hash[k]);
	pthread_mutex_lock(&p->mu);
	p->ladder = d->run.ladder;
	p->ladder_len = d->run.ladder_len;
	if (p->slice) {
		/* every thread in the ring; the main thread holds the baton */
		d->thr.baton_at = d->run.nodes + p->slice;
		for (int i = 0; i <= p->n; i++)
			p->in_ring[i] = true;
		p->turn = 0;
	}
	p->job++;
	p->running = p->n;
	pthread_cond_broadcast(&p->wake);
	pthread_mutex_unlock(&p->mu);
	p->started = true;
	p->pending = false;
}

uint64_t pool_publish(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	uint64_t add = d->run.nodes - d->thr.published;
	d->thr.published = d->run.nodes;
	uint64_t job = atomic_fetch_add_explicit(&p->nodes, add, memory_order_relaxed) + add;
	return p->base + job;
}

bool pool_pending(const Dfpn *d) { return d->thr.pool->pending; }

void pool_pause(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	if (p->slice)
		return; /* the others wait for the baton where they would park */
	pthread_mutex_lock(&p->mu);
	atomic_store(&p->hold, true);
	while (p->parked < p->running)
		pthread_cond_wait(&p->idle, &p->mu);
	/* mu stays locked: a helper woken by its cond_wait needs it */
}

void pool_resume(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	if (p->slice)
		return;
	atomic_store(&p->hold, false);
	pthread_cond_broadcast(&p->resume);
	pthread_mutex_unlock(&p->mu);
}

bool pool_held(const Dfpn *d) { return d->thr.pool && atomic_load_explicit(&d->thr.pool->hold, memory_order_relaxed); }

void pool_park(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	pthread_mutex_lock(&p->mu);
	if (atomic_load(&p->hold)) {
		p->parked++;
		pthread_cond_signal(&p->idle);
		while (atomic_load(&p->hold))
			pthread_cond_wait(&p->resume, &p->mu);
		p->parked--;
	}
	pthread_mutex_unlock(&p->mu);
}

bool pool_started(const Dfpn *d) { return d->thr.pool && d->thr.pool->started; }

uint64_t pool_base(const Dfpn *d) { return d->thr.pool->base; }

bool pool_populated(const Dfpn *d) { return d->thr.pool->populated; }

void pool_adopt_stop(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	int limit = atomic_load_explicit(&p->limit, memory_order_relaxed);
	if (limit != 0 && !d->run.stopped) {
		d->run.stopped = true;
		d->run.stop_reason = (DfpnStopReason)limit;
	}
	if (!d->run.stopped && (atomic_load_explicit(&p->over, memory_order_acquire) ||
	                        (d->thr.tid != 0 && atomic_load_explicit(&p->retire, memory_order_relaxed)))) {
		d->run.stopped = true;
		d->thr.superseded = true;
	}
}

/* The main thread, mu held, the helpers told to stop (over or retire):
 * waits until every helper has left its search -- in lockstep, handing
 * them the baton so that each runs to its next check and leaves the ring. */
static void wait_helpers_out(DfpnPool *p)
{
	if (p->slice) {
		p->in_ring[0] = false;
		baton_pass(p, 0);
	}
	while (p->running > 0)
		pthread_cond_wait(&p->idle, &p->mu);
}

void pool_retire(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	atomic_store_explicit(&p->retire, true, memory_order_relaxed);
	pthread_mutex_lock(&p->mu);
	wait_helpers_out(p);
	if (p->slice) {
		p->in_ring[0] = true;
		p->turn = 0;
	}
	pthread_mutex_unlock(&p->mu);
	/* the helpers have stopped: the main thread's store is the latest
	 * word on a position again, as on one thread (TT.shared) */
	d->tab.tt->shared = false;
}

bool pool_retired(const Dfpn *d) { return atomic_load_explicit(&d->thr.pool->retire, memory_order_relaxed); }

void pool_limit(Dfpn *d, DfpnStopReason reason)
{
	DfpnPool *p = d->thr.pool;
	int none = 0;
	atomic_compare_exchange_strong(&p->limit, &none, (int)reason);
	atomic_store(&p->over, true);
}

NodeResult pool_end(Dfpn *d, NodeResult r)
{
	DfpnPool *p = d->thr.pool;
	p->pending = false;
	if (!p->started)
		return r;
	p->started = false;
	d->thr.busy = NULL; /* every frame of the search has left */
	atomic_store(&p->over, true);
	pthread_mutex_lock(&p->mu);
	wait_helpers_out(p);
	p->turn = -1;
	for (int i = 0; i < p->n; i++) {
		d->run.nodes += p->helper[i]->run.nodes;
		d->thr.helper_nodes += p->helper[i]->run.nodes;
	}
	if (r.pn != 0 && r.dn != 0 && p->have_result)
		r = p->result;
	pthread_mutex_unlock(&p->mu);
	d->tab.tt->shared = false; /* the helpers have stopped */
	d->thr.published = d->run.nodes;
	if (d->thr.superseded) {
		/* stopped only because a helper resolved the root */
		d->thr.superseded = false;
		if (d->run.stop_reason == DFPN_STOP_NONE)
			d->run.stopped = false;
	}
	return r;
}

void pool_set_lockstep(DfpnPool *p, uint64_t slice) { p->slice = slice; }

uint64_t pool_slice(const DfpnPool *p) { return p ? p->slice : 0; }

void pool_lockstep_yield(Dfpn *d)
{
	DfpnPool *p = d->thr.pool;
	if (!p || !p->slice || (d->thr.tid == 0 && !p->started) || d->run.nodes < d->thr.baton_at)
		return;
	pthread_mutex_lock(&p->mu);
	baton_pass(p, d->thr.tid);
	baton_wait(p, d->thr.tid);
	pthread_mutex_unlock(&p->mu);
	d->thr.baton_at = d->run.nodes + p->slice;
}
