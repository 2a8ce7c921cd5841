/* context.c -- a search context: making one, its rule, freeing it, and
 * the reset at the start of every search (context.h). */
#include "context.h"

#include "futile_sub.h"

#include <stdlib.h>

Dfpn *context_new(size_t hash_mb, TT *tt, RepTable *rt)
{
	Dfpn *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->tab.tt = tt;
	d->tab.rt = rt;
	d->tab.hash_mb = hash_mb;
	d->rules.rule = d->rules.count = &FUTILE_NONE;
	/* Microcosmos' main line comes back to positions 100 to 300 plies up the
	 * path; nearly all its other repetitions span under 60 plies */
	d->run.rep_span = DFPN_REP_SPAN_DEFAULT;
	d->thr.par_start = hash_mb * DFPN_HELPER_START_PER_MB;
	if (d->thr.par_start < DFPN_HELPER_START_MIN)
		d->thr.par_start = DFPN_HELPER_START_MIN;
	/* the cache of initial values (initcache.h): 1/64 of the table, 64 KB
	 * to 1 MB, per context (every helper thread has its own).  256 KB,
	 * 1 MB and 4 MB gave the same nodes per second within the noise on
	 * the bench signature set and on Microcosmos' first 5 M nodes */
	size_t ic_bytes = (hash_mb << 20) / 64;
	ic_init(&d->tree.ic, ic_bytes < (64 << 10) ? 64 << 10 : ic_bytes > (1 << 20) ? 1 << 20 : ic_bytes);
	d->tree.arena_cap = 1 << 16;
	d->tree.arena = malloc(d->tree.arena_cap * sizeof *d->tree.arena);
	d->kept.line = malloc(DFPN_MAX_PV * sizeof *d->kept.line);
	if (!d->tree.arena || !d->kept.line || !d->tree.ic.e) {
		ic_free(&d->tree.ic);
		free(d->tree.arena);
		free(d->kept.line);
		free(d);
		return NULL;
	}
	return d;
}

Dfpn *context_own_new(size_t hash_mb, const FutileRule *rule)
{
	hash_mb = hash_mb < 1 ? 1 : hash_mb;
	Dfpn *d = context_new(hash_mb, NULL, NULL);
	if (!d)
		return NULL;
	/* 1/16 of the memory for the repetition table, the rest for the TT */
	size_t bytes = hash_mb << 20;
	size_t rt_bytes = bytes / 16;
	d->tab.tt = &d->tab.tt_own;
	d->tab.rt = &d->tab.rt_own;
	/* the table is empty: no clearing needed to take the rule;
	 * context_free frees what was allocated (tt_free and rt_free take an
	 * empty table) */
	if (rt_init(&d->tab.rt_own, rt_bytes) != 0 || tt_init(&d->tab.tt_own, bytes - rt_bytes) != 0 ||
	    !context_take_rule(d, rule)) {
		context_free(d);
		return NULL;
	}
	return d;
}

bool context_take_rule(Dfpn *d, const FutileRule *rule)
{
	if (rule->searched && !d->rules.sub) {
		size_t mb = d->tab.hash_mb / 8;
		d->rules.sub = context_sub_new(mb < 4 ? 4 : mb, d->tab.tt);
		if (!d->rules.sub)
			return false;
	}
	d->rules.rule = d->rules.count = rule;
	d->tab.tt->rule = rule->id; /* the table's tag (tt.h) */
	return true;
}

void context_take_count(Dfpn *d, const FutileRule *count, bool bounding)
{
	d->rules.count = count;
	d->tab.tt->bounding = bounding;
	/* the initial values stay: a bounding rule tests futility too, as
	 * narrowly (initcache.h) */
}

void context_clear(Dfpn *d)
{
	tt_clear(d->tab.tt);
	if (!d->rules.borrowed)
		context_sub_clear(d->rules.sub);
}

FutileSub *context_sub_new(size_t hash_mb, const TT *tt)
{
	FutileSub *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->hash_mb = hash_mb;
	s->tt = tt;
	s->cache = calloc((size_t)1 << FUTILE_SUB_CACHE_BITS, sizeof *s->cache);
	s->nogain = calloc((size_t)1 << FUTILE_SUB_CACHE_BITS, sizeof *s->nogain);
	s->salt = 0x9e3779b97f4a7c15ull;
	s->budget = UINT64_MAX;
	if (!s->cache || !s->nogain) {
		context_sub_free(s);
		return NULL;
	}
	return s;
}

void context_sub_clear(FutileSub *s)
{
	if (!s)
		return;
	if (s->d)
		context_clear(s->d);
	/* O(1): a new salt instead of a memset of the caches (verify clears
	 * several times a problem) */
	s->salt += 0x9e3779b97f4a7c15ull;
}

void context_sub_free(FutileSub *s)
{
	if (!s)
		return;
	context_free(s->d);
	context_free(s->lower);
	context_free(s->fresh);
	free(s->cache);
	free(s->nogain);
	free(s);
}

Dfpn *context_helper_new(const Dfpn *main, int tid)
{
	Dfpn *h = context_new(main->tab.hash_mb, main->tab.tt, main->tab.rt);
	if (!h)
		return NULL;
	h->thr.tid = tid;
	if (!context_take_rule(h, main->rules.rule)) {
		context_free(h);
		return NULL;
	}
	return h;
}

void context_free(Dfpn *d)
{
	if (!d)
		return;
	if (d->thr.tid == 0) {
		tt_free(&d->tab.tt_own);
		rt_free(&d->tab.rt_own);
	}
	if (!d->rules.borrowed)
		context_sub_free(d->rules.sub);
	ic_free(&d->tree.ic);
	free(d->tree.arena);
	free(d->kept.line);
	free(d);
}

void context_begin(Dfpn *d, Color attacker, const DfpnLimits *lim, double start, uint64_t next_check)
{
	d->run.attacker = attacker;
	d->run.lim = lim;
	d->run.nodes = 0;
	d->run.next_check = next_check;
	d->run.next_full = next_check;
	d->run.start = start;
	d->run.next_progress = start + LIMITS_PROGRESS_EVERY;
	d->run.stopped = false;
	d->run.stop_reason = DFPN_STOP_NONE;
	d->run.verdict_cut = false;
	d->thr.published = 0;
	d->thr.helper_nodes = 0;
	d->thr.superseded = false;
	d->tree.arena_top = 0;
	d->rules.sub_nodes_seen = d->rules.sub ? futile_sub_nodes(d->rules.sub) : 0;
}
