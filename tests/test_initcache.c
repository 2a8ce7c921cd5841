/*
 * test_initcache.c -- the cache of new nodes' initial values (initcache.h).
 *
 * The cache itself: a value comes back for the position, kind and rule it
 * was stored for and for nothing else (another hand, another kind, the
 * other rule, a slot taken by another position).  And the claim that makes
 * it safe to have: the search with the cache is the search without it --
 * on the ShogiBoardQ 7 and 9 ply sets and nshogi's no-mate and 11-ply sets, solved by
 * one context whose cache works and one whose cache is gone (every lookup
 * a miss), the status, length, main line and node count are the same.
 */
#include "testutil.h"

#include "context.h"
#include "dfpn.h"
#include "futile.h"
#include "initcache.h"

static void test_put_get(void **state)
{
	(void)state;
	InitCache c;
	assert_int_equal(ic_init(&c, 16 << 10), 0);
	assert_int_equal(c.mask + 1, 1024);
	Position pos;
	tu_parse(&pos, "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1");
	int a = -1, b = -1;
	assert_false(ic_get(&c, &pos, IC_MATE1, true, &a, &b));
	ic_put(&c, &pos, IC_MATE1, true, 17, 0);
	assert_true(ic_get(&c, &pos, IC_MATE1, true, &a, &b));
	assert_int_equal(a, 17);
	assert_int_equal(b, 0);
	/* the other rule and the other kind are other values */
	assert_false(ic_get(&c, &pos, IC_MATE1, false, &a, &b));
	assert_false(ic_get(&c, &pos, IC_EVASIONS, true, &a, &b));
	/* the same board with another hand */
	Position other;
	tu_parse(&other, "7gk/9/6P1+P/9/9/9/9/9/9 b GS2r2b2g3s4n4l16p 1");
	assert_false(ic_get(&c, &other, IC_MATE1, true, &a, &b));
	/* the side to move's hand is checked beside the key: a forged key
	 * with another hand misses */
	ICEntry *e = ic_slot(&c, ic_key(&pos, IC_MATE1, true));
	e->hand ^= 1;
	assert_false(ic_get(&c, &pos, IC_MATE1, true, &a, &b));
	e->hand ^= 1;
	/* a position whose key takes the same slot replaces the entry */
	ic_put(&c, &other, IC_EVASIONS, false, 3, 5);
	if (ic_slot(&c, ic_key(&other, IC_EVASIONS, false)) == e)
		assert_false(ic_get(&c, &pos, IC_MATE1, true, &a, &b));
	assert_true(ic_get(&c, &other, IC_EVASIONS, false, &a, &b));
	assert_int_equal(a, 3);
	assert_int_equal(b, 5);
	ic_free(&c);
	assert_null(c.e);
	/* freed: every lookup misses, a store is dropped */
	ic_put(&c, &pos, IC_MATE1, true, 1, 1);
	assert_false(ic_get(&c, &pos, IC_MATE1, true, &a, &b));
}

/* Solves the problems of the test data file rel (at most n) with a context that caches
 * and one that does not; they must agree in everything. */
static void same_tree(const char *rel, int n)
{
	FILE *f = tu_open_data(rel);
	Dfpn *with = dfpn_new(16), *without = dfpn_new(16);
	assert_non_null(with);
	assert_non_null(without);
	ic_free(&without->tree.ic);
	static DfpnResult a, b;
	char line[4096];
	Position root;
	const char *moves;
	int done = 0;
	while (done < n && tu_read_root(f, line, sizeof line, &root, &moves)) {
		dfpn_clear(with);
		dfpn_clear(without);
		DfpnLimits lim = {.max_nodes = 200000};
		dfpn_solve(with, &root, &lim, &a);
		dfpn_solve(without, &root, &lim, &b);
		if (a.status != b.status || a.len != b.len || a.nodes != b.nodes || a.pv_len != b.pv_len ||
		    memcmp(a.pv, b.pv, sizeof a.pv[0] * (size_t)a.pv_len) != 0)
			fail_msg("%s: with the cache %d len %d %llu nodes, without %d len %d %llu nodes", line,
			         a.status, a.len, (unsigned long long)a.nodes, b.status, b.len,
			         (unsigned long long)b.nodes);
		done++;
	}
	assert_true(done > 0);
	fclose(f);
	dfpn_free(with);
	dfpn_free(without);
}

static void test_same_tree_mates(void **state)
{
	(void)state;
	int n = tu_quick() ? 10 : 60;
	same_tree("problems/raw/shogiboardq/tsume_7ply_1000_20261001.txt", n);
	same_tree("problems/raw/shogiboardq/tsume_9ply_1000_20261001.txt", n);
}

static void test_same_tree_nomates(void **state)
{
	(void)state;
	same_tree("problems/raw/nshogi/test/no-mate-1-ply.txt", tu_quick() ? 10 : 60);
	same_tree("problems/raw/nshogi/test/mate-11-ply.txt", tu_quick() ? 10 : 60);
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_put_get),
	    cmocka_unit_test(test_same_tree_mates),
	    cmocka_unit_test(test_same_tree_nomates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
