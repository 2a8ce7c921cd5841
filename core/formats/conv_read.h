/*
 * conv_read.h -- what the KIF reader (conv_kif.h) and the CSA reader
 * (conv_csa.h) share, below both of them and conv.c (conv_read.c).  Not a
 * public header: conv.h is the formats' entry point.
 */
#ifndef TSUME_CONV_READ_H
#define TSUME_CONV_READ_H

#include "conv_problem.h"

/* The position a file describes, before it becomes a Position. */
typedef struct {
	Piece board[SQ_NB];
	int hand[COLOR_NB][HAND_PT_NB];
	Color side;
	bool side_given;
	bool rest_to[COLOR_NB];               /* CSA 00AL */
	unsigned csa_rows;                    /* CSA: bit r set once the row Pr was read */
	long hand_line[COLOR_NB][HAND_PT_NB]; /* the line that last gave a hand pieces of a type, 0 if none */
} Setup;

/* Sets out->line and out->error (printf-style); returns -1. */
int conv_fail(ConvProblem *out, long line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* If *s starts with word, advances *s past it and returns true. */
bool conv_eat(const char **s, const char *word);
/* true iff s starts with word. */
bool conv_starts(const char *s, const char *word);
/* Skips ASCII blanks and full-width spaces. */
const char *conv_skip_ws(const char *s);
/* The length of the UTF-8 character at s (1 for a byte that starts none). */
int conv_utf8_len(const char *s);
/* Builds out->root from the setup (CSA 00AL, then rest, then sfen_setup's
 * checks).  0, or -1 with out->error naming the fault at `line` (the
 * diagram's), or for a fault of a hand at the line that gave it. */
int conv_setup_root(Setup *su, bool rest, ConvProblem *out, long line);
/* The board of the start position into su (out->root is used as scratch). */
void conv_start_board(Setup *su, ConvProblem *out);
/* Takes back every move played on out->root. */
void conv_unplay(ConvProblem *out);
/* A problem's answer ends with the attacker's mating move: moves that stop
 * at an even count with nothing closing them are a file cut short.  Takes
 * the moves back and fails at `line` (the last move's): "PREFIXcut short:
 * the moves end at move N (the defender's) with no CLOSING after them".
 * Returns -1. */
int conv_fail_cut_short(ConvProblem *out, long line, const char *prefix, const char *closing);
/* Plays m on out->root and appends it to out->moves; -1 past POS_MAX_PLY. */
int conv_play(ConvProblem *out, Move m, long line);
/* Splits text into lines in place (see conv_read.c). */
char *conv_next_line(char **p);
#endif
