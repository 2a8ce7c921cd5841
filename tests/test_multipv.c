/*
 * test_multipv.c -- every first move of a problem (solver/multipv.h,
 * dfpn_solve_first), against sources we did not write and an independent
 * search:
 *  - ShogiBoardQ 5/7-ply sets (audited exact lengths, unique main lines):
 *    the best first move is the published one, mating in exactly N plies,
 *    and no other first move mates in N;
 *  - every first move's result against a fresh context's bounded search
 *    of the position after it (dfpn_mate_within): a mate of len plies is a
 *    mate within len - 1 after the move and none within len - 3; a first
 *    move that does not mate has no mate after it;
 *  - every line replayed: it begins with its move, each move legal, every
 *    attacker move a check, the last position mated;
 *  - the table after them answers dfpn_solve as a fresh one does (the
 *    root's values for one first move are not stored).
 */
#include "testutil.h"

#include "dfpn.h"
#include "line.h"
#include "multipv.h"

static Dfpn *solver, *fresh;
static DfpnFirst firsts[800];

static int setup(void **state)
{
	(void)state;
	solver = dfpn_new(64);
	fresh = dfpn_new(16);
	const char *t = getenv("TSUME_TEST_THREADS");
	if (solver && t && atoi(t) > 1) {
		if (!dfpn_set_threads(solver, atoi(t)))
			return -1;
		dfpn_set_helper_start(solver, 0);
	}
	return solver && fresh ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	dfpn_free(solver);
	dfpn_free(fresh);
	return 0;
}

/* Replays f's line from root; fails unless it begins with f's move and is a
 * legal mate of f's length. */
static void check_line(const Position *root, const DfpnFirst *f, const char *what)
{
	static Position pos;
	char usi[6];
	const DfpnResult *r = &f->res;
	if (r->pv_len != r->len || r->pv_len < 1 || r->pv[0] != f->move)
		fail_msg("%s: %s: line of %d plies for a mate of %d (first %s)", what, usi_format(f->move, usi),
		         r->pv_len, r->len, r->pv_len ? usi_format(r->pv[0], usi) : "none");
	pos = *root;
	for (int i = 0; i < r->pv_len; i++) {
		if (!gen_is_legal(&pos, r->pv[i]))
			fail_msg("%s: ply %d %s is illegal", what, i + 1, usi_format(r->pv[i], usi));
		bool attacker = pos.side == root->side;
		pos_do_move(&pos, r->pv[i]);
		if (attacker && !pos_in_check(&pos))
			fail_msg("%s: ply %d %s does not check", what, i + 1, usi_format(r->pv[i], usi));
	}
	if (!dfpn_is_mated_in(solver, &pos))
		fail_msg("%s: the line of %s does not end in mate", what, usi_format(f->move, usi));
}

/* f's result against a fresh search of the position after its move. */
static void check_against_fresh(const Position *root, const DfpnFirst *f, const char *what)
{
	static Position pos;
	char usi[6];
	DfpnBound b;
	pos = *root;
	pos_do_move(&pos, f->move);
	Color attacker = root->side;
	if (f->res.status == DFPN_MATE) {
		int len = f->res.len;
		assert_true(f->res.len_minimal);
		dfpn_clear(fresh);
		if (len == 1) {
			if (!dfpn_is_mated_in(fresh, &pos))
				fail_msg("%s: %s: mate 1 that does not mate", what, usi_format(f->move, usi));
			return;
		}
		if (dfpn_mate_within(fresh, &pos, attacker, len - 1, NULL, &b) != DFPN_MATE)
			fail_msg("%s: %s: mate %d, none within %d after it", what, usi_format(f->move, usi), len,
			         len - 1);
		dfpn_clear(fresh);
		if (len >= 3 && dfpn_mate_within(fresh, &pos, attacker, len - 3, NULL, &b) != DFPN_NOMATE)
			fail_msg("%s: %s: mate %d, but a mate within %d after it", what, usi_format(f->move, usi), len,
			         len - 3);
	} else {
		assert_int_equal(f->res.status, DFPN_NOMATE);
		dfpn_clear(fresh);
		if (dfpn_is_mated_in(fresh, &pos) ||
		    dfpn_mate_within(fresh, &pos, attacker, DFPN_MAX_PV - 2, NULL, &b) != DFPN_NOMATE)
			fail_msg("%s: %s: no mate, but one after it", what, usi_format(f->move, usi));
	}
}

/* The legal move of pos written word in USI (fails the test when none). */
static Move parse_move(Position *pos, const char *word)
{
	int len;
	Move m = MOVE_NONE;
	if (!gen_find_legal(pos, usi_parse(word, &len), &m))
		fail_msg("%s: not a legal move", word);
	return m;
}

/* Every first move of root: sorted best first, each checked. */
static int check_firsts(const Position *root, const char *what)
{
	static Position scratch;
	MoveList list;
	scratch = *root;
	gen_checks(&scratch, &list);
	DfpnResult main;
	dfpn_clear(solver);
	assert_int_equal(dfpn_solve(solver, root, NULL, &main), DFPN_MATE);
	int checks = -1;
	uint64_t nodes;
	int n = dfpn_first_moves(solver, root, &main, NULL, firsts, 800, &checks, &nodes);
	assert_int_equal(checks, list.n);
	assert_int_equal(n, list.n);
	assert_int_equal(firsts[0].res.status, DFPN_MATE);
	assert_int_equal(firsts[0].res.len, main.len);
	for (int i = 0; i < n; i++) {
		if (i > 0 && firsts[i - 1].res.status == DFPN_MATE && firsts[i].res.status == DFPN_MATE)
			assert_true(firsts[i - 1].res.len <= firsts[i].res.len);
		if (i > 0 && firsts[i - 1].res.status == DFPN_NOMATE)
			assert_int_equal(firsts[i].res.status, DFPN_NOMATE);
		if (firsts[i].res.status == DFPN_MATE)
			check_line(root, &firsts[i], what);
		check_against_fresh(root, &firsts[i], what);
	}
	/* the table after them: as a fresh one */
	DfpnResult again, clean;
	dfpn_solve(solver, root, NULL, &again);
	dfpn_clear(fresh);
	dfpn_solve(fresh, root, NULL, &clean);
	assert_int_equal(again.status, clean.status);
	assert_int_equal(again.len, clean.len);
	assert_true(again.len_minimal && clean.len_minimal);
	return n;
}

/* ShogiBoardQ N-ply: the published first move is the one best, N plies. */
static void check_shogiboardq(int n, int limit)
{
	FILE *f = tu_open_shogiboardq(n);
	static char line[8192];
	static Position pos;
	const char *moves;
	int count = 0;
	while (count < limit && tu_read_root(f, line, sizeof line, &pos, &moves)) {
		char word[8];
		sscanf(moves, "%7s", word);
		Move published = parse_move(&pos, word);
		int k = check_firsts(&pos, line);
		assert_true(move_same(firsts[0].move, published));
		assert_int_equal(firsts[0].res.len, n);
		if (k > 1 && firsts[1].res.status == DFPN_MATE && firsts[1].res.len <= n)
			fail_msg("%s: a second first move mates in %d", line, firsts[1].res.len);
		count++;
	}
	fclose(f);
	assert_int_equal(count, limit);
}

static void test_shogiboardq_5(void **state)
{
	(void)state;
	check_shogiboardq(5, tu_quick() ? 20 : 150);
}

static void test_shogiboardq_7(void **state)
{
	(void)state;
	check_shogiboardq(7, tu_quick() ? 10 : 60);
}

/* The README problem: 7 checks, one mates in 15, the others do not. */
static void test_readme_problem(void **state)
{
	(void)state;
	static Position pos;
	assert_int_equal(sfen_parse(&pos, "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1", NULL), SFEN_OK);
	int n = check_firsts(&pos, "README");
	assert_int_equal(n, 7);
	assert_int_equal(firsts[0].res.len, 15);
	for (int i = 1; i < n; i++)
		assert_int_equal(firsts[i].res.status, DFPN_NOMATE);
}

/* Two first moves that mate at once (a cook at ply 1), two more in 3. */
static void test_several_mates(void **state)
{
	(void)state;
	static Position pos;
	assert_int_equal(sfen_parse(&pos, "4k4/9/3PPP3/9/9/9/9/9/9 b G2S 1", NULL), SFEN_OK);
	int n = check_firsts(&pos, "two mates in one");
	assert_true(n >= 4);
	int lens[4] = {1, 1, 3, 3};
	for (int i = 0; i < 4; i++) {
		assert_int_equal(firsts[i].res.status, DFPN_MATE);
		assert_int_equal(firsts[i].res.len, lens[i]);
	}
	for (int i = 4; i < n; i++)
		assert_int_not_equal(firsts[i].res.status, DFPN_MATE);
}

/* A first move that is not a check of the root: nothing searched. */
static void test_not_a_check(void **state)
{
	(void)state;
	static Position pos;
	assert_int_equal(sfen_parse(&pos, "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1", NULL), SFEN_OK);
	Move m = parse_move(&pos, "G*5e"); /* legal, not a check */
	DfpnResult r;
	assert_int_equal(dfpn_solve_first(solver, &pos, m, NULL, &r), DFPN_UNKNOWN);
	assert_int_equal(r.reason, DFPN_STOP_NONE);
	assert_int_equal(r.nodes, 0);
}

/* A limit shared by all: the first moves it leaves are unknown, never a
 * false no mate. */
static void test_limit_shared(void **state)
{
	(void)state;
	static Position pos;
	assert_int_equal(sfen_parse(&pos, "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1", NULL), SFEN_OK);
	DfpnLimits lim = {.max_nodes = 3300};
	DfpnResult main;
	dfpn_clear(solver);
	assert_int_equal(dfpn_solve(solver, &pos, &lim, &main), DFPN_MATE);
	int checks;
	uint64_t first_nodes;
	int n = dfpn_first_moves(solver, &pos, &main, &lim, firsts, 800, &checks, &first_nodes);
	assert_int_equal(n, 7);
	uint64_t nodes = main.nodes + first_nodes;
	for (int i = 0; i < n; i++) {
		if (firsts[i].res.status == DFPN_NOMATE)
			check_against_fresh(&pos, &firsts[i], "README under a limit");
	}
	assert_true(nodes <= lim.max_nodes + 7 * 1024); /* each search checks its limit every few hundred nodes */
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_readme_problem), cmocka_unit_test(test_several_mates),
	    cmocka_unit_test(test_not_a_check),    cmocka_unit_test(test_limit_shared),
	    cmocka_unit_test(test_shogiboardq_5),  cmocka_unit_test(test_shogiboardq_7),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
