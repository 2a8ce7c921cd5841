/*
 * test_line.c -- main-line replay (core/line.h) on positions stated inline:
 *
 *  - C05 of tests/data/problems/cases.tsv, mate in 3: P*1b, the pinned gold
 *    takes along its pin line (1c1b), the lance retakes (1d1b, with or without
 *    promotion: both mate by the plain rule);
 *  - a drop that gives no check (P*5e: sente has no pawn on the board, so it
 *    is legal), a drop of a piece not in hand (G*1b), a defender move of a
 *    piece that is not there (5a5b), a line that stops before mate;
 *  - a mate only by the futile-interposition rule: after 8a7b+ in
 *    kBR6/g8/l8/S8/... the rook on 7a checks the king on 9a along the rank
 *    and gote's only replies are drops on 8a (B G L N P R S: by hand, every
 *    king square is covered and the rook cannot be taken), each captured by
 *    the rook with mate -- so dfpn_line_mated says mate, the plain rule not;
 *  - the position is restored after every call; line_set_root.
 */
#include "testutil.h"

#include "dfpn.h"
#include "line.h"

static const char *const C05 = "7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1";
static const char *const FUTILE = "kBR6/g8/l8/S8/9/9/9/9/9 b rb3g3s4n3l18p 1";

/* Parses the USI moves of text (separated by spaces) into out; returns the count. */
static int moves_of(const char *text, Move *out)
{
	int n = 0;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		int len = 0;
		out[n++] = usi_parse(t, &len);
		if (len != (int)strlen(t))
			fail_msg("bad USI move '%s'", t);
	}
	return n;
}

/* line_replay of `moves` from sfen; checks that pos is restored. */
static LineCheck replay(const char *sfen, const char *moves, LineMatedFn mated)
{
	static Position pos;
	assert_int_equal(sfen_parse(&pos, sfen, NULL), SFEN_OK);
	char before[256], after[256];
	sfen_format(&pos, before, sizeof before);
	uint64_t key = pos_board_key(&pos);
	int ply = pos.ply;
	Move m[64];
	int n = moves_of(moves, m);
	LineCheck lc;
	bool r = line_replay(&pos, m, n, mated, NULL, &lc);
	assert_int_equal(r, lc.mate);
	sfen_format(&pos, after, sizeof after);
	assert_string_equal(before, after);
	assert_true(pos_board_key(&pos) == key);
	assert_int_equal(pos.ply, ply);
	return lc;
}

static void test_mate(void **state)
{
	(void)state;
	LineCheck lc = replay(C05, "P*1b 1c1b 1d1b", NULL);
	assert_true(lc.legal && lc.checks && lc.mate);
	assert_int_equal(lc.bad_ply, -1);
	lc = replay(C05, "P*1b 1c1b 1d1b+", dfpn_line_mated);
	assert_true(lc.legal && lc.checks && lc.mate);
}

static void test_not_mate(void **state)
{
	(void)state;
	LineCheck lc = replay(C05, "", NULL); /* the problem itself: not in check */
	assert_true(lc.legal && lc.checks && !lc.mate);
	lc = replay(C05, "P*1b 1c1b", NULL); /* stops before the mating move */
	assert_true(lc.legal && lc.checks && !lc.mate);
	assert_int_equal(lc.bad_ply, -1);
	lc = replay(C05, "P*5e", NULL); /* legal, no check */
	assert_true(lc.legal && !lc.checks && !lc.mate);
	assert_int_equal(lc.bad_ply, 0);
	lc = replay(C05, "G*1b 1c1b 1d1b", NULL); /* no gold in hand */
	assert_true(!lc.legal && !lc.mate);
	assert_int_equal(lc.bad_ply, 0);
	lc = replay(C05, "P*1b 5a5b 1d1b", NULL); /* no gote piece on 5a */
	assert_true(!lc.legal && !lc.mate);
	assert_int_equal(lc.bad_ply, 1);
	lc = replay(C05, "P*1b 1c1b 1d1c", NULL); /* the lance stops short of the gold: no check */
	assert_true(lc.legal && !lc.checks && !lc.mate);
	assert_int_equal(lc.bad_ply, 2);
}

static void test_futile_interposition(void **state)
{
	(void)state;
	LineCheck lc = replay(FUTILE, "8a7b+", NULL);
	assert_true(lc.legal && lc.checks && !lc.mate); /* drops on 8a are legal replies */
	lc = replay(FUTILE, "8a7b+", dfpn_line_mated);
	assert_true(lc.legal && lc.checks && lc.mate); /* but futile */
}

static void test_set_root(void **state)
{
	(void)state;
	static Position pos, root;
	assert_int_equal(sfen_parse(&pos, "startpos moves 7g7f 3c3d", NULL), SFEN_OK);
	assert_int_equal(pos.ply, 2);
	line_set_root(&root, &pos);
	assert_int_equal(root.ply, 0);
	char a[256], b[256];
	sfen_format(&pos, a, sizeof a);
	sfen_format(&root, b, sizeof b);
	assert_string_equal(a, b);
	assert_true(pos_board_key(&root) == pos_board_key(&pos));
	MoveList la, lb;
	assert_int_equal(gen_legal(&root, &lb), gen_legal(&pos, &la));
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_mate), cmocka_unit_test(test_not_mate),
	                                   cmocka_unit_test(test_futile_interposition),
	                                   cmocka_unit_test(test_set_root)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
