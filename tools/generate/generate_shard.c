/* generate_shard.c -- the shards of a generate run (see generate_shard.h). */
#include "generate_shard.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

bool gen_known_get(const GenKnown *known, uint64_t slot, GenProblem *out)
{
	if (!known || slot >= known->nslots || known->at[slot] == GEN_SLOT_UNSEARCHED)
		return false;
	if (!out)
		return true;
	if (known->at[slot] == GEN_SLOT_EMPTY)
		memset(out, 0, sizeof *out);
	else
		*out = known->problems[known->at[slot]];
	return true;
}

uint64_t gen_shard_target(uint64_t count, uint64_t n)
{
	uint64_t share = (count + n - 1) / n;
	return share + (share + 7) / 8 + 1;
}

void gen_shard_trailer(char *buf, size_t size, const GenOptions *o, uint64_t covered)
{
	snprintf(buf, size,
	         GEN_SHARD_TRAILER_PREFIX "%" PRIu64 "/%" PRIu64 ": slots below %" PRIu64 " searched ; mate=%" PRIu64
	                                  " ; count=%" PRIu64 " ; seed=%" PRIu64
	                                  " ; pieces=%d-%d ; level=%s ; futile=%s",
	         o->shard.index, o->shard.count, covered, o->mate, o->count, o->seed, o->min_pieces, o->max_pieces,
	         gen_level_name(o->level), dfpn_futile_name(o->futile));
}
