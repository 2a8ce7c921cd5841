/* verdict_text.c -- verdicts and the moves they name, in words (see
 * verdict_text.h). */
#include "verdict_text.h"

#include "kanji.h"
#include "movegen.h"
#include "notation.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>

/* Copies root into pos and plays line[0..ply) on it (each move in the
 * generator's form); *prev = the last move played, MOVE_NONE at ply 0.
 * Returns false when a move is not legal where it is played or the line
 * would pass POS_MAX_PLY. */
static bool replay(Position *pos, const Position *root, const Move *line, int ply, Move *prev)
{
	pos_copy(pos, root);
	*prev = MOVE_NONE;
	if (ply < 0 || ply > POS_MAX_PLY - root->ply)
		return false;
	for (int k = 0; k < ply; k++) {
		Move m;
		if (!gen_find_legal(pos, line[k], &m))
			return false;
		pos_do_move(pos, m);
		*prev = m;
	}
	return true;
}

/* The JSA text of m after line[0..ply) from root into buf (VERDICT_MOVE_MAX
 * bytes).  Returns false, buf unspecified, when m cannot be placed there (or
 * memory runs out). */
static bool ja_name(const Position *root, const Move *line, int ply, Move m, char *buf)
{
	Position *pos = malloc(sizeof *pos); /* about 165 KB: on the heap */
	Move prev, legal;
	bool ok = pos && replay(pos, root, line, ply, &prev) && gen_find_legal(pos, m, &legal) &&
	          kif_move(pos, legal, prev, buf, VERDICT_MOVE_MAX) > 0;
	free(pos);
	return ok;
}

const char *verdict_move_text(const Position *root, const Move *line, int ply, Move m, CliNotation nt,
                              char buf[VERDICT_MOVE_MAX])
{
	if (nt != CLI_NOTATION_JA || !ja_name(root, line, ply, m, buf))
		usi_format(m, buf);
	return buf;
}

const char *verdict_piece_text(const VerifyPiece *p, Color attacker, CliNotation nt, char buf[VERDICT_PIECE_MAX])
{
	if (nt == CLI_NOTATION_JA) {
		if (p->sq == SQ_NONE)
			snprintf(buf, VERDICT_PIECE_MAX, "%s(hand)", KANJI_PIECE[p->pt]);
		else
			snprintf(buf, VERDICT_PIECE_MAX, "%s%s%s", KANJI_ZEN_DIGIT[sq_file(p->sq)],
			         KANJI_NUM[sq_rank(p->sq)], KANJI_PIECE[p->pt]);
		return buf;
	}
	static const char LETTER[8] = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G'};
	PieceType base = pt_unpromote(p->pt);
	char letter = base == KING ? 'K' : base < 8 ? LETTER[base] : '?';
	if (attacker == GOTE)
		letter = (char)tolower((unsigned char)letter);
	const char *plus = pt_is_promoted(p->pt) ? "+" : "";
	if (p->sq == SQ_NONE)
		snprintf(buf, VERDICT_PIECE_MAX, "%s%c(hand)", plus, letter);
	else
		snprintf(buf, VERDICT_PIECE_MAX, "%s%c%d%c", plus, letter, sq_file(p->sq), 'a' + sq_rank(p->sq) - 1);
	return buf;
}

void verdict_line_write(FILE *out, const Position *root, const Move *moves, int n, CliNotation nt)
{
	Position *pos = nt == CLI_NOTATION_JA ? malloc(sizeof *pos) : NULL;
	bool placed = pos != NULL;
	if (placed)
		pos_copy(pos, root);
	Move prev = MOVE_NONE;
	for (int i = 0; i < n; i++) {
		char text[VERDICT_MOVE_MAX];
		Move m;
		placed = placed && pos->ply < POS_MAX_PLY && gen_find_legal(pos, moves[i], &m) &&
		         kif_move(pos, m, prev, text, sizeof text) > 0;
		if (placed) {
			pos_do_move(pos, m);
			prev = m;
		} else {
			usi_format(moves[i], text);
		}
		fprintf(out, " %s", text);
	}
	free(pos);
}

int verdict_text(const VerifyStated *v, const Position *root, const Move *given, int n, CliNotation nt, char *buf,
                 size_t size)
{
	if (v->ply < 0 && v->len > 0 && v->stated_left > 0) {
		/* no stated line: the totals alone */
		const char *plies = v->len == 1 ? "ply" : "plies";
		if (v->line_plies == v->len)
			return snprintf(buf, size,
			                "the stated line is the mate, in %d %s: the stated length %d is not its own",
			                v->len, plies, v->stated_left);
		if (v->verdict == VERDICT_LONGER_DEFENCE)
			return snprintf(buf, size, "変長: the longest defence lasts %d plies, more than the stated %d",
			                v->len, v->stated_left);
		if (v->verdict == VERDICT_SHORTER_MATE)
			return snprintf(buf, size, "早詰: a mate in %d %s, shorter than the stated %d", v->len, plies,
			                v->stated_left);
	}
	if (v->ply < 0 || v->move == MOVE_NONE) {
		buf[0] = '\0';
		return 0;
	}
	/* the move; a defence in USI is called one, in Japanese its mark △ (or
	 * ▲ in a problem gote attacks) says whose it is */
	char u[VERDICT_MOVE_MAX];
	bool ja = nt == CLI_NOTATION_JA && v->ply <= n && ja_name(root, given, v->ply, v->move, u);
	if (!ja)
		usi_format(v->move, u);
	const char *def = ja ? "" : "the defence ";
	switch (v->verdict) {
	case VERDICT_LONGER_DEFENCE:
		if (v->len && v->stated_left && v->worst_excess > v->len - v->stated_left)
			return snprintf(buf, size,
			                "変長: at ply %d %s%s lasts %d plies, %d more than the stated line leaves"
			                "; at ply %d one lasts %d more",
			                v->ply + 1, def, u, v->len, v->len - v->stated_left, v->worst_ply + 1,
			                v->worst_excess);
		if (v->len && v->stated_left)
			return snprintf(buf, size,
			                "変長: at ply %d %s%s lasts %d plies, %d more than the stated line leaves",
			                v->ply + 1, def, u, v->len, v->len - v->stated_left);
		if (v->len)
			return snprintf(buf, size,
			                "変長: at ply %d %s%s lasts %d plies, more than the stated line leaves",
			                v->ply + 1, def, u, v->len);
		return snprintf(buf, size, "変長: at ply %d %s%s lasts longer than the stated line leaves", v->ply + 1,
		                def, u);
	case VERDICT_LEFTOVER_CONVENTION:
		return snprintf(buf, size,
		                "2手変長駒余り: at ply %d %s%s lasts %d plies, two more than the stated line, "
		                "but leaves pieces in hand",
		                v->ply + 1, def, u, v->len);
	case VERDICT_FUTILE_CONVENTION:
		return snprintf(
		    buf, size,
		    "futile convention: at ply %d the stated line counts the drop %s, futile under the rule in force",
		    v->ply + 1, u);
	case VERDICT_SHORTER_MATE:
		return snprintf(buf, size, "早詰: at ply %d %s mates in %d", v->ply + 1, u, v->len);
	case VERDICT_NO_MATE:
		return snprintf(buf, size, "at ply %d %s%s escapes: no mate after it", v->ply + 1, def, u);
	case VERDICT_STATED_NOT_MATE:
		if (v->len)
			return snprintf(buf, size,
			                "the line ends with %s at ply %d, not a mate under the rule in force", u,
			                v->ply + 1);
		if (v->no_check)
			return snprintf(buf, size, "at ply %d %s gives no check (every attacker move must)", v->ply + 1,
			                u);
		return snprintf(buf, size, "at ply %d %s is not a legal move", v->ply + 1, u);
	default:
		buf[0] = '\0';
		return 0;
	}
}
