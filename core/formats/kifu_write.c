/* kifu_write.c -- a KIF game record with its variations, written (see kifu_write.h). */
#include "kifu_write.h"

#include "kif.h"
#include "movegen.h"

#include <stdlib.h>
#include <string.h>

/* Display columns of UTF-8 text as KIF writers pad it: one for ASCII, two
 * for any other character (the kanji, digits and spaces of a move field are
 * full-width). */
static int display_width(const char *s)
{
	int w = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x80)
			w++;
		else if ((c & 0xC0) != 0x80)
			w += 2;
	}
	return w;
}

/* Move field width and the time written after it (no clock in a solution). */
#define FIELD_COLUMNS 13
#define ZERO_TIME "( 0:00/00:00:00)"

static void move_line(FILE *f, int number, const char *field, bool more)
{
	int pad = FIELD_COLUMNS - display_width(field);
	fprintf(f, "%4d %s%*s" ZERO_TIME "%s\n", number, field, pad > 1 ? pad : 1, "", more ? "+" : "");
}

static void comments_at(FILE *f, const Kifu *k, int ply)
{
	for (int i = 0; i < k->n_comment; i++)
		if (k->comment[i].ply == ply)
			fprintf(f, "*%s\n", k->comment[i].text);
}

static bool has_branch_at(const Kifu *k, int ply)
{
	for (int i = 0; i < k->n_branch; i++)
		if (k->branch[i].ply == ply)
			return true;
	return false;
}

/* Writes moves[0..n) played from pos as move lines numbered from first + 1;
 * prev: the move before moves[0] (for 同).  k: the main line, with its
 * comments and its '+' marks; NULL: the branch b, '+' on its first move when
 * more0.  pos is played forward and left there.  Returns 0 or -1. */
static int write_moves(FILE *f, Position *pos, const Move *moves, int n, int first, Move prev, bool more0,
                       const Kifu *k, const KifuBranch *b)
{
	for (int i = 0; i < n; i++) {
		char field[KIF_MOVE_MAX];
		if (kif_move_record(pos, moves[i], i ? moves[i - 1] : prev, field, sizeof field) < 0)
			return -1;
		bool more = i == 0 && more0;
		if (k)
			more = has_branch_at(k, first + i);
		move_line(f, first + i + 1, field, more);
		if (k)
			comments_at(f, k, first + i);
		else if (i == 0 && b->comment)
			fprintf(f, "*%s\n", b->comment);
		pos_do_move(pos, moves[i]);
	}
	return 0;
}

/* The branch indices ordered by ply, the latest first; ties in the order given. */
static void order_branches(const Kifu *k, int *order)
{
	for (int i = 0; i < k->n_branch; i++) {
		int j = i;
		for (; j > 0 && k->branch[order[j - 1]].ply < k->branch[i].ply; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
}

/* Plays moves[0..n) on pos; false at the first illegal one. */
static bool play_legal(Position *pos, const Move *moves, int n)
{
	for (int i = 0; i < n; i++) {
		if (!gen_is_legal(pos, moves[i]))
			return false;
		pos_do_move(pos, moves[i]);
	}
	return true;
}

/* Every ply in range and every move legal (pos: scratch). */
static bool valid(const Kifu *k, Position *pos)
{
	if (k->n_main < 0 || k->n_main > POS_MAX_PLY - k->root->ply)
		return false;
	for (int i = 0; i < k->n_comment; i++)
		if (k->comment[i].ply < -1 || k->comment[i].ply >= k->n_main)
			return false;
	pos_copy(pos, k->root);
	if (!play_legal(pos, k->main, k->n_main))
		return false;
	for (int i = 0; i < k->n_branch; i++) {
		const KifuBranch *b = &k->branch[i];
		if (b->ply < 0 || b->ply > k->n_main || (b->ply == k->n_main && !k->mate) || b->n < 1 ||
		    b->n > POS_MAX_PLY - k->root->ply - b->ply)
			return false;
		pos_copy(pos, k->root);
		for (int j = 0; j < b->ply; j++)
			pos_do_move(pos, k->main[j]);
		if (!play_legal(pos, b->moves, b->n))
			return false;
	}
	return true;
}

int kifu_write(FILE *f, const Kifu *k)
{
	char board[KIF_BOARD_MAX];
	Position *pos = malloc(sizeof *pos);
	int *order = malloc(sizeof *order * (size_t)(k->n_branch + 1));
	int rc = -1;
	if (!pos || !order || !valid(k, pos) || kif_board(k->root, board, sizeof board) < 0)
		goto done;

	fputs("#KIF version=2.0 encoding=UTF-8\n", f);
	for (int i = 0; i < k->n_header; i++)
		fprintf(f, "#%s\n", k->header[i]);
	fputs(board, f);
	if (k->mate)
		fprintf(f, "手数：%d手\n", k->n_main);
	fputs("手数----指手---------消費時間--\n", f);
	comments_at(f, k, -1);
	pos_copy(pos, k->root);
	if (write_moves(f, pos, k->main, k->n_main, 0, MOVE_NONE, false, k, NULL) != 0)
		goto done;
	if (k->mate) {
		move_line(f, k->n_main + 1, "詰み", has_branch_at(k, k->n_main));
		fprintf(f, "まで%d手で詰み\n", k->n_main);
	}

	order_branches(k, order);
	for (int i = 0; i < k->n_branch; i++) {
		const KifuBranch *b = &k->branch[order[i]];
		bool more = i + 1 < k->n_branch && k->branch[order[i + 1]].ply == b->ply;
		pos_copy(pos, k->root);
		for (int j = 0; j < b->ply; j++)
			pos_do_move(pos, k->main[j]);
		fprintf(f, "\n変化：%d手\n", b->ply + 1);
		if (write_moves(f, pos, b->moves, b->n, b->ply, b->ply ? k->main[b->ply - 1] : MOVE_NONE, more, NULL,
		                b) != 0)
			goto done;
		if (b->mate)
			move_line(f, b->ply + b->n + 1, "詰み", false);
	}
	rc = ferror(f) ? -1 : 0;
done:
	free(order);
	free(pos);
	return rc;
}
