/*
 * convert.c -- `tsume convert`: KIF and CSA problem files to problem lines.
 *
 * KIF (Kakinoki's format, as Kifu for Windows, Shogidokoro, ぴよ将棋 and
 * KifuForJS write it), UTF-8 or Shift_JIS (CP932): the encoding is UTF-8
 * when the bytes are valid UTF-8 (or start with a BOM), CP932 otherwise
 * (converted with iconv).  Read: the BOD diagram (後手の持駒／上手の持駒, the
 * nine rows "| ・v香 ...|一", 先手の持駒／下手の持駒, 先手番／後手番), or
 * 手合割：平手 without a diagram; the move list "   1 ３二金打   (00:00/...)"
 * up to an end word (詰み, 中断, 投了 ...) or the first 変化 (variations are
 * not read).  A move is read as destination (or 同), piece, modifiers
 * (右左直上引寄), 成/不成/打 and the origin "(77)"; it must name exactly one
 * legal move (without an origin, the JSA modifiers decide between pieces).
 * The hands are taken exactly as the file states them: pieces of the set that
 * the file gives to nobody are given to nobody, unless --rest.
 *
 * CSA (V2.x): P1..P9 rows, PI with removals, P+/P- piece lists (00XX = in
 * hand, 00AL = the rest of the set to that side), the side line "+"/"-",
 * moves "+7776FU" (a promoted piece code on an unpromoted piece means a
 * promotion), "%..." ends the moves; ',' separates statements on a line, "'"
 * starts a comment, "/" ends the first game.
 */
#include "convert.h"

#include "kif.h"
#include "movegen.h"
#include "problemio.h"
#include "sfen.h"

#include <errno.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The position a file describes, before it becomes a Position. */
typedef struct {
	Piece board[SQ_NB];
	int hand[COLOR_NB][HAND_PT_NB];
	Color side;
	bool side_given;
	bool rest_to[COLOR_NB]; /* CSA 00AL */
} Setup;

static int conv_fail(ConvProblem *out, long line, const char *fmt, ...)
{
	out->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->error, sizeof out->error, fmt, ap);
	va_end(ap);
	return -1;
}

static bool eat(const char **s, const char *word)
{
	size_t n = strlen(word);
	if (strncmp(*s, word, n) != 0)
		return false;
	*s += n;
	return true;
}

static bool starts(const char *s, const char *word) { return strncmp(s, word, strlen(word)) == 0; }

/* Skips ASCII blanks and full-width spaces. */
static const char *skip_ws(const char *s)
{
	for (;;) {
		if (*s == ' ' || *s == '\t')
			s++;
		else if (!eat(&s, "　"))
			return s;
	}
}

/* The length of the UTF-8 character at s (1 for a byte that starts none). */
static int utf8_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
	for (int i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			return 1;
	return n;
}

/* ------------------------------------------------------------------ */
/* encodings */

static bool valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c < 0x80) {
			if (c == 0)
				return false;
			i++;
			continue;
		}
		int n;
		unsigned min;
		unsigned cp;
		if ((c & 0xE0) == 0xC0) {
			n = 1, min = 0x80, cp = c & 0x1F;
		} else if ((c & 0xF0) == 0xE0) {
			n = 2, min = 0x800, cp = c & 0x0F;
		} else if ((c & 0xF8) == 0xF0) {
			n = 3, min = 0x10000, cp = c & 0x07;
		} else {
			return false;
		}
		if (i + (size_t)n >= len)
			return false;
		for (int k = 1; k <= n; k++) {
			if ((s[i + (size_t)k] & 0xC0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + (size_t)k] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false;
		i += (size_t)n + 1;
	}
	return true;
}

/* The file as a NUL-terminated UTF-8 string (malloc'd; BOM removed), or NULL
 * with out->error set. */
static char *to_utf8(const char *data, size_t len, ConvProblem *out)
{
	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
		data += 3;
		len -= 3;
	}
	if (valid_utf8((const unsigned char *)data, len)) {
		char *s = malloc(len + 1);
		if (!s) {
			conv_fail(out, 0, "out of memory");
			return NULL;
		}
		memcpy(s, data, len);
		s[len] = '\0';
		return s;
	}
	if (memchr(data, '\0', len)) {
		conv_fail(out, 0, "binary data (NUL bytes): not a KIF or CSA file");
		return NULL;
	}
	iconv_t cd = iconv_open("UTF-8", "CP932");
	if (cd == (iconv_t)-1) {
		conv_fail(out, 0, "not UTF-8, and iconv cannot convert from CP932 (Shift_JIS)");
		return NULL;
	}
	size_t cap = 3 * len + 1; /* one CP932 byte never becomes more than three */
	char *s = malloc(cap);
	if (!s) {
		iconv_close(cd);
		conv_fail(out, 0, "out of memory");
		return NULL;
	}
	char *in = (char *)data, *o = s;
	size_t in_left = len, out_left = cap - 1;
	if (iconv(cd, &in, &in_left, &o, &out_left) == (size_t)-1) {
		/* the line of the bad byte */
		long line = 1;
		for (const char *p = data; p < in; p++)
			line += *p == '\n';
		conv_fail(out, line, "neither UTF-8 nor Shift_JIS (CP932): bad byte 0x%02X", (unsigned)(unsigned char)*in);
		iconv_close(cd);
		free(s);
		return NULL;
	}
	iconv_close(cd);
	*o = '\0';
	return s;
}

/* ------------------------------------------------------------------ */
/* the position */

static const char SFEN_LETTER[PT_NB] = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K', 'P', 'L', 'N', 'S', 'B', 'R'};

/* Pieces of the set (kings aside) on no square and in no hand. */
static void missing_pieces(const Setup *su, int missing[HAND_PT_NB])
{
	int total[HAND_PT_NB + 1] = {0};
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (su->board[sq] != PIECE_NONE)
			total[pt_unpromote(piece_type(su->board[sq]))]++;
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++)
			total[pt] += su->hand[c][pt];
	missing[0] = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		missing[pt] = total[pt] < PIECE_SET_COUNT[pt] ? PIECE_SET_COUNT[pt] - total[pt] : 0;
}

static int count_missing(const int missing[HAND_PT_NB])
{
	int n = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		n += missing[pt];
	return n;
}

/* Builds out->root from the setup: CSA 00AL, then --rest, then the SFEN
 * parser's checks (piece counts, nifu, dead pieces, side not to move in check). */
static int setup_root(Setup *su, bool rest, ConvProblem *out, long line)
{
	int missing[HAND_PT_NB];
	for (int c = 0; c < COLOR_NB; c++) {
		if (!su->rest_to[c])
			continue;
		missing_pieces(su, missing);
		for (int pt = PAWN; pt <= GOLD; pt++)
			su->hand[c][pt] += missing[pt];
	}
	missing_pieces(su, missing);
	out->missing = count_missing(missing);
	if (rest)
		for (int pt = PAWN; pt <= GOLD; pt++)
			su->hand[color_flip(su->side)][pt] += missing[pt];

	char sfen[256];
	size_t n = 0;
	for (int rank = 1; rank <= 9; rank++) {
		int empty = 0;
		for (int file = 9; file >= 1; file--) {
			Piece p = su->board[sq_make(file, rank)];
			if (p == PIECE_NONE) {
				empty++;
				continue;
			}
			if (empty)
				sfen[n++] = (char)('0' + empty);
			empty = 0;
			PieceType pt = piece_type(p);
			if (pt_is_promoted(pt))
				sfen[n++] = '+';
			char letter = SFEN_LETTER[pt];
			sfen[n++] = piece_color(p) == SENTE ? letter : (char)(letter - 'A' + 'a');
		}
		if (empty)
			sfen[n++] = (char)('0' + empty);
		sfen[n++] = rank < 9 ? '/' : ' ';
	}
	sfen[n++] = su->side == SENTE ? 'b' : 'w';
	sfen[n++] = ' ';
	static const PieceType ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
	bool any = false;
	for (int c = 0; c < COLOR_NB; c++)
		for (int i = 0; i < 7; i++) {
			int k = su->hand[c][ORDER[i]];
			if (k <= 0)
				continue;
			if (k > 99)
				return conv_fail(out, line, "%d pieces of one kind in a hand", k);
			if (k > 1)
				n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%d", k);
			char letter = SFEN_LETTER[ORDER[i]];
			sfen[n++] = c == SENTE ? letter : (char)(letter - 'A' + 'a');
			any = true;
		}
	if (!any)
		sfen[n++] = '-';
	snprintf(sfen + n, sizeof sfen - n, " 1");

	SfenError serr;
	if (sfen_parse_root(&out->root, sfen, &serr, NULL) != SFEN_OK)
		return conv_fail(out, line, "bad position (as SFEN: %s): %s", sfen, serr.message);
	return 0;
}

/* The board of the start position (out->root is used as scratch space). */
static void start_board(Setup *su, ConvProblem *out)
{
	sfen_parse_root(&out->root, SFEN_STARTPOS, NULL, NULL);
	memcpy(su->board, out->root.board, sizeof su->board);
}

/* Takes back every move played on out->root. */
static void unplay(ConvProblem *out)
{
	for (int i = out->n_moves - 1; i >= 0; i--)
		pos_undo_move(&out->root, out->moves[i]);
}

static int play(ConvProblem *out, Move m, long line)
{
	if (out->n_moves >= POS_MAX_PLY)
		return conv_fail(out, line, "more than %d moves", POS_MAX_PLY);
	pos_do_move(&out->root, m);
	out->moves[out->n_moves++] = m;
	return 0;
}

/* ------------------------------------------------------------------ */
/* KIF */

typedef struct {
	const char *name;
	PieceType pt;
} Name;

/* Piece names of moves (two-character names first), of the diagram and of
 * the hands.  王 = 玉, 竜 = 龍; 杏 圭 全 are the diagram's 成香 成桂 成銀. */
static const Name MOVE_NAMES[] = {
    {"成香", PRO_LANCE}, {"成桂", PRO_KNIGHT}, {"成銀", PRO_SILVER}, {"歩", PAWN},      {"香", LANCE},
    {"桂", KNIGHT},      {"銀", SILVER},       {"金", GOLD},         {"角", BISHOP},    {"飛", ROOK},
    {"玉", KING},        {"王", KING},         {"と", PRO_PAWN},     {"杏", PRO_LANCE}, {"圭", PRO_KNIGHT},
    {"全", PRO_SILVER},  {"馬", HORSE},        {"龍", DRAGON},       {"竜", DRAGON},
};
#define N_MOVE_NAMES (sizeof MOVE_NAMES / sizeof MOVE_NAMES[0])
#define FIRST_ONE_CHAR_NAME 3 /* MOVE_NAMES from here on are one character */

static PieceType eat_piece(const char **s, bool one_char)
{
	for (size_t i = one_char ? FIRST_ONE_CHAR_NAME : 0; i < N_MOVE_NAMES; i++)
		if (eat(s, MOVE_NAMES[i].name))
			return MOVE_NAMES[i].pt;
	return PT_NONE;
}

static const char *const KANJI_DIGIT[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const ZEN_DIGIT[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

/* A digit 1..9 as an ASCII, full-width or (if kanji) kanji digit; 0 if none. */
static int eat_digit(const char **s, bool kanji)
{
	if (**s >= '1' && **s <= '9')
		return *(*s)++ - '0';
	for (int d = 1; d <= 9; d++)
		if (eat(s, ZEN_DIGIT[d]) || (kanji && eat(s, KANJI_DIGIT[d])))
			return d;
	return 0;
}

/* A count in a hand: none (1), kanji 一..十八, or digits.  -1 if unreadable. */
static int eat_count(const char **s)
{
	if (**s >= '0' && **s <= '9') {
		int n = 0;
		while (**s >= '0' && **s <= '9' && n < 1000)
			n = n * 10 + (*(*s)++ - '0');
		return n;
	}
	int n = 0;
	if (eat(s, "十"))
		n = 10;
	for (int d = 1; d <= 9; d++)
		if (eat(s, KANJI_DIGIT[d]))
			return n + d;
	return n ? n : 1;
}

/* "飛二　角　金四" or "なし" after "X手の持駒：". */
static int kif_hand(Setup *su, Color c, const char *s, ConvProblem *out, long line)
{
	for (int pt = 0; pt < HAND_PT_NB; pt++)
		su->hand[c][pt] = 0;
	s = skip_ws(s);
	if (eat(&s, "なし"))
		s = skip_ws(s);
	while (*s) {
		const char *start = s;
		PieceType pt = eat_piece(&s, true);
		if (pt == PT_NONE || pt > GOLD)
			return conv_fail(out, line, "hand: unknown piece '%.*s'", utf8_len(start), start);
		su->hand[c][pt] += eat_count(&s);
		const char *after = skip_ws(s);
		if (after == s && *s)
			return conv_fail(out, line, "hand: unreadable text '%.12s'", s);
		s = after;
	}
	return 0;
}

/* "| ・v香 ・ 歩 ...|一": rank from the trailing kanji (else *rows + 1). */
static int kif_row(Setup *su, const char *line_text, int *rows, ConvProblem *out, long line)
{
	const char *s = line_text + 1;
	Piece row[10];
	for (int file = 9; file >= 1; file--) {
		Color c;
		if (*s == ' ')
			c = SENTE;
		else if (*s == 'v' || *s == 'V')
			c = GOTE;
		else
			return conv_fail(out, line, "board row: expected ' ' or 'v' before the piece of file %d", file);
		s++;
		const char *start = s;
		if (eat(&s, "・")) {
			row[file] = PIECE_NONE;
			continue;
		}
		PieceType pt = eat_piece(&s, true);
		if (pt == PT_NONE)
			return conv_fail(out, line, "board row: unknown piece '%.*s' on file %d", utf8_len(start), start, file);
		row[file] = piece_make(c, pt);
	}
	if (*s != '|')
		return conv_fail(out, line, "board row: expected '|' after nine squares");
	s++;
	int rank = eat_digit(&s, true);
	if (rank == 0)
		rank = *rows + 1;
	if (rank != *rows + 1)
		return conv_fail(out, line, "board row: rank %d where rank %d was expected", rank, *rows + 1);
	if (rank > 9)
		return conv_fail(out, line, "board: more than nine rows");
	for (int file = 1; file <= 9; file++)
		su->board[sq_make(file, rank)] = row[file];
	*rows = rank;
	return 0;
}

/* Words that end the move list. */
static const char *const KIF_END_WORDS[] = {"詰み",     "中断",     "投了", "持将棋", "千日手", "切れ負け", "反則勝ち",
                                            "反則負け", "入玉勝ち", "不詰", "不戦勝", "不戦敗", "封じ手",   "時間切れ"};

/* JSA modifiers as bits: 右 左 直 上 引 寄 (行 and 入 are old forms of 上). */
static const struct {
	const char *word;
	unsigned bit;
} MODIFIERS[] = {{"右", 1}, {"左", 2}, {"直", 4}, {"上", 8}, {"行", 8}, {"入", 8}, {"引", 16}, {"寄", 32}};

/* The bit of the modifier at *s (advancing past it), or 0. */
static unsigned eat_modifier(const char **s)
{
	for (size_t i = 0; i < sizeof MODIFIERS / sizeof MODIFIERS[0]; i++)
		if (eat(s, MODIFIERS[i].word))
			return MODIFIERS[i].bit;
	return 0;
}

/* The modifiers anywhere in a move text (no other word of a move uses these
 * characters). */
static unsigned modifier_bits(const char *s)
{
	unsigned bits = 0;
	while (*s) {
		unsigned b = eat_modifier(&s);
		if (!b)
			s += utf8_len(s);
		bits |= b;
	}
	return bits;
}

typedef struct {
	bool end;  /* an end word (詰み, 中断, ...) */
	bool same; /* 同 */
	Square to;
	PieceType pt;  /* the piece named (before the move) */
	unsigned mods; /* modifier bits */
	bool promote;  /* 成 */
	bool drop;     /* 打 */
	Square from;   /* from "(77)", SQ_NONE if not given */
} KifMove;

/* Reads the move field (after the move number).  0, or -1 with a reason. */
static int kif_parse_move(const char *s, KifMove *km, char *why, size_t why_size)
{
	memset(km, 0, sizeof *km);
	km->from = SQ_NONE;
	km->to = SQ_NONE;
	s = skip_ws(s);
	if (!eat(&s, "▲") && !eat(&s, "△") && !eat(&s, "☗"))
		eat(&s, "☖");
	for (size_t i = 0; i < sizeof KIF_END_WORDS / sizeof KIF_END_WORDS[0]; i++)
		if (starts(s, KIF_END_WORDS[i])) {
			km->end = true;
			return 0;
		}
	if (eat(&s, "同")) {
		km->same = true;
		s = skip_ws(s);
	} else {
		int file = eat_digit(&s, false);
		int rank = file ? eat_digit(&s, true) : 0;
		if (!file || !rank) {
			snprintf(why, why_size, "no destination square");
			return -1;
		}
		km->to = sq_make(file, rank);
	}
	const char *name = s;
	km->pt = eat_piece(&s, false);
	if (km->pt == PT_NONE) {
		snprintf(why, why_size, "unknown piece '%.*s'", utf8_len(name), name);
		return -1;
	}
	for (unsigned b; (b = eat_modifier(&s)) != 0;)
		km->mods |= b;
	if (eat(&s, "不成") || eat(&s, "生"))
		km->promote = false;
	else if (eat(&s, "成"))
		km->promote = true;
	else if (eat(&s, "打"))
		km->drop = true;
	if (*s == '(' && s[1] >= '1' && s[1] <= '9' && s[2] >= '1' && s[2] <= '9' && s[3] == ')') {
		km->from = sq_make(s[1] - '0', s[2] - '0');
		s += 4;
	}
	if (*s && *s != ' ' && *s != '\t' && !starts(s, "　")) {
		snprintf(why, why_size, "unreadable text '%.12s'", s);
		return -1;
	}
	return 0;
}

/* The legal move that the file's move names.  prev: the previous move. */
static int kif_find_move(const Position *pos, const KifMove *km, Move prev, Move *found, char *why, size_t why_size)
{
	Square to = km->to;
	if (km->same) {
		if (prev == MOVE_NONE) {
			snprintf(why, why_size, "同 with no previous move");
			return -1;
		}
		to = move_to(prev);
	}
	MoveList list;
	gen_legal(pos, &list);
	Move cand[MAX_MOVES];
	int n = 0;
	bool any_board_move = false;
	for (int i = 0; i < list.n; i++) {
		Move m = list.moves[i];
		if (move_to(m) != to || move_is_promote(m) != km->promote)
			continue;
		PieceType pt = move_is_drop(m) ? move_drop_pt(m) : piece_type(move_piece(m));
		if (pt != km->pt)
			continue;
		if (km->from != SQ_NONE && (move_is_drop(m) || move_from(m) != km->from))
			continue;
		if (km->drop && !move_is_drop(m))
			continue;
		any_board_move |= !move_is_drop(m);
		cand[n++] = m;
	}
	/* without 打, a drop is meant only when no board piece can go there */
	if (!km->drop && km->from == SQ_NONE && any_board_move) {
		int k = 0;
		for (int i = 0; i < n; i++)
			if (!move_is_drop(cand[i]))
				cand[k++] = cand[i];
		n = k;
	}
	/* several pieces can go there: the JSA modifiers decide */
	if (n > 1) {
		int k = 0;
		for (int i = 0; i < n; i++) {
			char text[KIF_MOVE_MAX];
			if (kif_move(pos, cand[i], prev, text, sizeof text) > 0 && modifier_bits(text) == km->mods)
				cand[k++] = cand[i];
		}
		if (k == 0) {
			snprintf(why, why_size, "ambiguous: %d legal moves fit and the modifiers (右左直上引寄) name none", n);
			return -1;
		}
		n = k;
	}
	if (n == 0) {
		snprintf(why, why_size, "not a legal move here");
		return -1;
	}
	if (n > 1) {
		snprintf(why, why_size, "ambiguous: %d legal moves fit", n);
		return -1;
	}
	*found = cand[0];
	return 0;
}

/* "   12 ２三金打   (...)": true with *number and *field for a move line. */
static bool kif_move_line(const char *s, long *number, const char **field)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return false;
	long n = 0;
	while (*s >= '0' && *s <= '9') {
		if (n < 100000000)
			n = n * 10 + (*s - '0');
		s++;
	}
	if (*s != ' ' && *s != '\t' && !starts(s, "　"))
		return false;
	*number = n;
	*field = s;
	return true;
}

/* "まで7手で詰み", "手数：7手": the number before 手, or -1. */
static int stated_length(const char *s)
{
	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	int n = 0;
	while (*s >= '0' && *s <= '9' && n < 100000)
		n = n * 10 + (*s++ - '0');
	return starts(s, "手") ? n : -1;
}

/* Splits text into lines in place: returns the next line (NUL-terminated,
 * without "\r\n"), advancing *p; NULL at the end. */
static char *next_line(char **p)
{
	char *s = *p;
	if (!*s)
		return NULL;
	char *e = s + strcspn(s, "\n");
	*p = *e ? e + 1 : e;
	*e = '\0';
	if (e > s && e[-1] == '\r')
		e[-1] = '\0';
	return s;
}

static int kif_parse(char *text, bool rest, ConvProblem *out)
{
	Setup su;
	memset(&su, 0, sizeof su);
	su.side = SENTE;
	int rows = 0;
	long board_line = 0;
	bool root_ready = false, ended = false, hands_given = false;
	char handicap[64] = "";
	long number_base = -1;
	int stated_header = -1, stated_end = -1;
	char *p = text;
	long lineno = 0;
	char *line;
	while ((line = next_line(&p)) != NULL) {
		lineno++;
		if (line[0] == '#' || line[0] == '*' || line[0] == '&')
			continue;
		if (starts(line, "変化："))
			break; /* variations follow the main line */
		const char *field;
		long number;
		if (kif_move_line(line, &number, &field)) {
			if (ended)
				continue;
			if (!root_ready) {
				if (rows == 0 && hands_given)
					return conv_fail(out, lineno, "hands given but no board diagram");
				if (rows == 0 && handicap[0] && strcmp(handicap, "平手") != 0)
					return conv_fail(out, lineno, "handicap '%s' without a board diagram is not supported",
					                 handicap);
				if (rows == 0) {
					start_board(&su, out);
				} else if (rows != 9) {
					return conv_fail(out, board_line, "board: %d rows, expected nine", rows);
				}
				if (setup_root(&su, rest, out, board_line ? board_line : lineno))
					return -1;
				root_ready = true;
			}
			KifMove km;
			char why[160];
			if (kif_parse_move(field, &km, why, sizeof why)) {
				unplay(out);
				return conv_fail(out, lineno, "move %ld: %s", number, why);
			}
			if (km.end) {
				ended = true;
				continue;
			}
			if (number_base < 0)
				number_base = number - 1;
			if (number != number_base + out->n_moves + 1) {
				unplay(out);
				return conv_fail(out, lineno, "move number %ld where %ld was expected", number,
				                 number_base + out->n_moves + 1);
			}
			Move m;
			Move prev = out->n_moves ? out->moves[out->n_moves - 1] : MOVE_NONE;
			if (kif_find_move(&out->root, &km, prev, &m, why, sizeof why)) {
				char shown[80];
				const char *f = skip_ws(field);
				snprintf(shown, sizeof shown, "%.*s", (int)strcspn(f, " \t"), f);
				unplay(out);
				return conv_fail(out, lineno, "move %ld '%s': %s", number, shown, why);
			}
			if (play(out, m, lineno)) {
				unplay(out);
				return -1;
			}
			continue;
		}
		const char *s = line;
		int rc = 0;
		if (root_ready) {
			/* after the moves only the closing "まで N手..." matters */
			if (eat(&s, "まで"))
				stated_end = stated_length(s);
			continue;
		}
		if (eat(&s, "後手の持駒：") || eat(&s, "上手の持駒：")) {
			rc = kif_hand(&su, GOTE, s, out, lineno);
			hands_given = true;
		} else if (eat(&s, "先手の持駒：") || eat(&s, "下手の持駒：")) {
			rc = kif_hand(&su, SENTE, s, out, lineno);
			hands_given = true;
		} else if (starts(s, "先手番") || starts(s, "下手番")) {
			su.side = SENTE;
		} else if (starts(s, "後手番") || starts(s, "上手番")) {
			su.side = GOTE;
		} else if (s[0] == '|') {
			if (!board_line)
				board_line = lineno;
			rc = kif_row(&su, s, &rows, out, lineno);
		} else if (eat(&s, "手合割：")) {
			s = skip_ws(s);
			snprintf(handicap, sizeof handicap, "%.*s", (int)strcspn(s, " \t"), s);
			/* Kifu for Windows pads with full-width spaces */
			char *pad = strstr(handicap, "　");
			if (pad)
				*pad = '\0';
		} else if (eat(&s, "手数：")) {
			stated_header = stated_length(s);
		} else if (eat(&s, "まで")) {
			stated_end = stated_length(s);
		}
		if (rc)
			return -1;
	}
	if (!root_ready) {
		if (rows == 0)
			return conv_fail(out, 0, "no board diagram and no moves");
		if (rows != 9)
			return conv_fail(out, board_line, "board: %d rows, expected nine", rows);
		if (setup_root(&su, rest, out, board_line))
			return -1;
	}
	unplay(out);
	out->stated = stated_header >= 0 ? stated_header : stated_end;
	return 0;
}

/* ------------------------------------------------------------------ */
/* CSA */

static PieceType csa_piece(const char *s)
{
	static const char *const CODES[PT_NB] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
	                                         "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
	for (int pt = 1; pt < PT_NB; pt++)
		if (s[0] == CODES[pt][0] && s[1] == CODES[pt][1])
			return (PieceType)pt;
	return PT_NONE;
}

static Square csa_square(const char *s)
{
	if (s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9')
		return SQ_NONE;
	return sq_make(s[0] - '0', s[1] - '0');
}

/* "P+00KI00AL55FU" / "PI82HI22KA": items of four characters. */
static int csa_piece_list(Setup *su, const char *s, Color c, bool removal, ConvProblem *out, long line)
{
	while (*s && *s != ' ') {
		if (strlen(s) < 4)
			return conv_fail(out, line, "CSA: incomplete piece '%s'", s);
		bool hand = s[0] == '0' && s[1] == '0';
		if (!removal && hand && s[2] == 'A' && s[3] == 'L') {
			su->rest_to[c] = true;
			s += 4;
			continue;
		}
		PieceType pt = csa_piece(s + 2);
		Square sq = hand ? SQ_NONE : csa_square(s);
		if (pt == PT_NONE || (!hand && sq == SQ_NONE))
			return conv_fail(out, line, "CSA: bad piece '%.4s'", s);
		if (removal) {
			if (hand || piece_type(su->board[sq]) != pt)
				return conv_fail(out, line, "CSA: PI removes '%.4s', which is not there", s);
			su->board[sq] = PIECE_NONE;
		} else if (hand) {
			if (pt > GOLD)
				return conv_fail(out, line, "CSA: '%.4s' cannot be in a hand", s);
			su->hand[c][pt]++;
		} else {
			su->board[sq] = piece_make(c, pt);
		}
		s += 4;
	}
	return 0;
}

/* "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY" */
static int csa_row(Setup *su, const char *s, ConvProblem *out, long line)
{
	int rank = s[1] - '0';
	s += 2;
	for (int file = 9; file >= 1; file--) {
		Square sq = sq_make(file, rank);
		if (!*s) {
			su->board[sq] = PIECE_NONE; /* trailing empty squares left out */
			continue;
		}
		if (s[0] == ' ' && s[1] == '*') {
			su->board[sq] = PIECE_NONE;
			s += s[2] ? 3 : 2;
			continue;
		}
		PieceType pt = s[1] && s[2] ? csa_piece(s + 1) : PT_NONE;
		if ((s[0] != '+' && s[0] != '-') || pt == PT_NONE)
			return conv_fail(out, line, "CSA: row %d, file %d: bad square '%.3s'", rank, file, s);
		su->board[sq] = piece_make(s[0] == '+' ? SENTE : GOTE, pt);
		s += 3;
	}
	while (*s == ' ')
		s++;
	if (*s)
		return conv_fail(out, line, "CSA: row %d: text after nine squares", rank);
	return 0;
}

static int csa_move(ConvProblem *out, const char *s, long line)
{
	Position *pos = &out->root;
	Color c = s[0] == '+' ? SENTE : GOTE;
	size_t len = strcspn(s, " \t");
	if (len != 7)
		return conv_fail(out, line, "CSA: bad move '%s'", s);
	if (c != pos->side)
		return conv_fail(out, line, "CSA: move %d '%.7s' by the side not to move", out->n_moves + 1, s);
	Square to = csa_square(s + 3);
	PieceType pt = csa_piece(s + 5);
	bool drop = s[1] == '0' && s[2] == '0';
	Square from = drop ? SQ_NONE : csa_square(s + 1);
	if (to == SQ_NONE || pt == PT_NONE || (!drop && from == SQ_NONE))
		return conv_fail(out, line, "CSA: bad move '%.7s'", s);
	Move m;
	if (drop) {
		if (pt > GOLD)
			return conv_fail(out, line, "CSA: move %d '%.7s': cannot drop that piece", out->n_moves + 1, s);
		m = move_make_drop(pt, to, c);
	} else {
		Piece p = pos->board[from];
		PieceType on = piece_type(p);
		bool promote = pt != on && pt_can_promote(on) && pt == pt_promote(on);
		if (p == PIECE_NONE || piece_color(p) != c || (pt != on && !promote))
			return conv_fail(out, line, "CSA: move %d '%.7s': no such piece on %c%c", out->n_moves + 1, s, s[1],
			                 s[2]);
		m = move_make(from, to, PIECE_NONE, PIECE_NONE, promote);
	}
	Move legal;
	if (!gen_find_legal(pos, m, &legal))
		return conv_fail(out, line, "CSA: move %d '%.7s' is not legal here", out->n_moves + 1, s);
	return play(out, legal, line);
}

static int csa_parse(char *text, bool rest, ConvProblem *out)
{
	Setup su;
	memset(&su, 0, sizeof su);
	su.side = SENTE;
	bool root_ready = false, ended = false, have_position = false;
	long position_line = 0;
	char *p = text;
	long lineno = 0;
	char *line;
	while ((line = next_line(&p)) != NULL && !ended) {
		lineno++;
		if (line[0] == '\'')
			continue;
		/* statements separated by ',' */
		for (char *stmt = line; stmt && !ended;) {
			char *comma = line[0] == 'N' || line[0] == '$' ? NULL : strchr(stmt, ',');
			if (comma)
				*comma = '\0';
			char *s = stmt;
			stmt = comma ? comma + 1 : NULL;
			while (*s == ' ' || *s == '\t')
				s++;
			size_t n = strlen(s);
			while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
				s[--n] = '\0';
			int rc = 0;
			switch (s[0]) {
			case '\0':
			case 'V': /* version */
			case 'N': /* player names */
			case '$': /* game information */
			case 'T': /* time of a move */
				break;
			case '/':
				ended = true;
				break;
			case '%':
				if (root_ready || have_position)
					ended = true;
				break;
			case 'P':
				if (root_ready) {
					rc = conv_fail(out, lineno, "CSA: position line after the moves");
					break;
				}
				if (!have_position)
					position_line = lineno;
				have_position = true;
				if (s[1] == 'I') {
					start_board(&su, out);
					rc = csa_piece_list(&su, s + 2, SENTE, true, out, lineno);
				} else if (s[1] >= '1' && s[1] <= '9') {
					rc = csa_row(&su, s, out, lineno);
				} else if (s[1] == '+' || s[1] == '-') {
					rc = csa_piece_list(&su, s + 2, s[1] == '+' ? SENTE : GOTE, false, out, lineno);
				} else {
					rc = conv_fail(out, lineno, "CSA: unknown line '%.10s'", s);
				}
				break;
			case '+':
			case '-':
				if (s[1] == '\0') {
					if (root_ready) {
						rc = conv_fail(out, lineno, "CSA: side-to-move line after the moves");
						break;
					}
					su.side = s[0] == '+' ? SENTE : GOTE;
					su.side_given = true;
					break;
				}
				if (!root_ready) {
					if (!have_position) {
						rc = conv_fail(out, lineno, "CSA: a move before any position line");
						break;
					}
					if (!su.side_given)
						su.side = s[0] == '+' ? SENTE : GOTE;
					if (setup_root(&su, rest, out, position_line)) {
						rc = -1;
						break;
					}
					root_ready = true;
				}
				rc = csa_move(out, s, lineno);
				break;
			default:
				rc = conv_fail(out, lineno, "CSA: unknown line '%.10s'", s);
			}
			if (rc) {
				if (root_ready)
					unplay(out);
				return -1;
			}
		}
	}
	if (!have_position)
		return conv_fail(out, 0, "CSA: no position");
	if (!root_ready && setup_root(&su, rest, out, position_line))
		return -1;
	unplay(out);
	out->stated = -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* format detection */

/* true when the text looks like CSA: a line "P1".."P9", "PI", "P+", "P-"
 * or "V2", and no KIF diagram or move header. */
static bool looks_like_csa(const char *text)
{
	bool csa = false;
	for (const char *s = text; *s;) {
		if (starts(s, "手数----") || starts(s, "後手の持駒") || starts(s, "先手の持駒") || starts(s, "手合割") ||
		    starts(s, "上手の持駒") || starts(s, "下手の持駒") || s[0] == '|')
			return false;
		if ((s[0] == 'P' && ((s[1] >= '1' && s[1] <= '9') || s[1] == 'I' || s[1] == '+' || s[1] == '-')) ||
		    (s[0] == 'V' && s[1] == '2'))
			csa = true;
		s += strcspn(s, "\n");
		if (*s)
			s++;
	}
	return csa;
}

int conv_text(const char *data, size_t len, bool rest, ConvProblem *out)
{
	out->format = "KIF";
	out->n_moves = 0;
	out->stated = -1;
	out->missing = 0;
	out->line = 0;
	out->error[0] = '\0';
	char *text = to_utf8(data, len, out);
	if (!text)
		return -1;
	int rc;
	if (looks_like_csa(text)) {
		out->format = "CSA";
		rc = csa_parse(text, rest, out);
	} else {
		rc = kif_parse(text, rest, out);
	}
	free(text);
	return rc;
}

int conv_file(const char *path, bool rest, ConvProblem *out)
{
	out->format = "KIF";
	out->n_moves = 0;
	out->line = 0;
	bool std_in = strcmp(path, "-") == 0;
	FILE *f = std_in ? stdin : fopen(path, "rb");
	if (!f)
		return conv_fail(out, 0, "cannot open: %s", strerror(errno));
	char *data = malloc(CONV_FILE_MAX + 1);
	if (!data) {
		if (!std_in)
			fclose(f);
		return conv_fail(out, 0, "out of memory");
	}
	size_t len = fread(data, 1, CONV_FILE_MAX + 1, f);
	bool bad = ferror(f) != 0;
	if (!std_in)
		fclose(f);
	int rc;
	if (bad)
		rc = conv_fail(out, 0, "read error");
	else if (len > CONV_FILE_MAX)
		rc = conv_fail(out, 0, "larger than %u bytes: not a problem file", CONV_FILE_MAX);
	else
		rc = conv_text(data, len, rest, out);
	free(data);
	return rc;
}

/* ------------------------------------------------------------------ */
/* the command */

#define CONVERT_USAGE "usage: tsume convert FILE... [-o OUT] [--rest]\n"

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

int cmd_convert(int argc, char **argv)
{
	const char *output = NULL;
	bool rest = false, only_files = false;
	int n_files = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			n_files++;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = true;
		} else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "tsume: %s needs a file name\n" CONVERT_USAGE, a);
				return 2;
			}
			output = argv[++i];
		} else if (strcmp(a, "--rest") == 0) {
			rest = true;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			printf(CONVERT_USAGE "Reads KIF (UTF-8 or Shift_JIS) and CSA problem files and writes one line\n"
			                     "per file: 'SFEN moves M1 ... Mn ; mate=n ; source=FILE'.  OUT ending in .gz is\n"
			                     "written with gzip.  --rest gives the pieces in nobody's hand to the defender.\n");
			return 0;
		} else {
			fprintf(stderr, "tsume: unknown option '%s'\n" CONVERT_USAGE, a);
			return 2;
		}
	}
	if (n_files == 0) {
		fprintf(stderr, CONVERT_USAGE);
		return 2;
	}
	PioError perr;
	const char *out_path = output ? output : "-";
	PioWriter *w = pio_write_open(out_path, output && ends_with(output, ".gz"), &perr);
	if (!w) {
		fprintf(stderr, "tsume: %s: %s\n", out_path, perr.message);
		return 2;
	}
	ConvProblem *cp = malloc(sizeof *cp);
	if (!cp) {
		fprintf(stderr, "tsume: out of memory\n");
		pio_write_close(w, NULL);
		return 2;
	}
	int status = 0;
	only_files = false;
	for (int i = 1; i < argc; i++) {
		const char *path = argv[i];
		if (!only_files && strcmp(path, "--") == 0) {
			only_files = true;
			continue;
		}
		if (!only_files && path[0] == '-' && path[1] != '\0') {
			if (strcmp(path, "-o") == 0 || strcmp(path, "--output") == 0)
				i++;
			continue;
		}
		if (conv_file(path, rest, cp)) {
			if (cp->line > 0)
				fprintf(stderr, "%s:%ld: %s\n", path, cp->line, cp->error);
			else
				fprintf(stderr, "%s: %s\n", path, cp->error);
			status = 2;
			continue;
		}
		if (cp->missing > 0 && !rest)
			fprintf(stderr, "%s: warning: %d piece%s in nobody's hand; use --rest to give %s to the defender\n", path,
			        cp->missing, cp->missing == 1 ? " is" : "s are", cp->missing == 1 ? "it" : "them");
		if (cp->stated >= 0 && cp->stated != cp->n_moves)
			fprintf(stderr, "%s: warning: the file states %d moves; %d read\n", path, cp->stated, cp->n_moves);
		/* the source name must not end the metadata value early */
		char meta[PIO_VALUE_MAX + 64], source[PIO_VALUE_MAX + 1];
		snprintf(source, sizeof source, "%s", path);
		for (char *c = source; *c; c++)
			if (*c == ';' || *c == '\n' || *c == '\r')
				*c = '_';
		if (cp->n_moves > 0)
			snprintf(meta, sizeof meta, "mate=%d ; source=%s", cp->n_moves, source);
		else
			snprintf(meta, sizeof meta, "source=%s", source);
		if (pio_write(w, &cp->root, cp->moves, cp->n_moves, meta) != PIO_OK)
			break; /* the reason comes from pio_write_close */
	}
	free(cp);
	if (pio_write_close(w, &perr) != PIO_OK) {
		fprintf(stderr, "tsume: %s\n", perr.message);
		status = 2;
	}
	return status;
}
