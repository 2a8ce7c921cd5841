/*
 * convert.h -- `tsume convert`: KIF and CSA problem files to problem lines.
 *
 * Each input file gives one line "SFEN moves M1 ... Mn ; mate=n ; source=FILE"
 * (see core/formats/problemio.h).  The files are read by core/formats/conv.h.
 */
#ifndef TSUME_CONVERT_H
#define TSUME_CONVERT_H

#include "conv.h"

#include <stdbool.h>
#include <stddef.h>

/* tsume convert FILE... [-o OUT] [--rest]: one line per file on standard
 * output or in OUT (gzip when OUT ends in ".gz").  Errors name the file and
 * line; the other files are still converted.  Returns 0 when every file
 * converted, 2 otherwise (or on a usage / output error). */
int cmd_convert(int argc, char **argv);

#endif
