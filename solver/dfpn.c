/* dfpn.c -- the solver's API (dfpn.h): search contexts, dfpn_solve (first
 * proof, re-searches for a shorter mate, main line) and dfpn_mate_within.
 * The search itself is in search.c, the main line in pv.c. */
#include "dfpn_internal.h"

#include "futile.h"
#include "parallel.h"
#include "pv.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

Dfpn *dfpn_new(size_t hash_mb) { return dfpn_new_with_rule(hash_mb, DFPN_FUTILE_DEFAULT); }

/* A context searching the tables tt and rt (a main context's own, or a
 * helper's main's): the search state, no rule yet (DFPN_FUTILE_NONE; the
 * caller sets one).  NULL when out of memory. */
static Dfpn *context_new(size_t hash_mb, TT *tt, RepTable *rt)
{
	Dfpn *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->tt = tt;
	d->rt = rt;
	d->hash_mb = hash_mb;
	d->rule = DFPN_FUTILE_NONE;
	d->fut = FUTILITY_NONE;
	/* Microcosmos' main line comes back to positions 100 to 300 plies up the
	 * path; nearly all its other repetitions span under 60 plies */
	d->rep_span = DFPN_REP_SPAN_DEFAULT;
	d->par_start = hash_mb * DFPN_HELPER_START_PER_MB;
	if (d->par_start < DFPN_HELPER_START_MIN)
		d->par_start = DFPN_HELPER_START_MIN;
	/* the cache of initial values (initcache.h): 1/64 of the table, 64 KB
	 * to 1 MB, per context (every helper thread has its own).  256 KB,
	 * 1 MB and 4 MB gave the same nodes per second within the noise on
	 * the bench signature set and on Microcosmos' first 5 M nodes */
	size_t ic_bytes = (hash_mb << 20) / 64;
	ic_init(&d->ic, ic_bytes < (64 << 10) ? 64 << 10 : ic_bytes > (1 << 20) ? 1 << 20 : ic_bytes);
	d->arena_cap = 1 << 16;
	d->arena = malloc(d->arena_cap * sizeof *d->arena);
	d->kept_line = malloc(DFPN_MAX_PV * sizeof *d->kept_line);
	if (!d->arena || !d->kept_line || !d->ic.e) {
		ic_free(&d->ic);
		free(d->arena);
		free(d->kept_line);
		free(d);
		return NULL;
	}
	return d;
}

/* Gives d the futile rule `rule`: its sub-search (made once) and the
 * Futility the search takes; d->rule and the table are the caller's. */
static bool take_rule(Dfpn *d, DfpnFutileRule rule)
{
	bool sub = rule == DFPN_FUTILE_BROAD || rule == DFPN_FUTILE_NOGAIN || rule == DFPN_FUTILE_ANSWERED;
	if (sub && !d->sub) {
		size_t mb = d->hash_mb / 8;
		d->sub = futile_sub_new(mb < 4 ? 4 : mb, d->tt);
		if (!d->sub)
			return false;
	}
	d->fut = rule == DFPN_FUTILE_NONE         ? FUTILITY_NONE
	         : rule == DFPN_FUTILE_CAPTURABLE ? FUTILITY_CAPTURABLE
	                                          : FUTILITY_NARROW;
	if (sub)
		d->fut.sub = d->sub;
	d->fut.bounded = rule == DFPN_FUTILE_NOGAIN;
	d->fut.answered = rule == DFPN_FUTILE_ANSWERED;
	d->rule = rule;
	return true;
}

Dfpn *dfpn_new_with_rule(size_t hash_mb, DfpnFutileRule rule)
{
	core_init();
	hash_mb = hash_mb < 1 ? 1 : hash_mb;
	Dfpn *d = context_new(hash_mb, NULL, NULL);
	if (!d)
		return NULL;
	/* 1/16 of the memory for the repetition table, the rest for the TT */
	size_t bytes = hash_mb << 20;
	size_t rt_bytes = bytes / 16;
	d->tt = &d->tt_own;
	d->rt = &d->rt_own;
	/* the table is empty: no clearing needed to take the rule; dfpn_free
	 * frees what was allocated (tt_free and rt_free take an empty table) */
	if (rt_init(&d->rt_own, rt_bytes) != 0 || tt_init(&d->tt_own, bytes - rt_bytes) != 0 || !take_rule(d, rule)) {
		dfpn_free(d);
		return NULL;
	}
	return d;
}

Dfpn *dfpn_helper_new(Dfpn *main, int tid)
{
	Dfpn *h = context_new(main->hash_mb, main->tt, main->rt);
	if (!h)
		return NULL;
	h->tid = tid;
	if (!take_rule(h, main->rule)) {
		dfpn_free(h);
		return NULL;
	}
	return h;
}

void dfpn_free(Dfpn *d)
{
	if (!d)
		return;
	if (d->tid == 0) {
		pool_free(d->pool);
		tt_free(&d->tt_own);
		rt_free(&d->rt_own);
	}
	futile_sub_free(d->sub);
	ic_free(&d->ic);
	free(d->arena);
	free(d->kept_line);
	free(d);
}

void dfpn_clear(Dfpn *d)
{
	tt_clear(d->tt);
	if (d->sub)
		futile_sub_clear(d->sub);
	for (int i = 0; i < pool_helpers(d->pool); i++) {
		Dfpn *h = pool_helper(d->pool, i);
		if (h->sub)
			futile_sub_clear(h->sub);
	}
}

void dfpn_set_repetition_span(Dfpn *d, int plies) { d->rep_span = plies < 4 ? 4 : plies; }

bool dfpn_set_futile(Dfpn *d, DfpnFutileRule rule)
{
	DfpnFutileRule old = d->rule;
	bool ok = take_rule(d, rule);
	for (int i = 0; ok && i < pool_helpers(d->pool); i++)
		ok = take_rule(pool_helper(d->pool, i), rule);
	if (!ok) {
		/* out of memory: every thread back to the old rule (its sub-search,
		 * if it needs one, exists) */
		take_rule(d, old);
		for (int i = 0; i < pool_helpers(d->pool); i++)
			take_rule(pool_helper(d->pool, i), old);
		return false;
	}
	if (old != rule)
		dfpn_clear(d); /* results under one rule are not valid under another */
	return true;
}

bool dfpn_set_threads(Dfpn *d, int threads)
{
	if (threads < 1 || threads > DFPN_MAX_THREADS || d->tid != 0)
		return false;
	if (threads == dfpn_threads(d))
		return true;
	DfpnPool *p = NULL;
	if (threads > 1) {
		p = pool_new(d, threads - 1);
		if (!p)
			return false;
	}
	pool_free(d->pool);
	d->pool = p;
	return true;
}

int dfpn_threads(const Dfpn *d) { return 1 + pool_helpers(d->pool); }

void dfpn_set_helper_start(Dfpn *d, uint64_t nodes) { d->par_start = nodes; }

DfpnFutileRule dfpn_futile(const Dfpn *d) { return d->rule; }

const Futility *dfpn_futility(const Dfpn *d) { return &d->fut; }

bool dfpn_is_mated_in(Dfpn *d, Position *pos) { return futile_is_mated(pos, &d->fut); }

bool dfpn_line_mated(Position *pos, void *arg) { return arg ? dfpn_is_mated_in(arg, pos) : dfpn_is_mated(pos); }

/* Prepares a search from root with the given attacker. */
static void begin_search(Dfpn *d, const Position *root, Color attacker, const DfpnLimits *lim)
{
	pos_copy(&d->pos, root);
	d->attacker = attacker;
	d->lim = lim;
	d->nodes = 0;
	d->sub_nodes_seen = d->sub ? futile_sub_nodes(d->sub) : 0;
	d->next_check = lim && lim->max_nodes && lim->max_nodes < 1024 ? lim->max_nodes : 1024;
	d->start = clock_now();
	d->last_progress = d->start;
	d->stopped = false;
	d->stop_reason = DFPN_STOP_NONE;
	path_reset(&d->path);
	d->arena_top = 0;
	rt_clear(d->rt); /* path keys start from this root */
	path_push(&d->path, pos_key(&d->pos), MOVE_NONE);
}

DfpnStatus dfpn_mate_within(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
                            DfpnBound *out)
{
	begin_search(d, pos, attacker, lim);
	if (max_len > BUDGET_INF - pos->ply)
		max_len = BUDGET_INF - pos->ply;
	NodeResult r = search_root(d, max_len);
	out->status = r.pn == 0 ? DFPN_MATE : r.dn == 0 ? DFPN_NOMATE : DFPN_UNKNOWN;
	out->len = r.pn == 0 ? r.len : 0;
	out->reason = d->stop_reason;
	out->nodes = d->nodes;
	return out->status;
}

/* Takes back the moves played on d->pos since the root ply root_ply. */
static void back_to_root(Dfpn *d, const Move *line, int root_ply)
{
	while (d->pos.ply > root_ply) {
		pos_undo_move(&d->pos, line[d->pos.ply - root_ply - 1]);
		path_pop(&d->path);
	}
}

/* Reads a mating line of the root (an attacker node proven to mate within
 * `bound` plies) from the table's proofs into line (mode PV_TABLE: without
 * search; PV_REPROVE: proving again what the table lost).  Returns
 * its length when it is complete -- odd, every defender choice proven, and
 * ending where the defender is mated under the rule in force -- else 0. */
static int table_line(Dfpn *d, int bound, Move *line, PvMode mode)
{
	int root_ply = d->pos.ply;
	int n = pv_build(d, bound, line, mode, false);
	bool complete = n > 0 && n % 2 == 1 && d->pos.side != d->attacker && futile_is_mated(&d->pos, &d->fut);
	back_to_root(d, line, root_ply);
	return complete ? n : 0;
}

/* After a proof of a mate within bound plies: keeps the table's line if it
 * is complete (see kept_line in dfpn_internal.h), reading it into scratch
 * (DFPN_MAX_PV moves) so that an incomplete one leaves the kept line alone. */
static void keep_line(Dfpn *d, int bound, Move *scratch)
{
	int n = table_line(d, bound, scratch, PV_TABLE);
	if (n > 0) {
		memcpy(d->kept_line, scratch, (size_t)n * sizeof *scratch);
		d->kept_len = n;
		d->kept_bound = bound;
	}
}

DfpnStatus dfpn_solve(Dfpn *d, const Position *root, const DfpnLimits *lim, DfpnResult *res)
{
	memset(res, 0, offsetof(DfpnResult, pv));
	res->nodes_minimize = res->nodes_pv = 0; /* after pv: not cleared above */
	begin_search(d, root, root->side, lim);
	int root_ply = d->pos.ply;

	NodeResult r = search_root(d, BUDGET_INF - root_ply);
	res->nodes_prove = d->nodes;
	if (lim && lim->trace)
		fprintf(lim->trace, "dfpn: first proof: %s, len %d, %llu nodes, %.1f s\n",
		        r.pn == 0 ? "mate" : r.dn == 0 ? "no mate" : "unknown", r.len, (unsigned long long)d->nodes,
		        clock_now() - d->start);
	d->kept_len = 0;
	if (r.pn == 0) {
		int best = r.len;
		bool minimal = false;
		keep_line(d, best, res->pv);
		while (!d->stopped && !(lim && lim->first_mate_only)) {
			if (best <= 1) {
				minimal = true;
				break;
			}
			NodeResult s = search_root(d, best - 2);
			if (lim && lim->trace)
				fprintf(lim->trace, "dfpn: mate within %d: %s %d, %llu nodes, %.1f s\n", best - 2,
				        s.pn == 0 ? "yes, len" : s.dn == 0 ? "no, bound" : "unknown, bound", s.pn == 0 ? s.len : best - 2,
				        (unsigned long long)d->nodes, clock_now() - d->start);
			if (s.pn == 0) {
				best = s.len;
				keep_line(d, best, res->pv);
			} else if (s.dn == 0) {
				minimal = true;
				break;
			}
		}
		res->nodes_minimize = d->nodes - res->nodes_prove;
		res->status = DFPN_MATE;
		res->len = best;
		res->len_minimal = minimal;
		/* The line printed is always complete: the checked main line; else
		 * (a limit stopped the minimality proof or the checking) a complete
		 * line read from the table now; else the one kept after the last
		 * proof that gave one, with that proof's bound; else none. */
		res->pv_len = 0;
		if (minimal && !d->stopped) {
			/* the leftover-pieces tie-break rebuilds sub-lines: for problems
			 * up to 63 plies only */
			res->pv_len = pv_build(d, best, res->pv, PV_CHECKED, best <= 63);
			res->pv_verified = res->pv_len == best;
			back_to_root(d, res->pv, root_ply);
		}
		if (!res->pv_verified) {
			res->pv_len = table_line(d, best, res->pv, PV_REPROVE);
			if (res->pv_len == 0 && d->kept_len > 0) {
				memcpy(res->pv, d->kept_line, (size_t)d->kept_len * sizeof *res->pv);
				res->pv_len = d->kept_len;
				if (d->kept_bound != best) {
					/* the line of a longer mate: report that proven bound */
					res->len = d->kept_bound;
					res->len_minimal = false;
				}
			}
		}
		res->nodes_pv = d->nodes - res->nodes_prove - res->nodes_minimize;
	} else if (r.dn == 0) {
		res->status = DFPN_NOMATE;
	} else {
		res->status = DFPN_UNKNOWN;
	}
	res->reason = d->stop_reason;
	res->nodes = d->nodes;
	res->seconds = clock_now() - d->start;
	res->hashfull = tt_hashfull(d->tt);
	res->threads = dfpn_threads(d);
	return res->status;
}
