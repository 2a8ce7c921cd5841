/* reptable.c -- path-keyed table of repetition results (see reptable.h). */
#include "reptable.h"

#include <stdlib.h>
#include <string.h>

int rt_init(RepTable *rt, size_t bytes)
{
	size_t n = 1024;
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

void rt_store(RepTable *rt, uint64_t path_key, int start, int len)
{
	RepEntry *e = &rt->entries[path_key & (rt->n - 1)];
	e->path_key = path_key;
	e->start = (uint16_t)start;
	e->len = (uint16_t)(len < 0 ? 0 : len > UINT16_MAX ? UINT16_MAX : len);
	e->gen = rt->gen;
}

bool rt_probe(const RepTable *rt, uint64_t path_key, int *start, int *len)
{
	const RepEntry *e = &rt->entries[path_key & (rt->n - 1)];
	if (e->gen != rt->gen || e->path_key != path_key)
		return false;
	*start = e->start;
	*len = e->len;
	return true;
}
