/* verify_ctx.c -- the searches verify's checks share (see verify_ctx.h). */
#include "verify_ctx.h"

#include "clock.h"
#include "line.h"
#include "mate1.h"
#include "movegen.h"

#include <string.h>

void verify_stopped(VerifyCtx *c, DfpnStopReason why)
{
	if (c->screening && why != DFPN_STOP_USER)
		return; /* (its cap: asked again later) */
	if (verify_settled(c)) {
		c->out->stopped_settled++;
		if (c->out->stop == DFPN_STOP_NONE)
			c->out->stop = why;
		c->out->interrupted |= why == DFPN_STOP_USER;
		return;
	}
	c->out->undecided++;
	c->out->check_stopped[c->check]++;
	if (c->out->stop == DFPN_STOP_NONE)
		c->out->stop = why;
	if (why == DFPN_STOP_USER)
		c->out->interrupted = true;
}

void verify_forget_cut(VerifyCtx *c)
{
	if (c->cut)
		dfpn_clear(c->d);
	c->cut = false;
}

/* What counts as mate here, as a line_replay callback (arg: the VerifyCtx):
 * modulo futile drops under the rule in force; a plain mate under the rule
 * "none" and in the strict unnecessary-piece test. */
bool verify_ctx_mated(Position *pos, void *arg)
{
	const VerifyCtx *c = arg;
	return dfpn_is_mated_in(c->d, pos);
}

/* Plays the given line[0..n) (legal: replayed before) from root into
 * c->pos, writing the generator's form of each move to played[]. */
void verify_play_given(VerifyCtx *c, const Position *root, const Move *line, int n, Move *played)
{
	pos_copy(&c->pos, root);
	for (int i = 0; i < n; i++) {
		gen_find_legal(&c->pos, line[i], &played[i]);
		pos_do_move(&c->pos, played[i]);
	}
}

/* Mate of at most max_len plies for the attacker from pos?  Returns the
 * status; an UNKNOWN counts as undecided. */
DfpnStatus verify_mate_within(VerifyCtx *c, const Position *pos, int max_len, int *len)
{
	DfpnBound b;
	if (!verify_next_limits(c)) {
		verify_stopped(c, dfpn_budget_spent(&c->budget));
		return DFPN_UNKNOWN;
	}
	dfpn_mate_within(c->d, pos, c->attacker, max_len, &c->sub, &b);
	dfpn_budget_spend(&c->budget, b.nodes);
	c->out->check_nodes[c->check] += b.nodes;
	c->cut |= b.status == DFPN_UNKNOWN && b.verdict_cut;
	if (b.status == DFPN_UNKNOWN)
		verify_stopped(c, b.reason);
	if (len)
		*len = b.len;
	return b.status;
}

/* Pieces in the attacker's hand after `line` (n plies) from root (駒余り). */
int verify_leftover_after(VerifyCtx *c, const Position *root, const Move *line, int n)
{
	Position *pos = &c->pos;
	pos_copy(pos, root);
	for (int k = 0; k < n; k++)
		pos_do_move(pos, line[k]);
	int left = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		left += hand_count(pos->hand[c->attacker], (PieceType)pt);
	return left;
}

/* true iff some line from pos (the attacker's mate takes exactly t plies
 * here) where the defender resists longest and the attacker mates as fast as
 * possible -- with any of the mating final moves -- ends with pieces in the
 * attacker's hand (want true: the ShogiBoardQ no-surplus policy) or with none
 * (want false).  *undecided is set when a limit stopped a sub-search.  pos is
 * restored. */
static bool line_ends_with(VerifyCtx *c, Position *pos, int t, bool want, bool *undecided);

bool verify_line_ends_with(VerifyCtx *c, Position *pos, int t, bool want, bool *undecided)
{
	VerifyCheck was = c->check;
	c->check = VERIFY_CHECK_LEFTOVER;
	bool r = line_ends_with(c, pos, t, want, undecided);
	c->check = was;
	return r;
}

static bool line_ends_with(VerifyCtx *c, Position *pos, int t, bool want, bool *undecided)
{
	MoveList list;
	if (t <= 0)
		return (pos->hand[c->attacker] != 0) == want;
	if (pos->side == c->attacker) {
		gen_checks(pos, &list);
		for (int i = 0; i < list.n; i++) {
			Move m = list.moves[i];
			pos_do_move(pos, m);
			bool hit = false;
			DfpnStatus st = t == 1 ? (verify_mated(c, pos) ? DFPN_MATE : DFPN_NOMATE)
			                       : verify_mate_within(c, pos, t - 1, NULL);
			if (st == DFPN_UNKNOWN)
				*undecided = true;
			else if (st == DFPN_MATE)
				hit = line_ends_with(c, pos, t - 1, want, undecided);
			pos_undo_move(pos, m);
			if (hit)
				return true;
		}
		return false;
	}
	if (verify_mated(c, pos))
		return (pos->hand[c->attacker] != 0) == want;
	gen_evasions(pos, &list);
	for (int i = 0; i < list.n; i++) {
		Move m = list.moves[i];
		pos_do_move(pos, m);
		bool hit = false;
		/* a longest defence: no mate within t-3 after it */
		DfpnStatus st = t >= 3 ? verify_mate_within(c, pos, t - 3, NULL) : DFPN_NOMATE;
		if (st == DFPN_UNKNOWN)
			*undecided = true;
		else if (st == DFPN_NOMATE)
			hit = line_ends_with(c, pos, t - 1, want, undecided);
		pos_undo_move(pos, m);
		if (hit)
			return true;
	}
	return false;
}

bool verify_replay_stated(VerifyCtx *c, const Position *root, const Move *given, int n, VerifyStated *stated)
{
	pos_copy(&c->pos, root);
	LineCheck lc = {-1, false, false, false};
	if (n > 0 && n <= DFPN_MAX_PV && line_replay(&c->pos, given, n, verify_ctx_mated, c, &lc))
		return true;
	/* where: the first bad move (len 0), else the last one (len 1) */
	bool at_end = lc.bad_ply < 0 && n > 0 && n <= DFPN_MAX_PV;
	int k = at_end ? n - 1 : lc.bad_ply;
	*stated = (VerifyStated){.verdict = VERDICT_STATED_NOT_MATE,
	                         .ply = k,
	                         .move = k >= 0 && k < n ? given[k] : MOVE_NONE,
	                         .len = at_end ? 1 : 0,
	                         .worst_ply = -1,
	                         .no_check = !at_end && lc.legal && !lc.checks};
	return false;
}
