/*
 * test_proof.c -- proof and disproof hands (solver/proof.h) on positions
 * written inline as SFEN, each drawn in a comment (sente's pieces plain,
 * gote's with a v; files 9..1 from left to right, ranks a.. from the top).
 * Every expected hand follows from the rules of proof.h (Seo 1999; Nagai
 * 2002), and where a claim is about shogi itself -- "with one bishop fewer
 * the defender could interpose" -- it is checked against the move generator
 * (core/movegen, tested on outside data) on the position it speaks of.
 */
#include "testutil.h"

#include "dfpn.h"
#include "proof.h"

static Position pos;

static int evasions(const Position *p)
{
	MoveList ev;
	return gen_evasions(p, &ev);
}

/* true iff the legal moves of p include `usi`. */
static bool has_move(const Position *p, const char *usi)
{
	int len;
	Move m = usi_parse(usi, &len), full;
	return gen_find_legal(p, m, &full);
}

/*
 *   3  2  1
 *   飛 .  v玉 a     gote to move, in check from the rook on 3a across 2a;
 *   .  .  .   b     1b and 2b are the gold's, 2a the rook's: no king move,
 *   .  金 .   c     and gote holds nothing to drop.  Mate.
 *   sente holds 2B.
 * Monopoly: gote has no bishop because sente holds both.  With one bishop
 * fewer for sente, gote would hold it and B*2a would answer the check (and
 * not be futile: the rook takes on 2a and the king takes the rook), so the
 * proof hand is both bishops, not the empty hand.
 */
static void test_monopoly_guard(void **state)
{
	(void)state;
	tu_parse(&pos, "6R1k/9/7G1/9/9/9/9/9/9 w 2B 1");
	assert_true(pos_in_check(&pos));
	assert_int_equal(evasions(&pos), 0);
	assert_int_equal(proof_guard_interpositions(&pos, SENTE, 0), tu_hand(0, 0, 0, 0, 0, 2, 0));
	/* the guard raises to the full count, whatever the proof so far */
	assert_int_equal(proof_guard_interpositions(&pos, SENTE, tu_hand(0, 0, 0, 0, 0, 1, 0)),
	                 tu_hand(0, 0, 0, 0, 0, 2, 0));

	/* the claim about shogi: one bishop fewer for sente is no mate */
	static Position fewer;
	tu_parse(&fewer, "6R1k/9/7G1/9/9/9/9/9/9 w Bb 1");
	assert_true(has_move(&fewer, "B*2a"));
	assert_false(dfpn_is_mated(&fewer));
}

/*
 *   2  1
 *   .  v玉 a     gote to move, in check from the gold on 2b, which the
 *   金 .   b     gold on 2c protects.  A contact check cannot be blocked:
 *   金 .   c     the bishops sente holds play no part, the proof hand is
 *   sente holds 2B.            empty.
 */
static void test_contact_check_needs_no_guard(void **state)
{
	(void)state;
	tu_parse(&pos, "8k/7G1/7G1/9/9/9/9/9/9 w 2B 1");
	assert_int_equal(evasions(&pos), 0);
	assert_int_equal(proof_guard_interpositions(&pos, SENTE, 0), 0);
	/* the claim: with both bishops in gote's hand it is still mate */
	static Position given;
	tu_parse(&given, "8k/7G1/7G1/9/9/9/9/9/9 w 2b 1");
	assert_int_equal(evasions(&given), 0);
	/* not in check at all: nothing to guard */
	tu_parse(&pos, "8k/9/7G1/9/9/9/9/9/9 w 2B 1");
	assert_int_equal(proof_guard_interpositions(&pos, SENTE, tu_hand(0, 0, 0, 0, 0, 1, 0)),
	                 tu_hand(0, 0, 0, 0, 0, 1, 0));
}

/*
 *   3  2  1
 *   飛 .  v玉 a     as in the monopoly case, but gote has a pawn on 2d and
 *   .  .  .   b     sente holds 2P.  P*2a would be nifu (two unpromoted
 *   .  金 .   c     pawns of gote on file 2), so even with sente's pawns in
 *   .  v歩 .  d     gote's hand the check is mate: the pawns are not needed.
 * The guard is conservative (proof.h): it keeps every type gote lacks,
 * legal to drop or not -- a larger proof hand than needed, never a wrong
 * one: the proof hand must stay within what sente holds.
 */
static void test_nifu_interposition(void **state)
{
	(void)state;
	tu_parse(&pos, "6R1k/9/7G1/7p1/9/9/9/9/9 w 2P 1");
	assert_int_equal(evasions(&pos), 0);
	Hand g = proof_guard_interpositions(&pos, SENTE, 0);
	assert_true(hand_ge(pos.hand[SENTE], g));
	assert_int_equal(g, tu_hand(2, 0, 0, 0, 0, 0, 0)); /* conservative: see above */
	/* the claims about shogi: with a pawn in gote's hand it is still mate
	 * (nifu) ... */
	static Position p2;
	tu_parse(&p2, "6R1k/9/7G1/7p1/9/9/9/9/9 w Pp 1");
	assert_false(has_move(&p2, "P*2a"));
	assert_int_equal(evasions(&p2), 0);
	/* ... but not when gote's pawn on file 2 is promoted (nifu counts
	 * unpromoted pawns only, cases.tsv C22) */
	tu_parse(&p2, "6R1k/9/7G1/7+p1/9/9/9/9/9 w Pp 1");
	assert_true(has_move(&p2, "P*2a"));
	/* a type gote holds is not guarded: here gote holds a pawn it cannot
	 * use, and sente's pawns stay out of the proof hand */
	tu_parse(&pos, "6R1k/9/7G1/7p1/9/9/9/9/9 w 2Pp 1");
	assert_int_equal(evasions(&pos), 0);
	assert_int_equal(proof_guard_interpositions(&pos, SENTE, 0), 0);
}

/* Plays the check m of sente, requires the defender to have no evasion
 * (mate) and returns the proof hand of that position: nothing but what the
 * monopoly guard keeps.  p is restored. */
static Hand proof_after_mate(Position *p, Move m)
{
	pos_do_move(p, m);
	assert_int_equal(evasions(p), 0);
	Hand h = proof_guard_interpositions(p, SENTE, 0);
	pos_undo_move(p, m);
	return h;
}

/*
 * The hand before a drop.
 *   3  2  1
 *   .  .  v玉 a     sente to move, holding R 2P; gote holds a pawn and has
 *   .  .  .   b     one on 2d.  R*3a mates: the position after it is the
 *   .  金 .   c     last one of test_nifu_interposition, proof hand empty.
 *   .  v歩 .  d     Before the drop the rook was in hand: proof hand R.
 */
static void test_hand_before_drop(void **state)
{
	(void)state;
	tu_parse(&pos, "8k/9/7G1/7p1/9/9/9/9/9 b R2Pp 1");
	Move m = tu_legal(&pos, "R*3a");
	Hand after = proof_after_mate(&pos, m);
	assert_int_equal(after, 0);
	Hand before = proof_hand_before(after, m, pos.hand[SENTE]);
	assert_int_equal(before, tu_hand(0, 0, 0, 0, 0, 0, 1));
	/* the claim: with R alone (the pawns in gote's hand) R*3a still mates */
	static Position only_r;
	tu_parse(&only_r, "8k/9/7G1/7p1/9/9/9/9/9 b R3p 1");
	m = tu_legal(&only_r, "R*3a");
	pos_do_move(&only_r, m);
	assert_int_equal(evasions(&only_r), 0);

	/* a disproof hand is clamped to the whole set, not to the hand held:
	 * HAND_FULL after a pawn drop would be 19 pawns before it */
	Move pd = move_make_drop(PAWN, (Square)(4 * 9 + 4), SENTE); /* P*5e */
	assert_int_equal(proof_hand_before(HAND_FULL, pd, HAND_FULL), HAND_FULL);
	assert_int_equal(proof_hand_before(tu_hand(3, 0, 0, 0, 0, 0, 0), pd, HAND_FULL), tu_hand(4, 0, 0, 0, 0, 0, 0));
}

/*
 * The hand before a capture.
 *   3  2  1
 *   v角 . v玉 a     sente to move, holding B.  R3e x 3a checks across 2a;
 *   .  .  .   b     then gote holds no bishop and sente both, so the proof
 *   .  金 .   c     hand after the capture is 2B (the monopoly guard).  One
 *   .  .  .   d     of them is the captured bishop, which sente did not
 *   飛 .  .   e     hold before: proof hand B before the capture.
 */
static void test_hand_before_capture(void **state)
{
	(void)state;
	tu_parse(&pos, "6b1k/9/7G1/9/6R2/9/9/9/9 b B 1");
	Move m = tu_legal(&pos, "3e3a");
	Hand after = proof_after_mate(&pos, m);
	assert_int_equal(after, tu_hand(0, 0, 0, 0, 0, 2, 0));
	assert_int_equal(proof_hand_before(after, m, pos.hand[SENTE]), tu_hand(0, 0, 0, 0, 0, 1, 0));
	/* the claim: without the bishop in hand (gote holds it) the capture
	 * no longer mates, B*2a answers it */
	static Position none;
	tu_parse(&none, "6b1k/9/7G1/9/6R2/9/9/9/9 b b 1");
	m = tu_legal(&none, "3e3a");
	pos_do_move(&none, m);
	assert_true(has_move(&none, "B*2a"));
	/* a promoted piece comes back unpromoted: capturing a tokin leaves a
	 * pawn in hand, and the pawn comes out of the hand before */
	tu_parse(&pos, "6+p1k/9/7G1/9/6R2/9/9/9/9 b P 1");
	m = tu_legal(&pos, "3e3a");
	assert_int_equal(proof_hand_before(tu_hand(2, 0, 0, 0, 0, 0, 0), m, pos.hand[SENTE]),
	                 tu_hand(1, 0, 0, 0, 0, 0, 0));
	/* a captured type not in the proof hand after: nothing to take out */
	assert_int_equal(proof_hand_before(0, m, pos.hand[SENTE]), 0);
}

/*
 *   6 5 4 3 2 1
 *   . v玉 . . . .  a   sente to move, nothing in hand, a lance on 1i that
 *                      gives no check: no check at all, no mate.  The
 *   . . . . . 香  i    disproof holds only with nothing in hand either
 *                      (any piece in hand adds drops: a gold would check
 *                      with G*5b), the disproof hand is empty.
 */
static void test_disproof_of_a_node_without_checks(void **state)
{
	(void)state;
	tu_parse(&pos, "4k4/9/9/9/9/9/9/9/8L b - 1");
	MoveList checks;
	assert_int_equal(gen_checks(&pos, &checks), 0);
	assert_int_equal(proof_disproof_or_clamp(HAND_FULL, pos.hand[SENTE]), 0);
	/* the claim: with a gold in hand there is a check */
	static Position gold;
	tu_parse(&gold, "4k4/9/9/9/9/9/9/9/8L b G 1");
	assert_true(gen_checks(&gold, &checks) > 0);
	/* types held keep the whole disproof hand, others none */
	Hand cur = tu_hand(1, 0, 0, 0, 2, 0, 0);
	assert_int_equal(proof_disproof_or_clamp(HAND_FULL, cur), tu_hand(18, 0, 0, 0, 4, 0, 0));
	/* never below the hand held */
	assert_int_equal(proof_disproof_or_clamp(tu_hand(0, 0, 0, 0, 1, 0, 0), cur), cur);
}

static Child child(Move m, bool proven, Hand hand, int flags)
{
	Child c = {0};
	c.move = m;
	c.flags = (uint16_t)flags;
	c.rep = REP_NONE;
	c.pn = proven ? 0 : PNDN_INF;
	c.dn = proven ? PNDN_INF : 0;
	c.hand = hand;
	c.len = proven ? 1 : TT_LEN_INF;
	return c;
}

/*
 * A defender node proven through its evasions, one of them a drop that
 * blocks.
 *   4  3  2  1
 *   飛 .  .  v玉 a   gote to move, holding a gold; sente holds 2S G.
 *   .  .  .  .   b   The rook checks across 3a and 2a.  Say the mate
 *   .  .  金 .   c   after G*2a needs one silver and the one after G*3a
 *                    nothing.
 * The proof hand is the per-type maximum over the evasions, S; then the
 * guard: gote holds no silver, so with one silver fewer for sente S*2a
 * would be one more evasion -- both silvers stay: 2S.  Sente's gold is not
 * needed (gote holds a gold already, one more adds no new evasion).  A
 * futile drop among the evasions was judged with the hands as they are, so
 * it needs the whole hand of sente, 2S G.
 */
static void test_and_node_proof_hand(void **state)
{
	(void)state;
	tu_parse(&pos, "5R2k/9/7G1/9/9/9/9/9/9 w 2SGg 1");
	Child ch[2] = {
	    child(tu_legal(&pos, "G*2a"), true, tu_hand(0, 0, 0, 1, 0, 0, 0), 0),
	    child(tu_legal(&pos, "G*3a"), true, 0, 0),
	};
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, false, -1, true), tu_hand(0, 0, 0, 2, 0, 0, 0));
	ch[1].flags = CHILD_FUTILE;
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, false, -1, true), tu_hand(0, 0, 0, 2, 1, 0, 0));
}

/*
 * A defender node disproven by a drop, and one disproven by a king move.
 *   3  2  1
 *   飛 .  v玉 a   gote to move, holding a gold; sente holds S.  Say G*2a
 *                 leaves no mate for any hand of sente (disproof hand
 *                 HAND_FULL after it).  That needs gote to have the gold:
 * with more golds than now sente's gain would be gote's loss, so the
 * disproof holds for no more golds than sente holds now (none), for the
 * rest for any hand.  A king move needs nothing: its disproof hand as is.
 */
static void test_and_node_disproof_hand(void **state)
{
	(void)state;
	tu_parse(&pos, "6R1k/9/9/9/9/9/9/9/9 w Sg 1");
	Child ch[2] = {
	    child(tu_legal(&pos, "1a1b"), true, 0, 0),
	    child(tu_legal(&pos, "G*2a"), false, HAND_FULL, 0),
	};
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, false, 1, false), hand_set(HAND_FULL, GOLD, 0));
	ch[0] = child(tu_legal(&pos, "1a1b"), false, tu_hand(0, 0, 0, 2, 1, 0, 0), 0);
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, false, 0, false), tu_hand(0, 0, 0, 2, 1, 0, 0));
}

/*
 * An attacker node: the proof hand of the shortest proof taken back over
 * its move; the disproof hand the per-type minimum over all checks taken
 * back, then clamped.
 *   3  2  1
 *   .  .  v玉 a   sente to move, holding R P.
 *   .  .  .   b
 *   .  金 .   c
 */
static void test_or_node_hands(void **state)
{
	(void)state;
	tu_parse(&pos, "8k/9/7G1/9/9/9/9/9/9 b RP 1");
	Move r3a = tu_legal(&pos, "R*3a"), g1b = tu_legal(&pos, "2c1b");
	/* proven by R*3a with proof hand {} after it: R before it */
	Child ch[2] = {
	    child(g1b, false, HAND_FULL, 0),
	    child(r3a, true, 0, 0),
	};
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, true, 1, true), tu_hand(0, 0, 0, 0, 0, 0, 1));
	/* disproven: after R*3a no mate with up to 5 pawns, 1 rook; after the
	 * gold move none with up to 3 pawns, 2 rooks.  Before the moves: 5 P
	 * 2 R and 3 P 2 R; the minimum 3 P 2 R; none of the types sente lacks. */
	ch[1] = child(r3a, false, tu_hand(5, 4, 4, 4, 4, 2, 1), 0);
	ch[0] = child(g1b, false, tu_hand(3, 4, 4, 4, 4, 2, 2), 0);
	assert_int_equal(proof_result_hand(&pos, SENTE, ch, 2, true, -1, false), tu_hand(3, 0, 0, 0, 0, 0, 2));
}

int main(void)
{
	core_init();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_monopoly_guard),      cmocka_unit_test(test_contact_check_needs_no_guard),
	    cmocka_unit_test(test_nifu_interposition),  cmocka_unit_test(test_hand_before_drop),
	    cmocka_unit_test(test_hand_before_capture), cmocka_unit_test(test_disproof_of_a_node_without_checks),
	    cmocka_unit_test(test_and_node_proof_hand), cmocka_unit_test(test_and_node_disproof_hand),
	    cmocka_unit_test(test_or_node_hands),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
