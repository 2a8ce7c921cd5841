/* reptable.c -- path-keyed table of repetition results (see reptable.h). */
#include "reptable.h"

#include <stdlib.h>
#include <string.h>

int rt_init(RepTable *rt, size_t bytes)
{
	size_t n = RT_WAYS * 256;
	while (n * 2 * sizeof(RepSlot) <= bytes)
		n *= 2;
	rt->entries = calloc(n, sizeof(RepSlot));
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
		memset(rt->entries, 0, rt->n * sizeof(RepSlot));
		rt->gen = 1;
	}
}

static inline RepSlot *bucket(const RepTable *rt, uint64_t path_key)
{
	return &rt->entries[path_key & (rt->n - RT_WAYS)];
}

/* The entry a slot holds (see RepSlot). */
static inline RepEntry slot_load(const RepSlot *s)
{
	uint64_t w1 = atomic_load_explicit(&s->w[1], memory_order_relaxed);
	uint64_t w0 = atomic_load_explicit(&s->w[0], memory_order_relaxed);
	return (RepEntry){.path_key = w0 ^ w1,
	                  .start = (uint16_t)w1,
	                  .len = (uint16_t)(w1 >> 16),
	                  .amount = (uint16_t)(w1 >> 32),
	                  .gen = (uint16_t)(w1 >> 48)};
}

void rt_store(RepTable *rt, uint64_t path_key, int start, int len, uint64_t amount)
{
	RepSlot *b = bucket(rt, path_key), *victim = NULL;
	uint16_t victim_amount = 0;
	for (int i = 0; i < RT_WAYS; i++) {
		RepEntry e = slot_load(&b[i]);
		if (e.gen != rt->gen || e.path_key == path_key) {
			victim = &b[i];
			break;
		}
		if (!victim || e.amount < victim_amount) {
			victim = &b[i]; /* keep the results that cost the most */
			victim_amount = e.amount;
		}
	}
	uint64_t w1 = (uint64_t)(uint16_t)start |
	              (uint64_t)(len < 0            ? 0
	                         : len > UINT16_MAX ? UINT16_MAX
	                                            : len)
	                  << 16 |
	              (uint64_t)(amount > UINT16_MAX ? UINT16_MAX : amount) << 32 | (uint64_t)rt->gen << 48;
	atomic_store_explicit(&victim->w[1], w1, memory_order_relaxed);
	atomic_store_explicit(&victim->w[0], path_key ^ w1, memory_order_relaxed);
}

bool rt_probe(const RepTable *rt, uint64_t path_key, int *start, int *len)
{
	const RepSlot *b = bucket(rt, path_key);
	for (int i = 0; i < RT_WAYS; i++) {
		RepEntry e = slot_load(&b[i]);
		if (e.gen == rt->gen && e.path_key == path_key) {
			*start = e.start;
			*len = e.len;
			return true;
		}
	}
	return false;
}
