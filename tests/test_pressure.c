/*
 * test_pressure.c -- no false answer under memory pressure: the ShogiBoardQ
 * 5- and 7-ply sets (audited exact lengths, "SFEN moves m1 ... mN") solved
 * with the smallest table, 1 MB (32,768 entries), where entries are replaced
 * (garbage collection by effort, tt.h) instead of kept.  Every answer must be
 * a proven mate of exactly N plies, or unknown; never another length, never
 * no mate.  A mate found after a limit stopped the minimality proof must not
 * be shorter than N either.  Then the same on a full table: filled by a
 * node-limited search, then never cleared, the 5-, 7- and 13-ply sets solved
 * on it; and a no-mate and a mate on the full table.  TSUME_QUICK (make asan) takes a sample.
 */
#include "testutil.h"

#include "dfpn.h"

static Dfpn *solver;
static DfpnResult result;

static int setup(void **state)
{
	(void)state;
	solver = dfpn_new(1);
	return solver ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	dfpn_free(solver);
	return 0;
}

typedef struct {
	int exact, unknown, max_hashfull;
} Tally;

/* Solves the first `limit` problems of the n-ply set; clear: a fresh table
 * per problem.  Fails on any answer other than mate n or unknown. */
static Tally run_set(int n, int limit, bool clear, uint64_t max_nodes)
{
	FILE *f = tu_open_shogiboardq(n);
	static char line[8192];
	static Position pos;
	Tally t = {0, 0, 0};
	int count = 0;
	while (count < limit && tu_read_line(f, line, sizeof line)) {
		if (line[0] == '#' || !line[0])
			continue;
		SfenError err;
		if (sfen_parse_root(&pos, line, &err, NULL) != SFEN_OK)
			fail_msg("%s: %s", line, err.message);
		if (clear)
			dfpn_clear(solver);
		DfpnLimits lim = {0};
		lim.max_nodes = max_nodes;
		DfpnStatus st = dfpn_solve(solver, &pos, &lim, &result);
		if (st == DFPN_NOMATE)
			fail_msg("%s: false no-mate (expected mate %d)", line, n);
		if (st == DFPN_MATE && result.len_minimal && result.len != n)
			fail_msg("%s: mate %d, expected %d", line, result.len, n);
		if (st == DFPN_MATE && !result.len_minimal && result.len < n)
			fail_msg("%s: mate within %d, shorter than the minimal %d", line, result.len, n);
		if (st == DFPN_MATE && result.len == n && result.len_minimal)
			t.exact++;
		else
			t.unknown++;
		if (result.hashfull > t.max_hashfull)
			t.max_hashfull = result.hashfull;
		count++;
	}
	fclose(f);
	assert_int_equal(count, limit);
	return t;
}

static void test_sets_1mb(void **state)
{
	(void)state;
	int limit = tu_quick() ? 100 : 1000;
	for (int n = 5; n <= 7; n += 2) {
		Tally t = run_set(n, limit, true, 0);
		print_message("ShogiBoardQ %d-ply, 1 MB table: %d exact, %d unknown, peak hashfull %d per mille\n", n,
		              t.exact, t.unknown, t.max_hashfull);
		assert_int_equal(t.exact + t.unknown, limit);
	}
}

/* Fills the table: a bare king in the centre against two bishops and four
 * silvers in hand (no defender pieces), node-limited.  Returns the status. */
static DfpnStatus fill_table(uint64_t nodes)
{
	static Position pos;
	tu_parse(&pos, "9/9/9/9/4k4/9/9/9/9 b 2B4S 1");
	DfpnLimits lim = {0};
	lim.max_nodes = nodes;
	DfpnStatus st = dfpn_solve(solver, &pos, &lim, &result);
	print_message("2B4S, 1 MB table: status %d after %llu nodes, hashfull %d per mille\n", st,
	              (unsigned long long)result.nodes, result.hashfull);
	return st;
}

/* The sets on a full table: filled first, then never cleared, so every new
 * entry replaces an old one (of this or another problem). */
static void test_full_table_sets(void **state)
{
	(void)state;
	int limit = tu_quick() ? 100 : 1000;
	dfpn_clear(solver);
	fill_table(100000);
	for (int n = 5; n <= 13; n += n == 7 ? 6 : 2) {
		Tally t = run_set(n, limit, false, 0);
		print_message(
		    "ShogiBoardQ %d-ply on the full 1 MB table: %d exact, %d unknown, peak hashfull %d per mille\n", n,
		    t.exact, t.unknown, t.max_hashfull);
		assert_true(t.max_hashfull >= 900);
	}
}

/* A node-limited search fills the 1 MB table, ends at exactly the limit, and the full table (not cleared) must still
 * give the right answers to the next problems: a proven no-mate (four silvers and four knights, about 50,000 nodes) and
 * a 15-ply mate. */
static void test_full_table(void **state)
{
	(void)state;
	static Position pos;
	uint64_t nodes = tu_quick() ? 100000 : 300000;
	dfpn_clear(solver);
	DfpnStatus st = fill_table(nodes);
	assert_true(st == DFPN_UNKNOWN || st == DFPN_MATE);
	if (st == DFPN_UNKNOWN) {
		assert_int_equal(result.reason, DFPN_STOP_NODES);
		assert_true(result.nodes >= nodes && result.nodes <= nodes + 4096); /* exactly nodes today */
		assert_true(result.hashfull >= 900);
	}
	DfpnLimits lim = {0};
	tu_parse(&pos, "9/9/9/9/4k4/9/9/9/9 b 4S4N 1");
	assert_int_equal(dfpn_solve(solver, &pos, &lim, &result), DFPN_NOMATE);
	tu_parse(&pos, "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1");
	assert_int_equal(dfpn_solve(solver, &pos, &lim, &result), DFPN_MATE);
	assert_int_equal(result.len, 15);
	assert_true(result.len_minimal);
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sets_1mb),
	    cmocka_unit_test(test_full_table_sets),
	    cmocka_unit_test(test_full_table),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
