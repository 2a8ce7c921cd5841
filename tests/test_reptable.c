/*
 * test_reptable.c -- the path-keyed repetition table (solver/reptable.h):
 * store and probe by path key, a bucket of RT_WAYS entries keeping the
 * results that cost the most nodes, the same key stored twice, rt_clear
 * (also across the 16-bit generation wrap); and rt_path_key, the key of a
 * child path.
 */
#include "testutil.h"

#include "reptable.h"

static void test_store_probe(void **state)
{
	(void)state;
	RepTable rt;
	/* 0 bytes asks for the smallest table: RT_WAYS * 256 entries */
	assert_int_equal(rt_init(&rt, 0), 0);
	assert_int_equal(rt.n, RT_WAYS * 256);
	int start = -1, len = -1;
	assert_false(rt_probe(&rt, 0x1234, &start, &len));
	rt_store(&rt, 0x1234, 3, 7, 10);
	assert_true(rt_probe(&rt, 0x1234, &start, &len));
	assert_int_equal(start, 3);
	assert_int_equal(len, 7);
	/* only the exact path key answers, even within the bucket */
	assert_false(rt_probe(&rt, 0x1235, &start, &len));
	assert_false(rt_probe(&rt, 0x1234 + rt.n, &start, &len));
	/* storing the same key again replaces its result in place */
	rt_store(&rt, 0x1234, 1, 0xffff, 5);
	assert_true(rt_probe(&rt, 0x1234, &start, &len));
	assert_int_equal(start, 1);
	assert_int_equal(len, 0xffff);
	/* lengths are kept within 0 .. 65535 */
	rt_store(&rt, 0x9999, 2, -5, 1);
	assert_true(rt_probe(&rt, 0x9999, &start, &len));
	assert_int_equal(len, 0);
	rt_store(&rt, 0x9999, 2, 1 << 20, 1);
	assert_true(rt_probe(&rt, 0x9999, &start, &len));
	assert_int_equal(len, 0xffff);
	rt_free(&rt);
}

static void test_bucket_keeps_costliest(void **state)
{
	(void)state;
	RepTable rt;
	assert_int_equal(rt_init(&rt, 0), 0);
	/* keys that differ only above the index bits share a bucket */
	const uint64_t base = 0x40, step = rt.n;
	const uint64_t amounts[RT_WAYS] = {10, 40, 30, 20};
	for (int i = 0; i < RT_WAYS; i++)
		rt_store(&rt, base + step * (uint64_t)i, i, 9, amounts[i]);
	int start, len;
	for (int i = 0; i < RT_WAYS; i++) {
		assert_true(rt_probe(&rt, base + step * (uint64_t)i, &start, &len));
		assert_int_equal(start, i);
	}
	/* a fifth result replaces the cheapest (10 nodes) */
	rt_store(&rt, base + step * RT_WAYS, 9, 9, 50);
	assert_false(rt_probe(&rt, base, &start, &len));
	for (int i = 1; i < RT_WAYS; i++)
		assert_true(rt_probe(&rt, base + step * (uint64_t)i, &start, &len));
	assert_true(rt_probe(&rt, base + step * RT_WAYS, &start, &len));
	assert_int_equal(start, 9);
	/* then the next cheapest (20 nodes), even for a cheap newcomer */
	rt_store(&rt, base + step * (RT_WAYS + 1), 8, 9, 5);
	assert_false(rt_probe(&rt, base + step * 3, &start, &len));
	assert_true(rt_probe(&rt, base + step * 1, &start, &len));
	assert_true(rt_probe(&rt, base + step * 2, &start, &len));
	assert_true(rt_probe(&rt, base + step * (RT_WAYS + 1), &start, &len));
	/* other buckets are untouched by all this */
	rt_store(&rt, base + 4, 1, 1, 1);
	assert_true(rt_probe(&rt, base + 4, &start, &len));
	assert_true(rt_probe(&rt, base + step * 2, &start, &len));
	rt_free(&rt);
}

static void test_clear(void **state)
{
	(void)state;
	RepTable rt;
	assert_int_equal(rt_init(&rt, 0), 0);
	int start, len;
	rt_store(&rt, 77, 1, 2, 3);
	assert_true(rt_probe(&rt, 77, &start, &len));
	rt_clear(&rt);
	assert_false(rt_probe(&rt, 77, &start, &len));
	/* 65,535 clears bring the generation counter back to the same value;
	 * the entry of that old generation must stay gone */
	rt_store(&rt, 78, 1, 2, 3);
	uint16_t gen = rt.gen;
	for (int i = 0; i < 65535; i++)
		rt_clear(&rt);
	assert_int_equal(rt.gen, gen);
	assert_false(rt_probe(&rt, 78, &start, &len));
	rt_free(&rt);
}

static void test_path_key(void **state)
{
	(void)state;
	/* a function of the parent key and the move: same inputs, same key;
	 * a different move or a different parent, a different key */
	uint64_t a = rt_path_key(0, 0x1234);
	assert_true(a == rt_path_key(0, 0x1234));
	assert_true(a != rt_path_key(0, 0x1235));
	assert_true(a != rt_path_key(1, 0x1234));
	/* the move order matters: paths, not sets of moves */
	uint64_t ab = rt_path_key(rt_path_key(0, 11), 22), ba = rt_path_key(rt_path_key(0, 22), 11);
	assert_true(ab != ba);
	/* move 0 from the root still changes the key (the +1 in the mix) */
	assert_true(rt_path_key(0, 0) != 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_store_probe),
	    cmocka_unit_test(test_bucket_keeps_costliest),
	    cmocka_unit_test(test_clear),
	    cmocka_unit_test(test_path_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
