/*
 * test_sfen.c -- SFEN parsing and formatting (core/formats/sfen.h):
 *  - every accepted spelling ("sfen", "position sfen", "startpos",
 *    "startpos moves ...", with and without a move number, hands in any
 *    order, two-digit counts, "-") gives the position written out by hand;
 *  - sfen_format writes the canonical text (hands R B G S N L P, sente
 *    first), and parse(format(p)) == p over the nshogi mate-1 positions;
 *  - every class of bad input is rejected with the field and the 1-based
 *    byte column one finds by reading the input (counted by hand below);
 *  - sfen_setup / sfen_check (a position built in memory): the same position
 *    as the parser gives for every nshogi mate-1 line, and each rule the
 *    parser enforces (kings, piece counts, dead pieces, nifu, the side not to
 *    move in check) refused with its field and the square or file at fault.
 * Positions borrowed from tests/data/problems/cases.tsv keep their ids.
 */
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

/* true iff a and b hold the same pieces, hands and side (move number aside). */
static bool same_position(const Position *a, const Position *b)
{
	return memcmp(a->board, b->board, sizeof a->board) == 0 && a->hand[SENTE] == b->hand[SENTE] &&
	       a->hand[GOTE] == b->hand[GOTE] && a->side == b->side && pos_key(a) == pos_key(b);
}

/* Parses text and fails unless it gives the same position as expected_sfen. */
static void expect_same(const char *text, const char *expected_sfen)
{
	static Position got, want;
	tu_parse(&want, expected_sfen);
	SfenError err;
	if (sfen_parse(&got, text, &err) != SFEN_OK)
		fail_msg("'%s' rejected: %s", text, err.message);
	if (!same_position(&got, &want))
		fail_msg("'%s' is not the position '%s'", text, expected_sfen);
	assert_true(pos_is_ok(&got));
}

/* Parses text and fails unless sfen_format writes exactly expected. */
static void expect_format(const char *text, const char *expected)
{
	static Position pos;
	char buf[160];
	tu_parse(&pos, text);
	int n = sfen_format(&pos, buf, sizeof buf);
	if (n < 0 || strcmp(buf, expected) != 0)
		fail_msg("format of '%s':\n expected %s\n got      %s", text, expected, n < 0 ? "(-1)" : buf);
	assert_int_equal(n, (int)strlen(expected));
}

/* ---- acceptance -------------------------------------------------------- */

#define KINGS "4k4/9/9/9/9/9/9/9/4K4" /* 21 bytes: side at column 23, hand at 25 */
/* The start position after 7g7f 3c3d, written out from the diagram. */
#define AFTER_7G7F_3C3D "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"

static void test_spellings(void **state)
{
	(void)state;
	expect_same("sfen " SFEN_STARTPOS, SFEN_STARTPOS);
	expect_same("position sfen " SFEN_STARTPOS, SFEN_STARTPOS);
	expect_same("startpos", SFEN_STARTPOS);
	expect_same("position startpos", SFEN_STARTPOS);
	expect_same("startpos moves", SFEN_STARTPOS);
	expect_same("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", SFEN_STARTPOS);
	expect_same("  \tstartpos  \n", SFEN_STARTPOS);
	expect_same("sfen   " KINGS "   b   -   1  ", KINGS " b - 1");

	expect_same("startpos moves 7g7f 3c3d", AFTER_7G7F_3C3D);
	expect_same("position startpos moves 7g7f 3c3d", AFTER_7G7F_3C3D);
	expect_same("position sfen " SFEN_STARTPOS " moves 7g7f 3c3d", AFTER_7G7F_3C3D);
	expect_same("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - moves 7g7f 3c3d",
	            AFTER_7G7F_3C3D);
	expect_same("startpos moves   7g7f\t3c3d ", AFTER_7G7F_3C3D);

	/* the move number: given, absent (1), advanced by the moves played */
	static Position pos;
	tu_parse(&pos, KINGS " w - 124");
	assert_int_equal(pos.move_number, 124);
	assert_int_equal(pos.side, GOTE);
	tu_parse(&pos, KINGS " b -");
	assert_int_equal(pos.move_number, 1);
	tu_parse(&pos, "startpos moves 7g7f 3c3d");
	assert_int_equal(pos.move_number, 3);
	assert_int_equal(pos.side, SENTE);
}

static void test_hands(void **state)
{
	(void)state;
	static Position pos;
	/* nshogi mate-1-ply.txt line 1: hands "7P2Rpb" (pawns before rooks) */
	const char *board = "Kbg4nl/3sk1gs1/2n4pp/1G1p5/1pP4P1/4S4/P2PPG2P/1L7/LNS4NL w ";
	char text[200];
	static const char *const orders[] = {"7P2Rpb", "2R7Pbp", "bp2R7P", "p7Pb2R"};
	for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) {
		snprintf(text, sizeof text, "%s%s 1", board, orders[i]);
		tu_parse(&pos, text);
		assert_int_equal(hand_count(pos.hand[SENTE], PAWN), 7);
		assert_int_equal(hand_count(pos.hand[SENTE], ROOK), 2);
		assert_int_equal(hand_count(pos.hand[GOTE], PAWN), 1);
		assert_int_equal(hand_count(pos.hand[GOTE], BISHOP), 1);
		assert_int_equal(hand_count(pos.hand[SENTE], GOLD) + hand_count(pos.hand[GOTE], GOLD), 0);
		assert_int_equal(pos.side, GOTE);
	}
	/* two-digit counts */
	tu_parse(&pos, KINGS " b 18p 1");
	assert_int_equal(hand_count(pos.hand[GOTE], PAWN), 18);
	assert_int_equal(hand_count(pos.hand[SENTE], PAWN), 0);
	tu_parse(&pos, KINGS " b 10P8p 1");
	assert_int_equal(hand_count(pos.hand[SENTE], PAWN), 10);
	assert_int_equal(hand_count(pos.hand[GOTE], PAWN), 8);
	/* '-' */
	tu_parse(&pos, KINGS " b - 1");
	assert_int_equal(pos.hand[SENTE], 0);
	assert_int_equal(pos.hand[GOTE], 0);
	/* every piece of the set in one hand, no sente king (tsume style) */
	tu_parse(&pos, "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1");
	assert_int_equal(hand_count(pos.hand[SENTE], ROOK), 2);
	assert_int_equal(hand_count(pos.hand[SENTE], BISHOP), 2);
	assert_int_equal(hand_count(pos.hand[SENTE], GOLD), 4);
	assert_int_equal(hand_count(pos.hand[SENTE], SILVER), 4);
	assert_int_equal(hand_count(pos.hand[SENTE], KNIGHT), 4);
	assert_int_equal(hand_count(pos.hand[SENTE], LANCE), 4);
	assert_int_equal(hand_count(pos.hand[SENTE], PAWN), 18);
	assert_int_equal(pos.king[SENTE], SQ_NONE);
	assert_int_equal(pos.king[GOTE], sq_make(5, 1));
	/* cases.tsv C16: gote hand in non-canonical order */
	tu_parse(&pos, "3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1");
	assert_int_equal(hand_count(pos.hand[GOTE], PAWN), 16);
	assert_int_equal(hand_count(pos.hand[GOTE], LANCE), 4);
	assert_int_equal(hand_count(pos.hand[GOTE], KNIGHT), 3);
	assert_int_equal(hand_count(pos.hand[GOTE], SILVER), 4);
	assert_int_equal(hand_count(pos.hand[GOTE], GOLD), 4);
	assert_int_equal(hand_count(pos.hand[GOTE], BISHOP), 1);
	assert_int_equal(hand_count(pos.hand[GOTE], ROOK), 1);
	assert_int_equal(pos.hand[SENTE], 0);
}

/* Positions near the validation limits that must be accepted. */
static void test_accepted_edge_cases(void **state)
{
	(void)state;
	static Position pos;
	/* a tokin and a pawn of one colour on a file; own and enemy pawn on a file */
	tu_parse(&pos, "4k4/9/9/9/4P4/4+P4/9/9/4K4 b - 1");
	assert_int_equal(pos_piece(&pos, sq_make(5, 6)), piece_make(SENTE, PRO_PAWN));
	tu_parse(&pos, "4k4/9/4p4/9/9/9/4P4/9/4K4 b - 1");
	/* promoted pieces on the last ranks; knights just outside the dead ranks */
	tu_parse(&pos, "+P+L+N1k4/9/N8/9/9/9/8n/9/4K+p+l+n1 b - 1");
	assert_int_equal(pos_piece(&pos, sq_make(9, 1)), piece_make(SENTE, PRO_PAWN));
	assert_int_equal(pos_piece(&pos, sq_make(7, 1)), piece_make(SENTE, PRO_KNIGHT));
	assert_int_equal(pos_piece(&pos, sq_make(2, 9)), piece_make(GOTE, PRO_KNIGHT));
	/* pawns going away from their last rank: sente on i, gote on a */
	tu_parse(&pos, "p3k4/9/9/9/9/9/9/9/P3K4 b - 1");
	/* the whole set: 40 pieces (start position plus nothing) */
	tu_parse(&pos, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
	/* a tsume position with no kings at all in view except the defender's */
	tu_parse(&pos, "8k/9/7+R1/9/9/9/9/9/9 b P 1"); /* C01 */
	/* cases.tsv C20: the side to move may be in check */
	tu_parse(&pos, "rrll1pppp/llbgggg2/ppppssssK/2n1p4/3nkn3/5n3/9/1B7/9 w 9p 1");
	assert_true(pos_in_check(&pos));
	/* a move number as large as anyone writes */
	tu_parse(&pos, KINGS " b - 999999");
	assert_int_equal(pos.move_number, 999999);
}

/* ---- formatting -------------------------------------------------------- */

static void test_format(void **state)
{
	(void)state;
	/* canonical texts come back unchanged */
	static const char *const canonical[] = {
	    SFEN_STARTPOS,
	    KINGS " b - 1",
	    KINGS " w 18p 7",
	    KINGS " b 10P8p 1",
	    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
	    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	    "k8/2K6/9/7BB/7LL/7LL/8R/p2NNSSGG/P2NNSSGG b 16p 1",
	    "+P+L+N1k4/9/N8/9/9/9/8n/9/4K+p+l+n1 b - 1",
	    "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1",
	};
	for (size_t i = 0; i < sizeof canonical / sizeof canonical[0]; i++)
		expect_format(canonical[i], canonical[i]);
	/* other spellings give the canonical text (hands R B G S N L P, sente first) */
	expect_format("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	              "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
	expect_format("Kbg4nl/3sk1gs1/2n4pp/1G1p5/1pP4P1/4S4/P2PPG2P/1L7/LNS4NL w 7P2Rpb 1",
	              "Kbg4nl/3sk1gs1/2n4pp/1G1p5/1pP4P1/4S4/P2PPG2P/1L7/LNS4NL w 2R7Pbp 1");
	expect_format("3+R3nk/8p/7P1/9/9/9/9/9/8B b 16p4l3n4s4gbr 1", "3+R3nk/8p/7P1/9/9/9/9/9/8B b rb4g4s3n4l16p 1");
	expect_format("startpos", SFEN_STARTPOS);
	expect_format("position sfen " KINGS " b - ", KINGS " b - 1");
	expect_format("startpos moves 7g7f 3c3d", AFTER_7G7F_3C3D);

	/* buffer too small: -1; exactly large enough: the length */
	static Position pos;
	char buf[160];
	tu_parse(&pos, SFEN_STARTPOS);
	size_t len = strlen(SFEN_STARTPOS);
	assert_int_equal(sfen_format(&pos, buf, len), -1);
	assert_int_equal(sfen_format(&pos, buf, len + 1), (int)len);
	assert_string_equal(buf, SFEN_STARTPOS);
}

/* parse(format(p)) == p over every position of an nshogi file; the board and
 * side fields are already canonical there, so they come back byte for byte. */
static void round_trip_file(const char *rel, int expected_lines)
{
	FILE *f = tu_open_data(rel);
	static char line[4096];
	static Position pos, back;
	char out[160], out2[160];
	int lines = 0;
	while (tu_read_line(f, line, sizeof line)) {
		tu_parse(&pos, line);
		assert_true(sfen_format(&pos, out, sizeof out) > 0);
		tu_parse(&back, out);
		if (!same_position(&pos, &back))
			fail_msg("%s line %d: '%s' formats as '%s', which parses differently", rel, lines + 1, line,
			         out);
		assert_true(sfen_format(&back, out2, sizeof out2) > 0);
		assert_string_equal(out, out2);
		size_t head = strchr(strchr(line, ' ') + 1, ' ') - line; /* board and side */
		if (strncmp(line, out, head + 1) != 0)
			fail_msg("%s line %d: board/side of '%s' formatted as '%s'", rel, lines + 1, line, out);
		lines++;
	}
	fclose(f);
	assert_int_equal(lines, expected_lines);
}

static void test_round_trip(void **state)
{
	(void)state;
	round_trip_file("problems/raw/nshogi/test/mate-1-ply.txt", 1568);
	round_trip_file("problems/raw/nshogi/test/no-mate-1-ply.txt", 1574);
}

/* ---- rejection --------------------------------------------------------- */

typedef struct {
	const char *text;
	int code;          /* SFEN_ERR_SYNTAX or SFEN_ERR_ILLEGAL */
	const char *field; /* SfenError.field */
	int column;        /* 1-based byte column, 0 when no single column applies */
	const char *why;
} Reject;

/* Columns are counted by hand.  In KINGS "4k4/9/9/9/9/9/9/9/4K4" the ranks
 * start at columns 1, 5, 7, 9, 11, 13, 15, 17, 19; the side is at 23, the
 * hand at 25, a one-byte hand is followed by the move number at 27. */
static const Reject REJECTS[] = {
    /* empty text */
    {"", SFEN_ERR_SYNTAX, "board", 1, "empty text"},
    {"   ", SFEN_ERR_SYNTAX, "board", 4, "only spaces"},
    {"sfen", SFEN_ERR_SYNTAX, "board", 5, "'sfen' and nothing else"},
    {"position sfen ", SFEN_ERR_SYNTAX, "board", 15, "'position sfen' and nothing else"},
    /* rank count: 8 ranks end at the space (20); the 9th '/' of 10 ranks is at 20 */
    {"4k4/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 20, "8 ranks"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 20, "10 ranks"},
    /* short and long ranks */
    {"4k3/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 4, "rank a has 8 squares ('/' at 4)"},
    {"4k4/9/8/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 8, "rank c has 8 squares ('/' at 8)"},
    {"4k4/9/9/9/9/9/9/9/4K3 b - 1", SFEN_ERR_SYNTAX, "board", 22, "rank i has 8 squares (space at 22)"},
    {"4k5/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 3, "rank a: the '5' makes 10 squares"},
    {"4k4/9/9/9/9/9/9/9/4K4P b - 1", SFEN_ERR_SYNTAX, "board", 22, "rank i: a tenth square 'P'"},
    {"4k4/99/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 6, "rank b: '99'"},
    /* unknown letters */
    {"4k4/9/9/9/4X4/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 12, "unknown letter X"},
    {"4k4/9/9/9/9/9/9/9/4K0 b - 1", SFEN_ERR_SYNTAX, "board", 21, "digit 0"},
    {"4k4/9/9/9/9/9/9/9/4K3* b - 1", SFEN_ERR_SYNTAX, "board", 22, "'*'"},
    /* '+' before a piece that cannot promote, or before nothing */
    {"4k4/9/9/9/+G8/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 11, "+G"},
    {"4+k4/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 2, "+k"},
    {"4k4/9/9/9/9/9/9/9/4K3+ b - 1", SFEN_ERR_SYNTAX, "board", 22, "'+' before a space"},
    {"4k4/9/9/9/9/9/9/9/4K3+", SFEN_ERR_SYNTAX, "board", 22, "'+' at the end of the text"},
    {"4k3+/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_SYNTAX, "board", 4, "'+' before '/'"},
    /* too many pieces of a kind, board plus hands, promoted counted as unpromoted:
     * the column is that of the piece (or hand item) that goes over the set */
    {"4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b 9Pp 1", SFEN_ERR_ILLEGAL, "hand", 35, "19 pawns: 9 on the board, 9P, then p"},
    {KINGS " b 10P9p 1", SFEN_ERR_ILLEGAL, "hand", 28, "19 pawns in the hands: 10P then 9p"},
    {KINGS " b 2Rr 1", SFEN_ERR_ILLEGAL, "hand", 27, "3 rooks in the hands"},
    {"4k4/9/9/9/9/9/9/9/+R3K4 b Rr 1", SFEN_ERR_ILLEGAL, "hand", 28, "3 rooks: a dragon, R, then r"},
    {"4k4/9/9/9/9/9/9/9/R1RK3+r1 b - 1", SFEN_ERR_ILLEGAL, "board", 24, "3 rooks on the board: the third is +r"},
    {"4k4/9/9/9/9/9/9/9/3GKG3 b 3G 1", SFEN_ERR_ILLEGAL, "hand", 27, "5 golds: 2 on the board, then 3G"},
    {KINGS " b 5G 1", SFEN_ERR_ILLEGAL, "hand", 25, "5 golds in one hand"},
    {KINGS " b 3b 1", SFEN_ERR_ILLEGAL, "hand", 25, "3 bishops in one hand"},
    {"4k4/9/9/9/9/9/9/9/4K4 b 3S2s 1", SFEN_ERR_ILLEGAL, "hand", 27, "5 silvers in the hands"},
    /* two kings of one colour; a king in hand */
    {"4k4/9/9/9/9/9/9/9/3KK4 b - 1", SFEN_ERR_ILLEGAL, "board", 21, "two sente kings"},
    {"3kk4/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 3, "two gote kings"},
    {KINGS " b K 1", SFEN_ERR_ILLEGAL, "hand", 25, "K in hand"},
    {KINGS " b P2k 1", SFEN_ERR_ILLEGAL, "hand", 27, "2k in hand (the letter is at 27)"},
    /* side to move */
    {KINGS " x - 1", SFEN_ERR_SYNTAX, "side", 23, "side x"},
    {KINGS " B - 1", SFEN_ERR_SYNTAX, "side", 23, "side B"},
    {KINGS " bw - 1", SFEN_ERR_SYNTAX, "side", 23, "side bw"},
    {KINGS " - 1", SFEN_ERR_SYNTAX, "side", 23, "side missing, hand in its place"},
    {KINGS, SFEN_ERR_SYNTAX, "side", 22, "side missing at the end"},
    /* hand missing */
    {KINGS " b", SFEN_ERR_SYNTAX, "hand", 24, "hand missing at the end"},
    {KINGS " b ", SFEN_ERR_SYNTAX, "hand", 25, "hand missing before trailing space"},
    {KINGS " b 1", SFEN_ERR_SYNTAX, "hand", 25, "hand missing, move number in its place"},
    {KINGS " b moves 5i5h", SFEN_ERR_SYNTAX, "hand", 25, "hand missing, 'moves' in its place"},
    /* bad hand counts and letters */
    {KINGS " b 0P 1", SFEN_ERR_SYNTAX, "hand", 25, "count 0"},
    {KINGS " b 19p 1", SFEN_ERR_SYNTAX, "hand", 25, "count 19"},
    {KINGS " b 100p 1", SFEN_ERR_SYNTAX, "hand", 25, "three-digit count"},
    {KINGS " b 018p 1", SFEN_ERR_SYNTAX, "hand", 25, "three-digit count with a leading zero"},
    {KINGS " b 2P0G 1", SFEN_ERR_SYNTAX, "hand", 27, "count 0 in the second item"},
    {KINGS " b P2 1", SFEN_ERR_SYNTAX, "hand", 26, "count without a letter"},
    {KINGS " b X 1", SFEN_ERR_SYNTAX, "hand", 25, "unknown hand letter"},
    {KINGS " b +P 1", SFEN_ERR_SYNTAX, "hand", 25, "promoted piece in hand"},
    {KINGS " b -P 1", SFEN_ERR_SYNTAX, "hand", 26, "'-' followed by a piece"},
    /* repeated hand letter (the column of the repeated letter) */
    {KINGS " b PGP 1", SFEN_ERR_SYNTAX, "hand", 27, "P twice"},
    {KINGS " b 2Pg3P 1", SFEN_ERR_SYNTAX, "hand", 29, "P twice, with counts"},
    {KINGS " b bRb 1", SFEN_ERR_SYNTAX, "hand", 27, "b twice"},
    /* dead pieces */
    {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 1, "sente pawn on rank a"},
    {"L3k4/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 1, "sente lance on rank a"},
    {"4k3N/9/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 4, "sente knight on rank a"},
    {"4k4/N8/9/9/9/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 5, "sente knight on rank b"},
    {"4k4/9/9/9/9/9/9/9/p3K4 b - 1", SFEN_ERR_ILLEGAL, "board", 19, "gote pawn on rank i"},
    {"4k4/9/9/9/9/9/9/9/4K3l b - 1", SFEN_ERR_ILLEGAL, "board", 22, "gote lance on rank i"},
    {"4k4/9/9/9/9/9/9/9/4K3n b - 1", SFEN_ERR_ILLEGAL, "board", 22, "gote knight on rank i"},
    {"4k4/9/9/9/9/9/9/n8/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 17, "gote knight on rank h"},
    /* nifu (the column of the second pawn in the text) */
    {"4k4/9/9/4P4/4P4/9/9/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 14, "two sente pawns on file 5"},
    {"4k4/p8/9/9/9/9/p8/9/4K4 w - 1", SFEN_ERR_ILLEGAL, "board", 16, "two gote pawns on file 9"},
    {"4k4/9/9/4P4/4+P4/9/4P4/9/4K4 b - 1", SFEN_ERR_ILLEGAL, "board", 21, "tokin between two sente pawns"},
    /* the side not to move in check: no single column */
    {"k8/1G7/R8/9/9/9/9/9/8K b P 1", SFEN_ERR_ILLEGAL, "position", 0, "cases.tsv C28: gote in check, sente to move"},
    {"8k/9/9/9/9/9/r8/9/K8 w - 1", SFEN_ERR_ILLEGAL, "position", 0, "sente in check by a rook, gote to move"},
    /* bad move numbers */
    {KINGS " b - 0", SFEN_ERR_SYNTAX, "move number", 27, "move number 0"},
    {KINGS " b - 1x", SFEN_ERR_SYNTAX, "move number", 27, "move number 1x"},
    {KINGS " b P 12a", SFEN_ERR_SYNTAX, "move number", 27, "move number 12a"},
    {KINGS " b - 1000001", SFEN_ERR_SYNTAX, "move number", 27, "move number over 1,000,000 (was clamped silently)"},
    {KINGS " b - 123456789012345678901", SFEN_ERR_SYNTAX, "move number", 27, "a move number of 21 digits"},
    /* trailing junk */
    {KINGS " b - 1 x", SFEN_ERR_SYNTAX, "position", 29, "junk after the move number"},
    {KINGS " b - 1 2", SFEN_ERR_SYNTAX, "position", 29, "a second move number"},
    {KINGS " b - 1 move 5i5h", SFEN_ERR_SYNTAX, "position", 29, "'move' for 'moves'"},
    {KINGS " b - x", SFEN_ERR_SYNTAX, "position", 27, "junk in place of the move number"},
    {"startpos x", SFEN_ERR_SYNTAX, "position", 10, "junk after startpos"},
    {"position startpos 1", SFEN_ERR_SYNTAX, "position", 19, "a move number after startpos"},
    /* moves: the column of the bad move */
    {"startpos moves 7g7f 7g7f", SFEN_ERR_ILLEGAL, "moves", 21, "7g7f twice"},
    {"startpos moves 7g7f+", SFEN_ERR_ILLEGAL, "moves", 16, "a pawn promoting outside the zone"},
    {"position startpos moves 7g7f 3c3d 8h2b+ 3c3b", SFEN_ERR_ILLEGAL, "moves", 41, "3c is empty after 3c3d"},
    {"sfen " KINGS " b - 1 moves 5i5h P*5e", SFEN_ERR_ILLEGAL, "moves", 45, "gote drops a pawn it does not hold"},
    {"3lkl3/9/4S4/9/9/9/9/9/9 b P 1 moves P*5b", SFEN_ERR_ILLEGAL, "moves", 37, "uchifuzume"},
    {"startpos moves 7g7f 3c3d 7g7", SFEN_ERR_SYNTAX, "moves", 26, "a truncated move"},
    {"startpos moves 7g7fq", SFEN_ERR_SYNTAX, "moves", 16, "a move with a trailing letter"},
    {"startpos moves  7g7f   x1", SFEN_ERR_SYNTAX, "moves", 24, "not a move, after extra spaces"},
    {"startpos moves 7g7f K*5e", SFEN_ERR_SYNTAX, "moves", 21, "king drop"},
    {"startpos moves 0g7f", SFEN_ERR_SYNTAX, "moves", 16, "file 0"},
};

static void test_rejects(void **state)
{
	(void)state;
	static Position pos;
	int failures = 0;
	for (size_t i = 0; i < sizeof REJECTS / sizeof REJECTS[0]; i++) {
		const Reject *r = &REJECTS[i];
		SfenError err;
		memset(&err, 0, sizeof err);
		int rc = sfen_parse(&pos, r->text, &err);
		char col[32];
		snprintf(col, sizeof col, "column %d", r->column);
		if (rc == SFEN_OK) {
			print_error("accepted '%s' (%s)\n", r->text, r->why);
			failures++;
		} else if (rc != r->code || err.field == NULL || strcmp(err.field, r->field) != 0 ||
		           err.column != r->column) {
			print_error(
			    "'%s' (%s):\n expected code %d, %s column %d\n got      code %d, %s column %d: %s\n",
			    r->text, r->why, r->code, r->field, r->column, rc, err.field ? err.field : "(null)",
			    err.column, err.message);
			failures++;
		} else if (strlen(err.message) == 0 || strstr(err.message, r->field) == NULL ||
		           (r->column > 0 && strstr(err.message, col) == NULL)) {
			/* the message names the field and, when there is one, the column */
			print_error("'%s' (%s): message '%s' should name %s and %s\n", r->text, r->why, err.message,
			            r->field, col);
			failures++;
		}
		/* a NULL error struct is allowed */
		assert_int_equal(sfen_parse(&pos, r->text, NULL), rc);
	}
	assert_int_equal(failures, 0);
}

/* sfen_parse_root and sfen_play_moves used apart, as the USI loop does. */
static void test_play_moves(void **state)
{
	(void)state;
	static Position pos, want;
	const char *text = "position startpos moves 7g7f 3c3d";
	const char *moves = NULL;
	SfenError err;
	assert_int_equal(sfen_parse_root(&pos, text, &err, &moves), SFEN_OK);
	assert_non_null(moves);
	assert_string_equal(moves, "7g7f 3c3d");
	Move played[4];
	int column = (int)(moves - text) + 1; /* 25 */
	assert_int_equal(column, 25);
	assert_int_equal(sfen_play_moves(&pos, moves, column, played, 4, &err), 2);
	char usi[6];
	assert_string_equal(usi_format(played[0], usi), "7g7f");
	assert_string_equal(usi_format(played[1], usi), "3c3d");
	assert_int_equal(move_piece(played[0]), piece_make(SENTE, PAWN));
	assert_int_equal(move_piece(played[1]), piece_make(GOTE, PAWN));
	tu_parse(&want, AFTER_7G7F_3C3D);
	assert_true(same_position(&pos, &want));

	/* no moves list: *moves_text is NULL */
	assert_int_equal(sfen_parse_root(&pos, SFEN_STARTPOS, &err, &moves), SFEN_OK);
	assert_null(moves);

	/* more moves than max_moves: an error at the first move over the limit */
	assert_int_equal(sfen_parse_root(&pos, "startpos moves 7g7f 3c3d 2g2f", &err, &moves), SFEN_OK);
	assert_true(sfen_play_moves(&pos, moves, 16, played, 2, &err) < 0);
	assert_string_equal(err.field, "moves");
	assert_int_equal(err.column, 26);
	assert_true(strlen(err.message) > 0);
}

/* Found by tests/fuzz/fuzz_sfen.c: a move number of 1,000,000 or more was
 * clamped when read but counted on by the moves, so what sfen_format wrote
 * did not read back as the same text.  Now: over 1,000,000 is an error and
 * the moves count on up to it. */
static void test_move_number_limit(void **state)
{
	(void)state;
	static Position pos, again;
	char a[160], b[160];
	SfenError err;
	assert_int_equal(sfen_parse(&pos, "3lkg3/9/4S4/9/9/9/9/9/9 b P 999999 moves P*6b", &err), SFEN_OK);
	assert_int_equal(pos.move_number, 1000000);
	assert_int_equal(sfen_parse(&pos, "3lkg3/9/4S4/9/9/9/9/9/9 b P 1000000 moves P*6b", &err), SFEN_OK);
	assert_int_equal(pos.move_number, SFEN_MOVE_NUMBER_MAX);
	assert_true(sfen_format(&pos, a, sizeof a) > 0);
	assert_string_equal(a, "3lkg3/3P5/4S4/9/9/9/9/9/9 w - 1000000");
	assert_int_equal(sfen_parse(&again, a, &err), SFEN_OK);
	assert_true(sfen_format(&again, b, sizeof b) > 0);
	assert_string_equal(a, b);
	assert_int_equal(sfen_parse(&pos, "3lkg3/9/4S4/9/9/9/9/9/9 b P 1000001", &err), SFEN_ERR_SYNTAX);
	assert_string_equal(err.message, "move number (column 29): larger than 1000000");
}

/* Messages quote the input; bytes that are not printable ASCII or UTF-8
 * are written \xNN, so a message is always valid UTF-8. */
static void test_message_bytes(void **state)
{
	(void)state;
	static Position pos;
	static const struct {
		const char *text, *message;
	} CASES[] = {
	    {"4k4/9/9/9/9/9/9/9/4K4 b \xe9G 1", "hand (column 25): unknown piece letter '\\xe9'"},
	    {"4k4/9/9/9/9/9/9/9/4K4 b -\x01", "hand (column 26): unexpected '\\x01' after '-'"},
	    {"4k4/9/9/9/\xff\xfe/9/9/9/4K4 b - 1", "board (column 11): unknown piece letter '\\xff'"},
	    {"4\xef\xbd\x8b"
	     "4/9/9/9/9/9/9/9/4K4 b - 1",
	     "board (column 2): unknown piece letter '\xef\xbd\x8b'"},
	    {"4k4/9/9/9/9/9/9/9/4K4 b - 1 \xff\xfe\xe6\x97\xa5\xe6",
	     "position (column 29): unexpected text '\\xff\\xfe\xe6\x97\xa5\\xe6'"},
	    {"startpos moves 7g7f \x1b[2J", "moves (column 21): move 2 '\\x1b[2J' is not a USI move"},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		SfenError err;
		assert_true(sfen_parse(&pos, CASES[i].text, &err) < 0);
		assert_string_equal(err.message, CASES[i].message);
	}
	char q[16];
	/* cut at a whole character when the buffer is full */
	assert_string_equal(sfen_quote(q, sizeof q, "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5", 15),
	                    "\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5\xe6\x97\xa5");
}

/* sfen_setup from the board and hands of a parsed position gives that
 * position (keys included), over the nshogi mate-1 set. */
static void test_setup_round_trip(void **state)
{
	(void)state;
	static Position parsed, built;
	static Piece board[SQ_NB];
	int hand[COLOR_NB][HAND_PT_NB];
	FILE *f = tu_open_data("problems/raw/nshogi/test/mate-1-ply.txt");
	char line[512];
	int n = 0;
	while (tu_read_line(f, line, sizeof line)) {
		if (sfen_parse_root(&parsed, line, NULL, NULL) != SFEN_OK)
			fail_msg("cannot parse %s", line);
		memcpy(board, parsed.board, sizeof board);
		for (int c = 0; c < COLOR_NB; c++)
			for (int pt = 0; pt < HAND_PT_NB; pt++)
				hand[c][pt] = pt >= PAWN && pt <= GOLD ? hand_count(parsed.hand[c], (PieceType)pt) : 0;
		SfenError err;
		if (sfen_setup(&built, board, hand, parsed.side, &err) != SFEN_OK)
			fail_msg("%s: sfen_setup refused it: %s", line, err.message);
		if (!same_position(&built, &parsed))
			fail_msg("%s: sfen_setup built another position", line);
		assert_true(pos_is_ok(&built));
		assert_int_equal(sfen_check(&parsed, NULL), SFEN_OK);
		n++;
	}
	fclose(f);
	assert_int_equal(n, 1568);
}

/* Each rule of sfen.h, on a board written by hand (square = file*10+rank in
 * the comments: 5e is file 5, rank e). */
static void test_setup_rejects(void **state)
{
	(void)state;
	static Position pos;
	static Piece board[SQ_NB];
	int hand[COLOR_NB][HAND_PT_NB];
	SfenError err;
	struct {
		const char *why, *message;
	} CASES[] = {
	    {"two kings", "board: two gote kings, on 1i and 5a"},
	    {"pawn on its last rank", "board: sente pawn on 5a can never move"},
	    {"knight on its last two ranks", "board: gote knight on 1h can never move"},
	    {"nifu", "board: two unpromoted sente pawns on file 3, on 3e and 3g (nifu)"},
	    {"three rooks on the board", "board: 3 rooks on the board, the set has 2"},
	    {"19 pawns", "hand: 19 pawns in the sente hand, the set has 18"},
	    {"5 golds", "hand: 5 golds in all (board and hands), the set has 4"},
	    {"the side not to move in check", "position: the side not to move (gote) is in check"},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		memset(board, 0, sizeof board);
		memset(hand, 0, sizeof hand);
		board[sq_make(5, 1)] = piece_make(GOTE, KING); /* 5a: the defender's king */
		Color side = SENTE;
		switch (i) {
		case 0:
			board[sq_make(1, 9)] = piece_make(GOTE, KING);
			break;
		case 1:
			board[sq_make(5, 1)] = piece_make(SENTE, PAWN), board[sq_make(9, 9)] = piece_make(GOTE, KING);
			break;
		case 2:
			board[sq_make(1, 8)] = piece_make(GOTE, KNIGHT);
			break;
		case 3:
			board[sq_make(3, 5)] = piece_make(SENTE, PAWN), board[sq_make(3, 7)] = piece_make(SENTE, PAWN);
			break;
		/* two sente rooks and a gote dragon (a promoted rook) */
		case 4:
			board[sq_make(3, 5)] = piece_make(SENTE, ROOK), board[sq_make(3, 6)] = piece_make(SENTE, ROOK),
			                 board[sq_make(3, 7)] = piece_make(GOTE, DRAGON);
			break;
		case 5:
			hand[SENTE][PAWN] = 19;
			break;
		case 6:
			board[sq_make(5, 9)] = piece_make(SENTE, GOLD), hand[GOTE][GOLD] = 4;
			break;
		/* sente to move, but sente's gold on 5b already checks gote's king on 5a */
		case 7:
			board[sq_make(5, 2)] = piece_make(SENTE, GOLD);
			break;
		}
		int rc = sfen_setup(&pos, board, hand, side, &err);
		if (rc != SFEN_ERR_ILLEGAL || strcmp(err.message, CASES[i].message) != 0)
			fail_msg("%s: got %d '%s', want '%s'", CASES[i].why, rc, rc ? err.message : "",
			         CASES[i].message);
	}
	/* the same gold check is fine with gote to move (gote is in check) */
	memset(board, 0, sizeof board);
	memset(hand, 0, sizeof hand);
	board[sq_make(5, 1)] = piece_make(GOTE, KING);
	board[sq_make(5, 2)] = piece_make(SENTE, GOLD);
	assert_int_equal(sfen_setup(&pos, board, hand, GOTE, &err), SFEN_OK);
	char text[160];
	sfen_format(&pos, text, sizeof text);
	assert_string_equal(text, "4k4/4G4/9/9/9/9/9/9/9 w - 1");
	/* sfen_check on a position that sfen_setup did not build: nifu put by hand */
	pos_put(&pos, sq_make(4, 5), piece_make(GOTE, PAWN));
	pos_put(&pos, sq_make(4, 3), piece_make(GOTE, PAWN));
	pos_finish_setup(&pos);
	assert_int_equal(sfen_check(&pos, &err), SFEN_ERR_ILLEGAL);
	assert_string_equal(err.message, "board: two unpromoted gote pawns on file 4, on 4c and 4e (nifu)");
}

/* notation: every legal move of a few positions written in USI and read
 * back is the same move. */
static void test_usi_round_trip(void **state)
{
	(void)state;
	static const char *positions[] = {
	    SFEN_STARTPOS, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
	    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", "7gk/9/6P1+P/9/9/9/9/9/9 b GSP2r2b2g3s4n4l15p 1"};
	static Position pos;
	int moves = 0;
	for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
		assert_int_equal(sfen_parse(&pos, positions[i], NULL), SFEN_OK);
		MoveList list;
		gen_legal(&pos, &list);
		for (int k = 0; k < list.n; k++) {
			char text[6];
			int len = 0;
			Move back = MOVE_NONE;
			usi_format(list.moves[k], text);
			Move parsed = usi_parse(text, &len);
			if (len != (int)strlen(text) || !gen_find_legal(&pos, parsed, &back) || back != list.moves[k])
				fail_msg("%s: %s does not read back", positions[i], text);
			moves++;
		}
	}
	assert_true(moves > 300); /* every position looked at: 30 at the start */
}

int main(void)
{
	core_init();
	const struct CMUnitTest t_sfen[] = {
	    cmocka_unit_test(test_spellings),           cmocka_unit_test(test_hands),
	    cmocka_unit_test(test_accepted_edge_cases), cmocka_unit_test(test_format),
	    cmocka_unit_test(test_round_trip),          cmocka_unit_test(test_rejects),
	    cmocka_unit_test(test_play_moves),          cmocka_unit_test(test_move_number_limit),
	    cmocka_unit_test(test_message_bytes),       cmocka_unit_test(test_setup_round_trip),
	    cmocka_unit_test(test_setup_rejects),
	};
	const struct CMUnitTest t_notation[] = {
	    cmocka_unit_test(test_usi_round_trip),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("sfen", t_sfen, NULL, NULL);
	failed += cmocka_run_group_tests_name("notation", t_notation, NULL, NULL);
	return failed;
}
