/*
 * generate_merge.h -- the merge of the shards of one `tsume generate` run
 * (--shard I/N, generate_shard.h) into the output of one run, for
 * `tsume merge` (tools/batch/merge.h).
 *
 * The merge is the collector of one run: it takes the slots 0, 1, 2, ... in
 * order, each from the shard that searched it; a slot that its shard did
 * not search (the repeats needed more slots than the shards took) the merge
 * searches itself, exactly as one run would.  So the merged output is, byte
 * for byte, what one run with the same options writes.
 */
#ifndef TSUME_GENERATE_MERGE_H
#define TSUME_GENERATE_MERGE_H

#include <stdint.h>

/* Joins the outputs of the shards of one generate run, files[0..n) (plain
 * or gzip), and writes the output of one run to standard output, searching
 * with `jobs` threads the slots no shard searched.  Refuses, with a message
 * "tsume merge: ..." and EXIT_BADINPUT, a file that does not end with a
 * shard's last line, shards of different runs (options or N), a shard given
 * twice or missing, and a problem line that the shard would not have
 * written (its slot not the shard's or not in slot order, metadata other
 * than generate's).  Returns the exit status of cmd_generate. */
int gen_shard_merge(int n, char **files, uint64_t jobs);

#endif
