/*
 * test_sheet.c -- HTML worksheets (tools/sheet/sheet.c): sheet_write on problems
 * stated inline.
 *
 *  - three problems: three <svg class="diagram"> with data-problem 1..3, the
 *    headings "第N問　M手詰", the answers page (its own page in print) with
 *    the JSA line and the USI of each solution; the page is valid UTF-8 and
 *    links no external resource;
 *  - the diagram: file numbers ９..１ left to right, ranks 一..九 top to
 *    bottom, every piece kanji in its square (coordinates worked out by hand
 *    from the geometry), gote's pieces and only those turned by 180 degrees;
 *  - hands as printed: "金銀二歩三", "飛", "なし", the defender's "残り全部" (gote's,
 *    or sente's when gote attacks), "歩十八";
 *  - escaping of the title, bytes that are not UTF-8;
 *  - errors: a bad SFEN, an illegal solution move, moves given twice (-1, a
 *    message naming the problem, nothing written), a full disk (/dev/full).
 *
 * tools/sheet.o is linked in (see the Makefile).
 * The expected texts are written by hand (JSA notation: P*1b 1c1b 1d1b+ is
 * ▲１二歩 △同　金 ▲同　香成).
 */
#include "testutil.h"

#include "sheet.h"
#include "sfen.h"
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sheet_write of page into a string; returns its status, *html the text (free it). */
static int render_page(const SheetPage *page, const SheetProblem *p, size_t n, char **html, char *err, size_t errlen)
{
	size_t size = 0;
	FILE *f = open_memstream(html, &size);
	assert_non_null(f);
	int rc = sheet_write(f, page, p, n, err, errlen);
	assert_int_equal(fclose(f), 0);
	return rc;
}

/* The same with the title (NULL: the default) and the lines for programs. */
static int render(const char *title, const SheetProblem *p, size_t n, char **html, char *err, size_t errlen)
{
	SheetPage page = {.title = title, .machine = true};
	return render_page(&page, p, n, html, err, errlen);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + strlen(needle), needle))
		n++;
	return n;
}

static bool valid_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	while (n > 0) {
		size_t len = utf8_char_len(p, n);
		if (len == 0)
			return false;
		p += len;
		n -= len;
	}
	return true;
}

static const SheetProblem THREE[] = {
    {"7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", "P*1b 1c1b 1d1b+", 3, 1, NULL, NULL, NULL},
    {"7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1",
     "P*1b 2a1b G*2a 1a2a S*3b 2a1a 1c1b 1a1b G*2c 1b1a 3b2a+ 1a2a 3c3b+ 2a1a 2c2b", 15, 2, NULL, NULL, NULL},
    {"sfen 6knl/9/6PP1/7+B1/9/9/9/9/9 b GS2rb3g3s3n3l16p 1", "G*3b", 1, 3, NULL, NULL, NULL},
};

static void test_three_problems(void **state)
{
	(void)state;
	char *html = NULL, err[256];
	assert_int_equal(render("練習", THREE, 3, &html, err, sizeof err), 0);
	assert_true(valid_utf8(html));
	assert_int_equal(strncmp(html, "<!DOCTYPE html>", 15), 0);
	assert_non_null(strstr(html, "<meta charset=\"utf-8\">"));
	assert_int_equal(count(html, "<svg class=\"diagram\""), 3);
	assert_non_null(strstr(html, "<svg class=\"diagram\" data-problem=\"1\""));
	assert_non_null(strstr(html, "<svg class=\"diagram\" data-problem=\"3\""));
	assert_non_null(strstr(html, "<h2>第1問　3手詰</h2>"));
	assert_non_null(strstr(html, "<h2>第2問　15手詰</h2>"));
	assert_non_null(strstr(html, "<h2>第3問　1手詰</h2>"));
	/* the answers: after every diagram, on a page of their own */
	const char *ans = strstr(html, "<section class=\"answers\">");
	assert_non_null(ans);
	assert_null(strstr(ans, "<svg"));
	assert_non_null(strstr(html, ".answers { break-before: page; page-break-before: always; }"));
	assert_int_equal(count(ans, "<div class=\"answer\""), 3);
	assert_non_null(strstr(ans, "<p class=\"kif\">▲１二歩 △同　金 ▲同　香成</p>"));
	assert_non_null(strstr(ans, "USI: P*1b 1c1b 1d1b+"));
	assert_non_null(strstr(ans, "<p class=\"kif\">▲３二金</p>"));
	assert_non_null(strstr(ans, "▲２三金 △１一玉 ▲２一銀成 △同　玉 ▲３二歩成 △１一玉 ▲２二金</p>"));
	assert_non_null(strstr(ans, "SFEN: 6knl/9/6PP1/7+B1/9/9/9/9/9 b GS2rb3g3s3n3l16p 1"));
	/* self-contained */
	assert_null(strstr(html, "<link"));
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "src="));
	assert_null(strstr(html, "@import"));
	assert_null(strstr(html, "url("));
	assert_int_equal(strcmp(html + strlen(html) - 8, "</html>\n"), 0);
	free(html);
}

static void test_diagram(void **state)
{
	(void)state;
	/* every kind of piece: sente's promoted ones on rank 9, gote's unpromoted
	 * ones on rank 1, 2 and 3, a sente king on 5i */
	SheetProblem p = {"lnsgkgsnl/1r5b1/4p4/9/9/9/9/9/+P+L+N+SK+B+R2 b - 1", NULL, 0, 7, NULL, NULL, NULL};
	char *html = NULL, err[256];
	assert_int_equal(render(NULL, &p, 1, &html, err, sizeof err), 0);
	assert_non_null(strstr(html, "<title>詰将棋</title>"));
	assert_non_null(strstr(html, "<h2>第7問</h2>"));                    /* no length known */
	assert_non_null(strstr(html, "<p class=\"kif\">（解答なし）</p>")); /* no solution */
	const char *svg = strstr(html, "<svg class=\"diagram\" data-problem=\"7\"");
	assert_non_null(svg);
	/* the labels: ９ first (x = 50 + 20), １ last (x = 50 + 8 * 40 + 20); 一 at
	 * the top (y = 32 + 22), 九 at the bottom (y = 32 + 8 * 44 + 22) */
	assert_non_null(strstr(svg, "<text x=\"70\" y=\"16\">９</text>"));
	assert_non_null(strstr(svg, "<text x=\"390\" y=\"16\">１</text>"));
	assert_true(strstr(svg, "９</text>") < strstr(svg, "１</text>"));
	assert_non_null(strstr(svg, "<text x=\"425\" y=\"54\">一</text>"));
	assert_non_null(strstr(svg, "<text x=\"425\" y=\"406\">九</text>"));
	/* gote: 9a lance top left, 5a king, 2b bishop, 5c pawn; turned */
	assert_non_null(
	    strstr(svg, "<text class=\"gote\" x=\"70\" y=\"54\" transform=\"rotate(180 70 54)\">香</text>"));
	assert_non_null(
	    strstr(svg, "<text class=\"gote\" x=\"230\" y=\"54\" transform=\"rotate(180 230 54)\">玉</text>"));
	assert_non_null(
	    strstr(svg, "<text class=\"gote\" x=\"350\" y=\"98\" transform=\"rotate(180 350 98)\">角</text>"));
	assert_non_null(
	    strstr(svg, "<text class=\"gote\" x=\"110\" y=\"98\" transform=\"rotate(180 110 98)\">飛</text>"));
	assert_non_null(
	    strstr(svg, "<text class=\"gote\" x=\"230\" y=\"142\" transform=\"rotate(180 230 142)\">歩</text>"));
	assert_int_equal(count(svg, "class=\"gote\""), 12);
	assert_int_equal(count(svg, "rotate(180"), 12);
	/* sente: と 杏 圭 全 on 9i..6i, 王 on 5i, 馬 龍 on 4i, 3i; upright */
	static const char *const SENTE_ROW[7] = {"と", "杏", "圭", "全", "王", "馬", "龍"};
	for (int i = 0; i < 7; i++) {
		char want[128];
		snprintf(want, sizeof want, "<text class=\"sente\" x=\"%d\" y=\"406\">%s</text>", 70 + 40 * i,
		         SENTE_ROW[i]);
		assert_non_null(strstr(svg, want));
	}
	assert_int_equal(count(svg, "class=\"sente\""), 7);
	/* hands: both empty */
	assert_int_equal(count(svg, "<text x=\"22\""), 5);  /* △持駒なし: 5 characters, the gap not drawn */
	assert_int_equal(count(svg, "<text x=\"462\""), 5); /* ▲持駒なし */
	free(html);
}

static void test_hand_text(void **state)
{
	(void)state;
	Position *pos = malloc(sizeof *pos);
	assert_non_null(pos);
	char buf[128];
	struct {
		const char *sfen;
		Color c;
		const char *want;
	} cases[] = {
	    {"4k4/9/4P4/9/9/9/9/9/9 b G2S3Pr 1", SENTE, "金銀二歩三"},
	    {"4k4/9/4P4/9/9/9/9/9/9 b G2S3Pr 1", GOTE, "飛"},
	    {"4k4/9/4P4/9/9/9/9/9/9 b r 1", SENTE, "なし"},
	    {"4k4/9/9/9/9/9/9/9/9 b - 1", GOTE, "なし"},
	    {"4k4/9/9/9/9/9/9/9/9 b 18P 1", SENTE, "歩十八"},
	    {"4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1", SENTE, "飛二角二金四銀四桂四香四歩十八"},
	    /* gote holds all the rest */
	    {"7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", GOTE, "残り全部"},
	    {"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", GOTE, "残り全部"},
	    /* one pawn short of the rest: listed */
	    {"7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l15p 1", GOTE, "飛角二金三銀四桂二香三歩十五"},
	    /* gote attacks: sente defends and holds the rest; gote's hand, the attacker's, listed */
	    {"9/9/9/9/9/9/9/6s1K/9 w rgR2B3G3S4N4L18P 1", SENTE, "残り全部"},
	    {"9/9/9/9/9/9/9/6s1K/9 w rgR2B3G3S4N4L18P 1", GOTE, "飛金"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		SfenError se;
		assert_int_equal(sfen_parse_root(pos, cases[i].sfen, &se, NULL), SFEN_OK);
		sheet_hand_text(pos, cases[i].c, buf, sizeof buf);
		if (strcmp(buf, cases[i].want) != 0)
			fail_msg("%s (%s): got '%s', want '%s'", cases[i].sfen, cases[i].c == SENTE ? "sente" : "gote",
			         buf, cases[i].want);
	}
	free(pos);

	/* in the diagram: gote's hand left of the board, one character a <text> */
	SheetProblem p = {"4k4/9/4P4/9/9/9/9/9/9 b G2S3Pr 1", NULL, 3, 1, NULL, NULL, NULL};
	char *html = NULL, err[256];
	assert_int_equal(render(NULL, &p, 1, &html, err, sizeof err), 0);
	const char *g = strstr(html, "<g class=\"hand gote-hand\"");
	assert_non_null(g);
	assert_non_null(strstr(g, "<text x=\"22\" y=\"45\">△</text>"));
	assert_non_null(strstr(g, ">持</text>"));
	assert_non_null(strstr(g, ">飛</text></g>"));
	const char *s = strstr(html, "<g class=\"hand sente-hand\"");
	assert_non_null(s);
	assert_non_null(strstr(s, "<text x=\"462\" y=\"45\">▲</text>"));
	assert_non_null(strstr(s, ">銀</text><text x=\"462\" y=\"207\">二</text>"));
	free(html);
}

static void test_escaping(void **state)
{
	(void)state;
	char *html = NULL, err[256];
	assert_int_equal(render("<script>&\"'\xff\x01 x", THREE, 1, &html, err, sizeof err), 0);
	assert_true(valid_utf8(html));
	assert_null(strstr(html, "<script"));
	assert_non_null(strstr(html, "<title>&lt;script&gt;&amp;&quot;&#39;\xef\xbf\xbd\xef\xbf\xbd x</title>"));
	assert_non_null(strstr(html, "<h1>&lt;script&gt;&amp;&quot;&#39;\xef\xbf\xbd\xef\xbf\xbd x</h1>"));
	free(html);

	/* a truncated character at the end, an overlong '/', a surrogate */
	html = NULL;
	assert_int_equal(render("a\xe7\xb7\x00", THREE, 1, &html, err, sizeof err), 0);
	assert_non_null(strstr(html, "<title>a\xef\xbf\xbd\xef\xbf\xbd</title>"));
	free(html);
	html = NULL;
	assert_int_equal(render("\xc0\xaf\xed\xa0\x80", THREE, 1, &html, err, sizeof err), 0);
	assert_true(valid_utf8(html));
	assert_null(strstr(html, "\xc0\xaf"));
	free(html);
}

static void test_moves_in_sfen(void **state)
{
	(void)state;
	SheetProblem p = {"position sfen 7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 moves P*1b 1c1b 1d1b+",
	                  NULL,
	                  0,
	                  12,
	                  NULL,
	                  NULL,
	                  NULL};
	char *html = NULL, err[256];
	assert_int_equal(render(NULL, &p, 1, &html, err, sizeof err), 0);
	assert_non_null(strstr(html, "<h2>第12問　3手詰</h2>")); /* the length from the moves */
	assert_non_null(strstr(html, "▲１二歩 △同　金 ▲同　香成"));
	/* the diagram is the position before the moves: gote's pawn still on 2a */
	assert_non_null(strstr(html, "transform=\"rotate(180 350 54)\">歩</text>"));
	free(html);
}

static void test_errors(void **state)
{
	(void)state;
	char *html = NULL, err[256];
	SheetProblem bad[2] = {THREE[0], {"7xk/9/9/9/9/9/9/9/9 b G 1", NULL, 1, 2, NULL, NULL, NULL}};
	assert_int_equal(render(NULL, bad, 2, &html, err, sizeof err), -1);
	assert_string_equal(html, ""); /* nothing written */
	assert_non_null(strstr(err, "problem 2"));
	assert_non_null(strstr(err, "board"));
	assert_non_null(strstr(err, "'x'"));
	free(html);

	html = NULL;
	bad[1] = (SheetProblem){"7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", "P*1b 1c2c", 3, 2, NULL, NULL, NULL};
	assert_int_equal(render(NULL, bad, 2, &html, err, sizeof err), -1);
	assert_string_equal(html, "");
	assert_non_null(strstr(err, "problem 2"));
	assert_non_null(strstr(err, "bad solution"));
	assert_non_null(strstr(err, "1c2c"));
	free(html);

	html = NULL;
	bad[1] =
	    (SheetProblem){"7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1 moves P*1b", "P*1b", 1, 2, NULL, NULL, NULL};
	assert_int_equal(render(NULL, bad, 2, &html, err, sizeof err), -1);
	assert_non_null(strstr(err, "both"));
	free(html);

	html = NULL;
	bad[1] = (SheetProblem){NULL, NULL, 1, 2, NULL, NULL, NULL};
	assert_int_equal(render(NULL, bad, 2, &html, err, sizeof err), -1);
	assert_non_null(strstr(err, "problem 2"));
	free(html);

	/* a full disk */
	FILE *full = fopen("/dev/full", "w");
	if (full) {
		assert_int_equal(sheet_write(full, NULL, THREE, 3, err, sizeof err), -1);
		assert_non_null(strstr(err, "write error"));
		fclose(full);
	}
}

/* The default answers page is for people: the moves in Japanese notation,
 * no USI and no SFEN line. */
static void test_plain_key(void **state)
{
	(void)state;
	char *html = NULL, err[256];
	assert_int_equal(render_page(NULL, THREE, 3, &html, err, sizeof err), 0);
	const char *ans = strstr(html, "<section class=\"answers\">");
	assert_non_null(ans);
	assert_non_null(strstr(ans, "<p class=\"kif\">▲１二歩 △同　金 ▲同　香成</p>"));
	assert_null(strstr(ans, "USI"));
	assert_null(strstr(ans, "SFEN"));
	assert_null(strstr(ans, "P*1b"));
	free(html);
}

/* The other final moves, each named with its square: after ▲８三金 △９一玉
 * the key's ▲８一飛 and also ▲９二飛 mate (final_move.h). */
static void test_final_alternatives(void **state)
{
	(void)state;
	SheetProblem p = {.sfen = "9/k1S6/9/9/9/9/9/9/9 b RGr2b3g3s4n4l18p 1",
	                  .moves = "G*8c 9b9a R*8a",
	                  .mate = 3,
	                  .number = 5,
	                  .final_alts = "R*9b R*1a"};
	char *html = NULL, err[256];
	assert_int_equal(render_page(NULL, &p, 1, &html, err, sizeof err), 0);
	assert_non_null(strstr(html, "<p class=\"kif\">▲８三金 △９一玉 ▲８一飛</p>"));
	assert_non_null(strstr(html, "<p class=\"alt\">最終手 ▲９二飛、▲１一飛 なども可</p>"));
	free(html);

	/* an alternative that is no legal move there: an error, nothing written */
	html = NULL;
	p.final_alts = "R*9a";
	assert_int_equal(render_page(NULL, &p, 1, &html, err, sizeof err), -1);
	assert_string_equal(html, "");
	assert_non_null(strstr(err, "problem 1 (第5問): bad final move 'R*9a'"));
	free(html);
}

/* The credits of a problem: its name and composer under its heading, on
 * the problem page and the answers page. */
static void test_credits(void **state)
{
	(void)state;
	SheetProblem p = {.sfen = THREE[0].sfen,
	                  .moves = THREE[0].moves,
	                  .mate = 3,
	                  .number = 1,
	                  .title = "春<一番>",
	                  .author = "山田　太郎"};
	char *html = NULL, err[256];
	assert_int_equal(render_page(NULL, &p, 1, &html, err, sizeof err), 0);
	assert_int_equal(count(html, "<p class=\"credit\">「春&lt;一番&gt;」　山田　太郎</p>"), 2);
	free(html);
	html = NULL;
	p.title = NULL;
	assert_int_equal(render_page(NULL, &p, 1, &html, err, sizeof err), 0);
	assert_int_equal(count(html, "<p class=\"credit\">山田　太郎</p>"), 2);
	free(html);
}

/* The defender's king is 玉 and the attacker's 王, whoever moves first:
 * gote attacks here, sente's king on ５九 defends, gote's on ５一. */
static void test_defender_king(void **state)
{
	(void)state;
	SheetProblem p = {.sfen = "4k4/9/9/9/9/9/4g4/9/4K4 w G2r2b2g4s4n4l18p 1", .number = 1};
	char *html = NULL, err[256];
	assert_int_equal(render_page(NULL, &p, 1, &html, err, sizeof err), 0);
	/* ５九: x = 50 + 4 * 40 + 20, y = 32 + 8 * 44 + 22; ５一: y = 32 + 22 */
	assert_non_null(strstr(html, "<text class=\"sente\" x=\"230\" y=\"406\">玉</text>"));
	assert_non_null(
	    strstr(html, "<text class=\"gote\" x=\"230\" y=\"54\" transform=\"rotate(180 230 54)\">王</text>"));
	assert_null(strstr(html, ">王</text>\n<text class=\"sente\""));
	free(html);
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_three_problems), cmocka_unit_test(test_diagram),
	    cmocka_unit_test(test_hand_text),      cmocka_unit_test(test_escaping),
	    cmocka_unit_test(test_moves_in_sfen),  cmocka_unit_test(test_errors),
	    cmocka_unit_test(test_plain_key),      cmocka_unit_test(test_final_alternatives),
	    cmocka_unit_test(test_credits),        cmocka_unit_test(test_defender_king),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
