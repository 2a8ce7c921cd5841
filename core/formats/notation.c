/* notation.c -- USI move text (see notation.h). */
#include "notation.h"

static const char USI_DROP_LETTER[HAND_PT_NB] = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G'};

char *usi_format(Move m, char buf[6])
{
	Square to = move_to(m);
	int i = 0;
	if (move_is_drop(m)) {
		buf[i++] = USI_DROP_LETTER[move_drop_pt(m)];
		buf[i++] = '*';
	} else {
		Square from = move_from(m);
		buf[i++] = (char)('0' + sq_file(from));
		buf[i++] = (char)('a' + sq_rank(from) - 1);
	}
	buf[i++] = (char)('0' + sq_file(to));
	buf[i++] = (char)('a' + sq_rank(to) - 1);
	if (move_is_promote(m))
		buf[i++] = '+';
	buf[i] = '\0';
	return buf;
}

static int parse_square(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i')
		return -1;
	return sq_make(s[0] - '0', s[1] - 'a' + 1);
}

Move usi_parse(const char *text, int *len)
{
	*len = 0;
	if (text[0] && text[1] == '*') {
		PieceType pt = PT_NONE;
		for (int k = PAWN; k <= GOLD; k++)
			if (text[0] == USI_DROP_LETTER[k])
				pt = (PieceType)k;
		int to = parse_square(text + 2);
		if (pt == PT_NONE || to < 0)
			return MOVE_NONE;
		char c = text[4];
		if (c && c != ' ' && c != '\t' && c != '\n' && c != '\r')
			return MOVE_NONE;
		*len = 4;
		return move_make_drop(pt, to, SENTE);
	}
	int from = parse_square(text);
	if (from < 0)
		return MOVE_NONE;
	int to = parse_square(text + 2);
	if (to < 0)
		return MOVE_NONE;
	bool promote = text[4] == '+';
	int n = promote ? 5 : 4;
	char c = text[n];
	if (c && c != ' ' && c != '\t' && c != '\n' && c != '\r')
		return MOVE_NONE;
	*len = n;
	return move_make(from, to, PIECE_NONE, PIECE_NONE, promote);
}
