/*
 * test_movegen.c -- move generation against outside references:
 *  - published perft counts (also reproduced by tests/oracle);
 *  - tests/data/problems/reference/legal-{moves,checks}.txt (5,000 positions
 *    each, recomputed by two independent rule engines);
 *  - hand-made rule positions whose expected lists the oracle computed
 *    (tests/rule_positions.h);
 *  - the legal/illegal/count rows of tests/data/problems/cases.tsv;
 *  - slider attacks from the tables against a walk by file and rank, for
 *    every square and many occupancies.
 */
#include "testutil.h"

#include "perft.h"
#include "rule_positions.h"

typedef struct {
	const char *sfen;
	int depth;
	uint64_t leaves;
} PerftCase;

/* Published perft values (Peeper, lb and others; tests/oracle/README.md). */
static const PerftCase PERFT[] = {
    {SFEN_STARTPOS, 1, 30},
    {SFEN_STARTPOS, 2, 900},
    {SFEN_STARTPOS, 3, 25470},
    {SFEN_STARTPOS, 4, 719731},
    {SFEN_STARTPOS, 5, 19861490},
    {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 1, 207},
    {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 2, 28684},
    {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3, 4809015},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 1, 178},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 2, 18041},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", 3, 2552846},
    {"9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 1, 524},
    {"9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 2, 248257},
    {"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R2g2K2/LN4b1L w RGsn5p 3", 3, 2685299},
    {"lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1", 3, 1473109},
    {"ppplkl1pp/b2p1p3/9/9/9/B8/9/5P1P1/PPPP1LKLP b R2G2S2N2Pr2g2s2n2p 1", 3, 14650255},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KS+r5/LN2+p3L b Sb2gn3p 125", 2, 17765},
    {"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/SKS+r5/LN2+p3L w b2gn3p 126", 1, 179},
    {"l6nl/5+P1gk/2np1S3/p1p4P1/3P2Spp/1PPb2P1P/P5GS1/R8/LN4bKL b RGgsn5p 2", 1, 146},
    {"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 1, 593},
};

static void test_perft(void **state)
{
	(void)state;
	static Position pos;
	for (size_t i = 0; i < sizeof PERFT / sizeof PERFT[0]; i++) {
		if (tu_quick() && PERFT[i].leaves > 1000000)
			continue;
		tu_parse(&pos, PERFT[i].sfen);
		uint64_t n = perft(&pos, PERFT[i].depth);
		if (n != PERFT[i].leaves)
			fail_msg("perft %s depth %d: got %llu, expected %llu", PERFT[i].sfen, PERFT[i].depth,
			         (unsigned long long)n, (unsigned long long)PERFT[i].leaves);
		/* making every move, the last ply too, must count the same */
		if (PERFT[i].leaves <= 1000000 && perft_full(&pos, PERFT[i].depth) != PERFT[i].leaves)
			fail_msg("perft_full %s depth %d differs", PERFT[i].sfen, PERFT[i].depth);
	}
}

/* Compares a generator with a reference file of (SFEN, "N m1 ... mN") pairs.
 * Also checks, for every position, that evasions equal legal moves when in
 * check, that the SFEN round-trips, and that do/undo restores the keys. */
static void check_reference(const char *rel, bool checks)
{
	FILE *f = tu_open_data(rel);
	static char sfen[8192], expect[16384], got[16384];
	static Position pos, back;
	int records = 0, in_check = 0;
	while (tu_read_line(f, sfen, sizeof sfen)) {
		if (!tu_read_line(f, expect, sizeof expect))
			fail_msg("%s: odd number of lines", rel);
		tu_parse(&pos, sfen);
		MoveList list;
		if (checks)
			gen_checks(&pos, &list);
		else
			gen_legal(&pos, &list);
		tu_moves_string(&list, got, sizeof got);
		const char *moves = strchr(expect, ' ');
		moves = moves ? moves + 1 : "";
		if (atoi(expect) != list.n || strcmp(moves, got) != 0)
			fail_msg("%s record %d (%s):\n expected %s\n got      %d %s", rel, records + 1, sfen, expect,
			         list.n, got);
		if (pos_in_check(&pos)) {
			MoveList legal, ev;
			gen_legal(&pos, &legal);
			gen_evasions(&pos, &ev);
			char a[16384];
			tu_moves_string(&legal, a, sizeof a);
			tu_moves_string(&ev, got, sizeof got);
			assert_string_equal(a, got);
			in_check++;
		}
		/* gen_is_legal agrees with the generator on every candidate move */
		if (!checks) {
			static bool member[2][SQ_NB + HAND_PT_NB][SQ_NB];
			memset(member, 0, sizeof member);
			for (int i = 0; i < list.n; i++) {
				Move m = list.moves[i];
				int from = move_is_drop(m) ? SQ_NB + (int)move_drop_pt(m) : move_from(m);
				member[move_is_promote(m)][from][move_to(m)] = true;
			}
			for (int from = 0; from < SQ_NB + HAND_PT_NB; from++)
				for (int to = 0; to < SQ_NB; to++)
					for (int pr = 0; pr < 2; pr++) {
						Move m;
						if (from >= SQ_NB) {
							if (from == SQ_NB || pr)
								continue;
							m = move_make_drop((PieceType)(from - SQ_NB), to, pos.side);
						} else {
							if (!pos.board[from])
								continue;
							m = move_make(from, to, pos.board[from], pos.board[to], pr);
						}
						if (gen_is_legal(&pos, m) != member[pr][from][to])
							fail_msg("%s: gen_is_legal disagrees on %s", sfen,
							         usi_format(m, (char[6]){0}));
					}
		}
		/* SFEN round trip (up to hand order) */
		char out[256], out2[256];
		assert_true(sfen_format(&pos, out, sizeof out) > 0);
		tu_parse(&back, out);
		assert_true(sfen_format(&back, out2, sizeof out2) > 0);
		assert_string_equal(out, out2);
		assert_true(pos_key(&back) == pos_key(&pos));
		/* do/undo restores everything */
		uint64_t key = pos_key(&pos);
		for (int i = 0; i < list.n; i++) {
			pos_do_move(&pos, list.moves[i]);
			assert_true(pos_is_ok(&pos));
			assert_int_equal(pos_in_check(&pos), checks ? 1 : pos_in_check(&pos));
			pos_undo_move(&pos, list.moves[i]);
		}
		assert_true(pos_key(&pos) == key);
		assert_true(pos_is_ok(&pos));
		records++;
	}
	fclose(f);
	assert_int_equal(records, 5000);
	if (!checks)
		assert_true(in_check > 0);
}

static void test_reference_legal_moves(void **state)
{
	(void)state;
	check_reference("problems/reference/legal-moves.txt", false);
}

static void test_reference_legal_checks(void **state)
{
	(void)state;
	check_reference("problems/reference/legal-checks.txt", true);
}

static void test_rule_positions(void **state)
{
	(void)state;
	static Position pos;
	static char got[16384];
	for (size_t i = 0; i < RULE_POSITIONS_NB; i++) {
		const RulePosition *r = &RULE_POSITIONS[i];
		tu_parse(&pos, r->sfen);
		MoveList list;
		if (strcmp(r->kind, "checks") == 0)
			gen_checks(&pos, &list);
		else
			gen_legal(&pos, &list);
		tu_moves_string(&list, got, sizeof got);
		if (strcmp(got, r->expected) != 0)
			fail_msg("%s (%s) %s:\n expected %s\n got      %s", r->name, r->kind, r->sfen, r->expected,
			         got);
		/* gen_checks must be exactly the legal moves that give check */
		MoveList legal;
		int nchecks = 0;
		gen_legal(&pos, &legal);
		for (int k = 0; k < legal.n; k++)
			nchecks += pos_gives_check(&pos, legal.moves[k]);
		gen_checks(&pos, &list);
		assert_int_equal(nchecks, list.n);
	}
}

/* cases.tsv rows with legal / illegal / count / reject expectations. */
static void test_cases_tsv(void **state)
{
	(void)state;
	FILE *f = tu_open_data("problems/cases.tsv");
	static char line[4096];
	static Position pos;
	int checked = 0;
	while (tu_read_line(f, line, sizeof line)) {
		if (line[0] == '#' || line[0] == '\0')
			continue;
		char *id = strtok(line, "\t");
		char *sfen = strtok(NULL, "\t");
		char *expect = strtok(NULL, "\t");
		assert_non_null(expect);
		SfenError err;
		int rc = sfen_parse(&pos, sfen, &err);
		char *save = NULL;
		for (char *e = strtok_r(expect, ";", &save); e; e = strtok_r(NULL, ";", &save)) {
			while (*e == ' ')
				e++;
			if (strncmp(e, "reject", 6) == 0) {
				if (rc == SFEN_OK)
					fail_msg("%s: SFEN should be rejected: %s", id, sfen);
				assert_true(strlen(err.message) > 0);
				checked++;
				continue;
			}
			if (strncmp(e, "mate", 4) == 0 || strncmp(e, "nomate", 6) == 0)
				continue; /* solver rows */
			if (rc != SFEN_OK)
				fail_msg("%s: cannot parse %s: %s", id, sfen, err.message);
			MoveList list;
			gen_legal(&pos, &list);
			if (strncmp(e, "count ", 6) == 0) {
				if (list.n != atoi(e + 6))
					fail_msg("%s: %d legal moves, expected %s", id, list.n, e + 6);
			} else if (strncmp(e, "legal ", 6) == 0 || strncmp(e, "illegal ", 8) == 0) {
				bool want = e[0] == 'l';
				const char *usi = strchr(e, ' ') + 1;
				int len;
				Move m = usi_parse(usi, &len);
				assert_true(m != MOVE_NONE);
				if (gen_find_legal(&pos, m, NULL) != want)
					fail_msg("%s: %s should be %s", id, usi, want ? "legal" : "illegal");
			} else {
				fail_msg("%s: unknown expectation '%s'", id, e);
			}
			checked++;
		}
	}
	fclose(f);
	assert_true(checked >= 15);
}

/* Squares a slider on (file, rank) reaches stepping (df, dr) until the first
 * occupied square, which it reaches too. */
static bb_t walk(int file, int rank, int df, int dr, bb_t occ)
{
	bb_t a = bb_empty();
	for (int f = file + df, r = rank + dr; f >= 1 && f <= 9 && r >= 1 && r <= 9; f += df, r += dr) {
		bb_set(&a, sq_make(f, r));
		if (bb_test(occ, sq_make(f, r)))
			break;
	}
	return a;
}

static void test_slider_attacks(void **state)
{
	(void)state;
	uint64_t x = 88172645463325252ULL;
	int checked = 0;
	for (int trial = 0; trial < 600; trial++) {
		bb_t occ = bb_empty();
		int density = 1 + trial % 8; /* about density/16 of the squares occupied */
		for (Square sq = 0; sq < SQ_NB; sq++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			if ((int)(x % 16) < density)
				bb_set(&occ, sq);
		}
		for (Square sq = 0; sq < SQ_NB; sq++) {
			int f = sq_file(sq), r = sq_rank(sq);
			bb_t file = bb_or(walk(f, r, 0, -1, occ), walk(f, r, 0, 1, occ));
			bb_t rank = bb_or(walk(f, r, -1, 0, occ), walk(f, r, 1, 0, occ));
			bb_t diag = bb_or(bb_or(walk(f, r, -1, -1, occ), walk(f, r, 1, 1, occ)),
			                  bb_or(walk(f, r, 1, -1, occ), walk(f, r, -1, 1, occ)));
			assert_true(bb_eq(bb_lance_attacks(SENTE, sq, occ), walk(f, r, 0, -1, occ)));
			assert_true(bb_eq(bb_lance_attacks(GOTE, sq, occ), walk(f, r, 0, 1, occ)));
			assert_true(bb_eq(bb_rook_attacks(sq, occ), bb_or(file, rank)));
			assert_true(bb_eq(bb_bishop_attacks(sq, occ), diag));
			checked++;
		}
	}
	assert_int_equal(checked, 600 * SQ_NB);
}

/* position: the incremental keys after each move of random legal lines equal
 * the keys of the position read again from its SFEN, and undoing every move
 * gives back the SFEN and the keys of the start. */
static void test_position_keys(void **state)
{
	(void)state;
	static const char *starts[] = {SFEN_STARTPOS,
	                               "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	                               "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"};
	static Position pos, again;
	uint64_t seed = 12345;
	for (size_t s = 0; s < sizeof starts / sizeof *starts; s++) {
		assert_int_equal(sfen_parse(&pos, starts[s], NULL), SFEN_OK);
		char start[256], text[256];
		assert_true(sfen_format(&pos, start, sizeof start) > 0);
		uint64_t key0 = pos_key(&pos), board0 = pos_board_key(&pos);
		Move line[60];
		int n = 0;
		for (; n < 60; n++) {
			MoveList list;
			gen_legal(&pos, &list);
			if (list.n == 0)
				break;
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			line[n] = list.moves[(seed >> 33) % (uint64_t)list.n];
			pos_do_move(&pos, line[n]);
			assert_true(sfen_format(&pos, text, sizeof text) > 0);
			assert_int_equal(sfen_parse(&again, text, NULL), SFEN_OK);
			if (pos_key(&again) != pos_key(&pos) || pos_board_key(&again) != pos_board_key(&pos))
				fail_msg("%s: keys differ after %d moves (%s)", starts[s], n + 1, text);
		}
		while (n-- > 0)
			pos_undo_move(&pos, line[n]);
		assert_true(sfen_format(&pos, text, sizeof text) > 0);
		assert_string_equal(text, start);
		assert_true(pos_key(&pos) == key0 && pos_board_key(&pos) == board0);
	}
}

int main(void)
{
	core_init();
	const struct CMUnitTest t_bitboard[] = {
	    cmocka_unit_test(test_slider_attacks),
	};
	const struct CMUnitTest t_perft[] = {
	    cmocka_unit_test(test_perft),
	};
	const struct CMUnitTest t_movegen[] = {
	    cmocka_unit_test(test_reference_legal_moves),
	    cmocka_unit_test(test_reference_legal_checks),
	    cmocka_unit_test(test_rule_positions),
	    cmocka_unit_test(test_cases_tsv),
	};
	const struct CMUnitTest t_position[] = {
	    cmocka_unit_test(test_position_keys),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("bitboard", t_bitboard, NULL, NULL);
	failed += cmocka_run_group_tests_name("perft", t_perft, NULL, NULL);
	failed += cmocka_run_group_tests_name("movegen", t_movegen, NULL, NULL);
	failed += cmocka_run_group_tests_name("position", t_position, NULL, NULL);
	return failed;
}
