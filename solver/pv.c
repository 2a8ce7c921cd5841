/* pv.c -- main-line extraction (see pv.h). */
#include "pv.h"

#include "futile.h"
#include "limit.h"
#include "movegen.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* Value of the child reached by m from the current position, under budget. */
static TTProbe probe_child(Dfpn *d, Move m, int remain)
{
	Position *pos = &d->tree.pos;
	pos_do_move(pos, m);
	TTProbe p;
	if (path_contains(&d->tree.path, pos_key(pos)))
		p = (TTProbe){.pn = PNDN_INF, .dn = 0, .len = TT_LEN_INF, .found = true};
	else if (pos->side != d->run.attacker && futile_is_mated(pos, d->rules.count, d->rules.sub))
		p = (TTProbe){.pn = 0, .dn = PNDN_INF, .len = 0, .found = true};
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
		r = (NodeResult){.pn = PNDN_INF,
		                 .dn = 0,
		                 .len = TT_LEN_INF,
		                 .rep = path_find(&d->tree.path, pos_key(pos)),
		                 .hand = pos->hand[d->run.attacker]};
	} else if (p.pn == 0 || p.dn == 0) {
		r = (NodeResult){
		    .pn = p.pn, .dn = p.dn, .len = p.len, .rep = REP_NONE, .hand = p.hand}; /* already known */
	} else {
		path_push(&d->tree.path, pos, d->run.attacker, m);
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
	path_push(&d->tree.path, pos, d->run.attacker, m);
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
	context_first_filter(d, &d->tree.pos, &list);
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
	futile_mark(pos, list, futile, d->rules.count, d->rules.sub);
	for (int i = 0; i < list->n; i++) {
		if (futile[i])
			continue;
		Move mv = list->moves[i];
		/* nogain: a drop the search judged futile may take longer than
		 * the t-1 plies left; one that does not mate within them is such
		 * a drop (the node's length is its real defences'), so a drop is
		 * probed within t-1 either way */
		bool bounded_drop = !dfpn_futile_lengths_monotone(context_count(d)) && move_is_drop(mv);
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
	if (m == 0 && (verify || list.n == 0 || futile_is_mated(&d->tree.pos, d->rules.count, d->rules.sub)))
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
		Step step = pos->side == d->run.attacker
		                ? attacker_move(d, t, mode, &chosen, &chosen_len)
		                : defender_move(d, t, mode, tiebreak, &reproved, &chosen, &chosen_len);
		if (step == STEP_RETRY)
			continue;
		if (step == STEP_STOP)
			return n;
		reproved = false;
		pv[n++] = chosen;
		pos_do_move(pos, chosen);
		path_push(&d->tree.path, pos, d->run.attacker, chosen);
		t = chosen_len;
	}
	return n;
}

/* ---- The proof tree's own length (pv_tree_line) ---- */

/* The lengths found so far, by position (pos_key): open addressing, key 0
 * free (a position whose key is 0 is simply not remembered).  It starts
 * small and doubles at half full: a walk touches only the memory it needs
 * (made at its largest size at once, a walk of 世界大戦's proof tree spent
 * as long faulting in the pages of its random slots as walking).  */
typedef struct {
	uint64_t *keys;
	int32_t *len;
	size_t mask, used, cap; /* cap: most entries allowed (the memory bound) */
	bool search;            /* prove lost proofs again (nodes counted, limits checked); false: the table only */
} TreeMemo;

/* The memo's first slots (a power of two). */
#define TREE_MEMO_FIRST 4096

#define TREE_FAIL (-1)

/* The memo's key of a position: pos_key, never 0. */
static inline uint64_t memo_key(const Position *pos)
{
	uint64_t k = pos_key(pos);
	return k ? k : 1;
}

/* The slot of key: its own, or the free one where it would go. */
static size_t memo_index(const TreeMemo *m, uint64_t key)
{
	size_t i = (size_t)(key * 0x9e3779b97f4a7c15ull) & m->mask;
	while (m->keys[i] && m->keys[i] != key)
		i = (i + 1) & m->mask;
	return i;
}

/* Doubles the memo's slots, every entry moved.  Returns false when out of
 * memory (the memo is as it was). */
static bool memo_grow(TreeMemo *m)
{
	size_t size = 2 * (m->mask + 1);
	TreeMemo g = *m;
	g.keys = calloc(size, sizeof *g.keys);
	g.len = malloc(size * sizeof *g.len);
	g.mask = size - 1;
	if (!g.keys || !g.len) {
		free(g.keys);
		free(g.len);
		return false;
	}
	for (size_t i = 0; i <= m->mask; i++)
		if (m->keys[i]) {
			size_t j = memo_index(&g, m->keys[i]);
			g.keys[j] = m->keys[i];
			g.len[j] = m->len[i];
		}
	free(m->keys);
	free(m->len);
	*m = g;
	return true;
}

/* The length slot of key, taken for it if free (*found: it was there);
 * NULL when the memo cannot grow.  Valid until the next memo_slot. */
static int32_t *memo_slot(TreeMemo *m, uint64_t key, bool *found)
{
	size_t i = memo_index(m, key);
	*found = m->keys[i] == key;
	if (!*found && 2 * (m->used + 1) > m->mask + 1) {
		if (!memo_grow(m))
			return NULL;
		i = memo_index(m, key);
	}
	m->keys[i] = key;
	return &m->len[i];
}

/* The length remembered for key, or TREE_FAIL. */
static int32_t memo_get(const TreeMemo *m, uint64_t key)
{
	size_t i = memo_index(m, key);
	return m->keys[i] == key ? m->len[i] : TREE_FAIL;
}

/* Counts a visited node against d's limits, as the search does (a walk
 * of the table alone counts nothing and checks no limit). */
static bool tree_tick(Dfpn *d, const TreeMemo *memo)
{
	if (!memo->search)
		return true;
	if (++d->run.nodes >= d->run.next_check) {
		limits_check(d);
		if (d->run.stopped && d->thr.superseded && d->run.stop_reason == DFPN_STOP_NONE) {
			/* with helpers, between two searches: the last one's end
			 * (its helpers told the root was resolved) is not a stop
			 * of the walk, as pool_end takes it for the search */
			d->thr.superseded = false;
			d->run.stopped = false;
		}
	}
	return !d->run.stopped;
}

static int tree_len(Dfpn *d, int t, TreeMemo *memo);

/* Whether a limit has cut the walk short: a walk that searches stops with
 * d's search; a walk of the table alone is not a search and goes on (it
 * visits each position once, at most memo->cap of them). */
static bool cut_short(const Dfpn *d, const TreeMemo *memo) { return memo->search && d->run.stopped; }

/* Proves the current node again within t plies, by a search that sees no
 * path above it: the table's proofs hold whatever the path (as the search
 * takes them), and the walk's own path would turn some of them into
 * repetitions.  The repetition table, keyed by paths from a root, is
 * emptied before and after. */
static NodeResult search_detached(Dfpn *d, int t)
{
	Path *saved = malloc(sizeof *saved);
	if (!saved)
		return (NodeResult){.pn = 1, .dn = 1, .rep = REP_NONE};
	memcpy(saved, &d->tree.path, sizeof *saved);
	path_reset(&d->tree.path);
	path_push(&d->tree.path, &d->tree.pos, d->run.attacker, MOVE_NONE);
	rt_clear(d->tab.rt);
	NodeResult r = search_root(d, t);
	rt_clear(d->tab.rt);
	memcpy(&d->tree.path, saved, sizeof *saved);
	free(saved);
	return r;
}

/* tree_len of the child reached by m, whose proof bound is t. */
static int tree_child(Dfpn *d, Move m, int t, TreeMemo *memo)
{
	Position *pos = &d->tree.pos;
	pos_do_move(pos, m);
	int u = TREE_FAIL;
	if (!path_contains(&d->tree.path, pos_key(pos))) {
		path_push(&d->tree.path, pos, d->run.attacker, m);
		u = tree_len(d, t, memo);
		path_pop(&d->tree.path);
	}
	pos_undo_move(pos, m);
	return u;
}

/* The length of the mate of the current node (proven within t plies) that
 * the table's proofs give when every choice is followed to its end: the
 * attacker's shortest stored proof, every defence that is not futile.
 * The stored lengths are not always consistent (a proof stored long ago
 * may rest on one found later, shorter or longer), so a child's length is
 * its own walk's, and a walk that comes back to a position of its path
 * fails there.  A child is taken only with a proof within t-1 plies: the
 * bound falls at every ply, so the walk ends within t plies and never
 * goes round a cycle of stale lengths (following the shortest proof of
 * any length, ASTRAL's walk came back to positions 100 and more plies up
 * its path, beyond the repetition span, and found no line).
 * Where the table lost a proof the node is proved again within t plies
 * (an attacker's node), or the child within t-1 (a defence).
 * TREE_FAIL when no such length can be had (a proof lost and not found
 * again, a limit, the memory bound). */
static int tree_len(Dfpn *d, int t, TreeMemo *memo)
{
	Position *pos = &d->tree.pos;
	uint64_t key = memo_key(pos);
	bool found;
	if (memo->used >= memo->cap || pos->ply + 2 >= POS_MAX_PLY || !tree_tick(d, memo))
		return TREE_FAIL;
	int32_t *slot = memo_slot(memo, key, &found);
	if (!slot)
		return TREE_FAIL;
	if (found)
		return *slot;
	memo->used++;
	*slot = TREE_FAIL; /* until known (the slot moves as the memo grows: found again below) */
	/* on the heap: the recursion goes as deep as the mate is long */
	struct {
		MoveList list;
		bool tried[MAX_MOVES]; /* attacker: checks tried */
		bool mark[MAX_MOVES];  /* defender: futile drops */
	} *f = malloc(sizeof *f);
	if (!f)
		return TREE_FAIL;
	int u = TREE_FAIL;
	if (pos->side == d->run.attacker) {
		gen_checks(pos, &f->list);
		context_first_filter(d, pos, &f->list);
		for (int pass = 0; pass < 2 && u == TREE_FAIL; pass++) {
			/* the table lost the proofs: prove the node again */
			if (pass == 1 && (!memo->search || d->run.stopped || search_detached(d, t).pn != 0))
				break;
			/* the stored proofs, shortest first, until one gives a length */
			memset(f->tried, 0, sizeof f->tried);
			for (;;) {
				int best = -1, best_len = TT_LEN_INF;
				for (int i = 0; i < f->list.n; i++) {
					if (f->tried[i])
						continue;
					TTProbe p = probe_child(d, f->list.moves[i], t - 1);
					if (p.pn == 0 && p.len < best_len) {
						best = i;
						best_len = p.len;
					}
				}
				if (best < 0 || cut_short(d, memo))
					break;
				f->tried[best] = true;
				int c = tree_child(d, f->list.moves[best], best_len, memo);
				if (c != TREE_FAIL) {
					u = c + 1;
					break;
				}
			}
		}
	} else {
		gen_evasions(pos, &f->list);
		u = 0;
		if (f->list.n > 0 && !futile_is_mated(pos, d->rules.count, d->rules.sub)) {
			/* every defence that is not futile, each proven again within
			 * t-1 plies where the table lost its proof (the node mates
			 * within t); under nogain a drop with no mate within t-1 is
			 * one the search judged futile (as in defender_candidates) */
			futile_mark(pos, &f->list, f->mark, d->rules.count, d->rules.sub);
			int counted = 0;
			bool failed = false;
			for (int i = 0; i < f->list.n && !failed; i++) {
				if (f->mark[i])
					continue;
				Move mv = f->list.moves[i];
				bool bounded_drop = !dfpn_futile_lengths_monotone(context_count(d)) && move_is_drop(mv);
				TTProbe p = probe_child(d, mv, t - 1);
				int len = p.len;
				if (p.pn != 0) {
					if (!memo->search || d->run.stopped) {
						failed = true;
						break;
					}
					pos_do_move(pos, mv);
					bool repeats = path_contains(&d->tree.path, pos_key(pos));
					NodeResult r =
					    repeats ? (NodeResult){.pn = PNDN_INF, .dn = 0} : search_detached(d, t - 1);
					pos_undo_move(pos, mv);
					if (r.pn != 0 && bounded_drop && r.dn == 0)
						continue;
					failed = r.pn != 0;
					len = r.len;
				}
				int c = failed ? TREE_FAIL : tree_child(d, mv, len, memo);
				failed = c == TREE_FAIL;
				if (!failed && c + 1 > u)
					u = c + 1;
				counted++;
			}
			/* every evasion futile by search: not a mate the line can end on */
			if (failed || counted == 0 || cut_short(d, memo))
				u = TREE_FAIL;
		}
	}
	free(f);
	if ((slot = memo_slot(memo, key, &found)) != NULL)
		*slot = u;
	return u;
}

/* Follows the lengths tree_len found: the attacker the child of the shortest,
 * the defender one of the longest; writes the line into pv. */
static int tree_follow(Dfpn *d, int u, Move *pv, TreeMemo *memo)
{
	Position *pos = &d->tree.pos;
	int n = 0;
	while (u > 0 && n < DFPN_MAX_PV - 1) {
		MoveList list;
		bool attacker = pos->side == d->run.attacker;
		if (attacker) {
			gen_checks(pos, &list);
			context_first_filter(d, pos, &list);
		} else {
			gen_evasions(pos, &list);
		}
		Move chosen = MOVE_NONE;
		for (int i = 0; i < list.n && chosen == MOVE_NONE; i++) {
			pos_do_move(pos, list.moves[i]);
			int32_t len = memo_get(memo, memo_key(pos));
			if (len == u - 1 && !path_contains(&d->tree.path, pos_key(pos)))
				chosen = list.moves[i];
			pos_undo_move(pos, list.moves[i]);
		}
		if (chosen == MOVE_NONE)
			break;
		pv[n++] = chosen;
		pos_do_move(pos, chosen);
		path_push(&d->tree.path, pos, d->run.attacker, chosen);
		u--;
	}
	return n;
}

int pv_tree_line(Dfpn *d, int len, Move *pv, size_t max_positions, bool search)
{
	TreeMemo memo = {.search = search};
	size_t size = TREE_MEMO_FIRST;
	memo.keys = calloc(size, sizeof *memo.keys);
	memo.len = malloc(size * sizeof *memo.len);
	memo.mask = size - 1;
	memo.cap = max_positions;
	int u = TREE_FAIL, n = 0;
	if (memo.keys && memo.len) {
		u = tree_len(d, len, &memo);
		if (u > 0 && u <= len)
			n = tree_follow(d, u, pv, &memo);
	}
	free(memo.keys);
	free(memo.len);
	return u > 0 && n == u ? n : 0;
}
