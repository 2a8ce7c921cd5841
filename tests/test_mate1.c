/*
 * test_mate1.c -- mate in one (core/mate1.h) against outside references:
 *  - tests/data/problems/raw/nshogi/test/mate-1-ply.txt: every position has a
 *    mate in one; mate1_find must return a legal checking move after which
 *    the opponent has no legal move;
 *  - tests/data/problems/raw/nshogi/test/no-mate-1-ply.txt: no position has
 *    one; mate1_find must return MOVE_NONE (and so must a brute force over
 *    every legal move, a second path that does not use gen_checks);
 *  - hand-made positions and tests/data/problems/cases.tsv rows whose answers
 *    tests/oracle gave (node oracle.mjs --cross checks / status).
 */
#include "testutil.h"

#include "mate1.h"

/* true iff playing the legal move m leaves the opponent checkmated. */
static bool mates(Position *pos, Move m)
{
	pos_do_move(pos, m);
	bool mated = pos_in_check(pos) && !gen_has_legal(pos);
	assert_int_equal(mate1_is_mated(pos), mated);
	pos_undo_move(pos, m);
	return mated;
}

/* Checks a move returned by mate1_find: legal, checking, mating. */
static void check_mating_move(Position *pos, Move m, const char *where)
{
	char usi[6];
	if (m == MOVE_NONE)
		fail_msg("%s: no mate in one found", where);
	Move legal;
	if (!gen_find_legal(pos, m, &legal))
		fail_msg("%s: %s is not legal", where, usi_format(m, usi));
	if (!pos_gives_check(pos, legal))
		fail_msg("%s: %s does not check", where, usi_format(m, usi));
	if (!mates(pos, legal))
		fail_msg("%s: %s does not mate", where, usi_format(m, usi));
}

/* Runs mate1_find on every line of an nshogi file (SFEN per line). */
static void check_file(const char *rel, bool has_mate, int expected_lines)
{
	FILE *f = tu_open_data(rel);
	static char line[4096], where[4200];
	static Position pos;
	int lines = 0, in_check = 0;
	while (tu_read_line(f, line, sizeof line)) {
		tu_parse(&pos, line);
		lines++;
		snprintf(where, sizeof where, "%s line %d (%s)", rel, lines, line);
		uint64_t key = pos_key(&pos);
		in_check += pos_in_check(&pos);
		Move m = mate1_find(&pos);
		assert_true(pos_key(&pos) == key); /* restored */
		assert_int_equal(pos.ply, 0);
		if (has_mate) {
			check_mating_move(&pos, m, where);
		} else {
			char usi[6];
			if (m != MOVE_NONE)
				fail_msg("%s: no mate in one, but mate1_find returned %s", where, usi_format(m, usi));
			/* brute force over every legal move agrees */
			MoveList list;
			gen_legal(&pos, &list);
			for (int i = 0; i < list.n; i++)
				if (mates(&pos, list.moves[i]))
					fail_msg("%s: the legal move %s mates", where, usi_format(list.moves[i], usi));
		}
	}
	fclose(f);
	assert_int_equal(lines, expected_lines);
	print_message("%s: %d positions (%d with the side to move in check)\n", rel, lines, in_check);
}

static void test_mate_1_ply(void **state)
{
	(void)state;
	check_file("problems/raw/nshogi/test/mate-1-ply.txt", true, 1568);
}

static void test_no_mate_1_ply(void **state)
{
	(void)state;
	check_file("problems/raw/nshogi/test/no-mate-1-ply.txt", false, 1574);
}

typedef struct {
	const char *name;
	const char *sfen;
	const char *mates; /* every mating move, strcmp-sorted (oracle: status = checkmate); "" if none */
} Mate1Case;

static const Mate1Case CASES[] = {
    /* uchifuzume: the only mating move would be a pawn drop */
    {"cases.tsv C07: the only check that could mate is P*1b (uchifuzume)", "7nk/9/8G/9/9/9/9/9/9 b P2r2b3g4s3n4l17p 1",
     ""},
    {"cases.tsv C01: dragon and pawn, P*1b is uchifuzume, no dragon move mates", "8k/9/7+R1/9/9/9/9/9/9 b P 1", ""},
    {"uchifuzume basic, no attacker king: P*5b is illegal, silver checks do not mate", "3lkl3/9/4S4/9/9/9/9/9/9 b P 1",
     ""},
    /* a pawn *move* that mates is legal and is found */
    {"pawn move 1c1b mates (L1i guards 1b, L2i covers 2b); only pawn moves mate", "7nk/9/8P/9/9/9/9/9/7LL b - 1",
     "1c1b 1c1b+"},
    {"pawn move 5c5b mates beside gold and silver moves", "3lkl3/9/3SPG3/9/9/9/9/9/4K4 b - 1", "4c5b 5c5b 5c5b+ 6c5b+"},
    /* the side to move in check: only an evasion that checks can mate */
    {"cases.tsv C20: gote in check, no evasion gives check",
     "rrll1pppp/llbgggg2/ppppssssK/2n1p4/3nkn3/5n3/9/1B7/9 w 9p 1", ""},
    {"in check by L9a: 1c1b would mate but does not answer the check", "l6nk/9/8P/9/9/9/9/9/K6LL b G 1", ""},
    {"in check by B5a: R5i takes the checker and mates on rank a", "4b3k/7pp/9/9/K8/9/9/9/4R4 b - 1", "5i5a 5i5a+"},
    /* cases.tsv rows with "mate 1" */
    {"cases.tsv C21: discovered rook check by the tokin", "9/9/9/9/9/9/4K4/9/4k1+P1R b - 1", "3i2h 3i3h 3i4h"},
    {"cases.tsv C24: gold drop", "7k1/9/7P1/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*2b"},
    {"cases.tsv C26: nifu forbids every interposition", "k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1", "1g9g"},
    /* "mate 1" in tsume terms only because an interposition is futile: the
     * defender still has a legal move, so there is no mate in one here */
    {"cases.tsv C16: the interposition at 3c is a legal reply", "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", ""},
    {"cases.tsv C27: interposing against the discovered check is legal", "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1", ""},
};

static void test_cases(void **state)
{
	(void)state;
	static Position pos;
	static char got[4096];
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const Mate1Case *c = &CASES[i];
		SfenError err;
		if (sfen_parse(&pos, c->sfen, &err) != SFEN_OK)
			fail_msg("%s: cannot parse %s: %s", c->name, c->sfen, err.message);
		Move m = mate1_find(&pos);
		if (c->mates[0] == '\0') {
			char usi[6];
			if (m != MOVE_NONE)
				fail_msg("%s: mate1_find returned %s, expected none", c->name, usi_format(m, usi));
			continue;
		}
		check_mating_move(&pos, m, c->name);
		/* the set of mating moves, by brute force over the legal moves */
		MoveList legal, mating;
		gen_legal(&pos, &legal);
		mating.n = 0;
		for (int k = 0; k < legal.n; k++)
			if (mates(&pos, legal.moves[k]))
				mating.moves[mating.n++] = legal.moves[k];
		tu_moves_string(&mating, got, sizeof got);
		if (strcmp(got, c->mates) != 0)
			fail_msg("%s: mating moves\n expected %s\n got      %s", c->name, c->mates, got);
		char usi[6], padded[4200], token[8];
		snprintf(padded, sizeof padded, " %s ", c->mates);
		snprintf(token, sizeof token, " %s ", usi_format(m, usi));
		if (strstr(padded, token) == NULL)
			fail_msg("%s: mate1_find returned %s, not one of %s", c->name, usi, c->mates);
	}
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mate_1_ply),
	    cmocka_unit_test(test_no_mate_1_ply),
	    cmocka_unit_test(test_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
