/*
 * test_kif.c -- Japanese move text and the BOD diagram (core/formats/kif.h).
 *
 *  - MOVE_CASES: JSA notation (棋譜の表記方法, shogi.or.jp/faq/kihuhyouki.html)
 *    on small positions written for each rule: 同, 成/不成, 打, and the
 *    modifiers 上/寄/引, 右/左/直 and their combinations, for both colours.
 *    The expected strings were written by hand from the rules and from the
 *    published examples (two golds on 4九/6九 to 5八; two dragons on 1三/2二
 *    to 2四, from the Wikipedia article 棋譜; four silvers round 5二, from
 *    shogitown's 棋譜の読み方; horses 9一/8一 to 8二; knights 6五/4五 to 5三).
 *  - the BOD diagram of the start position and of two tsume positions;
 *  - every KIF file in tests/data/problems/raw/{kifu-for-js,tsumemi}: the
 *    position (its SFEN written here by hand from the file's diagram) must
 *    print as the file's diagram, each move of the file must be the move
 *    field that kif_move_record writes for exactly one legal move, and the
 *    JSA text of that move must agree with the file's text once modifiers,
 *    打 and 不成 are set aside;
 *  - on the 5,000 positions of tests/data/problems/reference/legal-moves.txt:
 *    the JSA texts of all legal moves of a position are distinct, and a move
 *    carries a modifier or 打 only when its bare text is ambiguous.
 *
 * Over 600 lines because it is one module's table of hand-written cases
 * (MOVE_CASES and the diagrams) and reads best as one list.
 */
#include "testutil.h"

#include "kanji.h"
#include "kif.h"

#include <iconv.h>

/* ------------------------------------------------------------------ */
/* helpers */

/* Removes every occurrence of the UTF-8 string `word` from s, in place. */
static void remove_word(char *s, const char *word)
{
	size_t n = strlen(word);
	char *p;
	while ((p = strstr(s, word)) != NULL)
		memmove(p, p + n, strlen(p + n) + 1);
}

/* Copies src into dst of size bytes, cutting it if needed. */
static void copy_text(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);
	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Removes a trailing 成 or 不成 (the promotion word is always last; 成 inside
 * the names 成香/成桂/成銀 is kept). */
static void strip_promotion(char *s)
{
	size_t n = strlen(s);
	static const char *const WORDS[] = {"不成", "成"};
	for (int i = 0; i < 2; i++) {
		size_t w = strlen(WORDS[i]);
		if (n >= w && strcmp(s + n - w, WORDS[i]) == 0) {
			s[n - w] = '\0';
			return;
		}
	}
}

/* The JSA text without its mark (if skip_mark), promotion word, modifiers
 * and 打: the part that names only the destination and the piece. */
static void bare_text(const char *text, bool skip_mark, char *out, size_t size)
{
	copy_text(out, size, skip_mark ? text + strlen("▲") : text);
	strip_promotion(out);
	static const char *const WORDS[] = {"打", "右", "左", "直", "上", "引", "寄"};
	for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
		remove_word(out, WORDS[i]);
}

/* true iff a and b start from the same square or are both drops. */
static bool same_origin(Move a, Move b)
{
	if (move_is_drop(a) || move_is_drop(b))
		return move_is_drop(a) && move_is_drop(b);
	return move_from(a) == move_from(b);
}

/* ------------------------------------------------------------------ */
/* JSA move text */

typedef struct {
	const char *sfen;
	const char *prev; /* USI of the previous move (only its destination counts), or NULL */
	const char *usi;
	const char *expect;
} MoveCase;

static const MoveCase MOVE_CASES[] = {
    /* plain moves, both colours, kings */
    {SFEN_STARTPOS, NULL, "7g7f", "▲７六歩"},
    {"startpos moves 7g7f", NULL, "3c3d", "△３四歩"},
    {SFEN_STARTPOS, NULL, "5i5h", "▲５八玉"},
    {"startpos moves 7g7f", NULL, "5a5b", "△５二玉"},
    {SFEN_STARTPOS, NULL, "7i6h", "▲６八銀"},
    {SFEN_STARTPOS, NULL, "6i7h", "▲７八金"},
    /* 成 / 不成 */
    {"startpos moves 7g7f 3c3d", NULL, "8h2b+", "▲２二角成"},
    {"startpos moves 7g7f 3c3d", NULL, "8h2b", "▲２二角不成"},
    {"4k4/9/9/7P1/9/9/9/9/4K4 b - 1", NULL, "2d2c", "▲２三歩不成"},
    {"4k4/9/9/7P1/9/9/9/9/4K4 b - 1", NULL, "2d2c+", "▲２三歩成"},
    {"4k4/9/9/9/9/4s4/9/9/K8 w - 1", NULL, "5f5g", "△５七銀不成"},
    {"4k4/9/9/9/9/4s4/9/9/K8 w - 1", NULL, "5f5g+", "△５七銀成"},
    {"4R3G/7k1/6ppp/9/9/9/9/9/9 b r2b3g4s4n4l15p 1", NULL, "5a2a+", "▲２一飛成"},
    /* 同: the destination of the previous move */
    {"startpos moves 7g7f 3c3d 8h2b+", "8h2b+", "3a2b", "△同　銀"},
    {"startpos moves 7g7f 3c3d 8h2b+", "8h2b+", "8b2b", "△同　飛"},
    {"startpos moves 7g7f 3c3d 8h2b+", NULL, "3a2b", "△２二銀"},
    {"startpos moves 7g7f 3c3d 8h2b+", "3c3d", "3a2b", "△２二銀"},
    {"l3k4/+L8/9/9/9/9/9/9/4K4 b - 1", "8b9a", "9b9a", "▲同　成香"},
    /* piece names of promoted pieces */
    {"4k4/9/9/9/9/9/+P+L+N6/9/9 b - 1", NULL, "9g9f", "▲９六と"},
    {"4k4/9/9/9/9/9/+P+L+N6/9/9 b - 1", NULL, "8g8f", "▲８六成香"},
    {"4k4/9/9/9/9/9/+P+L+N6/9/9 b - 1", NULL, "7g7f", "▲７六成桂"},
    {"4k4/9/9/7+S1/9/9/9/9/4K4 b G 1", NULL, "2d2c", "▲２三成銀"},
    /* 打 only when a board piece of the same kind could go there too */
    {"4k4/9/9/9/9/9/9/9/4K4 b G 1", NULL, "G*2c", "▲２三金"},
    {"4k4/9/9/7G1/9/9/9/9/4K4 b G 1", NULL, "G*2c", "▲２三金打"},
    {"4k4/9/9/7G1/9/9/9/9/4K4 b G 1", NULL, "2d2c", "▲２三金"},
    {"4k4/9/9/7+S1/9/9/9/9/4K4 b G 1", NULL, "G*2c", "▲２三金"}, /* 成銀 is another kind */
    {"4k4/9/9/9/9/5S3/9/9/4K4 b S 1", NULL, "S*3e", "▲３五銀打"},
    {"4k4/9/9/9/9/5S3/9/9/4K4 b S 1", NULL, "4f3e", "▲３五銀"},
    {"4k4/9/9/9/9/9/9/9/4K3L b L 1", NULL, "L*1e", "▲１五香打"},
    {"4k4/9/9/9/9/9/9/9/4K3L b L 1", NULL, "1i1e", "▲１五香"},
    {"4k4/7s1/9/9/9/9/9/9/4K4 w s 1", NULL, "S*3a", "△３一銀打"},
    {"4k4/7s1/9/9/9/9/9/9/4K4 w s 1", NULL, "2b3a", "△３一銀"},
    /* 右 / 左: the JSA example, golds on 4九 and 6九 (here the start position) */
    {SFEN_STARTPOS, NULL, "6i5h", "▲５八金左"},
    {SFEN_STARTPOS, NULL, "4i5h", "▲５八金右"},
    /* 直 */
    {"4k4/9/9/9/9/9/9/9/K3GG3 b - 1", NULL, "5i5h", "▲５八金直"},
    {"4k4/9/9/9/9/9/9/9/K3GG3 b - 1", NULL, "4i5h", "▲５八金右"},
    /* three golds abreast: 左 / 直 / 右, no motion word needed */
    {"4k4/9/9/9/9/9/9/9/K2GGG3 b - 1", NULL, "6i5h", "▲５八金左"},
    {"4k4/9/9/9/9/9/9/9/K2GGG3 b - 1", NULL, "5i5h", "▲５八金直"},
    {"4k4/9/9/9/9/9/9/9/K2GGG3 b - 1", NULL, "4i5h", "▲５八金右"},
    /* 上 / 寄: the motion decides first */
    {"4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", NULL, "5i5h", "▲５八金上"},
    {"4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", NULL, "4h5h", "▲５八金寄"},
    /* 上 / 引 (silvers) */
    {"4k4/9/9/9/9/9/5S3/9/K6S1 b - 1", NULL, "4g3h", "▲３八銀引"},
    {"4k4/9/9/9/9/9/5S3/9/K6S1 b - 1", NULL, "2i3h", "▲３八銀上"},
    /* golds on 6九, 4九, 4八: 4八 alone moves sideways (寄), 6九 alone stands
     * left (左); 4九 shares 上 with 6九 and 右 with 4八, so it needs both */
    {"4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1", NULL, "4h5h", "▲５八金寄"},
    {"4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1", NULL, "6i5i", "▲５九金左"}, /* 4九 can step to 5九 too */
    {"4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1", NULL, "6i5h", "▲５八金左"},
    {"4k4/9/9/9/9/9/9/5G3/K2G1G3 b - 1", NULL, "4i5h", "▲５八金右上"},
    /* four silvers round 5二 (6一, 4一, 6三, 4三): position and motion */
    {"k2S1S3/9/3S1S3/9/9/9/9/9/4K4 b - 1", NULL, "6a5b+", "▲５二銀左引成"},
    {"k2S1S3/9/3S1S3/9/9/9/9/9/4K4 b - 1", NULL, "6c5b+", "▲５二銀左上成"},
    {"k2S1S3/9/3S1S3/9/9/9/9/9/4K4 b - 1", NULL, "4a5b", "▲５二銀右引不成"},
    {"k2S1S3/9/3S1S3/9/9/9/9/9/4K4 b - 1", NULL, "4c5b+", "▲５二銀右上成"},
    /* three silvers abreast below 5二 */
    {"k8/9/3SSS3/9/9/9/9/9/4K4 b - 1", NULL, "5c5b+", "▲５二銀直成"},
    {"k8/9/3SSS3/9/9/9/9/9/4K4 b - 1", NULL, "6c5b", "▲５二銀左不成"},
    {"k8/9/3SSS3/9/9/9/9/9/4K4 b - 1", NULL, "4c5b+", "▲５二銀右成"},
    /* knights */
    {"4k4/9/9/9/9/9/9/9/K4N1N1 b - 1", NULL, "4i3g", "▲３七桂左"},
    {"4k4/9/9/9/9/9/9/9/K4N1N1 b - 1", NULL, "2i3g", "▲３七桂右"},
    {"k8/9/9/9/3N1N3/9/9/9/4K4 b - 1", NULL, "6e5c+", "▲５三桂左成"},
    {"k8/9/9/9/3N1N3/9/9/9/4K4 b - 1", NULL, "4e5c", "▲５三桂右不成"},
    /* bishops: position relative to the destination; motion first */
    {"4k4/9/9/9/9/9/2B3B2/9/4K4 b - 1", NULL, "7g5e", "▲５五角左"},
    {"4k4/9/9/9/9/9/2B3B2/9/4K4 b - 1", NULL, "3g5e", "▲５五角右"},
    {"4k3B/9/9/9/9/9/9/9/B3K4 b - 1", NULL, "1a3c+", "▲３三角引成"},
    {"4k3B/9/9/9/9/9/9/9/B3K4 b - 1", NULL, "9i3c+", "▲３三角上成"},
    {"4k3B/9/9/9/9/9/9/9/B3K4 b - 1", NULL, "9i3c", "▲３三角上不成"},
    /* rooks */
    {"4k4/9/9/9/R7R/9/9/9/4K4 b - 1", NULL, "9e5e", "▲５五飛左"},
    {"4k4/9/9/9/R7R/9/9/9/4K4 b - 1", NULL, "1e5e", "▲５五飛右"},
    {"k8/9/9/9/8R/9/9/9/3KR4 b - 1", NULL, "5i5e", "▲５五飛上"},
    {"k8/9/9/9/8R/9/9/9/3KR4 b - 1", NULL, "1e5e", "▲５五飛寄"},
    /* dragons: both 引 to 2四, 右/左 compare the two dragons (Wikipedia 棋譜) */
    {"k8/7+R1/8+R/9/9/9/9/9/4K4 b - 1", NULL, "1c2d", "▲２四龍右"},
    {"k8/7+R1/8+R/9/9/9/9/9/4K4 b - 1", NULL, "2b2d", "▲２四龍左"},
    {"k8/9/9/9/8+R/9/9/9/4+R4 b - 1", NULL, "5i5e", "▲５五龍上"},
    {"k8/9/9/9/8+R/9/9/9/4+R4 b - 1", NULL, "1e5e", "▲５五龍寄"},
    {"1k7/9/9/9/+R7+R/9/9/9/9 b - 1", NULL, "9e5e", "▲５五龍左"},
    {"1k7/9/9/9/+R7+R/9/9/9/9 b - 1", NULL, "1e5e", "▲５五龍右"},
    /* horses: both 引 to 8二 */
    {"+B+B7/9/9/9/9/9/9/9/4k4 b - 1", NULL, "9a8b", "▲８二馬左"},
    {"+B+B7/9/9/9/9/9/9/9/4k4 b - 1", NULL, "8a8b", "▲８二馬右"},
    /* gote: forward is toward rank 9, gote's right is toward file 9 */
    {"3g1g3/9/9/9/9/9/9/9/k3K4 w - 1", NULL, "6a5b", "△５二金右"},
    {"3g1g3/9/9/9/9/9/9/9/k3K4 w - 1", NULL, "4a5b", "△５二金左"},
    {"3gg4/9/9/9/9/9/9/9/k3K4 w - 1", NULL, "5a5b", "△５二金直"},
    {"3gg4/9/9/9/9/9/9/9/k3K4 w - 1", NULL, "6a5b", "△５二金右"},
    {"3s5/9/5s3/9/9/9/9/9/k3K4 w - 1", NULL, "4c5b", "△５二銀引"},
    {"3s5/9/5s3/9/9/9/9/9/k3K4 w - 1", NULL, "6a5b", "△５二銀上"},
    {"4k4/9/9/9/9/9/+r8/1+r7/8K w - 1", NULL, "9g8f", "△８六龍右"},
    {"4k4/9/9/9/9/9/+r8/1+r7/8K w - 1", NULL, "8h8f", "△８六龍左"},
    /* promoted silvers are a kind of their own */
    {"4k4/9/9/9/9/9/9/9/3+S1+S3 b - 1", NULL, "6i5h", "▲５八成銀左"},
    {"4k4/9/9/9/9/9/9/9/3+S1+S3 b - 1", NULL, "4i5h", "▲５八成銀右"},
    {"4k4/9/9/9/9/9/9/9/3G1+S3 b - 1", NULL, "6i5h", "▲５八金"},
    {"4k4/9/9/9/9/9/9/9/3G1+S3 b - 1", NULL, "4i5h", "▲５八成銀"},
    /* a pinned gold cannot go to 5八, so the other one needs no modifier
     * (unpinned it would be ▲５八金寄, see above) */
    {"4k4/9/9/9/9/9/9/5G3/K2G2r2 b - 1", NULL, "4h5h", "▲５八金"},
    {"4k4/9/9/9/9/9/9/5G3/K2G2r2 b - 1", NULL, "6i5i", "▲５九金"},
};

static void test_move_cases(void **state)
{
	(void)state;
	static Position pos;
	char buf[KIF_MOVE_MAX];
	int failures = 0;
	for (size_t i = 0; i < sizeof MOVE_CASES / sizeof MOVE_CASES[0]; i++) {
		const MoveCase *c = &MOVE_CASES[i];
		tu_parse(&pos, c->sfen);
		Move m = tu_legal(&pos, c->usi);
		Move prev = MOVE_NONE;
		if (c->prev) {
			int len;
			prev = usi_parse(c->prev, &len);
		}
		int n = kif_move(&pos, m, prev, buf, sizeof buf);
		if (n != (int)strlen(c->expect) || strcmp(buf, c->expect) != 0) {
			print_error("case %zu: %s, %s: got '%s' (%d), expected '%s'\n", i, c->sfen, c->usi, buf, n,
			            c->expect);
			failures++;
		}
	}
	assert_int_equal(failures, 0);
}

/* The KIF-file move field. */
static void test_move_record(void **state)
{
	(void)state;
	static const MoveCase CASES[] = {
	    {SFEN_STARTPOS, NULL, "7g7f", "７六歩(77)"},
	    {"startpos moves 7g7f 3c3d", NULL, "8h2b+", "２二角成(88)"},
	    {"startpos moves 7g7f 3c3d", NULL, "8h2b", "２二角(88)"},
	    {"startpos moves 7g7f 3c3d 8h2b+", "8h2b+", "3a2b", "同　銀(31)"},
	    {"4k4/9/9/9/9/9/9/9/4K4 b G 1", NULL, "G*2c", "２三金打"},
	    {"4k4/7s1/9/9/9/9/9/9/4K4 w s 1", NULL, "S*3a", "３一銀打"},
	    {"k8/7+R1/8+R/9/9/9/9/9/4K4 b - 1", NULL, "1c2d", "２四龍(13)"},
	    {"4k4/9/9/9/9/9/+P+L+N6/9/9 b - 1", NULL, "8g8f", "８六成香(87)"},
	};
	static Position pos;
	char buf[KIF_MOVE_MAX];
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		tu_parse(&pos, CASES[i].sfen);
		Move m = tu_legal(&pos, CASES[i].usi);
		int len;
		Move prev = CASES[i].prev ? usi_parse(CASES[i].prev, &len) : MOVE_NONE;
		assert_int_equal(kif_move_record(&pos, m, prev, buf, sizeof buf), (int)strlen(CASES[i].expect));
		assert_string_equal(buf, CASES[i].expect);
	}
}

static void test_buffer_too_small(void **state)
{
	(void)state;
	static Position pos;
	tu_parse(&pos, SFEN_STARTPOS);
	Move m = tu_legal(&pos, "7g7f");
	const char *expect = "▲７六歩";
	size_t need = strlen(expect) + 1;
	char buf[64];
	for (size_t size = 0; size < need; size++) {
		memset(buf, 'x', sizeof buf);
		assert_int_equal(kif_move(&pos, m, MOVE_NONE, buf, size), -1);
		if (size > 0)
			assert_int_equal(buf[0], '\0');
		assert_int_equal(buf[size], 'x'); /* nothing written past the buffer */
	}
	assert_int_equal(kif_move(&pos, m, MOVE_NONE, buf, need), (int)need - 1);
	assert_string_equal(buf, expect);

	char board[KIF_BOARD_MAX];
	int n = kif_board(&pos, board, sizeof board);
	assert_true(n > 0);
	assert_int_equal(kif_board(&pos, board, (size_t)n), -1);
	assert_int_equal(kif_board(&pos, board, (size_t)n + 1), n);
}

/* taichitsume.kif, read with the rules: no board silver or gold can reach
 * 1三 / 1二, so no 打; the silver on 3二 entering 2一 may promote, and the
 * file's "２一銀(32)" is the non-promotion. */
static void test_line(void **state)
{
	(void)state;
	static Position pos;
	tu_parse(&pos, "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1");
	Move moves[8];
	const char *usi = "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b";
	static Position walk;
	walk = pos;
	int n = sfen_play_moves(&walk, usi, 0, moves, 8, NULL);
	assert_int_equal(n, 7);
	uint64_t key = pos_key(&pos);
	char buf[512];
	int len = kif_line(&pos, moves, n, buf, sizeof buf);
	const char *expect = "▲１三銀 △同　桂 ▲１二金 △同　玉 ▲２一銀不成 △２二玉 ▲３二と";
	assert_string_equal(buf, expect);
	assert_int_equal(len, (int)strlen(expect));
	assert_int_equal(pos.ply, 0);
	assert_true(pos_key(&pos) == key);
	/* too small: -1, and the position is still restored */
	assert_int_equal(kif_line(&pos, moves, n, buf, 20), -1);
	assert_int_equal(pos.ply, 0);
	assert_true(pos_key(&pos) == key);
	assert_int_equal(kif_line(&pos, moves, 0, buf, sizeof buf), 0);
	assert_string_equal(buf, "");
}

/* ------------------------------------------------------------------ */
/* BOD diagram */

static void check_board(const char *sfen, const char *expect)
{
	static Position pos;
	tu_parse(&pos, sfen);
	char buf[KIF_BOARD_MAX];
	int n = kif_board(&pos, buf, sizeof buf);
	assert_string_equal(buf, expect);
	assert_int_equal(n, (int)strlen(expect));
}

static void test_board_startpos(void **state)
{
	(void)state;
	check_board(SFEN_STARTPOS, "後手の持駒：なし\n"
	                           "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
	                           "+---------------------------+\n"
	                           "|v香v桂v銀v金v玉v金v銀v桂v香|一\n"
	                           "| ・v飛 ・ ・ ・ ・ ・v角 ・|二\n"
	                           "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三\n"
	                           "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
	                           "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
	                           "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
	                           "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七\n"
	                           "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n"
	                           "| 香 桂 銀 金 玉 金 銀 桂 香|九\n"
	                           "+---------------------------+\n"
	                           "先手の持駒：なし\n"
	                           "先手番\n");
}

static void test_board_tsume(void **state)
{
	(void)state;
	/* tsumemi/1te/1.kif: gote holds the rest of the set */
	check_board("6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
	            "後手の持駒：飛二　角二　金三　銀四　桂四　香四　歩十七\n"
	            "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
	            "+---------------------------+\n"
	            "| ・ ・ ・ ・ ・ ・v玉 ・ ・|一\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
	            "| ・ ・ ・ ・ ・ ・ 歩 ・ ・|三\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
	            "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
	            "+---------------------------+\n"
	            "先手の持駒：金\n"
	            "先手番\n");
	/* one-character promoted names, counts in both hands, gote to move */
	check_board("+L+n+S4k1/9/6+p2/9/4+b4/9/9/9/4K3+R w 2GS17Prb2g 1", "後手の持駒：飛　角　金二\n"
	                                                                  "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
	                                                                  "+---------------------------+\n"
	                                                                  "| 杏v圭 全 ・ ・ ・ ・v玉 ・|一\n"
	                                                                  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
	                                                                  "| ・ ・ ・ ・ ・ ・vと ・ ・|三\n"
	                                                                  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
	                                                                  "| ・ ・ ・ ・v馬 ・ ・ ・ ・|五\n"
	                                                                  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
	                                                                  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
	                                                                  "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
	                                                                  "| ・ ・ ・ ・ 玉 ・ ・ ・ 龍|九\n"
	                                                                  "+---------------------------+\n"
	                                                                  "先手の持駒：金二　銀　歩十七\n"
	                                                                  "後手番\n");
	/* eighteen pawns in hand */
	static Position pos;
	tu_parse(&pos, "4k4/9/9/9/9/9/9/9/4K4 b 18P 1");
	char buf[KIF_BOARD_MAX];
	assert_true(kif_board(&pos, buf, sizeof buf) > 0);
	assert_non_null(strstr(buf, "\n先手の持駒：歩十八\n"));
}

/* ------------------------------------------------------------------ */
/* the KIF files of tests/data */

typedef struct {
	const char *path; /* under TEST_DATA_DIR/problems/raw/ */
	const char *sfen; /* written by hand from the file's diagram */
	bool uses_dou;    /* the file writes 同 for a recapture (ぴよ将棋 does not) */
	int moves;        /* number of moves in the file */
	const char *jsa;  /* expected kif_line of the whole file, or NULL */
} KifFile;

static const KifFile KIF_FILES[] = {
    {"kifu-for-js/hashimoto-sos.kif", "9/9/3ppP3/3r5/3nkB3/5R3/3sgG3/9/9 b Gbg3s3n4l15p 1", true, 7,
     /* 6六金: the gold on 5七 cannot reach 6六, so no 打; 5五金 is the dropped
      * gold, alone (the 5七 gold is gote's) */
     "▲６六金 △４四玉 ▲２三角成 △５四玉 ▲５五金 △同　玉 ▲４五馬"},
    /* 煙詰: the same text comes out of tsshogi's formatMove (ShogiHome's
     * library, independent of ours).  Checked by hand: 7 ▲７二と and 11
     * ▲７三歩成 name one piece each; 25 ▲７三飛 has no 打 (the board piece is
     * a 龍); 34 △同　銀不成, the silver leaves gote's zone (8七) unpromoted;
     * 53 ▲同　と引, the と on 5五 steps back while the one on 4六 could
     * step sideways (寄); the file itself never writes 同. */
    {"kifu-for-js/kanju-kemuri.kif",
     "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", false, 117,
     "▲８一と △同　玉 ▲７一香成 △９一玉 ▲８一成香 △同　玉 ▲７二と "
     "△９一玉 ▲８二と △同　玉 ▲７三歩成 △９一玉 ▲８二と △同　玉 "
     "▲７三と △９一玉 ▲８二と △同　玉 ▲７二香成 △９一玉 ▲８二成香 "
     "△同　玉 ▲９三馬 △同　玉 ▲７三飛 △９四玉 ▲８三飛成 △８五玉 "
     "▲８四龍 △同　玉 ▲５四龍 △９五玉 ▲９六香 △同　銀不成 ▲同　歩 "
     "△同　玉 ▲８七銀 △９七玉 ▲９四龍 △８七玉 ▲８五龍 △７八玉 "
     "▲８八龍 △６七玉 ▲６八銀 △５八玉 ▲５七銀 △４七玉 ▲４六と "
     "△５七玉 ▲５六金 △同　と ▲同　と引 △６七玉 ▲７六銀 △同　玉 "
     "▲６六と △同　玉 ▲７七龍 △６五玉 ▲５五と △同　玉 ▲６六龍 "
     "△４五玉 ▲４四と △同　玉 ▲５六龍 △５五歩 ▲同　龍 △３三玉 "
     "▲５三龍 △３四玉 ▲４四龍 △２三玉 ▲２四龍 △同　玉 ▲１五と "
     "△３四玉 ▲４四金 △２三玉 ▲２四歩 △１三玉 ▲２三金 △同　銀 "
     "▲同　歩成 △同　玉 ▲３五桂 △１二玉 ▲１三歩 △同　玉 ▲１四歩 "
     "△１二玉 ▲１三銀 △同　桂 ▲同　歩成 △同　玉 ▲２三桂成 △同　玉 "
     "▲３三金 △１二玉 ▲１三歩 △同　玉 ▲２五桂 △１二玉 ▲２三金 "
     "△同　玉 ▲３三角成 △１二玉 ▲１三桂成 △同　玉 ▲２四と △１二玉 "
     "▲２三と △１一玉 ▲２一香成 △同　玉 ▲２二馬"},
    {"kifu-for-js/taichitsume.kif", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", true, 7,
     "▲１三銀 △同　桂 ▲１二金 △同　玉 ▲２一銀不成 △２二玉 ▲３二と"},
    {"tsumemi/1te/1.kif", "6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", true, 1, "▲３二金"},
    {"tsumemi/1te/2.kif", "7k1/9/7S1/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", true, 1, "▲２二銀打"},
    {"tsumemi/1te/3.kif", "7nk/7bl/9/9/6N2/9/9/9/9 b 2rb4g4s2n3l18p 1", true, 1, "▲２三桂不成"},
    {"tsumemi/1te/4.kif", "4R3G/7k1/6ppp/9/9/9/9/9/9 b r2b3g4s4n4l15p 1", true, 1, "▲２一飛成"},
    {"tsumemi/1te/5.kif", "8l/6S1k/9/9/9/9/9/9/9 b G2r2b3g3s4n3l18p 1", true, 1, "▲２三金"},
    {"tsumemi/1te/6.kif", "5g3/6kS1/9/9/9/9/9/9/9 b G2r2b2g3s4n4l18p 1", true, 1, "▲３三金"},
    {"tsumemi/1te/7.kif", "7kl/7g1/7+R1/9/9/9/9/9/9 b Sr2b3g3s4n3l18p 1", true, 1, "▲３二銀"},
    {"tsumemi/1te/8.kif", "5lk2/8R/5Ps2/6N2/6L2/9/9/9/9 b r2b4g3s3n2l17p 1", true, 1, "▲２二桂成"},
    {"tsumemi/1te/9.kif", "9/5gp2/6kSR/4NL1p1/4B1P2/9/9/9/9 b rb3g3s3n3l15p 1", true, 1, "▲３四歩"},
    {"tsumemi/1te/10.kif", "6p+B1/5n3/5Sk1S/5N1L1/4BG3/9/9/9/9 b 2r3g2s2n3l17p 1", true, 1, "▲５二桂成"},
    {"tsumemi/3te/1.kif", "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1", true, 3, "▲５三銀打 △４一玉 ▲４二金"},
    {"tsumemi/3te/2.kif", "7kl/9/5+P3/9/9/9/9/9/9 b GS2r2b3g3s4n3l17p 1", true, 3, "▲３二銀 △２二玉 ▲２三金"},
    {"tsumemi/3te/3.kif", "8k/6+b2/7pB/8L/9/9/9/9/9 b G2r3g4s4n3l17p 1", true, 3, "▲１二金 △同　玉 ▲３一角成"},
    {"tsumemi/3te/4.kif", "7k1/9/6+P2/8s/9/9/9/9/9 b SL2r2b4g2s4n3l17p 1", true, 3, "▲２二銀 △１二玉 ▲１三香"},
    {"tsumemi/3te/5.kif", "7S1/7r1/8k/8p/7P1/9/9/9/9 b 2Gr2b2g3s4n4l16p 1", true, 3, "▲２三金 △同　玉 ▲２四金"},
    {"tsumemi/3te/6.kif", "6k2/3r2g1P/6+R2/9/9/9/9/9/9 b GN2b2g4s3n4l17p 1", true, 3, "▲４三桂 △４一玉 ▲５一金"},
    {"tsumemi/3te/7.kif", "5l1kl/9/6+P2/7+pP/9/9/9/9/9 b LP2r2b4g4s4nl14p 1", true, 3, "▲２二歩 △１二玉 ▲１三香"},
    {"tsumemi/3te/8.kif", "7nl/7k1/5Npp1/9/9/9/9/9/9 b RBrb4g4s2n3l16p 1", true, 3, "▲３一角 △３二玉 ▲４二飛"},
    {"tsumemi/3te/9.kif", "6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", true, 3, "▲３三金 △同　玉 ▲２二角成"},
    {"tsumemi/3te/10.kif", "8+r/7k1/6pB1/7P1/9/9/9/9/9 b GSrb3g3s4n4l16p 1", true, 3, "▲３一銀 △同　龍 ▲１二金"},
};

/* Reads a Shift_JIS (CP932) file of tests/data as UTF-8 lines without "\r". */
static int read_kif_lines(const char *rel, char lines[][256], int max_lines)
{
	FILE *f = tu_open_data(rel);
	static char raw[65536], utf8[3 * 65536];
	size_t n = fread(raw, 1, sizeof raw - 1, f);
	fclose(f);
	iconv_t cd = iconv_open("UTF-8", "CP932");
	if (cd == (iconv_t)-1)
		fail_msg("iconv cannot convert CP932 to UTF-8");
	char *in = raw, *out = utf8;
	size_t in_left = n, out_left = sizeof utf8 - 1;
	if (iconv(cd, &in, &in_left, &out, &out_left) == (size_t)-1)
		fail_msg("%s: not valid CP932", rel);
	iconv_close(cd);
	*out = '\0';
	int count = 0;
	for (char *s = utf8; *s && count < max_lines;) {
		size_t len = strcspn(s, "\n");
		size_t keep = len && s[len - 1] == '\r' ? len - 1 : len;
		if (keep >= 256)
			fail_msg("%s: line too long", rel);
		memcpy(lines[count], s, keep);
		lines[count][keep] = '\0';
		count++;
		s += len;
		if (*s == '\n')
			s++;
	}
	return count;
}

/* Strips trailing ASCII and full-width spaces (Kifu for Windows ends the
 * hand lines with "　"). */
static void strip_trailing_spaces(char *s)
{
	size_t n = strlen(s);
	const size_t w = strlen("　");
	for (;;) {
		if (n > 0 && s[n - 1] == ' ')
			n--;
		else if (n >= w && memcmp(s + n - w, "　", w) == 0)
			n -= w;
		else
			break;
	}
	s[n] = '\0';
}

/* The file's diagram (後手の持駒 .. 先手の持駒) must be our kif_board output. */
static void check_file_diagram(const KifFile *kf, const Position *pos, char lines[][256], int nlines)
{
	char board[KIF_BOARD_MAX];
	assert_true(kif_board(pos, board, sizeof board) > 0);
	int start = -1;
	for (int i = 0; i < nlines && start < 0; i++)
		if (strncmp(lines[i], "後手の持駒：", strlen("後手の持駒：")) == 0)
			start = i;
	if (start < 0)
		fail_msg("%s: no diagram", kf->path);
	const char *b = board;
	for (int k = 0; k < 14; k++) {
		size_t len = strcspn(b, "\n");
		char mine[256], theirs[256];
		snprintf(mine, sizeof mine, "%.*s", (int)len, b);
		copy_text(theirs, sizeof theirs, lines[start + k]);
		strip_trailing_spaces(theirs);
		if (strcmp(mine, theirs) != 0)
			fail_msg("%s: diagram line %d: file '%s', kif_board '%s'", kf->path, k + 1, theirs, mine);
		b += len + 1;
	}
}

/* The move field of a move line "  12 ２三金打     ( 0:00/...)", or NULL. */
static const char *move_field(char *line, int *number)
{
	char *s = line;
	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return NULL;
	*number = (int)strtol(s, &s, 10);
	while (*s == ' ')
		s++;
	char *end = strchr(s, ' ');
	if (end)
		*end = '\0';
	return s;
}

static void replay_file(const KifFile *kf)
{
	static char lines[512][256];
	char rel[256];
	snprintf(rel, sizeof rel, "problems/raw/%s", kf->path);
	int nlines = read_kif_lines(rel, lines, 512);
	static Position pos, root;
	tu_parse(&pos, kf->sfen);
	root = pos;
	check_file_diagram(kf, &pos, lines, nlines);

	Move played[256];
	int n = 0;
	int first = -1;
	for (int i = 0; i < nlines && first < 0; i++)
		if (strncmp(lines[i], "手数----", strlen("手数----")) == 0)
			first = i + 1;
	assert_true(first > 0);
	for (int i = first; i < nlines; i++) {
		int number;
		const char *field = move_field(lines[i], &number);
		if (!field)
			continue; /* comments, "まで..." */
		if (strcmp(field, "詰み") == 0 || strcmp(field, "中断") == 0 || strcmp(field, "投了") == 0)
			break;
		if (number != n + 1)
			fail_msg("%s: move %d out of order", kf->path, number);
		Move prev = n ? played[n - 1] : MOVE_NONE;
		MoveList list;
		gen_legal(&pos, &list);
		Move found = MOVE_NONE;
		int matches = 0;
		char text[KIF_MOVE_MAX];
		for (int k = 0; k < list.n; k++) {
			kif_move_record(&pos, list.moves[k], kf->uses_dou ? prev : MOVE_NONE, text, sizeof text);
			if (strcmp(text, field) == 0) {
				found = list.moves[k];
				matches++;
			}
		}
		if (matches != 1)
			fail_msg("%s: move %d '%s' matches %d legal moves", kf->path, number, field, matches);
		/* The JSA text says the same once modifiers, 打 and 不成 are set aside. */
		char jsa[KIF_MOVE_MAX], bare_jsa[KIF_MOVE_MAX], bare_file[KIF_MOVE_MAX];
		assert_true(kif_move(&pos, found, kf->uses_dou ? prev : MOVE_NONE, jsa, sizeof jsa) > 0);
		bare_text(jsa, true, bare_jsa, sizeof bare_jsa);
		copy_text(bare_file, sizeof bare_file, field);
		char *paren = strchr(bare_file, '(');
		if (paren)
			*paren = '\0';
		remove_word(bare_file, "打");
		strip_promotion(bare_file);
		if (strcmp(bare_jsa, bare_file) != 0)
			fail_msg("%s: move %d: file '%s', kif_move '%s'", kf->path, number, field, jsa);
		assert_true(strncmp(jsa, pos.side == SENTE ? "▲" : "△", strlen("▲")) == 0);
		played[n++] = found;
		pos_do_move(&pos, found);
	}
	if (n != kf->moves)
		fail_msg("%s: %d moves read, %d expected", kf->path, n, kf->moves);

	/* The whole line, as JSA text. */
	static char line[8192];
	int len = kif_line(&root, played, n, line, sizeof line);
	assert_true(len > 0);
	if (kf->jsa && strcmp(line, kf->jsa) != 0)
		fail_msg("%s: kif_line '%s', expected '%s'", kf->path, line, kf->jsa);
}

static void test_kif_files(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof KIF_FILES / sizeof KIF_FILES[0]; i++)
		replay_file(&KIF_FILES[i]);
}

/* ------------------------------------------------------------------ */
/* invariants over 5,000 reference positions */

static void test_reference_unique(void **state)
{
	(void)state;
	FILE *f = tu_open_data("problems/reference/legal-moves.txt");
	static char sfen[8192], rest[16384];
	static char text[MAX_MOVES][KIF_MOVE_MAX], bare[MAX_MOVES][KIF_MOVE_MAX];
	static Position pos;
	int positions = 0, modified = 0, drops_with_da = 0;
	int limit = tu_quick() ? 300 : 5000;
	while (positions < limit && tu_read_line(f, sfen, sizeof sfen) && tu_read_line(f, rest, sizeof rest)) {
		tu_parse(&pos, sfen);
		MoveList list;
		gen_legal(&pos, &list);
		for (int i = 0; i < list.n; i++) {
			if (kif_move(&pos, list.moves[i], MOVE_NONE, text[i], KIF_MOVE_MAX) <= 0)
				fail_msg("%s: no text", sfen);
			bare_text(text[i], false, bare[i], KIF_MOVE_MAX);
		}
		for (int i = 0; i < list.n; i++) {
			bool bare_unique = true;
			for (int k = 0; k < list.n; k++) {
				if (k == i)
					continue;
				if (strcmp(text[i], text[k]) == 0) {
					char a[6], b[6];
					fail_msg("%s: %s and %s both read %s", sfen, usi_format(list.moves[i], a),
					         usi_format(list.moves[k], b), text[i]);
				}
				/* Only another board piece makes a text ambiguous (a drop
				 * is told apart by its own 打); the same piece promoting or
				 * not is one piece. */
				if (!move_is_drop(list.moves[k]) && !same_origin(list.moves[i], list.moves[k]))
					bare_unique &= strcmp(bare[i], bare[k]) != 0;
			}
			/* a modifier or 打 only where the bare text is ambiguous */
			char with_mod[KIF_MOVE_MAX];
			copy_text(with_mod, sizeof with_mod, text[i]);
			strip_promotion(with_mod);
			if (bare_unique && strcmp(with_mod, bare[i]) != 0) {
				char a[6];
				fail_msg("%s: %s reads %s, a needless modifier", sfen, usi_format(list.moves[i], a),
				         text[i]);
			}
			/* and always where it is */
			if (!bare_unique && strcmp(with_mod, bare[i]) == 0) {
				char a[6];
				fail_msg("%s: %s reads %s, a modifier is missing", sfen, usi_format(list.moves[i], a),
				         text[i]);
			}
			if (strcmp(with_mod, bare[i]) != 0) {
				if (move_is_drop(list.moves[i]))
					drops_with_da++;
				else
					modified++;
			}
		}
		positions++;
	}
	fclose(f);
	assert_int_equal(positions, limit);
	/* the set is full of game positions: modifiers and 打 must occur */
	assert_true(modified > 100);
	assert_true(drops_with_da > 10);
}

/* kanji: the tables are the characters their code points say (UTF-8
 * written here from the code points, not copied from the tables). */
static void utf8_of(unsigned cp, char out[4])
{
	out[0] = (char)(0xE0 | (cp >> 12));
	out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[2] = (char)(0x80 | (cp & 0x3F));
	out[3] = '\0';
}

static void test_kanji_tables(void **state)
{
	(void)state;
	char c[4];
	for (unsigned d = 0; d <= 9; d++) {
		utf8_of(0xFF10 + d, c); /* FULLWIDTH DIGIT */
		assert_string_equal(KANJI_ZEN_DIGIT[d], c);
	}
	static const unsigned numerals[10] = {0x3007, 0x4E00, 0x4E8C, 0x4E09, 0x56DB,
	                                      0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D};
	for (int n = 0; n <= 9; n++) {
		utf8_of(numerals[n], c);
		assert_string_equal(KANJI_NUM[n], c);
	}
	for (int n = 10; n <= 18; n++) {
		char ten[12];
		utf8_of(0x5341, ten); /* 十 */
		if (n > 10)
			strcat(ten, KANJI_NUM[n - 10]);
		assert_string_equal(KANJI_NUM[n], ten);
	}
	/* the pieces: 歩 U+6B69, 香 U+9999, 桂 U+6842, 銀 U+9280, 角 U+89D2, 飛 U+98DB, 金 U+91D1 */
	static const unsigned pieces[8] = {0, 0x6B69, 0x9999, 0x6842, 0x9280, 0x89D2, 0x98DB, 0x91D1};
	for (int pt = 1; pt < 8; pt++) {
		utf8_of(pieces[pt], c);
		assert_string_equal(KANJI_PIECE[pt], c);
	}
}

int main(void)
{
	core_init();
	const struct CMUnitTest t_kif[] = {
	    cmocka_unit_test(test_move_cases),       cmocka_unit_test(test_move_record),
	    cmocka_unit_test(test_buffer_too_small), cmocka_unit_test(test_line),
	    cmocka_unit_test(test_board_startpos),   cmocka_unit_test(test_board_tsume),
	    cmocka_unit_test(test_kif_files),        cmocka_unit_test(test_reference_unique),
	};
	const struct CMUnitTest t_kanji[] = {
	    cmocka_unit_test(test_kanji_tables),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("kif", t_kif, NULL, NULL);
	failed += cmocka_run_group_tests_name("kanji", t_kanji, NULL, NULL);
	return failed;
}
