/*
 * test_kifu_write.c -- the KIF game record writer (core/formats/kifu_write.h).
 *
 *  - taichitsume.kif of tests/data/problems/raw/kifu-for-js (7 plies, its
 *    diagram written as the SFEN below): the main line, three variations
 *    given out of order (move 2, move 4, move 2 again) and comments; the
 *    expected text is written here by hand from Kakinoki's format -- the
 *    move fields of the file itself ("１三銀打", "同　桂(21)"), padded to 13
 *    columns, a '+' on a move that has a variation after it, the variation of
 *    move 4 before those of move 2 (the order tsshogi's importKIF needs:
 *    tests/test_kif_out.sh reads such output with it), a comment after the
 *    move it is on;
 *  - a line without mate: no 手数, 詰み or まで lines; a gote-to-move root;
 *  - out-of-range branches and comments, and an illegal move, give -1 and
 *    write nothing (the position is checked before any output).
 */
#include "testutil.h"

#include "kifu_write.h"

#include <stdlib.h>

static const char *const TAICHI = "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1";

static int moves_of(const Position *root, const char *text, Move *out)
{
	static Position pos;
	pos_copy(&pos, root);
	int n = 0;
	char buf[256];
	snprintf(buf, sizeof buf, "%s", text);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		out[n] = tu_legal(&pos, t);
		pos_do_move(&pos, out[n++]);
	}
	return n;
}

/* kifu_write into memory; returns its rc, the text in *out (free it). */
static int write_mem(const Kifu *k, char **out)
{
	size_t size;
	FILE *f = open_memstream(out, &size);
	assert_non_null(f);
	int rc = kifu_write(f, k);
	fclose(f);
	return rc;
}

static const char *const TAICHI_KIF = "#KIF version=2.0 encoding=UTF-8\n"
                                      "# ---- test ----\n"
                                      "後手の持駒：飛二　角二　金三　銀　桂三　香三　歩十五\n"
                                      "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
                                      "+---------------------------+\n"
                                      "| ・ ・ ・ ・ ・ ・ とv桂v香|一\n"
                                      "| ・ ・ ・ ・ ・ ・ 銀v玉 ・|二\n"
                                      "| ・ ・ ・ ・ ・ ・v銀v歩 ・|三\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ 歩|五\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
                                      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
                                      "+---------------------------+\n"
                                      "先手の持駒：金　銀\n"
                                      "先手番\n"
                                      "手数：7手\n"
                                      "手数----指手---------消費時間--\n"
                                      "*the position\n"
                                      "   1 １三銀打     ( 0:00/00:00:00)\n"
                                      "   2 同　桂(21)   ( 0:00/00:00:00)+\n"
                                      "*at move 2\n"
                                      "   3 １二金打     ( 0:00/00:00:00)\n"
                                      "   4 同　玉(22)   ( 0:00/00:00:00)+\n"
                                      "   5 ２一銀(32)   ( 0:00/00:00:00)\n"
                                      "   6 ２二玉(12)   ( 0:00/00:00:00)\n"
                                      "   7 ３二と(31)   ( 0:00/00:00:00)\n"
                                      "   8 詰み         ( 0:00/00:00:00)\n"
                                      "まで7手で詰み\n"
                                      "\n"
                                      "変化：4手\n"
                                      "   4 同　香(11)   ( 0:00/00:00:00)\n"
                                      "   5 ２一銀成(32) ( 0:00/00:00:00)\n"
                                      "   6 詰み         ( 0:00/00:00:00)\n"
                                      "\n"
                                      "変化：2手\n"
                                      "   2 同　玉(22)   ( 0:00/00:00:00)+\n"
                                      "*a note\n"
                                      "   3 １四金打     ( 0:00/00:00:00)\n"
                                      "   4 １二玉(13)   ( 0:00/00:00:00)\n"
                                      "   5 ２三銀成(32) ( 0:00/00:00:00)\n"
                                      "   6 詰み         ( 0:00/00:00:00)\n"
                                      "\n"
                                      "変化：2手\n"
                                      "   2 同　香(11)   ( 0:00/00:00:00)\n"
                                      "   3 ２一銀成(32) ( 0:00/00:00:00)\n"
                                      "   4 １二玉(22)   ( 0:00/00:00:00)\n"
                                      "   5 １一金打     ( 0:00/00:00:00)\n"
                                      "   6 詰み         ( 0:00/00:00:00)\n";

static void test_variations(void **state)
{
	(void)state;
	static Position root, pos;
	tu_parse(&root, TAICHI);
	Move main[16], b1[8], b2[8], b3[8];
	int n = moves_of(&root, "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b", main);
	pos_copy(&pos, &root);
	pos_do_move(&pos, main[0]);
	int n1 = moves_of(&pos, "2b1c G*1d 1c1b 3b2c+", b1);
	int n3 = moves_of(&pos, "1a1c 3b2a+ 2b1b G*1a", b3);
	pos_do_move(&pos, main[1]);
	pos_do_move(&pos, main[2]);
	int n2 = moves_of(&pos, "1a1b 3b2a+", b2);
	const KifuBranch branches[] = {{1, b1, n1, true, "a note"}, {3, b2, n2, true, NULL}, {1, b3, n3, true, NULL}};
	const KifuComment comments[] = {{1, "at move 2"}, {-1, "the position"}};
	const char *header[] = {" ---- test ----"};
	Kifu k = {&root, header, 1, main, n, true, branches, 3, comments, 2};
	char *text = NULL;
	assert_int_equal(write_mem(&k, &text), 0);
	assert_string_equal(text, TAICHI_KIF);
	free(text);
}

static void test_no_mate(void **state)
{
	(void)state;
	static Position root;
	/* gote to move; a line that does not end in mate */
	tu_parse(&root, "4k4/9/9/9/9/9/9/9/4K4 w - 1");
	Move main[4];
	int n = moves_of(&root, "5a5b 5i5h", main);
	Kifu k = {.root = &root, .main = main, .n_main = n};
	char *text = NULL;
	assert_int_equal(write_mem(&k, &text), 0);
	assert_non_null(strstr(text, "後手番\n手数----指手---------消費時間--\n   1 ５二玉(51)   ( 0:00/00:00:00)\n"
	                             "   2 ５八玉(59)   ( 0:00/00:00:00)\n"));
	assert_null(strstr(text, "詰み"));
	assert_null(strstr(text, "まで"));
	assert_null(strstr(text, "手数："));
	free(text);
	/* no moves at all: the diagram and the move-list heading */
	k.n_main = 0;
	assert_int_equal(write_mem(&k, &text), 0);
	size_t len = strlen(text);
	const char *tail = "手数----指手---------消費時間--\n";
	assert_true(len > strlen(tail) && strcmp(text + len - strlen(tail), tail) == 0);
	free(text);
}

static void test_bad_input(void **state)
{
	(void)state;
	static Position root;
	tu_parse(&root, TAICHI);
	Move main[16];
	int n = moves_of(&root, "S*1c 2a1c G*1b", main);
	Kifu k = {.root = &root, .main = main, .n_main = n, .mate = true};
	char *text = NULL;
	KifuBranch late = {4, main, 1, true, NULL}; /* past the main line and its 詰み */
	k.branch = &late;
	k.n_branch = 1;
	assert_int_equal(write_mem(&k, &text), -1);
	assert_string_equal(text, "");
	free(text);
	KifuBranch empty = {1, main, 0, true, NULL};
	k.branch = &empty;
	assert_int_equal(write_mem(&k, &text), -1);
	free(text);
	k.n_branch = 0;
	KifuComment far = {3, "x"};
	k.comment = &far;
	k.n_comment = 1;
	assert_int_equal(write_mem(&k, &text), -1);
	free(text);
	/* an illegal move (a drop of a piece not in hand) fails */
	k.n_comment = 0;
	Move bad[2] = {main[0], main[0]};
	k.main = bad;
	k.n_main = 2;
	assert_int_equal(write_mem(&k, &text), -1);
	free(text);
}

/* A branch from the main line's 詰み (a line that plays on where it ends,
 * as a given answer that counts a futile drop): the '+' on 詰み, the
 * variation numbered as the ply after the last move; refused when the
 * main line does not end in mate (no 詰み to branch from). */
static void test_branch_from_mate(void **state)
{
	(void)state;
	static Position root, pos;
	tu_parse(&root, TAICHI);
	Move main[16], more[8];
	int n = moves_of(&root, "S*1c 2a1c G*1b", main);
	pos_copy(&pos, &root);
	for (int i = 0; i < n; i++)
		pos_do_move(&pos, main[i]);
	int m = moves_of(&pos, "2b1b 3b2a", more);
	KifuBranch on = {n, more, m, false, "plays on"};
	Kifu k = {.root = &root, .main = main, .n_main = n, .mate = true, .branch = &on, .n_branch = 1};
	char *text = NULL;
	assert_int_equal(write_mem(&k, &text), 0);
	assert_non_null(strstr(text, "   3 １二金打     ( 0:00/00:00:00)\n"
	                             "   4 詰み         ( 0:00/00:00:00)+\n"
	                             "まで3手で詰み\n"
	                             "\n"
	                             "変化：4手\n"
	                             "   4 同　玉(22)   ( 0:00/00:00:00)\n"
	                             "*plays on\n"
	                             "   5 ２一銀(32)   ( 0:00/00:00:00)\n"));
	free(text);
	k.mate = false;
	assert_int_equal(write_mem(&k, &text), -1);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_variations), cmocka_unit_test(test_no_mate),
	                                   cmocka_unit_test(test_bad_input), cmocka_unit_test(test_branch_from_mate)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
