/* dfpn.c -- df-pn search (see dfpn.h). */
#include "dfpn_internal.h"

#include "futile.h"
#include "proof.h"
#include "movegen.h"
#include "reptable.h"

#include <stdlib.h>
#include <string.h>

/* Initial disproof number of a new attacker node with n checks (df-pn+). */
#ifndef DN_INIT
#define DN_INIT(n) (n)
#endif

Dfpn *dfpn_new(size_t hash_mb)
{
	core_init();
	Dfpn *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	/* 1/16 of the memory for the repetition table, the rest for the TT */
	size_t bytes = (hash_mb < 1 ? 1 : hash_mb) << 20;
	size_t rt_bytes = bytes / 16;
	if (rt_init(&d->rt, rt_bytes) != 0) {
		free(d);
		return NULL;
	}
	if (tt_init(&d->tt, bytes - rt_bytes) != 0) {
		rt_free(&d->rt);
		free(d);
		return NULL;
	}
	d->futile_rule = true;
	/* Microcosmos' main line comes back to positions 100 to 300 plies up the
	 * path; nearly all its other repetitions span under 60 plies */
	d->rep_span = DFPN_REP_SPAN_DEFAULT;
	d->arena_cap = 1 << 16;
	d->arena = malloc(d->arena_cap * sizeof *d->arena);
	if (!d->arena) {
		tt_free(&d->tt);
		rt_free(&d->rt);
		free(d);
		return NULL;
	}
	return d;
}

void dfpn_free(Dfpn *d)
{
	if (!d)
		return;
	tt_free(&d->tt);
	rt_free(&d->rt);
	free(d->arena);
	free(d);
}

void dfpn_clear(Dfpn *d) { tt_clear(&d->tt); }

void dfpn_set_repetition_span(Dfpn *d, int plies) { d->rep_span = plies < 4 ? 4 : plies; }

void dfpn_set_futile_rule(Dfpn *d, bool on)
{
	if (d->futile_rule != on)
		tt_clear(&d->tt); /* results under one rule are not valid under the other */
	d->futile_rule = on;
}

/* ---- limits ---- */

static void check_limits(Dfpn *d)
{
	d->next_check = d->nodes + 1024;
	if (!d->tt.huge && d->nodes >= 1000000)
		tt_advise_huge(&d->tt); /* a long search: worth 2 MB pages (tt.c) */
	const DfpnLimits *lim = d->lim;
	if (!lim)
		return;
	if (lim->max_nodes && d->next_check > lim->max_nodes)
		d->next_check = lim->max_nodes;
	if (lim->max_nodes && d->nodes >= lim->max_nodes) {
		d->stopped = true;
		d->stop_reason = DFPN_STOP_NODES;
	}
	if (lim->stop && atomic_load(lim->stop)) {
		d->stopped = true;
		d->stop_reason = DFPN_STOP_USER;
	}
	double t = dfpn_now_seconds();
	if (lim->max_time_ms && (t - d->start) * 1000.0 >= (double)lim->max_time_ms) {
		d->stopped = true;
		d->stop_reason = DFPN_STOP_TIME;
	}
	if (lim->progress && t - d->last_progress >= 0.1) {
		d->last_progress = t;
		lim->progress(lim->progress_arg, d->nodes, t - d->start, tt_hashfull(&d->tt));
	}
}

/* ---- arena ---- */

static size_t arena_alloc(Dfpn *d, size_t n)
{
	if (d->arena_top + n > d->arena_cap) {
		size_t cap = d->arena_cap;
		while (d->arena_top + n > cap)
			cap *= 2;
		Child *a = realloc(d->arena, cap * sizeof *a);
		if (!a)
			return SIZE_MAX;
		d->arena = a;
		d->arena_cap = cap;
	}
	size_t base = d->arena_top;
	d->arena_top += n;
	return base;
}

/* ---- the search ---- */

/* Initial values of a child reached by m from the current position.
 * remain = the child's length budget. */
static void init_child(Dfpn *d, Child *c, bool child_is_and, int remain, Move move)
{
	Position *pos = &d->pos;
	const Hand hand = pos->hand[d->attacker];
	c->flags = 0;
	c->rep = REP_NONE;
	c->len = 0;
	c->hand = hand;
	int at = path_find(&d->path, pos_key(pos));
	TTProbe p = tt_probe(&d->tt, pos_board_key(pos), hand, remain);
	/* Under a length budget a repetition from far up the path is searched
	 * like any position: the budget ends every cycle, and the result holds
	 * for every path (see dfpn_set_repetition_span). */
	if (at >= 0 && d->budgeted && d->path.len - at >= d->rep_span)
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
		if (rt_probe(&d->rt, path_child_hash(&d->path, move), &start, &len) &&
		    remain <= len && start < d->path.len) {
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
		if (p.pn != 0 && p.dn != 0 && p.depth < d->path.len)
			c->flags |= CHILD_OLD;
		return;
	}
	c->flags |= CHILD_NEW;
	if (child_is_and) {
		/* df-pn+: the proof number of a defender node is its number of
		 * (non-futile) evasions; none means the check mates. */
		int total, n = futile_count_real_evasions(pos, &total, d->futile_rule);
		if (n == 0) {
			Hand proof = total == 0 ? proof_guard_interpositions(pos, d->attacker, 0) : hand;
			child_set_proven(c, 0, proof);
			tt_store(&d->tt, pos_board_key(pos), hand, proof, 0, PNDN_INF, 0, 1, d->path.len);
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
		int nchecks;
		Move mate = futile_mate1(pos, &nchecks, d->futile_rule);
		if (mate != MOVE_NONE) {
			pos_do_move(pos, mate);
			int total;
			futile_count_real_evasions(pos, &total, d->futile_rule);
			Hand proof = total == 0 ? proof_guard_interpositions(pos, d->attacker, 0) : pos->hand[d->attacker];
			pos_undo_move(pos, mate);
			proof = proof_hand_before(proof, mate, hand);
			child_set_proven(c, 1, proof);
			tt_store(&d->tt, pos_board_key(pos), hand, proof, 0, PNDN_INF, 1, 1, d->path.len);
			return;
		}
		if (remain < 3 || nchecks == 0) {
			/* no mate in one and no room for more (or no check at all) */
			child_set_disproven(c, nchecks == 0 ? TT_LEN_INF : 1, nchecks == 0 ? proof_disproof_or_clamp(HAND_FULL, hand) : hand);
			return;
		}
		/* df-pn+: the disproof number of an attacker node is its number of checks */
		c->pn = 1;
		c->dn = (PnDn)DN_INIT(nchecks);
	}
}

/* Tracks the child to search next: the smallest key (pn at an OR node, dn at
 * an AND node), ties to the larger other number; and the second-smallest key
 * for the 1+epsilon threshold. */
static inline void pick_best(PnDn key, PnDn tie, int i, int *best, PnDn *best_key, PnDn *best_tie, PnDn *second)
{
	if (*best < 0 || key < *best_key || (key == *best_key && tie > *best_tie)) {
		if (*best >= 0 && *best_key < *second)
			*second = *best_key;
		*best = i;
		*best_key = key;
		*best_tie = tie;
	} else if (key < *second) {
		*second = key;
	}
}

static inline PnDn eps_threshold(PnDn second)
{
	if (second >= PNDN_INF)
		return PNDN_INF;
	return second + second / 4 + 1;
}

/* Generates the children of the current node into the arena and gives each
 * its initial values.  Kept out of mid() so that the move list does not stay
 * on the stack during the recursion.  Returns the arena index (SIZE_MAX when
 * out of memory) and the count in *count. */
static __attribute__((noinline)) size_t expand(Dfpn *d, bool or_node, int remain, int *count)
{
	Position *pos = &d->pos;
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
		futile_mark(pos, &list, futile, d->futile_rule);
	}
	for (int i = 0; i < list.n; i++)
		tt_prefetch(&d->tt, pos_board_key_after(pos, list.moves[i]));
	for (int i = 0; i < list.n; i++) {
		Child *c = &d->arena[base + i];
		c->move = list.moves[i];
		if (futile[i]) {
			child_set_proven(c, 0, pos->hand[d->attacker]);
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
			c->hand = pos->hand[d->attacker];
			continue;
		}
		pos_do_move(pos, c->move);
		init_child(d, c, or_node, remain - 1, c->move);
		pos_undo_move(pos, c->move);
	}
	return base;
}

/* inc: extend the thresholds (TCA, below), handed down from the parent. */
static NodeResult mid(Dfpn *d, PnDn thpn, PnDn thdn, int remain, bool inc)
{
	Position *pos = &d->pos;
	const bool or_node = pos->side == d->attacker;
	const uint64_t key = pos_board_key(pos);
	const Hand hand = pos->hand[d->attacker];
	const uint64_t nodes_before = d->nodes;
	NodeResult r = {1, 1, 0, REP_NONE, hand};

	d->nodes++;
	if (d->nodes >= d->next_check)
		check_limits(d);
	if (or_node && remain < 1)
		return (NodeResult){PNDN_INF, 0, 0, REP_NONE, HAND_FULL};
	if (pos->ply + 2 >= POS_MAX_PLY) {
		d->stopped = true;
		d->stop_reason = DFPN_STOP_DEPTH;
		return r;
	}

	int n;
	size_t base = expand(d, or_node, remain, &n);
	if (n == 0) {
		if (or_node) {
			Hand dis = proof_disproof_or_clamp(HAND_FULL, hand);
			tt_store(&d->tt, key, hand, dis, PNDN_INF, 0, TT_LEN_INF, 1, d->path.len - 1);
			return (NodeResult){PNDN_INF, 0, TT_LEN_INF, REP_NONE, dis};
		}
		Hand proof = proof_guard_interpositions(pos, d->attacker, 0);
		tt_store(&d->tt, key, hand, proof, 0, PNDN_INF, 0, 1, d->path.len - 1);
		return (NodeResult){0, PNDN_INF, 0, REP_NONE, proof};
	}
	if (base == SIZE_MAX) {
		d->stopped = true;
		d->stop_reason = DFPN_STOP_MEMORY;
		return r;
	}

	int decisive;
	bool first_pass = true;
	for (;;) {
		Child *ch = &d->arena[base];
		/* node values from the children */
		PnDn pn, dn;
		int best = -1;
		PnDn best_key = 0, best_tie = 0, second = PNDN_INF;
		decisive = -1;
		int rep = REP_NONE;
		int len;
		if (or_node) {
			pn = PNDN_INF;
			dn = 0;
			len = TT_LEN_INF;
			int proven_len = TT_LEN_INF;
			for (int i = 0; i < n; i++) {
				if (ch[i].pn == 0 && ch[i].len + 1 < proven_len) {
					proven_len = ch[i].len + 1;
					decisive = i;
				}
				dn = pndn_add(dn, ch[i].dn);
				if (ch[i].dn == 0) {
					if (ch[i].rep < rep)
						rep = ch[i].rep;
					if (ch[i].len < TT_LEN_INF && ch[i].len + 1 < len)
						len = ch[i].len + 1;
				}
				pick_best(ch[i].pn, ch[i].dn, i, &best, &best_key, &best_tie, &second);
			}
			pn = ch[best].pn;
			if (pn == 0) {
				dn = PNDN_INF;
				len = proven_len;
				rep = REP_NONE;
			} else if (dn != 0) {
				rep = REP_NONE;
			}
			if (dn >= PNDN_INF && pn != 0)
				dn = PNDN_MAX;
		} else {
			pn = 0;
			dn = PNDN_INF;
			len = 0;
			int dis_len = -1;
			int dis_rep = -1;
			for (int i = 0; i < n; i++) {
				if (ch[i].flags & CHILD_DELAYED) {
					if (ch[i - 1].pn != 0 || (ch[i - 1].flags & CHILD_DELAYED))
						continue;
					/* the drop before it on this square is proven: look at this one */
					Move dm = ch[i].move;
					pos_do_move(pos, dm);
					init_child(d, &ch[i], false, remain - 1, dm);
					pos_undo_move(pos, dm);
				}
				pn = pndn_add(pn, ch[i].pn);
				if (ch[i].pn == 0 && !(ch[i].flags & CHILD_FUTILE) && ch[i].len + 1 > len)
					len = ch[i].len + 1;
				if (ch[i].dn == 0) {
					int crep = ch[i].rep;
					int clen = ch[i].len >= TT_LEN_INF ? TT_LEN_INF : ch[i].len + 1;
					/* prefer a disproof that depends least on the path */
					if (dis_len < 0 || crep > dis_rep || (dis_rep == crep && clen > dis_len)) {
						dis_len = clen;
						dis_rep = crep;
						decisive = i;
					}
				}
				pick_best(ch[i].dn, ch[i].pn, i, &best, &best_key, &best_tie, &second);
			}
			dn = ch[best].dn;
			if (dn == 0) {
				pn = PNDN_INF;
				len = dis_len;
				rep = dis_rep;
			} else if (pn != 0 && pn >= PNDN_INF) {
				pn = PNDN_MAX;
			}
		}
		r.pn = pn;
		r.dn = dn;
		r.len = len;
		r.rep = rep;
		if (first_pass) {
			/* Threshold control (TCA, Kishimoto 2005; as in KomoringHeights):
			 * a child whose entry comes from higher up the path may hold
			 * values that depend on this very node; returning as soon as
			 * the thresholds are exceeded can then loop without progress.
			 * Search at least one step further instead.  Only in the
			 * unbounded first proof: in the re-searches under a length
			 * budget it cost more than it saved (Microcosmos). */
			first_pass = false;
			for (int i = 0; i < n && !inc && !d->budgeted; i++)
				inc = (ch[i].flags & CHILD_OLD) && ch[i].pn != 0 && ch[i].dn != 0;
			if (inc && pn != 0 && dn != 0) {
				if (pn < PNDN_INF && thpn <= pn)
					thpn = pn + 1;
				if (dn < PNDN_INF && thdn <= dn)
					thdn = dn + 1;
			}
		}
		if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || d->stopped)
			break;

		/* thresholds for the best child (1+epsilon trick) */
		PnDn cthpn, cthdn;
		if (or_node) {
			PnDn e = eps_threshold(second);
			cthpn = thpn < e ? thpn : e;
			cthdn = thdn >= PNDN_INF ? PNDN_INF : thdn - dn + ch[best].dn;
		} else {
			PnDn e = eps_threshold(second);
			cthdn = thdn < e ? thdn : e;
			cthpn = thpn >= PNDN_INF ? PNDN_INF : thpn - pn + ch[best].pn;
		}
		Move m = ch[best].move;
		bool child_new = (ch[best].flags & CHILD_NEW) != 0;
		pos_do_move(pos, m);
		path_push(&d->path, pos_key(pos), m);
		NodeResult cr = mid(d, cthpn, cthdn, remain - 1, inc && !child_new);
		if (child_new)
			inc = false; /* a new node was expanded: progress */
		path_pop(&d->path);
		pos_undo_move(pos, m);
		Child *c = &d->arena[base + best]; /* the arena may have moved */
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
	if (r.dn == 0 && r.rep >= d->path.len - 1)
		r.rep = REP_NONE;
	if (r.pn == 0 || r.dn == 0)
		r.hand = proof_result_hand(pos, d->attacker, &d->arena[base], n, or_node, decisive, r.pn == 0);
	d->arena_top = base;
	if (r.dn == 0 && r.rep != REP_NONE) {
		/* true on this path only: keep it under the path key */
		rt_store(&d->rt, path_top_hash(&d->path), r.rep, r.len, d->nodes - nodes_before);
		tt_mark_rep(&d->tt, key, hand, d->path.len - 1);
	} else if (!(d->stopped && r.pn != 0 && r.dn != 0))
		tt_store(&d->tt, key, hand, r.hand, r.pn, r.dn, r.len, d->nodes - nodes_before, d->path.len - 1);
	return r;
}

/* Searches the current position (an OR node) until it is resolved or a
 * limit stops the search. */
static NodeResult search_root(Dfpn *d, int remain)
{
	NodeResult r;
	d->budgeted = remain + d->pos.ply < BUDGET_INF;
	do {
		r = mid(d, PNDN_INF, PNDN_INF, remain, false);
	} while (r.pn != 0 && r.dn != 0 && !d->stopped);
	return r;
}

/* ---- main line ---- */

/* Value of the child reached by m from the current position, under budget. */
static TTProbe probe_child(Dfpn *d, Move m, int remain)
{
	Position *pos = &d->pos;
	pos_do_move(pos, m);
	TTProbe p;
	int total;
	if (path_contains(&d->path, pos_key(pos)))
		p = (TTProbe){PNDN_INF, 0, TT_LEN_INF, true, false, INT16_MAX, 0};
	else if (pos->side != d->attacker && futile_count_real_evasions(pos, &total, d->futile_rule) == 0)
		p = (TTProbe){0, PNDN_INF, 0, true, false, INT16_MAX, 0};
	else
		p = tt_probe(&d->tt, pos_board_key(pos), pos->hand[d->attacker], remain);
	pos_undo_move(pos, m);
	return p;
}

/* Resolves the child reached by m within budget `remain` by search. */
static NodeResult search_child(Dfpn *d, Move m, int remain)
{
	Position *pos = &d->pos;
	pos_do_move(pos, m);
	NodeResult r;
	TTProbe p = tt_probe(&d->tt, pos_board_key(pos), pos->hand[d->attacker], remain);
	if (path_contains(&d->path, pos_key(pos))) {
		r = (NodeResult){PNDN_INF, 0, TT_LEN_INF, path_find(&d->path, pos_key(pos)), pos->hand[d->attacker]};
	} else if (p.pn == 0 || p.dn == 0) {
		r = (NodeResult){p.pn, p.dn, p.len, REP_NONE, p.hand}; /* already known */
	} else {
		path_push(&d->path, pos_key(pos), m);
		r = search_root(d, remain);
		path_pop(&d->path);
	}
	pos_undo_move(pos, m);
	return r;
}

/* Builds the main line of the root (the current position, a proven mate of
 * `len` plies).  With verify (len proven minimal) every defender choice is
 * checked by search to be a longest resistance and every attacker choice a
 * shortest mate.  Without it (a limit stopped the minimality proof) the line
 * follows the stored proofs only: attacker the shortest stored proof,
 * defender the longest.  Returns the number of plies written to pv. */
static int build_pv(Dfpn *d, int len, Move *pv, bool verify, bool tiebreak);

/* Plays m (a defender move), builds the checked main line of t plies after
 * it, and tells whether that line leaves the attacker's hand empty.  The
 * position is restored. */
static bool line_leaves_no_pieces(Dfpn *d, Move m, int t)
{
	Position *pos = &d->pos;
	Move *tmp = malloc(sizeof(Move) * DFPN_MAX_PV);
	if (!tmp)
		return false;
	pos_do_move(pos, m);
	path_push(&d->path, pos_key(pos), m);
	int n = build_pv(d, t, tmp, true, false);
	bool empty = n == t && pos->hand[d->attacker] == 0;
	for (int i = n - 1; i >= 0; i--) {
		path_pop(&d->path);
		pos_undo_move(pos, tmp[i]);
	}
	path_pop(&d->path);
	pos_undo_move(pos, m);
	free(tmp);
	return empty;
}

static int build_pv(Dfpn *d, int len, Move *pv, bool verify, bool tiebreak)
{
	Position *pos = &d->pos;
	int t = len, n = 0;
	while (t > 0 && (!verify || !d->stopped) && n < DFPN_MAX_PV - 1 && pos->ply + 2 < POS_MAX_PLY) {
		MoveList list;
		Move chosen = MOVE_NONE;
		int chosen_len = t - 1;
		if (pos->side == d->attacker) {
			gen_checks(pos, &list);
			for (int pass = 0; pass < 2 && chosen == MOVE_NONE; pass++) {
				int best_len = TT_LEN_INF;
				for (int i = 0; i < list.n; i++) {
					TTProbe p = probe_child(d, list.moves[i], verify ? t - 1 : BUDGET_INF);
					if (p.pn == 0 && (!verify || p.len <= t - 1) && p.len < best_len) {
						best_len = p.len;
						chosen = list.moves[i];
					}
				}
				if (chosen == MOVE_NONE && pass == 0) {
					if (!verify)
						return n;
					/* prove the node again within t plies to fill the table */
					NodeResult r = search_root(d, t);
					if (r.pn != 0)
						return n;
				}
				chosen_len = best_len;
			}
			if (verify)
				chosen_len = t - 1;
		} else {
			gen_evasions(pos, &list);
			/* candidates: non-futile evasions, longest stored proof first */
			int order[MAX_MOVES], lens[MAX_MOVES], m = 0;
			bool futile[MAX_MOVES];
			futile_mark(pos, &list, futile, d->futile_rule);
			for (int i = 0; i < list.n; i++) {
				if (futile[i])
					continue;
				TTProbe p = probe_child(d, list.moves[i], verify ? t - 1 : BUDGET_INF);
				if (!verify && p.pn != 0)
					continue;
				order[m] = i;
				lens[m] = p.pn == 0 ? p.len : t - 1;
				/* known to have no mate within t-3 (the minimality search
				 * stored it): a longest defence, try it first */
				if (verify && t >= 3 && probe_child(d, list.moves[i], t - 3).dn == 0)
					lens[m] = TT_LEN_INF;
				m++;
			}
			if (m == 0 && (verify || list.n == 0 || dfpn_is_mated(pos)))
				break; /* mated (modulo futile drops) */
			if (m == 0)
				return n;
			for (int a = 1; a < m; a++)
				for (int b = a; b > 0 && lens[b] > lens[b - 1]; b--) {
					int x = lens[b];
					lens[b] = lens[b - 1];
					lens[b - 1] = x;
					x = order[b];
					order[b] = order[b - 1];
					order[b - 1] = x;
				}
			if (!verify) {
				chosen = list.moves[order[0]];
				chosen_len = lens[0];
			}
			/* Among the longest defences, prefer one after which the line
			 * leaves the attacker no pieces in hand (the convention of a
			 * sound problem's main line). */
			Move first_longest = MOVE_NONE;
			if (verify && !tiebreak && m > 1 && lens[0] != TT_LEN_INF) {
				/* No defence is known to be longest: rule the others out
				 * instead, shortest first -- a proof of a mate within t-3
				 * is usually cheap and is stored, while the disproof that
				 * shows a defence longest may rest on repetitions and is
				 * then not stored.  The last one left is the longest. */
				int left = m;
				for (int k = m - 1; k >= 0 && chosen == MOVE_NONE && !d->stopped; k--) {
					Move mv = list.moves[order[k]];
					if (left == 1) {
						chosen = mv;
						break;
					}
					NodeResult r = search_child(d, mv, t - 3);
					if (r.pn == 0)
						left--;
					else if (r.dn == 0)
						chosen = mv;
				}
				if (chosen == MOVE_NONE)
					return n;
			}
			for (int k = 0; verify && k < m && chosen == MOVE_NONE; k++) {
				Move mv = list.moves[order[k]];
				bool longest = m == 1;
				if (!longest) {
					/* the child's true length is t-1 iff no mate within t-3 */
					NodeResult r = search_child(d, mv, t - 3);
					longest = r.dn == 0;
				}
				if (!longest)
					continue;
				if (m == 1 || !tiebreak) {
					chosen = mv;
					break;
				}
				if (first_longest == MOVE_NONE)
					first_longest = mv;
				if (line_leaves_no_pieces(d, mv, t - 1))
					chosen = mv;
			}
			if (chosen == MOVE_NONE)
				chosen = first_longest;
			if (chosen == MOVE_NONE)
				return n;
		}
		if (chosen == MOVE_NONE)
			return n;
		pv[n++] = chosen;
		pos_do_move(pos, chosen);
		path_push(&d->path, pos_key(pos), chosen);
		t = chosen_len;
	}
	return n;
}

/* Prepares a search from root with the given attacker. */
static void begin_search(Dfpn *d, const Position *root, Color attacker, const DfpnLimits *lim)
{
	d->pos = *root;
	d->attacker = attacker;
	d->lim = lim;
	d->nodes = 0;
	d->next_check = lim && lim->max_nodes && lim->max_nodes < 1024 ? lim->max_nodes : 1024;
	d->start = dfpn_now_seconds();
	d->last_progress = d->start;
	d->stopped = false;
	d->stop_reason = DFPN_STOP_NONE;
	path_reset(&d->path);
	d->arena_top = 0;
	rt_clear(&d->rt); /* path keys start from this root */
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
		        dfpn_now_seconds() - d->start);
	if (r.pn == 0) {
		int best = r.len;
		bool minimal = false;
		while (!d->stopped && !(lim && lim->first_mate_only)) {
			if (best <= 1) {
				minimal = true;
				break;
			}
			NodeResult s = search_root(d, best - 2);
			if (lim && lim->trace)
				fprintf(lim->trace, "dfpn: mate within %d: %s %d, %llu nodes, %.1f s\n", best - 2,
				        s.pn == 0 ? "yes, len" : s.dn == 0 ? "no, bound" : "unknown, bound", s.pn == 0 ? s.len : best - 2,
				        (unsigned long long)d->nodes, dfpn_now_seconds() - d->start);
			if (s.pn == 0)
				best = s.len;
			else if (s.dn == 0) {
				minimal = true;
				break;
			}
		}
		res->nodes_minimize = d->nodes - res->nodes_prove;
		res->status = DFPN_MATE;
		res->len = best;
		res->len_minimal = minimal;
		bool verify = minimal && !d->stopped;
		for (int attempt = 0; attempt < 2; attempt++) {
			/* the leftover-pieces tie-break rebuilds sub-lines: for problems
			 * up to 63 plies only */
			res->pv_len = build_pv(d, best, res->pv, verify, best <= 63);
			res->pv_verified = verify && res->pv_len == best;
			while (d->pos.ply > root_ply) {
				pos_undo_move(&d->pos, res->pv[d->pos.ply - root_ply - 1]);
				path_pop(&d->path);
			}
			if (res->pv_len == best || !verify)
				break;
			verify = false; /* a limit cut the checked line short: follow the table */
		}
		res->nodes_pv = d->nodes - res->nodes_prove - res->nodes_minimize;
	} else if (r.dn == 0) {
		res->status = DFPN_NOMATE;
	} else {
		res->status = DFPN_UNKNOWN;
	}
	res->reason = d->stop_reason;
	res->nodes = d->nodes;
	res->seconds = dfpn_now_seconds() - d->start;
	res->hashfull = tt_hashfull(&d->tt);
	return res->status;
}
