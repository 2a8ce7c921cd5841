/* bench.h -- `tsume bench`: speed figures and the bench signature. */
#ifndef TSUME_BENCH_H
#define TSUME_BENCH_H

#include <stdbool.h>
#include <stddef.h>

/* The arguments after "tsume bench", as usage texts show them. */
#define BENCH_ARGS "[--shared DIR] [--long SECONDS] [--hash MB] [--perft-only] [--signature [--quiet]]"

/* `tsume bench` on argv[1..argc).  --signature [--quiet]: bench_signature
 * (with --quiet only its last three lines).  Otherwise perft speed (start
 * position, "matsuri", a drop-heavy position), gen_checks calls per second
 * over ../shared's legal-checks positions, then, unless --perft-only,
 * bench_solver with --long SECONDS (default 900, 0 = skip the long problems)
 * and --hash MB (1..1048576, default 1024) for them.  --shared DIR: the data
 * (default ../shared).  --help: the usage on stdout.  Returns EXIT_MATE (0),
 * EXIT_NOMATE (1) if a problem was answered wrongly, EXIT_BADINPUT (2) for bad
 * usage or a signature file that could not be read. */
int cmd_bench(int argc, char **argv);

/* Solves the problem sets of shared_dir (ShogiBoardQ, nshogi) and the long
 * problems (Zuko #99 "kemuri", Microcosmos) with long_seconds each, printing
 * one line per set: solved, exact, wall time, nodes, nodes/second, ms per
 * problem, peak RSS.  Returns the number of wrong answers (0 = all right). */
int bench_solver(const char *shared_dir, double long_seconds, size_t long_hash_mb);

/* The bench signature: solves a fixed list of about 100 problems of shared_dir
 * (the rule cases of cases.tsv with the futile rule on and off, the first three
 * of each ShogiBoardQ and nshogi set -- ShogiBoardQ also verified against its
 * stated line --, mate-engine-test's positions and 25 Shogi Zuko classics),
 * each on a cleared 64 MB table, one thread, no limits.  Prints one line per
 * problem (with verbose), then "Lines: X" (a checksum of every status,
 * length, verify flag and main line) and "Bench: N" (the nodes in all).  A
 * change that is not meant to alter the search leaves both unchanged.
 * Returns 0, or 1 if a file could not be read. */
int bench_signature(const char *shared_dir, bool verbose);

#endif
