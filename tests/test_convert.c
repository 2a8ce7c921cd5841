/*
 * test_convert.c -- the KIF/CSA reader (core/formats/conv*.c) and `tsume convert`: files to
 * problem lines.
 *
 *  - every KIF file in tests/data/problems/raw/{kifu-for-js,tsumemi}
 *    (Shift_JIS): the root must be the SFEN that tests/test_kif.c writes by
 *    hand from the file's diagram, and the moves the file's moves, written
 *    here in USI by hand from the file's move list ("２三角成(45)" = 4e2c+);
 *    煙詰 (kanju-kemuri.kif): 117 moves ending in mate;
 *  - hand-written KIF texts (UTF-8 with BOM and CRLF, the same converted to
 *    CP932 here, 同 without a space, 王, 不成, JSA modifiers without an
 *    origin, 手合割 without a diagram) and their errors, with line numbers;
 *  - hand-written CSA texts (P1..P9, PI, P+/P- with 00AL, several statements
 *    on a line) and their errors (a row missing or short of nine squares);
 *  - KIF files that state a thing twice or both ways (a hand, the side to
 *    move, なし and pieces) or a length over 4096 moves: refused;
 *  - KIF and CSA files cut in their moves (an even number, nothing after
 *    them): refused; the same moves closed by an end word, まで or '%', or
 *    a game from the start position: converted;
 *  - cmd_convert on several files, one of them bad: exit 2, the other files
 *    written (gzip), the error named "FILE:LINE: reason".
 *
 * The reader is core/formats/conv.c (conv_text); the command, tools/convert.o, is
 * linked in (see the Makefile).
 */
#include "testutil.h"

#include "convert.h"
#include "problemio.h"
#include "notation.h"
#include "sfen.h"
#include "utf8.h"

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <unistd.h>

static char tmpdir[256];
static ConvProblem cp; /* ~185 KB: static, not on the stack */

static int setup(void **state)
{
	(void)state;
	core_init();
	return tu_tmpdir_create(tmpdir, sizeof tmpdir, "tsume-conv");
}

static int teardown(void **state)
{
	(void)state;
	return tu_tmpdir_remove(tmpdir);
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The root as SFEN and the moves as USI of a converted problem. */
static void expect_result(const ConvProblem *p, const char *what, const char *sfen, const char *usi)
{
	char buf[160];
	assert_int_equal(p->root.ply, 0);
	assert_true(sfen_format(&p->root, buf, sizeof buf) > 0);
	if (strcmp(buf, sfen) != 0)
		fail_msg("%s: root '%s', expected '%s'", what, buf, sfen);
	if (!usi)
		return;
	char moves[8192];
	size_t n = 0;
	moves[0] = '\0';
	for (int i = 0; i < p->n_moves && n + 8 < sizeof moves; i++) {
		char m[6];
		n += (size_t)snprintf(moves + n, sizeof moves - n, "%s%s", i ? " " : "", usi_format(p->moves[i], m));
	}
	if (strcmp(moves, usi) != 0)
		fail_msg("%s: moves '%s', expected '%s'", what, moves, usi);
}

/* Converts text, which must succeed. */
static void convert_ok(const char *what, const char *text, bool rest, const char *sfen, const char *usi)
{
	if (conv_text(text, strlen(text), rest, &cp) != 0)
		fail_msg("%s: %ld: %s", what, cp.line, cp.error);
	expect_result(&cp, what, sfen, usi);
}

/* Converts text, which must fail on this line with this text in the reason. */
static void convert_bad(const char *what, const char *text, long line, const char *reason)
{
	if (conv_text(text, strlen(text), false, &cp) == 0)
		fail_msg("%s: converted, expected an error on line %ld", what, line);
	if (cp.line != line || !strstr(cp.error, reason))
		fail_msg("%s: error %ld: '%s', expected line %ld: '...%s...'", what, cp.line, cp.error, line, reason);
}

/* ------------------------------------------------------------------ */
/* the KIF files of tests/data */

typedef struct {
	const char *path; /* under TEST_DATA_DIR/problems/raw/ */
	const char *sfen; /* as in tests/test_kif.c, written by hand from the diagram */
	const char *usi;  /* the file's moves, by hand */
} KifCase;

static const KifCase KIF_CASES[] = {
    {"kifu-for-js/hashimoto-sos.kif", "9/9/3ppP3/3r5/3nkB3/5R3/3sgG3/9/9 b Gbg3s3n4l15p 1",
     "G*6f 5e4d 4e2c+ 4d5d 6f5e 5d5e 2c4e"},
    {"kifu-for-js/taichitsume.kif", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
     "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b"},
    {"tsumemi/1te/1.kif", "6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*3b"},
    {"tsumemi/1te/2.kif", "7k1/9/7S1/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", "S*2b"},
    {"tsumemi/1te/3.kif", "7nk/7bl/9/9/6N2/9/9/9/9 b 2rb4g4s2n3l18p 1", "3e2c"},
    {"tsumemi/1te/4.kif", "4R3G/7k1/6ppp/9/9/9/9/9/9 b r2b3g4s4n4l15p 1", "5a2a+"},
    {"tsumemi/1te/5.kif", "8l/6S1k/9/9/9/9/9/9/9 b G2r2b3g3s4n3l18p 1", "G*2c"},
    {"tsumemi/1te/6.kif", "5g3/6kS1/9/9/9/9/9/9/9 b G2r2b2g3s4n4l18p 1", "G*3c"},
    {"tsumemi/1te/7.kif", "7kl/7g1/7+R1/9/9/9/9/9/9 b Sr2b3g3s4n3l18p 1", "S*3b"},
    {"tsumemi/1te/8.kif", "5lk2/8R/5Ps2/6N2/6L2/9/9/9/9 b r2b4g3s3n2l17p 1", "3d2b+"},
    {"tsumemi/1te/9.kif", "9/5gp2/6kSR/4NL1p1/4B1P2/9/9/9/9 b rb3g3s3n3l15p 1", "3e3d"},
    {"tsumemi/1te/10.kif", "6p+B1/5n3/5Sk1S/5N1L1/4BG3/9/9/9/9 b 2r3g2s2n3l17p 1", "4d5b+"},
    {"tsumemi/3te/1.kif", "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1", "S*5c 5b4a G*4b"},
    {"tsumemi/3te/2.kif", "7kl/9/5+P3/9/9/9/9/9/9 b GS2r2b3g3s4n3l17p 1", "S*3b 2a2b G*2c"},
    {"tsumemi/3te/3.kif", "8k/6+b2/7pB/8L/9/9/9/9/9 b G2r3g4s4n3l17p 1", "G*1b 1a1b 1c3a+"},
    {"tsumemi/3te/4.kif", "7k1/9/6+P2/8s/9/9/9/9/9 b SL2r2b4g2s4n3l17p 1", "S*2b 2a1b L*1c"},
    {"tsumemi/3te/5.kif", "7S1/7r1/8k/8p/7P1/9/9/9/9 b 2Gr2b2g3s4n4l16p 1", "G*2c 1c2c G*2d"},
    {"tsumemi/3te/6.kif", "6k2/3r2g1P/6+R2/9/9/9/9/9/9 b GN2b2g4s3n4l17p 1", "N*4c 3a4a G*5a"},
    {"tsumemi/3te/7.kif", "5l1kl/9/6+P2/7+pP/9/9/9/9/9 b LP2r2b4g4s4nl14p 1", "P*2b 2a1b L*1c"},
    {"tsumemi/3te/8.kif", "7nl/7k1/5Npp1/9/9/9/9/9/9 b RBrb4g4s2n3l16p 1", "B*3a 2b3b R*4b"},
    {"tsumemi/3te/9.kif", "6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", "G*3c 3b3c 3a2b+"},
    {"tsumemi/3te/10.kif", "8+r/7k1/6pB1/7P1/9/9/9/9/9 b GSrb3g3s4n4l16p 1", "S*3a 1a3a G*1b"},
};

static void convert_data_kif(const char *rel)
{
	char path[512];
	snprintf(path, sizeof path, "%s/problems/raw/%s", TEST_DATA_DIR, rel);
	if (conv_file(path, false, &cp) != 0)
		fail_msg("%s:%ld: %s", rel, cp.line, cp.error);
	assert_string_equal(cp.format, "KIF");
}

static void test_data_kif(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof KIF_CASES / sizeof KIF_CASES[0]; i++) {
		const KifCase *k = &KIF_CASES[i];
		convert_data_kif(k->path);
		expect_result(&cp, k->path, k->sfen, k->usi);
		/* every file gives all 40 pieces (kings aside: 38 or 39) a place */
		assert_int_equal(cp.missing, 0);
		/* the stated length, where the file states one, is the number of moves */
		if (cp.stated >= 0)
			assert_int_equal(cp.stated, cp.n_moves);
	}
}

static void test_data_kemuri(void **state)
{
	(void)state;
	convert_data_kif("kifu-for-js/kanju-kemuri.kif");
	expect_result(&cp, "kanju-kemuri",
	              "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
	              NULL);
	assert_int_equal(cp.n_moves, 117);
	char m[6];
	/* first moves ８一と(71) ８一玉(91) ７一香成(72), last ２二馬(33) */
	assert_string_equal(usi_format(cp.moves[0], m), "7a8a");
	assert_string_equal(usi_format(cp.moves[1], m), "9a8a");
	assert_string_equal(usi_format(cp.moves[2], m), "7b7a+");
	assert_string_equal(usi_format(cp.moves[116], m), "3c2b");
	/* 煙詰: the moves end in mate with the attacker's hand empty */
	static Position pos;
	pos = cp.root;
	for (int i = 0; i < cp.n_moves; i++)
		pos_do_move(&pos, cp.moves[i]);
	MoveList list;
	assert_true(pos_in_check(&pos));
	assert_int_equal(gen_legal(&pos, &list), 0);
	assert_int_equal(pos.hand[SENTE], 0);
	assert_int_equal(cp.stated, -1); /* the file ends with 詰み and no "まで" line */
}

/* ------------------------------------------------------------------ */
/* hand-written KIF */

#define EMPTY_ROW "| ・ ・ ・ ・ ・ ・ ・ ・ ・|"
#define KIF_HEAD "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
#define KIF_FOOT "+---------------------------+\n"

/* 同 with no space, 王, 不成 written out, a drop, a UTF-8 BOM and CRLF. */
static const char KIF_SILVER[] = "\xEF\xBB\xBF# UTF-8, CRLF\r\n"
                                 "後手の持駒：なし\r\n"
                                 "  ９ ８ ７ ６ ５ ４ ３ ２ １\r\n"
                                 "+---------------------------+\r\n"
                                 "| ・ ・ ・ ・v王 ・ ・ ・ ・|一\r\n" EMPTY_ROW "二\r\n"
                                 "| ・ ・ ・ ・ ・ 銀 ・ ・ ・|三\r\n" EMPTY_ROW "四\r\n" EMPTY_ROW "五\r\n" EMPTY_ROW
                                 "六\r\n" EMPTY_ROW "七\r\n" EMPTY_ROW "八\r\n" EMPTY_ROW "九\r\n"
                                 "+---------------------------+\r\n"
                                 "先手の持駒：金\r\n"
                                 "先手番\r\n"
                                 "手数----指手---------消費時間--\r\n"
                                 "*a comment\r\n"
                                 "   1 ５二銀不成(43)\r\n"
                                 "   2 同玉(51)\r\n"
                                 "   3 ５三金打\r\n"
                                 "   4 中断\r\n"
                                 "まで3手で中断\r\n";
#define SFEN_SILVER "4k4/9/5S3/9/9/9/9/9/9 b G 1"

static void test_kif_written(void **state)
{
	(void)state;
	convert_ok("silver", KIF_SILVER, false, SFEN_SILVER, "4c5b 5a5b G*5c");
	assert_int_equal(cp.stated, 3);
	assert_int_equal(cp.missing, 36); /* 38 (kings aside) - 1 on the board - 1 in hand */

	/* the same file in Shift_JIS (CP932), without the BOM */
	iconv_t cd = iconv_open("CP932", "UTF-8");
	assert_true(cd != (iconv_t)-1);
	static char sjis[4096];
	char *in = (char *)KIF_SILVER + 3, *o = sjis;
	size_t in_left = strlen(KIF_SILVER) - 3, out_left = sizeof sjis - 1;
	assert_true(iconv(cd, &in, &in_left, &o, &out_left) != (size_t)-1);
	iconv_close(cd);
	*o = '\0';
	assert_false(utf8_valid((const unsigned char *)sjis, strlen(sjis)));
	convert_ok("silver (CP932)", sjis, false, SFEN_SILVER, "4c5b 5a5b G*5c");

	/* --rest: the 36 pieces go to the defender */
	convert_ok("silver --rest", KIF_SILVER, true, "4k4/9/5S3/9/9/9/9/9/9 b G2r2b3g3s4n4l18p 1", "4c5b 5a5b G*5c");
	assert_int_equal(cp.missing, 36);

	/* Two golds on 6九 and 4九 reach 5八: without an origin the JSA
	 * modifier names one (右 = the one on 4九, seen from sente). */
	static const char golds[] =
	    "後手の持駒：なし\n" KIF_HEAD "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	    "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n"
	    "| ・ ・ ・ 金 ・ 金 ・ ・ ・|九\n" KIF_FOOT "先手の持駒：なし\n"
	    "手数----指手---------消費時間--\n"
	    "1 ▲５八金右\n"
	    "2 △５二玉\n"
	    "3 ▲５九金寄\n";
	convert_ok("golds", golds, false, "4k4/9/9/9/9/9/9/9/3G1G3 b - 1", "4i5h 5a5b 6i5i");
	assert_int_equal(cp.stated, -1);

	/* 手合割：平手 and no diagram: the start position */
	convert_ok(
	    "hirate",
	    "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n",
	    false, SFEN_STARTPOS, "7g7f 3c3d 8h2b+ 3a2b");
	/* a diagram with no moves */
	convert_ok("no moves",
	           "後手の持駒：飛二　角二　金四　銀四　桂四　香四　歩十八\n" KIF_HEAD
	           "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW "三\n" EMPTY_ROW "四\n" EMPTY_ROW
	           "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n" EMPTY_ROW "九\n" KIF_FOOT
	           "先手の持駒：なし\n",
	           false, "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", "");
	assert_int_equal(cp.missing, 0);
	/* no line for the defender's hand: tsume convention, 残り全部 (the
	 * defender holds every piece not on the board or in the attacker's
	 * hand), said in defender_rest; with the line, exactly as stated */
	convert_ok("no gote hand line",
	           KIF_HEAD "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW "三\n" EMPTY_ROW
	                    "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n" EMPTY_ROW
	                    "九\n" KIF_FOOT "先手の持駒：金\n",
	           false, "4k4/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1", "");
	assert_true(cp.defender_rest);
	assert_int_equal(cp.missing, 0);
	convert_ok("silver: both hands stated", KIF_SILVER, false, SFEN_SILVER, "4c5b 5a5b G*5c");
	assert_false(cp.defender_rest);
	/* gote to move (gote attacks): the defender is sente, its line 先手の持駒 */
	convert_ok("no sente hand line, gote to move",
	           "後手の持駒：金\n" KIF_HEAD "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	           "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n"
	           "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n" KIF_FOOT "後手番\n",
	           false, "9/9/9/9/9/9/9/9/4K4 w 2R2B3G4S4N4L18Pg 1", "");
	assert_true(cp.defender_rest);
	/* a game from 手合割 (no diagram) is no problem: no hand given */
	convert_ok("hirate: no rest", "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n", false, SFEN_STARTPOS, "7g7f");
	assert_false(cp.defender_rest);
	/* a variation (変化) is not part of the main line */
	convert_ok("variation",
	           "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n",
	           false, SFEN_STARTPOS, "7g7f 3c3d");
}

/* Replaces the first `from` in text (of size bytes) by `to`. */
static void replace(char *text, size_t size, const char *from, const char *to)
{
	char *p = strstr(text, from);
	assert_non_null(p);
	size_t n = strlen(from), m = strlen(to), rest = strlen(p + n);
	assert_true(strlen(text) - n + m < size);
	memmove(p + m, p + n, rest + 1);
	memcpy(p, to, m);
}

static void test_kif_errors(void **state)
{
	(void)state;
	char text[4096];
	/* an illegal move: the silver cannot go to 5三 from 4三 */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	char *p = strstr(text, "５二銀不成(43)");
	memcpy(p, "５三銀不成(43)", strlen("５三銀不成(43)"));
	convert_bad("illegal", text, 19, "move 1 '５三銀不成(43)': not a legal move here");
	/* 成 where the file's piece cannot promote */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	p = strstr(text, "   3 ５三金打");
	memcpy(p, "   3 ５三金成", strlen("   3 ５三金成"));
	convert_bad("gold promotes", text, 21, "not a legal move");
	/* an unreadable move */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	p = strstr(text, "同玉(51)");
	memcpy(p, "同猫(51)", strlen("同猫(51)"));
	convert_bad("unknown piece", text, 20, "unknown piece '猫'");
	/* moves out of order */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	p = strstr(text, "   3 ５三金打");
	p[3] = '4';
	convert_bad("numbering", text, 21, "move number 4 where 3 was expected");
	/* 同 as the first move */
	convert_bad("first 同", "手合割：平手\n手数--\n   1 同　歩(77)\n", 3, "同 with no previous move");
	/* ambiguous: two golds reach 5八 and the file names neither */
	static const char golds[] =
	    "後手の持駒：なし\n" KIF_HEAD "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	    "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n"
	    "| ・ ・ ・ 金 ・ 金 ・ ・ ・|九\n" KIF_FOOT "先手の持駒：なし\n"
	    "手数----指手---------消費時間--\n"
	    "   1 ５八金\n";
	convert_bad("ambiguous", golds, 16, "ambiguous");
	/* a diagram of eight rows */
	convert_bad("eight rows",
	            "後手の持駒：なし\n" KIF_HEAD "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	            "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n" KIF_FOOT
	            "先手の持駒：なし\n",
	            4, "8 rows, expected nine");
	/* a bad square in a row */
	convert_bad("bad row", "後手の持駒：なし\n" KIF_HEAD "| ・ ・ ・ ・x玉 ・ ・ ・ ・|一\n", 4,
	            "expected ' ' or 'v'");
	/* a bad hand */
	convert_bad("bad hand", "後手の持駒：猫二\n", 1, "hand: unknown piece '猫'");
	/* more pieces than the set (19 pawns): at the line of the hand, not of
	 * the diagram */
	convert_bad("19 pawns",
	            "後手の持駒：歩十九\n" KIF_HEAD "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	            "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW
	            "八\n" EMPTY_ROW "九\n" KIF_FOOT,
	            1, "bad position: hand: 19 pawns in the gote hand, the set has 18");
	/* five golds in sente's hand (line 15), and a fifth gold with four on
	 * the board (the hand that gave it); the board's own faults stay at the
	 * diagram's first line */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手の持駒：金", "先手の持駒：飛　角　金五");
	convert_bad("five golds", text, 15, "bad position: hand: 5 golds in the sente hand, the set has 4");
	static const char golds4[] =
	    "後手の持駒：なし\n" KIF_HEAD "|v金v金v金v金v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	    "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n" EMPTY_ROW
	    "九\n" KIF_FOOT "先手の持駒：金\n";
	convert_bad("a fifth gold", golds4, 14, "bad position: hand: 5 golds in all (board and hands), the set has 4");
	static const char rooks3[] =
	    "後手の持駒：なし\n" KIF_HEAD "|v飛v飛v飛 ・v玉 ・ ・ ・ ・|一\n" EMPTY_ROW "二\n" EMPTY_ROW
	    "三\n" EMPTY_ROW "四\n" EMPTY_ROW "五\n" EMPTY_ROW "六\n" EMPTY_ROW "七\n" EMPTY_ROW "八\n" EMPTY_ROW
	    "九\n" KIF_FOOT "先手の持駒：なし\n";
	convert_bad("three rooks on the board", rooks3, 4, "bad position: board: 3 rooks on the board, the set has 2");
	/* neither UTF-8 nor CP932 (0x81 0x20 is no CP932 character) */
	convert_bad("bad bytes", "#\n\x81\x20\n", 2, "neither UTF-8 nor Shift_JIS");
	/* a UTF-8 file with one character cut on line 3: named there, not at
	 * line 2 where its UTF-8 fails as CP932 */
	convert_bad("cut UTF-8", "#\n# 詰将棋\n# \xe3\x81\n", 3, "invalid UTF-8 (bad or cut byte 0xE3)");
	/* no diagram, no moves */
	convert_bad("empty", "# nothing\n", 0, "no board diagram");
}

/* What a file states twice or both ways, or a length no file can hold, is
 * an error at its line, never one of the readings chosen without a word. */
static void test_kif_contradictions(void **state)
{
	(void)state;
	char text[4096];
	/* a stated length over POS_MAX_PLY, however many digits: refused, as
	 * a length of 1000 with 3 moves is (at 4096 and below it is a length) */
	static const char *const huge[] = {"まで99999999999999999999手で中断", "まで4097手で中断"};
	for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
		snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
		replace(text, sizeof text, "まで3手で中断", huge[i]);
		convert_bad(huge[i], text, 23, "more than 4096 moves");
	}
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "まで3手で中断", "まで99999999999999999999999999999999手で中断");
	convert_bad("many digits", text, 23, "stated length 999999999999999999999999...手: more than 4096 moves");
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "まで3手で中断", "まで4096手で中断");
	convert_ok("まで4096手", text, false, SFEN_SILVER, "4c5b 5a5b G*5c");
	assert_int_equal(cp.stated, 4096);
	snprintf(text, sizeof text, "手数：18446744073709551619手\n%s", KIF_SILVER + 3);
	convert_bad("手数 overflowing", text, 1, "stated length 18446744073709551619手: more than 4096 moves");
	/* a hand of なし (none) and pieces */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "後手の持駒：なし", "後手の持駒：なし　飛");
	convert_bad("なし and a rook", text, 2, "hand: なし (none) followed by pieces '飛'");
	/* a hand given twice: the second would replace the first */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手の持駒：金\r\n", "先手の持駒：金\r\n下手の持駒：飛\r\n");
	convert_bad("sente's hand twice", text, 16, "hand: sente's hand given twice, on lines 15 and 16");
	/* both sides to move; the same side twice is no contradiction */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手番\r\n", "後手番\r\n先手番\r\n");
	convert_bad("後手番 and 先手番", text, 17, "side to move given twice: 後手番 on line 16, 先手番 here");
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手番\r\n", "先手番\r\n先手番\r\n");
	convert_ok("先手番 twice", text, false, SFEN_SILVER, "4c5b 5a5b G*5c");
	/* headers as hand-edited files have them: an ASCII colon, indented;
	 * 手番：先手 for the side to move */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "後手の持駒：なし", "後手の持駒:なし");
	replace(text, sizeof text, "先手の持駒：金", "　 先手の持駒：金");
	replace(text, sizeof text, "先手番\r\n", "手番：先手\r\n");
	convert_ok("ASCII colon, indent, 手番：先手", text, false, SFEN_SILVER, "4c5b 5a5b G*5c");
	assert_int_equal(cp.missing, 36);
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手番\r\n", "手番：後手\r\n");
	convert_bad("手番：後手 and a sente move", text, 19, "move 1");
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "先手番\r\n", "手番：どちら\r\n");
	convert_bad("手番 neither side", text, 16, "side to move: 'どちら' is not 先手 or 後手");
	/* a hand line the reader cannot read: an error, not the rest of the
	 * set given to the defender without a word */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "後手の持駒：なし", "後手持駒：なし");
	convert_bad("後手持駒", text, 2, "a hand line not understood: '後手持駒：なし'");
	/* a move number of 20 digits: an error on its own line, not a number
	 * clamped and a mismatch on the next */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	replace(text, sizeof text, "   1 ５二銀不成(43)", "99999999999999999999 ５二銀不成(43)");
	convert_bad("20-digit move number", text, 19, "move number over 100000000");
	/* after the moves: a 手数 that contradicts まで, a second file appended */
	snprintf(text, sizeof text, "%s手数：5手\r\n", KIF_SILVER + 3);
	convert_bad("手数 after まで", text, 0, "手数 states 5 moves, まで 3");
	snprintf(text, sizeof text, "%s%s", KIF_SILVER + 3, KIF_SILVER + 3);
	convert_bad("two files in one", text, 25, "a board or hand line after the moves");
}

/* A problem file cut in its moves is refused, not solved as the position
 * after them: a diagram's moves that end on the defender's move with
 * nothing after them (no end word, no まで, no 変化). */
static void test_kif_cut(void **state)
{
	(void)state;
	char text[4096];
	/* KIF_SILVER cut after move 2, its 中断 and まで lines lost */
	snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
	strstr(text, "   3 ５三金打")[0] = '\0';
	convert_bad(
	    "cut after move 2", text, 20,
	    "cut short: the moves end at move 2 (the defender's) with no end word (詰み) or まで line after them");
	/* cut after move 1: an odd number, taken as it is */
	strstr(text, "   2 同玉")[0] = '\0';
	convert_ok("cut after move 1", text, false, SFEN_SILVER, "4c5b");
	/* two moves closed by an end word, by まで, or by a 手数 of two: not cut */
	static const char *const ends[] = {"   3 中断\n", "まで2手で中断\n"};
	for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
		snprintf(text, sizeof text, "%s", KIF_SILVER + 3);
		snprintf(strstr(text, "   3 ５三金打"), 64, "%s", ends[i]);
		convert_ok(ends[i], text, false, SFEN_SILVER, "4c5b 5a5b");
	}
	snprintf(text, sizeof text, "手数：2手\n%s", KIF_SILVER + 3);
	strstr(text, "   3 ５三金打")[0] = '\0';
	convert_ok("手数：2手", text, false, SFEN_SILVER, "4c5b 5a5b");
	/* a game from the start position (手合割, no diagram) is no problem:
	 * test_kif_written's "hirate", four moves and no end, converts */
	/* CSA: the same cut, and with its %TSUMI */
	convert_bad("csa cut", "P-11OU\nP+00KI\n+\n+0055KI\n-1112OU\n", 5,
	            "CSA: cut short: the moves end at move 2 (the defender's) with no '%' line (%TSUMI) after them");
	convert_ok("csa %TSUMI", "P-11OU\nP+00KI\n+\n+0055KI\n-1112OU\n%TSUMI\n", false, "8k/9/9/9/9/9/9/9/9 b G 1",
	           "G*5e 1a1b");
	/* a game from PI, two moves and no end: not a problem, converted */
	convert_ok("csa PI game", "PI\n+\n+7776FU\n-3334FU\n", false, SFEN_STARTPOS, "7g7f 3c3d");
}

/* ------------------------------------------------------------------ */
/* CSA */

/* tsumemi 3te/1 written in CSA: 00AL gives the rest of the set to gote. */
static const char CSA_3TE1[] = "' tsumemi 3te/1\n"
                               "V2.2\n"
                               "N+attacker\n"
                               "N-defender, with a comma\n"
                               "$EVENT:test\n"
                               "P1 *  *  *  *  *  *  *  *  * \n"
                               "P2 *  *  *  * -OU *  *  *  * \n"
                               "P3 *  *  *  *  *  *  *  *  * \n"
                               "P4 *  *  *  * +GI *  *  *  * \n"
                               "P5 *  *  *  *  *  *  *  *  * \n"
                               "P6 *  *  *  *  *  *  *  *  *\n" /* trailing blank left out */
                               "P7 *  *  *  *  *  *  *  *  * \n"
                               "P8 *  *  *  *  *  *  *  *  * \n"
                               "P9 *  *  *  *  *  *  *  *  * \n"
                               "P+00KI00GI\n"
                               "P-00AL\n"
                               "+\n"
                               "+0053GI\n"
                               "T1\n"
                               "-5241OU,T2\n"
                               "+0042KI\n"
                               "%TSUMI\n";

static void test_csa(void **state)
{
	(void)state;
	convert_ok("csa 3te/1", CSA_3TE1, false, "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1", "S*5c 5b4a G*4b");
	assert_string_equal(cp.format, "CSA");
	assert_int_equal(cp.missing, 0);
	assert_int_equal(cp.stated, -1);

	/* PI with the start position; promotion by the promoted piece code;
	 * several statements on a line */
	convert_ok("csa PI", "V2.2\nPI\n+\n+7776FU,T1,-3334FU\n+8822UM\n-3122GI\n%TORYO\n", false, SFEN_STARTPOS,
	           "7g7f 3c3d 8h2b+ 3a2b");
	/* PI with removals (bishop and rook of gote: 2-piece handicap), gote to move */
	convert_ok("csa handicap", "PI82HI22KA\n-\n-3334FU\n", false,
	           "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "3c3d");
	assert_int_equal(cp.missing, 2);
	/* pieces placed one by one, and a promoted piece on the board */
	convert_ok("csa P+", "P-11OU\nP+13TO32KI\nP+00KI\n+\n", false, "8k/6G2/8+P/9/9/9/9/9/9 b G 1", "");

	convert_bad("csa illegal", "P-11OU\nP+00KI\n+\n+0055KI\n-1112OU\n+0013KI\n", 6,
	            "move 3 '+0013KI' is not legal here");
	convert_bad("csa wrong side", "P-11OU\nP+00KI\n+\n-1112OU\n", 4, "by the side not to move");
	convert_bad("csa no piece", "P-11OU\nP+00KI\n+\n+5554FU\n", 4, "no such piece on 55");
	convert_bad("csa bad code", "P-11OU\nP+00XX\n", 2, "bad piece '00XX'");
	convert_bad("csa bad row", "P1-KY-KE-GI-KI-OU-KI-GI-KE-ZZ\n", 1, "row 1, file 1");
	convert_bad("csa nifu", "P-11OU\nP+15FU16FU\n+\n", 1, "bad position");
	convert_bad("csa late P", "P-11OU\nP+00KI\n+\n+0012KI\nP+00KI\n", 5, "position line after the moves");
	/* a hand fault at the line of the P+ / P- list that gave it */
	convert_bad("csa three rooks in hand", "P-11OU\nP+00KI\n+\nP+00HI00KA00HI00HI\n", 4,
	            "bad position: hand: 3 rooks in the sente hand, the set has 2");
	convert_bad("csa a fifth gold", "P-11OU\nP+00KI00KI\nP-00KI00KI\nP+21KI\n+\n", 3,
	            "bad position: hand: 5 golds in all (board and hands), the set has 4");

	/* a board given as rows has P1..P9, each of nine squares: a row lost
	 * or cut short is an error at its line, not a row of empty squares */
	char text[2048];
	snprintf(text, sizeof text, "%s", CSA_3TE1);
	char *p = strstr(text, "P1 ");
	memmove(p, p + strlen("P1 *  *  *  *  *  *  *  *  * \n"),
	        strlen(p) - strlen("P1 *  *  *  *  *  *  *  *  * \n") + 1);
	convert_bad("csa no P1", text, 6, "CSA: row P1 missing: a board given as rows has P1..P9, each once");
	snprintf(text, sizeof text, "%s", CSA_3TE1);
	p = strstr(text, "P9 ");
	memmove(p, p + strlen("P9 *  *  *  *  *  *  *  *  * \n"),
	        strlen(p) - strlen("P9 *  *  *  *  *  *  *  *  * \n") + 1);
	convert_bad("csa no P9", text, 6, "CSA: row P9 missing");
	snprintf(text, sizeof text, "%s", CSA_3TE1);
	memcpy(strstr(text, "P2 *  *  *  * -OU *  *  *  * "), "P2 *  *  *  * -OU *  *  *    ",
	       strlen("P2 *  *  *  * -OU *  *  *  * "));
	convert_bad("csa P2 of eight squares", text, 7, "CSA: row P2 has 8 squares, not nine");
	convert_bad("csa P7 of no square", "P1 *  *  *  *  * -OU *  *  * \nP7\n", 2,
	            "CSA: row P7 has 0 squares, not nine");
}

/* ------------------------------------------------------------------ */
/* the command */

static void test_cmd_convert(void **state)
{
	(void)state;
	char good1[320], bad[320], good2[320], out[320], errpath[320];
	snprintf(good1, sizeof good1, "%s/silver.kif", tmpdir);
	snprintf(bad, sizeof bad, "%s/bad;name.kif", tmpdir);
	snprintf(good2, sizeof good2, "%s/3te1.csa", tmpdir);
	snprintf(out, sizeof out, "%s/out.sfen.gz", tmpdir);
	snprintf(errpath, sizeof errpath, "%s/stderr.txt", tmpdir);
	write_file(good1, KIF_SILVER, strlen(KIF_SILVER));
	static const char bad_text[] = "手合割：平手\n手数--\n   1 ７六歩(77)\n   2 ７五歩(74)\n";
	write_file(bad, bad_text, strlen(bad_text));
	write_file(good2, CSA_3TE1, strlen(CSA_3TE1));

	/* standard error into a file, to read the messages */
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, STDERR_FILENO);
	close(fd);
	char *argv[] = {"convert", good1, bad, "-o", out, good2, NULL};
	int rc = cmd_convert(6, argv);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	assert_int_equal(rc, 2);

	static char msg[4096];
	FILE *f = fopen(errpath, "r");
	assert_non_null(f);
	size_t n = fread(msg, 1, sizeof msg - 1, f);
	fclose(f);
	msg[n] = '\0';
	char expect[400];
	snprintf(expect, sizeof expect, "%s:4: move 2 '７五歩(74)': not a legal move here\n", bad);
	if (!strstr(msg, expect))
		fail_msg("stderr '%s' lacks '%s'", msg, expect);
	snprintf(expect, sizeof expect, "%s: warning: 36 pieces are in nobody's hand", good1);
	assert_non_null(strstr(msg, expect));

	/* the two good files, in order, gzip */
	unsigned char head[2];
	f = fopen(out, "rb");
	assert_non_null(f);
	assert_int_equal(fread(head, 1, 2, f), 2);
	fclose(f);
	assert_true(head[0] == 0x1f && head[1] == 0x8b);
	static PioProblem prob;
	PioError err;
	PioReader *r = pio_open(out, &err);
	assert_non_null(r);
	assert_int_equal(pio_next(r, &prob, &err), PIO_OK);
	char buf[160];
	sfen_format(&prob.root, buf, sizeof buf);
	assert_string_equal(buf, SFEN_SILVER);
	assert_int_equal(prob.n_moves, 3);
	assert_string_equal(pio_meta_get(&prob, "mate"), "3");
	assert_string_equal(pio_meta_get(&prob, "source"), good1);
	assert_int_equal(pio_next(r, &prob, &err), PIO_OK);
	sfen_format(&prob.root, buf, sizeof buf);
	assert_string_equal(buf, "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1");
	assert_string_equal(pio_meta_get(&prob, "mate"), "3");
	assert_string_equal(pio_meta_get(&prob, "source"), good2);
	assert_int_equal(pio_next(r, &prob, &err), PIO_END);
	pio_close(r);

	/* usage errors */
	char *no_files[] = {"convert", NULL};
	char *no_out[] = {"convert", good1, "-o", NULL};
	char *bad_opt[] = {"convert", "--frobnicate", good1, NULL};
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	fd = open("/dev/null", O_WRONLY);
	dup2(fd, STDERR_FILENO);
	close(fd);
	int rc1 = cmd_convert(1, no_files), rc2 = cmd_convert(3, no_out), rc3 = cmd_convert(3, bad_opt);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	assert_int_equal(rc1, 2);
	assert_int_equal(rc2, 2);
	assert_int_equal(rc3, 2);
}

/* The first bytes of a file (at most CONV_DETECT_HEAD) into buf. */
static size_t read_head(const char *path, char *buf)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	size_t n = fread(buf, 1, CONV_DETECT_HEAD, f);
	fclose(f);
	return n;
}

/* KIF and CSA files are told from problem lines by their first bytes alone;
 * problemio reads such a file as its one problem, as convert would write it */
static void test_detect_and_read(void **state)
{
	(void)state;
	static char head[CONV_DETECT_HEAD];
	char path[512];
	PioProblem *p = malloc(sizeof *p);
	assert_non_null(p);
	for (size_t i = 0; i < sizeof KIF_CASES / sizeof KIF_CASES[0]; i++) {
		const KifCase *k = &KIF_CASES[i];
		snprintf(path, sizeof path, "%s/problems/raw/%s", TEST_DATA_DIR, k->path);
		if (!conv_detect(NULL, head, read_head(path, head)))
			fail_msg("%s: not told a KIF by its content", k->path);
		PioError err;
		PioReader *r = pio_open(path, &err);
		assert_non_null(r);
		assert_int_equal(pio_next(r, p, &err), PIO_OK);
		assert_int_equal(p->line, 1);
		char sfen[160];
		assert_true(sfen_format(&p->root, sfen, sizeof sfen) > 0);
		assert_string_equal(sfen, k->sfen);
		long mate;
		assert_true(pio_meta_int(p, "mate", &mate));
		assert_int_equal(mate, p->n_moves);
		assert_non_null(strstr(p->text, k->usi));
		assert_int_equal(pio_next(r, p, &err), PIO_END);
		pio_close(r);
	}
	/* problem-line files are not: the data sets' first bytes */
	static const char *const lines[] = {"problems/raw/shogiboardq/tsume_9ply_1000_20261001.txt",
	                                    "problems/classics/zuko.tsv", "problems/cases.tsv"};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
		snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, lines[i]);
		if (conv_detect(path, head, read_head(path, head)))
			fail_msg("%s: taken for a KIF or CSA file", lines[i]);
	}
	/* a SFEN board row may start "P1" but never "P1" and a sign or a blank */
	static const char sfen_row[] = "P1k6/9/9/9/9/9/9/9/9 b - 1\n";
	assert_false(conv_detect("a.sfen", sfen_row, sizeof sfen_row - 1));
	static const char csa[] = "'a comment\nP1 *  *  *  *  * -OU *  *  * \n+\n";
	assert_true(conv_detect(NULL, csa, sizeof csa - 1));
	assert_true(conv_detect("A.KIFU", "", 0));
	free(p);
}

int main(void)
{
	const struct CMUnitTest t_conv_kif[] = {
	    cmocka_unit_test(test_data_kif),           cmocka_unit_test(test_data_kemuri),
	    cmocka_unit_test(test_kif_written),        cmocka_unit_test(test_kif_errors),
	    cmocka_unit_test(test_kif_contradictions),
	};
	const struct CMUnitTest t_conv_read[] = {
	    cmocka_unit_test(test_kif_cut),
	};
	const struct CMUnitTest t_conv_csa[] = {
	    cmocka_unit_test(test_csa),
	};
	const struct CMUnitTest t_conv[] = {
	    cmocka_unit_test(test_cmd_convert),
	    cmocka_unit_test(test_detect_and_read),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("conv_kif", t_conv_kif, setup, teardown);
	failed += cmocka_run_group_tests_name("conv_read", t_conv_read, setup, teardown);
	failed += cmocka_run_group_tests_name("conv_csa", t_conv_csa, setup, teardown);
	failed += cmocka_run_group_tests_name("conv", t_conv, setup, teardown);
	return failed;
}
