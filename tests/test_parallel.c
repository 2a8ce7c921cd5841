/*
 * test_parallel.c -- one search on two threads (dfpn_set_threads) gives the
 * answers of one thread, on problem sets we did not write:
 *  - the mate/nomate rows of ../shared/problems/cases.tsv;
 *  - the ShogiBoardQ 9, 11 and 13-ply sets (audited exact lengths);
 *  - nshogi's no-mate set (no-mate-1-ply.txt: game positions with no mate in
 *    one; nearly all have none at all, a few a longer one), each search
 *    stopped at NSHOGI_NODES nodes: a run that a limit stopped on either
 *    side is counted as undecided, not compared (where a node limit stops
 *    two threads is not where it stops one).
 * Each problem is solved on one thread and then TSUME_THREAD_RUNS times
 * (default 1) on two threads whose helper joins every search at once
 * (dfpn_set_helper_start 0), so that races have every chance to show:
 * status, length and minimality must be the same and each main line a
 * legal mate of that length.  Under TSUME_QUICK the first 60 problems of
 * each set.  Also: dfpn_set_threads' range and a long problem (Zuko 43,
 * 85 plies) on two threads against its one-thread length.
 */
#include "testutil.h"

#include "dfpn.h"
#include "line.h"

static Dfpn *one, *two;

static int setup(void **state)
{
	(void)state;
	one = dfpn_new(64);
	two = dfpn_new(64);
	if (!one || !two || !dfpn_set_threads(two, 2))
		return -1;
	dfpn_set_helper_start(two, 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	dfpn_free(one);
	dfpn_free(two);
	return 0;
}

static int runs(void)
{
	const char *s = getenv("TSUME_THREAD_RUNS");
	int n = s ? atoi(s) : 1;
	return n < 1 ? 1 : n;
}

/* A main line of res->len plies from root: legal, checks, ends in mate
 * (line_replay, under d's futility rule). */
static void check_line(Dfpn *d, const Position *root, const DfpnResult *res, const char *what)
{
	static Position pos;
	pos_copy(&pos, root);
	LineCheck lc;
	if (res->pv_len != res->len)
		fail_msg("%s: main line has %d plies, length %d", what, res->pv_len, res->len);
	if (!line_replay(&pos, res->pv, res->pv_len, dfpn_line_mated, d, &lc))
		fail_msg("%s: the two-thread line is not a legal mating line", what);
}

static DfpnResult r1, r2;
static int undecided; /* runs a node limit stopped (compare with max_nodes) */

/* Solves pos on one and on two threads (runs() times), each search stopped
 * at max_nodes (0: no limit); returns the number of runs whose answer
 * differs from one thread's, after printing each. */
static int compare(const Position *pos, const char *what, uint64_t max_nodes)
{
	DfpnLimits lim = {.max_nodes = max_nodes};
	dfpn_clear(one);
	dfpn_solve(one, pos, &lim, &r1);
	int diff = 0;
	for (int k = 0; k < runs(); k++) {
		dfpn_clear(two);
		dfpn_solve(two, pos, &lim, &r2);
		if (r1.status == DFPN_UNKNOWN || r2.status == DFPN_UNKNOWN || (r1.status == DFPN_MATE && !r1.len_minimal) ||
		    (r2.status == DFPN_MATE && !r2.len_minimal)) {
			undecided++;
			continue;
		}
		if (r2.status != r1.status || (r1.status == DFPN_MATE && (r2.len != r1.len || r2.len_minimal != r1.len_minimal))) {
			print_message("%s: one thread %d len %d minimal %d; two threads (run %d) %d len %d minimal %d\n", what,
			              r1.status, r1.len, r1.len_minimal, k + 1, r2.status, r2.len, r2.len_minimal);
			diff++;
		} else if (r2.status == DFPN_MATE) {
			check_line(two, pos, &r2, what);
		}
	}
	return diff;
}

static int limit(void) { return tu_quick() ? 60 : 1000000; }

static void test_thread_count(void **state)
{
	(void)state;
	Dfpn *d = dfpn_new(4);
	assert_non_null(d);
	assert_int_equal(dfpn_threads(d), 1);
	assert_false(dfpn_set_threads(d, 0));
	assert_false(dfpn_set_threads(d, DFPN_MAX_THREADS + 1));
	assert_int_equal(dfpn_threads(d), 1);
	assert_true(dfpn_set_threads(d, 3));
	assert_int_equal(dfpn_threads(d), 3);
	/* a rule change reaches every thread: the helpers' sub-searches too */
	assert_true(dfpn_set_futile(d, DFPN_FUTILE_BROAD));
	assert_true(dfpn_set_futile(d, DFPN_FUTILE_NONE));
	assert_true(dfpn_set_threads(d, 1));
	assert_int_equal(dfpn_threads(d), 1);
	dfpn_free(d);
}

static void test_cases(void **state)
{
	(void)state;
	FILE *f = tu_open_shared("problems/cases.tsv");
	static char line[8192];
	static Position pos;
	int n = 0, diff = 0;
	while (tu_read_line(f, line, sizeof line)) {
		char id[32], sfen[1024], expect[256];
		if (sscanf(line, "%31[^\t]\t%1023[^\t]\t%255[^\t]", id, sfen, expect) != 3 || !strstr(expect, "mate"))
			continue;
		if (sfen_parse_root(&pos, sfen, NULL, NULL) != SFEN_OK)
			continue;
		diff += compare(&pos, id, 0);
		n++;
	}
	fclose(f);
	print_message("cases.tsv: %d problems, %d runs of two threads differ\n", n, diff);
	assert_true(n >= 18);
	assert_int_equal(diff, 0);
}

static void check_shogiboardq(int ply)
{
	char rel[128];
	snprintf(rel, sizeof rel, "problems/raw/shogiboardq/tsume_%dply_1000_20261001.txt", ply);
	FILE *f = tu_open_shared(rel);
	static char line[8192];
	static Position pos;
	const char *moves;
	int n = 0, diff = 0;
	while (n < limit() && tu_read_root(f, line, sizeof line, &pos, &moves)) {
		diff += compare(&pos, line, 0);
		if (r1.status != DFPN_MATE || r1.len != ply)
			fail_msg("%s: one thread says %d len %d, expected mate %d", line, r1.status, r1.len, ply);
		n++;
	}
	fclose(f);
	print_message("ShogiBoardQ %d-ply: %d problems, %d runs of two threads differ\n", ply, n, diff);
	assert_int_equal(diff, 0);
}

static void test_shogiboardq_9(void **state)
{
	(void)state;
	check_shogiboardq(9);
}

static void test_shogiboardq_11(void **state)
{
	(void)state;
	check_shogiboardq(11);
}

static void test_shogiboardq_13(void **state)
{
	(void)state;
	check_shogiboardq(13);
}

/* The node limit of the nshogi set: 1,566 of its 1,574 problems are proven
 * no mate within it on one thread, 5 mate, 3 stopped (the whole set in 24 s). */
#define NSHOGI_NODES 1000000

static void test_nshogi_nomate(void **state)
{
	(void)state;
	FILE *f = tu_open_shared("problems/raw/nshogi/test/no-mate-1-ply.txt");
	static char line[8192];
	static Position pos;
	int n = 0, diff = 0;
	undecided = 0;
	/* the sample of TSUME_QUICK (make asan, make tsan): a tenth of the limit */
	uint64_t nodes = tu_quick() ? NSHOGI_NODES / 10 : NSHOGI_NODES;
	while (n < limit() && tu_read_line(f, line, sizeof line)) {
		tu_parse(&pos, line);
		diff += compare(&pos, line, nodes);
		n++;
	}
	fclose(f);
	print_message("nshogi no-mate-1-ply: %d problems, %d runs of two threads differ, %d undecided at %llu nodes\n", n,
	              diff, undecided, (unsigned long long)nodes);
	assert_true(n > 0);
	assert_int_equal(diff, 0);
}

/* Zuko 43: 85 plies, about 600,000 nodes -- long enough for the helpers to
 * resolve roots and for the re-searches to run on both threads. */
static void test_long_problem(void **state)
{
	(void)state;
	if (tu_quick())
		skip();
	FILE *f = tu_open_shared("problems/classics/zuko.tsv");
	static char line[16384];
	static Position pos;
	bool found = false;
	while (tu_read_line(f, line, sizeof line)) {
		char id[32], sfen[1024];
		if (sscanf(line, "%31[^\t]\t%1023[^\t]", id, sfen) == 2 && strcmp(id, "zuko043") == 0) {
			assert_int_equal(sfen_parse_root(&pos, sfen, NULL, NULL), SFEN_OK);
			found = true;
		}
	}
	fclose(f);
	assert_true(found);
	dfpn_set_helper_start(two, DFPN_HELPER_START_MIN);
	int diff = compare(&pos, "zuko043", 0);
	dfpn_set_helper_start(two, 0);
	assert_int_equal(r1.status, DFPN_MATE);
	assert_int_equal(r1.len, 85);
	assert_int_equal(diff, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_thread_count),     cmocka_unit_test(test_cases),
	    cmocka_unit_test(test_shogiboardq_9),    cmocka_unit_test(test_shogiboardq_11),
	    cmocka_unit_test(test_shogiboardq_13),   cmocka_unit_test(test_nshogi_nomate),
	    cmocka_unit_test(test_long_problem),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
