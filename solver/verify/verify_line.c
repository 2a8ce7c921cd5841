/* verify_line.c -- the main line as evidence (see verify_line.h). */
#include "verify_line.h"

#include "clock.h"
#include "movegen.h"

/* Cooks whose "shorter than the line?" is asked after the walk; more
 * leave the lower bound unknown. */
#define VERIFY_OPEN_MAX 64

/* Orders cook[0..n) by ply, the shortest mate first at each ply (ties in
 * the generator's order: insertion sort, stable), so that a report reads
 * the most telling cook of each node first. */
static void sort_cooks(VerifyCook *cook, int n)
{
	for (int a = 1; a < n; a++) {
		VerifyCook x = cook[a];
		int b = a;
		for (; b > 0 && (cook[b - 1].ply > x.ply || (cook[b - 1].ply == x.ply && cook[b - 1].len > x.len)); b--)
			cook[b] = cook[b - 1];
		cook[b] = x;
	}
}

int verify_line_forcing(VerifyCtx *c, const Position *root, const Move *line, int n)
{
	Position *pos = &c->pos;
	pos_copy(pos, root);
	for (int k = 0; k < n; k++)
		pos_do_move(pos, line[k]);
	/* back from the end: after the attacker move of ply k (pos is there) */
	int result = 1;
	for (int k = n - 1; k >= 0; k--) {
		int t = n - k;
		if (pos->side != c->attacker && t > 1 && result == 1) {
			DfpnStatus st = verify_mate_within(c, pos, t - 1, NULL);
			result = st == DFPN_MATE ? 1 : st == DFPN_NOMATE ? 0 : -1;
		}
		pos_undo_move(pos, line[k]);
		if (result != 1)
			break;
	}
	return result;
}

/* The 余詰 tests along line[0..n) from root (attacker nodes with three
 * plies left or more). */
static int cook_tests(VerifyCtx *c, const Position *root, const Move *line, int n)
{
	Position *pos = &c->pos;
	int tests = 0;
	pos_copy(pos, root);
	for (int k = 0; k + 2 < n; k++) {
		if (pos->side == c->attacker) {
			MoveList list;
			gen_checks(pos, &list);
			tests += list.n - 1;
		}
		pos_do_move(pos, line[k]);
	}
	return tests;
}

int verify_line_screen(VerifyCtx *c, const Position *root, const Move *line, int n)
{
	Position *pos = &c->pos;
	int tests = cook_tests(c, root, line, n), cooks = 0;
	if (tests <= 0)
		return 0;
	bool was = c->screening;
	c->screening = true;
	pos_copy(pos, root);
	c->screened = 0;
	c->screen_done = true;
	for (int k = 0; k + 2 < n; k++) {
		int t = n - k;
		if (pos->side == c->attacker) {
			MoveList list;
			gen_checks(pos, &list);
			for (int i = 0; i < list.n; i++) {
				if (move_same(list.moves[i], line[k]))
					continue;
				dfpn_budget_share(&c->budget, VERIFY_SCREEN_PARTS * (unsigned)tests);
				pos_do_move(pos, list.moves[i]);
				int len = 0;
				if (verify_mate_within(c, pos, t - 1, &len) == DFPN_MATE) {
					if (c->screened < VERIFY_MAX_COOKS)
						c->screened_cook[c->screened++] =
						    (VerifyCook){k, list.moves[i], len + 1};
					cooks++;
				}
				pos_undo_move(pos, list.moves[i]);
				dfpn_budget_unshare(&c->budget);
			}
		}
		pos_do_move(pos, line[k]);
	}
	c->screening = was;
	verify_forget_cut(c);
	if (cooks)
		c->settled = true;
	return cooks;
}

void verify_line_alternatives(VerifyCtx *c, const Position *root, const Move *line, int n, VerifyResult *out,
                              VerifyAlternatives *alt)
{
	Position *pos = &c->pos;
	const bool quick = c->quick && out; /* the generator's screening of its own line */
	VerifyCook open[VERIFY_OPEN_MAX];   /* cooks to ask "shorter?" (len: t there) */
	int n_open = 0;
	*alt = (VerifyAlternatives){.lower_bound = !quick};
	if (quick) {
		/* screening: pieces left at the end fail at once, no search needed */
		out->leftover = verify_leftover_after(c, root, line, n);
		if (out->leftover)
			return;
	}
	/* the problem's own line: cooks quick to prove first, before a long
	 * disproof can take the budget (the tests then find them, and every
	 * answer the screening had, in the table) */
	if (out && !quick && !c->screen_done)
		verify_line_screen(c, root, line, n);
	pos_copy(pos, root);
	/* a cook settles the screening, and a piece's test (no out) */
	for (int k = 0; k < n && !((quick || !out) && alt->cooks); k++) {
		int t = n - k; /* plies left from this node */
		MoveList list;
		if (pos->side == c->attacker) {
			if ((!out || quick) && t == 1)
				break; /* final alternatives are information only */
			gen_checks(pos, &list);
			for (int i = 0; i < list.n; i++) {
				Move m = list.moves[i];
				if (move_same(m, line[k]))
					continue;
				pos_do_move(pos, m);
				int len = 0;
				DfpnStatus st = verify_mate_within(c, pos, t - 1, &len);
				pos_undo_move(pos, m);
				if (st == DFPN_UNKNOWN && t == 1 && out)
					out->finals_partial = true; /* ("exact" not known) */
				if (st == DFPN_UNKNOWN)
					alt->lower_bound = false;
				else if (st == DFPN_MATE && t >= 3 && len <= t - 3)
					alt->shorter = true;
				else if (st == DFPN_MATE && t >= 3 && n_open < VERIFY_OPEN_MAX)
					open[n_open++] = (VerifyCook){k, m, t}; /* asked below */
				else if (st == DFPN_MATE && t >= 3)
					alt->lower_bound = false;
				if (st != DFPN_MATE)
					continue;
				if (t == 1) {
					if (out->final_alts < MAX_MOVES)
						out->final_alt[out->final_alts] = m;
					out->final_alts++;
				} else {
					if (out && alt->cooks < VERIFY_MAX_COOKS)
						out->cook[alt->cooks] = (VerifyCook){k, m, len + 1};
					alt->cooks++;
					if (out)
						c->settled = true; /* 余詰: the problem fails */
				}
			}
		}
		pos_do_move(pos, line[k]);
	}
	/* the cooks no shorter than the line, once the list is whole: do they
	 * also beat the line's length (a mate within t - 3)? */
	for (int i = 0; i < n_open && !quick && !alt->shorter; i++) {
		pos_copy(pos, root);
		for (int k = 0; k < open[i].ply; k++)
			pos_do_move(pos, line[k]);
		pos_do_move(pos, open[i].move);
		DfpnStatus sh = verify_mate_within(c, pos, open[i].len - 3, NULL);
		if (sh == DFPN_MATE)
			alt->shorter = true;
		else if (sh != DFPN_NOMATE)
			alt->lower_bound = false;
	}
	if (alt->shorter)
		alt->lower_bound = false;
	for (int s = 0; out && s < c->screened; s++) {
		/* the screening's cooks whose tests a limit stopped this time */
		const VerifyCook *sc = &c->screened_cook[s];
		bool listed = false;
		for (int i = 0; i < alt->cooks && i < VERIFY_MAX_COOKS; i++)
			listed |= out->cook[i].ply == sc->ply && move_same(out->cook[i].move, sc->move);
		if (!listed && alt->cooks < VERIFY_MAX_COOKS)
			out->cook[alt->cooks] = *sc;
		alt->cooks += !listed;
	}
	if (out) {
		out->cooks = alt->cooks;
		sort_cooks(out->cook, alt->cooks < VERIFY_MAX_COOKS ? alt->cooks : VERIFY_MAX_COOKS);
		if (!quick)
			out->leftover = verify_leftover_after(c, root, line, n);
	}
}

bool verify_line_counted(VerifyCtx *c, const Position *root, const Move *line, int n)
{
	Position *pos = &c->pos;
	pos_copy(pos, root);
	bool counted = true;
	for (int k = 0; k < n && counted; k++) {
		if (pos->side != c->attacker && move_is_drop(line[k])) {
			MoveList list;
			bool futile[MAX_MOVES];
			gen_evasions(pos, &list);
			dfpn_mark_futile(c->d, pos, &list, futile);
			for (int i = 0; i < list.n; i++)
				if (futile[i] && move_same(list.moves[i], line[k]))
					counted = false;
		}
		pos_do_move(pos, line[k]);
	}
	return counted;
}

void verify_line_variations(VerifyCtx *c, const Position *root, const Move *line, int n, VerifyResult *out)
{
	Position *pos = &c->pos;
	VerifyCheck was = c->check;
	int undecided = out->undecided;
	DfpnStopReason stop = out->stop;
	c->check = VERIFY_CHECK_VARIATION;
	/* a quarter of what is left of the problem's limits */
	dfpn_budget_share(&c->budget, 4);
	pos_copy(pos, root);
	for (int k = 0; k < n; k++) {
		int t = n - k; /* plies left from this node */
		if (pos->side != c->attacker && t >= 4) {
			MoveList list;
			gen_evasions(pos, &list);
			for (int i = 0; i < list.n; i++) {
				Move m = list.moves[i];
				if (move_same(m, line[k]))
					continue;
				pos_do_move(pos, m);
				DfpnStatus st = verify_mate_within(c, pos, t - 3, NULL);
				pos_undo_move(pos, m);
				if (st == DFPN_MATE)
					out->short_variations++;
				else if (st == DFPN_UNKNOWN)
					out->variations_partial = true;
			}
		}
		pos_do_move(pos, line[k]);
	}
	out->undecided = undecided; /* information: no verdict rests on it */
	out->stop = stop;
	dfpn_budget_unshare(&c->budget);
	c->check = was;
}
