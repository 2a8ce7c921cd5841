/*
 * tt.h -- the transposition table of the df-pn search.
 *
 * Entries are keyed by the board key (board + side to move, see position.h)
 * and store the attacker's hand beside it, so a lookup can use hand
 * superiority (Seo 1999; Nagai 2002, ch. 5):
 *   - a proven entry whose hand is <= ours proves our position too (the
 *     attacker holds at least as much, the defender at most as much);
 *   - a disproven entry whose hand is >= ours disproves ours.
 * The defender's hand is not stored: with the board fixed, it is the rest of
 * the pieces in play, so it is fixed by the attacker's hand.
 *
 * Entries also carry a mate length bound (plies from this node):
 *   - proven:    a mate of at most `len` plies exists;
 *   - disproven: no mate of at most `len` plies exists (TT_LEN_INF = none at all).
 * A proof is used only when len <= the remaining length budget, a disproof only
 * when the budget <= len.
 *
 * Which results hold for other hands is the rule's (TT.rule,
 * dfpn_futile_lengths_monotone in dfpn_types.h):
 *   - "no mate at all" holds for every smaller hand under every rule;
 *   - under a rule whose lengths are monotone, every result holds for the
 *     hands above;
 *   - under nogain a length bound -- a proof, a bounded disproof -- holds
 *     for its own hand only, except a proof counted under the bounding
 *     rule (dfpn_futile_bounding: narrow), flagged
 *     TT_FLAG_BOUNDING: monotone, and a mate within len under nogain too.
 * A search counts under the bounding rule when TT.bounding is set
 * (dfpn_solve's first proof under nogain): it then takes the bounding
 * rule's results, "no mate at all", and nogain's disproofs of its own hand
 * (the bounding rule's mates are no shorter than nogain's), never a
 * nogain proof (a nogain length bounds no narrow length).
 *
 * Memory: a fixed array of buckets allocated once (tt_init).  A bucket full
 * of one board's hands spills into a free slot of the next one
 * (TT_FLAG_SPILL): the hand variants of a board, all in the bucket of its
 * board key, can outnumber a bucket's slots in a long problem
 * (interpositions taken make many hands), and their proofs must stay for
 * the main line to be read.  Otherwise the entry of the home bucket with
 * the least search effort is replaced (garbage collection by effort).
 *
 * A table of twice TT_GROW_FROM bytes or more starts with the buckets of
 * one of TT_GROW_FROM to twice that (capacity / 2^k) and doubles them as
 * it fills (tt_grow), up to the capacity: a search touches, and the kernel
 * zeroes and maps, only the part in use.  Keys map to buckets by
 * (key * n) >> 64, so doubling n sends bucket b to 2b or 2b + 1: the
 * table is rehashed in place, from the top down.
 *
 * An open entry may carry TT_FLAG_REP: the position was once disproven by a
 * repetition on some path (see reptable.h); the search then asks the
 * path-keyed repetition table before using the entry's values.
 */
#ifndef TSUME_TT_H
#define TSUME_TT_H

#include "dfpn_types.h"
#include "pndn.h"
#include "types.h"

#include <stdatomic.h>
#include <stddef.h>

/*
 * TTEntry: 32 bytes.
 *   key     board key (pos_board_key)
 *   hand    attacker's hand
 *   pn, dn  proof / disproof numbers (0 / PNDN_INF when resolved)
 *   len     mate length bound, see above
 *   amount  search effort spent below this node, saturating (0 = empty slot)
 *   gen     table generation; tt_clear() starts a new one instead of zeroing
 *   flags   TT_FLAG_REP, TT_FLAG_BOUNDING (see above)
 *   spare   unused (0)
 */
typedef struct {
	uint64_t key;
	Hand hand;
	uint32_t pn, dn;
	uint32_t amount;
	uint16_t len;
	uint16_t gen;   /* entries of an older generation are empty */
	uint16_t flags; /* TT_FLAG_REP, TT_FLAG_BOUNDING */
	uint16_t spare; /* unused (0) */
} TTEntry;
#define TT_FLAG_REP 1u
#define TT_FLAG_BOUNDING 2u /* resolved: len counted under the bounding rule (above) */
/* the entry's bucket overflowed into the next one (tt.c, spill_of): a
 * lookup of any key of this bucket reads that one too */
#define TT_FLAG_SPILL 4u
_Static_assert(sizeof(TTEntry) == 32, "TTEntry layout");

/* How a TTEntry is kept in the table: four 64-bit words, each loaded and
 * stored whole, w[0] = key ^ w[1] ^ w[2] ^ w[3] (the others: hand | pn << 32,
 * dn | amount << 32, len | gen << 16 | flags << 32).  A slot
 * read while another thread writes it can mix words of two stores; the key
 * it then gives is not the key looked up (but with the 2^-64 chance of any
 * key collision), so the read counts as a miss -- never a wrong result
 * (Hyatt and Mann, "A lockless transposition-table implementation for
 * parallel search", ICGA Journal 25(1), 2002; as Crafty does). */
typedef struct {
	_Atomic uint64_t w[4];
} TTSlot;
_Static_assert(sizeof(TTSlot) == 32, "TTSlot layout");

#define TT_BUCKET_SIZE 8

typedef struct {
	TTSlot *entries;
	size_t nbuckets; /* the buckets in use, >= 1; a key maps to (key * nbuckets) >> 64 */
	size_t first;    /* nbuckets when created or cleared: the capacity / 2^k (tt_grow) */
	size_t capacity; /* the buckets mapped: nbuckets doubles up to it */
	/* No counters: written on every store by every thread, a counter would
	 * share its cache line with the fields each probe reads (tt_hashfull
	 * samples instead).  The table's threads write only the slots. */
	uint16_t gen; /* changed by tt_clear only, between searches */
	/* several threads store into the table (dfpn_set_threads): an open
	 * entry rewritten for the same position and hand keeps the larger pn
	 * and the larger dn of the two.  One thread's latest store is its best
	 * knowledge of the node; with several, a thread that searched the node
	 * less would overwrite what another learned, and the other would then
	 * search the same ground again.  Set by the main thread while helpers
	 * run (parallel.c), before they start and after they stop. */
	bool shared;
	bool huge;     /* tt_advise_huge done (or the table is too small for it) */
	bool resident; /* tt_populate done */
	/* the futile-interposition rule whose results the table holds: the
	 * one place a context's rule is kept (dfpn_futile reads it).  Under a
	 * rule whose lengths are not monotone in the hands (nogain, whose
	 * verdicts weigh a drop against the node's other evasions: a piece
	 * more in the defender's hand can lengthen another evasion and make
	 * an interposition futile, the mate shorter; a piece less can make one
	 * count, the mate longer) a mate length bound holds for its own
	 * attacker's hand only, but for the exceptions at the top of this
	 * file.  Set by the search's rule (context_take_rule), between
	 * searches. */
	DfpnFutileRule rule;
	/* the search counts lengths under the bounding rule (see above): its
	 * results are stored with TT_FLAG_BOUNDING and it is answered as the
	 * top of this file says.  Meaningful under nogain; set by
	 * the search between searches (context_take_count). */
	bool bounding;
} TT;

/* Result of a lookup: the values to use for the position. */
typedef struct {
	PnDn pn, dn;
	uint16_t len;   /* meaningful when pn == 0 or dn == 0 */
	bool found;     /* an entry for this exact position (or a dominating resolved one) */
	bool maybe_rep; /* open entry flagged TT_FLAG_REP */
	Hand hand;      /* resolved: the entry's proof / disproof hand; else the query hand */
} TTProbe;

/* Allocates a table of at most `bytes` bytes (at least one bucket, 256
 * bytes), of which the first TT_GROW_FROM bytes or less are in use (see
 * above).  Returns 0, or -1 if the memory cannot be allocated. */
int tt_init(TT *tt, size_t bytes);
void tt_free(TT *tt);
/* Empties the table in O(1) by starting a new generation (a full memset
 * every 65,535 clears), back to its first buckets: a cleared table is a
 * new one. */
void tt_clear(TT *tt);

/* A table of twice this size or more starts smaller and grows (above):
 * 240 MB, the table of --hash 256 (15/16 of it; dfpn.c).  Smaller tables
 * are as before: one size from the start. */
#define TT_GROW_FROM ((size_t)240 << 20)
/* The part in use is doubled once this many slots per mille of it hold an
 * entry (tt_load). */
#ifndef TT_GROW_LOAD
#define TT_GROW_LOAD 500
#endif

/* Makes the table start, now and after each tt_clear, with its capacity
 * halved while it is twice `bytes` or more (TT_GROW_FROM when made;
 * tests: a table that grows within a short search).  For an empty table. */
void tt_start_at(TT *tt, size_t bytes);

/* Doubles the buckets in use (at most to the capacity) and moves every
 * entry to its bucket under the new count; an entry that finds its bucket
 * and the next one full replaces the least effort there, as tt_store
 * would.  Only while no other thread uses the table.  Returns false when
 * the table is at its capacity.  In one go: tt_grow_begin, tt_grow_step
 * until it returns true. */
bool tt_grow(TT *tt);

/* A doubling done a step at a time (tt_grow), so that the caller can look
 * at its limits between steps (a doubling of gigabytes takes seconds).
 * Between tt_grow_begin and the step that returns true (or tt_grow_end)
 * the table is mid-way: nothing else may use it. */
typedef struct {
	size_t next;                  /* the old bucket moved next; 0: all but bucket 0 moved */
	TTEntry zero[TT_BUCKET_SIZE]; /* bucket 0's entries, set aside, placed last */
	int hashfull;                 /* tt_hashfull before the doubling (the table's use meanwhile) */
} TTGrow;
/* Starts a doubling (the buckets in use doubled, none moved yet); false
 * when the table is at its capacity (nothing done). */
bool tt_grow_begin(TT *tt, TTGrow *g);
/* Moves the entries of up to `buckets` more of the old buckets (>= 1);
 * true when the doubling is done, the table then exactly as tt_grow leaves
 * it. */
bool tt_grow_step(TT *tt, TTGrow *g, size_t buckets);
/* Ends a doubling before its last step (a search stopped meanwhile): the
 * entries not yet moved stay where they are, under a bucket count that no
 * longer sends their keys there -- true results still, found only by
 * chance, and replaced in time as any entry; the table is then usable as
 * after a doubling (nothing else is lost). */
void tt_grow_end(TT *tt, TTGrow *g);
/* The old buckets a step of the search's doublings moves (search.c): 2,048
 * (512 KB), a millisecond or two here between two looks at the limits. */
#define TT_GROW_STEP 2048
/* Slots in use per mille of the part in use (sampled as tt_hashfull). */
int tt_load(const TT *tt);

/* The bucket of a key: (key * nbuckets) >> 64. */
static inline size_t tt_bucket_index(const TT *tt, uint64_t key)
{
	return (size_t)(((unsigned __int128)key * tt->nbuckets) >> 64);
}

/* One cache line into the cache.  GCC 12 at -O2 deletes a loop whose body
 * is only __builtin_prefetch (and pure arithmetic) as dead code: expand's
 * loop over the children (search.c) was compiled to nothing, the table was
 * never prefetched (found with objdump, 2026-12; a probe then waited for
 * memory each time: 150 cycles against 55 for a 1 MB table).  A volatile
 * asm is never deleted. */
static inline void tt_prefetch_line(const void *p)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)p));
#else
	__builtin_prefetch(p);
#endif
}

/* Starts loading the bucket of key (four cache lines) into the cache. */
_Static_assert(TT_BUCKET_SIZE * sizeof(TTSlot) == 4 * 64, "tt_prefetch: a bucket is four cache lines");
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
	const char *b = (const char *)&tt->entries[tt_bucket_index(tt, key) * TT_BUCKET_SIZE];
	tt_prefetch_line(b);
	tt_prefetch_line(b + 64);
	tt_prefetch_line(b + 128);
	tt_prefetch_line(b + 192);
}

/* Looks up (key, hand) with a remaining length budget `remain` (plies). */
TTProbe tt_probe(const TT *tt, uint64_t key, Hand hand, int remain);

/* Stores the values of the position (key, hand).  For a resolved result
 * (pn == 0 or dn == 0) result_hand is the proof hand (<= hand) or the
 * disproof hand (>= hand) under which the result holds; the entry of the
 * position itself is replaced by it.  amount = nodes searched below. */
typedef enum {
	TT_KEPT = 0, /* nothing stored: an entry at least as strong is there */
	TT_UPDATED,  /* the slot of this position (and hand) rewritten */
	TT_NEW,      /* an empty slot taken */
	TT_REPLACED, /* a live entry of another position replaced */
} TTStoreOutcome;

/* What tt_store stores: the values of the position (key, hand). */
typedef struct {
	uint64_t key;     /* board key (pos_board_key) */
	Hand hand;        /* the attacker's hand */
	Hand result_hand; /* resolved: the proof hand (<= hand) or disproof hand (>= hand) */
	PnDn pn, dn;
	int len;         /* mate-length bound (tt.h, above) */
	uint64_t amount; /* nodes searched below */
} TTRecord;

/* Stores *r; returns what the store did to the table. */
TTStoreOutcome tt_store(TT *tt, const TTRecord *r);

/* Stores a proof of (key, hand): a mate within len plies under the proof
 * hand `proof`, at the effort of one node (a mate found without search). */
static inline void tt_store_mate(TT *tt, uint64_t key, Hand hand, Hand proof, int len)
{
	tt_store(tt,
	         &(TTRecord){
	             .key = key, .hand = hand, .result_hand = proof, .pn = 0, .dn = PNDN_INF, .len = len, .amount = 1});
}

/* Asks the kernel to back the table with 2 MB pages from now on (for a
 * search that has run a while; see tt.c).  Idempotent; failure is harmless. */
void tt_advise_huge(TT *tt);

/* Makes the kernel back the whole table with memory now (MADV_POPULATE_WRITE,
 * or a touch of each page on older kernels), without changing an entry:
 * safe while other threads use the table.  For a table several threads
 * are about to fill (parallel.c): a page first read (the kernel's shared
 * zero page) and later written while another thread of the process runs
 * costs a TLB shootdown on every core (measured: 1.0 s of system time in a
 * 2.6 s two-thread search with a 512 MB table, 0.1 s after this call, which
 * takes 0.10 s for 256 MB and 0.28 s for 1 GB here).  4 KB pages: asking
 * for 2 MB ones first (MADV_HUGEPAGE) made the call take 0.1 to 2.4 s from
 * one run to the next on this virtual machine (compaction).  Failure is
 * harmless.  Sets tt->resident.
 *
 * A search on one thread calls it too, once it has run tt_pages(tt) / 4
 * nodes (limit.c): a table is touched at random, so a long search faults
 * every page in anyway, one fault at a time (8.5 us a page here: 4.3 s of
 * system time in STARSHIP TROOPER's first 8 M nodes on 2 GB), where one
 * call costs about 1 us a page; a search shorter than that never pays. */
void tt_populate(TT *tt);

/* tt_populate a step at a time, for a caller that looks at its limits
 * between steps: makes the buckets [*next, *next + buckets) of the part in
 * use resident and moves *next past them; true when the whole part is
 * (tt->resident set), at once when it already was. */
bool tt_populate_step(TT *tt, size_t *next, size_t buckets);
/* The buckets a step of the search's tt_populate_step: 32,768 (8 MB, a
 * few milliseconds). */
#define TT_POPULATE_STEP 32768

/* The 4 KB pages of the table's mapping. */
size_t tt_pages(const TT *tt);

/* Flags the open entry of (key, hand) with TT_FLAG_REP, creating one with
 * pn = dn = 1 if there is none; a resolved entry is left alone. */
void tt_mark_rep(TT *tt, uint64_t key, Hand hand);

/* Fraction of slots in use, per mille of the capacity (USI hashfull):
 * counted over the last TT_HASHFULL_SAMPLE slots of the part in use (all
 * of a smaller table; keys spread evenly over the buckets), as chess
 * engines do, and scaled by the part in use.  The last: a doubling moves
 * them first (tt_grow_step), so that a table whose doubling was ended
 * midway (tt_grow_end) reads as one doubled, not twice as full. */
#define TT_HASHFULL_SAMPLE 1024
int tt_hashfull(const TT *tt);

#endif
