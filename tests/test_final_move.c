/*
 * test_final_move.c -- the final move of an answer key (tools/common/final_move.c):
 * the defender's replies after it, and the other final moves that mate.
 * Every position is worked out by hand in its comment.
 *
 * tools/final_move.o is linked in (see the Makefile).
 */
#include "testutil.h"

#include "dfpn.h"
#include "final_move.h"

static Dfpn *solver;

/* The root and the USI line of a test, parsed. */
typedef struct {
	Position root;
	Move line[8];
	int n;
} Key;

static Key *key_of(const char *sfen, const char *moves)
{
	Key *k = malloc(sizeof *k);
	assert_non_null(k);
	SfenError se;
	assert_int_equal(sfen_parse_root(&k->root, sfen, &se, NULL), SFEN_OK);
	Position *work = malloc(sizeof *work);
	assert_non_null(work);
	pos_copy(work, &k->root);
	k->n = sfen_play_moves(work, moves, 1, k->line, 8, &se);
	assert_true(k->n > 0);
	free(work);
	return k;
}

static bool has_alt(const FinalMoves *f, const char *usi, bool plain)
{
	for (int i = 0; i < f->alts; i++) {
		char u[6];
		if (strcmp(usi_format(f->alt[i], u), usi) == 0)
			return f->alt_plain[i] == plain;
	}
	return false;
}

/* The distant drop: after ▲８三金 △９一玉 (玉 ９一, 銀 ７二, 金 ８三; ▲持駒
 * 飛), ▲１一飛 checks along the first rank; the king cannot move (８一: the
 * silver, ８二 and ９二: the gold) and nothing takes the rook, so the replies
 * are the drops on ８一..２一: 7 squares x 7 kinds in the defender's hand
 * (飛角金銀桂香歩; no pawn of its own on the board) = 49.  ▲８一飛 (the silver
 * guards it) and ▲９二飛 (the gold guards it) leave no reply. */
static void test_distant_drop(void **state)
{
	(void)state;
	Key *k = key_of("9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1", "G*8c 9b9a R*1a");
	assert_int_equal(final_replies(&k->root, k->line, k->n), 49);
	FinalMoves *f = malloc(sizeof *f);
	assert_non_null(f);
	assert_true(final_judge(solver, &k->root, k->line, k->n, NULL, f));
	assert_int_equal(f->replies, 49);
	assert_false(f->undecided);
	assert_int_equal(f->plain_alts, 2);
	assert_true(has_alt(f, "R*8a", true));
	assert_true(has_alt(f, "R*9b", true));
	free(f);
	free(k);

	k = key_of("9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1", "G*8c 9b9a R*8a");
	assert_int_equal(final_replies(&k->root, k->line, k->n), 0);
	free(k);
}

/* Two plain mates: 玉 １一, ▲金 １三, ▲持駒 金.  ▲１二金打 (guarded by the
 * gold on １三; it covers ２一 and ２二) and ▲２二金打 (guarded by the same
 * gold; it covers ２一 and １二, which the gold on １三 also covers) both
 * leave no reply.  ▲２一金打 and ▲１二金 (from １三) are checks the king
 * answers by taking. */
static void test_two_mates(void **state)
{
	(void)state;
	Key *k = key_of("8k/9/8G/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1", "G*1b");
	FinalMoves *f = malloc(sizeof *f);
	assert_non_null(f);
	assert_true(final_judge(solver, &k->root, k->line, k->n, NULL, f));
	assert_int_equal(f->replies, 0);
	assert_int_equal(f->alts, 1);
	assert_int_equal(f->plain_alts, 1);
	assert_true(has_alt(f, "G*2b", true));
	free(f);
	free(k);
}

/* One mate: 玉 １一, ▲歩 １三, ▲持駒 金.  ▲１二金打 (guarded by the pawn)
 * leaves no reply; ▲２二金打, ▲２一金打 and ▲１二歩 are taken by the king. */
static void test_unique(void **state)
{
	(void)state;
	Key *k = key_of("8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*1b");
	FinalMoves *f = malloc(sizeof *f);
	assert_non_null(f);
	assert_true(final_judge(solver, &k->root, k->line, k->n, NULL, f));
	assert_int_equal(f->replies, 0);
	assert_int_equal(f->alts, 0);
	assert_false(f->undecided);
	free(f);
	free(k);
}

int main(void)
{
	core_init();
	solver = dfpn_new(16);
	assert_non_null(solver);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_distant_drop),
	    cmocka_unit_test(test_two_mates),
	    cmocka_unit_test(test_unique),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	dfpn_free(solver);
	return rc;
}
