/* shard.c -- `--shard I/N` (see shard.h). */
#include "shard.h"

#include "cli.h"
#include "number.h"

#include <stdio.h>
#include <string.h>

bool shard_parse(const char *s, Shard *out)
{
	const char *slash = s ? strchr(s, '/') : NULL;
	char index[24];
	uint64_t i, n;
	if (!slash || slash == s || (size_t)(slash - s) >= sizeof index)
		return false;
	memcpy(index, s, (size_t)(slash - s));
	index[slash - s] = '\0';
	if (!num_parse_uint(slash + 1, 1, SHARD_COUNT_MAX, &n) || !num_parse_uint(index, 0, n - 1, &i))
		return false;
	out->index = i;
	out->count = n;
	return true;
}

bool shard_option(const char *prog, const char *s, Shard *out)
{
	if (shard_parse(s, out))
		return true;
	char what[96];
	snprintf(what, sizeof what, "I/N with 0 <= I < N and N 1..%d (I counts from 0)", SHARD_COUNT_MAX);
	cli_bad_value(prog, "--shard", what, s);
	return false;
}

bool shard_takes(const Shard *s, uint64_t k) { return s->count == 0 || k % s->count == s->index; }
