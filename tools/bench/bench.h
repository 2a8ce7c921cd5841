/* bench.h -- `tsume bench`: speed figures, and the bench signature
 * (bench_signature.h). */
#ifndef TSUME_BENCH_H
#define TSUME_BENCH_H

#include <stddef.h>

/* The arguments after "tsume bench", as usage texts show them. */
#define BENCH_ARGS                                                                                                     \
	"[--data DIR] [--long SECONDS] [--long-only] [--hash MB] [--perft-only] [--signature|--long-signature "        \
	"[--problems FILE] [--quiet]]"

/* `tsume bench` on argv[1..argc).  --signature [--problems FILE] [--quiet]:
 * bench_signature of FILE (bench_signature.h; default: bench_signature_file),
 * with --quiet only its last three lines; --long-signature the same for the
 * long-problem signature (its file, on a --hash MB table, default 1024).
 * Otherwise perft speed (start
 * position, "matsuri", a drop-heavy position), gen_checks calls per second
 * over the legal-checks positions of the test data, then, unless --perft-only,
 * bench_solver, then, with --long SECONDS > 0 (0..1e9, default 0), bench_long
 * with that limit and --hash MB (1..1048576, default 1024).  --long-only:
 * bench_long alone (SECONDS 900 unless --long gives it; --long 0 and
 * --perft-only are refused with it).  --data DIR: the test data as make test
 * unpacks it (default build/testdata; not read by --signature).  --help: the options, on stdout.
 * Returns EXIT_MATE (0), EXIT_NOMATE (1) if a problem of the sets was answered
 * wrongly, EXIT_BADINPUT (2) for bad usage, no memory for the long problems,
 * or a signature file that cannot be read or holds a bad row. */
int cmd_bench(int argc, char **argv);

/* Solves the problem sets of data_dir (ShogiBoardQ 3..13, nshogi mate-3..11,
 * 1,000 problems each, a 64 MB table, one thread), printing one line per set:
 * solved, exact, wall time, nodes, nodes/second, ms per problem, peak RSS;
 * then the wrong answers.  Returns their number (0 = all right). */
int bench_solver(const char *data_dir);

/* Solves the long problems, Zuko #99 "kemuri" (117 plies) and Microcosmos
 * (1525, from data_dir), at most `seconds` each on a table of hash_mb,
 * one thread, printing a line for each: the result against the expected
 * length, time, nodes by phase, nodes/second, hashfull, peak RSS.  Returns
 * 0, or 1 when out of memory. */
int bench_long(const char *data_dir, double seconds, size_t hash_mb);

#endif
