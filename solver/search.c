/* search.c -- the df-pn search proper: mid(), the node's values from its
 * children, threshold control (see search.h and dfpn.h); expanding a node
 * is expand.c's, the limits limit.c's. */
#include "search.h"

#include "clock.h"
#include "expand.h"
#include "futile.h"
#include "limit.h"
#include "parallel.h"
#include "proof.h"

#include <stdlib.h>

/* Tracks the child to search next over the children i = 0, 1, ...: the
 * smallest phi, ties to the larger delta; and the second-smallest phi for
 * the 1+epsilon threshold. */
static inline void pick_best(PnDn cphi, PnDn cdelta, int i, int *best, PnDn *best_phi, PnDn *best_delta, PnDn *second)
{
	if (*best < 0 || cphi < *best_phi || (cphi == *best_phi && cdelta > *best_delta)) {
		if (*best >= 0 && *best_phi < *second)
			*second = *best_phi;
		*best = i;
		*best_phi = cphi;
		*best_delta = cdelta;
	} else if (cphi < *second) {
		*second = cphi;
	}
}

/* The phi threshold of the best child, 1+epsilon trick (Pawlewicz & Lew
 * 2007) with epsilon = 1/4: search it until its phi exceeds the second-best
 * child's by a quarter, not merely equals it, to switch between siblings
 * less often. */
static inline PnDn eps_threshold(PnDn second)
{
	if (second >= PNDN_INF)
		return PNDN_INF;
	return second + second / 4 + 1;
}

/* The same for a helper thread (tid >= 1, parallel.h): a larger epsilon,
 * different per helper -- a helper stays longer in a child than the main
 * thread would, and so spends its time on other parts of the tree than the
 * main thread and the other helpers (eps = 1/2, 1, 3/4, 3/2, ... by tid). */
static inline PnDn eps_threshold_helper(PnDn second, int tid)
{
	if (second >= PNDN_INF)
		return PNDN_INF;
	static const unsigned quarters[4] = {2, 4, 3, 6};
	PnDn e = second + second * quarters[(tid - 1) % 4] / 4 + 1 + (PnDn)((tid - 1) / 4);
	return e < PNDN_INF ? e : PNDN_MAX;
}

/* The disproof number of an unresolved OR node from its children's: sum,
 * the sum of their disproof numbers; max, the largest; open, how many are
 * unresolved (at least one).  df-pn sums them, but an attacker's checks
 * often lead to one another's positions (the same checks in another
 * order, a piece brought round by another road), and the sum then counts
 * the same defences again for every road: on a long problem the attacker
 * nodes' disproof numbers grew to the millions, and a node that is in
 * fact easy to refute looked hard, so the search went wide instead of
 * deep.  The largest plus one per other open check, as weak proof-number
 * search does (Ueda, Hashimoto, Hashimoto and Iida 2008), plus an eighth
 * of what the sum adds beyond the largest, so that a node with several
 * hard checks still weighs more than one with a single hard check:
 * STARSHIP TROOPER's first mate 38.0 M -> 15.7 M nodes (doc/speed.md).
 * At AND nodes the sum stays (the same rule there: bench signature +25 %). */
static inline PnDn or_disproof(PnDn sum, PnDn max, int open)
{
	return pndn_add(pndn_add(max, (PnDn)(open - 1)), (sum - max) >> 3);
}

/* The values of the current node (an OR node if or_node) from its n
 * children ch, into r's pn, dn, len and rep; the child to search next in
 * *best_out, the second-smallest child phi in *second_out, in *max_out
 * the largest child delta when the node's delta is or_disproof's (0 when
 * it is the sum), the child that
 * resolved the node for its player to move (shortest proof at an OR node,
 * least path-dependent disproof at an AND node) in *decisive_out (-1 if
 * none).  A delayed drop interposition whose predecessor is now proven gets
 * its initial values here (remain: the node's budget).  always_inline with a
 * constant or_node at each call: a branch-free loop per node type, as when
 * the two loops were written out (a shared loop testing or_node cost 0.2 %
 * of the instructions). */
static inline __attribute__((always_inline)) void node_values(Dfpn *d, Child *ch, int n, const bool or_node, int remain,
                                                              NodeResult *r, int *best_out, int *decisive_out,
                                                              PnDn *second_out, PnDn *max_out)
{
	/* Node values from the children, in terms of the player to move:
	 * phi = the smallest child phi (the child to search next, ties to
	 * the larger delta: pick_best), delta = the sum of the child
	 * deltas (at an OR node: or_disproof).  The lengths and repetitions
	 * differ by node type. */
	int best, decisive, pend, open;
	PnDn best_phi, best_delta, second, sum_delta, max_delta;
	int win_len, win_rep, len, rep, pend_len;
again:
	best = -1;
	best_phi = best_delta = sum_delta = max_delta = 0;
	open = 0;
	second = PNDN_INF;
	decisive = pend = -1;
	pend_len = 0;
	/* the node resolved for the player to move (phi == 0): its length
	 * and repetition, from the decisive child */
	win_len = or_node ? TT_LEN_INF : -1;
	win_rep = -1;
	/* otherwise: OR the shortest no-mate bound and the shallowest
	 * repetition of the disproven children; AND the longest proof (of
	 * the children judged or not drops: pend, pend_len for the longest
	 * proven drop the broad rule has yet to judge) */
	len = or_node ? TT_LEN_INF : 0;
	rep = REP_NONE;
	for (int i = 0; i < n; i++) {
		if (!or_node && (ch[i].flags & CHILD_DELAYED)) {
			if (ch[i - 1].pn != 0 || (ch[i - 1].flags & CHILD_DELAYED))
				continue;
			if (judge_pending(d, &ch[i - 1]) && dfpn_futile_lengths_monotone(context_count(d))) {
				/* futile, it spares the search of this one (not
				 * under nogain, whose test is costly before the node's
				 * other defences are known: judged with them) */
				if (judge_drop(d, &ch[i - 1], -1, remain))
					goto again;
			}
			if ((ch[i - 1].flags & CHILD_FUTILE) && move_to(ch[i - 1].move) == move_to(ch[i].move)) {
				/* futile on this square: so is every piece (futile.h) */
				child_set_proven(&ch[i], 0, d->tree.pos.hand[d->run.attacker]);
				ch[i].flags = CHILD_FUTILE | CHILD_JUDGED;
				continue;
			}
			/* the drop before it is proven: look at this one */
			init_child(d, &ch[i], false, remain - 1, ch[i].move);
		}
		const Child *c = &ch[i];
		if (or_node) {
			/* proven: the shortest mate decides */
			if (c->pn == 0 && c->len + 1 < win_len) {
				win_len = c->len + 1;
				decisive = i;
			}
			if (c->dn == 0) {
				if (c->rep < rep)
					rep = c->rep;
				if (c->len < TT_LEN_INF && c->len + 1 < len)
					len = c->len + 1;
			}
		} else {
			/* the longest proof (futile drops do not count) */
			if (c->pn == 0 && !(c->flags & CHILD_FUTILE)) {
				if (judge_pending(d, c)) {
					if (c->len + 1 > pend_len) {
						pend_len = c->len + 1;
						pend = i;
					}
				} else if (c->len + 1 > len) {
					len = c->len + 1;
				}
			}
			if (c->dn == 0) {
				int crep = c->rep;
				int clen = c->len >= TT_LEN_INF ? TT_LEN_INF : c->len + 1;
				/* disproven: prefer a disproof that depends least on
				 * the path, then the longest bound */
				if (win_len < 0 || crep > win_rep || (win_rep == crep && clen > win_len)) {
					win_len = clen;
					win_rep = crep;
					decisive = i;
				}
			}
		}
		PnDn cphi = phi(c->pn, c->dn, or_node), cdelta = delta(c->pn, c->dn, or_node);
		sum_delta = pndn_add(sum_delta, cdelta);
		if (or_node) {
			if (cdelta > max_delta)
				max_delta = cdelta;
			open += cdelta != 0 && cphi != 0;
		}
		pick_best(cphi, cdelta, i, &best, &best_phi, &best_delta, &second);
	}
	PnDn nphi = phi(ch[best].pn, ch[best].dn, or_node), ndelta = sum_delta;
	bool summed = true;
	if (or_node && nphi != 0 && ndelta != 0) {
		ndelta = or_disproof(sum_delta, max_delta, open);
		summed = false;
	}
	if (!or_node && context_searches(d)) {
		/* the broad rule's verdicts this node's value depends on */
		if (nphi == 0 && judge_pending(d, &ch[decisive])) {
			if (judge_drop(d, &ch[decisive], -1, remain))
				goto again;
		} else if (ndelta == 0 && pend >= 0 && pend_len > len) {
			judge_drop(d, &ch[pend], len, remain);
			goto again;
		}
	}
	if (nphi == 0) {
		ndelta = PNDN_INF;
		len = win_len;
		rep = or_node ? REP_NONE : win_rep;
	} else {
		if (ndelta >= PNDN_INF)
			ndelta = PNDN_MAX;
		if (ndelta != 0)
			rep = REP_NONE; /* a repetition matters to a disproof only */
	}
	r->pn = or_node ? nphi : ndelta;
	r->dn = or_node ? ndelta : nphi;
	r->len = len;
	r->rep = rep;
	*best_out = best;
	*decisive_out = decisive;
	*second_out = second;
	*max_out = summed ? 0 : max_delta;
}

/* Doubles the table's part in use, which filled up (tt.h), while it is
 * the main thread's alone: a step at a time (tt_grow_step), the limits
 * looked at and progress reported between two (a doubling of a gigabyte
 * takes seconds); a stop or the time limit ends it there (tt_grow_end:
 * the entries not moved stay where they are, true still).  Without an
 * end, the table as tt_grow leaves it. */
static void grow(Dfpn *d)
{
	bool helpers = pool_started(d);
	if (helpers)
		pool_pause(d);
	TTGrow g;
	double t0 = clock_now();
	bool done = false;
	if (tt_grow_begin(d->tab.tt, &g)) {
		while (!(done = tt_grow_step(d->tab.tt, &g, TT_GROW_STEP)))
			if (limits_poll(d, g.hashfull)) {
				tt_grow_end(d->tab.tt, &g);
				break;
			}
		if (d->run.lim && d->run.lim->trace)
			fprintf(d->run.lim->trace, "dfpn: table doubled to %zu MB%s, %.2f s, %llu nodes\n",
			        d->tab.tt->nbuckets * TT_BUCKET_SIZE * sizeof(TTSlot) >> 20,
			        done ? "" : " (ended midway)", clock_now() - t0, (unsigned long long)d->run.nodes);
	}
	if (helpers)
		pool_resume(d);
}

/* Makes the table resident (tt_populate) a step at a time, the limits
 * looked at between two (256 MB take 0.1 s here, a limit or a stop is
 * kept within a few milliseconds); false when a stop or the time limit
 * ended it (the table then partly resident, tt->resident unset). */
static bool make_resident(Dfpn *d)
{
	size_t next = 0;
	while (!tt_populate_step(d->tab.tt, &next, TT_POPULATE_STEP))
		if (limits_poll(d, tt_hashfull(d->tab.tt)))
			return false;
	return true;
}

/* Every limits_check_interval nodes: the table made resident and 2 MB
 * pages asked for when the search is long enough, the limits checked
 * (limit.h: nodes, time, the stop flag, progress), and the helpers handed
 * the root when due -- the one place where a search starts its helper
 * threads (also at once when it begins: search_root). */
static void __attribute__((noinline)) tick(Dfpn *d)
{
	if (!limits_full_check_due(d)) {
		limits_check(d); /* a look at the clock only */
		return;
	}
	pool_lockstep_yield(d); /* (a measuring mode: parallel.h) */
	if (d->thr.tid != 0 && pool_held(d))
		pool_park(d); /* the main thread grows the table */
	if (limits_grow_due(d))
		grow(d);
	if (limits_table_due(d))
		make_resident(d); /* a search long enough to fault in the table (tt.h) */
	if (limits_huge_due(d))
		tt_advise_huge(d->tab.tt); /* a long search: worth 2 MB pages (tt.c) */
	limits_check(d);
	if (limits_helpers_due(d) && make_resident(d))
		pool_start(d, limits_check_interval(d)); /* (its table resident: tt_populate) */
	else if (limits_helpers_retire(d))
		pool_retire(d); /* the table full: the main thread on alone */
}

/* Searches the current node until its values reach a threshold (or it is
 * resolved).  No threshold control (TCA) extends the thresholds: see the
 * note before search_root. */
static NodeResult mid(Dfpn *d, PnDn thpn, PnDn thdn, int remain)
{
	Position *pos = &d->tree.pos;
	const bool or_node = pos->side == d->run.attacker;
	const uint64_t key = pos_board_key(pos);
	const Hand hand = pos->hand[d->run.attacker];
	const uint64_t nodes_before = d->run.nodes;
	NodeResult r = {.pn = 1, .dn = 1, .len = 0, .rep = REP_NONE, .hand = hand};

	d->run.nodes++;
	if (d->run.nodes >= d->run.next_check)
		tick(d);
	if (or_node && remain < 1)
		return (NodeResult){.pn = PNDN_INF, .dn = 0, .len = 0, .rep = REP_NONE, .hand = HAND_FULL};
	if (pos->ply + 2 >= POS_MAX_PLY) {
		d->run.stopped = true;
		d->run.stop_reason = DFPN_STOP_DEPTH;
		return r;
	}

	int n;
	size_t base = expand(d, or_node, remain, &n);
	if (n == 0) {
		if (or_node) {
			Hand dis = proof_disproof_or_clamp(HAND_FULL, hand);
			tt_store(d->tab.tt, &(TTRecord){.key = key,
			                                .hand = hand,
			                                .result_hand = dis,
			                                .pn = PNDN_INF,
			                                .dn = 0,
			                                .len = TT_LEN_INF,
			                                .amount = 1});
			return (NodeResult){.pn = PNDN_INF, .dn = 0, .len = TT_LEN_INF, .rep = REP_NONE, .hand = dis};
		}
		Hand proof = proof_guard_interpositions(pos, d->run.attacker, 0);
		tt_store_mate(d->tab.tt, key, hand, proof, 0);
		return (NodeResult){.pn = 0, .dn = PNDN_INF, .len = 0, .rep = REP_NONE, .hand = proof};
	}
	if (base == SIZE_MAX) {
		d->run.stopped = true;
		d->run.stop_reason = DFPN_STOP_MEMORY;
		return r;
	}

	if (d->thr.busy)
		busy_enter(d->thr.busy, path_top_hash(&d->tree.path));
	int decisive;
	for (;;) {
		Child *ch = &d->tree.arena[base];
		int best;
		PnDn second, maxd;
		if (or_node)
			node_values(d, ch, n, true, remain, &r, &best, &decisive, &second, &maxd);
		else
			node_values(d, ch, n, false, remain, &r, &best, &decisive, &second, &maxd);
		const PnDn pn = r.pn, dn = r.dn;
		if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || d->run.stopped)
			break;

		/* thresholds for the best child: phi below the second-best child's
		 * (1+epsilon trick), delta what the node's threshold leaves it */
		PnDn thphi = phi(thpn, thdn, or_node), thdelta = delta(thpn, thdn, or_node);
		if (d->thr.busy && d->thr.tid)
			best = divert(d, ch, n, best, or_node, thphi, &second);
		PnDn e = d->thr.tid ? eps_threshold_helper(second, d->thr.tid) : eps_threshold(second);
		PnDn cthphi = thphi < e ? thphi : e;
		/* delta: what the node's threshold leaves the child -- of a sum,
		 * the node's threshold less the other children's part; of
		 * or_disproof, less what it adds to the largest child delta (a
		 * child that passes this becomes the largest and takes the node
		 * to its threshold) */
		PnDn share = maxd ? maxd : delta(ch[best].pn, ch[best].dn, or_node);
		PnDn cthdelta = thdelta >= PNDN_INF ? PNDN_INF : thdelta - delta(pn, dn, or_node) + share;
		PnDn cthpn = or_node ? cthphi : cthdelta, cthdn = or_node ? cthdelta : cthphi;
		Move m = ch[best].move;
		pos_do_move(pos, m);
		path_push(&d->tree.path, pos, d->run.attacker, m);
		NodeResult cr = mid(d, cthpn, cthdn, remain - 1);
		path_pop(&d->tree.path);
		pos_undo_move(pos, m);
		Child *c = &d->tree.arena[base + best]; /* the arena may have moved */
		c->pn = cr.pn;
		c->dn = cr.dn;
		c->len = cr.len;
		c->hand = cr.hand;
		c->rep = (uint16_t)(cr.dn == 0 ? cr.rep : REP_NONE);
		c->flags &= ~CHILD_NEW;
	}
	/* A disproof resting only on repetitions of this node itself (or of
	 * positions below it) holds for every path: the defender may always
	 * come back here, and coming back is no mate (Kishimoto & Mueller 2004,
	 * the repetition's start node). */
	if (r.dn == 0 && r.rep >= d->tree.path.len - 1)
		r.rep = REP_NONE;
	if (r.pn == 0 || r.dn == 0)
		r.hand = proof_result_hand(pos, d->run.attacker, &d->tree.arena[base], n, or_node, decisive, r.pn == 0);
	d->tree.arena_top = base;
	if (d->thr.busy)
		busy_leave(d->thr.busy, path_top_hash(&d->tree.path));
	if (r.dn == 0 && r.rep != REP_NONE) {
		/* true on this path only: keep it under the path key */
		rt_store(d->tab.rt, path_top_hash(&d->tree.path), r.rep, r.len, d->run.nodes - nodes_before);
		tt_mark_rep(d->tab.tt, key, hand);
	} else if (!(d->run.stopped && r.pn != 0 && r.dn != 0) &&
	           !(d->first.move != MOVE_NONE && context_first_only(d, pos)))
		tt_store(d->tab.tt, &(TTRecord){.key = key,
		                                .hand = hand,
		                                .result_hand = r.hand,
		                                .pn = r.pn,
		                                .dn = r.dn,
		                                .len = r.len,
		                                .amount = d->run.nodes - nodes_before});
	return r;
}

/* No threshold control.  TCA (Kishimoto 2005) extends a node's thresholds
 * when a child's values come from higher up the path, so that a loop of
 * transpositions makes progress.  Handed down to every later descent, as
 * it was, it sent each descent in an explored region of long cycles round
 * a whole 30-130-ply cycle: on 雪月花 79 % of the visits ended in a
 * repetition, one position was visited 43,399 times, and no mate was found
 * in 54.6 M nodes (559 plies in 12.2 M nodes without it).  The variants
 * measured (first proofs, nodes; doc/speed.md): KomoringHeights' counter
 * for the whole path (return once the first new node pays the debt) and
 * TCA for the node alone, not handed down, both lose to none on 雪月花 and
 * STARSHIP TROOPER; on the 13-ply loop position TCA was adopted for, the
 * search without it finds the 31-ply first mate at once (1.2 M nodes, 11
 * proven minimal at 1.3 M), where TCA took a 2,303-ply detour. */
NodeResult search_root(Dfpn *d, int remain)
{
	NodeResult r;
	d->run.budgeted = remain + d->tree.pos.ply < BUDGET_INF;
	d->run.root_ply = d->tree.pos.ply;
	d->run.root_len = d->tree.path.len;
	bool lead = d->thr.pool && d->thr.tid == 0;
	if (lead) {
		pool_begin(d, remain);
		if (limits_helpers_at_once(d))
			pool_start(d, limits_check_interval(d));
	}
	do {
		r = mid(d, PNDN_INF, PNDN_INF, remain);
	} while (r.pn != 0 && r.dn != 0 && !d->run.stopped);
	if (lead)
		r = pool_end(d, r);
	return r;
}

void search_begin(Dfpn *d, const Position *root, Color attacker, const DfpnLimits *lim)
{
	pos_copy(&d->tree.pos, root);
	context_begin(d, attacker, lim, clock_now(), limits_first_check(lim));
	path_reset(&d->tree.path);
	rt_clear(d->tab.rt); /* path keys start from this root */
	path_push(&d->tree.path, &d->tree.pos, d->run.attacker, MOVE_NONE);
}

DfpnStatus search_mate_within(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
                              DfpnBound *out)
{
	search_begin(d, pos, attacker, lim);
	if (max_len > BUDGET_INF - pos->ply)
		max_len = BUDGET_INF - pos->ply;
	NodeResult r = search_root(d, max_len);
	out->status = r.pn == 0 ? DFPN_MATE : r.dn == 0 ? DFPN_NOMATE : DFPN_UNKNOWN;
	out->len = r.pn == 0 ? r.len : 0;
	out->reason = d->run.stop_reason;
	out->nodes = d->run.nodes;
	out->verdict_cut = d->run.verdict_cut;
	return out->status;
}
