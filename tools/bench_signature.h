/* bench_signature.h -- the bench signature of `tsume bench --signature`
 * (bench.h): the fingerprint of the search over a fixed set of problems. */
#ifndef TSUME_BENCH_SIGNATURE_H
#define TSUME_BENCH_SIGNATURE_H

#include <stdbool.h>
#include <stddef.h>

/* The file of the signature's problems, in the source tree's problems/ and
 * installed with the collections (make install: DATADIR/tsume/problems/). */
#define BENCH_SIGNATURE_FILE "bench-signature.tsv"

/* The bench signature: solves the problems of the file `path` (NULL: the
 * default, bench_signature_file) in order, each on a cleared 64 MB table,
 * one thread, no limits.  The file (problems/bench-signature.tsv: the rule
 * cases of ../shared's cases.tsv with the futile rule on and off, the first
 * three of each ShogiBoardQ and nshogi set -- ShogiBoardQ also verified
 * against its stated line --, mate-engine-test's positions and 25 Shogi Zuko
 * classics) holds one problem a row, four tab-separated fields:
 *
 *   NAME  solve|verify  default|none|narrow|broad|nogain|answered  SFEN [moves M1 ... MN]
 *
 * the name printed, whether the problem is only solved or also verified
 * against its stated line (the moves, required for verify and refused for
 * solve; their number is the stated length), the futile rule of both
 * searches (default: DFPN_FUTILE_DEFAULT), the position.  Empty lines and
 * lines starting with '#' are comments.  Every row is read and checked
 * before any search.  Prints one line per problem (with verbose), then
 * "Lines: X" (a checksum of every status, length, verify flag and main
 * line) and "Bench: N" (the nodes in all).  A change that is not meant to
 * alter the search leaves both unchanged.  Returns 0, or 1 after a message
 * on stderr (nothing on stdout) if the file cannot be read, holds a bad
 * row (FILE:LINE: the reason) or no row. */
int bench_signature(const char *path, bool verbose);

/* The default file of the signature's problems, into buf (size bytes):
 * BENCH_SIGNATURE_FILE in the first of DIR/problems/ (the source tree, with
 * ./tsume at its top), DIR/../problems/ (a build directory's binary) and
 * DIR/../share/tsume/problems/ (installed: BINDIR PREFIX/bin, DATADIR
 * PREFIX/share) that holds a readable one, DIR the directory of the running
 * binary (/proc/self/exe); if none does, problems/BENCH_SIGNATURE_FILE
 * (from the current directory).  Returns buf. */
const char *bench_signature_file(char *buf, size_t size);

#endif
