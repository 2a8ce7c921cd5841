/* bench_signature.h -- the bench signature of `tsume bench --signature`
 * (bench.h): the fingerprint of the search over a fixed set of problems. */
#ifndef TSUME_BENCH_SIGNATURE_H
#define TSUME_BENCH_SIGNATURE_H

#include <stdbool.h>
#include <stddef.h>

/* The file of the signature's problems, in the source tree's problems/ and
 * installed with the collections (make install: DATADIR/tsume/problems/). */
#define BENCH_SIGNATURE_FILE "bench-signature.tsv"

/* The file of the long-problem signature's problems (bench --long-signature),
 * beside it: long masterpieces whose first mate takes one thread under 30 s. */
#define BENCH_LONG_SIGNATURE_FILE "long-signature.tsv"

/* The table of the bench signature and of the long-problem signature (MB). */
#define BENCH_SIGNATURE_MB 64
#define BENCH_LONG_SIGNATURE_MB 1024

/* Which signature: the option that asks for it (named in messages), its
 * default file, its table (MB), the labels of its last two lines. */
typedef struct {
	const char *option, *file;
	size_t hash_mb;
	const char *lines_label, *bench_label; /* "Lines", "Bench" or "Long lines", "Long bench" */
} BenchSignatureKind;
extern const BenchSignatureKind BENCH_SIGNATURE, BENCH_LONG_SIGNATURE;

/* A signature: solves the problems of the file `path` (NULL: the default,
 * bench_signature_file(kind->file)) in order, each on a cleared table of
 * hash_mb megabytes, one thread, no limits.  The file (problems/bench-signature.tsv: the rule
 * cases of ../shared's cases.tsv with the futile rule on and off, the first
 * three of each ShogiBoardQ and nshogi set -- ShogiBoardQ also verified
 * against its stated line --, mate-engine-test's positions and 25 Shogi Zuko
 * classics) holds one problem a row, four tab-separated fields:
 *
 *   NAME  solve|first|verify  default|none|narrow|broad|nogain|answered  SFEN [moves M1 ... MN]
 *
 * the name printed, whether the problem is solved (its length proven
 * minimal), solved to its first mate only (no re-search for a shorter one:
 * the long-problem signature), or also verified against its stated line
 * (the moves, required for verify and refused otherwise; their number is
 * the stated length), the futile rule of both
 * searches (default: DFPN_FUTILE_DEFAULT), the position.  Empty lines and
 * lines starting with '#' are comments.  Every row is read and checked
 * before any search.  Prints one line per problem (with verbose), then
 * "Lines: X" (a checksum of every status, length, verify flag and main
 * line) and "Bench: N" (the nodes in all), for the long-problem signature
 * "Long lines: X" and "Long bench: N" (kind's labels).  Every status counts,
 * a wrong answer too: the signature fingerprints the search, it does not
 * judge it.  A change that is not meant to
 * alter the search leaves both unchanged.  Returns 0, or 1 after a message
 * on stderr (nothing on stdout) if the file cannot be read, holds a bad
 * row (FILE:LINE: the reason) or no row, or if the table cannot be
 * allocated. */
int bench_signature(const char *path, const BenchSignatureKind *kind, size_t hash_mb, bool verbose);

/* The default file `file` of a signature's problems (BENCH_SIGNATURE_FILE
 * or BENCH_LONG_SIGNATURE_FILE), into buf (size bytes): file in the first of DIR/problems/ (the source tree, with
 * ./tsume at its top), DIR/../problems/ (a build directory's binary) and
 * DIR/../share/tsume/problems/ (installed: BINDIR PREFIX/bin, DATADIR
 * PREFIX/share) that holds a readable one, DIR the directory of the running
 * binary (/proc/self/exe); if none does, problems/FILE (from the current
 * directory).  Returns buf. */
const char *bench_signature_file(const char *file, char *buf, size_t size);

#endif
