/*
 * sheet.c -- printable worksheets: HTML with inline SVG diagrams (sheet.h).
 *
 * sheet_write parses every problem once to check it, then again while
 * writing (a Position is about 130 KB, so the positions are not kept: the
 * parse is far cheaper than the page).  Output goes through one Out context
 * that remembers the first write error.
 */
#include "sheet.h"

#include "kanji.h"
#include "kif.h"
#include "notation.h"
#include "sfen.h"
#include "utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * Diagram geometry in SVG user units (the SVG scales to its column):
 *
 *   0      HAND_W  BOARD_X                     BOARD_X+9*CELL_W  +RANK_W  +HAND_W
 *   +------+-------+---- file numbers ---------+--------+--------+  0
 *   |      |       +---------------------------+        |        |  BOARD_Y
 *   | gote |       |        9 x 9 cells        | ranks  | sente  |
 *   | hand |       |     CELL_W x CELL_H       | 一..九 |  hand  |
 *   |      |       +---------------------------+        |        |  BOARD_Y+9*CELL_H
 *   +------+-------+---------------------------+--------+--------+  SVG_H
 */
enum {
	CELL_W = 40,
	CELL_H = 44,
	HAND_W = 44,
	BOARD_X = HAND_W + 6,
	BOARD_Y = 32,
	RANK_W = 30,
	SVG_W = BOARD_X + 9 * CELL_W + RANK_W + HAND_W,
	SVG_H = BOARD_Y + 9 * CELL_H + 8,
	PIECE_FONT = 31,
	LABEL_FONT = 19,
	HAND_FONT = 24,
};

/* The output stream and its first error (errno at the failing call). */
typedef struct {
	FILE *f;
	int error;
} Out;

static void out_str(Out *o, const char *s)
{
	if (o->error == 0 && fputs(s, o->f) == EOF)
		o->error = errno ? errno : EIO;
}

static void out_fmt(Out *o, const char *fmt, ...)
{
	if (o->error)
		return;
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(o->f, fmt, ap) < 0)
		o->error = errno ? errno : EIO;
	va_end(ap);
}

/* Writes s escaped for HTML text and attribute values: & < > " ' as
 * references; bytes that are not UTF-8 and control characters other than
 * tab and line feed as U+FFFD. */
static void out_esc(Out *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	while (n > 0) {
		size_t len = utf8_char_len(p, n);
		const char *rep = NULL;
		switch (len ? *p : 0) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		case '\'':
			rep = "&#39;";
			break;
		case '\t':
		case '\n':
			break;
		default:
			if (len == 0 || *p < 0x20 || *p == 0x7f)
				rep = "\xef\xbf\xbd"; /* U+FFFD */
		}
		if (len == 0)
			len = 1;
		if (rep)
			out_str(o, rep);
		else if (o->error == 0 && fwrite(p, 1, len, o->f) != len)
			o->error = errno ? errno : EIO;
		p += len;
		n -= len;
	}
}

/* A parsed problem: the diagram position and the solution played from it. */
typedef struct {
	Position root;
	Position work; /* after the solution; before its final move when there are alternatives */
	int n_moves;
	Move moves[POS_MAX_PLY];
	int n_alts; /* final_alts parsed */
	Move alts[MAX_MOVES];
	char kif[POS_MAX_PLY * KIF_MOVE_MAX];
} Parsed;

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* The final_alts of problem i into pp->alts, each a legal move of the
 * position before the solution's final move (pp->work is left there).
 * Returns 0, or -1 with err filled. */
static int parse_alternatives(const SheetProblem *p, size_t i, Parsed *pp, char *err, size_t errlen)
{
	pp->n_alts = 0;
	const char *t = p->final_alts;
	if (!t || !t[strspn(t, " \t")])
		return 0;
	if (pp->n_moves == 0) {
		set_err(err, errlen, "problem %zu (第%d問): final moves given without a solution", i + 1, p->number);
		return -1;
	}
	pos_undo_move(&pp->work, pp->moves[pp->n_moves - 1]);
	while (*t) {
		t += strspn(t, " \t");
		size_t len = strcspn(t, " \t");
		if (len == 0)
			break;
		char one[16];
		snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one - 1 ? len : sizeof one - 1), t);
		SfenError se;
		Move m;
		if (pp->n_alts == MAX_MOVES || len >= sizeof one ||
		    sfen_play_moves(&pp->work, one, 1, &m, 1, &se) != 1) {
			set_err(err, errlen, "problem %zu (第%d問): bad final move '%.*s'", i + 1, p->number,
			        (int)(len < 16 ? len : 16), t);
			return -1;
		}
		pos_undo_move(&pp->work, m);
		pp->alts[pp->n_alts++] = m;
		t += len;
	}
	return 0;
}

/* Parses problem i into *pp.  Returns 0, or -1 with err filled. */
static int parse_problem(const SheetProblem *p, size_t i, Parsed *pp, char *err, size_t errlen)
{
	SfenError se;
	const char *moves_text = NULL;
	if (!p->sfen) {
		set_err(err, errlen, "problem %zu (第%d問): no position", i + 1, p->number);
		return -1;
	}
	if (sfen_parse_root(&pp->root, p->sfen, &se, &moves_text) != SFEN_OK) {
		set_err(err, errlen, "problem %zu (第%d問): bad position: %s", i + 1, p->number, se.message);
		return -1;
	}
	int base = moves_text ? (int)(moves_text - p->sfen) + 1 : 1;
	if (p->moves && p->moves[0]) {
		if (moves_text && moves_text[strspn(moves_text, " \t")]) {
			set_err(err, errlen, "problem %zu (第%d問): moves given both in the SFEN and apart", i + 1,
			        p->number);
			return -1;
		}
		moves_text = p->moves;
		base = 1;
	}
	pp->n_moves = 0;
	if (moves_text) {
		pp->work = pp->root;
		int n = sfen_play_moves(&pp->work, moves_text, base, pp->moves, POS_MAX_PLY, &se);
		if (n < 0) {
			set_err(err, errlen, "problem %zu (第%d問): bad solution: %s", i + 1, p->number, se.message);
			return -1;
		}
		pp->n_moves = n;
	}
	return parse_alternatives(p, i, pp, err, errlen);
}

/* The mate length to show: the stated one, else the number of moves. */
static int shown_mate(const SheetProblem *p, const Parsed *pp) { return p->mate > 0 ? p->mate : pp->n_moves; }

void sheet_hand_text(const Position *pos, Color c, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	if (pos->hand[c] == 0) {
		snprintf(buf, size, "なし");
		return;
	}
	if (c != pos->side && pos_missing_pieces(pos) == 0) {
		snprintf(buf, size, "残り全部");
		return;
	}
	for (int k = 0; k < 7; k++) {
		int cnt = hand_count(pos->hand[c], KANJI_HAND_ORDER[k]);
		if (cnt == 0)
			continue;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", KANJI_PIECE1[KANJI_HAND_ORDER[k]],
		                      cnt > 1 ? KANJI_NUM[cnt] : "");
	}
}

/* Writes text one character under the other from (x, y) downwards, fitting
 * it into height units; a full-width space leaves a gap. */
static void svg_column(Out *o, const char *cls, int x, int y, int height, const char *text)
{
	int chars = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		chars += (*p & 0xc0) != 0x80;
	int step = HAND_FONT + 3;
	if (chars * step > height)
		step = height / (chars > 0 ? chars : 1);
	int font = step - 2 < HAND_FONT ? step - 2 : HAND_FONT;
	out_fmt(o, "<g class=\"%s\" font-size=\"%d\">", cls, font);
	const unsigned char *p = (const unsigned char *)text;
	for (int i = 0; *p; i++) {
		size_t len = utf8_char_len(p, strlen((const char *)p));
		if (len == 0)
			len = 1;
		char ch[5] = {0};
		memcpy(ch, p, len);
		p += len;
		if (strcmp(ch, "　") == 0)
			continue;
		out_fmt(o, "<text x=\"%d\" y=\"%d\">", x, y + i * step + step / 2);
		out_esc(o, ch);
		out_str(o, "</text>");
	}
	out_str(o, "</g>\n");
}

/* The heading text "第N問　M手詰" (and the side to move when gote attacks). */
static void heading_text(const SheetProblem *p, const Parsed *pp, char *buf, size_t size)
{
	int mate = shown_mate(p, pp);
	size_t n = (size_t)snprintf(buf, size, "第%d問", p->number);
	if (mate > 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, "　%d手詰", mate);
	if (pp->root.side == GOTE && n < size)
		snprintf(buf + n, size - n, "（後手番）");
}

/* The credits, "<p class="credit">「作品名」　作者</p>", when there are any. */
static void write_credit(Out *o, const SheetProblem *p)
{
	bool title = p->title && p->title[0], author = p->author && p->author[0];
	if (!title && !author)
		return;
	out_str(o, "<p class=\"credit\">");
	if (title) {
		out_str(o, "「");
		out_esc(o, p->title);
		out_str(o, "」");
	}
	if (author) {
		out_str(o, title ? "　" : "");
		out_esc(o, p->author);
	}
	out_str(o, "</p>\n");
}

static void write_diagram(Out *o, const SheetProblem *p, const Parsed *pp)
{
	const Position *pos = &pp->root;
	char head[128];
	heading_text(p, pp, head, sizeof head);
	out_str(o, "<figure class=\"problem\">\n<h2>");
	out_esc(o, head);
	out_str(o, "</h2>\n");
	write_credit(o, p);
	out_fmt(o,
	        "<svg class=\"diagram\" data-problem=\"%d\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
	        "role=\"img\" aria-label=\"",
	        p->number, SVG_W, SVG_H);
	out_esc(o, head);
	out_str(o, "\">\n");

	/* the board: cells, frame, the four stars */
	const int bw = 9 * CELL_W, bh = 9 * CELL_H;
	out_fmt(o, "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", BOARD_X, BOARD_Y, bw, bh);
	out_str(o, "<path class=\"grid\" d=\"");
	for (int i = 1; i < 9; i++)
		out_fmt(o, "M%d %dv%d", BOARD_X + i * CELL_W, BOARD_Y, bh);
	for (int i = 1; i < 9; i++)
		out_fmt(o, "M%d %dh%d", BOARD_X, BOARD_Y + i * CELL_H, bw);
	out_str(o, "\"/>\n");
	out_fmt(o, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", BOARD_X, BOARD_Y, bw, bh);
	for (int i = 0; i < 4; i++)
		out_fmt(o, "<circle class=\"star\" cx=\"%d\" cy=\"%d\" r=\"3\"/>", BOARD_X + (i % 2 ? 6 : 3) * CELL_W,
		        BOARD_Y + (i / 2 ? 6 : 3) * CELL_H);
	out_str(o, "\n");

	/* file numbers ９..１ left to right, rank numbers 一..九 top to bottom */
	out_fmt(o, "<g class=\"label\" font-size=\"%d\">", LABEL_FONT);
	for (int col = 0; col < 9; col++)
		out_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>", BOARD_X + col * CELL_W + CELL_W / 2, BOARD_Y / 2,
		        KANJI_ZEN_DIGIT[9 - col]);
	for (int rank = 1; rank <= 9; rank++)
		out_fmt(o, "<text x=\"%d\" y=\"%d\">%s</text>", BOARD_X + bw + RANK_W / 2,
		        BOARD_Y + (rank - 1) * CELL_H + CELL_H / 2, KANJI_NUM[rank]);
	out_str(o, "</g>\n");

	/* pieces: gote's turned by 180 degrees about the centre of their square */
	out_fmt(o, "<g class=\"pieces\" font-size=\"%d\">", PIECE_FONT);
	for (int rank = 1; rank <= 9; rank++)
		for (int file = 9; file >= 1; file--) {
			Piece pc = pos_piece(pos, sq_make(file, rank));
			if (pc == PIECE_NONE)
				continue;
			PieceType pt = piece_type(pc);
			/* the defender's king 玉, the attacker's 王 */
			const char *name = pt == KING ? (piece_color(pc) == pos->side ? "王" : "玉") : KANJI_PIECE1[pt];
			int cx = BOARD_X + (9 - file) * CELL_W + CELL_W / 2,
			    cy = BOARD_Y + (rank - 1) * CELL_H + CELL_H / 2;
			if (piece_color(pc) == GOTE)
				out_fmt(o,
				        "\n<text class=\"gote\" x=\"%d\" y=\"%d\" transform=\"rotate(180 %d "
				        "%d)\">%s</text>",
				        cx, cy, cx, cy, name);
			else
				out_fmt(o, "\n<text class=\"sente\" x=\"%d\" y=\"%d\">%s</text>", cx, cy, name);
		}
	out_str(o, "</g>\n");

	/* hands: gote's left of the board, sente's right of the rank numbers */
	char hand[128], text[160];
	sheet_hand_text(pos, GOTE, hand, sizeof hand);
	snprintf(text, sizeof text, "△持駒　%s", hand);
	svg_column(o, "hand gote-hand", HAND_W / 2, BOARD_Y, bh, text);
	sheet_hand_text(pos, SENTE, hand, sizeof hand);
	snprintf(text, sizeof text, "▲持駒　%s", hand);
	svg_column(o, "hand sente-hand", BOARD_X + bw + RANK_W + HAND_W / 2, BOARD_Y, bh, text);
	out_str(o, "</svg>\n<p class=\"blank\">答</p>\n</figure>\n");
}

/* "最終手 ▲２一飛、▲３一飛 なども可": the other final moves, each named
 * with its square (no 同), from pp->work (the position before the final
 * move). */
static void write_alternatives(Out *o, Parsed *pp)
{
	if (pp->n_alts == 0)
		return;
	out_str(o, "<p class=\"alt\">最終手 ");
	for (int i = 0; i < pp->n_alts; i++) {
		char text[KIF_MOVE_MAX];
		if (kif_move(&pp->work, pp->alts[i], MOVE_NONE, text, sizeof text) < 0)
			snprintf(text, sizeof text, "?");
		out_str(o, i ? "、" : "");
		out_esc(o, text);
	}
	out_str(o, " なども可</p>\n");
}

static void write_answer(Out *o, const SheetPage *page, const SheetProblem *p, Parsed *pp)
{
	char head[128], sfen[160];
	heading_text(p, pp, head, sizeof head);
	out_fmt(o, "<div class=\"answer\" data-problem=\"%d\">\n<h3>", p->number);
	out_esc(o, head);
	out_str(o, "</h3>\n");
	write_credit(o, p);
	if (pp->n_moves == 0) {
		out_str(o, "<p class=\"kif\">（解答なし）</p>\n");
	} else {
		if (kif_line(&pp->root, pp->moves, pp->n_moves, pp->kif, sizeof pp->kif) < 0)
			snprintf(pp->kif, sizeof pp->kif, "?");
		out_str(o, "<p class=\"kif\">");
		out_esc(o, pp->kif);
		out_str(o, "</p>\n");
		write_alternatives(o, pp);
		if (page->machine) {
			out_str(o, "<p class=\"usi\">USI: ");
			for (int i = 0; i < pp->n_moves; i++) {
				char u[6];
				out_fmt(o, "%s%s", i ? " " : "", usi_format(pp->moves[i], u));
			}
			out_str(o, "</p>\n");
		}
	}
	if (page->machine) {
		if (sfen_format(&pp->root, sfen, sizeof sfen) < 0)
			snprintf(sfen, sizeof sfen, "?");
		out_str(o, "<p class=\"sfen\">SFEN: ");
		out_esc(o, sfen);
		out_str(o, "</p>\n");
	}
	out_str(o, "</div>\n");
}

/* Self-contained print style: A4, SHEET_PER_PAGE diagrams a page, answers on
 * a page of their own; system fonts only (a Mincho face when there is one). */
static const char SHEET_CSS[] =
    "@page { size: A4 portrait; margin: 12mm; }\n"
    "html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }\n"
    "body { margin: 0 auto; max-width: 186mm; padding: 4mm 0; color: #000; background: #fff;\n"
    "  font-family: \"Noto Serif CJK JP\", \"Source Han Serif JP\", \"Hiragino Mincho ProN\", \"Yu Mincho\", "
    "\"IPAexMincho\",\n"
    "  \"IPAMincho\", \"MS Mincho\", \"Noto Sans CJK JP\", serif; }\n"
    "h1 { font-size: 17pt; text-align: center; margin: 0 0 2mm; }\n"
    ".name { text-align: right; margin: 0 0 4mm; font-size: 11pt; }\n"
    ".page + .page { break-before: page; page-break-before: always; margin-top: 8mm; }\n"
    ".grid { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm 8mm; }\n"
    ".problem { margin: 0; break-inside: avoid; page-break-inside: avoid; }\n"
    ".problem h2 { font-size: 13pt; margin: 0 0 1mm; }\n"
    ".credit { margin: 0 0 1mm; font-size: 10.5pt; }\n"
    "svg.diagram { display: block; width: 100%; height: auto; }\n"
    "svg.diagram text { text-anchor: middle; dominant-baseline: central; fill: #000; }\n"
    "svg.diagram .board { fill: #fff; }\n"
    "svg.diagram .grid { stroke: #000; stroke-width: 1; fill: none; }\n"
    "svg.diagram .frame { stroke: #000; stroke-width: 3; fill: none; }\n"
    "svg.diagram .star { fill: #000; }\n"
    ".blank { margin: 2mm 0 0; border-bottom: 1px solid #000; height: 7mm; font-size: 11pt; }\n"
    ".answers { break-before: page; page-break-before: always; }\n"
    ".answers h1 { margin-bottom: 5mm; }\n"
    ".answer { break-inside: avoid; page-break-inside: avoid; margin: 0 0 4mm; }\n"
    ".answer h3 { font-size: 12pt; margin: 0 0 1mm; }\n"
    ".answer p { margin: 0 0 0 6mm; }\n"
    ".answer .kif { font-size: 12pt; }\n"
    ".answer .alt { font-size: 11pt; }\n"
    ".answer .usi, .answer .sfen { font-family: monospace; font-size: 8.5pt; color: #333; overflow-wrap: anywhere; }\n"
    "@media screen { body { padding: 8mm; } .page + .page, .answers { border-top: 1px dashed #999; padding-top: 6mm; "
    "margin-top: "
    "8mm; } }\n";

int sheet_write(FILE *out, const SheetPage *page, const SheetProblem *problems, size_t count, char *err, size_t errlen)
{
	if (err && errlen > 0)
		err[0] = '\0';
	static const SheetPage DEFAULT_PAGE = {NULL, false};
	if (!page)
		page = &DEFAULT_PAGE;
	const char *title = page->title ? page->title : SHEET_DEFAULT_TITLE;
	Parsed *pp = malloc(sizeof *pp);
	if (!pp) {
		set_err(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < count; i++)
		if (parse_problem(&problems[i], i, pp, err, errlen) < 0) {
			free(pp);
			return -1;
		}

	Out o = {out, 0};
	errno = 0;
	out_str(&o, "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n"
	            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	out_esc(&o, title);
	out_fmt(&o, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", SHEET_CSS);
	for (size_t i = 0; i < count; i++) {
		if (i % SHEET_PER_PAGE == 0) {
			if (i > 0)
				out_str(&o, "</div>\n</section>\n");
			out_str(&o, "<section class=\"page\">\n");
			if (i == 0) {
				out_str(&o, "<h1>");
				out_esc(&o, title);
				out_str(&o, "</h1>\n<p class=\"name\">名前　＿＿＿＿＿＿＿＿＿＿</p>\n");
			}
			out_str(&o, "<div class=\"grid\">\n");
		}
		parse_problem(&problems[i], i, pp, NULL, 0);
		write_diagram(&o, &problems[i], pp);
	}
	if (count > 0)
		out_str(&o, "</div>\n</section>\n");
	out_str(&o, "<section class=\"answers\">\n<h1>解答</h1>\n");
	for (size_t i = 0; i < count; i++) {
		parse_problem(&problems[i], i, pp, NULL, 0);
		write_answer(&o, page, &problems[i], pp);
	}
	out_str(&o, "</section>\n</body>\n</html>\n");
	free(pp);
	if (o.error == 0 && fflush(out) == EOF)
		o.error = errno ? errno : EIO;
	if (o.error == 0 && ferror(out))
		o.error = EIO;
	if (o.error) {
		set_err(err, errlen, "write error: %s", strerror(o.error));
		return -1;
	}
	return 0;
}
