/* conv_csa.c -- the CSA reader of conv.h (CSA standard file format V2.2:
 * P1..P9 rows, PI, P+/P- lists with 00AL, moves, '%' end words). */
#include "conv_csa.h"

#include "conv_read.h"

#include "movegen.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* CSA */

static PieceType csa_piece(const char *s)
{
	static const char *const CODES[PT_NB] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
	                                         "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
	for (int pt = 1; pt < PT_NB; pt++)
		if (s[0] == CODES[pt][0] && s[1] == CODES[pt][1])
			return (PieceType)pt;
	return PT_NONE;
}

static Square csa_square(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9')
		return SQ_NONE;
	return sq_make(s[0] - '0', s[1] - '0');
}

/* Is s one of the CSA standard's special moves (%TORYO, %TSUMI, ...)? */
static bool csa_end_word(const char *s)
{
	static const char *const words[] = {"%TORYO",        "%CHUDAN",          "%SENNICHITE",      "%TIME_UP",
	                                    "%ILLEGAL_MOVE", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION", "%JISHOGI",
	                                    "%KACHI",        "%HIKIWAKE",        "%MATTA",           "%TSUMI",
	                                    "%FUZUMI",       "%ERROR",           "%MAX_MOVES"};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcmp(s, words[i]) == 0)
			return true;
	return false;
}

/* "P+00KI00AL55FU" / "PI82HI22KA": items of four characters. */
static int csa_piece_list(Setup *su, const char *s, Color c, bool removal, ConvProblem *out, long line)
{
	while (*s && *s != ' ') {
		if (strlen(s) < 4)
			return conv_fail(out, line, "CSA: incomplete piece '%s'", s);
		bool hand = s[0] == '0' && s[1] == '0';
		if (!removal && hand && s[2] == 'A' && s[3] == 'L') {
			/* the rest of the set goes to one side only */
			if (su->rest_to[color_flip(c)])
				return conv_fail(out, line,
				                 "CSA: 00AL for both sides (the rest of the set can go to one only)");
			su->rest_to[c] = true;
			s += 4;
			continue;
		}
		PieceType pt = csa_piece(s + 2);
		Square sq = hand ? SQ_NONE : csa_square(s);
		if (pt == PT_NONE || (!hand && sq == SQ_NONE))
			return conv_fail(out, line, "CSA: bad piece '%.4s'", s);
		if (removal) {
			if (hand || piece_type(su->board[sq]) != pt)
				return conv_fail(out, line, "CSA: PI removes '%.4s', which is not there", s);
			su->board[sq] = PIECE_NONE;
		} else if (hand) {
			if (pt > GOLD)
				return conv_fail(out, line, "CSA: '%.4s' cannot be in a hand", s);
			su->hand[c][pt]++;
			su->hand_line[c][pt] = line;
		} else {
			if (su->board[sq] != PIECE_NONE)
				return conv_fail(out, line, "CSA: '%.4s' on an occupied square", s);
			su->board[sq] = piece_make(c, pt);
		}
		s += 4;
	}
	return 0;
}

/* "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY": nine squares, " * " for an empty one */
static int csa_row(Setup *su, const char *s, ConvProblem *out, long line)
{
	int rank = s[1] - '0';
	if (su->csa_rows & (1u << rank))
		return conv_fail(out, line, "CSA: row P%d given twice", rank);
	su->csa_rows |= 1u << rank;
	s += 2;
	for (int file = 9; file >= 1; file--) {
		Square sq = sq_make(file, rank);
		if (!*s) /* a row cut short is not a row of empty squares */
			return conv_fail(out, line, "CSA: row P%d has %d square%s, not nine", rank, 9 - file,
			                 9 - file == 1 ? "" : "s");
		if (s[0] == ' ' && s[1] == '*') {
			su->board[sq] = PIECE_NONE;
			s += s[2] ? 3 : 2; /* the last one's trailing blank may be trimmed */
			continue;
		}
		PieceType pt = s[1] && s[2] ? csa_piece(s + 1) : PT_NONE;
		if ((s[0] != '+' && s[0] != '-') || pt == PT_NONE)
			return conv_fail(out, line, "CSA: row %d, file %d: bad square '%.3s'", rank, file, s);
		su->board[sq] = piece_make(s[0] == '+' ? SENTE : GOTE, pt);
		s += 3;
	}
	while (*s == ' ')
		s++;
	if (*s)
		return conv_fail(out, line, "CSA: row %d: text after nine squares", rank);
	return 0;
}

/* A board given as rows has all nine, P1..P9 (a missing row is not a row of
 * empty squares).  0, or -1 naming the first row missing at `line`, the
 * line of the first row given. */
static int csa_rows_complete(const Setup *su, ConvProblem *out, long line)
{
	if (su->csa_rows == 0)
		return 0;
	for (int rank = 1; rank <= 9; rank++)
		if (!(su->csa_rows & (1u << rank)))
			return conv_fail(out, line, "CSA: row P%d missing: a board given as rows has P1..P9, each once",
			                 rank);
	return 0;
}

static int csa_move(ConvProblem *out, const char *s, long line)
{
	Position *pos = &out->root;
	Color c = s[0] == '+' ? SENTE : GOTE;
	size_t len = strcspn(s, " \t");
	if (len != 7)
		return conv_fail(out, line, "CSA: bad move '%s'", s);
	if (c != pos->side)
		return conv_fail(out, line, "CSA: move %d '%.7s' by the side not to move", out->n_moves + 1, s);
	Square to = csa_square(s + 3);
	PieceType pt = csa_piece(s + 5);
	bool drop = s[1] == '0' && s[2] == '0';
	Square from = drop ? SQ_NONE : csa_square(s + 1);
	if (to == SQ_NONE || pt == PT_NONE || (!drop && from == SQ_NONE))
		return conv_fail(out, line, "CSA: bad move '%.7s'", s);
	Move m;
	if (drop) {
		if (pt > GOLD)
			return conv_fail(out, line, "CSA: move %d '%.7s': cannot drop that piece", out->n_moves + 1, s);
		m = move_make_drop(pt, to, c);
	} else {
		Piece p = pos->board[from];
		PieceType on = piece_type(p);
		bool promote = pt != on && pt_can_promote(on) && pt == pt_promote(on);
		if (p == PIECE_NONE || piece_color(p) != c || (pt != on && !promote))
			return conv_fail(out, line, "CSA: move %d '%.7s': no such piece on %c%c", out->n_moves + 1, s,
			                 s[1], s[2]);
		m = move_make(from, to, PIECE_NONE, PIECE_NONE, promote);
	}
	Move legal;
	if (!gen_find_legal(pos, m, &legal))
		return conv_fail(out, line, "CSA: move %d '%.7s' is not legal here", out->n_moves + 1, s);
	return conv_play(out, legal, line);
}

/* What the reading of one CSA problem file has found so far. */
typedef struct {
	ConvProblem *out;
	bool rest;
	Setup su;
	bool root_ready, ended, have_position;
	bool from_pi; /* PI: a game from the start position (or a handicap), not a problem */
	long position_line, last_move_line, rows_line;
} CsaRead;

/* A position statement (P1..P9, PI, P+, P-). */
static int csa_position(CsaRead *k, const char *s, long lineno)
{
	ConvProblem *out = k->out;
	if (k->root_ready)
		return conv_fail(out, lineno, "CSA: position line after the moves");
	if (!k->have_position)
		k->position_line = lineno;
	k->have_position = true;
	if (s[1] == 'I') {
		k->from_pi = true;
		conv_start_board(&k->su, out);
		return csa_piece_list(&k->su, s + 2, SENTE, true, out, lineno);
	}
	if (s[1] >= '1' && s[1] <= '9') {
		if (!k->rows_line)
			k->rows_line = lineno;
		return csa_row(&k->su, s, out, lineno);
	}
	if (s[1] == '+' || s[1] == '-')
		return csa_piece_list(&k->su, s + 2, s[1] == '+' ? SENTE : GOTE, false, out, lineno);
	return conv_fail(out, lineno, "CSA: unknown line '%.10s'", s);
}

/* A statement beginning with '+' or '-': the side to move alone, or a move. */
static int csa_side_or_move(CsaRead *k, const char *s, long lineno)
{
	ConvProblem *out = k->out;
	if (s[1] == '\0') {
		if (k->root_ready)
			return conv_fail(out, lineno, "CSA: side-to-move line after the moves");
		k->su.side = s[0] == '+' ? SENTE : GOTE;
		k->su.side_given = true;
		return 0;
	}
	if (!k->root_ready) {
		if (!k->have_position)
			return conv_fail(out, lineno, "CSA: a move before any position line");
		if (!k->su.side_given)
			k->su.side = s[0] == '+' ? SENTE : GOTE;
		if (csa_rows_complete(&k->su, out, k->rows_line) ||
		    conv_setup_root(&k->su, k->rest, out, k->position_line))
			return -1;
		k->root_ready = true;
	}
	int rc = csa_move(out, s, lineno);
	k->last_move_line = lineno;
	return rc;
}

/* One statement s (trimmed) of line lineno.  Returns 0 or -1 (conv_fail). */
static int csa_statement(CsaRead *k, const char *s, long lineno)
{
	switch (s[0]) {
	case '\0':
	case 'V': /* version */
	case 'N': /* player names */
	case '$': /* game information */
	case 'T': /* time of a move */
		return 0;
	case '/':
		k->ended = true;
		return 0;
	case '%':
		if (!csa_end_word(s))
			return conv_fail(k->out, lineno, "CSA: unknown special move '%.20s'", s);
		if (k->root_ready || k->have_position)
			k->ended = true;
		return 0;
	case 'P':
		return csa_position(k, s, lineno);
	case '+':
	case '-':
		return csa_side_or_move(k, s, lineno);
	default:
		return conv_fail(k->out, lineno, "CSA: unknown line '%.10s'", s);
	}
}

int conv_csa_parse(char *text, bool rest, ConvProblem *out)
{
	CsaRead k = {.out = out, .rest = rest};
	k.su.side = SENTE;
	char *p = text;
	long lineno = 0;
	char *line;
	while ((line = conv_next_line(&p)) != NULL && !k.ended) {
		lineno++;
		if (line[0] == '\'')
			continue;
		/* statements separated by ',' */
		for (char *stmt = line; stmt && !k.ended;) {
			char *comma = line[0] == 'N' || line[0] == '$' ? NULL : strchr(stmt, ',');
			if (comma)
				*comma = '\0';
			char *s = stmt;
			stmt = comma ? comma + 1 : NULL;
			while (*s == ' ' || *s == '\t')
				s++;
			size_t n = strlen(s);
			while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
				s[--n] = '\0';
			if (csa_statement(&k, s, lineno)) {
				if (k.root_ready)
					conv_unplay(out);
				return -1;
			}
		}
	}
	if (!k.have_position)
		return conv_fail(out, 0, "CSA: no position");
	if (!k.root_ready &&
	    (csa_rows_complete(&k.su, out, k.rows_line) || conv_setup_root(&k.su, rest, out, k.position_line)))
		return -1;
	/* A problem's answer ends with the attacker's mating move: an even
	 * number of moves with no '%' (or '/') after them is a file cut short,
	 * not another problem */
	if (!k.from_pi && out->n_moves > 0 && out->n_moves % 2 == 0 && !k.ended)
		return conv_fail_cut_short(out, k.last_move_line, "CSA: ", "'%' line (%TSUMI)");
	conv_unplay(out);
	out->stated = -1;
	return 0;
}
