/* verify_stated.c -- the verdict on a stated answer (see verify_stated.h). */
#include "verify_stated.h"

#include "movegen.h"

/* The minimal mate length from pos (either side to move) given a mate within
 * `found` plies: the bound is lowered by two until no mate is left.  0 when a
 * limit stopped a search. */
static int minimal_len(VerifyCtx *c, Position *pos, int found)
{
	while (found >= 2) {
		int shorter = 0;
		DfpnStatus st = verify_mate_within(c, pos, found - 2, &shorter);
		if (st == DFPN_NOMATE)
			break;
		if (st != DFPN_MATE)
			return 0;
		found = shorter;
	}
	return found;
}

/* The stated line line[0..n) from root (legal and mating) against the
 * proven values, ply by ply.  Our minimal length len differs from n.
 *  - len > n: at some defender ply the stated defence is not the longest;
 *    the first defender ply k with an evasion that is not mated within the
 *    n-k-1 plies the stated line leaves is reported, with that evasion and
 *    the length it reaches (solved).
 *  - len < n: at some attacker ply k the stated attack is not a fastest
 *    mate: the node's minimal length m is known along the line (len at the
 *    root; m - 1 after a fastest attack or a longest defence, a weaker
 *    stated defence's own minimal length), and the stated move leaves no
 *    mate within m - 1.  The first such k is reported (早詰 where the
 *    composer's attacker first dawdles), with a check that mates in m.
 *  - before either, a defender ply where the stated move is a drop that the
 *    rule in force calls futile: the stated length counts an interposition
 *    this rule does not (VERDICT_FUTILE_CONVENTION).
 *  - len > n, every such evasion exactly two plies longer and ending, in
 *    every fastest line, with pieces in hand, while the stated line ends
 *    with none: VERDICT_LEFTOVER_CONVENTION at the first of them.  Under
 *    nogain a drop that outlasts the node's own minimal length is futile and
 *    passed over.
 * (The deficit between the stated remaining length and the true value
 * changes only at such plies, so one is always found when no limit stops
 * the sub-searches.)  The lengths reported are minimal (0 when a limit
 * stopped their minimisation).  Sets out->stated; its sub-searches' limits do not
 * count toward out->undecided. */
/* What the walk of a stated line found of its longer defences. */
typedef struct {
	VerifyStated first;      /* the first longer defence */
	VerifyStated excused_at; /* the first 2手変長駒余り (two plies longer, pieces left) */
	bool worst_known;        /* first.worst_excess is the worst over the line */
} LongerWalk;

/* The defences of pos (the defender to move at ply k, the stated line
 * leaving r plies, its move `stated`) that last longer than r - 1, into *w:
 * list the evasions, futile[] the rule's verdicts on them.  pos is as it
 * was after. */
static void walk_longer(VerifyCtx *c, Position *pos, Move stated, int k, int r, const MoveList *list,
                        const bool *futile, LongerWalk *w)
{
	bool bounded = !dfpn_futile_lengths_monotone(dfpn_futile(c->d));
	int node_len = -1; /* this node's minimal length, when needed */
	for (int i = 0; i < list->n; i++) {
		Move m = list->moves[i];
		if (futile[i] || move_same(m, stated))
			continue;
		pos_do_move(pos, m);
		DfpnStatus st = verify_mate_within(c, pos, r - 1, NULL);
		if (st == DFPN_NOMATE && bounded && move_is_drop(m)) {
			/* nogain: a drop that outlasts the node's real
			 * defences is futile (the node's length is theirs) */
			if (node_len < 0) {
				pos_undo_move(pos, m);
				int f = 0;
				node_len = verify_mate_within(c, pos, DFPN_MAX_PV - 2, &f) == DFPN_MATE
				               ? minimal_len(c, pos, f)
				               : 0;
				pos_do_move(pos, m);
			}
			if (node_len > 0 && verify_mate_within(c, pos, node_len - 1, NULL) != DFPN_MATE) {
				pos_undo_move(pos, m);
				continue;
			}
		}
		int found = 0;
		if (st == DFPN_NOMATE && verify_mate_within(c, pos, DFPN_MAX_PV - 2, &found) == DFPN_MATE)
			found = minimal_len(c, pos, found);
		else
			found = 0;
		/* 2手変長駒余り: two plies longer, but every such line
		 * leaves the attacker pieces in hand (not asked once a
		 * longer defence decides the verdict: a +2 cannot raise
		 * the worst excess, which is at least 2 then) */
		bool excused = false;
		if (st == DFPN_NOMATE && found == r + 1 && found <= VERIFY_LEFTOVER_MAX_LEN &&
		    w->first.verdict == VERDICT_NONE) {
			bool undecided = false;
			excused = !verify_line_ends_with(c, pos, found, false, &undecided) && !undecided;
		}
		pos_undo_move(pos, m);
		if (excused) {
			if (w->excused_at.verdict == VERDICT_NONE)
				w->excused_at = (VerifyStated){.verdict = VERDICT_LEFTOVER_CONVENTION,
				                               .ply = k,
				                               .move = m,
				                               .len = found + 1,
				                               .stated_left = r,
				                               .worst_ply = -1};
		} else if (st == DFPN_NOMATE) {
			if (w->first.verdict == VERDICT_NONE) {
				w->first = (VerifyStated){.verdict = VERDICT_LONGER_DEFENCE,
				                          .ply = k,
				                          .move = m,
				                          .len = found ? found + 1 : 0,
				                          .stated_left = r,
				                          .worst_ply = -1};
				w->worst_known = true;
			}
			/* the walk goes on to the end: the worst excess */
			if (!found)
				w->worst_known = false;
			else if (found + 1 - r > w->first.worst_excess) {
				w->first.worst_excess = found + 1 - r;
				w->first.worst_ply = k;
			}
		}
	}
}

/* 早詰 at an attacker node (ply k, the stated line leaving r plies, *mlen
 * this node's minimal length): whether the stated move is a fastest mate;
 * if not, the verdict VERDICT_SHORTER_MATE with the first check that is,
 * into c->out.  Returns true when the walk ends here (that verdict, or a
 * limit: undecided); else *mlen is the length after the stated move. */
static bool walk_shorter(VerifyCtx *c, Position *pos, const Move *line, int k, int r, int *mlen)
{
	if (*mlen < r) {
		pos_do_move(pos, line[k]);
		DfpnStatus after = verify_mate_within(c, pos, *mlen - 1, NULL);
		pos_undo_move(pos, line[k]);
		if (after == DFPN_UNKNOWN)
			return true; /* a limit: undecided */
		if (after == DFPN_NOMATE) {
			/* a check that mates within mlen - 1 after it: the fastest */
			MoveList list;
			gen_checks(pos, &list);
			for (int i = 0; i < list.n; i++) {
				pos_do_move(pos, list.moves[i]);
				DfpnStatus st = verify_mate_within(c, pos, *mlen - 1, NULL);
				pos_undo_move(pos, list.moves[i]);
				if (st == DFPN_MATE) {
					c->out->stated = (VerifyStated){.verdict = VERDICT_SHORTER_MATE,
					                                .ply = k,
					                                .move = list.moves[i],
					                                .len = *mlen,
					                                .worst_ply = -1};
					return true;
				}
			}
			return true; /* a limit stopped them: undecided */
		}
	}
	(*mlen)--; /* the stated move is a fastest one: mlen - 1 after it */
	return false;
}

/* After the stated defence `stated` at a defender node of minimal length
 * *mlen: it lasts mlen - 1 plies unless it is mated within mlen - 3, then
 * its own minimal length, into *mlen.  Returns true when a limit ends the
 * walk (undecided). */
static bool walk_defence_len(VerifyCtx *c, Position *pos, Move stated, int *mlen)
{
	pos_do_move(pos, stated);
	int f = 0;
	DfpnStatus st = *mlen >= 3 ? verify_mate_within(c, pos, *mlen - 3, &f) : DFPN_NOMATE;
	if (st == DFPN_NOMATE)
		(*mlen)--;
	else if (st == DFPN_MATE)
		*mlen = minimal_len(c, pos, f);
	pos_undo_move(pos, stated);
	return st == DFPN_UNKNOWN || *mlen <= 0;
}

void verify_stated_walk(VerifyCtx *c, const Position *root, const Move *line, int n, int len)
{
	VerifyResult *out = c->out;
	int undecided_before = out->undecided;
	DfpnStopReason stop_before = out->stop;
	Position *pos = &c->pos;
	pos_copy(pos, root);
	out->stated = (VerifyStated){.verdict = VERDICT_UNDECIDED, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	const VerifyStated none = {.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	LongerWalk w = {.first = none, .excused_at = none};
	bool longer = len > n;
	int mlen = len; /* shorter (len < n): the minimal length from the current node */
	for (int k = 0; k < n; k++) {
		int r = n - k; /* plies the stated line leaves from this node */
		bool attacker = pos->side == c->attacker;
		if (!attacker) {
			MoveList list;
			gen_evasions(pos, &list);
			bool futile[MAX_MOVES];
			dfpn_mark_futile(c->d, pos, &list, futile);
			/* the stated line goes on through a drop this rule does not count */
			for (int i = 0; i < list.n && !longer; i++)
				if (futile[i] && move_same(list.moves[i], line[k])) {
					out->stated = (VerifyStated){.verdict = VERDICT_FUTILE_CONVENTION,
					                             .ply = k,
					                             .move = line[k],
					                             .worst_ply = -1};
					goto end;
				}
			if (longer)
				walk_longer(c, pos, line[k], k, r, &list, futile, &w);
			else if (walk_defence_len(c, pos, line[k], &mlen))
				goto end; /* a limit: undecided */
		} else if (!longer && walk_shorter(c, pos, line, k, r, &mlen)) {
			goto end;
		}
		pos_do_move(pos, line[k]);
	}
	if (w.first.verdict != VERDICT_NONE) {
		out->stated = w.first;
		if (!w.worst_known) {
			out->stated.worst_excess = 0;
			out->stated.worst_ply = -1;
		}
		goto end;
	}
	/* every longer defence was a 2手変長駒余り, and the stated line
	 * itself leaves nothing in hand: the composers' reading */
	if (w.excused_at.verdict != VERDICT_NONE) {
		out->stated = w.excused_at;
		if (pos->hand[c->attacker])
			out->stated.verdict = VERDICT_LONGER_DEFENCE;
	}
end:
	out->undecided = undecided_before;
	out->stop = stop_before;
}

/* The verdict from what verify_problem found (see VerifyStated). */
void verify_stated_verdict(VerifyCtx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	if (spec->stated_len < 0)
		return;
	unsigned f = out->flags;
	if (f & VERIFY_NOT_MATE)
		out->stated.verdict = VERDICT_NO_MATE;
	else if (f & VERIFY_BAD_LINE)
		out->stated.verdict = VERDICT_STATED_NOT_MATE;
	else if (out->solve.status == DFPN_MATE && !out->solve.len_minimal && spec->given &&
	         spec->given_len == spec->stated_len && out->line_len == spec->given_len &&
	         out->solve.len_floor > spec->stated_len)
		/* proven longer than stated, by how much not known: where the
		 * stated defence is not the longest is found all the same */
		verify_stated_walk(c, root, out->line, out->line_len, out->solve.len_floor);
	else if (out->solve.status != DFPN_MATE || !out->solve.len_minimal)
		out->stated.verdict = VERDICT_UNDECIDED;
	else if (spec->stated_len == out->len)
		out->stated.verdict = out->final_alts       ? VERDICT_FINAL_ALT
		                      : out->finals_partial ? VERDICT_UNDECIDED
		                                            : VERDICT_EXACT;
	else if (spec->given && spec->given_len == spec->stated_len)
		verify_stated_walk(c, root, out->line, out->line_len, out->len);
	else
		out->stated =
		    verify_stated_totals(out->len, spec->stated_len,
		                         spec->given && spec->given_len != spec->stated_len ? spec->given_len : 0);
}
