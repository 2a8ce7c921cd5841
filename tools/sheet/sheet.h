/*
 * sheet.h -- printable worksheets: a self-contained HTML page of tsume
 * problems with their answers (the `tsume sheet` command: sheet_cmd.h).
 *
 * The page holds no external resource (no fonts, scripts, style sheets or
 * images are linked): the style is inline and every diagram is an inline
 * SVG in the traditional style of printed problems:
 *
 *        ９  ８  ７  ６  ５  ４  ３  ２  １
 *   △  +---+---+---+---+---+---+---+---+---+
 *   持  |   |   |   |   |   |   |   |金|玉|一    ▲
 *   駒  |   |   |   |   |   |   |   |   |   |二    持
 *   残  ...                                   ...  駒
 *   り                                              金
 *   全  +---+---+---+---+---+---+---+---+---+       銀
 *   部
 *
 * file numbers ９..１ left to right along the top, rank numbers 一..九 top
 * to bottom on the right, kanji pieces (玉/王 飛 角 金 銀 桂 香 歩 龍 馬 全 圭
 * 杏 と), gote's pieces drawn turned by 180 degrees, sente's hand (▲持駒) to
 * the right of the board and gote's hand (△持駒, "残り全部" when gote holds
 * every piece that is on no square and not in sente's hand) to its left,
 * both written top to bottom.  Each diagram is <svg class="diagram"
 * data-problem="N">, under a heading "第N問　M手詰".
 *
 * The defender's king (the side not to move) is drawn 玉, the attacker's 王.
 * A problem's credits (its name and composer, when given) are printed under
 * its heading: "「作品名」　作者".
 *
 * Print layout (CSS): A4, SHEET_PER_PAGE diagrams a page in a 2-column grid,
 * each page its own block; then the answers on a new page ("解答",
 * break-before: page): for each problem its number, the solution in the
 * notation of the Japan Shogi Association (kif_line, "▲１二歩 △同　金 ..."),
 * the other final moves that mate too ("最終手 ▲２一飛、▲３一飛 なども可"),
 * and, for programs (SheetPage.machine), the solution in USI and the SFEN of
 * the problem.  All text written is escaped for HTML; bytes of the title
 * that are not UTF-8 become U+FFFD.
 */
#ifndef TSUME_SHEET_H
#define TSUME_SHEET_H

#include "position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SHEET_PER_PAGE 4             /* diagrams on one printed page (2 columns x 2 rows) */
#define SHEET_DEFAULT_TITLE "詰将棋" /* the title when none is given */

typedef struct SheetProblem {
	/* The problem: [position] [sfen] SFEN [moves M1 ... Mn], the side to move
	 * the attacker (see core/formats/sfen.h).  The diagram shows the position before
	 * any moves; the moves of a "moves" list are the solution when `moves`
	 * is NULL (giving both is an error). */
	const char *sfen;
	/* USI moves of the solution, space separated; NULL or "" when none. */
	const char *moves;
	/* Mate length N shown as "N手詰"; 0 = unknown: then the number of
	 * solution moves, if there are any, else no length is shown. */
	int mate;
	/* The number shown ("第N問") and used in data-problem. */
	int number;
	/* USI moves, space separated, that may replace the solution's final
	 * move (each mates too); NULL or "" when none. */
	const char *final_alts;
	/* The credits: the problem's name (作品名) and its composer (作者);
	 * NULL or "" when not known. */
	const char *title;
	const char *author;
} SheetProblem;

/* The page as a whole. */
typedef struct {
	const char *title; /* the page title and heading; NULL: SHEET_DEFAULT_TITLE */
	bool machine;      /* the answers also in USI, with each problem's SFEN */
} SheetPage;

/* Writes the worksheet for problems[0..count-1] to out: the problems in
 * order, then the answers page, as page says (NULL: the default title, no
 * USI or SFEN lines).  Every problem is parsed and its moves checked legal
 * (final_alts too, on the position before the final move) before
 * anything is written, so a bad problem leaves out untouched.  Returns 0;
 * or -1 with a message in err (errlen bytes; err may be NULL when errlen is
 * 0) when an SFEN or a move does not parse ("problem 3 (第3問): bad position:
 * board (column 12): ..."), memory runs out, or writing to out fails (the
 * stream's error is reported; out is flushed but not closed). */
int sheet_write(FILE *out, const SheetPage *page, const SheetProblem *problems, size_t count, char *err, size_t errlen);

/* The hand of c as the diagram prints it into buf (size bytes; 128 suffice):
 * pieces in the order 飛 角 金 銀 桂 香 歩, each as one kanji with a count
 * above one in kanji numerals ("金銀二歩三"), or "なし" for an empty hand.
 * For the defender (the side not to move), "残り全部" when it holds every
 * piece on no square and not in the attacker's hand (and holds something),
 * the convention of printed problems. */
void sheet_hand_text(const Position *pos, Color c, char *buf, size_t size);

#endif
