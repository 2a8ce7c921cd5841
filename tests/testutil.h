/*
 * testutil.h -- helpers shared by the cmocka tests: locating the test data,
 * reading lines, and comparing move lists as strcmp-sorted USI strings.
 */
#ifndef TSUME_TESTUTIL_H
#define TSUME_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "movegen.h"
#include "notation.h"
#include "sfen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "build/testdata"
#endif

/* Opens TEST_DATA_DIR/rel for reading; fails the test if it is missing. */
static inline FILE *tu_open_data(const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", TEST_DATA_DIR, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s (make test unpacks tests/data there)", path);
	return f;
}

/* Opens the ShogiBoardQ set of mates in n plies (tests/data). */
static inline FILE *tu_open_shogiboardq(int n)
{
	char rel[128];
	snprintf(rel, sizeof rel, "problems/raw/shogiboardq/tsume_%dply_1000_20261001.txt", n);
	return tu_open_data(rel);
}

/* Reads one line without its end-of-line characters; false at end of file. */
static inline bool tu_read_line(FILE *f, char *buf, size_t size)
{
	if (!fgets(buf, (int)size, f))
		return false;
	buf[strcspn(buf, "\r\n")] = '\0';
	return true;
}

static inline int tu_cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Writes the list as strcmp-sorted, space-separated USI into out. */
static inline void tu_moves_string(const MoveList *list, char *out, size_t size)
{
	static char usi[MAX_MOVES][6];
	for (int i = 0; i < list->n; i++)
		usi_format(list->moves[i], usi[i]);
	qsort(usi, (size_t)list->n, sizeof usi[0], tu_cmp_str);
	size_t n = 0;
	out[0] = '\0';
	for (int i = 0; i < list->n && n + 8 < size; i++)
		n += (size_t)snprintf(out + n, size - n, "%s%s", i ? " " : "", usi[i]);
}

/* Parses SFEN text or fails the test with the parser's message. */
static inline void tu_parse(Position *pos, const char *sfen)
{
	SfenError err;
	if (sfen_parse(pos, sfen, &err) != SFEN_OK)
		fail_msg("cannot parse '%s': %s", sfen, err.message);
}

/* The legal move `usi` of pos, with its piece and capture filled in (as the
 * generators make it); fails the test if it is not legal there. */
static inline Move tu_legal(const Position *pos, const char *usi)
{
	int len;
	Move m = usi_parse(usi, &len), out;
	if (m == MOVE_NONE || !gen_find_legal(pos, m, &out))
		fail_msg("move %s is not legal here", usi);
	return out;
}

/* A hand from its counts: pawns, lances, knights, silvers, golds, bishops,
 * rooks. */
static inline Hand tu_hand(int p, int l, int n, int s, int g, int b, int r)
{
	Hand h = 0;
	h = hand_set(h, PAWN, p);
	h = hand_set(h, LANCE, l);
	h = hand_set(h, KNIGHT, n);
	h = hand_set(h, SILVER, s);
	h = hand_set(h, GOLD, g);
	h = hand_set(h, BISHOP, b);
	h = hand_set(h, ROOK, r);
	return h;
}

/* Reads the next problem line of f ("SFEN [moves m1 ...]"; '#' comments
 * and blank lines skipped) into line and parses it into pos, *moves
 * pointing at its moves text; fails the test on a parse error.  false at
 * end of file. */
static inline bool tu_read_root(FILE *f, char *line, size_t size, Position *pos, const char **moves)
{
	while (tu_read_line(f, line, size)) {
		if (line[0] == '#' || !line[0])
			continue;
		SfenError err;
		if (sfen_parse_root(pos, line, &err, moves) != SFEN_OK)
			fail_msg("%s: %s", line, err.message);
		return true;
	}
	return false;
}

/* Makes a fresh temporary directory $TMPDIR/NAME.XXXXXX into dir; 0 or -1. */
static inline int tu_tmpdir_create(char *dir, size_t size, const char *name)
{
	const char *base = getenv("TMPDIR");
	snprintf(dir, size, "%s/%s.XXXXXX", base && *base ? base : "/tmp", name);
	return mkdtemp(dir) ? 0 : -1;
}

/* Removes the directory made by tu_tmpdir_create and all it holds; 0 or -1. */
static inline int tu_tmpdir_remove(const char *dir)
{
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* true when the environment asks for a quick run (sanitizer builds). */
static inline bool tu_quick(void) { return getenv("TSUME_QUICK") != NULL; }

#endif
