/*
 * initcache.h -- the initial values of new nodes, remembered by position.
 *
 * df-pn re-expands a node each time the search comes back to it, and gives
 * every child without a table entry its initial values again: at an AND
 * node's children a mate in one (futile_mate1: every check played, every
 * evasion looked at), at an OR node's children the count of real evasions
 * (df-pn+).  A child that is never searched gets no table entry, so the
 * same work was done each time its parent was re-entered: on the bench
 * signature set 42 % of the evasion counts and 36 % of the mate-in-one
 * tests were of a position already tested.
 *
 * These values are functions of the position alone (the board, both hands,
 * the side to move) and of whether the narrow futility test is on, so a
 * result cached from any search, any path or any earlier problem is the
 * value the test would give now: the tree is the same with or without the
 * cache (the bench signature is unchanged), only cheaper.  Kept:
 *   IC_MATE1  a position with the attacker to move and no mate in one:
 *             a = the number of checks;
 *   IC_EVASIONS  a position with the defender to move (in check):
 *             a = the real evasions (futile_count_real_evasions), b = all.
 * A mate in one is not kept: its proof goes to the transposition table.
 *
 * Direct-mapped, fixed size (allocated once), private to one search context
 * (one thread): no locking.  An entry is checked against the 64-bit
 * position key and the hand of the side to move, 96 bits, as the
 * transposition table checks its own (a position key collision is as
 * unlikely here as there).  Never needs clearing: a value stays true.
 */
#ifndef TSUME_INITCACHE_H
#define TSUME_INITCACHE_H

#include "position.h"
#include "tt.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint64_t key;  /* position key ^ kind salt; 0 = empty */
	uint32_t hand; /* the hand of the side to move */
	uint16_t a, b; /* see above */
} ICEntry;
_Static_assert(sizeof(ICEntry) == 16, "ICEntry layout");

typedef struct {
	ICEntry *e;
	size_t mask; /* entries - 1 (a power of two) */
} InitCache;

/* What was computed; with the narrow futility test on or off (the
 * search's cheap rule, search.c). */
typedef enum { IC_MATE1 = 0, IC_EVASIONS = 1 } ICKind;

/* Allocates a cache of the largest power of two of entries that fits in
 * `bytes` (at least 1,024 entries, 16 KB).  Returns 0, or -1 when out of
 * memory (c->e is then NULL and every lookup misses). */
int ic_init(InitCache *c, size_t bytes);
void ic_free(InitCache *c);
/* Empties the cache (for a context whose rule changes what a value is:
 * the capturable test's bound, futile.h). */
void ic_clear(InitCache *c);

/* The cache key of a position key (pos_key) for kind and rule. */
static inline uint64_t ic_key_of(uint64_t pos_key, ICKind kind, bool narrow)
{
	static const uint64_t SALT[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull,
	                                 0x082efa98ec4e6c89ull};
	uint64_t k = pos_key ^ SALT[kind * 2 + narrow];
	return k ? k : 1;
}

static inline uint64_t ic_key(const Position *pos, ICKind kind, bool narrow)
{
	return ic_key_of(pos_key(pos), kind, narrow);
}

/* The slot of a key (to prefetch or to read). */
static inline ICEntry *ic_slot(const InitCache *c, uint64_t key) { return &c->e[(key ^ key >> 29) & c->mask]; }

/* Starts loading the slot of the position with key pos_key (pos_key; for a
 * child pos_board_key_after + pos_hand_key_after) into the cache
 * (tt_prefetch_line, tt.h). */
static inline void ic_prefetch(const InitCache *c, uint64_t pos_key, ICKind kind, bool narrow)
{
	if (c->e)
		tt_prefetch_line(ic_slot(c, ic_key_of(pos_key, kind, narrow)));
}

/* Looks up the values of pos for kind and rule: true and *a, *b when
 * cached. */
static inline bool ic_get(const InitCache *c, const Position *pos, ICKind kind, bool narrow, int *a, int *b)
{
	if (!c->e)
		return false;
	uint64_t key = ic_key(pos, kind, narrow);
	const ICEntry *e = ic_slot(c, key);
	if (e->key != key || e->hand != pos->hand[pos->side])
		return false;
	*a = e->a;
	*b = e->b;
	return true;
}

/* Remembers the values a, b (0..65535) of pos for kind and rule, in place
 * of whatever the slot held. */
static inline void ic_put(InitCache *c, const Position *pos, ICKind kind, bool narrow, int a, int b)
{
	if (!c->e)
		return;
	uint64_t key = ic_key(pos, kind, narrow);
	*ic_slot(c, key) = (ICEntry){key, pos->hand[pos->side], (uint16_t)a, (uint16_t)b};
}

#endif
