/* verify.c -- composer's checks on one problem (see verify.h). */
#include "verify.h"

#include "verify_ctx.h"
#include "verify_line.h"
#include "verify_stated.h"

#include "clock.h"
#include "line.h"
#include "mate1.h"
#include "movegen.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The main line of len plies the unnecessary-piece test compares with: the
 * one checked (stated, else ours) when it is that long, else ours when it
 * is a checked main line of that length; NULL when there is none. */
static const Move *main_line(const VerifyResult *out, int len)
{
	if (out->line_len == len)
		return out->line;
	if (out->solve.pv_verified && out->solve.pv_len == len)
		return out->solve.pv;
	return NULL;
}

/* Moves one attacker piece (on sq, or one of type pt in hand when sq is
 * SQ_NONE) to the defender's hand and asks whether the same problem remains:
 * a shortest mate of the same length, the same main line (still forcing, the
 * defence still longest) free of 余詰, and no 駒余り under any longest
 * defence (the audit's "目標手数と主手順の一意性を保てるか", with "the same
 * mate" read strictly: another solution of the same length is another problem).
 * Returns 1 unnecessary, 0 needed, -1 undecided. */
static int piece_unnecessary(VerifyCtx *c, const Position *root, Square sq, PieceType pt, int len)
{
	Position *pos = &c->pos;
	pos_copy(pos, root);
	Color def = color_flip(c->attacker);
	PieceType base = pt_unpromote(pt);
	if (sq != SQ_NONE) {
		/* rebuild the board without the piece */
		Position *tmp = pos;
		Piece board[SQ_NB];
		memcpy(board, root->board, sizeof board);
		Hand hands[COLOR_NB] = {root->hand[0], root->hand[1]};
		Color side = root->side;
		pos_clear(tmp);
		for (Square s = 0; s < SQ_NB; s++)
			if (board[s] && s != sq)
				pos_put(tmp, s, board[s]);
		tmp->side = side;
		tmp->hand[0] = hands[0];
		tmp->hand[1] = hands[1];
	} else {
		pos->hand[c->attacker] = hand_sub(pos->hand[c->attacker], base);
	}
	pos->hand[def] = hand_add(pos->hand[def], base);
	pos->ply = 0;
	pos_finish_setup(pos);
	/* removing a piece may uncover a check on the defender: not a position */
	Square dk = pos->king[def];
	if (dk != SQ_NONE && pos_attacked(pos, c->attacker, dk, pos->occ))
		return 0;
	/* the same mate: the main line still a legal line ending in (plain)
	 * mate -- no search; then forcing, and no other check mating within the
	 * plies left, which proves the length (verify_line.h) */
	const Move *line = main_line(c->out, len);
	int n = len;
	if (!line)
		return 0; /* no main line of that length to compare */
	pos_copy(&c->mod, pos);
	LineCheck lc;
	if (!line_replay(pos, line, n, verify_ctx_mated, c, &lc))
		return 0;
	int forcing = verify_line_forcing(c, &c->mod, line, n);
	if (forcing <= 0)
		return forcing;
	VerifyAlternatives alt;
	verify_line_alternatives(c, &c->mod, line, n, NULL, &alt);
	if (alt.cooks || alt.shorter)
		return 0;
	if (!alt.lower_bound)
		return -1;
	/* and no longest defence leaves the attacker pieces in hand */
	bool undecided = false;
	bool leftover = len <= VERIFY_LEFTOVER_MAX_LEN && verify_line_ends_with(c, &c->mod, len, true, &undecided);
	if (undecided)
		return -1;
	return leftover ? 0 : 1;
}

const char *verify_verdict_name(VerifyVerdict v)
{
	static const char *const NAME[] = {
	    "",        "exact",     "final_alternatives", "longer_defence",     "shorter_mate", "stated_not_mate",
	    "no_mate", "undecided", "futile_convention",  "leftover_convention"};
	return v <= VERDICT_LEFTOVER_CONVENTION ? NAME[v] : "";
}

/* A problem's context for the checks: d, the budget of lim from now, the
 * result out (not reset here), the attacker.  NULL when out of memory. */
static VerifyCtx *ctx_open(Dfpn *d, const Position *root, const DfpnLimits *lim, VerifyResult *out)
{
	VerifyCtx *c = calloc(1, sizeof *c); /* large (two Positions): on the heap */
	if (!c)
		return NULL;
	c->d = d;
	dfpn_budget_begin(&c->budget, lim);
	c->out = out;
	c->attacker = root->side;
	return c;
}

/* The end of a problem's checks: their nodes and time into out, c freed.
 * Returns out->flags. */
static unsigned ctx_close(VerifyCtx *c, VerifyResult *out)
{
	out->nodes = c->budget.nodes;
	out->seconds = clock_now() - c->budget.start;
	free(c);
	return out->flags;
}

/* Plays the given line[0..n) (replayed before) as the line verify reports
 * (out->line, out->line_len). */
static void take_given_line(VerifyCtx *c, const Position *root, const Move *given, int n)
{
	verify_play_given(c, root, given, n, c->out->line);
	c->out->line_len = n;
}

/* No mate: after the stated first move `first` (when it is a legal check),
 * a defence with no mate at all -- where the stated line breaks -- into
 * *stated (VERDICT_NO_MATE, ply 1, that defence); left as it is when none
 * is found within the limits. */
static void escaping_defence(VerifyCtx *c, const Position *root, Move first, VerifyStated *stated)
{
	Position *pos = &c->pos;
	pos_copy(pos, root);
	Move m;
	if (!gen_find_legal(pos, first, &m))
		return;
	pos_do_move(pos, m);
	if (!pos_in_check(pos))
		return;
	MoveList list;
	gen_evasions(pos, &list);
	for (int i = 0; i < list.n; i++) {
		pos_do_move(pos, list.moves[i]);
		DfpnStatus st = verify_mate_within(c, pos, DFPN_MAX_PV - 2, NULL);
		pos_undo_move(pos, list.moves[i]);
		if (st == DFPN_NOMATE) {
			*stated = (VerifyStated){
			    .verdict = VERDICT_NO_MATE, .ply = 1, .move = list.moves[i], .worst_ply = -1};
			return;
		}
	}
}

VerifyVerdict verify_stated(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                            const DfpnLimits *lim, VerifyStated *stated)
{
	*stated = (VerifyStated){.verdict = VERDICT_UNDECIDED, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	VerifyResult *out = calloc(1, sizeof *out);
	VerifyCtx *c = out ? ctx_open(d, root, lim, out) : NULL;
	if (!c || !out)
		goto done;
	if (res->status == DFPN_NOMATE) {
		/* where the stated line breaks: a defence to its first check
		 * with no mate at all, as verify names it */
		stated->verdict = VERDICT_NO_MATE;
		if (n > 0)
			escaping_defence(c, root, given[0], stated);
		goto done;
	}
	if (!verify_replay_stated(c, root, given, n, stated))
		goto done;
	if (res->status != DFPN_MATE || !res->len_minimal)
		goto done;
	take_given_line(c, root, given, n);
	if (n == res->len) {
		/* exact; other mating final moves? (the last ply is the attacker's) */
		Position *pos = &c->pos;
		pos_undo_move(pos, out->line[n - 1]);
		MoveList list;
		gen_checks(pos, &list);
		stated->verdict = VERDICT_EXACT;
		for (int i = 0; i < list.n && stated->verdict == VERDICT_EXACT; i++) {
			if (move_same(list.moves[i], out->line[n - 1]))
				continue;
			pos_do_move(pos, list.moves[i]);
			if (verify_mated(c, pos))
				stated->verdict = VERDICT_FINAL_ALT;
			pos_undo_move(pos, list.moves[i]);
		}
		goto done;
	}
	verify_stated_walk(c, root, out->line, n, res->len);
	*stated = out->stated;
done:
	free(out);
	free(c);
	return stated->verdict;
}

static void add_unnecessary(VerifyResult *out, Square sq, PieceType pt)
{
	if (out->unnecessary < VERIFY_MAX_LIST)
		out->unnecessary_piece[out->unnecessary] = (VerifyPiece){sq, pt};
	out->unnecessary++;
}

/* The stated line given[0..n) as the proof of the length (verify_line.h),
 * under a rule whose verdicts are the position's own (none, narrow, nogain:
 * broad and answered take proofs from the table, so a length found one way
 * may differ from the solver's):
 * when it replays as a line ending in mate with no drop the rule calls
 * futile, and is forcing, its alternatives are checked (cooks, final
 * alternatives, leftover pieces, shorter variations: into c->out, *alt);
 * when they prove no mate within n - 2, out->solve is filled as the solver's
 * answer would be (mate, n plies, minimal, the line as its main line).
 * Returns true when the alternatives were checked; out->solve.len_minimal
 * says whether the length was proven. */
static bool solve_by_line(VerifyCtx *c, const Position *root, const VerifySpec *spec, VerifyAlternatives *alt)
{
	VerifyResult *out = c->out;
	int n = spec->given_len;
	VerifyStated where;
	if (n > DFPN_MAX_PV || !verify_replay_stated(c, root, spec->given, n, &where))
		return false;
	take_given_line(c, root, spec->given, n);
	if (!verify_line_counted(c, root, out->line, n))
		return false;
	/* the upper bound: the solver's first proof, when it is as long as the
	 * line (longer: the solver's re-searches find how much shorter the mate
	 * is, as fast as a search for a mate within n would) */
	if (!verify_next_limits(c))
		return false;
	DfpnResult *r = &out->solve;
	c->sub.first_mate_only = true;
	dfpn_solve(c->d, root, &c->sub, r);
	dfpn_budget_spend(&c->budget, r->nodes);
	out->interrupted |= r->status == DFPN_UNKNOWN && r->reason == DFPN_STOP_USER;
	out->check_nodes[VERIFY_CHECK_PROOF] += r->nodes;
	if (r->status != DFPN_MATE || r->len != n)
		return false; /* no mate, a limit, or another length: the solver's way */
	c->check = VERIFY_CHECK_COOK;
	verify_line_alternatives(c, root, out->line, n, out, alt);
	if (alt->shorter)
		return true; /* the solver's minimality finds the length */
	r->status = DFPN_MATE;
	r->reason = DFPN_STOP_NONE;
	r->len = r->pv_len = n;
	r->len_minimal = r->pv_verified = alt->lower_bound;
	r->len_floor = alt->lower_bound ? n : 1;
	memcpy(r->pv, out->line, sizeof(Move) * (size_t)n);
	if (!alt->lower_bound)
		r->reason = DFPN_STOP_NODES; /* a limit: see verify_next_limits */
	return true;
}

/* The flags of what the walk along the main line found: cooks, other mating
 * final moves, pieces left in hand. */
static void flag_line_findings(VerifyResult *out)
{
	if (out->cooks)
		out->flags |= VERIFY_COOK;
	if (out->final_alts)
		out->flags |= VERIFY_FINAL_ALT;
	if (out->leftover)
		out->flags |= VERIFY_LEFTOVER;
}

/* Empties *out for a new problem (a result struct is reused between
 * problems): no flag, no count, no list, the solve unknown until a search
 * says otherwise. */
static void result_reset(VerifyResult *out)
{
	memset(out, 0, offsetof(VerifyResult, line));
	/* the fields after line[] too: a result struct is reused between problems */
	out->cooks = out->final_alts = out->unnecessary = 0;
	out->unnecessary_judged = false;
	out->leftover = out->short_variations = out->undecided = out->stopped_settled = 0;
	out->finals_partial = false;
	out->stop = DFPN_STOP_NONE;
	out->interrupted = false;
	out->variations_partial = false;
	out->nodes = 0;
	out->seconds = 0;
	memset(out->check_nodes, 0, sizeof out->check_nodes);
	out->solve.status = DFPN_UNKNOWN;   /* until a search says otherwise */
	out->solve.reason = DFPN_STOP_NONE; /* no search ran: verify_spent says why */
	memset(out->check_stopped, 0, sizeof out->check_stopped);
	out->stated = (VerifyStated){.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
}

/* Counts what stopped the proof or the minimality search as undecided. */
static void solve_undecided(VerifyCtx *c, VerifyCheck check)
{
	VerifyCheck was = c->check;
	c->check = check;
	verify_stopped(c,
	               c->out->solve.reason != DFPN_STOP_NONE ? c->out->solve.reason : dfpn_budget_spent(&c->budget));
	c->check = was;
}

/* Sets VERIFY_WRONG_LENGTH when the stated length differs from ours for
 * certain: ours minimal, shorter anyway (ours is then an upper bound: a
 * longer stated one is not yet wrong), or proven longer (no mate within
 * the stated length). */
static void flag_length(VerifyResult *out, const VerifySpec *spec)
{
	if (spec->stated_len >= 0 && spec->stated_len != out->len &&
	    (out->solve.len_minimal || out->len < spec->stated_len || spec->stated_len < out->solve.len_floor))
		out->flags |= VERIFY_WRONG_LENGTH;
}

/* Before the re-searches for the minimal length, when the first proof
 * (out->solve, solve_by_line's) is longer than the stated line: is there a
 * mate within the stated length?  None settles the length as wrong, by one
 * search at a bound below every one the re-searches down from the first
 * proof would ask (they would settle nothing more for the verdict): then
 * out->solve.len_floor is set above the stated length and true returned;
 * the minimal length is sought last (finish_length).  A mate goes on in
 * the re-searches (dfpn_solve's probe_len finds it in the table). */
static bool longer_than_stated(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	int n = spec->stated_len;
	if (out->solve.status != DFPN_MATE || n < 1 || !(n & 1) || out->solve.len <= n || !spec->given ||
	    spec->given_len != n)
		return false;
	/* on half of what is left, not counted undecided when that stops it:
	 * the re-searches then bring the first proof's length down with the
	 * rest (they would need as hard a disproof to prove it) */
	c->check = VERIFY_CHECK_MINIMAL;
	bool was = c->screening;
	c->screening = true;
	dfpn_budget_share(&c->budget, 2);
	DfpnStatus st = verify_mate_within(c, root, n, NULL);
	dfpn_budget_unshare(&c->budget);
	c->screening = was;
	verify_forget_cut(c);
	if (st != DFPN_NOMATE)
		return false;
	out->solve.len_floor = n + 2;
	return true;
}

/* Before the re-searches for the minimal length, when the first proof
 * differs from the stated line's length (so its tests did not run): the
 * line screened for 余詰 (verify_line_screen), which settles the verdict
 * when it finds one (the re-searches then run as information). */
static void screen_line(VerifyCtx *c, const Position *root, const VerifySpec *spec, bool alts_done)
{
	VerifyResult *out = c->out;
	if (alts_done || spec->first_failure || out->solve.status != DFPN_MATE || !spec->given ||
	    out->line_len != spec->given_len || spec->given_len < 3)
		return;
	c->check = VERIFY_CHECK_COOK;
	verify_line_screen(c, root, out->line, out->line_len);
}

/* The minimal length of a mate proven longer than stated (phase_solve
 * left it open): the re-searches, with what is left of the problem's
 * limits, as information -- the verdict is settled, and a limit that stops them leaves the length's bounds as they are
 * (out->solve.len, len_floor). */
static void finish_length(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	if (!c->length_open || !verify_next_limits(c))
		return;
	DfpnResult *r = malloc(sizeof *r);
	if (!r)
		return;
	c->sub.probe_len = spec->stated_len; /* (its disproof is in the table: the re-searches stop above it) */
	dfpn_solve(c->d, root, &c->sub, r);
	dfpn_budget_spend(&c->budget, r->nodes);
	out->interrupted |= r->reason == DFPN_STOP_USER;
	out->check_nodes[VERIFY_CHECK_PROOF] += r->nodes_prove;
	out->check_nodes[VERIFY_CHECK_MINIMAL] += r->nodes - r->nodes_prove;
	if (r->status == DFPN_MATE && r->len_floor >= out->solve.len_floor &&
	    (r->len_minimal || r->len < out->solve.len)) {
		out->solve = *r;
		out->len = r->len;
		flag_length(out, spec);
	}
	c->length_open = false;
	free(r);
}

/* Phase 1, the length: along the stated line when it proves the length
 * (*alts_done: its alternatives checked too, into *alt), else the solver's
 * search (over the table the line's searches filled).  Sets out->len and
 * the length flags.  Returns false when there is nothing more to check (no
 * mate, or no mate proven). */
static bool phase_solve(VerifyCtx *c, const Position *root, const VerifySpec *spec, VerifyAlternatives *alt,
                        bool *alts_done)
{
	VerifyResult *out = c->out;
	Dfpn *d = c->d;
	dfpn_clear(d);
	*alts_done = false;
	if (!spec->first_failure && spec->given && spec->given_len > 0 &&
	    (spec->stated_len < 0 || spec->stated_len == spec->given_len) &&
	    !dfpn_futile_mates_by_search(dfpn_futile(d)))
		*alts_done = solve_by_line(c, root, spec, alt);
	bool open = !out->solve.len_minimal && !(*alts_done && !alt->shorter);
	if (open && longer_than_stated(c, root, spec)) {
		c->length_open = true; /* (the length last: finish_length) */
		open = false;
	}
	if (open)
		screen_line(c, root, spec, *alts_done);
	if (open && verify_next_limits(c)) {
		uint64_t before = out->check_nodes[VERIFY_CHECK_PROOF];
		/* the composer's length first, under a rule whose lengths are the
		 * position's own (broad and answered read the table: the order
		 * of the searches can change a length) */
		c->sub.probe_len =
		    spec->stated_len > 0 && !dfpn_futile_mates_by_search(dfpn_futile(d)) ? spec->stated_len : 0;
		/* the first proof had: kept if a limit stops this solve before
		 * its own (the screening may have emptied the table) */
		DfpnResult *had = out->solve.status == DFPN_MATE ? malloc(sizeof *had) : NULL;
		if (had)
			*had = out->solve;
		dfpn_solve(d, root, &c->sub, &out->solve);
		if (had && out->solve.status != DFPN_MATE) {
			uint64_t nodes = out->solve.nodes;
			DfpnStopReason why = out->solve.reason;
			out->solve = *had;
			out->solve.nodes = out->solve.nodes_prove = nodes;
			out->solve.reason = why;
		}
		free(had);
		dfpn_budget_spend(&c->budget, out->solve.nodes);
		/* (a mate whose minimality the flag stopped too) */
		out->interrupted |= out->solve.reason == DFPN_STOP_USER;
		out->check_nodes[VERIFY_CHECK_PROOF] = before + out->solve.nodes_prove;
		out->check_nodes[VERIFY_CHECK_MINIMAL] += out->solve.nodes - out->solve.nodes_prove;
	}
	if (out->solve.status == DFPN_UNKNOWN && out->solve.reason == DFPN_STOP_NONE &&
	    dfpn_budget_spent(&c->budget) == DFPN_STOP_USER)
		out->interrupted = true; /* no search ran: the flag was up */
	c->check = VERIFY_CHECK_STATED;
	if (out->solve.status == DFPN_NOMATE) {
		out->flags |= VERIFY_NOT_MATE;
		if (spec->given && spec->given_len > 0 && spec->stated_len >= 0 && !spec->first_failure)
			escaping_defence(c, root, spec->given[0], &out->stated);
		return false;
	}
	if (out->solve.status == DFPN_MATE) {
		out->len = out->solve.len;
		flag_length(out, spec); /* (first: a length wrong for certain settles the verdict) */
	}
	if (out->solve.status != DFPN_MATE || (!out->solve.len_minimal && !c->length_open)) {
		solve_undecided(c, out->solve.status != DFPN_MATE ? VERIFY_CHECK_PROOF : VERIFY_CHECK_MINIMAL);
		if (out->solve.status != DFPN_MATE)
			return false;
	}
	return true;
}

/* Phase 2, the main line the report prints and the checks judge by: the
 * given one if any (its length against ours), else ours when it is a
 * checked main line of the minimal length; none when a limit stopped its
 * reading.  The one place that chooses it.  Returns false when there is
 * none to judge by (a bad given line, or ours not read). */
static bool choose_line(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	if (spec->given && spec->given_len > 0) {
		if (!verify_replay_stated(c, root, spec->given, spec->given_len, &out->stated)) {
			out->flags |= VERIFY_BAD_LINE; /* out->stated: where it fails */
			return false;
		}
		if (spec->given_len != out->len &&
		    (out->solve.len_minimal || out->len < spec->given_len || spec->given_len < out->solve.len_floor))
			out->flags |= VERIFY_WRONG_LENGTH;
		take_given_line(c, root, spec->given, spec->given_len);
		return true;
	}
	if (out->solve.len_minimal && out->solve.pv_verified) {
		memcpy(out->line, out->solve.pv, sizeof(Move) * (size_t)out->solve.pv_len);
		out->line_len = out->solve.pv_len;
		return true;
	}
	out->line_len = 0; /* no main line to judge 余詰 or 駒余り by */
	if (out->solve.len_minimal) {
		/* a limit stopped the main line's reading: the checks that judge
		 * by it (余詰, 駒余り, unnecessary pieces) are undecided, never
		 * passed */
		solve_undecided(c, VERIFY_CHECK_MINIMAL);
		return false;
	}
	return true;
}

/* Phase 3, along the main line: cooks, final alternatives, leftover pieces
 * (done in phase 1 when the stated line was searched), the stated verdict,
 * shorter variations.  Returns false when a quick run (first_failure) has
 * its failure. */
static bool phase_alternatives(VerifyCtx *c, const Position *root, const VerifySpec *spec, VerifyAlternatives *alt,
                               bool alts_done)
{
	VerifyResult *out = c->out;
	c->check = VERIFY_CHECK_COOK;
	if (!alts_done && out->line_len > 0)
		verify_line_alternatives(c, root, out->line, out->line_len, out, alt);
	flag_line_findings(out);
	if (spec->first_failure && (out->flags & VERIFY_FAIL_MASK))
		return false;
	c->check = VERIFY_CHECK_STATED;
	if (!spec->first_failure)
		verify_stated_verdict(c, root, spec);
	/* a stated line that counts a drop this rule calls futile ends with
	 * that piece, taken, in hand: 駒余り is judged on our main line then */
	if (out->stated.verdict == VERDICT_FUTILE_CONVENTION && out->solve.pv_verified) {
		out->leftover = verify_leftover_after(c, root, out->solve.pv, out->solve.pv_len);
		if (!out->leftover)
			out->flags &= ~VERIFY_LEFTOVER;
	}
	/* information: shorter variations, on at most a quarter of what is
	 * left (the table still warm; not counted as undecided) */
	verify_line_variations(c, root, out->line, out->line_len, out);
	if (out->short_variations)
		out->flags |= VERIFY_SHORT_VAR;
	return true;
}

/* The unnecessary-piece test on c->d, a context that counts every
 * interposition: each attacker piece on the board and each kind in hand. */
static void judge_pieces(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	/* a main line that is a mate with every interposition counted is what
	 * each piece's test compares with: without one (the mate counts futile
	 * drops, or no line) no piece can be judged */
	const Move *judged = main_line(out, out->len);
	LineCheck lc;
	pos_copy(&c->pos, root);
	if (!judged || !line_replay(&c->pos, judged, out->len, verify_ctx_mated, c, &lc)) {
		out->flags |= VERIFY_UNNECESSARY_NA;
		return;
	}
	/* ... and forcing so: else a defence resists longer by an interposition
	 * the rule in force calls futile, and no piece can be judged either */
	int forcing = verify_line_forcing(c, root, judged, out->len);
	if (forcing != 1) {
		if (forcing == 0)
			out->flags |= VERIFY_UNNECESSARY_NA; /* (-1: a limit, counted undecided) */
		return;
	}
	for (Square sq = 0; sq < SQ_NB; sq++) {
		Piece p = root->board[sq];
		if (!p || piece_color(p) != c->attacker || piece_type(p) == KING)
			continue;
		int r = piece_unnecessary(c, root, sq, piece_type(p), out->len);
		if (r > 0)
			add_unnecessary(out, sq, piece_type(p));
		if (spec->first_failure && out->unnecessary)
			break;
	}
	for (int pt = PAWN; pt <= GOLD && !(spec->first_failure && out->unnecessary); pt++) {
		if (!hand_has(root->hand[c->attacker], (PieceType)pt))
			continue;
		int r = piece_unnecessary(c, root, SQ_NONE, (PieceType)pt, out->len);
		if (r > 0)
			add_unnecessary(out, SQ_NONE, (PieceType)pt);
	}
	out->unnecessary_judged = !spec->first_failure;
	if (out->unnecessary)
		out->flags |= VERIFY_UNNECESSARY;
}

/* Phase 4, unnecessary pieces (the main line of the minimal length as
 * evidence), judged strictly: the position without the piece must stay
 * the same problem even when every interposition counts (so a piece is
 * never called unnecessary because of the futile-drop rule).  In a context
 * of its own (d's table is kept for the stated verdict), unless d counts
 * every interposition already. */
static void phase_unnecessary(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	Dfpn *d = c->d;
	c->check = VERIFY_CHECK_UNNECESSARY;
	Dfpn *strict = dfpn_sibling(d, DFPN_FUTILE_NONE);
	if (!strict) {
		c->out->flags |= VERIFY_UNDECIDED;
		c->out->stop = DFPN_STOP_MEMORY;
		return;
	}
	c->d = strict;
	judge_pieces(c, root, spec);
	c->d = d;
}

unsigned verify_problem(Dfpn *d, const Position *root, const VerifySpec *spec, const DfpnLimits *lim, VerifyResult *out)
{
	result_reset(out);
	VerifyCtx *c = ctx_open(d, root, lim, out);
	if (!c) {
		out->flags = VERIFY_UNDECIDED;
		out->stop = DFPN_STOP_MEMORY;
		return out->flags;
	}
	c->quick = spec->first_failure;
	VerifyAlternatives alt;
	bool alts_done;
	/* a length not proven minimal leaves nothing to compare a piece's
	 * removal with (the problem is undecided already) */
	bool judged = false, lined = phase_solve(c, root, spec, &alt, &alts_done) && choose_line(c, root, spec) &&
	                             phase_alternatives(c, root, spec, &alt, alts_done);
	if (lined && out->solve.len_minimal) {
		phase_unnecessary(c, root, spec);
		judged = true;
	}
	/* the end: the stated verdict where no phase gave one */
	c->check = VERIFY_CHECK_STATED;
	if (out->stated.verdict == VERDICT_NONE && !spec->first_failure)
		verify_stated_verdict(c, root, spec);
	c->check = VERIFY_CHECK_MINIMAL;
	finish_length(c, root, spec);
	/* a length proven last (the verdict settled first): the pieces too */
	if (lined && !judged && out->solve.len_minimal)
		phase_unnecessary(c, root, spec);
	if (out->stopped_settled && !(out->flags & VERIFY_SETTLING)) {
		/* (never so: a failure counted certain is flagged) a pass must
		 * not rest on checks that a limit stopped */
		out->undecided += out->stopped_settled;
		out->stopped_settled = 0;
	}
	if (out->undecided)
		out->flags |= VERIFY_UNDECIDED;
	return ctx_close(c, out);
}

unsigned verify_answer(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                       const DfpnLimits *lim, VerifyResult *out)
{
	result_reset(out);
	if (res->status != DFPN_MATE || !res->len_minimal || n != res->len || n > DFPN_MAX_PV)
		return out->flags = 0;
	VerifyCtx *c = ctx_open(d, root, lim, out);
	if (!c) {
		out->stop = DFPN_STOP_MEMORY;
		return out->flags = VERIFY_UNDECIDED;
	}
	VerifyStated where;
	if (verify_replay_stated(c, root, given, n, &where)) {
		take_given_line(c, root, given, n);
		out->len = n;
		out->solve = *res;
		c->check = VERIFY_CHECK_COOK;
		VerifyAlternatives alt;
		verify_line_alternatives(c, root, out->line, n, out, &alt);
		flag_line_findings(out);
		if (out->undecided)
			out->flags |= VERIFY_UNDECIDED;
	}
	return ctx_close(c, out);
}
