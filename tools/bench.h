/* bench.h -- `tsume bench`: speed figures and the bench signature. */
#ifndef TSUME_BENCH_H
#define TSUME_BENCH_H

#include <stdbool.h>
#include <stddef.h>

/* The arguments after "tsume bench", as usage texts show them. */
#define BENCH_ARGS                                                                                                   \
	"[--shared DIR] [--long SECONDS] [--long-only] [--hash MB] [--perft-only] [--signature [--problems FILE] [--quiet]]"

/* The file of the signature's problems, in the source tree's problems/ and
 * installed with the collections (make install: DATADIR/tsume/problems/). */
#define BENCH_SIGNATURE_FILE "bench-signature.tsv"

/* `tsume bench` on argv[1..argc).  --signature [--problems FILE] [--quiet]:
 * bench_signature of FILE (default: bench_signature_file), with --quiet only
 * its last three lines.  Otherwise perft speed (start position, "matsuri", a
 * drop-heavy position), gen_checks calls per second over ../shared's
 * legal-checks positions, then, unless --perft-only, bench_solver, then,
 * with --long SECONDS > 0 (0..1e9, default 0), bench_long with that limit
 * and --hash MB (1..1048576, default 1024).  --long-only: bench_long alone
 * (SECONDS 900 unless --long gives it; --long 0 and --perft-only are
 * refused with it).  --shared DIR: the data (default ../shared; not read by
 * --signature).  --help: the options, on stdout.  Returns EXIT_MATE (0),
 * EXIT_NOMATE (1) if a problem of the sets was answered wrongly,
 * EXIT_BADINPUT (2) for bad usage, no memory for the long problems, or a
 * signature file that cannot be read or holds a bad row. */
int cmd_bench(int argc, char **argv);

/* Solves the problem sets of shared_dir (ShogiBoardQ 3..13, nshogi mate-3..11,
 * 1,000 problems each, a 64 MB table, one thread), printing one line per set:
 * solved, exact, wall time, nodes, nodes/second, ms per problem, peak RSS;
 * then the wrong answers.  Returns their number (0 = all right). */
int bench_solver(const char *shared_dir);

/* Solves the long problems, Zuko #99 "kemuri" (117 plies) and Microcosmos
 * (1525, from shared_dir), at most `seconds` each on a table of hash_mb,
 * one thread, printing a line for each: the result against the expected
 * length, time, nodes by phase, nodes/second, hashfull, peak RSS.  Returns
 * 0, or 1 when out of memory. */
int bench_long(const char *shared_dir, double seconds, size_t hash_mb);

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
