/*
 * conv_kif.h -- the KIF reader (conv_kif.c): a whole KIF file, as
 * UTF-8 text, read into a ConvProblem.  conv.c chooses the reader; the
 * format is described there.
 */
#ifndef TSUME_CONV_KIF_H
#define TSUME_CONV_KIF_H

#include "conv_problem.h"

#include <stdbool.h>

/* Reads text (the whole file as UTF-8, modified in place); rest = --rest
 * (the pieces no one holds go to the defender).  Returns 0, or -1 with
 * out->line and out->error set. */
int conv_kif_parse(char *text, bool rest, ConvProblem *out);

#endif
