/*
 * test_path.c -- the search path (solver/path.h): push, pop, find (through
 * the counting filter and the exact keys), the boards come back to with no
 * more in the attacker's hand, and the path keys it keeps for the
 * repetition table (reptable.h).
 */
#include "testutil.h"

#include "path.h"

static Path path; /* large: static */

static void test_push_find_pop(void **state)
{
	(void)state;
	path_reset(&path);
	assert_int_equal(path.len, 0);
	assert_int_equal(path_find(&path, 42), -1);
	path_push_keys(&path, 100, 100, 0, MOVE_NONE);
	path_push_keys(&path, 200, 200, 0, (Move)7);
	path_push_keys(&path, 300, 300, 0, (Move)8);
	assert_int_equal(path.len, 3);
	assert_int_equal(path_find(&path, 100), 0);
	assert_int_equal(path_find(&path, 200), 1);
	assert_int_equal(path_find(&path, 300), 2);
	assert_false(path_contains(&path, 400));
	/* a key met twice: the deepest index */
	path_push_keys(&path, 200, 200, 0, (Move)9);
	assert_int_equal(path_find(&path, 200), 3);
	path_pop(&path);
	assert_int_equal(path_find(&path, 200), 1);
	path_pop(&path);
	path_pop(&path);
	assert_false(path_contains(&path, 200));
	assert_false(path_contains(&path, 300));
	assert_true(path_contains(&path, 100));
}

static void test_filter_collisions(void **state)
{
	(void)state;
	path_reset(&path);
	/* keys with the same top bits share a filter slot: the exact keys decide */
	const uint64_t top = (uint64_t)0xabcd << 48;
	assert_int_equal(path_slot(top | 1), path_slot(top | 2));
	path_push_keys(&path, top | 1, top | 1, 0, MOVE_NONE);
	assert_true(path_contains(&path, top | 1));
	assert_false(path_contains(&path, top | 2));
	path_push_keys(&path, top | 2, top | 2, 0, (Move)5);
	path_pop(&path);
	/* the slot still counts the first key after the second left */
	assert_true(path_contains(&path, top | 1));
	assert_false(path_contains(&path, top | 2));
	path_pop(&path);
	assert_false(path_contains(&path, top | 1));
	/* path_reset forgets everything */
	path_push_keys(&path, 5, 5, 0, MOVE_NONE);
	path_reset(&path);
	assert_false(path_contains(&path, 5));
}

static void test_path_keys(void **state)
{
	(void)state;
	path_reset(&path);
	path_push_keys(&path, 1, 1, 0, MOVE_NONE);
	assert_true(path_top_hash(&path) == 0); /* the root's path key */
	uint64_t expect = path_child_hash(&path, (Move)77);
	assert_true(expect == rt_path_key(0, 77));
	path_push_keys(&path, 2, 2, 0, (Move)77);
	assert_true(path_top_hash(&path) == expect);
	/* the same position reached by another move has another path key */
	path_pop(&path);
	path_push_keys(&path, 2, 2, 0, (Move)78);
	assert_true(path_top_hash(&path) != expect);
	/* a path key depends on the whole line */
	path_push_keys(&path, 3, 3, 0, (Move)79);
	uint64_t deep = path_top_hash(&path);
	path_pop(&path);
	path_pop(&path);
	path_push_keys(&path, 2, 2, 0, (Move)77);
	path_push_keys(&path, 3, 3, 0, (Move)79);
	assert_true(path_top_hash(&path) != deep);
	assert_true(path_top_hash(&path) == rt_path_key(rt_path_key(0, 77), 79));
}

/* path_find_inferior: the same board with the attacker holding no more
 * than at an earlier index; a larger or incomparable hand is no match. */
static void test_find_inferior(void **state)
{
	(void)state;
	Hand p2 = hand_add(hand_add(0, PAWN), PAWN), p1 = hand_add(0, PAWN), g1 = hand_add(0, GOLD);
	path_reset(&path);
	path_push_keys(&path, 1000, 500, p2, MOVE_NONE);
	path_push_keys(&path, 1001, 600, 0, (Move)3);
	path_push_keys(&path, 1002, 500, g1, (Move)4);
	assert_int_equal(path_find_inferior(&path, 500, p2), 0); /* the same hand */
	assert_int_equal(path_find_inferior(&path, 500, p1), 0); /* fewer pawns */
	assert_int_equal(path_find_inferior(&path, 500, 0), 2);  /* the deepest */
	assert_int_equal(path_find_inferior(&path, 500, hand_add(p2, PAWN)), -1);
	assert_int_equal(path_find_inferior(&path, 500, hand_add(p1, GOLD)), -1);
	assert_int_equal(path_find_inferior(&path, 700, 0), -1); /* another board */
	path_pop(&path);
	assert_int_equal(path_find_inferior(&path, 500, g1), -1);
	path_pop(&path);
	path_pop(&path);
	assert_int_equal(path_find_inferior(&path, 500, 0), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_push_find_pop),
	    cmocka_unit_test(test_filter_collisions),
	    cmocka_unit_test(test_path_keys),
	    cmocka_unit_test(test_find_inferior),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
