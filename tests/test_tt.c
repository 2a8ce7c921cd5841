/*
 * test_tt.c -- the transposition table (solver/tt.h) against the rules its
 * header states:
 *  - hand superiority (Seo 1999; Nagai 2002): a proof stored under hand H
 *    answers a query whose hand holds at least H of every type, and no
 *    other; a disproof under H answers a query holding at most H;
 *  - length bounds: a proof of length L is used only when the remaining
 *    budget is >= L, a disproof "no mate within L" only when it is <= L;
 *    a bounded disproof never replaces a proof of the same position;
 *  - tt_clear starts a new generation (also across the 16-bit wrap);
 *  - a bucket full of one board's hands spills into a free slot of the
 *    next one, where its entries are found; otherwise a full bucket gives
 *    up its entry of least effort, resolved entries weighing four times as
 *    much as open ones;
 *  - under a rule whose lengths are not monotone (TT.rule nogain),
 *    "no mate at all" and proofs counted under the bounding rule
 *    (TT_FLAG_BOUNDING) still hold across hands, the rule's own lengths
 *    for their own hand only; a search counting under the bounding rule
 *    takes no proof of the rule's count;
 *  - a doubling keeps the entries; done a step at a time it leaves the
 *    table slot for slot as in one go; ended midway, every entry it finds
 *    is one stored (true: none is changed), the table reads as doubled
 *    (tt_hashfull) and goes on working;
 *  - tt_mark_rep, tt_hashfull.
 * Keys and hands are made up: the table never looks inside them.
 */
#include "testutil.h"

#include "reptable.h"
#include "tt.h"

static TT tt;

static int setup(void **state)
{
	(void)state;
	return tt_init(&tt, (size_t)1 << 20);
}

static int teardown(void **state)
{
	(void)state;
	tt_free(&tt);
	return 0;
}

/* Each test starts from an empty table. */
static int fresh(void **state)
{
	(void)state;
	tt_clear(&tt);
	return 0;
}

static void store_proof(TT *t, uint64_t key, Hand hand, Hand proof, int len, uint64_t amount)
{
	tt_store(
	    t,
	    &(TTRecord){
	        .key = key, .hand = hand, .result_hand = proof, .pn = 0, .dn = PNDN_INF, .len = len, .amount = amount});
}

static void store_disproof(TT *t, uint64_t key, Hand hand, Hand dis, int len, uint64_t amount)
{
	tt_store(
	    t,
	    &(TTRecord){
	        .key = key, .hand = hand, .result_hand = dis, .pn = PNDN_INF, .dn = 0, .len = len, .amount = amount});
}

static TTStoreOutcome store_open(TT *t, uint64_t key, Hand hand, PnDn pn, PnDn dn, uint64_t amount)
{
	return tt_store(
	    t, &(TTRecord){.key = key, .hand = hand, .result_hand = hand, .pn = pn, .dn = dn, .amount = amount});
}

static bool proven(const TT *t, uint64_t key, Hand hand, int remain) { return tt_probe(t, key, hand, remain).pn == 0; }

static bool disproven(const TT *t, uint64_t key, Hand hand, int remain)
{
	return tt_probe(t, key, hand, remain).dn == 0;
}

static void test_proof_hand_superiority(void **state)
{
	(void)state;
	const uint64_t key = 0x1234567890abcdefULL;
	Hand gs = tu_hand(0, 0, 0, 1, 1, 0, 0); /* G + S */
	/* stored from a position holding G S 2P, proven with G S */
	store_proof(&tt, key, tu_hand(2, 0, 0, 1, 1, 0, 0), gs, 5, 10);
	/* more of everything, or exactly the proof hand: proven */
	assert_true(proven(&tt, key, gs, 5));
	assert_true(proven(&tt, key, tu_hand(1, 0, 0, 1, 1, 0, 0), 5));
	assert_true(proven(&tt, key, tu_hand(18, 4, 4, 4, 4, 2, 2), 5));
	TTProbe p = tt_probe(&tt, key, tu_hand(3, 0, 0, 2, 2, 0, 0), 5);
	assert_true(p.found);
	assert_int_equal(p.len, 5);
	assert_int_equal(p.hand, gs); /* the proof hand, not the query's */
	/* less of one type, even with more of others: not proven */
	assert_false(proven(&tt, key, tu_hand(0, 0, 0, 0, 1, 0, 0), 5));
	assert_false(proven(&tt, key, tu_hand(18, 4, 4, 4, 0, 2, 2), 5));
	assert_false(proven(&tt, key, tu_hand(0, 0, 0, 0, 2, 0, 0), 5));
	/* another board key: nothing */
	assert_false(tt_probe(&tt, key ^ 1, gs, 5).found);
}

static void test_disproof_hand_superiority(void **state)
{
	(void)state;
	const uint64_t key = 0x0fedcba987654321ULL;
	Hand gs = tu_hand(0, 0, 0, 1, 1, 0, 0);
	/* stored from a position holding G, disproven for up to G S */
	store_disproof(&tt, key, tu_hand(0, 0, 0, 0, 1, 0, 0), gs, TT_LEN_INF, 10);
	assert_true(disproven(&tt, key, gs, 7));
	assert_true(disproven(&tt, key, tu_hand(0, 0, 0, 0, 1, 0, 0), 7));
	assert_true(disproven(&tt, key, tu_hand(0, 0, 0, 1, 0, 0, 0), 7));
	assert_true(disproven(&tt, key, 0, 7));
	assert_int_equal(tt_probe(&tt, key, 0, 7).hand, gs);
	/* more of any type than the disproof hand: unknown */
	assert_false(disproven(&tt, key, tu_hand(1, 0, 0, 0, 0, 0, 0), 7));
	assert_false(disproven(&tt, key, tu_hand(0, 0, 0, 0, 2, 0, 0), 7));
	assert_false(disproven(&tt, key, tu_hand(0, 0, 0, 1, 1, 0, 1), 7));
}

/* Under nogain (TT.rule): "no mate at all" holds for every smaller
 * hand (whether a mate exists is the same under every rule, and monotone);
 * a bounded disproof and a proof of the rule's own count hold for their own
 * hand only. */
static void test_exact_hands_monotone_facts(void **state)
{
	(void)state;
	tt.rule = DFPN_FUTILE_NOGAIN;
	const uint64_t key = 0x5a5a5a5a12345678ULL, key2 = key ^ 0x100;
	Hand g = tu_hand(0, 0, 0, 0, 1, 0, 0), gs = tu_hand(0, 0, 0, 1, 1, 0, 0), gsp = tu_hand(1, 0, 0, 1, 1, 0, 0);
	store_disproof(&tt, key, g, gs, TT_LEN_INF, 10);
	assert_true(disproven(&tt, key, g, 9));
	assert_true(disproven(&tt, key, tu_hand(0, 0, 0, 1, 0, 0, 0), 9)); /* a smaller hand */
	assert_true(disproven(&tt, key, 0, 9));
	assert_false(disproven(&tt, key, gsp, 9));
	/* a bounded disproof: its own hand only */
	store_disproof(&tt, key2, gs, gsp, 7, 10);
	assert_true(disproven(&tt, key2, gs, 7));
	assert_false(disproven(&tt, key2, g, 7));
	/* a proof of the rule's count: its own hand only */
	store_proof(&tt, key2, gsp, g, 5, 10);
	assert_true(proven(&tt, key2, gsp, 5));
	assert_false(proven(&tt, key2, tu_hand(2, 0, 0, 1, 1, 0, 0), 5));
	assert_false(proven(&tt, key2, tu_hand(1, 0, 0, 1, 2, 0, 0), 9));
	tt.rule = DFPN_FUTILE_NONE;
}

/* Under nogain, a proof found while counting under the bounding rule
 * (TT.bounding, narrow) holds for every larger hand in both counts, and
 * bounds the rule's length from above; a search counting under the
 * bounding rule takes no proof of the rule's own count (a nogain length
 * bounds no narrow one), and keeps both kinds of proof apart. */
static void test_bounding_count(void **state)
{
	(void)state;
	tt.rule = DFPN_FUTILE_NOGAIN;
	const uint64_t key = 0x0123456789abcdefULL, key2 = key ^ 0x200;
	Hand g = tu_hand(0, 0, 0, 0, 1, 0, 0), gs = tu_hand(0, 0, 0, 1, 1, 0, 0), big = tu_hand(3, 1, 0, 2, 2, 0, 0);
	tt.bounding = true;
	store_proof(&tt, key, gs, g, 9, 10);
	assert_true(proven(&tt, key, gs, 9));
	assert_true(proven(&tt, key, big, 9)); /* monotone */
	assert_false(proven(&tt, key, big, 7));
	/* a bounded disproof of the bounding count: across hands while
	 * counting under it, not in the rule's count */
	store_disproof(&tt, key2, g, gs, 6, 10);
	assert_true(disproven(&tt, key2, 0, 6));
	tt.bounding = false;
	assert_false(disproven(&tt, key2, 0, 6));
	assert_false(disproven(&tt, key2, g, 6));
	/* the rule's count: the bounding proof is a mate within 9 there too */
	assert_true(proven(&tt, key, big, 9));
	TTProbe p = tt_probe(&tt, key, big, 20);
	assert_int_equal(p.len, 9);
	/* a shorter proof of the rule's count, own hand, sits beside it */
	store_proof(&tt, key, big, g, 5, 10);
	assert_int_equal(tt_probe(&tt, key, big, 20).len, 5);
	assert_true(proven(&tt, key, tu_hand(3, 1, 0, 2, 3, 0, 0), 9));
	assert_false(proven(&tt, key, tu_hand(3, 1, 0, 2, 3, 0, 0), 7));
	/* counting under the bounding rule again: the rule's proof is not taken */
	tt.bounding = true;
	assert_false(proven(&tt, key, big, 7));
	assert_int_equal(tt_probe(&tt, key, big, 20).len, 9);
	tt.bounding = false;
	tt.rule = DFPN_FUTILE_NONE;
}

/* A position's interval under nogain, in slots of its own: "mate within
 * 9" counted under the bounding rule (stored under its proof hand G: every
 * larger hand), "no mate within 3" of nogain's count and the pn/dn of a
 * search between them (its own hand G S), "mate within 7" of nogain's
 * count for G S P; each answers the queries it holds for. */
static void test_interval_entry(void **state)
{
	(void)state;
	tt.rule = DFPN_FUTILE_NOGAIN;
	const uint64_t key = 0x7777000011112222ULL;
	Hand g = tu_hand(0, 0, 0, 0, 1, 0, 0), gs = tu_hand(0, 0, 0, 1, 1, 0, 0), gsp = tu_hand(1, 0, 0, 1, 1, 0, 0);
	tt.bounding = true;
	store_proof(&tt, key, gs, g, 9, 10);
	tt.bounding = false;
	store_proof(&tt, key, gsp, g, 7, 10);
	store_disproof(&tt, key, gs, gsp, 3, 10);
	assert_int_equal(store_open(&tt, key, gs, 7, 2, 30), TT_NEW);
	TTProbe p = tt_probe(&tt, key, gs, 5);
	assert_true(p.found);
	assert_int_equal(p.pn, 7);
	assert_int_equal(p.dn, 2);
	assert_int_equal(tt_probe(&tt, key, gs, 12).len, 9);
	assert_false(proven(&tt, key, gs, 8));
	assert_true(disproven(&tt, key, gs, 3));
	assert_int_equal(tt_probe(&tt, key, gs, 1).len, 3);
	/* G S P: its own nogain proof, the shorter; G: no disproof of G S */
	assert_int_equal(tt_probe(&tt, key, gsp, 12).len, 7);
	assert_true(proven(&tt, key, gsp, 7));
	assert_false(disproven(&tt, key, gsp, 3));
	assert_false(disproven(&tt, key, g, 3));
	assert_true(proven(&tt, key, g, 9));
	tt.rule = DFPN_FUTILE_NONE;
}

static void test_length_bounds(void **state)
{
	(void)state;
	const uint64_t key = 0x5555aaaa5555aaaaULL;
	const uint64_t key2 = 0xaaaa5555aaaa5555ULL;
	Hand h = tu_hand(1, 0, 0, 0, 1, 0, 0);
	/* a mate of 7 plies answers "mate within 7" and "within 9", not "within 5" */
	store_proof(&tt, key, h, h, 7, 10);
	assert_true(proven(&tt, key, h, 7));
	assert_true(proven(&tt, key, h, 9));
	assert_false(proven(&tt, key, h, 5));
	assert_false(disproven(&tt, key, h, 5));
	/* "no mate within 5" answers budgets 5 and 3, not 7 */
	store_disproof(&tt, key2, h, h, 5, 10);
	assert_true(disproven(&tt, key2, h, 5));
	assert_true(disproven(&tt, key2, h, 3));
	assert_false(disproven(&tt, key2, h, 7));
	assert_false(proven(&tt, key2, h, 7));
	/* a length is kept within 0 .. TT_LEN_INF */
	store_disproof(&tt, key2 + 1, h, h, 100000, 10);
	assert_int_equal(tt_probe(&tt, key2 + 1, h, 3).len, TT_LEN_INF);
}

static void test_bounded_disproof_keeps_proof(void **state)
{
	(void)state;
	const uint64_t key = 0x0123012301230123ULL;
	Hand h = tu_hand(0, 0, 0, 0, 2, 0, 0);
	/* mate in 9, then the re-search finds no mate within 7: both are true */
	store_proof(&tt, key, h, h, 9, 50);
	store_disproof(&tt, key, h, h, 7, 500);
	assert_true(proven(&tt, key, h, 9));
	assert_int_equal(tt_probe(&tt, key, h, 9).len, 9);
	assert_true(disproven(&tt, key, h, 7));
	assert_true(disproven(&tt, key, h, 5));
	/* open values for the same hand do not replace the proof either */
	store_open(&tt, key, h, 3, 4, 1000);
	assert_true(proven(&tt, key, h, 9));
}

static void test_clear_generations(void **state)
{
	(void)state;
	const uint64_t key = 0x7777777777777777ULL;
	Hand h = tu_hand(0, 0, 0, 1, 0, 0, 0);
	store_proof(&tt, key, h, h, 3, 10);
	assert_true(proven(&tt, key, h, 3));
	tt_clear(&tt);
	assert_false(tt_probe(&tt, key, h, 3).found);
	assert_int_equal(tt_hashfull(&tt), 0);
	/* the generation counter runs through 1 .. 65535: 65,535 clears bring
	 * it back to the generation an entry was stored in, which must not
	 * make the entry come back */
	store_proof(&tt, key, h, h, 3, 10);
	uint16_t gen = tt.gen;
	for (int i = 0; i < 65535; i++)
		tt_clear(&tt);
	assert_int_equal(tt.gen, gen);
	assert_false(tt_probe(&tt, key, h, 3).found);
	store_proof(&tt, key, h, h, 3, 10);
	assert_true(proven(&tt, key, h, 3));
}

static void test_full_bucket_keeps_costliest(void **state)
{
	(void)state;
	TT small;
	/* 256 bytes: one bucket of TT_BUCKET_SIZE entries, every key lands there */
	assert_int_equal(tt_init(&small, 256), 0);
	assert_int_equal(small.nbuckets, 1);
	Hand h = tu_hand(1, 0, 0, 0, 0, 0, 0);
	/* fill the bucket with open entries of effort 10, 20, ..., 80 */
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		assert_int_equal(store_open(&small, 100 + (uint64_t)i, h, 2, 2, 10 * (uint64_t)(i + 1)), TT_NEW);
	assert_int_equal(tt_hashfull(&small), 1000);
	/* a new entry replaces the cheapest one (effort 10) */
	assert_int_equal(store_open(&small, 200, h, 2, 2, 1000), TT_REPLACED);
	assert_false(tt_probe(&small, 100, h, 0).found);
	for (int i = 1; i < TT_BUCKET_SIZE; i++)
		assert_true(tt_probe(&small, 100 + (uint64_t)i, h, 0).found);
	assert_true(tt_probe(&small, 200, h, 0).found);
	/* the same position again rewrites its own slot */
	assert_int_equal(store_open(&small, 200, h, 3, 3, 1000), TT_UPDATED);
	/* eight costlier entries push out all the old ones */
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		store_open(&small, 300 + (uint64_t)i, h, 2, 2, 5000);
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		assert_false(tt_probe(&small, 100 + (uint64_t)i, h, 0).found);
	assert_false(tt_probe(&small, 200, h, 0).found);
	for (int i = 0; i < TT_BUCKET_SIZE; i++)
		assert_true(tt_probe(&small, 300 + (uint64_t)i, h, 0).found);

	/* a resolved entry weighs four times its effort: a proof of effort 100
	 * outlives open entries of effort 200 */
	tt_clear(&small);
	store_proof(&small, 1, h, h, 1, 100);
	for (int i = 0; i < TT_BUCKET_SIZE - 1; i++)
		store_open(&small, 10 + (uint64_t)i, h, 2, 2, 200);
	for (int i = 0; i < 3; i++)
		store_open(&small, 50 + (uint64_t)i, h, 2, 2, 10000);
	assert_true(proven(&small, 1, h, 1));
	int left = 0;
	for (int i = 0; i < TT_BUCKET_SIZE - 1; i++)
		left += tt_probe(&small, 10 + (uint64_t)i, h, 0).found;
	assert_int_equal(left, TT_BUCKET_SIZE - 1 - 3);
	tt_free(&small);
}

static void test_full_bucket_spills(void **state)
{
	(void)state;
	TT two;
	/* 512 bytes: two buckets; a key below 2^63 lands in the first */
	assert_int_equal(tt_init(&two, 512), 0);
	assert_int_equal(two.nbuckets, 2);
	const uint64_t key = 7, other = (uint64_t)1 << 63 | 9;
	/* twelve hands of one board: the first bucket is full at eight, the
	 * other four go to the next bucket, and every one is found */
	for (int i = 0; i < 12; i++)
		assert_int_equal(store_open(&two, key, tu_hand(i, 0, 0, 0, 0, 0, 0), 3 + (PnDn)i, 5, 10), TT_NEW);
	for (int i = 0; i < 12; i++) {
		TTProbe p = tt_probe(&two, key, tu_hand(i, 0, 0, 0, 0, 0, 0), 0);
		assert_true(p.found);
		assert_int_equal(p.pn, 3 + i);
	}
	/* a proof of a thirteenth hand spills too and holds */
	Hand g = tu_hand(0, 0, 0, 0, 0, 0, 1);
	store_proof(&two, key, g, g, 5, 10);
	assert_true(proven(&two, key, g, 5));
	/* the second bucket's own keys still fit and are found; when both are
	 * full the entry of least effort goes, as in one bucket */
	assert_int_equal(store_open(&two, other, g, 2, 2, 1000), TT_NEW);
	assert_int_equal(store_open(&two, other + 1, g, 2, 2, 1000), TT_NEW);
	assert_int_equal(store_open(&two, other + 2, g, 2, 2, 1000), TT_NEW);
	assert_int_equal(tt_hashfull(&two), 1000);
	assert_int_equal(store_open(&two, other + 3, g, 2, 2, 1000), TT_REPLACED);
	assert_true(tt_probe(&two, other, g, 0).found);
	assert_true(tt_probe(&two, other + 3, g, 0).found);
	/* the replaced entry was an open one of effort 10 (the proof, of
	 * effort 10 too, weighs four times as much) */
	assert_true(proven(&two, key, g, 5));
	int left = 0;
	for (int i = 0; i < 12; i++)
		left += tt_probe(&two, key, tu_hand(i, 0, 0, 0, 0, 0, 0), 0).found;
	assert_int_equal(left, 11);
	/* tt_mark_rep finds an open entry in the second bucket */
	tt_mark_rep(&two, key, tu_hand(11, 0, 0, 0, 0, 0, 0));
	assert_true(tt_probe(&two, key, tu_hand(11, 0, 0, 0, 0, 0, 0), 0).maybe_rep);
	tt_free(&two);
}

static void test_mark_rep(void **state)
{
	(void)state;
	const uint64_t key = 0x3141592653589793ULL;
	Hand h = tu_hand(0, 1, 0, 0, 0, 0, 0);
	/* no entry yet: an open one with pn = dn = 1 is made and flagged */
	TTProbe p = tt_probe(&tt, key, h, 5);
	assert_false(p.found);
	assert_false(p.maybe_rep);
	tt_mark_rep(&tt, key, h);
	p = tt_probe(&tt, key, h, 5);
	assert_true(p.found);
	assert_true(p.maybe_rep);
	assert_int_equal(p.pn, 1);
	assert_int_equal(p.dn, 1);
	/* an existing open entry keeps its numbers and gains the flag */
	store_open(&tt, key + 1, h, 5, 3, 10);
	tt_mark_rep(&tt, key + 1, h);
	p = tt_probe(&tt, key + 1, h, 5);
	assert_true(p.maybe_rep);
	assert_int_equal(p.pn, 5);
	assert_int_equal(p.dn, 3);
	/* the flag belongs to the exact hand */
	assert_false(tt_probe(&tt, key + 1, tu_hand(0, 2, 0, 0, 0, 0, 0), 5).maybe_rep);
	/* a resolved entry is left alone */
	store_proof(&tt, key + 2, h, h, 3, 10);
	tt_mark_rep(&tt, key + 2, h);
	p = tt_probe(&tt, key + 2, h, 5);
	assert_int_equal(p.pn, 0);
	assert_false(p.maybe_rep);
}

static void test_open_values(void **state)
{
	(void)state;
	const uint64_t key = 0x2718281828459045ULL;
	Hand h = 0;
	/* an open entry holds the values last stored */
	store_open(&tt, key, h, 2, 3, 10);
	assert_int_equal(tt_probe(&tt, key, h, 0).pn, 2);
	store_open(&tt, key, h, 4, 3, 20);
	assert_int_equal(tt_probe(&tt, key, h, 0).pn, 4);
	assert_int_equal(tt_probe(&tt, key, h, 0).dn, 3);
	/* open values are for the exact hand only */
	assert_false(tt_probe(&tt, key, tu_hand(1, 0, 0, 0, 0, 0, 0), 0).found);
}

static void test_hashfull(void **state)
{
	(void)state;
	TT t;
	/* 4 buckets of 8 entries: 32 slots */
	assert_int_equal(tt_init(&t, 4 * TT_BUCKET_SIZE * sizeof(TTEntry)), 0);
	assert_int_equal(t.nbuckets, 4);
	assert_int_equal(tt_hashfull(&t), 0);
	/* keys spread over the buckets: key = b << 62 lands in bucket b */
	for (uint64_t b = 0; b < 4; b++)
		for (uint64_t i = 0; i < 4; i++)
			store_open(&t, (b << 62) | i, 0, 1, 1, 1);
	assert_int_equal(tt_hashfull(&t), 16 * 1000 / 32);
	/* storing the same position again takes no new slot */
	assert_int_equal(store_open(&t, 1, 0, 3, 3, 5), TT_UPDATED);
	assert_int_equal(tt_hashfull(&t), 500);
	tt_clear(&t);
	assert_int_equal(tt_hashfull(&t), 0);
	tt_free(&t);
}

/* Growing keeps the entries: a table of 8 MB starting at 64 KB, filled to
 * about 20 % with proofs, disproofs and open values of random keys (some
 * boards with two hands, one with twelve, whose bucket spills), doubled seven times
 * to its capacity; after each doubling every entry answers as before,
 * the load halves, and a clear starts again at 64 KB. */
static void test_grow_keeps_entries(void **state)
{
	(void)state;
	static TT g;
	assert_int_equal(tt_init(&g, (size_t)8 << 20), 0);
	tt_start_at(&g, (size_t)64 << 10);
	size_t first = g.nbuckets;
	assert_int_equal(first * TT_BUCKET_SIZE * sizeof(TTSlot), (size_t)64 << 10);
	enum { N = 400 };
	static uint64_t keys[N];
	uint64_t x = 0x243f6a8885a308d3ull;
	const uint64_t many = 0x9e3779b97f4a7c15ull; /* (below) */
	size_t mb = tt_bucket_index(&g, many);
	for (int i = 0; i < N; i++) {
		do /* not into many's buckets: they are its alone */
			x = x * 6364136223846793005ull + 1442695040888963407ull;
		while (tt_bucket_index(&g, x | 1) == mb || tt_bucket_index(&g, x | 1) == mb + 1);
		keys[i] = (i % 5 == 4) ? keys[i - 1] : (x | 1); /* every fifth: the board before, another hand */
		Hand h = (Hand)(i % 5 + 1);
		int kind = i % 5 >= 3 ? 2 : i % 3; /* a board with two hands: open values */
		if (kind == 0)
			store_proof(&g, keys[i], h, h, 2 * (i % 7) + 1, 10 + i);
		else if (kind == 1)
			store_disproof(&g, keys[i], h, h, 2 * (i % 7), 10 + i);
		else
			store_open(&g, keys[i], h, (PnDn)(i % 9 + 2), (PnDn)(i % 4 + 2), 10 + i);
	}
	/* one board with 12 hands: its home bucket spills into the next */
	for (int k = 0; k < 12; k++)
		store_open(&g, many, (Hand)(1u << k), 3, 4, 100);
	int load = tt_load(&g);
	int doublings = -1;
	do {
		doublings++;
		assert_int_equal(g.nbuckets, first << doublings);
		for (int i = 0; i < N; i++) {
			Hand h = (Hand)(i % 5 + 1);
			int kind = i % 5 >= 3 ? 2 : i % 3;
			TTProbe p = tt_probe(&g, keys[i], h, 2 * (i % 7) + (kind == 0));
			if (kind == 0)
				assert_true(p.pn == 0 && p.len == 2 * (i % 7) + 1);
			else if (kind == 1) {
				if (!(p.dn == 0 && p.len == 2 * (i % 7)))
					fail_msg("entry %d after %d doublings: pn %u dn %u len %d", i, doublings,
					         (unsigned)p.pn, (unsigned)p.dn, p.len);
			} else if (!(p.found && p.pn == (PnDn)(i % 9 + 2) && p.dn == (PnDn)(i % 4 + 2)))
				fail_msg("open entry %d after %d doublings: found %d pn %u dn %u", i, doublings,
				         p.found, (unsigned)p.pn, (unsigned)p.dn);
		}
		for (int k = 0; k < 12; k++) {
			TTProbe p = tt_probe(&g, many, (Hand)(1u << k), 0);
			if (!(p.found && p.pn == 3 && p.dn == 4))
				fail_msg("hand %d of the spilled board after %d doublings: found %d", k, doublings,
				         p.found);
		}
		if (doublings > 0)
			assert_true(tt_load(&g) <= load / 2 + 40);
		load = tt_load(&g);
	} while (tt_grow(&g));
	assert_int_equal(doublings, 7);
	assert_int_equal(g.nbuckets, g.capacity);
	tt_clear(&g);
	assert_int_equal(g.nbuckets, first);
	assert_false(tt_probe(&g, keys[0], 1, 100).found);
	tt_free(&g);
}

/* The facts of fill_grow's keys: a proof, a disproof or open values. */
enum { GROW_N = 2200 };
static uint64_t grow_keys[GROW_N];

static void grow_fact(int i, Hand *h, int *kind, int *len)
{
	*h = (Hand)(i % 5 + 1);
	*kind = i % 10 >= 8 ? 2 : i % 3; /* a board with two hands: open values */
	*len = 2 * (i % 7) + (*kind == 0);
}

/* Fills t (2,048 slots in use) past full: GROW_N made-up keys, proofs,
 * disproofs and open values, every tenth the board before with another
 * hand (both open values), effort varying (some replaced). */
static void fill_grow(TT *t)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < GROW_N; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		grow_keys[i] = (i % 10 == 9) ? grow_keys[i - 1] : (x | 1);
		Hand h;
		int kind, len;
		grow_fact(i, &h, &kind, &len);
		if (kind == 0)
			store_proof(t, grow_keys[i], h, h, len, 1 + i % 97);
		else if (kind == 1)
			store_disproof(t, grow_keys[i], h, h, len, 1 + i % 89);
		else
			store_open(t, grow_keys[i], h, (PnDn)(i % 9 + 2), (PnDn)(i % 4 + 2), 1 + i % 83);
	}
}

/* The entries of fill_grow that t answers (each answer checked: what was
 * stored, or nothing). */
static int grow_found(const TT *t)
{
	int found = 0;
	for (int i = 0; i < GROW_N; i++) {
		Hand h;
		int kind, len;
		grow_fact(i, &h, &kind, &len);
		TTProbe p = tt_probe(t, grow_keys[i], h, len);
		bool right = kind == 0   ? p.pn == 0 && p.len == len
		             : kind == 1 ? p.dn == 0 && p.len == len
		                         : p.pn == (PnDn)(i % 9 + 2) && p.dn == (PnDn)(i % 4 + 2);
		if (!p.found)
			continue;
		if (!right)
			fail_msg("entry %d (kind %d): pn %u dn %u len %d", i, kind, (unsigned)p.pn, (unsigned)p.dn,
			         p.len);
		found++;
	}
	return found;
}

/* A doubling a step at a time (tt_grow_step, 3 buckets a step) leaves
 * every slot as tt_grow does, doubling after doubling; one ended midway
 * (tt_grow_end) answers only what was stored, most of it, its use read as
 * before (not twice that: tt_hashfull samples the buckets moved first),
 * and takes and answers new entries. */
static void test_grow_in_steps(void **state)
{
	(void)state;
	static TT a, b;
	assert_int_equal(tt_init(&a, (size_t)512 << 10), 0);
	assert_int_equal(tt_init(&b, (size_t)512 << 10), 0);
	tt_start_at(&a, (size_t)64 << 10);
	tt_start_at(&b, (size_t)64 << 10);
	assert_int_equal(a.nbuckets, 256);
	fill_grow(&a);
	fill_grow(&b);
	int doublings = 0, steps = 0;
	TTGrow g;
	while (tt_grow(&a)) {
		assert_true(tt_grow_begin(&b, &g));
		while (!tt_grow_step(&b, &g, 3))
			steps++;
		doublings++;
		assert_int_equal(a.nbuckets, b.nbuckets);
		for (size_t i = 0; i < a.capacity * TT_BUCKET_SIZE; i++)
			for (int w = 0; w < 4; w++)
				if (atomic_load(&a.entries[i].w[w]) != atomic_load(&b.entries[i].w[w]))
					fail_msg("doubling %d: slot %zu differs", doublings, i);
	}
	assert_int_equal(doublings, 3);
	assert_true(steps > 100);
	assert_false(tt_grow_begin(&b, &g)); /* at its capacity */
	int all = grow_found(&a);
	assert_true(all > GROW_N / 2);

	/* ended midway: the table of 128 KB, half in use and full, doubled
	 * a quarter of the way */
	static TT c;
	assert_int_equal(tt_init(&c, (size_t)128 << 10), 0);
	tt_start_at(&c, (size_t)64 << 10);
	assert_int_equal(c.nbuckets, 256);
	fill_grow(&c);
	int before = grow_found(&c), hashfull = tt_hashfull(&c);
	assert_true(hashfull > 400);
	assert_true(tt_grow_begin(&c, &g));
	assert_int_equal(g.hashfull, hashfull);
	for (int k = 0; k < 8; k++)
		assert_false(tt_grow_step(&c, &g, 8));
	tt_grow_end(&c, &g);
	assert_int_equal(c.nbuckets, 512);
	int after = grow_found(&c); /* (checks each answer) */
	print_message("ended midway: %d of %d entries found (%d before), hashfull %d (%d before)\n", after, GROW_N,
	              before, tt_hashfull(&c), hashfull);
	assert_true(after > before / 8 && after < before);
	assert_true(tt_hashfull(&c) > hashfull - 100 && tt_hashfull(&c) < hashfull + 100);
	for (uint64_t k = 1; k <= 200; k++)
		store_proof(&c, k * 0x5851f42d4c957f2dull, 7, 7, 9, 1000);
	for (uint64_t k = 1; k <= 200; k++)
		assert_true(proven(&c, k * 0x5851f42d4c957f2dull, 7, 9));
	grow_found(&c);
	tt_free(&a);
	tt_free(&b);
	tt_free(&c);
}

/* A slot torn by two stores (words of each mixed, as a concurrent write can
 * leave it) reads as a miss, never as a result neither store made
 * (TTSlot's XOR-checked key; the same for the repetition table). */
static void test_torn_slot_misses(void **state)
{
	(void)state;
	TT t;
	assert_int_equal(tt_init(&t, TT_BUCKET_SIZE * sizeof(TTSlot)), 0); /* one bucket */
	uint64_t key = 0x0123456789abcdefull;
	Hand h = tu_hand(1, 0, 0, 0, 0, 0, 0);
	/* a proof, then its words kept; then the open values of another hand */
	tt_store(&t,
	         &(TTRecord){.key = key, .hand = h, .result_hand = h, .pn = 0, .dn = PNDN_INF, .len = 5, .amount = 10});
	uint64_t proof[4];
	for (int w = 0; w < 4; w++)
		proof[w] = atomic_load(&t.entries[0].w[w]);
	tt_clear(&t);
	store_open(&t, key, 0, 7, 9, 10);
	uint64_t open[4];
	for (int w = 0; w < 4; w++)
		open[w] = atomic_load(&t.entries[0].w[w]);
	assert_true(tt_probe(&t, key, 0, 0).found);
	/* every mix of the two stores' words but the two whole ones */
	for (unsigned mask = 1; mask < 15; mask++) {
		for (int w = 0; w < 4; w++)
			atomic_store(&t.entries[0].w[w], (mask >> w & 1) ? proof[w] : open[w]);
		/* neither the proof nor the open values: a miss (the check
		 * word no longer gives the key) */
		TTProbe p = tt_probe(&t, key, h, 100);
		assert_false(p.found && p.pn == 0);
		TTProbe q = tt_probe(&t, key, 0, 100);
		assert_false(q.found);
	}
	tt_free(&t);

	RepTable rt;
	assert_int_equal(rt_init(&rt, 0), 0);
	uint64_t pk = 0xfedcba9876543210ull;
	int start, len;
	rt_store(&rt, pk, 3, 9, 100);
	RepSlot *slot = NULL;
	for (size_t i = 0; i < rt.n && !slot; i++)
		if (atomic_load(&rt.entries[i].w[0]) != 0)
			slot = &rt.entries[i];
	assert_non_null(slot);
	uint64_t a1 = atomic_load(&slot->w[1]);
	rt_store(&rt, pk, 7, 2, 100);
	assert_true(rt_probe(&rt, pk, &start, &len) && start == 7 && len == 2);
	atomic_store(&slot->w[1], a1); /* the first store's data under the second's check word */
	assert_false(rt_probe(&rt, pk, &start, &len));
	rt_free(&rt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup(test_proof_hand_superiority, fresh),
	    cmocka_unit_test_setup(test_disproof_hand_superiority, fresh),
	    cmocka_unit_test_setup(test_exact_hands_monotone_facts, fresh),
	    cmocka_unit_test_setup(test_bounding_count, fresh),
	    cmocka_unit_test_setup(test_interval_entry, fresh),
	    cmocka_unit_test_setup(test_length_bounds, fresh),
	    cmocka_unit_test_setup(test_bounded_disproof_keeps_proof, fresh),
	    cmocka_unit_test_setup(test_clear_generations, fresh),
	    cmocka_unit_test_setup(test_full_bucket_keeps_costliest, fresh),
	    cmocka_unit_test_setup(test_full_bucket_spills, fresh),
	    cmocka_unit_test_setup(test_mark_rep, fresh),
	    cmocka_unit_test_setup(test_open_values, fresh),
	    cmocka_unit_test_setup(test_hashfull, fresh),
	    cmocka_unit_test(test_grow_keeps_entries),
	    cmocka_unit_test(test_grow_in_steps),
	    cmocka_unit_test_setup(test_torn_slot_misses, fresh),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
