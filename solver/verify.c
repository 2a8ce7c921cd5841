/* verify.c -- composer's checks on one problem (see verify.h). */
#include "verify.h"

#include "verify_ctx.h"
#include "verify_stated.h"

#include "clock.h"
#include "context.h"
#include "futile.h"
#include "line.h"
#include "mate1.h"
#include "movegen.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* 余詰 along `line` (n plies) from root: at each attacker node, the other
 * checks that mate within the plies left.  With out (the problem's own
 * line), final-move alternatives, shorter variations and leftover pieces are
 * recorded too.  Returns the number of cooks (final move excluded). */
static int check_line(VerifyCtx *c, const Position *root, const Move *line, int n, VerifyResult *out)
{
	Position *pos = &c->pos;
	int cooks = 0;
	if (out && c->quick) {
		/* screening: pieces left at the end fail at once, no search needed */
		out->leftover = verify_leftover_after(c, root, line, n);
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
				DfpnStatus st = verify_mate_within(c, pos, t - 1, &len);
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
				DfpnStatus st = verify_mate_within(c, pos, t - 3, NULL);
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
		out->leftover = verify_leftover_after(c, root, line, n);
	}
	return cooks;
}

/* Is line (n plies) a main line of the problem pos, whose shortest mate is
 * n plies: legal, every attacker move mating within the plies left against
 * any defence, every defender move a longest defence (no mate within the
 * plies left minus two after it)?  Returns 1 yes, 0 no, -1 undecided.
 * pos is not modified. */
static int same_mate(VerifyCtx *c, const Position *root, const Move *line, int n)
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
			result = verify_mated(c, pos) ? 1 : 0;
		} else if (att) {
			DfpnStatus st = verify_mate_within(c, pos, t - 1, NULL);
			result = st == DFPN_MATE ? 1 : st == DFPN_NOMATE ? 0 : -1;
		} else if (t >= 3) {
			DfpnStatus st = verify_mate_within(c, pos, t - 3, NULL);
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
	int found = 0;
	DfpnStatus st = verify_mate_within(c, pos, len, &found);
	if (st == DFPN_UNKNOWN)
		return -1;
	if (st == DFPN_NOMATE || found < len)
		return 0; /* longer, no mate, or a different (shorter) problem */
	if (sq != SQ_NONE && len >= 3) {
		/* a piece off the board may open a line: the mate may be shorter */
		st = verify_mate_within(c, pos, len - 2, NULL);
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
	bool leftover = len <= VERIFY_LEFTOVER_MAX_LEN && verify_line_ends_with(c, &c->mod, len, true, &undecided);
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

VerifyVerdict verify_stated(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                            const DfpnLimits *lim, VerifyStated *stated)
{
	*stated = (VerifyStated){.verdict = VERDICT_UNDECIDED, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	if (res->status == DFPN_NOMATE) {
		stated->verdict = VERDICT_NO_MATE;
		return stated->verdict;
	}
	VerifyCtx *c = calloc(1, sizeof *c);
	VerifyResult *out = calloc(1, sizeof *out);
	if (!c || !out)
		goto done;
	c->d = d;
	c->lim = lim;
	c->start = clock_now();
	c->out = out;
	c->attacker = root->side;
	if (!verify_replay_stated(c, root, given, n, stated))
		goto done;
	if (res->status != DFPN_MATE || !res->len_minimal)
		goto done;
	verify_play_given(c, root, given, n, out->line);
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
			*stated = (VerifyStated){.verdict = VERDICT_NO_MATE, .ply = 1, .move = list.moves[i], .worst_ply = -1};
			return;
		}
	}
}

unsigned verify_problem(Dfpn *d, const Position *root, const VerifySpec *spec, const DfpnLimits *lim, VerifyResult *out)
{
	VerifyCtx *c = calloc(1, sizeof *c); /* large (two Positions): on the heap */
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
	if (!verify_next_limits(c)) {
		out->flags |= VERIFY_UNDECIDED;
		goto done;
	}
	dfpn_clear(d);
	dfpn_solve(d, root, &c->sub, &out->solve);
	c->nodes += out->solve.nodes;
	if (out->solve.status == DFPN_NOMATE) {
		out->flags |= VERIFY_NOT_MATE;
		if (spec->given && spec->given_len > 0 && spec->stated_len >= 0 && !spec->first_failure)
			escaping_defence(c, root, spec->given[0], &out->stated);
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
		if (!verify_replay_stated(c, root, spec->given, spec->given_len, &out->stated)) {
			out->flags |= VERIFY_BAD_LINE; /* out->stated: where it fails */
			goto done;
		}
		if (spec->given_len != out->len && (known || out->len < spec->given_len))
			out->flags |= VERIFY_WRONG_LENGTH;
		verify_play_given(c, root, spec->given, spec->given_len, out->line);
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
		verify_stated_verdict(c, root, spec);
	/* a stated line that counts a drop this rule calls futile ends with
	 * that piece, taken, in hand: 駒余り is judged on our main line then */
	if (out->stated.verdict == VERDICT_FUTILE_CONVENTION && out->solve.pv_verified) {
		out->leftover = verify_leftover_after(c, root, out->solve.pv, out->solve.pv_len);
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
		verify_stated_verdict(c, root, spec);
	if (out->undecided)
		out->flags |= VERIFY_UNDECIDED;
	out->nodes = c->nodes;
	out->seconds = clock_now() - c->start;
	free(c);
	return out->flags;
}
