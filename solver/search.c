/* search.c -- the df-pn search proper: mid(), expansion and initial values
 * of children, threshold control, limits (see search.h and dfpn.h). */
#include "search.h"

#include "futile.h"
#include "futile_sub.h"
#include "movegen.h"
#include "parallel.h"
#include "proof.h"

#include <stdlib.h>

/* Initial disproof number of a new attacker node with n checks (df-pn+). */
#ifndef DN_INIT
#define DN_INIT(n) (n)
#endif

/* ---- limits ---- */

/* Stops the search for reason; with helpers, all of them. */
static void stop(Dfpn *d, DfpnStopReason reason)
{
	d->run.stopped = true;
	d->run.stop_reason = reason;
	if (d->thr.pool)
		pool_limit(d, reason);
}

static void check_limits(Dfpn *d)
{
	/* with T threads each checks every 1,024 / T nodes (at least 16): the
	 * limits then hold within about 1,024 nodes of the total, and within a
	 * few milliseconds however many threads share the cores */
	d->run.next_check = d->run.nodes + (d->thr.pool ? pool_check_interval(d->thr.pool) : 1024);
	if (d->thr.tid == 0 && !d->tab.tt->huge && d->run.nodes >= 1000000)
		tt_advise_huge(d->tab.tt); /* a long search: worth 2 MB pages (tt.c) */
	/* the nodes of the search, all threads together */
	uint64_t nodes = d->thr.pool ? pool_poll(d) : d->run.nodes;
	const DfpnLimits *lim = d->run.lim;
	if (!lim || d->run.stopped)
		return;
	if (lim->max_nodes && nodes >= lim->max_nodes)
		stop(d, DFPN_STOP_NODES);
	else if (lim->max_nodes && lim->max_nodes - nodes < 1024)
		d->run.next_check = d->run.nodes + (lim->max_nodes - nodes); /* check again at the limit */
	if (lim->stop && atomic_load(lim->stop))
		stop(d, DFPN_STOP_USER);
	double t = clock_now();
	if (lim->max_time_ms && (t - d->run.start) * 1000.0 >= (double)lim->max_time_ms)
		stop(d, DFPN_STOP_TIME);
	if (d->thr.tid == 0 && lim->progress && t - d->run.last_progress >= 0.1) {
		d->run.last_progress = t;
		lim->progress(lim->progress_arg, nodes, t - d->run.start, tt_hashfull(d->tab.tt));
	}
}

/* ---- arena ---- */

static size_t arena_alloc(Dfpn *d, size_t n)
{
	if (d->tree.arena_top + n > d->tree.arena_cap) {
		size_t cap = d->tree.arena_cap;
		while (d->tree.arena_top + n > cap)
			cap *= 2;
		Child *a = realloc(d->tree.arena, cap * sizeof *a);
		if (!a)
			return SIZE_MAX;
		d->tree.arena = a;
		d->tree.arena_cap = cap;
	}
	size_t base = d->tree.arena_top;
	d->tree.arena_top += n;
	return base;
}

/* ---- the search ---- */

/* The futility test for initial values and at expand: the rule in force,
 * but the narrow test in place of the sub-searches of broad and nogain (a
 * drop the narrow test calls futile is futile under them too); the rules
 * without a sub-search (none, narrow, capturable) as they are.  Those
 * decide in node_values, where the node's value depends on a drop
 * (judge_drop), and, for broad, at the length budget's frontier, where no
 * expansion follows. */
static inline const Futility *cheap_rule(const Dfpn *d) { return d->rules.fut.sub ? &FUTILITY_NARROW : &d->rules.fut; }

/* Adds the nodes of the broad rule's sub-searches since the last call to
 * the search's count (they are work of this search, and count against
 * its node limit). */
static void count_sub_nodes(Dfpn *d)
{
	uint64_t n = futile_sub_nodes(d->rules.fut.sub);
	d->run.nodes += n - d->rules.sub_nodes_seen;
	d->rules.sub_nodes_seen = n;
}

/* Initial values of a child reached by m from the current position.
 * remain = the child's length budget. */
static void init_child(Dfpn *d, Child *c, bool child_is_and, int remain, Move move)
{
	Position *pos = &d->tree.pos;
	const Hand hand = pos->hand[d->run.attacker];
	c->flags = 0;
	c->rep = REP_NONE;
	c->len = 0;
	c->hand = hand;
	int at = path_find(&d->tree.path, pos_key(pos));
	TTProbe p = tt_probe(d->tab.tt, pos_board_key(pos), hand, remain);
	/* Under a length budget a repetition from far up the path is searched
	 * like any position: the budget ends every cycle, and the result holds
	 * for every path (see dfpn_set_repetition_span). */
	if (at >= 0 && d->run.budgeted && d->tree.path.len - at >= d->run.rep_span)
		at = -1;
	if (at >= 0) {
		/* a repetition: no mate on this path.  If the table already
		 * knows the position has no mate within the budget, that holds on
		 * every path: take it, the result then depends on no repetition */
		if (p.dn == 0) {
			child_set_disproven(c, p.len, p.hand);
			return;
		}
		child_set_disproven(c, TT_LEN_INF, hand);
		c->rep = (uint16_t)at;
		return;
	}
	if (p.maybe_rep) {
		/* disproven by a repetition on this very path before? */
		int start, len;
		if (rt_probe(d->tab.rt, path_child_hash(&d->tree.path, move), &start, &len) && remain <= len &&
		    start < d->tree.path.len) {
			child_set_disproven(c, len, hand);
			c->rep = (uint16_t)start;
			return;
		}
	}
	if (p.found) {
		c->pn = p.pn;
		c->dn = p.dn;
		c->len = p.len;
		c->hand = p.hand;
		if (p.pn != 0 && p.dn != 0 && p.depth < d->tree.path.len)
			c->flags |= CHILD_OLD;
		return;
	}
	c->flags |= CHILD_NEW;
	if (child_is_and) {
		/* df-pn+: the proof number of a defender node is its number of
		 * (non-futile) evasions; none means the check mates. */
		int total, n;
		if (!ic_get(&d->tree.ic, pos, IC_EVASIONS, d->rules.fut.on, &n, &total)) {
			n = futile_count_real_evasions(pos, &total, cheap_rule(d));
			ic_put(&d->tree.ic, pos, IC_EVASIONS, d->rules.fut.on, n, total);
		}
		if (n > 0 && remain < 1 && futile_drops_mate_by_search(&d->rules.fut)) {
			/* the budget's frontier: mated under the broad rule?  (the
			 * nogain rule's "mated" is the narrow test; only
			 * whether any evasion is real matters here: the child is
			 * disproven otherwise, whatever n) */
			n = futile_has_real_evasion(pos, &d->rules.fut);
			count_sub_nodes(d);
		}
		if (n == 0) {
			Hand proof = proof_hand_mated(pos, d->run.attacker, total);
			child_set_proven(c, 0, proof);
			tt_store(d->tab.tt, pos_board_key(pos), hand, proof, 0, PNDN_INF, 0, 1, d->tree.path.len);
			return;
		}
		if (remain < 1) {
			child_set_disproven(c, remain < 0 ? 0 : remain, hand);
			return;
		}
		c->pn = (PnDn)n;
		c->dn = 1;
	} else {
		if (remain < 1) {
			child_set_disproven(c, 0, HAND_FULL);
			return;
		}
		/* mate in one at every new attacker node */
		int nchecks, unused;
		Move mate = MOVE_NONE;
		if (!ic_get(&d->tree.ic, pos, IC_MATE1, d->rules.fut.on, &nchecks, &unused)) {
			mate = futile_mate1(pos, &nchecks, cheap_rule(d));
			if (mate == MOVE_NONE)
				ic_put(&d->tree.ic, pos, IC_MATE1, d->rules.fut.on, nchecks, 0);
		}
		if (mate == MOVE_NONE && remain < 3 && futile_drops_mate_by_search(&d->rules.fut)) {
			/* the budget's frontier: a mate in one under the broad rule?
			 * (under nogain the narrow test's) */
			mate = futile_mate1(pos, &nchecks, &d->rules.fut);
			count_sub_nodes(d);
		}
		if (mate != MOVE_NONE) {
			pos_do_move(pos, mate);
			int total;
			futile_count_real_evasions(pos, &total, cheap_rule(d));
			Hand proof = proof_hand_mated(pos, d->run.attacker, total);
			pos_undo_move(pos, mate);
			proof = proof_hand_before(proof, mate, hand);
			child_set_proven(c, 1, proof);
			tt_store(d->tab.tt, pos_board_key(pos), hand, proof, 0, PNDN_INF, 1, 1, d->tree.path.len);
			return;
		}
		if (remain < 3 || nchecks == 0) {
			/* no mate in one and no room for more (or no check at all) */
			child_set_disproven(c, nchecks == 0 ? TT_LEN_INF : 1,
			                    nchecks == 0 ? proof_disproof_or_clamp(HAND_FULL, hand) : hand);
			return;
		}
		/* df-pn+: the disproof number of an attacker node is its number of checks */
		c->pn = 1;
		c->dn = (PnDn)DN_INIT(nchecks);
	}
}

/* The broad rule, judged lazily: a drop interposition c of the current
 * (AND) node, once resolved -- proven, or disproven only within a length
 * budget -- is asked whether it is futile (futile_is_drop with the broad
 * rule).  A futile one stops counting toward the length; one disproven
 * within the budget becomes proven (a futile drop is a mate, whatever its
 * length: futile.h).  hint: -1, or plies within which every evasion of
 * the node that is not a drop is proven mated; top: the node's length
 * budget (the nogain rule's shortcuts to "not futile", futile_judge_drop:
 * the verdict does not depend on them).  node_values asks only when the
 * answer can change the node: a proven drop once the node is proven and
 * the drop would set its length, a disproven one when it would be the
 * node's decisive disproof (judge_pending).  Judging only those spares the
 * sub-searches for drops whose verdict the node's value does not depend
 * on.  Returns true iff c's values changed (futile, or left unresolved at
 * the node limit). */
static __attribute__((noinline)) bool judge_drop(Dfpn *d, Child *c, int hint, int top)
{
	/* one thread: the nogain verdict's sub-searches stop at the node
	 * limit, so that it holds exactly */
	FutileSub *sub = d->rules.fut.sub;
	uint64_t budget = UINT64_MAX;
	if (d->run.lim && d->run.lim->max_nodes && !d->thr.pool)
		budget = d->run.lim->max_nodes > d->run.nodes ? d->run.lim->max_nodes - d->run.nodes : 0;
	futile_sub_set_budget(sub, budget);
	bool futile = futile_judge_drop(&d->tree.pos, c->move, &d->rules.fut, hint, top);
	bool cut = futile_sub_budget_cut(sub);
	futile_sub_set_budget(sub, UINT64_MAX);
	count_sub_nodes(d);
	if (cut) {
		/* at the node limit inside the verdict: the drop not judged and
		 * unresolved here, so that no result of this node rests on it;
		 * the search stops */
		c->pn = c->dn = 1;
		c->len = 0;
		stop(d, DFPN_STOP_NODES);
		return true;
	}
	c->flags |= CHILD_JUDGED;
	if (!futile)
		return false;
	if (c->pn != 0) {
		child_set_proven(c, 0, d->tree.pos.hand[d->run.attacker]);
		c->rep = REP_NONE;
	}
	c->flags |= CHILD_FUTILE;
	return true;
}

/* A drop of an AND node that the broad rule has not judged and could call
 * futile: resolved -- proven, or disproven only within a length budget
 * (a true no-mate, or one resting on a repetition, is never futile). */
static inline bool judge_pending(const Dfpn *d, const Child *c)
{
	return d->rules.fut.sub && !(c->flags & (CHILD_FUTILE | CHILD_JUDGED)) && move_is_drop(c->move) &&
	       (c->pn == 0 || (c->dn == 0 && c->len < TT_LEN_INF && c->rep == REP_NONE));
}

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

/* The values of the current node (an OR node if or_node) from its n
 * children ch, into r's pn, dn, len and rep; the child to search next in
 * *best_out, the second-smallest child phi in *second_out, the child that
 * resolved the node for its player to move (shortest proof at an OR node,
 * least path-dependent disproof at an AND node) in *decisive_out (-1 if
 * none).  A delayed drop interposition whose predecessor is now proven gets
 * its initial values here (remain: the node's budget).  always_inline with a
 * constant or_node at each call: a branch-free loop per node type, as when
 * the two loops were written out (a shared loop testing or_node cost 0.2 %
 * of the instructions). */
static inline __attribute__((always_inline)) void node_values(Dfpn *d, Child *ch, int n, const bool or_node, int remain,
                                                              NodeResult *r, int *best_out, int *decisive_out,
                                                              PnDn *second_out)
{
	/* Node values from the children, in terms of the player to move:
	 * phi = the smallest child phi (the child to search next, ties to
	 * the larger delta: pick_best), delta = the sum of the child
	 * deltas.  The lengths and repetitions differ by node type. */
	int best, decisive, pend;
	PnDn best_phi, best_delta, second, sum_delta;
	int win_len, win_rep, len, rep, pend_len;
again:
	best = -1;
	best_phi = best_delta = sum_delta = 0;
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
			if (judge_pending(d, &ch[i - 1]) && !d->rules.fut.bounded) {
				/* futile, it spares the search of this one (not
				 * under nogain, whose test is costly before the node's
				 * other defences are known: judged with them) */
				if (judge_drop(d, &ch[i - 1], -1, remain))
					goto again;
			}
			if (ch[i - 1].flags & CHILD_FUTILE) {
				/* futile on this square: so is every piece (futile.h) */
				child_set_proven(&ch[i], 0, d->tree.pos.hand[d->run.attacker]);
				ch[i].flags = CHILD_FUTILE | CHILD_JUDGED;
				continue;
			}
			/* the drop before it on this square is proven: look at this one */
			Move dm = ch[i].move;
			pos_do_move(&d->tree.pos, dm);
			init_child(d, &ch[i], false, remain - 1, dm);
			pos_undo_move(&d->tree.pos, dm);
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
		pick_best(cphi, cdelta, i, &best, &best_phi, &best_delta, &second);
	}
	PnDn nphi = phi(ch[best].pn, ch[best].dn, or_node), ndelta = sum_delta;
	if (!or_node && d->rules.fut.sub) {
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
}

/* Generates the children of the current node into the arena and gives each
 * its initial values.  Kept out of mid() so that the move list does not stay
 * on the stack during the recursion.  Returns the arena index (SIZE_MAX when
 * out of memory) and the count in *count. */
static __attribute__((noinline)) size_t expand(Dfpn *d, bool or_node, int remain, int *count)
{
	Position *pos = &d->tree.pos;
	MoveList list;
	if (or_node)
		gen_checks(pos, &list);
	else
		gen_evasions(pos, &list);
	*count = list.n;
	if (list.n == 0)
		return 0;
	size_t base = arena_alloc(d, (size_t)list.n);
	if (base == SIZE_MAX)
		return base;
	/* the children's table buckets and cache slots, loaded while the
	 * evasions are sorted and judged and the first children looked at */
	ICKind kind = or_node ? IC_EVASIONS : IC_MATE1;
	for (int i = 0; i < list.n; i++) {
		uint64_t bk = pos_board_key_after(pos, list.moves[i]);
		tt_prefetch(d->tab.tt, bk);
		ic_prefetch(&d->tree.ic, bk + pos_hand_key_after(pos, list.moves[i]), kind, d->rules.fut.on);
	}
	bool futile[MAX_MOVES] = {false};
	if (!or_node) {
		/* drops grouped by square, cheapest piece first, after the other evasions */
		for (int i = 1; i < list.n; i++) {
			Move m = list.moves[i];
			int j = i;
			while (j > 0 && move_is_drop(list.moves[j - 1]) &&
			       (!move_is_drop(m) || move_to(list.moves[j - 1]) > move_to(m) ||
			        (move_to(list.moves[j - 1]) == move_to(m) && move_drop_pt(list.moves[j - 1]) > move_drop_pt(m)))) {
				list.moves[j] = list.moves[j - 1];
				j--;
			}
			list.moves[j] = m;
		}
		futile_mark(pos, &list, futile, cheap_rule(d)); /* broad: judge_drop */
	}
	for (int i = 0; i < list.n; i++) {
		Child *c = &d->tree.arena[base + i];
		c->move = list.moves[i];
		if (futile[i]) {
			child_set_proven(c, 0, pos->hand[d->run.attacker]);
			c->flags = CHILD_FUTILE;
			c->rep = REP_NONE;
			continue;
		}
		if (!or_node && i > 0 && move_is_drop(c->move) && move_is_drop(list.moves[i - 1]) &&
		    move_to(list.moves[i - 1]) == move_to(c->move)) {
			c->flags = CHILD_DELAYED;
			c->rep = REP_NONE;
			c->pn = c->dn = 1;
			c->len = 0;
			c->hand = pos->hand[d->run.attacker];
			continue;
		}
		pos_do_move(pos, c->move);
		init_child(d, c, or_node, remain - 1, c->move);
		pos_undo_move(pos, c->move);
	}
	return base;
}

/* A helper thread (parallel.h) about to search ch[best] while another
 * thread is searching it: the child to search instead.  The busy child
 * counts as if its phi were VIRTUAL_PHI(phi) (Kaneko's virtual proof
 * numbers, 2010, here a bound 1.5 times the real one): the sibling with the
 * smallest phi below that bound and below thphi (the node's phi threshold)
 * that no thread is searching is taken, and *second becomes the smallest of
 * the bound and the other free siblings' phi, so that the sibling is
 * searched until it is no better than the busy child would be with the
 * penalty, then the thread follows the other one.  Taking a free sibling
 * with the busy child simply left out, as if it were not there, sank a
 * helper in hopeless siblings of a narrow line: Microcosmos' re-search for a
 * mate within 1,551 plies did not end in 450 s where one thread ends all its
 * re-searches in 150 s.  best itself when it is not being searched or no
 * sibling qualifies. */
#define VIRTUAL_PHI(p) ((p) + (p) / 2 + 2)

static __attribute__((noinline)) int divert(const Dfpn *d, const Child *ch, int n, int best, bool or_node, PnDn thphi,
                                            PnDn *second)
{
	if (!busy_is(d->thr.busy, path_child_hash(&d->tree.path, ch[best].move)))
		return best;
	PnDn bphi = phi(ch[best].pn, ch[best].dn, or_node);
	PnDn vphi = bphi >= PNDN_MAX / 2 ? PNDN_MAX : VIRTUAL_PHI(bphi);
	PnDn bound = vphi < thphi ? vphi : thphi;
	int alt = -1;
	PnDn aphi = PNDN_INF, next = vphi;
	for (int i = 0; i < n; i++) {
		if (i == best || (ch[i].flags & CHILD_DELAYED))
			continue;
		PnDn p = phi(ch[i].pn, ch[i].dn, or_node);
		if (p >= bound || busy_is(d->thr.busy, path_child_hash(&d->tree.path, ch[i].move)))
			continue;
		if (p < aphi) {
			if (aphi < next)
				next = aphi;
			alt = i;
			aphi = p;
		} else if (p < next) {
			next = p;
		}
	}
	if (alt < 0)
		return best;
	*second = next;
	return alt;
}

/* inc: extend the thresholds (TCA, below), handed down from the parent. */
static NodeResult mid(Dfpn *d, PnDn thpn, PnDn thdn, int remain, bool inc)
{
	Position *pos = &d->tree.pos;
	const bool or_node = pos->side == d->run.attacker;
	const uint64_t key = pos_board_key(pos);
	const Hand hand = pos->hand[d->run.attacker];
	const uint64_t nodes_before = d->run.nodes;
	NodeResult r = {1, 1, 0, REP_NONE, hand};

	d->run.nodes++;
	if (d->run.nodes >= d->run.next_check)
		check_limits(d);
	if (or_node && remain < 1)
		return (NodeResult){PNDN_INF, 0, 0, REP_NONE, HAND_FULL};
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
			tt_store(d->tab.tt, key, hand, dis, PNDN_INF, 0, TT_LEN_INF, 1, d->tree.path.len - 1);
			return (NodeResult){PNDN_INF, 0, TT_LEN_INF, REP_NONE, dis};
		}
		Hand proof = proof_guard_interpositions(pos, d->run.attacker, 0);
		tt_store(d->tab.tt, key, hand, proof, 0, PNDN_INF, 0, 1, d->tree.path.len - 1);
		return (NodeResult){0, PNDN_INF, 0, REP_NONE, proof};
	}
	if (base == SIZE_MAX) {
		d->run.stopped = true;
		d->run.stop_reason = DFPN_STOP_MEMORY;
		return r;
	}

	if (d->thr.busy)
		busy_enter(d->thr.busy, path_top_hash(&d->tree.path));
	int decisive;
	bool first_pass = true;
	for (;;) {
		Child *ch = &d->tree.arena[base];
		int best;
		PnDn second;
		if (or_node)
			node_values(d, ch, n, true, remain, &r, &best, &decisive, &second);
		else
			node_values(d, ch, n, false, remain, &r, &best, &decisive, &second);
		const PnDn pn = r.pn, dn = r.dn;
		if (first_pass) {
			/* Threshold control (TCA, Kishimoto 2005; as in KomoringHeights):
			 * a child whose entry comes from higher up the path may hold
			 * values that depend on this very node; returning as soon as
			 * the thresholds are exceeded can then loop without progress.
			 * Search at least one step further instead.  Only in the
			 * unbounded first proof: in the re-searches under a length
			 * budget it cost more than it saved (Microcosmos). */
			first_pass = false;
			for (int i = 0; i < n && !inc && !d->run.budgeted; i++)
				inc = (ch[i].flags & CHILD_OLD) && ch[i].pn != 0 && ch[i].dn != 0;
			if (inc && pn != 0 && dn != 0) {
				if (pn < PNDN_INF && thpn <= pn)
					thpn = pn + 1;
				if (dn < PNDN_INF && thdn <= dn)
					thdn = dn + 1;
			}
		}
		if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || d->run.stopped)
			break;

		/* thresholds for the best child: phi below the second-best child's
		 * (1+epsilon trick), delta what the node's threshold leaves it */
		PnDn thphi = phi(thpn, thdn, or_node), thdelta = delta(thpn, thdn, or_node);
		if (d->thr.busy && d->thr.tid)
			best = divert(d, ch, n, best, or_node, thphi, &second);
		PnDn e = d->thr.tid ? eps_threshold_helper(second, d->thr.tid) : eps_threshold(second);
		PnDn cthphi = thphi < e ? thphi : e;
		PnDn cthdelta = thdelta >= PNDN_INF ? PNDN_INF
		                                       : thdelta - delta(pn, dn, or_node) + delta(ch[best].pn, ch[best].dn, or_node);
		PnDn cthpn = or_node ? cthphi : cthdelta, cthdn = or_node ? cthdelta : cthphi;
		Move m = ch[best].move;
		bool child_new = (ch[best].flags & CHILD_NEW) != 0;
		pos_do_move(pos, m);
		path_push(&d->tree.path, pos_key(pos), m);
		NodeResult cr = mid(d, cthpn, cthdn, remain - 1, inc && !child_new);
		if (child_new)
			inc = false; /* a new node was expanded: progress */
		path_pop(&d->tree.path);
		pos_undo_move(pos, m);
		Child *c = &d->tree.arena[base + best]; /* the arena may have moved */
		c->pn = cr.pn;
		c->dn = cr.dn;
		c->len = cr.len;
		c->hand = cr.hand;
		c->rep = (uint16_t)(cr.dn == 0 ? cr.rep : REP_NONE);
		c->flags &= ~(CHILD_NEW | CHILD_OLD);
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
		tt_mark_rep(d->tab.tt, key, hand, d->tree.path.len - 1);
	} else if (!(d->run.stopped && r.pn != 0 && r.dn != 0))
		tt_store(d->tab.tt, key, hand, r.hand, r.pn, r.dn, r.len, d->run.nodes - nodes_before, d->tree.path.len - 1);
	return r;
}

NodeResult search_root(Dfpn *d, int remain)
{
	NodeResult r;
	d->run.budgeted = remain + d->tree.pos.ply < BUDGET_INF;
	d->run.root_ply = d->tree.pos.ply;
	d->run.root_len = d->tree.path.len;
	bool lead = d->thr.pool && d->thr.tid == 0;
	if (lead)
		pool_begin(d, remain);
	do {
		r = mid(d, PNDN_INF, PNDN_INF, remain, false);
	} while (r.pn != 0 && r.dn != 0 && !d->run.stopped);
	if (lead)
		r = pool_end(d, r);
	return r;
}
