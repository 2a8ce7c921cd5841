/*
 * convert.h -- `tsume convert`: KIF and CSA problem files to problem lines.
 *
 * Each input file gives one line "SFEN moves M1 ... Mn ; mate=n ; source=FILE"
 * (see core/problemio.h).  The conv_* functions do the reading and fill a
 * ConvProblem; only cmd_convert prints.
 */
#ifndef TSUME_CONVERT_H
#define TSUME_CONVERT_H

#include "position.h"

#include <stdbool.h>
#include <stddef.h>

#define CONV_FILE_MAX (8u << 20) /* largest input file read, bytes */

/* One converted file.  About 185 KB: allocate it once and reuse it. */
typedef struct {
	const char *format; /* "KIF" or "CSA" */
	Position root;      /* the position of the diagram (hands as stated) */
	int n_moves;
	Move moves[POS_MAX_PLY];
	int stated;      /* length the file states (KIF 手数：N手 or まで N手), -1 if none */
	int missing;     /* pieces (kings aside) in nobody's hand, before --rest */
	long line;       /* on error: 1-based line of the file, 0 = the whole file */
	char error[320]; /* on error: the reason (print "FILE:LINE: error") */
} ConvProblem;

/* Converts the bytes of one KIF (UTF-8 or CP932, detected) or CSA file.
 * rest: give the pieces in nobody's hand to the side not to move.  Returns
 * 0 with *out filled, or -1 with out->line and out->error set. */
int conv_text(const char *data, size_t len, bool rest, ConvProblem *out);

/* Reads path (at most CONV_FILE_MAX bytes) and converts it with conv_text. */
int conv_file(const char *path, bool rest, ConvProblem *out);

/* tsume convert FILE... [-o OUT] [--rest]: one line per file on standard
 * output or in OUT (gzip when OUT ends in ".gz").  Errors name the file and
 * line; the other files are still converted.  Returns 0 when every file
 * converted, 2 otherwise (or on a usage / output error). */
int cmd_convert(int argc, char **argv);

#endif
