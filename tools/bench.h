/* bench.h -- the solver part of `tsume bench`. */
#ifndef TSUME_BENCH_H
#define TSUME_BENCH_H

#include <stdbool.h>
#include <stddef.h>

/* Solves the problem sets of shared_dir (ShogiBoardQ, nshogi) and the long
 * problems (Zuko #99 "kemuri", Microcosmos) with long_seconds each, printing
 * one line per set: solved, exact, wall time, nodes, nodes/second, ms per
 * problem, peak RSS.  Returns the number of wrong answers (0 = all right). */
int bench_solver(const char *shared_dir, double long_seconds, size_t long_hash_mb);

#endif
