/* sfen.c -- SFEN parsing and formatting (see sfen.h).
 *
 * Error columns: the byte where the bad token starts (for a piece, its '+');
 * for too many pieces of a kind, the board piece or hand item that goes over
 * the set (the board is read first, then the hands); for nifu, the second
 * pawn in the text; 0 when no single column applies (the side not to move in
 * check).  sfen_play_moves advances pos->move_number by one per move played,
 * up to SFEN_MOVE_NUMBER_MAX (so what sfen_format writes always reads back).
 */
#include "sfen.h"

#include "utf8.h"

#include "movegen.h"
#include "notation.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int fail(SfenError *err, int code, const char *field, int column, const char *fmt, ...)
{
	if (!err)
		return code;
	err->field = field;
	err->column = column;
	char detail[150];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	if (column > 0)
		snprintf(err->message, sizeof err->message, "%s (column %d): %s", field, column, detail);
	else
		snprintf(err->message, sizeof err->message, "%s: %s", field, detail);
	return code;
}

const char *sfen_quote(char *buf, size_t size, const char *s, int n)
{
	size_t k = 0;
	for (int i = 0; i < n && s[i] && k + 5 < size;) {
		const unsigned char *u = (const unsigned char *)s + i;
		int len = u[0] >= 0x80 ? (int)utf8_char_len(u, (size_t)(n - i)) : 0;
		if (len > 0) {
			if (k + (size_t)len + 1 > size)
				break;
			memcpy(buf + k, u, (size_t)len);
			k += (size_t)len;
			i += len;
		} else if (u[0] >= 0x20 && u[0] < 0x7f) {
			buf[k++] = (char)u[0];
			i++;
		} else {
			k += (size_t)snprintf(buf + k, size - k, "\\x%02x", u[0]);
			i++;
		}
	}
	buf[k] = '\0';
	return buf;
}

/* The character at s (one UTF-8 character, or one byte) as sfen_quote writes it. */
static const char *one_char(char q[8], const char *s)
{
	int len = (int)utf8_char_len((const unsigned char *)s, 4);
	return sfen_quote(q, 8, s, len > 0 ? len : 1);
}

static PieceType letter_type(char c)
{
	switch (toupper((unsigned char)c)) {
	case 'P':
		return PAWN;
	case 'L':
		return LANCE;
	case 'N':
		return KNIGHT;
	case 'S':
		return SILVER;
	case 'G':
		return GOLD;
	case 'B':
		return BISHOP;
	case 'R':
		return ROOK;
	case 'K':
		return KING;
	default:
		return PT_NONE;
	}
}

static const char TYPE_LETTER[PT_NB] = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G', 'K', 'P', 'L', 'N', 'S', 'B', 'R'};
static const char *const TYPE_NAME[9] = {"?", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king"};

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static const char *skip_spaces(const char *s)
{
	while (is_space(*s))
		s++;
	return s;
}
/* true iff s starts with word w followed by a space or the end. */
static bool starts_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	return strncmp(s, w, n) == 0 && (s[n] == '\0' || is_space(s[n]));
}

/* Counts pieces by base type as they are read, so that the piece (on the
 * board or in a hand) that goes over the 40-piece set is named with its column. */
static int count_piece(int totals[9], PieceType base, int n, SfenError *err, const char *field, int col)
{
	totals[base] += n;
	if (totals[base] > PIECE_SET_COUNT[base])
		return fail(err, SFEN_ERR_ILLEGAL, field, col, "%d %ss in all (board and hands), the set has %d",
		            totals[base], TYPE_NAME[base], PIECE_SET_COUNT[base]);
	return SFEN_OK;
}

static int parse_board(Position *pos, const char *text, const char *s, const char **end, int totals[9], SfenError *err)
{
	int rank = 1, file = 9;
	const char *p = s;
	for (;; p++) {
		char c = *p;
		int col = (int)(p - text) + 1;
		if (c == '\0' || is_space(c)) {
			if (rank != 9 || file != 0) {
				if (file != 0)
					return fail(err, SFEN_ERR_SYNTAX, "board", col,
					            "rank %d has %d square%s, expected 9", rank, 9 - file,
					            9 - file == 1 ? "" : "s");
				return fail(err, SFEN_ERR_SYNTAX, "board", col, "%d ranks, expected 9", rank);
			}
			break;
		}
		if (c == '/') {
			if (file != 0)
				return fail(err, SFEN_ERR_SYNTAX, "board", col, "rank %d has %d square%s, expected 9",
				            rank, 9 - file, 9 - file == 1 ? "" : "s");
			if (rank == 9)
				return fail(err, SFEN_ERR_SYNTAX, "board", col, "more than 9 ranks");
			rank++;
			file = 9;
			continue;
		}
		if (c >= '1' && c <= '9') {
			file -= c - '0';
			if (file < 0)
				return fail(err, SFEN_ERR_SYNTAX, "board", col, "rank %d has more than 9 squares",
				            rank);
			continue;
		}
		bool promoted = false;
		if (c == '+') {
			promoted = true;
			c = *++p;
		}
		PieceType pt = letter_type(c);
		if (pt == PT_NONE) {
			if (promoted && (c == '\0' || is_space(c) || c == '/'))
				return fail(err, SFEN_ERR_SYNTAX, "board", col,
				            "'+' must be followed by a piece letter");
			if (c == '0')
				return fail(err, SFEN_ERR_SYNTAX, "board", (int)(p - text) + 1,
				            "a run of empty squares is 1..9, not 0");
			char q[8];
			return fail(err, SFEN_ERR_SYNTAX, "board", (int)(p - text) + 1, "unknown piece letter '%s'",
			            one_char(q, p));
		}
		if (promoted && !pt_can_promote(pt))
			return fail(err, SFEN_ERR_SYNTAX, "board", col, "'+%c': a %s cannot promote", c, TYPE_NAME[pt]);
		if (file == 0)
			return fail(err, SFEN_ERR_SYNTAX, "board", col, "rank %d has more than 9 squares", rank);
		Color color = isupper((unsigned char)c) ? SENTE : GOTE;
		Square sq = sq_make(file, rank);
		if (pt == KING && pos->king[color] != SQ_NONE)
			return fail(err, SFEN_ERR_ILLEGAL, "board", col, "two %s kings",
			            color == SENTE ? "sente" : "gote");
		Piece piece = piece_make(color, promoted ? pt_promote(pt) : pt);
		/* a piece that could never move again */
		int rr = sq_rel_rank(color, sq);
		if (!promoted && (((pt == PAWN || pt == LANCE) && rr == 1) || (pt == KNIGHT && rr <= 2)))
			return fail(err, SFEN_ERR_ILLEGAL, "board", col, "%s %s on %d%c can never move",
			            color == SENTE ? "sente" : "gote", TYPE_NAME[pt], file, 'a' + rank - 1);
		/* nifu: a second unpromoted pawn of one colour on a file */
		if (pt == PAWN && !promoted && bb_any(bb_and(pos_pieces(pos, color, PAWN), bb_file(file))))
			return fail(err, SFEN_ERR_ILLEGAL, "board", col, "two unpromoted %s pawns on file %d (nifu)",
			            color == SENTE ? "sente" : "gote", file);
		int rc = count_piece(totals, pt, 1, err, "board", col);
		if (rc)
			return rc;
		pos_put(pos, sq, piece);
		file--;
	}
	*end = p;
	return SFEN_OK;
}

static int parse_hand(Position *pos, const char *text, const char *s, const char **end, int totals[9], SfenError *err)
{
	const char *p = s;
	if (*p == '-') {
		*end = p + 1;
		if (**end && !is_space(**end)) {
			char q[8];
			return fail(err, SFEN_ERR_SYNTAX, "hand", (int)(*end - text) + 1, "unexpected '%s' after '-'",
			            one_char(q, *end));
		}
		return SFEN_OK;
	}
	bool seen[COLOR_NB][HAND_PT_NB] = {{false}};
	if (*p == '\0' || is_space(*p))
		return fail(err, SFEN_ERR_SYNTAX, "hand", (int)(p - text) + 1, "missing (use '-' for empty hands)");
	while (*p && !is_space(*p)) {
		int col = (int)(p - text) + 1;
		int n = 1;
		if (isdigit((unsigned char)*p)) {
			n = 0;
			int digits = 0;
			while (isdigit((unsigned char)*p)) {
				n = n * 10 + (*p - '0');
				p++;
				if (++digits > 2)
					return fail(err, SFEN_ERR_SYNTAX, "hand", col,
					            "count with more than two digits");
			}
			if (n < 1 || n > 18)
				return fail(err, SFEN_ERR_SYNTAX, "hand", col, "count %d out of range 1..18", n);
		}
		char c = *p;
		if (c == '\0' || is_space(c))
			return fail(err, SFEN_ERR_SYNTAX, "hand", col,
			            "count %d without a piece letter (use '-' for empty hands)", n);
		PieceType pt = letter_type(c);
		if (pt == PT_NONE) {
			char q[8];
			return fail(err, SFEN_ERR_SYNTAX, "hand", (int)(p - text) + 1, "unknown piece letter '%s'",
			            one_char(q, p));
		}
		if (pt == KING)
			return fail(err, SFEN_ERR_ILLEGAL, "hand", (int)(p - text) + 1,
			            "a king cannot be held in hand");
		Color color = isupper((unsigned char)c) ? SENTE : GOTE;
		if (seen[color][pt])
			return fail(err, SFEN_ERR_SYNTAX, "hand", (int)(p - text) + 1, "'%c' listed twice", c);
		seen[color][pt] = true;
		int rc = count_piece(totals, pt, n, err, "hand", col);
		if (rc)
			return rc;
		pos_set_hand(pos, color, pt, n);
		p++;
	}
	*end = p;
	return SFEN_OK;
}

int sfen_parse_root(Position *pos, const char *text, SfenError *err, const char **moves_text)
{
	core_init();
	pos_clear(pos);
	if (moves_text)
		*moves_text = NULL;
	const char *s = skip_spaces(text);
	if (starts_word(s, "position"))
		s = skip_spaces(s + 8);
	if (starts_word(s, "startpos")) {
		const char *after = skip_spaces(s + 8);
		int rc = sfen_parse_root(pos, SFEN_STARTPOS, err, NULL);
		if (rc)
			return rc;
		s = after;
		goto moves;
	}
	if (starts_word(s, "sfen"))
		s = skip_spaces(s + 4);
	if (*s == '\0')
		return fail(err, SFEN_ERR_SYNTAX, "board", (int)(s - text) + 1, "empty position");

	const char *end = s;
	int totals[9] = {0};
	int rc = parse_board(pos, text, s, &end, totals, err);
	if (rc)
		return rc;
	s = skip_spaces(end);
	int side_col = (int)(s - text) + 1;
	if ((s[0] != 'b' && s[0] != 'w') || (s[1] && !is_space(s[1]))) {
		if (*s == '\0')
			return fail(err, SFEN_ERR_SYNTAX, "side", side_col, "missing side to move ('b' or 'w')");
		return fail(err, SFEN_ERR_SYNTAX, "side", side_col, "side to move must be 'b' or 'w'");
	}
	pos->side = s[0] == 'b' ? SENTE : GOTE;
	s = skip_spaces(s + 1);
	if (*s == '\0')
		return fail(err, SFEN_ERR_SYNTAX, "hand", (int)(s - text) + 1, "missing (use '-' for empty hands)");
	rc = parse_hand(pos, text, s, &end, totals, err);
	if (rc)
		return rc;
	s = skip_spaces(end);
	if (isdigit((unsigned char)*s)) {
		long n = 0;
		const char *start = s;
		while (isdigit((unsigned char)*s)) {
			if (n < 100000000)
				n = n * 10 + (*s - '0');
			s++;
		}
		if (*s && !is_space(*s))
			return fail(err, SFEN_ERR_SYNTAX, "move number", (int)(start - text) + 1, "not a number");
		if (n < 1)
			return fail(err, SFEN_ERR_SYNTAX, "move number", (int)(start - text) + 1, "must be at least 1");
		if (n > SFEN_MOVE_NUMBER_MAX)
			return fail(err, SFEN_ERR_SYNTAX, "move number", (int)(start - text) + 1, "larger than %d",
			            SFEN_MOVE_NUMBER_MAX);
		pos->move_number = (int)n;
		s = skip_spaces(s);
	}

	/* whole-position check (piece counts and nifu were checked while reading) */
	pos_finish_setup(pos);
	Color them = color_flip(pos->side);
	if (pos->king[them] != SQ_NONE && pos_attacked(pos, pos->side, pos->king[them], pos->occ))
		return fail(err, SFEN_ERR_ILLEGAL, "position", 0, "the side not to move (%s) is in check",
		            them == SENTE ? "sente" : "gote");

moves:
	if (*s == '\0')
		return SFEN_OK;
	if (starts_word(s, "moves")) {
		if (moves_text)
			*moves_text = skip_spaces(s + 5);
		return SFEN_OK;
	}
	char q[100];
	return fail(err, SFEN_ERR_SYNTAX, "position", (int)(s - text) + 1, "unexpected text '%s'",
	            sfen_quote(q, sizeof q, s, 20));
}

int sfen_play_moves(Position *pos, const char *text, int column_base, Move *out, int max_moves, SfenError *err)
{
	int n = 0;
	const char *s = skip_spaces(text);
	while (*s) {
		int col = column_base + (int)(s - text);
		int len;
		Move m = usi_parse(s, &len);
		if (m == MOVE_NONE) {
			int w = 0;
			while (s[w] && !is_space(s[w]) && w < 16)
				w++;
			char q[80];
			return fail(err, SFEN_ERR_SYNTAX, "moves", col, "move %d '%s' is not a USI move", n + 1,
			            sfen_quote(q, sizeof q, s, w));
		}
		if (n >= max_moves || pos->ply >= POS_MAX_PLY)
			return fail(err, SFEN_ERR_ILLEGAL, "moves", col, "more than %d moves", n);
		Move legal;
		Piece on = move_is_drop(m) ? PIECE_NONE : pos_piece(pos, move_from(m));
		if (move_is_promote(m) && on != PIECE_NONE && piece_color(on) == pos->side &&
		    pt_is_promoted(piece_type(on)))
			return fail(err, SFEN_ERR_ILLEGAL, "moves", col,
			            "move %d '%.*s' is not legal here: the piece on %.2s is already promoted", n + 1,
			            len, s, s);
		if (!gen_find_legal(pos, m, &legal))
			return fail(err, SFEN_ERR_ILLEGAL, "moves", col,
			            "move %d '%.*s' is not legal here (%s to move)", n + 1, len, s,
			            pos->side == SENTE ? "sente" : "gote");
		pos_do_move(pos, legal);
		if (pos->move_number < SFEN_MOVE_NUMBER_MAX)
			pos->move_number++;
		if (out)
			out[n] = legal;
		n++;
		s = skip_spaces(s + len);
	}
	return n;
}

int sfen_parse(Position *pos, const char *text, SfenError *err)
{
	const char *moves;
	int rc = sfen_parse_root(pos, text, err, &moves);
	if (rc || !moves)
		return rc;
	rc = sfen_play_moves(pos, moves, (int)(moves - text) + 1, NULL, POS_MAX_PLY, err);
	return rc < 0 ? rc : SFEN_OK;
}

int sfen_format(const Position *pos, char *buf, size_t size)
{
	char out[256];
	int n = 0;
	for (int rank = 1; rank <= 9; rank++) {
		int empty = 0;
		for (int file = 9; file >= 1; file--) {
			Piece p = pos->board[sq_make(file, rank)];
			if (!p) {
				empty++;
				continue;
			}
			if (empty)
				out[n++] = (char)('0' + empty);
			empty = 0;
			PieceType pt = piece_type(p);
			if (pt_is_promoted(pt))
				out[n++] = '+';
			char c = TYPE_LETTER[pt];
			out[n++] = piece_color(p) == SENTE ? c : (char)tolower((unsigned char)c);
		}
		if (empty)
			out[n++] = (char)('0' + empty);
		if (rank < 9)
			out[n++] = '/';
	}
	out[n++] = ' ';
	out[n++] = pos->side == SENTE ? 'b' : 'w';
	out[n++] = ' ';
	static const PieceType ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
	int start = n;
	for (int c = 0; c < COLOR_NB; c++)
		for (int i = 0; i < 7; i++) {
			int k = hand_count(pos->hand[c], ORDER[i]);
			if (!k)
				continue;
			if (k > 1)
				n += sprintf(out + n, "%d", k);
			char l = TYPE_LETTER[ORDER[i]];
			out[n++] = c == SENTE ? l : (char)tolower((unsigned char)l);
		}
	if (n == start)
		out[n++] = '-';
	n += sprintf(out + n, " %d", pos->move_number);
	if ((size_t)n + 1 > size)
		return -1;
	memcpy(buf, out, (size_t)n + 1);
	return n;
}

/* A piece of colour c and type pt (unpromoted) on sq that could never move:
 * pawn or lance on its last rank, knight on its last two. */
static bool dead_piece(Color c, PieceType pt, Square sq)
{
	int rr = sq_rel_rank(c, sq);
	return ((pt == PAWN || pt == LANCE) && rr == 1) || (pt == KNIGHT && rr <= 2);
}

static const char *color_name(Color c) { return c == SENTE ? "sente" : "gote"; }

int sfen_check(const Position *pos, SfenError *err)
{
	int board[9] = {0}, totals[9] = {0};
	Square king_at[COLOR_NB] = {SQ_NONE, SQ_NONE};
	for (Square sq = 0; sq < SQ_NB; sq++) {
		Piece p = pos->board[sq];
		if (p == PIECE_NONE)
			continue;
		Color c = piece_color(p);
		PieceType pt = piece_type(p);
		int file = sq_file(sq), rank = sq_rank(sq);
		if (pt == KING && king_at[c] != SQ_NONE)
			return fail(err, SFEN_ERR_ILLEGAL, "board", 0, "two %s kings, on %d%c and %d%c", color_name(c),
			            sq_file(king_at[c]), 'a' + sq_rank(king_at[c]) - 1, file, 'a' + rank - 1);
		if (pt == KING)
			king_at[c] = sq;
		if (dead_piece(c, pt, sq))
			return fail(err, SFEN_ERR_ILLEGAL, "board", 0, "%s %s on %d%c can never move", color_name(c),
			            TYPE_NAME[pt], file, 'a' + rank - 1);
		bb_t others = bb_andnot(bb_and(pos_pieces(pos, c, PAWN), bb_file(file)), bb_square(sq));
		if (pt == PAWN && bb_any(others) && bb_lsb(others) > sq)
			return fail(err, SFEN_ERR_ILLEGAL, "board", 0,
			            "two unpromoted %s pawns on file %d, on %d%c and %d%c (nifu)", color_name(c), file,
			            file, 'a' + rank - 1, file, 'a' + sq_rank(bb_lsb(others)) - 1);
		board[pt_unpromote(pt)]++;
	}
	for (int pt = PAWN; pt <= KING; pt++) {
		totals[pt] = board[pt];
		if (pt <= GOLD)
			for (int c = 0; c < COLOR_NB; c++)
				totals[pt] += hand_count(pos->hand[c], (PieceType)pt);
		/* name the board when the board alone holds too many */
		if (board[pt] > PIECE_SET_COUNT[pt])
			return fail(err, SFEN_ERR_ILLEGAL, "board", 0, "%d %ss on the board, the set has %d", board[pt],
			            TYPE_NAME[pt], PIECE_SET_COUNT[pt]);
		if (totals[pt] > PIECE_SET_COUNT[pt])
			return fail(err, SFEN_ERR_ILLEGAL, "hand", 0, "%d %ss in all (board and hands), the set has %d",
			            totals[pt], TYPE_NAME[pt], PIECE_SET_COUNT[pt]);
	}
	Color them = color_flip(pos->side);
	if (pos->king[them] != SQ_NONE && pos_attacked(pos, pos->side, pos->king[them], pos->occ))
		return fail(err, SFEN_ERR_ILLEGAL, "position", 0, "the side not to move (%s) is in check",
		            color_name(them));
	return SFEN_OK;
}

int sfen_setup(Position *pos, const Piece board[SQ_NB], const int hand[COLOR_NB][HAND_PT_NB], Color side,
               SfenError *err)
{
	core_init();
	pos_clear(pos);
	for (Square sq = 0; sq < SQ_NB; sq++) {
		Piece p = board[sq];
		if (p == PIECE_NONE)
			continue;
		/* a second king would overwrite pos->king: refuse it here */
		if (piece_type(p) == KING && pos->king[piece_color(p)] != SQ_NONE)
			return fail(err, SFEN_ERR_ILLEGAL, "board", 0, "two %s kings, on %d%c and %d%c",
			            color_name(piece_color(p)), sq_file(pos->king[piece_color(p)]),
			            'a' + sq_rank(pos->king[piece_color(p)]) - 1, sq_file(sq), 'a' + sq_rank(sq) - 1);
		pos_put(pos, sq, p);
	}
	for (int c = 0; c < COLOR_NB; c++)
		for (int pt = PAWN; pt <= GOLD; pt++) {
			int n = hand[c][pt];
			if (n < 0 || n > PIECE_SET_COUNT[pt])
				return fail(err, SFEN_ERR_ILLEGAL, "hand", 0, "%d %ss in the %s hand, the set has %d",
				            n, TYPE_NAME[pt], color_name((Color)c), PIECE_SET_COUNT[pt]);
			pos_set_hand(pos, (Color)c, (PieceType)pt, n);
		}
	pos->side = side;
	pos->move_number = 1;
	pos_finish_setup(pos);
	return sfen_check(pos, err);
}
