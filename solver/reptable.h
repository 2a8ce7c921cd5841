/*
 * reptable.h -- results that hold only on one path: disproofs resting on a
 * repetition (perpetual check, a non-mate for the checker).
 *
 * Such a disproof of a node is true only while the repeated position is on
 * the path above it, so the transposition table cannot hold it (the GHI
 * problem, Kishimoto & Mueller 2004).  df-pn re-enters the same path again
 * and again, though, and without a memory re-searches the subtree each time.
 * This table remembers the result under a *path key*: a hash of the moves
 * from the search root, so a hit means the same ancestors and hence the same
 * repetition.  The idea is KomoringHeights' repetition table (komori-n).
 *
 * Fixed size, allocated once; buckets of RT_WAYS entries (one cache line);
 * a new result replaces the entry of the bucket that cost the fewest nodes
 * (losing one only costs a re-search).  rt_clear() empties it in O(1).
 */
#ifndef TSUME_REPTABLE_H
#define TSUME_REPTABLE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef struct {
	uint64_t path_key;
	uint16_t start;  /* path index of the repeated position the result rests on */
	uint16_t len;    /* no mate within len plies on this path (TT_LEN_INF: none) */
	uint16_t amount; /* nodes the result cost, saturating */
	uint16_t gen;
} RepEntry;

/* How a RepEntry is kept: two 64-bit words, each loaded and stored whole,
 * w[1] = start | len << 16 | amount << 32 | gen << 48 and w[0] = path_key ^
 * w[1], so that a slot torn by a concurrent store reads as a miss (the
 * XOR-checked key of tt.h's TTSlot). */
typedef struct {
	_Atomic uint64_t w[2];
} RepSlot;
_Static_assert(sizeof(RepSlot) == sizeof(RepEntry), "RepSlot layout");

#define RT_WAYS 4

typedef struct {
	RepSlot *entries;
	size_t n; /* entries: a power of two, >= RT_WAYS * 256 */
	uint16_t gen;
} RepTable;

/* Allocates a table of at most `bytes` bytes (at least 1024 entries, 16 KB).
 * Returns 0, or -1 if the memory cannot be allocated. */
int rt_init(RepTable *rt, size_t bytes);
void rt_free(RepTable *rt);
/* Empties the table (O(1): a new generation). */
void rt_clear(RepTable *rt);

/* Records that the node reached by the path with this key has no mate within
 * len plies as long as the position at path index `start` is on the path;
 * amount = nodes the result cost (the replacement priority). */
void rt_store(RepTable *rt, uint64_t path_key, int start, int len, uint64_t amount);

/* Looks up a path key; on a hit fills *start and *len and returns true. */
bool rt_probe(const RepTable *rt, uint64_t path_key, int *start, int *len);

/* The path key of a child: the parent's path key and the move (an
 * unsigned 32-bit move code) mixed by the splitmix64 finaliser. */
static inline uint64_t rt_path_key(uint64_t parent, uint32_t move)
{
	uint64_t z = parent + 0x9e3779b97f4a7c15ULL * ((uint64_t)move + 1);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
