/* tt.c -- transposition table (see tt.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The table is mapped with mmap (zeroed pages).  A long search asks for 2 MB
 * pages (transparent huge pages, tt_advise_huge): a random probe then costs
 * one TLB entry instead of a page walk (11 % more nodes per second on a 1 GB
 * table).  Not from the start: the kernel zeroes a huge page on its first
 * touch, and a short search touching a few hundred buckets would pay for
 * zeroing the whole table (0.4 s for 256 MB). */
#define TT_HUGE_PAGE ((size_t)2 << 20)

/* Tables of at least this size are mapped in whole huge pages. */
#define TT_HUGE_MIN ((size_t)32 << 20)

/* The bytes of n buckets, in whole 4 KB pages. */
static size_t pages_of(size_t n)
{
	size_t bytes = n * TT_BUCKET_SIZE * sizeof(TTSlot);
	return (bytes + 4095) / 4096 * 4096;
}

/* The mapping: every bucket the table may grow to. */
static size_t map_size(const TT *tt) { return pages_of(tt->capacity); }

int tt_init(TT *tt, size_t bytes)
{
	if (bytes >= TT_HUGE_MIN)
		bytes = bytes / TT_HUGE_PAGE * TT_HUGE_PAGE;
	size_t nb = bytes / (TT_BUCKET_SIZE * sizeof(TTSlot));
	if (nb < 1)
		nb = 1;
	tt->capacity = nb;
	tt_start_at(tt, TT_GROW_FROM);
	void *p = mmap(NULL, map_size(tt), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		tt->entries = NULL;
		return -1;
	}
	tt->huge = bytes < TT_HUGE_MIN; /* nothing to advise for small tables */
	tt->resident = false;
	tt->rule = DFPN_FUTILE_NONE;
	tt->bounding = false;
	tt->entries = p;
	tt->shared = false;
	tt->gen = 1;
	return 0;
}

void tt_start_at(TT *tt, size_t bytes)
{
	/* the capacity halved while it is twice bytes or more: from bytes to
	 * twice that (or the whole of a smaller table), so that no table
	 * starts smaller than one of bytes, and doubling reaches the capacity */
	size_t first = tt->capacity;
	while (first > 1 && first * TT_BUCKET_SIZE * sizeof(TTSlot) >= 2 * bytes)
		first /= 2;
	tt->first = tt->nbuckets = first;
}

void tt_advise_huge(TT *tt)
{
	if (tt->huge || !tt->entries)
		return;
	tt->huge = true;
#ifdef MADV_HUGEPAGE
	madvise(tt->entries, map_size(tt), MADV_HUGEPAGE); /* a hint: failure is harmless */
#endif
}

/* Makes buckets [from, to) resident (tt_populate), the pages they
 * share with their neighbours included. */
static void populate(TT *tt, size_t from, size_t to)
{
	char *a = (char *)&tt->entries[from * TT_BUCKET_SIZE], *z = (char *)&tt->entries[to * TT_BUCKET_SIZE];
	a = (char *)((uintptr_t)a / 4096 * 4096);
	size_t len = ((size_t)(z - a) + 4095) / 4096 * 4096;
#ifdef MADV_POPULATE_WRITE
	if (madvise(a, len, MADV_POPULATE_WRITE) == 0)
		return;
#endif
	/* an older kernel: touch each page with an atomic or of 0, which a
	 * concurrent store cannot lose (a plain write of 0 could erase one) */
	for (size_t k = 0; k < len; k += 4096)
		atomic_fetch_or_explicit(&((TTSlot *)(void *)(a + k))->w[0], 0, memory_order_relaxed);
}

void tt_populate(TT *tt)
{
	size_t next = 0;
	while (!tt_populate_step(tt, &next, SIZE_MAX))
		;
}

bool tt_populate_step(TT *tt, size_t *next, size_t buckets)
{
	if (!tt->entries || tt->resident)
		return true;
	size_t to = tt->nbuckets - *next > buckets ? *next + buckets : tt->nbuckets;
	populate(tt, *next, to);
	*next = to;
	tt->resident = to == tt->nbuckets;
	return tt->resident;
}

size_t tt_pages(const TT *tt) { return pages_of(tt->nbuckets) / 4096; }

void tt_free(TT *tt)
{
	if (tt->entries)
		munmap(tt->entries, map_size(tt));
	tt->entries = NULL;
}

void tt_clear(TT *tt)
{
	if (++tt->gen == 0) {
		memset(tt->entries, 0, tt->capacity * TT_BUCKET_SIZE * sizeof(TTSlot));
		tt->gen = 1;
	}
	tt->nbuckets = tt->first;
}

/* Does the proof e answer a query for hand within remain plies (tt.h)? */
static inline bool proof_holds(const TT *tt, const TTEntry *e, Hand hand, int remain)
{
	if (e->len > remain)
		return false;
	if ((e->flags & TT_FLAG_BOUNDING) || dfpn_futile_lengths_monotone(tt->rule))
		return hand_ge(hand, e->hand);
	return !tt->bounding && e->hand == hand;
}

/* Does the disproof e answer a query for hand within remain plies (tt.h)? */
static inline bool disproof_holds(const TT *tt, const TTEntry *e, Hand hand, int remain)
{
	if (remain > e->len)
		return false;
	if (e->len == TT_LEN_INF || dfpn_futile_lengths_monotone(tt->rule))
		return hand_ge(e->hand, hand);
	if (e->flags & TT_FLAG_BOUNDING)
		return tt->bounding && hand_ge(e->hand, hand);
	return e->hand == hand;
}

/* Does the resolved entry e answer every query that the result r (as it
 * would be stored: its hand and TT_FLAG_BOUNDING) answers?  Then r is not
 * worth a slot.  A proof of the rule's count never covers one of the
 * bounding rule's, nor a bounded disproof one of the other count. */
static inline bool covers(const TT *tt, const TTEntry *e, const TTEntry *r)
{
	if (r->pn == 0)
		return e->pn == 0 && (e->flags & TT_FLAG_BOUNDING) >= (r->flags & TT_FLAG_BOUNDING) &&
		       proof_holds(tt, e, r->hand, r->len);
	return e->dn == 0 && (e->len == TT_LEN_INF || (e->flags & TT_FLAG_BOUNDING) == (r->flags & TT_FLAG_BOUNDING)) &&
	       disproof_holds(tt, e, r->hand, r->len);
}

static inline bool live(const TT *tt, const TTEntry *e) { return e->amount != 0 && e->gen == tt->gen; }

static inline TTSlot *bucket_of(const TT *tt, uint64_t key)
{
	return &tt->entries[tt_bucket_index(tt, key) * TT_BUCKET_SIZE];
}

/* The bucket a full bucket b spills into: the next one (NULL for a table
 * of one bucket). */
static inline TTSlot *spill_of(const TT *tt, const TTSlot *b)
{
	if (tt->nbuckets < 2)
		return NULL;
	size_t i = (size_t)(b - tt->entries) / TT_BUCKET_SIZE + 1;
	return &tt->entries[(i == tt->nbuckets ? 0 : i) * TT_BUCKET_SIZE];
}

/* The entry a slot holds (see TTSlot): a slot torn by a concurrent store
 * gives a key no lookup asks for. */
static inline TTEntry slot_load(const TTSlot *s)
{
	uint64_t w1 = atomic_load_explicit(&s->w[1], memory_order_relaxed);
	uint64_t w2 = atomic_load_explicit(&s->w[2], memory_order_relaxed);
	uint64_t w3 = atomic_load_explicit(&s->w[3], memory_order_relaxed);
	uint64_t w0 = atomic_load_explicit(&s->w[0], memory_order_relaxed);
	return (TTEntry){.key = w0 ^ w1 ^ w2 ^ w3,
	                 .hand = (Hand)w1,
	                 .pn = (uint32_t)(w1 >> 32),
	                 .dn = (uint32_t)w2,
	                 .amount = (uint32_t)(w2 >> 32),
	                 .len = (uint16_t)w3,
	                 .gen = (uint16_t)(w3 >> 16),
	                 .flags = (uint16_t)(w3 >> 32)};
}

static inline void slot_store(TTSlot *s, const TTEntry *e)
{
	uint64_t w1 = (uint64_t)e->hand | (uint64_t)e->pn << 32;
	uint64_t w2 = (uint64_t)e->dn | (uint64_t)e->amount << 32;
	uint64_t w3 = (uint64_t)e->len | (uint64_t)e->gen << 16 | (uint64_t)e->flags << 32;
	atomic_store_explicit(&s->w[1], w1, memory_order_relaxed);
	atomic_store_explicit(&s->w[2], w2, memory_order_relaxed);
	atomic_store_explicit(&s->w[3], w3, memory_order_relaxed);
	atomic_store_explicit(&s->w[0], e->key ^ w1 ^ w2 ^ w3, memory_order_relaxed);
}

/* The entries of bucket b for key, into *r (open values of exactly hand)
 * and *res (a result that holds, once found: the shortest proof, the
 * longest disproof); returns whether b has spilled (TT_FLAG_SPILL). */
static inline bool probe_bucket(const TT *tt, const TTSlot *b, uint64_t key, Hand hand, int remain, TTProbe *r,
                                TTProbe *res)
{
	/* the slots whose key matches, found first without a branch per slot
	 * (3 % more nodes per second on the bench signature set than testing
	 * each slot in turn: median of six runs, side by side) */
	unsigned match = 0;
	uint64_t spill = 0;
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		uint64_t w3 = atomic_load_explicit(&b[i].w[3], memory_order_relaxed);
		uint64_t k = atomic_load_explicit(&b[i].w[0], memory_order_relaxed) ^
		             atomic_load_explicit(&b[i].w[1], memory_order_relaxed) ^
		             atomic_load_explicit(&b[i].w[2], memory_order_relaxed) ^ w3;
		match |= (unsigned)(k == key) << i;
		spill |= w3;
	}
	while (match) {
		int i = __builtin_ctz(match);
		match &= match - 1;
		TTEntry snap = slot_load(&b[i]);
		const TTEntry *e = &snap;
		if (!live(tt, e) || e->key != key)
			continue;
		/* of several results that hold (kept apart by hand or count,
		 * tt_store), the shortest proof, the longest disproof */
		if (e->pn == 0) {
			if (proof_holds(tt, e, hand, remain) && (res->pn != 0 || e->len < res->len))
				*res =
				    (TTProbe){.pn = 0, .dn = PNDN_INF, .len = e->len, .found = true, .hand = e->hand};
		} else if (e->dn == 0) {
			if (disproof_holds(tt, e, hand, remain) && res->pn != 0 && (res->dn != 0 || e->len > res->len))
				*res =
				    (TTProbe){.pn = PNDN_INF, .dn = 0, .len = e->len, .found = true, .hand = e->hand};
		} else if (e->hand == hand) {
			r->pn = e->pn;
			r->dn = e->dn;
			r->found = true;
			r->maybe_rep = (e->flags & TT_FLAG_REP) != 0;
		}
	}
	/* (a torn slot may show the flag falsely: one more bucket read) */
	return (spill >> 32 & TT_FLAG_SPILL) != 0;
}

TTProbe tt_probe(const TT *tt, uint64_t key, Hand hand, int remain)
{
	TTProbe r = {.pn = 1, .dn = 1, .hand = hand};
	TTProbe res = {.pn = 1, .dn = 1}; /* a result that holds, once found */
	const TTSlot *b = bucket_of(tt, key), *sb;
	if (probe_bucket(tt, b, key, hand, remain, &r, &res) && (sb = spill_of(tt, b)) != NULL)
		probe_bucket(tt, sb, key, hand, remain, &r, &res);
	return res.found ? res : r;
}

/* Has the bucket whose entries are e[0 .. TT_BUCKET_SIZE) spilled (a live
 * entry marked TT_FLAG_SPILL)? */
static inline bool spilled(const TT *tt, const TTEntry *e)
{
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		if (live(tt, &e[i]) && (e[i].flags & TT_FLAG_SPILL))
			return true;
	return false;
}

/* The first slot of e[0 .. TT_BUCKET_SIZE) not in use, or NULL. */
static inline TTEntry *free_slot(const TT *tt, TTEntry *e)
{
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		if (!live(tt, &e[i]))
			return &e[i];
	return NULL;
}

/* Marks every entry of bucket b (loaded in e) TT_FLAG_SPILL. */
static void mark_spilled(const TT *tt, TTSlot *b, TTEntry *e)
{
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		if (live(tt, &e[i]) && !(e[i].flags & TT_FLAG_SPILL)) {
			e[i].flags |= TT_FLAG_SPILL;
			slot_store(&b[i], &e[i]);
		}
}

TTStoreOutcome tt_store(TT *tt, const TTRecord *r)
{
	const uint64_t key = r->key;
	const Hand hand = r->hand;
	PnDn pn = r->pn, dn = r->dn;
	int len = r->len;
	const uint64_t amount = r->amount;
	/* the home bucket, and the one it spilled into if it has */
	TTSlot *b = bucket_of(tt, key), *sb = NULL;
	TTEntry bucket[2 * TT_BUCKET_SIZE];
	int ns = TT_BUCKET_SIZE;
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		bucket[i] = slot_load(&b[i]);
	if (spilled(tt, bucket) && (sb = spill_of(tt, b)) != NULL) {
		for (int i = 0; i < TT_BUCKET_SIZE; i++)
			bucket[TT_BUCKET_SIZE + i] = slot_load(&sb[i]);
		ns = 2 * TT_BUCKET_SIZE;
	}
	TTEntry *victim = NULL;
	bool victim_is_new = false;
	TTStoreOutcome outcome = TT_UPDATED;
	uint32_t amt = amount >= UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)amount + 1;
	bool resolved = pn == 0 || dn == 0;
	if (len < 0)
		len = 0;
	if (len > TT_LEN_INF)
		len = TT_LEN_INF;
	/* a result is stored under its proof or disproof hand where it holds
	 * for other hands (tt.h), else under its own */
	bool bounding =
	    resolved && !dfpn_futile_lengths_monotone(tt->rule) && tt->bounding && !(dn == 0 && len == TT_LEN_INF);
	bool across = dfpn_futile_lengths_monotone(tt->rule) || bounding || (dn == 0 && len == TT_LEN_INF);
	Hand h = resolved && across ? r->result_hand : hand;
	const TTEntry mine = {.hand = h,
	                      .pn = (uint32_t)(pn == 0 ? 0 : 1),
	                      .dn = (uint32_t)(dn == 0 ? 0 : 1),
	                      .len = (uint16_t)len,
	                      .flags = bounding ? TT_FLAG_BOUNDING : 0};
	int same = 0; /* entries of this board in the home bucket */
	for (int i = 0; i < ns; i++) {
		TTEntry *e = &bucket[i];
		if (!live(tt, e) || e->key != key)
			continue;
		same += i < TT_BUCKET_SIZE;
		bool e_proven = e->pn == 0, e_disproven = e->dn == 0;
		/* an existing result at least as strong makes the new one useless */
		if (resolved && covers(tt, e, &mine))
			return TT_KEPT;
		/* open values beside a bounded disproof, in a slot of their own:
		 * a position and hand then hold "mate within P" and "no mate
		 * within D" in two slots, and the pn/dn of a search between them
		 * in a third.  Not beside a proof too long for the budget: kept
		 * there, the open values of Microcosmos' re-search within 1559
		 * plies took 75 M nodes instead of 12.5 M (the table filled);
		 * dropped, the node starts again from its initial values */
		if (!resolved && (e_proven || e_disproven) && e->hand == hand) {
			if (e_proven || e->len == TT_LEN_INF)
				return TT_KEPT;
			continue;
		}
		/* reuse the slot of this position, but never let a bounded
		 * disproof (or open values) overwrite a proof, nor a proof an
		 * unbounded disproof, nor a proof of one count a proof of the
		 * other: each remains true */
		if ((e->hand == hand || e->hand == h) && !victim) {
			bool keep = (e_proven && (pn != 0 || (e->flags & TT_FLAG_BOUNDING) != mine.flags)) ||
			            (e_disproven && e->len == TT_LEN_INF && dn != 0);
			if (!keep)
				victim = e;
		}
	}
	if (!victim) {
		victim_is_new = true;
		victim = free_slot(tt, bucket);
		if (!victim && ns == TT_BUCKET_SIZE && same == TT_BUCKET_SIZE && (sb = spill_of(tt, b)) != NULL) {
			/* the home bucket is full of this board's hands: it spills
			 * into a free slot of the next (and once it has, a new entry
			 * of any board goes there when the home bucket is full, the
			 * next one already read).  Not from any full bucket: spilling
			 * whenever the home bucket was full, or only half of it this
			 * board's, a 1 MB table lost proofs that Shogi Zuko's main
			 * lines need (zuko027, zuko043, zuko096) */
			for (int i = 0; i < TT_BUCKET_SIZE; i++)
				bucket[TT_BUCKET_SIZE + i] = slot_load(&sb[i]);
			ns = 2 * TT_BUCKET_SIZE;
		}
		if (!victim && ns > TT_BUCKET_SIZE && (victim = free_slot(tt, bucket + TT_BUCKET_SIZE)) != NULL)
			mark_spilled(tt, b, bucket);
		if (victim) {
			/* a free slot may hold an entry of an earlier generation
			 * (tt_clear): none of its marks carries over, as in a new
			 * table (its spill mark made the new entry's) */
			victim->flags = 0;
			outcome = TT_NEW;
		} else {
			/* no free slot: the entry of least effort in the home bucket
			 * goes (resolved entries weigh more than open ones of equal
			 * effort); never one of the next bucket */
			for (int i = 0; i < TT_BUCKET_SIZE; i++) {
				TTEntry *e = &bucket[i];
				uint64_t w = (uint64_t)e->amount * ((e->pn == 0 || e->dn == 0) ? 4 : 1);
				if (!victim ||
				    w < (uint64_t)victim->amount * ((victim->pn == 0 || victim->dn == 0) ? 4 : 1))
					victim = e;
			}
			outcome = TT_REPLACED;
		}
	} else if (victim->amount > amt) {
		amt = victim->amount;
	}
	victim->key = key;
	victim->hand = h;
	if (tt->shared && !resolved && !victim_is_new && victim->pn != 0 && victim->dn != 0 && victim->hand == hand) {
		/* several threads: keep the larger of two open estimates, so that
		 * a thread that searched the node less does not undo what another
		 * learned (see TT.shared) */
		if (victim->pn > pn)
			pn = victim->pn;
		if (victim->dn > dn)
			dn = victim->dn;
	}
	victim->pn = (uint32_t)(pn > PNDN_INF ? PNDN_INF : pn);
	victim->dn = (uint32_t)(dn > PNDN_INF ? PNDN_INF : dn);
	victim->len = (uint16_t)len;
	victim->amount = amt;
	victim->gen = tt->gen;
	int at = (int)(victim - bucket);
	TTSlot *slot = at < TT_BUCKET_SIZE ? &b[at] : &sb[at - TT_BUCKET_SIZE];
	if (victim_is_new) {
		/* a new entry keeps its bucket's mark of a spill */
		victim->flags = spilled(tt, at < TT_BUCKET_SIZE ? bucket : bucket + TT_BUCKET_SIZE) ? TT_FLAG_SPILL : 0;
	}
	if (resolved)
		victim->flags = (uint16_t)((victim->flags & ~TT_FLAG_BOUNDING) | mine.flags);
	slot_store(slot, victim);
	return outcome;
}

/* The slot of the open entry of exactly (key, hand) and that entry in *e,
 * or NULL. */
static TTSlot *find_open(const TT *tt, uint64_t key, Hand hand, TTEntry *e)
{
	TTSlot *b = bucket_of(tt, key);
	bool spill = false;
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		*e = slot_load(&b[i]);
		if (live(tt, e) && e->key == key && e->hand == hand && e->pn != 0 && e->dn != 0)
			return &b[i];
		spill |= live(tt, e) && (e->flags & TT_FLAG_SPILL);
	}
	TTSlot *sb = spill ? spill_of(tt, b) : NULL;
	for (int i = 0; sb && i < TT_BUCKET_SIZE; i++) {
		*e = slot_load(&sb[i]);
		if (live(tt, e) && e->key == key && e->hand == hand && e->pn != 0 && e->dn != 0)
			return &sb[i];
	}
	return NULL;
}

void tt_mark_rep(TT *tt, uint64_t key, Hand hand)
{
	TTEntry e;
	TTSlot *s = find_open(tt, key, hand, &e);
	if (!s) {
		tt_store(tt, &(TTRecord){.key = key, .hand = hand, .result_hand = hand, .pn = 1, .dn = 1});
		s = find_open(tt, key, hand, &e); /* NULL if a result for hand blocked it */
	}
	if (s) {
		e.flags |= TT_FLAG_REP;
		slot_store(s, &e);
	}
}

/* Slots in use per mille of the first (top: the last) TT_HASHFULL_SAMPLE
 * of the part in use, or of all of a smaller one. */
static int sampled_load(const TT *tt, bool top)
{
	size_t total = tt->nbuckets * TT_BUCKET_SIZE;
	size_t n = total < TT_HASHFULL_SAMPLE ? total : TT_HASHFULL_SAMPLE, used = 0;
	const TTSlot *s = &tt->entries[top ? total - n : 0];
	for (size_t i = 0; i < n; i++) {
		TTEntry e = slot_load(&s[i]);
		used += live(tt, &e);
	}
	return (int)(used * 1000 / n);
}

int tt_load(const TT *tt) { return sampled_load(tt, false); }

int tt_hashfull(const TT *tt) { return (int)((size_t)sampled_load(tt, true) * tt->nbuckets / tt->capacity); }

/* Puts the live entry e (of a table being grown) into its bucket under the
 * new count: a free slot there, else one of the next bucket (the home
 * bucket marked spilled, as tt_store does), else in place of the entry of
 * least effort of the two, e itself dropped when it has less. */
static void grow_place(TT *tt, TTEntry e)
{
	TTSlot *b = bucket_of(tt, e.key), *sb = spill_of(tt, b);
	TTEntry home[TT_BUCKET_SIZE], next[TT_BUCKET_SIZE];
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		home[i] = slot_load(&b[i]);
	e.flags &= (uint16_t)~TT_FLAG_SPILL;
	TTEntry *slot = free_slot(tt, home);
	if (slot) {
		e.flags |= spilled(tt, home) ? TT_FLAG_SPILL : 0;
		slot_store(&b[slot - home], &e);
		return;
	}
	if (sb) {
		for (int i = 0; i < TT_BUCKET_SIZE; i++)
			next[i] = slot_load(&sb[i]);
		if ((slot = free_slot(tt, next)) != NULL) {
			mark_spilled(tt, b, home);
			e.flags |= spilled(tt, next) ? TT_FLAG_SPILL : 0;
			slot_store(&sb[slot - next], &e);
			return;
		}
	}
	/* both full: the home bucket's entry of least effort goes, if less
	 * than e's (resolved entries weigh four times) */
	uint64_t we = (uint64_t)e.amount * ((e.pn == 0 || e.dn == 0) ? 4 : 1);
	int least = -1;
	uint64_t wl = we;
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		uint64_t w = (uint64_t)home[i].amount * ((home[i].pn == 0 || home[i].dn == 0) ? 4 : 1);
		if (w < wl) {
			wl = w;
			least = i;
		}
	}
	if (least >= 0) {
		e.flags |= home[least].flags & TT_FLAG_SPILL;
		slot_store(&b[least], &e);
	}
}

bool tt_grow_begin(TT *tt, TTGrow *g)
{
	size_t n = tt->nbuckets;
	if (2 * n > tt->capacity)
		return false;
	g->hashfull = tt_hashfull(tt);
	/* bucket 0 first, kept aside: the entries of bucket 1 that spilled
	 * from it, and of the top bucket spilling round, may land there */
	static const TTEntry EMPTY = {0};
	for (int i = 0; i < TT_BUCKET_SIZE; i++) {
		g->zero[i] = slot_load(&tt->entries[i]);
		slot_store(&tt->entries[i], &EMPTY);
	}
	tt->nbuckets = 2 * n;
	g->next = n - 1;
	return true;
}

bool tt_grow_step(TT *tt, TTGrow *g, size_t buckets)
{
	static const TTEntry EMPTY = {0};
	/* from the top down: the buckets old bucket j's entries go to (2j,
	 * 2j + 1, or 2j - 2, 2j - 1 for those that spilled from j - 1, and
	 * the next one when full) are above j, already emptied, or bucket 0 */
	size_t last = g->next > buckets ? g->next - buckets + 1 : 1;
	/* a resident table: the new buckets these entries go to made resident
	 * at once, not a page fault at a time */
	size_t from = 2 * last - 2 > tt->nbuckets / 2 ? 2 * last - 2 : tt->nbuckets / 2;
	size_t to = 2 * g->next + 3 < tt->nbuckets ? 2 * g->next + 3 : tt->nbuckets;
	if (tt->resident && g->next >= last && from < to)
		populate(tt, from, to);
	for (; g->next >= last; g->next--) {
		TTSlot *b = &tt->entries[g->next * TT_BUCKET_SIZE];
		TTEntry e[TT_BUCKET_SIZE];
		for (int i = 0; i < TT_BUCKET_SIZE; i++) {
			e[i] = slot_load(&b[i]);
			slot_store(&b[i], &EMPTY);
		}
		for (int i = 0; i < TT_BUCKET_SIZE; i++)
			if (live(tt, &e[i]))
				grow_place(tt, e[i]);
	}
	if (g->next > 0)
		return false;
	tt_grow_end(tt, g);
	return true;
}

void tt_grow_end(TT *tt, TTGrow *g)
{
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		if (live(tt, &g->zero[i]))
			grow_place(tt, g->zero[i]);
	g->next = 0;
	memset(g->zero, 0, sizeof g->zero);
}

bool tt_grow(TT *tt)
{
	TTGrow g;
	if (!tt_grow_begin(tt, &g))
		return false;
	while (!tt_grow_step(tt, &g, SIZE_MAX))
		;
	return true;
}
