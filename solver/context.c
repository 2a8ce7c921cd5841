/* context.c -- a search context: making one, its rule, freeing it, and
 * the reset at the start of every search (context.h). */
#include "context.h"

#include "futile_sub.h"

#include <stdlib.h>

Dfpn *context_new(size_t hash_mb, TT *tt, RepTable *rt, const FutileSearchOps *ops)
{
	Dfpn *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->tab.tt = tt;
	d->tab.rt = rt;
	d->tab.hash_mb = hash_mb;
	d->rules.count = DFPN_FUTILE_NONE;
	d->rules.fut = FUTILITY_NONE;
	d->rules.ops = ops;
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

bool context_take_rule(Dfpn *d, DfpnFutileRule rule)
{
	bool sub = dfpn_futile_searches(rule);
	if (sub && !d->rules.sub) {
		size_t mb = d->tab.hash_mb / 8;
		d->rules.sub = futile_sub_new(mb < 4 ? 4 : mb, d->tab.tt, d->rules.ops);
		if (!d->rules.sub)
			return false;
	}
	d->rules.count = rule;
	d->rules.fut = futile_rule(rule, d->rules.sub, &FUTILE_SUB_TESTS);
	d->tab.tt->rule = rule; /* the one place the rule is kept (tt.h) */
	return true;
}

void context_take_count(Dfpn *d, bool bounding)
{
	DfpnFutileRule count = bounding ? dfpn_futile_bounding(d->tab.tt->rule) : d->tab.tt->rule;
	d->rules.count = count;
	d->rules.fut = futile_rule(count, d->rules.sub, &FUTILE_SUB_TESTS);
	d->tab.tt->bounding = bounding;
	/* the initial values stay: a bounding rule tests futility too, as
	 * narrowly (initcache.h) */
}

Dfpn *context_helper_new(const Dfpn *main, int tid)
{
	Dfpn *h = context_new(main->tab.hash_mb, main->tab.tt, main->tab.rt, main->rules.ops);
	if (!h)
		return NULL;
	h->thr.tid = tid;
	if (!context_take_rule(h, main->tab.tt->rule)) {
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
	futile_sub_free(d->rules.sub);
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
	d->run.start = start;
	d->run.last_progress = start;
	d->run.stopped = false;
	d->run.stop_reason = DFPN_STOP_NONE;
	d->thr.published = 0;
	d->thr.superseded = false;
	d->tree.arena_top = 0;
	d->rules.sub_nodes_seen = d->rules.sub ? futile_sub_nodes(d->rules.sub) : 0;
}
