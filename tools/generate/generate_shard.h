/*
 * generate_shard.h -- the shards of a `tsume generate` run (--shard I/N):
 * what a shard searches and writes, and the slots searched before that a
 * run takes instead of searching them again (their merge, `tsume merge`:
 * generate_merge.h).
 *
 * One run takes its slots' results in slot order and writes a problem
 * unless its position or its solution pattern came before, until K are
 * written (generate.h).  Which problems are skipped depends on every earlier
 * slot, so a shard cannot decide it.  Shard I/N searches the slots I, I + N,
 * I + 2N, ... in order, writes the problem of every slot that found one --
 * each line exactly the line one run writes for that slot, `slot=S` in its
 * metadata -- and stops after gen_shard_target(K, N) problems (or at the end
 * of the run's slots).  Its last line says what it searched and the options
 * of the run:
 *
 *   # tsume generate shard 0/3: slots below 16 searched ; mate=3 ; count=12 ;
 *     seed=5 ; pieces=3-12 ; level=any ; futile=nogain        (one line)
 */
#ifndef TSUME_GENERATE_SHARD_H
#define TSUME_GENERATE_SHARD_H

#include "generate_opts.h"
#include "generate_search.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The start of a shard's last line, after "# ". */
#define GEN_SHARD_TRAILER_PREFIX "tsume generate shard "

/* Slots searched before, for gen_run (generate.h): slot s < nslots is
 * at[s] >= 0 (its problem, problems[at[s]]), GEN_SLOT_EMPTY (searched,
 * nothing found) or GEN_SLOT_UNSEARCHED. */
typedef struct GenKnown {
	uint64_t shards; /* N: the shards they came from */
	uint64_t nslots;
	int32_t *at;
	GenProblem *problems;
} GenKnown;
#define GEN_SLOT_UNSEARCHED (-1)
#define GEN_SLOT_EMPTY (-2)

/* When known (NULL allowed) holds the result of slot `slot`, puts it into
 * *out (unless out is NULL) and returns true; else returns false (the slot
 * is to be searched). */
bool gen_known_get(const GenKnown *known, uint64_t slot, GenProblem *out);

/* The problems a shard of n writes for a run of count: ceil(count / n) and
 * an eighth more, plus one, for the repeats the merge skips. */
uint64_t gen_shard_target(uint64_t count, uint64_t n);

/* The text of a shard's last line (after "# ", as above) into buf (size
 * bytes): o's shard and options, and that every slot of the shard below
 * slot `covered` was searched. */
void gen_shard_trailer(char *buf, size_t size, const GenOptions *o, uint64_t covered);

#endif
