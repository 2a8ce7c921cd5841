/*
 * conv_problem.h -- ConvProblem, one KIF or CSA problem file as read: the
 * type that conv.h's functions fill and the two readers (conv_kif.h,
 * conv_csa.h) write into, apart so that the readers need not include conv.h.
 */
#ifndef TSUME_CONV_PROBLEM_H
#define TSUME_CONV_PROBLEM_H

#include "position.h"

#include <stdbool.h>

#define CONV_CREDIT_MAX 200 /* longest 作品名 or 作者 kept, bytes (cut at a character) */

/* One converted file.  About 185 KB: allocate it once and reuse it. */
typedef struct {
	const char *format; /* "KIF" or "CSA" */
	Position root;      /* the position of the diagram (hands as stated) */
	int n_moves;
	Move moves[POS_MAX_PLY];
	int stated;                       /* length the file states (KIF 手数：N手 or まで N手), -1 if none */
	char title[CONV_CREDIT_MAX + 1];  /* KIF 作品名 (the problem's name), "" if none */
	char author[CONV_CREDIT_MAX + 1]; /* KIF 作者 (its composer), "" if none */
	int missing;                      /* pieces (kings aside) in nobody's hand, before --rest */
	bool defender_rest;               /* KIF: the diagram has no line for the defender's hand
	                                     (後手の持駒 when sente is to move): the defender was
	                                     given the rest of the set, 残り全部 */
	long line;                        /* on error: 1-based line of the file, 0 = the whole file */
	char error[320];                  /* on error: the reason (print "FILE:LINE: error") */
} ConvProblem;

#endif
