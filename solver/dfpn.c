/* dfpn.c -- the solver's API (dfpn.h): search contexts, dfpn_solve (first
 * proof, re-searches for a shorter mate, main line) and dfpn_mate_within.
 * The search itself is in search.c, the main line in pv.c. */
#include "dfpn.h"

#include "context.h"

#include "futile.h"
#include "futile_search.h"
#include "limit.h"
#include "parallel.h"
#include "pv.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

Dfpn *dfpn_new(size_t hash_mb) { return dfpn_new_with_rule(hash_mb, DFPN_FUTILE_DEFAULT); }

/* The row of functions of the rule r (futile.h, futile_search.h);
 * DFPN_FUTILE_NB: the capturable test. */
static const FutileRule *rule_row(DfpnFutileRule r)
{
	static const FutileRule *const ROWS[DFPN_FUTILE_NB] = {
	    [DFPN_FUTILE_NONE] = &FUTILE_NONE,         [DFPN_FUTILE_NARROW] = &FUTILE_NARROW,
	    [DFPN_FUTILE_BROAD] = &FUTILE_BROAD,       [DFPN_FUTILE_NOGAIN] = &FUTILE_NOGAIN,
	    [DFPN_FUTILE_ANSWERED] = &FUTILE_ANSWERED,
	};
	return r < DFPN_FUTILE_NB ? ROWS[r] : &FUTILE_CAPTURABLE;
}

Dfpn *dfpn_new_with_rule(size_t hash_mb, DfpnFutileRule rule)
{
	core_init();
	return context_own_new(hash_mb, rule_row(rule));
}

void dfpn_free(Dfpn *d)
{
	if (!d)
		return;
	if (d->thr.tid == 0)
		pool_free(d->thr.pool);
	dfpn_free(d->sibling);
	context_free(d);
}

void dfpn_clear(Dfpn *d)
{
	context_clear(d);
	for (int i = 0; i < pool_helpers(d->thr.pool); i++)
		context_sub_clear(pool_helper(d->thr.pool, i)->rules.sub);
}

int dfpn_held(const Dfpn *d, Move *line)
{
	if (line && d->kept.len > 0)
		memcpy(line, d->kept.line, (size_t)d->kept.len * sizeof *line);
	return d->kept.len;
}

void dfpn_set_repetition_span(Dfpn *d, int plies) { d->run.rep_span = plies < 4 ? 4 : plies; }

bool dfpn_set_futile(Dfpn *d, DfpnFutileRule rule)
{
	const FutileRule *old = d->rules.rule, *row = rule_row(rule);
	bool ok = context_take_rule(d, row);
	for (int i = 0; ok && i < pool_helpers(d->thr.pool); i++)
		ok = context_take_rule(pool_helper(d->thr.pool, i), row);
	if (!ok) {
		/* out of memory: every thread back to the old rule (its FutileSub,
		 * if it needs one, exists) */
		context_take_rule(d, old);
		for (int i = 0; i < pool_helpers(d->thr.pool); i++)
			context_take_rule(pool_helper(d->thr.pool, i), old);
		return false;
	}
	if (old != row)
		dfpn_clear(d); /* results under one rule are not valid under another */
	return true;
}

bool dfpn_set_threads(Dfpn *d, int threads)
{
	if (threads < 1 || threads > DFPN_MAX_THREADS || d->thr.tid != 0)
		return false;
	if (threads == dfpn_threads(d))
		return true;
	DfpnPool *p = NULL;
	if (threads > 1) {
		p = pool_new(d, threads - 1, search_root);
		if (!p)
			return false;
	}
	pool_free(d->thr.pool);
	d->thr.pool = p;
	return true;
}

int dfpn_threads(const Dfpn *d) { return 1 + pool_helpers(d->thr.pool); }

void dfpn_set_lockstep(Dfpn *d, uint64_t slice)
{
	if (d->thr.pool)
		pool_set_lockstep(d->thr.pool, slice);
}

void dfpn_set_helper_start(Dfpn *d, uint64_t nodes) { d->thr.par_start = nodes; }

DfpnFutileRule dfpn_futile(const Dfpn *d) { return d->tab.tt->rule; }

bool dfpn_is_mated_in(Dfpn *d, Position *pos) { return futile_is_mated(pos, d->rules.count, d->rules.sub); }

bool dfpn_line_mated(Position *pos, void *arg) { return arg ? dfpn_is_mated_in(arg, pos) : dfpn_is_mated(pos); }

DfpnStatus dfpn_mate_within(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
                            DfpnBound *out)
{
	return search_mate_within(d, pos, attacker, max_len, lim, out);
}

/* The most positions pv_tree_line remembers (its memo: 2^23 slots of 12
 * bytes, 96 MB at most, the pages it touches). */
#define PV_TREE_POSITIONS ((size_t)1 << 21)

/* Takes back the moves played on d->tree.pos since the root ply root_ply. */
static void back_to_root(Dfpn *d, const Move *line, int root_ply)
{
	while (d->tree.pos.ply > root_ply) {
		pos_undo_move(&d->tree.pos, line[d->tree.pos.ply - root_ply - 1]);
		path_pop(&d->tree.path);
	}
}

/* Reads a mating line of the root (an attacker node proven to mate within
 * `bound` plies) from the table's proofs into line (mode PV_TABLE: without
 * search; PV_REPROVE: proving again what the table lost).  Returns
 * its length when it is complete -- odd, every defender choice proven, and
 * ending where the defender is mated under the rule in force -- else 0. */
static int table_line(Dfpn *d, int bound, Move *line, PvMode mode)
{
	int root_ply = d->tree.pos.ply;
	int n = pv_build(d, bound, line, mode, false);
	bool complete = n > 0 && n % 2 == 1 && d->tree.pos.side != d->run.attacker &&
	                futile_is_mated(&d->tree.pos, d->rules.count, d->rules.sub);
	back_to_root(d, line, root_ply);
	return complete ? n : 0;
}

/* A line of the root (proven within bound plies) into scratch, what the
 * table lost of it proved again: the table's line when it is bound plies
 * long (table_line, PV_REPROVE), else the proof tree's (pv_tree_line), past the
 * node and time limits: a mate proven is not given up for want of its line
 * (the walk proves again only what the proof just found, and it is held
 * within PV_TREE_POSITIONS positions).  The stop flag is obeyed.  d's
 * limits and stop state are as before after it, unless the stop flag
 * stopped it.  Returns the line's length, 0 for none. */
static int reprove_line(Dfpn *d, int bound, Move *scratch)
{
	const DfpnLimits *lim = d->run.lim;
	DfpnLimits grace = {0};
	if (lim) {
		grace.stop = lim->stop;
		grace.progress = lim->progress;
		grace.progress_arg = lim->progress_arg;
		grace.trace = lim->trace;
	}
	bool stopped = d->run.stopped;
	DfpnStopReason reason = d->run.stop_reason;
	d->run.lim = &grace;
	d->run.stopped = false;
	d->run.stop_reason = DFPN_STOP_NONE;
	/* the table's line with the proofs it lost proved again (as long as
	 * the bound), else the proof tree's */
	int n = table_line(d, bound, scratch, PV_REPROVE);
	if (n != bound && !d->run.stopped) {
		int root_ply = d->tree.pos.ply;
		n = pv_tree_line(d, bound, scratch, PV_TREE_POSITIONS, true);
		if (n <= 0)
			back_to_root(d, scratch, root_ply);
	} else if (n != bound) {
		n = 0;
	}
	d->run.lim = lim;
	if (d->run.stop_reason != DFPN_STOP_USER) {
		d->run.stopped = stopped;
		d->run.stop_reason = reason;
	}
	return n;
}

/* After a proof of the root within bound plies, before the next search can
 * overwrite the table: holds a complete line of it (d->kept, DfpnKeptLine
 * in context.h) -- the table's line when it is bound plies long; else the
 * line of the proof tree the table holds (pv_tree_line), its length a
 * proven bound of at most bound plies, taken from the table alone (no
 * search: the table and the node count unchanged); when that fails and no
 * line is held yet, by proving again what the table lost (reprove_line)
 * (a line held already stays, with its longer bound, rather than the next
 * search begin on another table).  A
 * line of bound plies is read into scratch (DFPN_MAX_PV moves), so that an
 * incomplete one leaves the held line alone.  Returns the length of the
 * line taken, a proven bound of the root's mate that may be less than
 * bound; 0 when none was taken. */
static int hold_line(Dfpn *d, int bound, Move *scratch)
{
	int root_ply = d->tree.pos.ply;
	const char *from = "the table";
	double t0 = clock_now();
	int n = table_line(d, bound, scratch, PV_TABLE);
	if (n != bound) {
		from = "the proof tree";
		n = pv_tree_line(d, bound, scratch, PV_TREE_POSITIONS, false);
		back_to_root(d, scratch, root_ply);
	}
	if (n <= 0 && d->kept.len == 0 &&
	    (!d->run.stopped || d->run.stop_reason == DFPN_STOP_NODES || d->run.stop_reason == DFPN_STOP_TIME)) {
		from = "the proof tree proved again";
		n = reprove_line(d, bound, scratch);
		back_to_root(d, scratch, root_ply);
	}
	if (d->run.lim && d->run.lim->trace)
		fprintf(d->run.lim->trace, "dfpn: line held for mate within %d: %s %d, from %s, %.3f s\n", bound,
		        n > 0 ? "len" : "none", n > 0 ? n : bound, from, clock_now() - t0);
	if (n <= 0)
		return 0;
	memcpy(d->kept.line, scratch, (size_t)n * sizeof *scratch);
	d->kept.len = n;
	d->kept.bound = n;
	limits_report(d); /* (each mate announced, however soon a shorter one follows) */
	return n;
}

/* The root's mate proven within *best plies and a line held (hold_line)
 * of n plies: the line's length is a proven bound too, and when it is the
 * shorter the next search looks below it -- after a first proof that went
 * round a loop of positions for thousands of plies, the proof tree can
 * hold a line of a few hundred. */
static void take_held_bound(int *best, int n)
{
	if (n > 0 && n < *best)
		*best = n;
}

/* Every thread of d counts lengths under the rule's bounding rule or under
 * the rule itself (context_take_count). */
static void take_count(Dfpn *d, bool bounding)
{
	const FutileRule *count = bounding ? rule_row(dfpn_futile_bounding(d->tab.tt->rule)) : d->rules.rule;
	context_take_count(d, count, bounding);
	for (int i = 0; i < pool_helpers(d->thr.pool); i++)
		context_take_count(pool_helper(d->thr.pool, i), count, bounding);
}

/* The re-searches for a shorter mate after a proof of the root within
 * *best plies: a mate within *best - 2 (first within the limits' probe_len
 * when that is shorter), each shorter one held (hold_line, scratch:
 * DFPN_MAX_PV moves) and *best brought down to it; each bound without a
 * mate raises *floor (no mate within *floor - 2) to two plies above it.
 * Until *best is down to *floor (true: *best is minimal) or a limit or the
 * first-mate-only setting stops them (false).  detour: the first proof
 * went round a loop (its length at least twice its line's, take_held_bound):
 * the mate may be far shorter than the line, and each search within a
 * bound of hundreds of plies wanders the loop again, so the bounds go up
 * from DETOUR_FIRST_BOUND, doubling, until one finds a mate (each one
 * without raises *floor as any does), then down from there as usual. */
#define DETOUR_FIRST_BOUND 15
static bool minimize(Dfpn *d, int *best, int *floor, Move *scratch, bool detour)
{
	const DfpnLimits *lim = d->run.lim;
	int probe = lim ? lim->probe_len - !(lim->probe_len & 1) : 0; /* (odd: an attacker's mate) */
	int up = detour ? DETOUR_FIRST_BOUND : 0;                     /* the next bound going up (odd), 0: none */
	while (!d->run.stopped && !(lim && lim->first_mate_only)) {
		if (*best <= *floor)
			return true;
		int bound = *best - 2;
		while (up && up < *floor)
			up = 2 * up + 1;
		if (up >= bound)
			up = 0;
		if (probe >= *floor && probe < bound)
			bound = probe;
		else if (up)
			bound = up;
		probe = 0;
		d->run.ladder = d->kept.len > 0 ? d->kept.line : NULL; /* (helpers start below: parallel.c) */
		d->run.ladder_len = d->kept.len;
		NodeResult s = search_root(d, bound);
		d->run.ladder = NULL;
		if (lim && lim->trace)
			fprintf(lim->trace,
			        "dfpn: mate within %d: %s %d, %llu nodes (helpers %llu), %.1f s, hashfull %d\n", bound,
			        s.pn == 0   ? "yes, len"
			        : s.dn == 0 ? "no, bound"
			                    : "unknown, bound",
			        s.pn == 0 ? s.len : bound, (unsigned long long)d->run.nodes,
			        (unsigned long long)d->thr.helper_nodes, clock_now() - d->run.start,
			        tt_hashfull(d->tab.tt));
		if (s.pn == 0) {
			*best = s.len;
			take_held_bound(best, hold_line(d, *best, scratch));
			up = 0;
		} else if (s.dn == 0) {
			*floor = bound + 2;
			if (*best <= *floor)
				return true; /* (whatever limit the disproof reached) */
		}
	}
	return false;
}

/* The line of a mate of the root proven within best plies (minimal: best
 * proven minimal) into res, its length and minimality adjusted to the line
 * given (status unknown when there is none).  d is at the root. */
static void give_line(Dfpn *d, DfpnResult *res, int best, bool minimal)
{
	int root_ply = d->tree.pos.ply;
	/* The line printed is always complete and as long as the mate
	 * announced: the checked main line; else, when a limit stopped the
	 * search after a line was held for the last bound, that line at
	 * once; else a line read from the table now, when it is as long as
	 * the bound (a shorter one followed a defence that is not the
	 * longest), or the proof tree's; else the line held after the last
	 * proof that gave one, with its proven bound.  A mate with no line
	 * at all (none could be taken out before a limit stopped the
	 * search) is not announced: the result is unknown. */
	res->pv_len = 0;
	if (minimal && !d->run.stopped) {
		/* the leftover-pieces tie-break rebuilds sub-lines: for problems
		 * up to 63 plies only */
		res->pv_len = pv_build(d, best, res->pv, PV_CHECKED, best <= 63);
		res->pv_verified = res->pv_len == best;
		back_to_root(d, res->pv, root_ply);
		if (!res->pv_verified)
			res->pv_len = 0; /* a limit cut it short: no line (the held one, or the table's, below) */
	}
	/* a line held for the last bound is the one to give when a limit
	 * stopped the search, or when none followed that proof (the first
	 * mate only): the table is as it was when the line was taken, and
	 * reading it again would only repeat that work */
	bool held = d->kept.len > 0 && d->kept.bound <= best;
	if (!res->pv_verified && !(held && (d->run.stopped || !minimal))) {
		int n = table_line(d, best, res->pv, PV_REPROVE);
		res->pv_len = n == best ? n : 0;
		if (res->pv_len == 0 && !d->run.stopped) {
			/* the table's lengths above were stored before shorter
			 * proofs below were found: the proof tree's own length
			 * and its line (a proven bound; never below a proven
			 * minimum) */
			int u = pv_tree_line(d, best, res->pv, PV_TREE_POSITIONS, true);
			back_to_root(d, res->pv, root_ply);
			if (u > 0 && (u == best || !minimal)) {
				res->pv_len = u;
				res->len = u;
			}
			if (d->run.lim && d->run.lim->trace)
				fprintf(d->run.lim->trace,
				        "dfpn: line from the proof tree: %s %d, %llu nodes, %.1f s\n",
				        u > 0 ? "len" : "none, bound", u > 0 ? u : best,
				        (unsigned long long)d->run.nodes, clock_now() - d->run.start);
		}
	}
	if (res->pv_len > 0 && !res->pv_verified && d->kept.len > 0 && d->kept.bound < res->len)
		res->pv_len = 0; /* the held line is shorter: never a longer line than one held */
	if (res->pv_len == 0 && d->kept.len > 0) {
		/* the held line, with its proven bound: minimal only when it is
		 * the bound proven minimal */
		memcpy(res->pv, d->kept.line, (size_t)d->kept.len * sizeof *res->pv);
		res->pv_len = d->kept.len;
		res->len = d->kept.bound;
		res->len_minimal = minimal && d->kept.bound == best;
	}
	if (res->pv_len == 0) {
		res->status = DFPN_UNKNOWN;
		res->len = 0;
		res->len_minimal = false;
		if (d->run.stop_reason == DFPN_STOP_NONE)
			d->run.stop_reason = DFPN_STOP_MEMORY; /* the walk's memory bound */
	}
}

DfpnStatus dfpn_solve(Dfpn *d, const Position *root, const DfpnLimits *lim, DfpnResult *res)
{
	memset(res, 0, offsetof(DfpnResult, pv));
	res->nodes_minimize = res->nodes_pv = 0; /* after pv: not cleared above */
	search_begin(d, root, root->side, lim);
	int root_ply = d->tree.pos.ply;
	d->kept.len = 0; /* no line held yet (dfpn_held) */

	/* Under a rule whose lengths are not monotone in the hands (nogain),
	 * the first proof counts under its bounding rule (futile.h): whether a
	 * mate exists is the same, its results hold across hands, and its
	 * length is a mate within as many plies under the rule.  The
	 * re-searches for a shorter mate then count under the rule itself. */
	bool bounding = !dfpn_futile_lengths_monotone(d->tab.tt->rule);
	if (bounding)
		take_count(d, true);
	NodeResult r = search_root(d, BUDGET_INF - root_ply);
	res->nodes_prove = d->run.nodes;
	if (lim && lim->trace)
		fprintf(lim->trace, "dfpn: first proof%s: %s, len %d, %llu nodes (helpers %llu), %.1f s, hashfull %d\n",
		        bounding ? " (counted as narrow)" : "",
		        r.pn == 0   ? "mate"
		        : r.dn == 0 ? "no mate"
		                    : "unknown",
		        r.len, (unsigned long long)d->run.nodes, (unsigned long long)d->thr.helper_nodes,
		        clock_now() - d->run.start, tt_hashfull(d->tab.tt));
	if (r.pn == 0) {
		int best = r.len;
		take_held_bound(&best, hold_line(d, best, res->pv));
		bool detour = 2 * best <= r.len;
		if (bounding && !d->run.stopped && !(lim && lim->first_mate_only)) {
			/* the first proof's repetition results were counted as
			 * narrow: the path-keyed table starts again */
			take_count(d, false);
			bounding = false;
			rt_clear(d->tab.rt);
		}
		int floor = 1;
		bool minimal = minimize(d, &best, &floor, res->pv, detour);
		res->nodes_minimize = d->run.nodes - res->nodes_prove;
		res->status = DFPN_MATE;
		res->len = best;
		res->len_minimal = minimal;
		give_line(d, res, best, minimal);
		res->len_floor = res->status != DFPN_MATE ? 0 : res->len_minimal ? res->len : floor;
		res->nodes_pv = d->run.nodes - res->nodes_prove - res->nodes_minimize;
	} else if (r.dn == 0) {
		res->status = DFPN_NOMATE;
	} else {
		res->status = DFPN_UNKNOWN;
	}
	if (bounding)
		take_count(d, false);
	res->reason = d->run.stop_reason;
	res->nodes = d->run.nodes;
	res->seconds = clock_now() - d->run.start;
	res->hashfull = tt_hashfull(d->tab.tt);
	res->threads = dfpn_threads(d);
	return res->status;
}

/* Sets (first: a move) or clears (MOVE_NONE) the one first move of d's
 * searches from root, on every thread of d. */
static void set_first(Dfpn *d, const Position *root, Move first)
{
	d->first = (DfpnFirstMove){.move = first, .ply = root->ply, .key = pos_key(root)};
	for (int i = 0; i < pool_helpers(d->thr.pool); i++)
		pool_helper(d->thr.pool, i)->first = d->first;
}

DfpnStatus dfpn_solve_first(Dfpn *d, const Position *root, Move first, const DfpnLimits *lim, DfpnResult *res)
{
	MoveList list;
	Position *pos = &d->tree.pos;
	pos_copy(pos, root);
	gen_checks(pos, &list);
	bool legal = false;
	for (int i = 0; i < list.n; i++)
		legal |= list.moves[i] == first && first != MOVE_NONE;
	if (!legal) {
		memset(res, 0, sizeof *res);
		res->status = DFPN_UNKNOWN;
		res->reason = DFPN_STOP_NONE;
		res->threads = dfpn_threads(d);
		return res->status;
	}
	set_first(d, root, first);
	dfpn_solve(d, root, lim, res);
	set_first(d, root, MOVE_NONE);
	return res->status;
}

bool dfpn_is_mated(Position *pos)
{
	FutileMemo memo;
	futile_memo_reset(&memo);
	return pos_in_check(pos) && futile_mated(pos, &memo, 0);
}

bool dfpn_is_mated_by(Position *pos, DfpnFutileRule rule)
{
	if (rule == DFPN_FUTILE_NONE)
		return futile_is_mated(pos, &FUTILE_NONE, NULL);
	if (!dfpn_futile_mates_by_search(rule))
		return dfpn_is_mated(pos); /* narrow, nogain: the narrow test */
	/* broad, answered: a FutileSub of its own (a one-off question) */
	FutileSub *sub = context_sub_new(1, NULL);
	if (!sub)
		return dfpn_is_mated(pos); /* the narrower reading */
	bool mated = futile_is_mated(pos, rule_row(rule), sub);
	context_sub_free(sub);
	return mated;
}

bool dfpn_is_futile_drop(Dfpn *d, Position *pos, Move m, int hint)
{
	return futile_judge_drop(pos, m, d->rules.count, d->rules.sub, hint, POS_MAX_PLY);
}

Dfpn *dfpn_sibling(Dfpn *d, DfpnFutileRule rule)
{
	if (dfpn_futile(d) == rule)
		return d;
	if (!d->sibling)
		d->sibling = dfpn_new_with_rule(d->tab.hash_mb, rule);
	Dfpn *s = d->sibling;
	if (!s || !dfpn_set_futile(s, rule) || !dfpn_set_threads(s, dfpn_threads(d)))
		return NULL;
	s->thr.par_start = d->thr.par_start;
	s->run.rep_span = d->run.rep_span;
	dfpn_clear(s);
	return s;
}

int dfpn_mark_futile(Dfpn *d, Position *pos, const MoveList *list, bool *futile)
{
	return futile_mark(pos, list, futile, d->rules.count, d->rules.sub);
}
