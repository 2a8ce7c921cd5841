/* usi.h -- `tsume usi`: the USI protocol's `go mate` engine for shogi GUIs. */
#ifndef TSUME_USI_H
#define TSUME_USI_H

#include <stdio.h>

/* Runs the USI loop on in/out until `quit` or the end of input.  first_line,
 * when not NULL, is a command already read (e.g. "usi").  Returns 0. */
int usi_run(FILE *in, FILE *out, const char *first_line);

#endif
