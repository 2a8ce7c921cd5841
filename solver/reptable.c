/* reptable.c -- path-keyed table of repetition results (see reptable.h). */
#include "reptable.h"

#include <stdlib.h>
#include <string.h>

int rt_init(RepTable *rt, size_t bytes)
{
	size_t n = RT_WAYS * 256;
	while (n * 2 * sizeof(RepEntry) <= bytes)
		n *= 2;
	rt->entries = calloc(n, sizeof(RepEntry));
	if (!rt->entries)
		return -1;
	rt->n = n;
	rt->gen = 1;
	return 0;
}

void rt_free(RepTable *rt)
{
	free(rt->entries);
	rt->entries = NULL;
}

void rt_clear(RepTable *rt)
{
	if (++rt->gen == 0) {
		memset(rt->entries, 0, rt->n * sizeof(RepEntry));
		rt->gen = 1;
	}
}

static inline RepEntry *bucket(const RepTable *rt, uint64_t path_key)
{
	return &rt->entries[path_key & (rt->n - RT_WAYS)];
}

void rt_store(RepTable *rt, uint64_t path_key, int start, int len, uint64_t amount)
{
	RepEntry *b = bucket(rt, path_key), *victim = NULL;
	for (int i = 0; i < RT_WAYS; i++) {
		RepEntry *e = &b[i];
		if (e->gen != rt->gen || e->path_key == path_key) {
			victim = e;
			break;
		}
		if (!victim || e->amount < victim->amount)
			victim = e; /* keep the results that cost the most */
	}
	victim->path_key = path_key;
	victim->start = (uint16_t)start;
	victim->len = (uint16_t)(len < 0 ? 0 : len > UINT16_MAX ? UINT16_MAX : len);
	victim->amount = (uint16_t)(amount > UINT16_MAX ? UINT16_MAX : amount);
	victim->gen = rt->gen;
}

bool rt_probe(const RepTable *rt, uint64_t path_key, int *start, int *len)
{
	const RepEntry *b = bucket(rt, path_key);
	for (int i = 0; i < RT_WAYS; i++) {
		const RepEntry *e = &b[i];
		if (e->gen == rt->gen && e->path_key == path_key) {
			*start = e->start;
			*len = e->len;
			return true;
		}
	}
	return false;
}
