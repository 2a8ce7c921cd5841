/* bitboard.c -- attack tables (see bitboard.h). */
#include "bitboard.h"

static BbTables tables;
const BbTables *const bb_tables = &tables;

/* N, S, E, W, NE, SW, NW, SE */
static const int DIR_DFILE[DIR_NB] = {0, 0, -1, 1, -1, 1, 1, -1};
static const int DIR_DRANK[DIR_NB] = {-1, 1, 0, 0, -1, 1, -1, 1};

static bool on_board(int file, int rank) { return file >= 1 && file <= 9 && rank >= 1 && rank <= 9; }

/* Step offsets (dfile, drank) for sente; gote mirrors drank. */
typedef struct {
	int n;
	int d[8][2];
} Steps;

static const Steps STEPS_PAWN = {1, {{0, -1}}};
static const Steps STEPS_KNIGHT = {2, {{-1, -2}, {1, -2}}};
static const Steps STEPS_SILVER = {5, {{0, -1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}};
static const Steps STEPS_GOLD = {6, {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}};
static const Steps STEPS_KING = {8, {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}}};

static bb_t steps_from(const Steps *s, Color c, Square sq)
{
	bb_t b = bb_empty();
	int f = sq_file(sq), r = sq_rank(sq);
	for (int i = 0; i < s->n; i++) {
		int nf = f + s->d[i][0];
		int nr = r + (c == SENTE ? s->d[i][1] : -s->d[i][1]);
		if (on_board(nf, nr))
			bb_set(&b, sq_make(nf, nr));
	}
	return b;
}

void bb_init(void)
{
	static bool done;
	if (done)
		return;
	for (Square sq = 0; sq < SQ_NB; sq++) {
		tables.square[sq] = bb_square(sq);
		for (int d = 0; d < DIR_NB; d++) {
			bb_t b = bb_empty();
			int f = sq_file(sq) + DIR_DFILE[d], r = sq_rank(sq) + DIR_DRANK[d];
			for (; on_board(f, r); f += DIR_DFILE[d], r += DIR_DRANK[d])
				bb_set(&b, sq_make(f, r));
			tables.ray[d][sq] = b;
		}
		for (int c = 0; c < COLOR_NB; c++) {
			bb_t gold = steps_from(&STEPS_GOLD, (Color)c, sq);
			bb_t king = steps_from(&STEPS_KING, (Color)c, sq);
			tables.step[c][PAWN][sq] = steps_from(&STEPS_PAWN, (Color)c, sq);
			tables.step[c][KNIGHT][sq] = steps_from(&STEPS_KNIGHT, (Color)c, sq);
			tables.step[c][SILVER][sq] = steps_from(&STEPS_SILVER, (Color)c, sq);
			tables.step[c][GOLD][sq] = gold;
			tables.step[c][KING][sq] = king;
			tables.step[c][PRO_PAWN][sq] = gold;
			tables.step[c][PRO_LANCE][sq] = gold;
			tables.step[c][PRO_KNIGHT][sq] = gold;
			tables.step[c][PRO_SILVER][sq] = gold;
			/* sliders: step part is empty except HORSE/DRAGON, whose full
			 * attacks are computed in bb_piece_attacks. */
			tables.step[c][HORSE][sq] = king;
			tables.step[c][DRAGON][sq] = king;
		}
	}
	tables.square[SQ_NONE] = bb_empty();
	for (Square a = 0; a < SQ_NB; a++) {
		for (int d = 0; d < DIR_NB; d++) {
			bb_t between = bb_empty();
			int f = sq_file(a) + DIR_DFILE[d], r = sq_rank(a) + DIR_DRANK[d];
			for (; on_board(f, r); f += DIR_DFILE[d], r += DIR_DRANK[d]) {
				Square b = sq_make(f, r);
				tables.between[a][b] = between;
				int opp = d ^ 1; /* directions come in opposite pairs */
				tables.line[a][b] = bb_or(bb_or(tables.ray[d][a], tables.ray[opp][a]), bb_square(a));
				bb_set(&between, b);
			}
		}
	}
	for (int i = 1; i <= 9; i++) {
		tables.file_mask[i] = bb_empty();
		tables.rank_mask[i] = bb_empty();
		for (int j = 1; j <= 9; j++) {
			bb_set(&tables.file_mask[i], sq_make(i, j));
			bb_set(&tables.rank_mask[i], sq_make(j, i));
		}
	}
	tables.zone[SENTE] = bb_or(bb_or(tables.rank_mask[1], tables.rank_mask[2]), tables.rank_mask[3]);
	tables.zone[GOTE] = bb_or(bb_or(tables.rank_mask[7], tables.rank_mask[8]), tables.rank_mask[9]);
	done = true;
}
