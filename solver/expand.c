/* expand.c -- expanding a node: its children, their initial values, the
 * futility verdicts on its drops, and a helper's choice of a child nobody
 * else searches (expand.h). */
#include "expand.h"

#include "futile_sub.h"
#include "limit.h"
#include "movegen.h"
#include "parallel.h"
#include "proof.h"

#include <stdlib.h>

/* Initial disproof number of a new attacker node with n checks (df-pn+). */
#ifndef DN_INIT
#define DN_INIT(n) (n)
#endif

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

/* The futility test for initial values and at expand: the rule in force,
 * but the narrow test in place of the sub-searches of broad and nogain (a
 * drop the narrow test calls futile is futile under them too); the rules
 * without a sub-search (none, narrow, capturable) as they are.  Those
 * decide in node_values, where the node's value depends on a drop
 * (judge_drop), and, for broad, at the length budget's frontier, where no
 * expansion follows. */
static inline const FutileRule *cheap_rule(const Dfpn *d) { return d->rules.count->cheap; }

/* Adds the nodes of the rule's own searches since the last call to the
 * search's count (they are work of this search, and count against its
 * node limit). */
static void count_sub_nodes(Dfpn *d)
{
	uint64_t n = futile_sub_nodes(d->rules.sub);
	d->run.nodes += n - d->rules.sub_nodes_seen;
	d->rules.sub_nodes_seen = n;
}

/* A verdict of the rule's own searches (futile_search.c) stops at the node
 * limit, so that the limit holds: exactly on one thread; on several each
 * thread's verdict may take its share of the nodes left (the threads'
 * verdicts run at once, each counted when it ends).  verdict_begin gives
 * the searches that budget; verdict_end takes it back, counts their nodes,
 * stops the search when they reach the node limit, and returns true when
 * one stopped at it: the verdict is then not the rule's, and the caller
 * leaves what rests on it unresolved. */
static inline void verdict_begin(Dfpn *d) { futile_sub_set_budget(d->rules.sub, limits_nodes_share(d)); }

static bool verdict_end(Dfpn *d)
{
	FutileSub *sub = d->rules.sub;
	bool cut = futile_sub_budget_cut(sub);
	futile_sub_set_budget(sub, UINT64_MAX);
	count_sub_nodes(d);
	d->run.verdict_cut |= cut;
	if (cut || (d->run.lim && d->run.lim->max_nodes && limits_count(d) >= d->run.lim->max_nodes))
		limits_stop(d, DFPN_STOP_NODES); /* (its nodes may reach the limit: stop there, not a node later) */
	return cut;
}

/* Initial values of a new defender (AND) child c, d->tree.pos after the
 * check (remain: its budget; hand: the attacker's). */
static inline void init_and_child(Dfpn *d, Child *c, int remain, Hand hand)
{
	Position *pos = &d->tree.pos;
	/* df-pn+: the proof number of a defender node is its number of
	 * (non-futile) evasions; none means the check mates. */
	int total, n;
	if (!ic_get(&d->tree.ic, pos, IC_EVASIONS, context_count(d) != DFPN_FUTILE_NONE, &n, &total)) {
		n = futile_count_real_evasions(pos, &total, cheap_rule(d), d->rules.sub);
		ic_put(&d->tree.ic, pos, IC_EVASIONS, context_count(d) != DFPN_FUTILE_NONE, n, total);
	}
	if (n > 0 && remain < 1 && d->rules.count->at_frontier) {
		/* the budget's frontier: mated under the broad rule?  (the
		 * nogain rule's "mated" is the narrow test; only
		 * whether any evasion is real matters here: the child is
		 * disproven otherwise, whatever n) */
		verdict_begin(d);
		n = futile_has_real_evasion(pos, d->rules.count, d->rules.sub);
		if (verdict_end(d)) {
			c->pn = c->dn = 1; /* not judged: unresolved */
			c->len = 0;
			return;
		}
	}
	if (n == 0) {
		Hand proof = proof_hand_mated(pos, d->run.attacker, total);
		child_set_proven(c, 0, proof);
		tt_store_mate(d->tab.tt, pos_board_key(pos), hand, proof, 0);
		return;
	}
	if (remain < 1) {
		child_set_disproven(c, remain < 0 ? 0 : remain, hand);
		return;
	}
	c->pn = (PnDn)n;
	c->dn = 1;
}

/* Initial values of a new attacker (OR) child c, d->tree.pos after the
 * evasion (remain: its budget; hand: the attacker's). */
static inline void init_or_child(Dfpn *d, Child *c, int remain, Hand hand)
{
	Position *pos = &d->tree.pos;
	if (remain < 1) {
		child_set_disproven(c, 0, HAND_FULL);
		return;
	}
	/* mate in one at every new attacker node */
	int nchecks, unused;
	Move mate = MOVE_NONE;
	if (!ic_get(&d->tree.ic, pos, IC_MATE1, context_count(d) != DFPN_FUTILE_NONE, &nchecks, &unused)) {
		mate = futile_mate1(pos, &nchecks, cheap_rule(d), d->rules.sub);
		if (mate == MOVE_NONE)
			ic_put(&d->tree.ic, pos, IC_MATE1, context_count(d) != DFPN_FUTILE_NONE, nchecks, 0);
	}
	if (mate == MOVE_NONE && remain < 3 && d->rules.count->at_frontier) {
		/* the budget's frontier: a mate in one under the broad rule?
		 * (under nogain the narrow test's) */
		verdict_begin(d);
		mate = futile_mate1(pos, &nchecks, d->rules.count, d->rules.sub);
		if (verdict_end(d)) {
			c->pn = c->dn = 1; /* not judged: unresolved */
			c->len = 0;
			return;
		}
	}
	if (mate != MOVE_NONE) {
		pos_do_move(pos, mate);
		int total;
		futile_count_real_evasions(pos, &total, cheap_rule(d), d->rules.sub);
		Hand proof = proof_hand_mated(pos, d->run.attacker, total);
		pos_undo_move(pos, mate);
		proof = proof_hand_before(proof, mate, hand);
		child_set_proven(c, 1, proof);
		tt_store_mate(d->tab.tt, pos_board_key(pos), hand, proof, 1);
		return;
	}
	if (remain < 3 || nchecks == 0) {
		/* no mate in one and no space for more (or no check at all) */
		child_set_disproven(c, nchecks == 0 ? TT_LEN_INF : 1,
		                    nchecks == 0 ? proof_disproof_or_clamp(HAND_FULL, hand) : hand);
		return;
	}
	/* df-pn+: the disproof number of an attacker node is its number of checks */
	c->pn = 1;
	c->dn = (PnDn)DN_INIT(nchecks);
}

/* The keys of a child position (pos_board_key, pos_hand_key). */
typedef struct {
	uint64_t board, hand;
} ChildKeys;

/* The attacker's hand after move m from pos. */
static inline Hand hand_after(const Position *pos, Move m, Color attacker)
{
	Hand h = pos->hand[attacker];
	if (pos->side != attacker)
		return h;
	if (move_is_drop(m))
		return hand_sub(h, move_drop_pt(m));
	Piece cap = pos->board[move_to(m)];
	return cap ? hand_add(h, pt_unpromote(piece_type(cap))) : h;
}

/* init_child with the child's keys (from the move) given. */
static void init_child_keyed(Dfpn *d, Child *c, bool child_is_and, int remain, Move move, ChildKeys keys)
{
	/* the child's keys and hand from the move: the move is played only
	 * for a child the tables do not answer */
	Position *pos = &d->tree.pos;
	const Hand hand = hand_after(pos, move, d->run.attacker);
	const uint64_t board_key = keys.board;
	c->flags = 0;
	c->rep = REP_NONE;
	c->len = 0;
	c->hand = hand;
	int at = path_find(&d->tree.path, board_key + keys.hand);
	TTProbe p = tt_probe(d->tab.tt, board_key, hand, remain);
	/* Under a length budget a repetition from far up the path is searched
	 * like any position: the budget ends every cycle, and the result holds
	 * for every path (see dfpn_set_repetition_span). */
	if (at >= 0 && d->run.budgeted && d->tree.path.len - at >= d->run.rep_span)
		at = -1;
	/* In the search without a length budget a return to the board with
	 * no more in the attacker's hand counts as a repetition too (as in
	 * KomoringHeights): a mate from there is a mate of the earlier
	 * position in fewer plies, so a shallowest mate never passes through
	 * it, and "no mate" for the earlier position stays sound.  It holds
	 * for every hand up to the earlier one's.  Not under a budget: under
	 * the nogain rule a mate's counted length is not monotone in the
	 * hands, and "fewer plies" need not mean a shorter counted mate. */
	Hand rep_hand = hand;
	if (at < 0 && !d->run.budgeted) {
		at = path_find_inferior(&d->tree.path, board_key, hand);
		if (at >= 0)
			rep_hand = d->tree.path.hand[at];
	}
	if (at >= 0) {
		/* a repetition: no mate on this path.  If the table already
		 * knows the position has no mate within the budget, that holds on
		 * every path: take it, the result then depends on no repetition */
		if (p.dn == 0) {
			child_set_disproven(c, p.len, p.hand);
			return;
		}
		child_set_disproven(c, TT_LEN_INF, rep_hand);
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
		return;
	}
	c->flags |= CHILD_NEW;
	pos_do_move(pos, move);
	if (child_is_and)
		init_and_child(d, c, remain, hand);
	else
		init_or_child(d, c, remain, hand);
	pos_undo_move(pos, move);
}

void init_child(Dfpn *d, Child *c, bool child_is_and, int remain, Move move)
{
	const Position *pos = &d->tree.pos;
	init_child_keyed(d, c, child_is_and, remain, move,
	                 (ChildKeys){.board = pos_board_key_after(pos, move), .hand = pos_hand_key_after(pos, move)});
}

__attribute__((noinline)) bool judge_drop(Dfpn *d, Child *c, int hint, int top)
{
	verdict_begin(d);
	bool futile = futile_judge_drop(&d->tree.pos, c->move, d->rules.count, d->rules.sub, hint, top);
	if (verdict_end(d)) {
		/* at the node limit inside the verdict: the drop not judged and
		 * unresolved here, so that no result of this node rests on it */
		c->pn = c->dn = 1;
		c->len = 0;
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

/* The squares of the drop interpositions among the evasions of list that
 * are 中合い, "middle" interpositions: on a square no defender piece guards
 * (the king included), and giving no check.  Such a drop is seldom more
 * than futile, whatever its square: they are searched one at a time, the
 * next only once the one before is proven (KomoringHeights' chain of
 * 中合い in its delayed expansion), in the search for a first mate. */
static bb_t middle_squares(const Position *pos, const MoveList *list)
{
	bb_t middle = bb_empty(), guarded = bb_empty(); /* (a square's guard tested once) */
	for (int i = 0; i < list->n; i++) {
		Move m = list->moves[i];
		Square to = move_to(m);
		if (!move_is_drop(m) || bb_test(middle, to) || bb_test(guarded, to))
			continue;
		if (pos_attacked(pos, pos->side, to, pos->occ))
			bb_set(&guarded, to);
		else if (!pos_gives_check(pos, m))
			bb_set(&middle, to);
	}
	return middle;
}

__attribute__((noinline)) size_t expand(Dfpn *d, bool or_node, int remain, int *count)
{
	Position *pos = &d->tree.pos;
	MoveList list;
	if (or_node) {
		gen_checks(pos, &list);
		if (d->first.move != MOVE_NONE)
			context_first_filter(d, pos, &list);
	} else {
		gen_evasions(pos, &list);
	}
	*count = list.n;
	if (list.n == 0)
		return 0;
	size_t base = arena_alloc(d, (size_t)list.n);
	if (base == SIZE_MAX)
		return base;
	/* the children's table buckets and cache slots, loaded while the
	 * evasions are sorted and judged and the first children looked at */
	ICKind kind = or_node ? IC_EVASIONS : IC_MATE1;
	ChildKeys keys[MAX_MOVES]; /* (kept for init_child, sorted with the moves) */
	for (int i = 0; i < list.n; i++) {
		keys[i].board = pos_board_key_after(pos, list.moves[i]);
		keys[i].hand = pos_hand_key_after(pos, list.moves[i]);
		tt_prefetch(d->tab.tt, keys[i].board);
		ic_prefetch(&d->tree.ic, keys[i].board + keys[i].hand, kind, context_count(d) != DFPN_FUTILE_NONE);
	}
	bool futile[MAX_MOVES] = {false};
	bb_t middle = bb_empty();
	if (!or_node) {
		if (!d->run.budgeted)
			middle = middle_squares(pos, &list);
			/* drops grouped by square, cheapest piece first, after the other
			 * evasions; the 中合い squares last */
#define DROP_RANK(m) ((bb_test(middle, move_to(m)) ? SQ_NB : 0) + move_to(m))
		for (int i = 1; i < list.n; i++) {
			Move m = list.moves[i];
			ChildKeys k = keys[i];
			int j = i;
			while (j > 0 && move_is_drop(list.moves[j - 1]) &&
			       (!move_is_drop(m) || DROP_RANK(list.moves[j - 1]) > DROP_RANK(m) ||
			        (move_to(list.moves[j - 1]) == move_to(m) &&
			         move_drop_pt(list.moves[j - 1]) > move_drop_pt(m)))) {
				list.moves[j] = list.moves[j - 1];
				keys[j] = keys[j - 1];
				j--;
			}
			list.moves[j] = m;
			keys[j] = k;
		}
#undef DROP_RANK
		futile_mark(pos, &list, futile, cheap_rule(d), d->rules.sub); /* broad: judge_drop */
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
		    (move_to(list.moves[i - 1]) == move_to(c->move) ||
		     (bb_test(middle, move_to(c->move)) && bb_test(middle, move_to(list.moves[i - 1]))))) {
			c->flags = CHILD_DELAYED;
			c->rep = REP_NONE;
			c->pn = c->dn = 1;
			c->len = 0;
			c->hand = pos->hand[d->run.attacker];
			continue;
		}
		init_child_keyed(d, c, or_node, remain - 1, c->move, keys[i]);
	}
	return base;
}

#define VIRTUAL_PHI(p) ((p) + (p) / 2 + 2)

__attribute__((noinline)) int divert(const Dfpn *d, const Child *ch, int n, int best, bool or_node, PnDn thphi,
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
