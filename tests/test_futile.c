/*
 * test_futile.c -- futile interpositions (solver/futile/futile.h).
 *  - The rows of tests/data/problems/cases.tsv about futile interpositions
 *    (C10, C11, C16, C27), whose lengths count no futile drop: an
 *    exhaustive AND/OR search written here from core's move generators,
 *    with futile_is_drop deciding which drops do not count, must find the
 *    mate in exactly the stated length.
 *  - C16 and C27 worked by hand: the mating move, the evasions left, each
 *    of them futile, none of this a mate without the rule.
 *  - Hand-made positions: a futile drop that rests on a further futile drop
 *    (the recursion), and the same geometry where a drop is not futile.
 *  - The fast test futile_has_real_evasion against the full count
 *    futile_count_real_evasions after every check of the ShogiBoardQ 3-ply
 *    set, and futile_mate1 without the rule against core's mate1_find on
 *    nshogi's mate-1 / no-mate-1 sets.
 * Diagrams: sente plain, gote with a v; files 9..1 left to right.
 */
#include "testutil.h"

#include "dfpn.h"
#include "futile.h"
#include "futile_end.h"
#include "futile_search.h"
#include "mate1.h"

static Position pos;

/* ---- an exhaustive tsume search counting no futile drop ---- */

static bool and_mated_within(Position *p, int plies);

/* The attacker (to move) mates within `plies` plies, futile drops not
 * counted (they are answered by the capture without a ply of the line). */
static bool or_mates_within(Position *p, int plies)
{
	if (plies < 1)
		return false;
	MoveList checks;
	gen_checks(p, &checks);
	for (int i = 0; i < checks.n; i++) {
		pos_do_move(p, checks.moves[i]);
		bool mated = and_mated_within(p, plies - 1);
		pos_undo_move(p, checks.moves[i]);
		if (mated)
			return true;
	}
	return false;
}

/* The defender (to move, in check) is mated within `plies` more plies:
 * every evasion that is not a futile drop leaves a mate within plies - 1. */
static bool and_mated_within(Position *p, int plies)
{
	MoveList ev;
	gen_evasions(p, &ev);
	FutileMemo memo;
	futile_memo_reset(&memo);
	for (int i = 0; i < ev.n; i++) {
		if (futile_is_drop(p, ev.moves[i], &FUTILE_NARROW, NULL, &memo, 0))
			continue;
		if (plies < 2)
			return false;
		pos_do_move(p, ev.moves[i]);
		bool mated = or_mates_within(p, plies - 1);
		pos_undo_move(p, ev.moves[i]);
		if (!mated)
			return false;
	}
	return true;
}

/* Reads row `id` of cases.tsv: its SFEN and the N of "mate N". */
static void read_case(const char *id, char *sfen, size_t size, int *len)
{
	FILE *f = tu_open_data("problems/cases.tsv");
	static char line[4096];
	*len = -1;
	while (tu_read_line(f, line, sizeof line)) {
		char *tab = strchr(line, '\t');
		if (line[0] == '#' || !tab || (size_t)(tab - line) != strlen(id) || strncmp(line, id, strlen(id)) != 0)
			continue;
		char *t2 = strchr(tab + 1, '\t');
		if (!t2)
			break;
		*t2 = '\0';
		snprintf(sfen, size, "%s", tab + 1);
		const char *m = strstr(t2 + 1, "mate ");
		if (m)
			*len = atoi(m + 5);
		break;
	}
	fclose(f);
	if (*len < 0)
		fail_msg("cases.tsv: no 'mate N' row %s", id);
}

/* state: the id of a cases.tsv row */
static void test_case_length(void **state)
{
	const char *id = *state;
	char sfen[1024];
	int len;
	read_case(id, sfen, sizeof sfen, &len);
	tu_parse(&pos, sfen);
	uint64_t key = pos_key(&pos);
	if (!or_mates_within(&pos, len))
		fail_msg("%s: no mate within %d plies counting no futile drop", id, len);
	if (len >= 3 && or_mates_within(&pos, len - 2))
		fail_msg("%s: a mate within %d plies, shorter than stated", id, len - 2);
	assert_true(pos_key(&pos) == key); /* restored */
}

/* Plays `usi` (a check) and tests the evasions left: `total` of them, all
 * drops, all futile; the position is mate with the rule and not without. */
static void check_mated_by_futility(Position *p, const char *usi, int total)
{
	Move m = tu_legal(p, usi);
	pos_do_move(p, m);
	assert_true(pos_in_check(p));
	MoveList ev;
	gen_evasions(p, &ev);
	assert_int_equal(ev.n, total);
	bool futile[MAX_MOVES];
	assert_int_equal(futile_mark(p, &ev, futile, &FUTILE_NARROW, NULL), 0);
	FutileMemo memo;
	futile_memo_reset(&memo);
	for (int i = 0; i < ev.n; i++) {
		assert_true(move_is_drop(ev.moves[i]));
		assert_true(futile[i]);
		assert_true(futile_is_drop(p, ev.moves[i], &FUTILE_NARROW, NULL, &memo, 0));
	}
	int all;
	assert_int_equal(futile_count_real_evasions(p, &all, &FUTILE_NARROW, NULL), 0);
	assert_int_equal(all, total);
	assert_false(futile_has_real_evasion(p, &FUTILE_NARROW, NULL));
	assert_true(dfpn_is_mated(p));
	/* without the rule every drop counts */
	assert_true(futile_has_real_evasion(p, &FUTILE_NONE, NULL));
	assert_true(futile_count_real_evasions(p, &all, &FUTILE_NONE, NULL) > 0);
	assert_false(mate1_is_mated(p));
	pos_undo_move(p, m);
}

/*
 * C27, mate in 1.   9 8 7 6 5 4 3 2 1
 *                   . . . . . . . . v玉 d   gote holds every other piece
 *                   . . . . . . . . 角  e
 *                   . . . . . . . . 龍  f
 * Every bishop move leaves file 1: a discovered check by the dragon across
 * 1e.  The king on 1d must not reach 1c (the dragon's file behind it), 1e,
 * 2e (the dragon's), 2c, 2d: only a horse on 3c covers 2c and 2d, so the
 * mate is 1e3c+.  Gote can only drop on 1e: seven types, seven evasions.
 * The dragon takes on 1e, and the horse on 3c guards 1e across 2d: the king
 * is mated again, whatever was dropped -- every drop is futile.  Without
 * the rule a drop answers every bishop move: no mate in 1.
 */
static void test_c27_by_hand(void **state)
{
	(void)state;
	tu_parse(&pos, "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1");
	int nchecks;
	Move m = futile_mate1(&pos, &nchecks, &FUTILE_NARROW, NULL);
	MoveList checks;
	assert_int_equal(nchecks, gen_checks(&pos, &checks));
	char usi[6];
	assert_string_equal(usi_format(m, usi), "1e3c+");
	assert_int_equal(futile_mate1(&pos, &nchecks, &FUTILE_NONE, NULL), MOVE_NONE);
	assert_int_equal(mate1_find(&pos), MOVE_NONE);
	check_mated_by_futility(&pos, "1e3c+", 7);
}

/*
 * C16, mate in 1.   6  5  4  3  2  1
 *                   龍 .  .  .  v桂 v玉 a   gote holds all the rest
 *                   .  .  .  .  .   v歩 b
 *                   .  .  .  .  歩  .   c      bishop on 1i
 * B1i-5e checks across 4d, 3c, 2b; the king has no square (2b is the
 * pawn's).  The knight on 2a could go to 3c but is pinned by the dragon
 * along rank a, so only drops are left: 7 types on each of 3 squares, 21
 * evasions.  The bishop takes any of them; on 3c the knight could retake
 * but for the pin, on 2b the pawn on 2c guards the bishop: all futile.
 */
static void test_c16_by_hand(void **state)
{
	(void)state;
	tu_parse(&pos, "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1");
	int nchecks;
	char usi[6];
	assert_string_equal(usi_format(futile_mate1(&pos, &nchecks, &FUTILE_NARROW, NULL), usi), "1i5e");
	assert_int_equal(futile_mate1(&pos, &nchecks, &FUTILE_NONE, NULL), MOVE_NONE);
	assert_int_equal(mate1_find(&pos), MOVE_NONE);
	/* the knight's interposition is not among the evasions (pinned) */
	int len;
	Move n3c = usi_parse("2a3c", &len), full, b5e = tu_legal(&pos, "1i5e");
	pos_do_move(&pos, b5e);
	assert_false(gen_find_legal(&pos, n3c, &full));
	pos_undo_move(&pos, b5e);
	check_mated_by_futility(&pos, "1i5e", 21);
}

/*
 *   4  3  2  1
 *   飛 .  .  v玉 a    gote to move, holding a gold and a silver, in check
 *   .  銀 .  .   b    across 3a and 2a.  No king move (2a rook and silver,
 *   .  .  金 .   c    1b and 2b the gold).
 * A drop on 2a: the rook takes it, guarded by the silver on 3b, mate again
 * -- futile.  A drop on 3a: the rook takes it and checks across 2a; the
 * piece back in hand can only be dropped on 2a, futile as just seen -- so
 * the drop on 3a is futile too, through the recursion.  Mate.
 */
static void test_futile_through_recursion(void **state)
{
	(void)state;
	tu_parse(&pos, "5R2k/6S2/7G1/9/9/9/9/9/9 w gs 1");
	MoveList ev;
	assert_int_equal(gen_evasions(&pos, &ev), 4); /* G, S on 3a and 2a */
	FutileMemo memo;
	futile_memo_reset(&memo);
	for (int i = 0; i < ev.n; i++)
		assert_true(futile_is_drop(&pos, ev.moves[i], &FUTILE_NARROW, NULL, &memo, 0));
	/* the memo holds one answer per (square, checker after the capture):
	 * asked again, with a fresh memo or not, the answers stay */
	FutileMemo again;
	futile_memo_reset(&again);
	assert_true(futile_is_drop(&pos, tu_legal(&pos, "S*3a"), &FUTILE_NARROW, NULL, &again, 0));
	assert_true(futile_is_drop(&pos, tu_legal(&pos, "G*3a"), &FUTILE_NARROW, NULL, &again, 0));
	assert_true(futile_mated(&pos, &memo, 0));
	assert_true(dfpn_is_mated(&pos));
	assert_false(mate1_is_mated(&pos));
	int total;
	assert_int_equal(futile_count_real_evasions(&pos, &total, &FUTILE_NARROW, NULL), 0);
	assert_int_equal(total, 4);
	/* without the rule: the drops on one square count once */
	assert_int_equal(futile_count_real_evasions(&pos, &total, &FUTILE_NONE, NULL), 2);
	bool futile[MAX_MOVES];
	assert_int_equal(futile_mark(&pos, &ev, futile, &FUTILE_NONE, NULL), 2);
	for (int i = 0; i < ev.n; i++)
		assert_false(futile[i]);
}

/* The broad rule on Shogi Zuko 18 after ply 13, 1h4e (futile.h's second
 * board): P*3d is taken by the bishop, and the king, the pawn back in hand,
 * steps to 1c -- not futile by the narrow test; but a mate still follows,
 * so under the broad rule the drop (and every drop on 3d) is futile.  The
 * king's step 2c1c is a move: never futile. */
static void test_futile_broad(void **state)
{
	(void)state;
	tu_parse(&pos, "7n1/5+B+P1r/7k1/8+p/6P2/7N1/9/8B/9 b r4g4s2n4l15p 13");
	pos_do_move(&pos, tu_legal(&pos, "1h4e"));
	FutileMemo memo;
	futile_memo_reset(&memo);
	assert_false(futile_is_drop(&pos, tu_legal(&pos, "P*3d"), &FUTILE_NARROW, NULL, &memo, 0));
	FutileSub *sub = context_sub_new(4, NULL);
	assert_non_null(sub);
	futile_memo_reset(&memo);
	assert_true(futile_is_drop(&pos, tu_legal(&pos, "P*3d"), &FUTILE_BROAD, sub, &memo, 0));
	assert_true(futile_is_drop(&pos, tu_legal(&pos, "G*3d"), &FUTILE_BROAD, sub, &memo, 0));
	assert_false(futile_is_drop(&pos, tu_legal(&pos, "2c1c"), &FUTILE_BROAD, sub, &memo, 0));
	assert_true(futile_sub_nodes(sub) > 0);
	/* asked again, from the cache: the same answer, no more nodes */
	uint64_t nodes = futile_sub_nodes(sub);
	futile_memo_reset(&memo);
	assert_true(futile_is_drop(&pos, tu_legal(&pos, "S*3d"), &FUTILE_BROAD, sub, &memo, 0));
	assert_int_equal(futile_sub_nodes(sub), nodes);
	/* not mated: the king steps away (a real evasion under every rule) */
	assert_false(futile_is_mated(&pos, &FUTILE_BROAD, sub));
	context_sub_clear(sub);
	context_sub_free(sub);
	assert_true(dfpn_is_mated_by(&pos, DFPN_FUTILE_BROAD) == false);
}

/* The nogain rule's verdict is the position's own: the same whatever the
 * hint (the caller's bound on the other defences), the order the drops
 * are judged in, or what the sub-search searched before.
 *   - Shogi Zuko 18 after ply 13 (futile.h's second board): after P*3d
 *     4e3d, the pawn back, the king is mated in 10 plies, and 2c1c, the
 *     node's one evasion that is not a drop, lasts 9 after it (10 from the
 *     node): futile.
 *   - nshogi no-mate-1-ply's "+S1p4nl/..." after 1e2e 2f1g 3e3f: drops on
 *     3e and 2f; the evasions that are not drops (1g1f, 2g2f) are mated in
 *     3, and after either capture a pawn drop resists 19 plies more: not
 *     futile.  (Judged against each other, each drop's 19 or 17 plies made
 *     the other futile: the length depended on which was judged first --
 *     23 or 21 plies over runs with two threads.)
 *   - nshogi mate-7 problem 99 after G*2b 3a2b 5a4b (futile.h's first
 *     case): every evasion a drop, V = 0: only the narrow test, not futile. */
static void test_nogain_verdicts_are_pure(void **state)
{
	(void)state;
	FutileSub *sub = context_sub_new(4, NULL);
	assert_non_null(sub);
	static const struct {
		const char *sfen, *moves, *drop;
		bool futile;
		int hint; /* a true bound on the other defences (plies from the node) */
	} CASES[] = {
	    {"7n1/5+B+P1r/7k1/8+p/6P2/7N1/9/8B/9 b r4g4s2n4l15p 13", "1h4e", "P*3d", true, 10},
	    {"+S1p4nl/3p1pg2/1+R7/4pB3/1pP3G1G/P2PPB1k1/KPLS1P1+pP/L1R6/9 b L2Pg2s3n3p 1", "1e2e 2f1g 3e3f", "P*3e",
	     false, 4},
	    {"+S1p4nl/3p1pg2/1+R7/4pB3/1pP3G1G/P2PPB1k1/KPLS1P1+pP/L1R6/9 b L2Pg2s3n3p 1", "1e2e 2f1g 3e3f", "P*2f",
	     false, 4},
	    {"4+Rnknl/5g3/p3ppppp/7P1/6P1L/2R6/PPPPSPN+s1/3G5/L+p1K1G3 b BGSN3Pbslp 99", "G*2b 3a2b 5a4b", "S*3b",
	     false, 2},
	};
	const int n = (int)(sizeof CASES / sizeof CASES[0]);
	/* hint -1 (none), then the true bound, then the cases in reverse order
	 * after a clear, then again from the cache: the same verdicts */
	for (int round = 0; round < 4; round++) {
		if (round == 2)
			context_sub_clear(sub);
		for (int k = 0; k < n; k++) {
			int c = round == 2 ? n - 1 - k : k;
			tu_parse(&pos, CASES[c].sfen);
			char moves[64];
			snprintf(moves, sizeof moves, "%s", CASES[c].moves);
			for (char *tok = strtok(moves, " "); tok; tok = strtok(NULL, " "))
				pos_do_move(&pos, tu_legal(&pos, tok));
			int hint = round == 1 ? CASES[c].hint : -1;
			bool got = futile_judge_drop(&pos, tu_legal(&pos, CASES[c].drop), &FUTILE_NOGAIN, sub, hint,
			                             POS_MAX_PLY);
			if (got != CASES[c].futile)
				fail_msg("%s after %s, round %d: %s is %sfutile", CASES[c].sfen, CASES[c].moves, round,
				         CASES[c].drop, got ? "" : "not ");
		}
	}
	assert_true(futile_sub_nodes(sub) > 0);
	context_sub_free(sub);
}

/*
 *   4  3  2  1
 *   飛 .  .  v玉 a    the same without the silver: a drop on 2a is taken
 *   .  .  .  .   b    by the rook and the king takes the rook back -- not
 *   .  .  金 .   c    futile; so a drop on 3a, which leaves that answer
 *                     to gote, is not futile either.  Not mate.
 */
static void test_not_futile(void **state)
{
	(void)state;
	tu_parse(&pos, "5R2k/9/7G1/9/9/9/9/9/9 w g 1");
	FutileMemo memo;
	futile_memo_reset(&memo);
	assert_false(futile_is_drop(&pos, tu_legal(&pos, "G*2a"), &FUTILE_NARROW, NULL, &memo, 0));
	assert_false(futile_is_drop(&pos, tu_legal(&pos, "G*3a"), &FUTILE_NARROW, NULL, &memo, 0));
	assert_false(dfpn_is_mated(&pos));
	assert_true(futile_has_real_evasion(&pos, &FUTILE_NARROW, NULL));
	int total;
	assert_int_equal(futile_count_real_evasions(&pos, &total, &FUTILE_NARROW, NULL), 2);
	assert_int_equal(total, 2);
	/* a move is never a futile interposition: the king's step here */
	tu_parse(&pos, "6R1k/9/9/9/9/9/9/9/9 w g 1");
	futile_memo_reset(&memo);
	assert_false(futile_is_drop(&pos, tu_legal(&pos, "1a1b"), &FUTILE_NARROW, NULL, &memo, 0));
}

/* After every check of the ShogiBoardQ 3-ply problems: the fast test and
 * the full count agree, with the rule and without. */
static void test_fast_test_agrees_with_count(void **state)
{
	(void)state;
	FILE *f = tu_open_data("problems/raw/shogiboardq/tsume_3ply_1000_20261001.txt");
	static char line[8192];
	int problems = 0, positions = 0, limit = tu_quick() ? 100 : 1000;
	const char *moves;
	while (problems < limit && tu_read_root(f, line, sizeof line, &pos, &moves)) {
		problems++;
		MoveList checks;
		gen_checks(&pos, &checks);
		for (int i = 0; i < checks.n; i++) {
			pos_do_move(&pos, checks.moves[i]);
			for (int rule = 0; rule <= 1; rule++) {
				int total, real = futile_count_real_evasions(
				               &pos, &total, rule ? &FUTILE_NARROW : &FUTILE_NONE, NULL);
				if (futile_has_real_evasion(&pos, rule ? &FUTILE_NARROW : &FUTILE_NONE, NULL) !=
				    (real > 0))
					fail_msg("%s: after check %d, rule %d: fast test and count disagree", line, i,
					         rule);
				if (!rule && (real > 0) != (total > 0))
					fail_msg("%s: without the rule an evasion always counts", line);
			}
			assert_int_equal(dfpn_is_mated(&pos), !futile_has_real_evasion(&pos, &FUTILE_NARROW, NULL));
			positions++;
			pos_undo_move(&pos, checks.moves[i]);
		}
	}
	fclose(f);
	assert_int_equal(problems, limit);
	assert_true(positions > problems);
}

/* Without the rule, futile_mate1 is plain mate in one: it agrees with
 * mate1_find on nshogi's sets (every position has one / none has). */
static void check_nshogi_mate1(const char *rel, bool has_mate)
{
	FILE *f = tu_open_data(rel);
	static char line[4096];
	int n = 0, limit = tu_quick() ? 200 : 100000;
	while (n < limit && tu_read_line(f, line, sizeof line)) {
		tu_parse(&pos, line);
		if (pos_in_check(&pos))
			continue; /* a tsume attacker is never in check */
		n++;
		int nchecks;
		Move m = futile_mate1(&pos, &nchecks, &FUTILE_NONE, NULL);
		if ((m != MOVE_NONE) != has_mate)
			fail_msg("%s: %s: futile_mate1 without the rule says %s", rel, line, m ? "mate" : "no mate");
		if (has_mate && futile_mate1(&pos, &nchecks, &FUTILE_NARROW, NULL) == MOVE_NONE)
			fail_msg("%s: %s: a mate in one is still one with the rule", rel, line);
		if (m != MOVE_NONE) {
			pos_do_move(&pos, m);
			assert_true(mate1_is_mated(&pos));
			pos_undo_move(&pos, m);
		}
	}
	fclose(f);
	assert_true(n > 0);
}

static void test_mate1_without_rule(void **state)
{
	(void)state;
	check_nshogi_mate1("problems/raw/nshogi/test/mate-1-ply.txt", true);
	check_nshogi_mate1("problems/raw/nshogi/test/no-mate-1-ply.txt", false);
}

/* Each rule's row judges a drop as the rule says: the dragon's check after
 * 1e3c+ (futile_end's board below), P*1e taken by the dragon, the king
 * mated at once: futile under every rule but none, where every
 * interposition counts -- whether the caller asks the rows (the search) or
 * a context of the rule (the KIF variations). */
static void test_rows_judge_as_the_rules(void **state)
{
	(void)state;
	static const struct {
		DfpnFutileRule rule;
		const FutileRule *row;
		bool futile;
	} ROWS[] = {
	    {DFPN_FUTILE_NONE, &FUTILE_NONE, false},        {DFPN_FUTILE_NARROW, &FUTILE_NARROW, true},
	    {DFPN_FUTILE_BROAD, &FUTILE_BROAD, true},       {DFPN_FUTILE_NOGAIN, &FUTILE_NOGAIN, true},
	    {DFPN_FUTILE_ANSWERED, &FUTILE_ANSWERED, true},
	};
	tu_parse(&pos, "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1");
	pos_do_move(&pos, tu_legal(&pos, "1e3c+"));
	Move drop = tu_legal(&pos, "P*1e");
	for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
		assert_int_equal(ROWS[i].row->id, ROWS[i].rule);
		FutileSub *sub = ROWS[i].row->searched ? context_sub_new(4, NULL) : NULL;
		assert_int_equal(futile_judge_drop(&pos, drop, ROWS[i].row, sub, -1, POS_MAX_PLY), ROWS[i].futile);
		assert_int_equal(futile_is_mated(&pos, ROWS[i].row, sub), ROWS[i].futile);
		context_sub_free(sub);
		Dfpn *d = dfpn_new_with_rule(4, ROWS[i].rule);
		assert_non_null(d);
		assert_int_equal(dfpn_is_futile_drop(d, &pos, drop, -1), ROWS[i].futile);
		assert_int_equal(dfpn_is_mated_by(&pos, ROWS[i].rule), ROWS[i].futile);
		dfpn_free(d);
	}
	/* the rules that search judge by the narrow rule in the expansion */
	assert_ptr_equal(FUTILE_BROAD.cheap, &FUTILE_NARROW);
	assert_ptr_equal(FUTILE_NOGAIN.cheap, &FUTILE_NARROW);
	assert_ptr_equal(FUTILE_NONE.cheap, &FUTILE_NONE);
}

/* futile_rule: every rule's name reads back as that rule, in any case not;
 * a rule bounded by another is counted by one whose lengths are monotone. */
static void test_rule_names(void **state)
{
	(void)state;
	for (int r = 0; r < DFPN_FUTILE_NB; r++) {
		DfpnFutileRule back;
		assert_true(dfpn_futile_parse(dfpn_futile_name((DfpnFutileRule)r), &back));
		assert_int_equal(back, r);
		assert_true(dfpn_futile_lengths_monotone(dfpn_futile_bounding((DfpnFutileRule)r)));
	}
	DfpnFutileRule r;
	assert_false(dfpn_futile_parse("nogains", &r));
	assert_false(dfpn_futile_parse("", &r));
	assert_true(dfpn_futile_parse("nogain", &r) && r == DFPN_FUTILE_DEFAULT);
	assert_false(dfpn_futile_lengths_monotone(DFPN_FUTILE_NOGAIN)); /* its first proofs count as narrow */
}

/* futile_end: the bishop's move uncovers the dragon, mate in 1 under nogain
 * with seven drops on 1e left (futile); played out, a plain mate: each move
 * legal, the last position with no legal reply. */
static void test_futile_end(void **state)
{
	(void)state;
	static Position root, end;
	assert_int_equal(sfen_parse(&root, "9/9/9/8k/8B/8+R/9/9/9 b rb4g4s4n4l18p 1", NULL), SFEN_OK);
	Dfpn *d = dfpn_new(4);
	assert_non_null(d);
	DfpnResult r;
	assert_int_equal(dfpn_solve(d, &root, NULL, &r), DFPN_MATE);
	assert_int_equal(r.len, 1);
	char squares[8][3];
	int n_squares;
	assert_int_equal(futile_end_replies(&root, r.pv, r.pv_len, squares, 8, &n_squares), 7);
	assert_int_equal(n_squares, 1);
	assert_string_equal(squares[0], "1e");
	static Move out[DFPN_MAX_PV];
	int n = futile_end_play_out(d, &root, r.pv, r.pv_len, 100000, NULL, out);
	assert_int_equal(n, 3);
	end = root;
	for (int i = 0; i < n; i++) {
		assert_true(gen_is_legal(&end, out[i]));
		pos_do_move(&end, out[i]);
	}
	assert_true(dfpn_is_mated_by(&end, DFPN_FUTILE_NONE));
	/* under rule none the same line is a plain mate: nothing to play out */
	assert_true(dfpn_set_futile(d, DFPN_FUTILE_NONE));
	assert_int_equal(dfpn_solve(d, &root, NULL, &r), DFPN_MATE);
	assert_int_equal(futile_end_replies(&root, r.pv, r.pv_len, squares, 8, &n_squares), 0);
	dfpn_free(d);
}

int main(void)
{
	core_init();
	const struct CMUnitTest t_futile[] = {
	    cmocka_unit_test_prestate(test_case_length, "C10"),
	    cmocka_unit_test_prestate(test_case_length, "C11"),
	    cmocka_unit_test_prestate(test_case_length, "C16"),
	    cmocka_unit_test_prestate(test_case_length, "C27"),
	    cmocka_unit_test(test_c27_by_hand),
	    cmocka_unit_test(test_c16_by_hand),
	    cmocka_unit_test(test_futile_through_recursion),
	    cmocka_unit_test(test_not_futile),
	    cmocka_unit_test(test_fast_test_agrees_with_count),
	    cmocka_unit_test(test_mate1_without_rule),
	};
	const struct CMUnitTest t_futile_search[] = {
	    cmocka_unit_test(test_futile_broad),
	    cmocka_unit_test(test_nogain_verdicts_are_pure),
	    cmocka_unit_test(test_rows_judge_as_the_rules),
	};
	const struct CMUnitTest t_futile_rule[] = {
	    cmocka_unit_test(test_rule_names),
	};
	const struct CMUnitTest t_futile_end[] = {
	    cmocka_unit_test(test_futile_end),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("futile", t_futile, NULL, NULL);
	failed += cmocka_run_group_tests_name("futile_search", t_futile_search, NULL, NULL);
	failed += cmocka_run_group_tests_name("futile_rule", t_futile_rule, NULL, NULL);
	failed += cmocka_run_group_tests_name("futile_end", t_futile_end, NULL, NULL);
	return failed;
}
