/* pv.c -- main-line extraction (see pv.h). */
#include "pv.h"

#include "futile.h"
#include "movegen.h"
#include "search.h"

#include <stdlib.h>

/* Value of the child reached by m from the current position, under budget. */
static TTProbe probe_child(Dfpn *d, Move m, int remain)
{
	Position *pos = &d->tree.pos;
	pos_do_move(pos, m);
	TTProbe p;
	if (path_contains(&d->tree.path, pos_key(pos)))
		p = (TTProbe){.pn = PNDN_INF, .dn = 0, .len = TT_LEN_INF, .found = true, .depth = INT16_MAX};
	else if (pos->side != d->run.attacker && futile_is_mated(pos, &d->rules.fut))
		p = (TTProbe){.pn = 0, .dn = PNDN_INF, .len = 0, .found = true, .depth = INT16_MAX};
	else
		p = tt_probe(d->tab.tt, pos_board_key(pos), pos->hand[d->run.attacker], remain);
	pos_undo_move(pos, m);
	return p;
}

/* Resolves the child reached by m within budget `remain` by search. */
static NodeResult search_child(Dfpn *d, Move m, int remain)
{
	Position *pos = &d->tree.pos;
	pos_do_move(pos, m);
	NodeResult r;
	TTProbe p = tt_probe(d->tab.tt, pos_board_key(pos), pos->hand[d->run.attacker], remain);
	if (path_contains(&d->tree.path, pos_key(pos))) {
		r = (NodeResult){.pn = PNDN_INF, .dn = 0, .len = TT_LEN_INF, .rep = path_find(&d->tree.path, pos_key(pos)),
		                .hand = pos->hand[d->run.attacker]};
	} else if (p.pn == 0 || p.dn == 0) {
		r = (NodeResult){.pn = p.pn, .dn = p.dn, .len = p.len, .rep = REP_NONE, .hand = p.hand}; /* already known */
	} else {
		path_push(&d->tree.path, pos_key(pos), m);
		r = search_root(d, remain);
		path_pop(&d->tree.path);
	}
	pos_undo_move(pos, m);
	return r;
}

/* Plays m (a defender move), builds the checked main line of t plies after
 * it, and tells whether that line leaves the attacker's hand empty.  The
 * position is restored. */
static bool line_leaves_no_pieces(Dfpn *d, Move m, int t)
{
	Position *pos = &d->tree.pos;
	Move *tmp = malloc(sizeof(Move) * DFPN_MAX_PV);
	if (!tmp)
		return false;
	pos_do_move(pos, m);
	path_push(&d->tree.path, pos_key(pos), m);
	int n = pv_build(d, t, tmp, PV_CHECKED, false);
	bool empty = n == t && pos->hand[d->run.attacker] == 0;
	for (int i = n - 1; i >= 0; i--) {
		path_pop(&d->tree.path);
		pos_undo_move(pos, tmp[i]);
	}
	path_pop(&d->tree.path);
	pos_undo_move(pos, m);
	free(tmp);
	return empty;
}

/* What a step of the main line does next. */
typedef enum { STEP_NEXT, STEP_STOP, STEP_RETRY } Step;

/* The attacker's move at the current node (t plies left): the shortest
 * stored proof (PV_CHECKED: within t-1 plies, chosen_len t-1); where the
 * table has none, PV_CHECKED and PV_REPROVE prove the node again within t
 * plies and look again.  STEP_STOP when there is none. */
static Step attacker_move(Dfpn *d, int t, PvMode mode, Move *chosen, int *chosen_len)
{
	const bool verify = mode == PV_CHECKED;
	MoveList list;
	gen_checks(&d->tree.pos, &list);
	*chosen = MOVE_NONE;
	for (int pass = 0; pass < 2 && *chosen == MOVE_NONE; pass++) {
		int best_len = TT_LEN_INF;
		for (int i = 0; i < list.n; i++) {
			TTProbe p = probe_child(d, list.moves[i], verify ? t - 1 : BUDGET_INF);
			if (p.pn == 0 && (!verify || p.len <= t - 1) && p.len < best_len) {
				best_len = p.len;
				*chosen = list.moves[i];
			}
		}
		if (*chosen == MOVE_NONE && pass == 0) {
			if (!verify && (mode != PV_REPROVE || d->run.stopped))
				return STEP_STOP;
			/* prove the node again within t plies to fill the table */
			NodeResult r = search_root(d, t);
			if (r.pn != 0)
				return STEP_STOP;
		}
		*chosen_len = best_len;
	}
	if (verify)
		*chosen_len = t - 1;
	return *chosen == MOVE_NONE ? STEP_STOP : STEP_NEXT;
}

/* The defender's candidates at the current node (t plies left) in list:
 * the evasions that are not futile, with a stored proof (PV_CHECKED: every
 * one), their indices in order[] and lengths in lens[] (TT_LEN_INF: known
 * to be a longest defence), longest first; *unproven: the evasions left out
 * for want of a stored proof.  Returns their number. */
static int defender_candidates(Dfpn *d, int t, bool verify, const MoveList *list, int *order, int *lens, int *unproven)
{
	Position *pos = &d->tree.pos;
	bool futile[MAX_MOVES];
	int m = 0;
	*unproven = 0;
	futile_mark(pos, list, futile, &d->rules.fut);
	for (int i = 0; i < list->n; i++) {
		if (futile[i])
			continue;
		Move mv = list->moves[i];
		/* nogain: a drop the search judged futile may take longer than
		 * the t-1 plies left; one that does not mate within them is such
		 * a drop (the node's length is its real defences'), so a drop is
		 * probed within t-1 either way */
		bool bounded_drop = d->rules.fut.bounded && move_is_drop(mv);
		TTProbe p = probe_child(d, mv, verify || bounded_drop ? t - 1 : BUDGET_INF);
		if (bounded_drop) {
			if (p.pn != 0 && verify)
				p.pn = search_child(d, mv, t - 1).pn;
			if (p.pn != 0)
				continue;
		}
		if (!verify && p.pn != 0) {
			(*unproven)++; /* the table lost its proof (or never had it) */
			continue;
		}
		order[m] = i;
		lens[m] = p.pn == 0 ? p.len : t - 1;
		/* known to have no mate within t-3 (the minimality search stored
		 * it): a longest defence, try it first */
		if (verify && t >= 3 && probe_child(d, list->moves[i], t - 3).dn == 0)
			lens[m] = TT_LEN_INF;
		m++;
	}
	for (int a = 1; a < m; a++)
		for (int b = a; b > 0 && lens[b] > lens[b - 1]; b--) {
			int x = lens[b];
			lens[b] = lens[b - 1];
			lens[b - 1] = x;
			x = order[b];
			order[b] = order[b - 1];
			order[b - 1] = x;
		}
	return m;
}

/* PV_CHECKED: the defence among the m candidates (defender_candidates)
 * proven longest by search -- no mate within t-3 plies after it; with
 * tiebreak, among the longest one whose checked line leaves the attacker
 * no pieces in hand (the convention of a sound problem's main line).
 * MOVE_NONE when the search was stopped first. */
static Move checked_defence(Dfpn *d, int t, bool tiebreak, const MoveList *list, const int *order, const int *lens,
                            int m)
{
	Move chosen = MOVE_NONE, first_longest = MOVE_NONE;
	if (!tiebreak && m > 1 && lens[0] != TT_LEN_INF) {
		/* No defence is known to be longest: rule the others out instead,
		 * shortest first -- a proof of a mate within t-3 is usually cheap
		 * and is stored, while the disproof that shows a defence longest
		 * may rest on repetitions and is then not stored.  The last one
		 * left is the longest. */
		int left = m;
		for (int k = m - 1; k >= 0 && chosen == MOVE_NONE && !d->run.stopped; k--) {
			Move mv = list->moves[order[k]];
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
			return MOVE_NONE;
	}
	for (int k = 0; k < m && chosen == MOVE_NONE; k++) {
		Move mv = list->moves[order[k]];
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
	return chosen != MOVE_NONE ? chosen : first_longest;
}

/* The defender's move at the current node (t plies left): PV_CHECKED the
 * longest defence proven by search (checked_defence), else the longest
 * stored proof; PV_REPROVE proves the node again (once: *reproved) where
 * the table lost its proofs.  STEP_STOP at a mate or when there is none,
 * STEP_RETRY after proving the node again. */
static Step defender_move(Dfpn *d, int t, PvMode mode, bool tiebreak, bool *reproved, Move *chosen, int *chosen_len)
{
	const bool verify = mode == PV_CHECKED;
	MoveList list;
	gen_evasions(&d->tree.pos, &list);
	int order[MAX_MOVES], lens[MAX_MOVES], unproven;
	int m = defender_candidates(d, t, verify, &list, order, lens, &unproven);
	if (m == 0 && (verify || list.n == 0 || futile_is_mated(&d->tree.pos, &d->rules.fut)))
		return STEP_STOP; /* mated (modulo futile drops) */
	if ((m == 0 || unproven > 0) && mode == PV_REPROVE && !*reproved && !d->run.stopped) {
		/* the table lost the proofs below this proven defender node (of
		 * every defence, or of some: the longest may be among them):
		 * prove it again within t plies, then read on */
		*reproved = true;
		if (search_root(d, t).pn == 0)
			return STEP_RETRY;
	}
	if (m == 0)
		return STEP_STOP;
	*chosen_len = t - 1;
	if (verify) {
		*chosen = checked_defence(d, t, tiebreak, &list, order, lens, m);
	} else {
		*chosen = list.moves[order[0]];
		*chosen_len = lens[0];
	}
	return *chosen == MOVE_NONE ? STEP_STOP : STEP_NEXT;
}

int pv_build(Dfpn *d, int len, Move *pv, PvMode mode, bool tiebreak)
{
	Position *pos = &d->tree.pos;
	int t = len, n = 0;
	bool reproved = false; /* PV_REPROVE: this node was searched again already */
	while (t > 0 && (mode != PV_CHECKED || !d->run.stopped) && n < DFPN_MAX_PV - 1 && pos->ply + 2 < POS_MAX_PLY) {
		Move chosen = MOVE_NONE;
		int chosen_len = t - 1;
		Step step = pos->side == d->run.attacker ? attacker_move(d, t, mode, &chosen, &chosen_len)
		                                         : defender_move(d, t, mode, tiebreak, &reproved, &chosen, &chosen_len);
		if (step == STEP_RETRY)
			continue;
		if (step == STEP_STOP)
			return n;
		reproved = false;
		pv[n++] = chosen;
		pos_do_move(pos, chosen);
		path_push(&d->tree.path, pos_key(pos), chosen);
		t = chosen_len;
	}
	return n;
}
