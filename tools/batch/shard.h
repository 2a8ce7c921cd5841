/*
 * shard.h -- `--shard I/N`: one of N parts of a run, for running a large
 * collection (verify) or a large generator run (generate) on several
 * machines and joining the parts with `tsume merge` (tools/batch/merge.h).
 *
 * I counts from 0 (0 <= I < N), as GNU parallel's {#}-1, `seq 0 N-1` and
 * Slurm's SLURM_ARRAY_TASK_ID of an --array=0-(N-1) do.  A part takes the
 * items whose 0-based index k has k mod N == I: verify's k is a problem's
 * line number in its file minus one (shard 0/2: lines 1, 3, 5, ... of each
 * file), generate's k is the slot number.  The N parts together take every
 * item exactly once.
 */
#ifndef TSUME_SHARD_H
#define TSUME_SHARD_H

#include <stdbool.h>
#include <stdint.h>

#define SHARD_COUNT_MAX 100000 /* largest N */

/* A part of a run; count 0 = no --shard (the whole run). */
typedef struct {
	uint64_t index; /* I, 0..count-1 */
	uint64_t count; /* N, 1..SHARD_COUNT_MAX; 0: not sharded */
} Shard;

/* Parses s as "I/N" (two whole numbers, digits only, 0 <= I < N <=
 * SHARD_COUNT_MAX) into *out.  Returns false, *out unchanged, if it is not
 * such a text. */
bool shard_parse(const char *s, Shard *out);

/* shard_parse that, on failure, reports on stderr "PROG: --shard must be I/N
 * with 0 <= I < N and N 1..100000 (I counts from 0), got 'S'" (cli.h's form
 * of a bad option value).  Returns whether s was accepted. */
bool shard_option(const char *prog, const char *s, Shard *out);

/* true iff the item of 0-based index k belongs to the part (always true for
 * a whole run, count 0). */
bool shard_takes(const Shard *s, uint64_t k);

#endif
