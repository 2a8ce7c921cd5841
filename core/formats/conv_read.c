/*
 * conv_read.c -- what the KIF reader (conv_kif.c) and the CSA reader
 * (conv_csa.c) share: error text, word matching, the position a file
 * describes (Setup) made into the root, the moves played on it, lines.
 */
#include "conv_read.h"

#include "sfen.h"
#include "utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int conv_fail(ConvProblem *out, long line, const char *fmt, ...)
{
	out->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->error, sizeof out->error, fmt, ap);
	va_end(ap);
	return -1;
}

bool conv_eat(const char **s, const char *word)
{
	size_t n = strlen(word);
	if (strncmp(*s, word, n) != 0)
		return false;
	*s += n;
	return true;
}

bool conv_starts(const char *s, const char *word) { return strncmp(s, word, strlen(word)) == 0; }

/* Skips ASCII blanks and full-width spaces. */
const char *conv_skip_ws(const char *s)
{
	for (;;) {
		if (*s == ' ' || *s == '\t')
			s++;
		else if (!conv_eat(&s, "　"))
			return s;
	}
}

/* The length of the UTF-8 character at s (1 for a byte that starts none). */
int conv_utf8_len(const char *s)
{
	size_t n = utf8_char_len((const unsigned char *)s, 4);
	return n ? (int)n : 1;
}

/* ------------------------------------------------------------------ */
/* the position */

/* Pieces of the set (kings aside) on no square and in no hand. */
static void missing_pieces(const Setup *su, int missing[HAND_PT_NB])
{
	int total[HAND_PT_NB + 1] = {0};
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (su->board[sq] != PIECE_NONE)
			total[pt_unpromote(piece_type(su->board[sq]))]++;
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++)
			total[pt] += su->hand[c][pt];
	missing[0] = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		missing[pt] = total[pt] < PIECE_SET_COUNT[pt] ? PIECE_SET_COUNT[pt] - total[pt] : 0;
}

static int count_missing(const int missing[HAND_PT_NB])
{
	int n = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		n += missing[pt];
	return n;
}

/* The line of a hand fault sfen_setup found: the line that gave a hand more
 * pieces of a type than the set has, else (the set exceeded by the board
 * and the hands together) the last line that gave a hand pieces of a type
 * the set has too many of; `line` when no hand line is known. */
static long hand_fault_line(const Setup *su, long line)
{
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++)
			if (su->hand[c][pt] > PIECE_SET_COUNT[pt] && su->hand_line[c][pt])
				return su->hand_line[c][pt];
	int total[HAND_PT_NB] = {0};
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (su->board[sq] != PIECE_NONE && piece_type(su->board[sq]) != KING)
			total[pt_unpromote(piece_type(su->board[sq]))]++;
	long last = 0;
	for (int pt = PAWN; pt <= GOLD; pt++) {
		for (int c = 0; c < COLOR_NB; c++)
			total[pt] += su->hand[c][pt];
		for (int c = 0; c < COLOR_NB && total[pt] > PIECE_SET_COUNT[pt]; c++)
			if (su->hand[c][pt] > 0 && su->hand_line[c][pt] > last)
				last = su->hand_line[c][pt];
	}
	return last ? last : line;
}

/* Builds out->root from the setup: CSA 00AL, then --rest, then the checks of
 * sfen_setup (piece counts, nifu, dead pieces, side not to move in check). */
int conv_setup_root(Setup *su, bool rest, ConvProblem *out, long line)
{
	int missing[HAND_PT_NB];
	for (int c = 0; c < COLOR_NB; c++) {
		if (!su->rest_to[c])
			continue;
		missing_pieces(su, missing);
		for (int pt = PAWN; pt <= GOLD; pt++)
			su->hand[c][pt] += missing[pt];
	}
	missing_pieces(su, missing);
	out->missing = count_missing(missing);
	if (rest)
		for (int pt = PAWN; pt <= GOLD; pt++)
			su->hand[color_flip(su->side)][pt] += missing[pt];

	SfenError serr;
	if (sfen_setup(&out->root, su->board, su->hand, su->side, &serr) != SFEN_OK)
		return conv_fail(out, strcmp(serr.field, "hand") == 0 ? hand_fault_line(su, line) : line,
		                 "bad position: %s", serr.message);
	return 0;
}

/* The board of the start position (out->root is used as scratch space). */
void conv_start_board(Setup *su, ConvProblem *out)
{
	sfen_parse_root(&out->root, SFEN_STARTPOS, NULL, NULL);
	memcpy(su->board, out->root.board, sizeof su->board);
}

/* Takes back every move played on out->root. */
void conv_unplay(ConvProblem *out)
{
	for (int i = out->n_moves - 1; i >= 0; i--)
		pos_undo_move(&out->root, out->moves[i]);
}

int conv_fail_cut_short(ConvProblem *out, long line, const char *prefix, const char *closing)
{
	int n = out->n_moves;
	conv_unplay(out);
	return conv_fail(out, line, "%scut short: the moves end at move %d (the defender's) with no %s after them",
	                 prefix, n, closing);
}

int conv_play(ConvProblem *out, Move m, long line)
{
	if (out->n_moves >= POS_MAX_PLY)
		return conv_fail(out, line, "more than %d moves", POS_MAX_PLY);
	pos_do_move(&out->root, m);
	out->moves[out->n_moves++] = m;
	return 0;
}

/* Splits text into lines in place: returns the next line (NUL-terminated,
 * without "\r\n"), advancing *p; NULL at the end. */
char *conv_next_line(char **p)
{
	char *s = *p;
	if (!*s)
		return NULL;
	char *e = s + strcspn(s, "\n");
	*p = *e ? e + 1 : e;
	*e = '\0';
	if (e > s && e[-1] == '\r')
		e[-1] = '\0';
	return s;
}
