/* conv_kif.c -- the KIF reader of conv.h: the BOD diagram, the hands and the
 * move list in JSA notation (see conv.c for the format as read). */
#include "conv_kif.h"

#include "conv_read.h"

#include "kanji.h"
#include "kif.h"
#include "movegen.h"

#include <stdio.h>
#include <string.h>

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
		if (conv_eat(s, MOVE_NAMES[i].name))
			return MOVE_NAMES[i].pt;
	return PT_NONE;
}

/* A digit 1..9 as an ASCII, full-width or (if kanji) kanji digit; 0 if none. */
static int eat_digit(const char **s, bool kanji)
{
	if (**s >= '1' && **s <= '9')
		return *(*s)++ - '0';
	for (int d = 1; d <= 9; d++)
		if (conv_eat(s, KANJI_ZEN_DIGIT[d]) || (kanji && conv_eat(s, KANJI_NUM[d])))
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
	if (conv_eat(s, "十"))
		n = 10;
	for (int d = 1; d <= 9; d++)
		if (conv_eat(s, KANJI_NUM[d]))
			return n + d;
	return n ? n : 1;
}

/* Eats a header label and its colon: full-width "：" as KIF writes it, or
 * an ASCII ':' as hand-edited files have it. */
static bool eat_label(const char **s, const char *label)
{
	const char *t = *s;
	if (!conv_eat(&t, label))
		return false;
	if (!conv_eat(&t, "：") && !conv_eat(&t, ":"))
		return false;
	*s = t;
	return true;
}

/* "飛二　角　金四", "なし" or "残り全部" after "X手の持駒：". */
static int kif_hand(Setup *su, Color c, const char *s, ConvProblem *out, long line)
{
	for (int pt = 0; pt < HAND_PT_NB; pt++)
		su->hand[c][pt] = 0;
	s = conv_skip_ws(s);
	su->rest_to[c] = false;
	if (conv_eat(&s, "残り全部")) {
		/* the rest of the 40-piece set, as the CSA 00AL (Kifu for Windows
		 * writes it for the defender of a tsume); for one side only */
		if (su->rest_to[color_flip(c)])
			return conv_fail(out, line,
			                 "hand: 残り全部 for both sides (the rest of the set can go to one only)");
		su->rest_to[c] = true;
		s = conv_skip_ws(s);
		return *s ? conv_fail(out, line, "hand: text after 残り全部: '%.12s'", s) : 0;
	}
	if (conv_eat(&s, "なし")) {
		/* "none" and then pieces: which is meant is not for us to guess */
		s = conv_skip_ws(s);
		return *s ? conv_fail(out, line, "hand: なし (none) followed by pieces '%.12s'", s) : 0;
	}
	while (*s) {
		const char *start = s;
		PieceType pt = eat_piece(&s, true);
		if (pt == PT_NONE || pt > GOLD)
			return conv_fail(out, line, "hand: unknown piece '%.*s'", conv_utf8_len(start), start);
		su->hand[c][pt] += eat_count(&s);
		su->hand_line[c][pt] = line;
		const char *after = conv_skip_ws(s);
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
		if (conv_eat(&s, "・")) {
			row[file] = PIECE_NONE;
			continue;
		}
		PieceType pt = eat_piece(&s, true);
		if (pt == PT_NONE)
			return conv_fail(out, line, "board row: unknown piece '%.*s' on file %d", conv_utf8_len(start),
			                 start, file);
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
		if (conv_eat(s, MODIFIERS[i].word))
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
			s += conv_utf8_len(s);
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
	s = conv_skip_ws(s);
	if (!conv_eat(&s, "▲") && !conv_eat(&s, "△") && !conv_eat(&s, "☗"))
		conv_eat(&s, "☖");
	for (size_t i = 0; i < sizeof KIF_END_WORDS / sizeof KIF_END_WORDS[0]; i++)
		if (conv_starts(s, KIF_END_WORDS[i])) {
			km->end = true;
			return 0;
		}
	if (conv_eat(&s, "同")) {
		km->same = true;
		s = conv_skip_ws(s);
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
		snprintf(why, why_size, "unknown piece '%.*s'", conv_utf8_len(name), name);
		return -1;
	}
	for (unsigned b; (b = eat_modifier(&s)) != 0;)
		km->mods |= b;
	if (conv_eat(&s, "不成") || conv_eat(&s, "生"))
		km->promote = false;
	else if (conv_eat(&s, "成"))
		km->promote = true;
	else if (conv_eat(&s, "打"))
		km->drop = true;
	if (*s == '(' && s[1] >= '1' && s[1] <= '9' && s[2] >= '1' && s[2] <= '9' && s[3] == ')') {
		km->from = sq_make(s[1] - '0', s[2] - '0');
		s += 4;
	}
	if (*s && *s != ' ' && *s != '\t' && !conv_starts(s, "　")) {
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
			snprintf(why, why_size,
			         "ambiguous: %d legal moves fit and the modifiers (右左直上引寄) name none", n);
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
/* The largest move number read (a game's record may start anywhere, but
 * no record reaches this); a larger one is an error on its line. */
#define KIF_MOVE_NUMBER_MAX 100000000L

static bool kif_move_line(const char *s, long *number, const char **field)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return false;
	long n = 0;
	while (*s >= '0' && *s <= '9') {
		n = n <= KIF_MOVE_NUMBER_MAX ? n * 10 + (*s - '0') : n; /* past the maximum: stays past it */
		s++;
	}
	if (*s != ' ' && *s != '\t' && !conv_starts(s, "　"))
		return false;
	*number = n;
	*field = s;
	return true;
}

/* A credit (作品名, 作者) into to (CONV_CREDIT_MAX + 1 bytes): s with the
 * blanks at either end trimmed, cut at a character to fit, each control
 * byte (a tab, an escape sequence's ESC, DEL) a blank: the credit is
 * printed on terminals and worksheets. */
static void kif_credit(const char *s, char *to)
{
	s = conv_skip_ws(s);
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	while (n >= 3 && memcmp(s + n - 3, "　", 3) == 0)
		n -= 3;
	size_t k = 0;
	while (k < n) {
		int len = conv_utf8_len(s + k);
		if (k + (size_t)len > CONV_CREDIT_MAX || k + (size_t)len > n)
			break;
		k += (size_t)len;
	}
	memcpy(to, s, k);
	to[k] = '\0';
	for (char *c = to; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
}

/* "まで7手で詰み", "手数：7手" (digits half- or full-width): *n = the number
 * before 手, -1 if there is none.  A number over POS_MAX_PLY, however many
 * digits it has, is no length a file can hold, and 0 no mate's: an error
 * (-1), not a text to pass over. */
static int stated_length(const char *s, int *n, ConvProblem *out, long line)
{
	*n = -1;
	while (*s == ' ')
		s++;
	const char *digits = s;
	long v = 0;
	for (;;) {
		int d;
		if (*s >= '0' && *s <= '9')
			d = *s++ - '0';
		else if ((unsigned char)s[0] == 0xef && (unsigned char)s[1] == 0xbc && (unsigned char)s[2] >= 0x90 &&
		         (unsigned char)s[2] <= 0x99)
			d = (unsigned char)s[2] - 0x90, s += 3; /* full-width ０..９ */
		else
			break;
		if (v <= POS_MAX_PLY)
			v = v * 10 + d;
	}
	int len = (int)(s - digits);
	if (len == 0 || !conv_starts(s, "手"))
		return 0;
	if (v > POS_MAX_PLY)
		return conv_fail(out, line, "stated length %.*s%s手: more than %d moves", len < 24 ? len : 24, digits,
		                 len > 24 ? "..." : "", POS_MAX_PLY);
	if (v == 0)
		return conv_fail(out, line, "stated length %.*s手: a mate takes at least one move", len, digits);
	*n = (int)v;
	return 0;
}

/* A diagram with no line for the defender's hand: tsume convention is that
 * the defender holds every piece not on the board or in the attacker's hand
 * (残り全部), as "後手の持駒：残り全部" says. */
static void defender_hand_default(Setup *su, const long hand_line[COLOR_NB], int rows, ConvProblem *out)
{
	Color def = color_flip(su->side);
	out->defender_rest = rows > 0 && hand_line[def] == 0;
	if (out->defender_rest)
		su->rest_to[def] = true;
}

/* What the reading of one KIF problem file has found so far. */
typedef struct {
	ConvProblem *out;
	bool rest;
	Setup su;
	int rows;        /* board rows read */
	long board_line; /* the line of the first row */
	bool root_ready, ended, hands_given;
	char handicap[64];             /* 手合割 */
	long number_base;              /* the number before the first move (-1: no move yet) */
	int stated_header, stated_end; /* 手数 and まで (-1: not stated) */
	/* the move list closed by an end word, まで or 変化 (else the file may
	 * be cut short), and the line of its last move */
	bool closed;
	long last_move_line;
	/* the lines of the side to move and of each hand: each is given once */
	long side_line, hand_line[COLOR_NB];
} KifRead;

/* The position before the first move, from the diagram read (or the start
 * position without one), at line lineno.  Returns 0 or -1 (conv_fail). */
static int kif_root(KifRead *k, long lineno)
{
	ConvProblem *out = k->out;
	if (k->rows == 0 && k->hands_given)
		return conv_fail(out, lineno, "hands given but no board diagram");
	if (k->rows == 0 && k->handicap[0] && strcmp(k->handicap, "平手") != 0)
		return conv_fail(out, lineno, "handicap '%s' without a board diagram is not supported", k->handicap);
	if (k->rows == 0)
		conv_start_board(&k->su, out);
	else if (k->rows != 9)
		return conv_fail(out, k->board_line, "board: %d rows, expected nine", k->rows);
	defender_hand_default(&k->su, k->hand_line, k->rows, out);
	if (conv_setup_root(&k->su, k->rest, out, k->board_line ? k->board_line : lineno))
		return -1;
	k->root_ready = true;
	return 0;
}

/* A move line: move `number`, its text field, played on the problem.
 * Returns 0 or -1 (conv_fail, the moves taken back). */
static int kif_read_move(KifRead *k, long number, const char *field, long lineno)
{
	ConvProblem *out = k->out;
	if (k->ended)
		return 0;
	if (!k->root_ready && kif_root(k, lineno))
		return -1;
	KifMove km;
	char why[160];
	if (kif_parse_move(field, &km, why, sizeof why)) {
		conv_unplay(out);
		return conv_fail(out, lineno, "move %ld: %s", number, why);
	}
	if (km.end) {
		k->ended = k->closed = true;
		return 0;
	}
	if (number > KIF_MOVE_NUMBER_MAX) {
		conv_unplay(out);
		return conv_fail(out, lineno, "move number over %ld", KIF_MOVE_NUMBER_MAX);
	}
	if (k->number_base < 0)
		k->number_base = number - 1;
	if (number != k->number_base + out->n_moves + 1) {
		conv_unplay(out);
		return conv_fail(out, lineno, "move number %ld where %ld was expected", number,
		                 k->number_base + out->n_moves + 1);
	}
	Move m;
	Move prev = out->n_moves ? out->moves[out->n_moves - 1] : MOVE_NONE;
	if (kif_find_move(&out->root, &km, prev, &m, why, sizeof why)) {
		char shown[80];
		const char *f = conv_skip_ws(field);
		snprintf(shown, sizeof shown, "%.*s", (int)strcspn(f, " \t"), f);
		conv_unplay(out);
		return conv_fail(out, lineno, "move %ld '%s': %s", number, shown, why);
	}
	if (conv_play(out, m, lineno)) {
		conv_unplay(out);
		return -1;
	}
	k->last_move_line = lineno;
	return 0;
}

/* A line after the moves: the closing "まで N手..." and a 手数 line (both
 * checked against the other at the end); a second diagram (a second file
 * appended) would be another problem.  Returns 0 or -1 (the moves taken
 * back). */
static int kif_after_moves(KifRead *k, const char *s, long lineno)
{
	ConvProblem *out = k->out;
	const char *t = conv_skip_ws(s);
	if (conv_eat(&s, "まで")) {
		if (stated_length(s, &k->stated_end, out, lineno)) {
			conv_unplay(out);
			return -1;
		}
		k->closed = true;
	} else if (conv_eat(&t, "手数：")) {
		int again = -1;
		if (stated_length(t, &again, out, lineno)) {
			conv_unplay(out);
			return -1;
		}
		if (k->stated_header >= 0 && again != k->stated_header) {
			conv_unplay(out);
			return conv_fail(out, lineno, "手数 states %d moves here, %d before", again, k->stated_header);
		}
		k->stated_header = again;
	} else if (t[0] == '|' || strstr(t, "持駒")) {
		conv_unplay(out);
		return conv_fail(out, lineno, "a board or hand line after the moves: one problem a file");
	}
	return 0;
}

/* Which hand a header line names (its label eaten from *s), or COLOR_NB. */
static Color hand_label(const char **s)
{
	if (eat_label(s, "後手の持駒") || eat_label(s, "上手の持駒"))
		return GOTE;
	if (eat_label(s, "先手の持駒") || eat_label(s, "下手の持駒"))
		return SENTE;
	return COLOR_NB;
}

/* Which side to move a header line names (先手番, 手番：後手 ...), into
 * *side (COLOR_NB: none).  Returns 0 or -1 (conv_fail) for a 手番 line
 * naming neither side. */
static int side_label(const char *s, Color *side, ConvProblem *out, long lineno)
{
	*side = COLOR_NB;
	if (conv_starts(s, "先手番") || conv_starts(s, "下手番"))
		*side = SENTE;
	else if (conv_starts(s, "後手番") || conv_starts(s, "上手番"))
		*side = GOTE;
	else if (eat_label(&s, "手番")) {
		/* 手番：先手 / 手番：後手, as some programs write the side */
		s = conv_skip_ws(s);
		if (conv_starts(s, "先手") || conv_starts(s, "下手"))
			*side = SENTE;
		else if (conv_starts(s, "後手") || conv_starts(s, "上手"))
			*side = GOTE;
		else
			return conv_fail(out, lineno, "side to move: '%s' is not 先手 or 後手", s);
	}
	return 0;
}

/* A line before the moves: a hand, the side to move, a board row, the
 * handicap, the stated length, the title and the author.  Returns 0 or -1
 * (conv_fail). */
static int kif_header(KifRead *k, const char *line, long lineno)
{
	ConvProblem *out = k->out;
	const char *s = conv_skip_ws(line); /* a header indented by an editor is still that header */
	Color hand_of = hand_label(&s), side_of = COLOR_NB;
	if (hand_of == COLOR_NB) {
		if (side_label(s, &side_of, out, lineno))
			return -1;
		if (side_of == COLOR_NB && strstr(s, "持駒"))
			/* a hand line this reader cannot read would give the
			 * defender the rest of the set without a word */
			return conv_fail(
			    out, lineno,
			    "a hand line not understood: '%s' (expected 先手の持駒：... or 後手の持駒：...)", line);
	}
	if (hand_of != COLOR_NB) {
		/* a second hand line would replace the first without a word */
		if (k->hand_line[hand_of])
			return conv_fail(out, lineno, "hand: %s's hand given twice, on lines %ld and %ld",
			                 hand_of == SENTE ? "sente" : "gote", k->hand_line[hand_of], lineno);
		k->hand_line[hand_of] = lineno;
		k->hands_given = true;
		return kif_hand(&k->su, hand_of, s, out, lineno);
	}
	if (side_of != COLOR_NB) {
		if (k->side_line && k->su.side != side_of)
			return conv_fail(out, lineno, "side to move given twice: %s on line %ld, %s here",
			                 k->su.side == SENTE ? "先手番" : "後手番", k->side_line,
			                 side_of == SENTE ? "先手番" : "後手番");
		k->side_line = lineno;
		k->su.side = side_of;
	} else if (s[0] == '|') {
		if (!k->board_line)
			k->board_line = lineno;
		return kif_row(&k->su, s, &k->rows, out, lineno);
	} else if (conv_eat(&s, "手合割：")) {
		s = conv_skip_ws(s);
		snprintf(k->handicap, sizeof k->handicap, "%.*s", (int)strcspn(s, " \t"), s);
		/* Kifu for Windows pads with full-width spaces */
		char *pad = strstr(k->handicap, "　");
		if (pad)
			*pad = '\0';
	} else if (conv_eat(&s, "手数：")) {
		return stated_length(s, &k->stated_header, out, lineno);
	} else if (conv_eat(&s, "作品名：")) {
		kif_credit(s, out->title);
	} else if (conv_eat(&s, "作者：")) {
		kif_credit(s, out->author);
	} else if (conv_eat(&s, "まで")) {
		return stated_length(s, &k->stated_end, out, lineno);
	}
	return 0;
}

int conv_kif_parse(char *text, bool rest, ConvProblem *out)
{
	KifRead k = {.out = out, .rest = rest, .number_base = -1, .stated_header = -1, .stated_end = -1};
	k.su.side = SENTE;
	char *p = text;
	long lineno = 0;
	char *line;
	while ((line = conv_next_line(&p)) != NULL) {
		lineno++;
		if (line[0] == '#' || line[0] == '*' || line[0] == '&')
			continue;
		if (conv_starts(line, "変化：")) {
			k.closed = true;
			break; /* variations follow the main line */
		}
		const char *field;
		long number;
		int rc = kif_move_line(line, &number, &field) ? kif_read_move(&k, number, field, lineno)
		         : k.root_ready                       ? kif_after_moves(&k, line, lineno)
		                                              : kif_header(&k, line, lineno);
		if (rc)
			return -1;
	}
	if (!k.root_ready) {
		if (k.rows == 0)
			return conv_fail(out, 0, "no board diagram and no moves");
		if (k.rows != 9)
			return conv_fail(out, k.board_line, "board: %d rows, expected nine", k.rows);
		defender_hand_default(&k.su, k.hand_line, k.rows, out);
		if (conv_setup_root(&k.su, rest, out, k.board_line))
			return -1;
	}
	/* A problem's answer ends with the attacker's mating move: an even
	 * number of moves that nothing closes (no end word, まで, 変化, nor a
	 * 手数 of that length) is a file cut short, not another problem.  A
	 * game from the start position (手合割, no diagram) is not a problem. */
	if (k.rows > 0 && out->n_moves % 2 == 0 && out->n_moves > 0 && !k.closed && k.stated_header != out->n_moves)
		return conv_fail_cut_short(out, k.last_move_line, "", "end word (詰み) or まで line");
	conv_unplay(out);
	/* stated twice, two ways: an error, not one reading chosen */
	if (k.stated_header >= 0 && k.stated_end >= 0 && k.stated_header != k.stated_end)
		return conv_fail(out, 0, "手数 states %d moves, まで %d", k.stated_header, k.stated_end);
	out->stated = k.stated_header >= 0 ? k.stated_header : k.stated_end;
	return 0;
}
