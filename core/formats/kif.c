/* kif.c -- Japanese move text and the KIF/BOD board diagram (see kif.h). */
#include "kif.h"

#include "kanji.h"
#include "movegen.h"

#include <string.h>

/* An output buffer that remembers whether anything failed to fit. */
typedef struct {
	char *buf;
	size_t size;
	size_t len;
	bool overflow;
} Out;

static void out_put(Out *o, const char *s)
{
	size_t n = strlen(s);
	if (o->overflow || o->len + n + 1 > o->size) {
		o->overflow = true;
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

static int out_finish(Out *o)
{
	if (o->overflow) {
		if (o->size > 0)
			o->buf[0] = '\0';
		return -1;
	}
	if (o->size == 0)
		return -1;
	o->buf[o->len] = '\0';
	return (int)o->len;
}

static Out out_make(char *buf, size_t size)
{
	Out o = {buf, size, 0, size == 0};
	if (size > 0)
		buf[0] = '\0';
	return o;
}

/* The "file rank" or "同　" part common to both move styles. */
static void put_destination(Out *o, Move m, Move prev)
{
	Square to = move_to(m);
	if (prev != MOVE_NONE && prev != MOVE_NULL && move_to(prev) == to) {
		out_put(o, "同　");
	} else {
		out_put(o, KANJI_ZEN_DIGIT[sq_file(to)]);
		out_put(o, KANJI_NUM[sq_rank(to)]);
	}
}

/* true iff the piece moving from -> to could have promoted. */
static bool could_promote(Color c, PieceType pt, Square from, Square to)
{
	return pt_can_promote(pt) && (sq_in_zone(c, from) || sq_in_zone(c, to));
}

/* The file as the mover sees it: 1 is the mover's rightmost file (for gote
 * the board is turned round, so gote's right is toward file 9). */
static int rel_file(Color c, Square sq) { return c == SENTE ? sq_file(sq) : 10 - sq_file(sq); }

/* Motion of a piece from -> to: 1 forward (上), 0 sideways (寄), -1 backward (引). */
static int motion(Color c, Square from, Square to)
{
	int d = sq_rel_rank(c, from) - sq_rel_rank(c, to);
	return (d > 0) - (d < 0);
}

enum { POS_NONE, POS_RIGHT, POS_LEFT, POS_STRAIGHT };

/* Position word of the piece on from among the candidates (see kif.h). */
static int position_word(Color c, PieceType pt, Square from, Square to, const Square *cand, int n)
{
	int f = rel_file(c, from);
	if (pt == DRAGON || pt == HORSE) {
		/* At most two of a kind: compare with the other one. */
		for (int i = 0; i < n; i++) {
			if (cand[i] == from)
				continue;
			int g = rel_file(c, cand[i]);
			if (f != g)
				return f < g ? POS_RIGHT : POS_LEFT;
		}
		return POS_NONE;
	}
	int t = rel_file(c, to);
	if (f < t)
		return POS_RIGHT;
	if (f > t)
		return POS_LEFT;
	return motion(c, from, to) > 0 ? POS_STRAIGHT : POS_NONE;
}

/* Collects the distinct squares of c's pieces of type pt that can legally
 * move to `to`; returns their count. */
static int board_candidates(const Position *pos, Piece piece, Square to, Square cand[SQ_NB])
{
	MoveList list;
	gen_legal(pos, &list);
	int n = 0;
	for (int i = 0; i < list.n; i++) {
		Move x = list.moves[i];
		if (move_is_drop(x) || move_to(x) != to)
			continue;
		Square from = move_from(x);
		if (pos_piece(pos, from) != piece)
			continue;
		bool seen = false;
		for (int k = 0; k < n; k++)
			seen |= cand[k] == from;
		if (!seen)
			cand[n++] = from;
	}
	return n;
}

/* Appends the 右/左/直 and 上/寄/引 words for a board move (JSA rules). */
static void put_modifiers(Out *o, const Position *pos, Square from, Square to)
{
	static const char *const POS_TEXT[4] = {"", "右", "左", "直"};
	static const char *const MOTION_TEXT[3] = {"引", "寄", "上"};
	Piece piece = pos_piece(pos, from);
	Color c = piece_color(piece);
	PieceType pt = piece_type(piece);
	Square cand[SQ_NB];
	int n = board_candidates(pos, piece, to, cand);
	if (n < 2)
		return;

	int my_motion = motion(c, from, to);
	int my_pos = position_word(c, pt, from, to, cand, n);
	bool motion_shared = false, pos_shared = false;
	for (int i = 0; i < n; i++) {
		if (cand[i] == from)
			continue;
		motion_shared |= motion(c, cand[i], to) == my_motion;
		pos_shared |= position_word(c, pt, cand[i], to, cand, n) == my_pos;
	}
	if (!motion_shared) {
		out_put(o, MOTION_TEXT[my_motion + 1]);
		return;
	}
	out_put(o, POS_TEXT[my_pos]);
	/* 直 names a single square; a shared or missing position word needs the
	 * motion too. */
	if (my_pos == POS_NONE || (pos_shared && my_pos != POS_STRAIGHT))
		out_put(o, MOTION_TEXT[my_motion + 1]);
}

int kif_move(const Position *pos, Move m, Move prev, char *buf, size_t size)
{
	Out o = out_make(buf, size);
	Color c = pos->side;
	Square to = move_to(m);
	out_put(&o, c == SENTE ? "▲" : "△");
	put_destination(&o, m, prev);
	if (move_is_drop(m)) {
		PieceType pt = move_drop_pt(m);
		out_put(&o, KANJI_PIECE[pt]);
		Square cand[SQ_NB];
		if (board_candidates(pos, piece_make(c, pt), to, cand) > 0)
			out_put(&o, "打");
		return out_finish(&o);
	}
	Square from = move_from(m);
	PieceType pt = piece_type(pos_piece(pos, from));
	out_put(&o, KANJI_PIECE[pt]);
	put_modifiers(&o, pos, from, to);
	if (move_is_promote(m))
		out_put(&o, "成");
	else if (could_promote(c, pt, from, to))
		out_put(&o, "不成");
	return out_finish(&o);
}

int kif_move_record(const Position *pos, Move m, Move prev, char *buf, size_t size)
{
	Out o = out_make(buf, size);
	put_destination(&o, m, prev);
	if (move_is_drop(m)) {
		out_put(&o, KANJI_PIECE[move_drop_pt(m)]);
		out_put(&o, "打");
		return out_finish(&o);
	}
	Square from = move_from(m);
	out_put(&o, KANJI_PIECE[piece_type(pos_piece(pos, from))]);
	if (move_is_promote(m))
		out_put(&o, "成");
	char src[5] = {'(', (char)('0' + sq_file(from)), (char)('0' + sq_rank(from)), ')', '\0'};
	out_put(&o, src);
	return out_finish(&o);
}

int kif_line(Position *pos, const Move *moves, int n, char *buf, size_t size)
{
	Out o = out_make(buf, size);
	char text[KIF_MOVE_MAX];
	int played = 0;
	for (int i = 0; i < n; i++) {
		if (kif_move(pos, moves[i], i ? moves[i - 1] : MOVE_NONE, text, sizeof text) < 0) {
			o.overflow = true;
			break;
		}
		if (i)
			out_put(&o, " ");
		out_put(&o, text);
		if (o.overflow)
			break;
		pos_do_move(pos, moves[i]);
		played++;
	}
	while (played > 0) {
		played--;
		pos_undo_move(pos, moves[played]);
	}
	return out_finish(&o);
}

static void put_hand(Out *o, const char *label, Hand h)
{
	out_put(o, label);
	bool any = false;
	for (int i = 0; i < 7; i++) {
		PieceType pt = KANJI_HAND_ORDER[i];
		int k = hand_count(h, pt);
		if (k == 0)
			continue;
		if (any)
			out_put(o, "　");
		out_put(o, KANJI_PIECE1[pt]);
		if (k > 1)
			out_put(o, KANJI_NUM[k < 19 ? k : 18]);
		any = true;
	}
	if (!any)
		out_put(o, "なし");
	out_put(o, "\n");
}

int kif_board(const Position *pos, char *buf, size_t size)
{
	Out o = out_make(buf, size);
	put_hand(&o, "後手の持駒：", pos->hand[GOTE]);
	out_put(&o, "  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
	out_put(&o, "+---------------------------+\n");
	for (int rank = 1; rank <= 9; rank++) {
		out_put(&o, "|");
		for (int file = 9; file >= 1; file--) {
			Piece p = pos_piece(pos, sq_make(file, rank));
			if (p == PIECE_NONE) {
				out_put(&o, " ・");
				continue;
			}
			out_put(&o, piece_color(p) == GOTE ? "v" : " ");
			out_put(&o, KANJI_PIECE1[piece_type(p)]);
		}
		out_put(&o, "|");
		out_put(&o, KANJI_NUM[rank]);
		out_put(&o, "\n");
	}
	out_put(&o, "+---------------------------+\n");
	put_hand(&o, "先手の持駒：", pos->hand[SENTE]);
	out_put(&o, pos->side == SENTE ? "先手番\n" : "後手番\n");
	return out_finish(&o);
}
