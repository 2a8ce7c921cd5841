/* verify.c -- composer's checks on one problem (see verify.h). */
#include "verify.h"

#include "clock.h"
#include "context.h"
#include "futile.h"
#include "line.h"
#include "mate1.h"
#include "movegen.h"
#include "notation.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The all-longest-defences 駒余り search is exhaustive: done up to this length. */
#define VERIFY_LEFTOVER_MAX_LEN 31

typedef struct {
	Dfpn *d;
	const DfpnLimits *lim;
	DfpnLimits sub;
	double start;
	uint64_t nodes;
	VerifyResult *out;
	Color attacker;
	bool quick;       /* VerifySpec.first_failure */
	bool strict;      /* every interposition counts (the unnecessary-piece test) */
	Position pos;     /* scratch */
	Position mod;     /* a position with one attacker piece removed */
} Ctx;

/* Limits for the next sub-search: what is left of the problem's budget.
 * Returns false when nothing is left. */
static bool next_limits(Ctx *c)
{
	if (!c->lim) {
		memset(&c->sub, 0, sizeof c->sub);
		return true;
	}
	c->sub = *c->lim;
	c->sub.progress = NULL;
	if (c->lim->stop && atomic_load(c->lim->stop))
		return false;
	if (c->lim->max_nodes) {
		if (c->nodes >= c->lim->max_nodes)
			return false;
		c->sub.max_nodes = c->lim->max_nodes - c->nodes;
	}
	if (c->lim->max_time_ms) {
		int64_t left = c->lim->max_time_ms - (int64_t)((clock_now() - c->start) * 1000.0);
		if (left <= 0)
			return false;
		c->sub.max_time_ms = left;
	}
	return true;
}

/* What counts as mate here, as a line_replay callback (arg: the Ctx):
 * modulo futile drops under the rule in force; a plain mate under the rule
 * "none" and in the strict unnecessary-piece test. */
static bool ctx_mated(Position *pos, void *arg)
{
	const Ctx *c = arg;
	return c->strict ? mate1_is_mated(pos) : dfpn_is_mated_in(c->d, pos);
}

/* The defender (to move) is mated (ctx_mated). */
static bool mated(const Ctx *c, Position *pos) { return ctx_mated(pos, (void *)c); }

/* Plays the given line[0..n) (legal: replayed before) from root into
 * c->pos, writing the generator's form of each move to played[]. */
static void play_given(Ctx *c, const Position *root, const Move *line, int n, Move *played)
{
	pos_copy(&c->pos, root);
	for (int i = 0; i < n; i++) {
		gen_find_legal(&c->pos, line[i], &played[i]);
		pos_do_move(&c->pos, played[i]);
	}
}

/* Mate of at most max_len plies for the attacker from pos?  Returns the
 * status; an UNKNOWN counts as undecided. */
static DfpnStatus mate_within(Ctx *c, const Position *pos, int max_len, int *len)
{
	DfpnBound b;
	if (!next_limits(c)) {
		c->out->undecided++;
		return DFPN_UNKNOWN;
	}
	dfpn_mate_within(c->d, pos, c->attacker, max_len, &c->sub, &b);
	c->nodes += b.nodes;
	if (b.status == DFPN_UNKNOWN)
		c->out->undecided++;
	if (len)
		*len = b.len;
	return b.status;
}

/* Pieces in the attacker's hand after `line` (n plies) from root (駒余り). */
static int leftover_after(Ctx *c, const Position *root, const Move *line, int n)
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

/* 余詰 along `line` (n plies) from root: at each attacker node, the other
 * checks that mate within the plies left.  With out (the problem's own
 * line), final-move alternatives, shorter variations and leftover pieces are
 * recorded too.  Returns the number of cooks (final move excluded). */
static int check_line(Ctx *c, const Position *root, const Move *line, int n, VerifyResult *out)
{
	Position *pos = &c->pos;
	int cooks = 0;
	if (out && c->quick) {
		/* screening: pieces left at the end fail at once, no search needed */
		out->leftover = leftover_after(c, root, line, n);
		if (out->leftover)
			return 0;
	}
	pos_copy(pos, root);
	for (int k = 0; k < n && !(c->quick && cooks); k++) {
		int t = n - k; /* plies left from this node */
		MoveList list;
		if (pos->side == c->attacker) {
			if ((!out || c->quick) && t == 1)
				break; /* final alternatives are information only */
			gen_checks(pos, &list);
			for (int i = 0; i < list.n; i++) {
				Move m = list.moves[i];
				if (move_same(m, line[k]))
					continue;
				pos_do_move(pos, m);
				int len = 0;
				DfpnStatus st = mate_within(c, pos, t - 1, &len);
				pos_undo_move(pos, m);
				if (st != DFPN_MATE)
					continue;
				if (t == 1) {
					if (out->final_alts < VERIFY_MAX_LIST)
						out->final_alt[out->final_alts] = m;
					out->final_alts++;
				} else {
					if (out && cooks < VERIFY_MAX_LIST)
						out->cook[cooks] = (VerifyCook){k, m, len + 1};
					cooks++;
				}
			}
		} else if (out && t >= 4 && !c->quick) {
			/* information: defences mated at least two plies sooner */
			gen_evasions(pos, &list);
			for (int i = 0; i < list.n; i++) {
				Move m = list.moves[i];
				if (move_same(m, line[k]))
					continue;
				pos_do_move(pos, m);
				DfpnStatus st = mate_within(c, pos, t - 3, NULL);
				pos_undo_move(pos, m);
				if (st == DFPN_MATE)
					out->short_variations++;
			}
		}
		pos_do_move(pos, line[k]);
	}
	if (out && c->quick) {
		out->cooks = cooks; /* leftover was counted first */
	} else if (out) {
		out->cooks = cooks;
		out->leftover = leftover_after(c, root, line, n);
	}
	return cooks;
}

/* true iff some line from pos (the attacker's mate takes exactly t plies
 * here) where the defender resists longest and the attacker mates as fast as
 * possible -- with any of the mating final moves -- ends with pieces in the
 * attacker's hand (want true: the ShogiBoardQ no-surplus policy) or with none
 * (want false).  *undecided is set when a limit stopped a sub-search.  pos is
 * restored. */
static bool line_ends_with(Ctx *c, Position *pos, int t, bool want, bool *undecided)
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
			DfpnStatus st = t == 1 ? (mated(c, pos) ? DFPN_MATE : DFPN_NOMATE) : mate_within(c, pos, t - 1, NULL);
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
	if (mated(c, pos))
		return (pos->hand[c->attacker] != 0) == want;
	gen_evasions(pos, &list);
	for (int i = 0; i < list.n; i++) {
		Move m = list.moves[i];
		pos_do_move(pos, m);
		bool hit = false;
		/* a longest defence: no mate within t-3 after it */
		DfpnStatus st = t >= 3 ? mate_within(c, pos, t - 3, NULL) : DFPN_NOMATE;
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

/* Is line (n plies) a main line of the problem pos, whose shortest mate is
 * n plies: legal, every attacker move mating within the plies left against
 * any defence, every defender move a longest defence (no mate within the
 * plies left minus two after it)?  Returns 1 yes, 0 no, -1 undecided.
 * pos is not modified. */
static int same_mate(Ctx *c, const Position *root, const Move *line, int n)
{
	Position *pos = calloc(1, sizeof *pos);
	if (!pos)
		return -1;
	pos_copy(pos, root);
	int result = 1;
	for (int k = 0; k < n && result == 1; k++) {
		Move m;
		if (!gen_find_legal(pos, line[k], &m)) {
			result = 0;
			break;
		}
		bool att = pos->side == c->attacker;
		int t = n - k; /* plies left from this node */
		pos_do_move(pos, m);
		if (att && t == 1) {
			result = mated(c, pos) ? 1 : 0;
		} else if (att) {
			DfpnStatus st = mate_within(c, pos, t - 1, NULL);
			result = st == DFPN_MATE ? 1 : st == DFPN_NOMATE ? 0 : -1;
		} else if (t >= 3) {
			DfpnStatus st = mate_within(c, pos, t - 3, NULL);
			result = st == DFPN_NOMATE ? 1 : st == DFPN_MATE ? 0 : -1;
		}
	}
	free(pos);
	return result;
}

/* Moves one attacker piece (on sq, or one of type pt in hand when sq is
 * SQ_NONE) to the defender's hand and asks whether the same problem remains:
 * a shortest mate of the same length, the same main line (still forcing, the
 * defence still longest) free of 余詰, and no 駒余り under any longest
 * defence (the audit's "目標手数と主手順の一意性を保てるか", with "the same
 * mate" read strictly: another solution of the same length is another problem).
 * Returns 1 unnecessary, 0 needed, -1 undecided. */
static int piece_unnecessary(Ctx *c, const Position *root, Square sq, PieceType pt, int len)
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
	int found = 0;
	DfpnStatus st = mate_within(c, pos, len, &found);
	if (st == DFPN_UNKNOWN)
		return -1;
	if (st == DFPN_NOMATE || found < len)
		return 0; /* longer, no mate, or a different (shorter) problem */
	if (sq != SQ_NONE && len >= 3) {
		/* a piece off the board may open a line: the mate may be shorter */
		st = mate_within(c, pos, len - 2, NULL);
		if (st == DFPN_UNKNOWN)
			return -1;
		if (st == DFPN_MATE)
			return 0;
	}
	/* (fewer attacker pieces in hand never shorten a mate) the same length:
	 * is it the same mate -- the main line still a main line, still free of
	 * 余詰? */
	pos_copy(&c->mod, pos);
	int same = same_mate(c, &c->mod, c->out->line, c->out->line_len);
	if (same <= 0)
		return same;
	int cooks = check_line(c, &c->mod, c->out->line, c->out->line_len, NULL);
	if (c->out->undecided)
		return -1;
	if (cooks)
		return 0;
	/* and no longest defence leaves the attacker pieces in hand */
	bool undecided = false;
	bool leftover = len <= VERIFY_LEFTOVER_MAX_LEN && line_ends_with(c, &c->mod, len, true, &undecided);
	if (undecided)
		return -1;
	return leftover ? 0 : 1;
}

const char *verify_verdict_name(VerifyVerdict v)
{
	static const char *const NAME[] = {"",         "exact",           "final_alternatives", "longer_defence",
	                                   "shorter_mate", "stated_not_mate", "no_mate",            "undecided",
	                                   "futile_convention", "leftover_convention"};
	return v <= VERDICT_LEFTOVER_CONVENTION ? NAME[v] : "";
}

int verify_stated_text(const VerifyStated *v, char *buf, size_t size)
{
	char u[6];
	if (v->ply < 0 || v->move == MOVE_NONE) {
		buf[0] = '\0';
		return 0;
	}
	usi_format(v->move, u);
	switch (v->verdict) {
	case VERDICT_LONGER_DEFENCE:
		if (v->len && v->stated_left && v->worst_excess > v->len - v->stated_left)
			return snprintf(buf, size,
			                "変長: at ply %d the defence %s lasts %d plies, %d more than the stated line leaves"
			                "; at ply %d one lasts %d more",
			                v->ply + 1, u, v->len, v->len - v->stated_left, v->worst_ply + 1, v->worst_excess);
		if (v->len && v->stated_left)
			return snprintf(buf, size, "変長: at ply %d the defence %s lasts %d plies, %d more than the stated line leaves",
			                v->ply + 1, u, v->len, v->len - v->stated_left);
		if (v->len)
			return snprintf(buf, size, "変長: at ply %d the defence %s lasts %d plies, more than the stated line leaves",
			                v->ply + 1, u, v->len);
		return snprintf(buf, size, "変長: at ply %d the defence %s lasts longer than the stated line leaves", v->ply + 1,
		                u);
	case VERDICT_LEFTOVER_CONVENTION:
		return snprintf(buf, size,
		                "2手変長駒余り: at ply %d the defence %s lasts %d plies, two more than the stated line, "
		                "but leaves pieces in hand",
		                v->ply + 1, u, v->len);
	case VERDICT_FUTILE_CONVENTION:
		return snprintf(buf, size, "futile convention: at ply %d the stated line counts the drop %s, futile under the rule in force",
		                v->ply + 1, u);
	case VERDICT_SHORTER_MATE:
		return snprintf(buf, size, "早詰: at ply %d %s mates in %d", v->ply + 1, u, v->len);
	case VERDICT_STATED_NOT_MATE:
		if (v->len)
			return snprintf(buf, size, "the line ends with %s at ply %d, not a mate under the rule in force", u,
			                v->ply + 1);
		return snprintf(buf, size, "at ply %d %s is illegal or, an attacker move, not a check", v->ply + 1, u);
	default:
		buf[0] = '\0';
		return 0;
	}
}

/* The minimal mate length from pos (either side to move) given a mate within
 * `found` plies: the bound is lowered by two until no mate is left.  0 when a
 * limit stopped a search. */
static int minimal_len(Ctx *c, Position *pos, int found)
{
	while (found >= 2) {
		int shorter = 0;
		DfpnStatus st = mate_within(c, pos, found - 2, &shorter);
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
 *  - len < n: at some attacker ply k the stated attack is slower than the
 *    best: there is a mate within n-k-2 from ply k but none within n-k-3
 *    after the stated move.  The first such k is reported, with a check that
 *    mates within n-k-2 and its length.
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
static void stated_walk(Ctx *c, const Position *root, const Move *line, int n, int len)
{
	VerifyResult *out = c->out;
	int undecided_before = out->undecided;
	Position *pos = &c->pos;
	pos_copy(pos, root);
	out->stated = (VerifyStated){.verdict = VERDICT_UNDECIDED, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	VerifyStated excused_at = {.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	VerifyStated first = excused_at; /* the first longer defence */
	bool worst_known = false;
	bool longer = len > n;
	for (int k = 0; k < n; k++) {
		int r = n - k; /* plies the stated line leaves from this node */
		MoveList list;
		bool attacker = pos->side == c->attacker;
		if (!attacker) {
			gen_evasions(pos, &list);
			bool futile[MAX_MOVES];
			futile_mark(pos, &list, futile, c->strict ? &FUTILITY_NONE : dfpn_futility(c->d));
			bool bounded = !c->strict && dfpn_futility(c->d)->bounded;
			int node_len = -1; /* this node's minimal length, when needed */
			/* the stated line goes on through a drop this rule does not count */
			for (int i = 0; i < list.n && !longer; i++)
				if (futile[i] && move_same(list.moves[i], line[k])) {
					out->stated = (VerifyStated){.verdict = VERDICT_FUTILE_CONVENTION, .ply = k, .move = line[k], .worst_ply = -1};
					goto end;
				}
			for (int i = 0; i < list.n && longer; i++) {
				Move m = list.moves[i];
				if (futile[i] || move_same(m, line[k]))
					continue;
				pos_do_move(pos, m);
				DfpnStatus st = mate_within(c, pos, r - 1, NULL);
				if (st == DFPN_NOMATE && bounded && move_is_drop(m)) {
					/* nogain: a drop that outlasts the node's real
					 * defences is futile (the node's length is theirs) */
					if (node_len < 0) {
						pos_undo_move(pos, m);
						int f = 0;
						node_len = mate_within(c, pos, DFPN_MAX_PV - 2, &f) == DFPN_MATE ? minimal_len(c, pos, f) : 0;
						pos_do_move(pos, m);
					}
					if (node_len > 0 && mate_within(c, pos, node_len - 1, NULL) != DFPN_MATE) {
						pos_undo_move(pos, m);
						continue;
					}
				}
				int found = 0;
				if (st == DFPN_NOMATE && mate_within(c, pos, DFPN_MAX_PV - 2, &found) == DFPN_MATE)
					found = minimal_len(c, pos, found);
				else
					found = 0;
				/* 2手変長駒余り: two plies longer, but every such line
				 * leaves the attacker pieces in hand (not asked once a
				 * longer defence decides the verdict: a +2 cannot raise
				 * the worst excess, which is at least 2 then) */
				bool excused = false;
				if (st == DFPN_NOMATE && found == r + 1 && found <= VERIFY_LEFTOVER_MAX_LEN &&
				    first.verdict == VERDICT_NONE) {
					bool undecided = false;
					excused = !line_ends_with(c, pos, found, false, &undecided) && !undecided;
				}
				pos_undo_move(pos, m);
				if (excused) {
					if (excused_at.verdict == VERDICT_NONE)
						excused_at = (VerifyStated){.verdict = VERDICT_LEFTOVER_CONVENTION, .ply = k, .move = m,
						                            .len = found + 1, .stated_left = r, .worst_ply = -1};
				} else if (st == DFPN_NOMATE) {
					if (first.verdict == VERDICT_NONE) {
						first = (VerifyStated){.verdict = VERDICT_LONGER_DEFENCE, .ply = k, .move = m,
						                       .len = found ? found + 1 : 0, .stated_left = r, .worst_ply = -1};
						worst_known = true;
					}
					/* the walk goes on to the end: the worst excess */
					if (!found)
						worst_known = false;
					else if (found + 1 - r > first.worst_excess) {
						first.worst_excess = found + 1 - r;
						first.worst_ply = k;
					}
				}
			}
		} else if (!longer && r >= 3) {
			if (mate_within(c, pos, r - 2, NULL) == DFPN_MATE) {
				pos_do_move(pos, line[k]);
				DfpnStatus after = mate_within(c, pos, r - 3, NULL);
				pos_undo_move(pos, line[k]);
				if (after == DFPN_NOMATE) {
					gen_checks(pos, &list);
					for (int i = 0; i < list.n; i++) {
						int found = 0;
						pos_do_move(pos, list.moves[i]);
						DfpnStatus st = mate_within(c, pos, r - 3, &found);
						if (st == DFPN_MATE)
							found = minimal_len(c, pos, found);
						pos_undo_move(pos, list.moves[i]);
						if (st == DFPN_MATE && found > 0) {
							out->stated = (VerifyStated){.verdict = VERDICT_SHORTER_MATE, .ply = k, .move = list.moves[i], .len = found + 1, .worst_ply = -1};
							goto end;
						}
					}
				}
			}
		}
		pos_do_move(pos, line[k]);
	}
	if (first.verdict != VERDICT_NONE) {
		out->stated = first;
		if (!worst_known) {
			out->stated.worst_excess = 0;
			out->stated.worst_ply = -1;
		}
		goto end;
	}
	/* every longer defence was a 2手変長駒余り, and the stated line
	 * itself leaves nothing in hand: the composers' reading */
	if (excused_at.verdict != VERDICT_NONE) {
		out->stated = excused_at;
		if (pos->hand[c->attacker])
			out->stated.verdict = VERDICT_LONGER_DEFENCE;
	}
end:
	out->undecided = undecided_before;
}

/* The verdict from what verify_problem found (see VerifyStated). */
static void stated_verdict(Ctx *c, const Position *root, const VerifySpec *spec)
{
	VerifyResult *out = c->out;
	if (spec->stated_len < 0)
		return;
	unsigned f = out->flags;
	if (f & VERIFY_NOT_MATE)
		out->stated.verdict = VERDICT_NO_MATE;
	else if (f & VERIFY_BAD_LINE)
		out->stated.verdict = VERDICT_STATED_NOT_MATE;
	else if (out->solve.status != DFPN_MATE || !out->solve.len_minimal)
		out->stated.verdict = VERDICT_UNDECIDED;
	else if (spec->stated_len == out->len)
		out->stated.verdict = out->final_alts ? VERDICT_FINAL_ALT : VERDICT_EXACT;
	else if (spec->given && spec->given_len == spec->stated_len)
		stated_walk(c, root, out->line, out->line_len, out->len);
	else
		out->stated.verdict = spec->stated_len < out->len ? VERDICT_LONGER_DEFENCE : VERDICT_SHORTER_MATE;
}

VerifyVerdict verify_stated(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                            const DfpnLimits *lim, VerifyStated *stated)
{
	*stated = (VerifyStated){.verdict = VERDICT_UNDECIDED, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	if (res->status == DFPN_NOMATE) {
		stated->verdict = VERDICT_NO_MATE;
		return stated->verdict;
	}
	Ctx *c = calloc(1, sizeof *c);
	VerifyResult *out = calloc(1, sizeof *out);
	if (!c || !out)
		goto done;
	c->d = d;
	c->lim = lim;
	c->start = clock_now();
	c->out = out;
	c->attacker = root->side;
	pos_copy(&c->pos, root);
	LineCheck lc = {-1, false, false, false};
	if (n <= 0 || n > DFPN_MAX_PV || !line_replay(&c->pos, given, n, ctx_mated, c, &lc)) {
		/* where: the first bad move (len 0), else the last one (len 1) */
		bool at_end = lc.bad_ply < 0 && n > 0 && n <= DFPN_MAX_PV;
		int k = at_end ? n - 1 : lc.bad_ply;
		*stated = (VerifyStated){.verdict = VERDICT_STATED_NOT_MATE, .ply = k, .move = k >= 0 && k < n ? given[k] : MOVE_NONE, .len = at_end ? 1 : 0, .worst_ply = -1};
		goto done;
	}
	if (res->status != DFPN_MATE || !res->len_minimal)
		goto done;
	play_given(c, root, given, n, out->line);
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
			if (mated(c, pos))
				stated->verdict = VERDICT_FINAL_ALT;
			pos_undo_move(pos, list.moves[i]);
		}
		goto done;
	}
	stated_walk(c, root, out->line, n, res->len);
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

unsigned verify_problem(Dfpn *d, const Position *root, const VerifySpec *spec, const DfpnLimits *lim, VerifyResult *out)
{
	Ctx *c = calloc(1, sizeof *c); /* large (two Positions): on the heap */
	memset(out, 0, offsetof(VerifyResult, line));
	/* the fields after line[] too: a result struct is reused between problems */
	out->cooks = out->final_alts = out->unnecessary = 0;
	out->leftover = out->short_variations = out->undecided = 0;
	out->nodes = 0;
	out->seconds = 0;
	out->stated = (VerifyStated){.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	if (!c) {
		out->flags = VERIFY_UNDECIDED;
		return out->flags;
	}
	c->d = d;
	c->lim = lim;
	c->start = clock_now();
	c->out = out;
	c->attacker = root->side;
	c->quick = spec->first_failure;

	/* 1. solve */
	if (!next_limits(c)) {
		out->flags |= VERIFY_UNDECIDED;
		goto done;
	}
	dfpn_clear(d);
	dfpn_solve(d, root, &c->sub, &out->solve);
	c->nodes += out->solve.nodes;
	if (out->solve.status == DFPN_NOMATE) {
		out->flags |= VERIFY_NOT_MATE;
		goto done;
	}
	if (out->solve.status != DFPN_MATE || !out->solve.len_minimal) {
		out->flags |= VERIFY_UNDECIDED;
		out->undecided++;
		if (out->solve.status != DFPN_MATE)
			goto done;
	}
	out->len = out->solve.len;
	/* a length differs for certain when ours is minimal, or shorter anyway
	 * (ours is then an upper bound: a longer stated one is not yet wrong) */
	bool known = out->solve.len_minimal;
	if (spec->stated_len >= 0 && spec->stated_len != out->len && (known || out->len < spec->stated_len))
		out->flags |= VERIFY_WRONG_LENGTH;

	/* 2. the main line: the given one if any, else ours */
	if (spec->given && spec->given_len > 0) {
		pos_copy(&c->pos, root);
		if (spec->given_len > DFPN_MAX_PV || !line_replay(&c->pos, spec->given, spec->given_len, ctx_mated, c, NULL)) {
			out->flags |= VERIFY_BAD_LINE;
			goto done;
		}
		if (spec->given_len != out->len && (known || out->len < spec->given_len))
			out->flags |= VERIFY_WRONG_LENGTH;
		play_given(c, root, spec->given, spec->given_len, out->line);
		out->line_len = spec->given_len;
	} else {
		memcpy(out->line, out->solve.pv, sizeof(Move) * (size_t)out->solve.pv_len);
		out->line_len = out->solve.pv_len;
	}

	/* 3. cooks, final alternatives, leftover pieces, shorter variations */
	check_line(c, root, out->line, out->line_len, out);
	if (out->cooks)
		out->flags |= VERIFY_COOK;
	if (out->final_alts)
		out->flags |= VERIFY_FINAL_ALT;
	if (out->leftover)
		out->flags |= VERIFY_LEFTOVER;
	if (out->short_variations)
		out->flags |= VERIFY_SHORT_VAR;
	if (spec->first_failure && (out->flags & VERIFY_FAIL_MASK))
		goto done;
	if (!spec->first_failure)
		stated_verdict(c, root, spec);
	/* a stated line that counts a drop this rule calls futile ends with
	 * that piece, taken, in hand: 駒余り is judged on our main line then */
	if (out->stated.verdict == VERDICT_FUTILE_CONVENTION && out->solve.pv_verified) {
		out->leftover = leftover_after(c, root, out->solve.pv, out->solve.pv_len);
		if (!out->leftover)
			out->flags &= ~VERIFY_LEFTOVER;
	}

	/* 4. unnecessary pieces, judged strictly: the position without the piece
	 * must stay the same problem even when every interposition counts (so a
	 * piece is never called unnecessary because of the futile-drop rule) */
	c->strict = true;
	DfpnFutileRule rule = dfpn_futile(d);
	dfpn_set_futile(d, DFPN_FUTILE_NONE);
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
	dfpn_set_futile(d, rule);
	c->strict = false;
	if (out->unnecessary)
		out->flags |= VERIFY_UNNECESSARY;

done:
	if (out->stated.verdict == VERDICT_NONE && !spec->first_failure)
		stated_verdict(c, root, spec);
	if (out->undecided)
		out->flags |= VERIFY_UNDECIDED;
	out->nodes = c->nodes;
	out->seconds = clock_now() - c->start;
	free(c);
	return out->flags;
}
