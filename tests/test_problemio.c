/*
 * test_problemio.c -- problem-set reader and writer (core/formats/problemio.h).
 *
 * Files are written into a fresh temporary directory: plain text with
 * comments, blank lines, CRLF, a byte-order mark, the accepted prefixes and
 * metadata; gzip files written by pio_write and read back; a bad line in the
 * middle (reported with its number, the rest read); a 1 MB line; a NUL byte;
 * a gzip file cut in half and one with corrupt bytes (an error, no crash, the
 * stream ends); concatenated gzip members, and bytes after the last one.  Positions are stated inline as SFEN.
 */
#include "testutil.h"

#include "problemio.h"
#include "problemio_write.h"

#include <stdint.h>
#include <unistd.h>
#include <zlib.h>

static char tmpdir[256];
static PioProblem prob; /* ~250 KB: static, not on the stack */

static int setup(void **state)
{
	(void)state;
	core_init();
	return tu_tmpdir_create(tmpdir, sizeof tmpdir, "tsume-pio");
}

static int teardown(void **state)
{
	(void)state;
	return tu_tmpdir_remove(tmpdir);
}

static const char *tmp_path(const char *name)
{
	static char path[4][320];
	static int k;
	k = (k + 1) % 4;
	snprintf(path[k], sizeof path[k], "%s/%s", tmpdir, name);
	return path[k];
}

static void write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static size_t read_file(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	size_t n = fread(buf, 1, size, f);
	fclose(f);
	return n;
}

static void root_sfen(const PioProblem *p, char *buf)
{
	assert_int_equal(p->root.ply, 0);
	assert_true(sfen_format(&p->root, buf, 160) > 0);
}

static void moves_usi(const PioProblem *p, char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (int i = 0; i < p->n_moves && n + 8 < size; i++) {
		char usi[6];
		n += (size_t)snprintf(out + n, size - n, "%s%s", i ? " " : "", usi_format(p->moves[i], usi));
	}
}

/* Reads the next problem, which must be on this line with this root and moves. */
static void expect_problem(PioReader *r, long line, const char *sfen, const char *moves)
{
	PioError err;
	int rc = pio_next(r, &prob, &err);
	if (rc != PIO_OK)
		fail_msg("line %ld: pio_next returned %d (%ld: %s)", line, rc, err.line, err.message);
	assert_int_equal(prob.line, line);
	char buf[160], usi[8192];
	root_sfen(&prob, buf);
	assert_string_equal(buf, sfen);
	moves_usi(&prob, usi, sizeof usi);
	assert_string_equal(usi, moves);
}

static void expect_error(PioReader *r, int code, long line, const char *field, int column, const char *text)
{
	PioError err;
	int rc = pio_next(r, &prob, &err);
	if (rc != code)
		fail_msg("line %ld: pio_next returned %d, expected %d", line, rc, code);
	assert_int_equal(err.line, line);
	assert_string_equal(err.field, field);
	assert_int_equal(err.column, column);
	if (!strstr(err.message, text))
		fail_msg("line %ld: message '%s' lacks '%s'", line, err.message, text);
}

static void expect_end(PioReader *r)
{
	PioError err;
	assert_int_equal(pio_next(r, &prob, &err), PIO_END);
	assert_int_equal(pio_next(r, &prob, &err), PIO_END);
}

#define P3 "7nl/7k1/5Npp1/9/9/9/9/9/9 b RBrb4g4s2n3l16p 1" /* tsumemi 3te/8 */
#define P1 "6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"    /* tsumemi 1te/1 */

/* ------------------------------------------------------------------ */

static void test_plain_syntax(void **state)
{
	(void)state;
	const char text[] =
	    "\xEF\xBB\xBF# a comment after a BOM\r\n"
	    "\r\n"
	    "   # indented comment\n" P3 " moves B*3a 2b3b R*4b ; mate=3\r\n"
	    "sfen " P1 " moves G*3b\n"
	    "position sfen " P1 "\n"
	    "\t\n"
	    "position startpos moves 7g7f 3c3d # trailing comment; not metadata\n"
	    "\xEF\xBB\xBF" P1
	    " ; mate=1 name=1te No. 1, tsumemi ;source=a b.kif;x=\n" P1; /* last line without a newline */
	const char *path = tmp_path("plain.sfen");
	write_file(path, text, sizeof text - 1);
	PioError err;
	PioReader *r = pio_open(path, &err);
	assert_non_null(r);
	assert_string_equal(pio_path(r), path);

	expect_problem(r, 4, P3, "B*3a 2b3b R*4b");
	assert_int_equal(prob.n_meta, 1);
	assert_string_equal(prob.meta[0].key, "mate");
	assert_string_equal(prob.meta[0].value, "3");
	long mate = 0;
	assert_true(pio_meta_int(&prob, "mate", &mate));
	assert_int_equal(mate, 3);
	assert_string_equal(prob.text, P3 " moves B*3a 2b3b R*4b ; mate=3");

	expect_problem(r, 5, P1, "G*3b");
	assert_int_equal(prob.n_meta, 0);
	assert_null(pio_meta_get(&prob, "mate"));
	assert_false(pio_meta_int(&prob, "mate", &mate));

	expect_problem(r, 6, P1, "");
	expect_problem(r, 8, SFEN_STARTPOS, "7g7f 3c3d");
	assert_int_equal(prob.n_meta, 0);

	expect_problem(r, 9, P1, "");
	assert_string_equal(prob.text, P1 " ; mate=1 name=1te No. 1, tsumemi ;source=a b.kif;x="); /* no BOM */
	assert_int_equal(prob.n_meta, 4);
	assert_string_equal(pio_meta_get(&prob, "mate"), "1");
	assert_string_equal(pio_meta_get(&prob, "name"), "1te No. 1, tsumemi");
	assert_string_equal(pio_meta_get(&prob, "source"), "a b.kif");
	assert_string_equal(pio_meta_get(&prob, "x"), "");
	assert_false(prob.meta_truncated);

	expect_problem(r, 10, P1, "");
	expect_end(r);
	assert_int_equal(pio_lines_read(r), 10);
	pio_close(r);
}

/* The moves are the answer: the root is the position before them. */
static void test_root_before_moves(void **state)
{
	(void)state;
	const char *path = tmp_path("root.sfen");
	const char text[] = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 7 moves 7g7f 3c3d 8h2b+\n";
	write_file(path, text, sizeof text - 1);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 7", "7g7f 3c3d 8h2b+");
	/* the stored moves are the generator's (captured piece filled) */
	assert_int_equal(move_captured(prob.moves[2]), piece_make(GOTE, BISHOP));
	expect_end(r);
	pio_close(r);
}

static void test_metadata_limits(void **state)
{
	(void)state;
	char line[2048];
	int n = snprintf(line, sizeof line, "%s ;", P1);
	for (int i = 0; i < PIO_META_MAX + 2; i++)
		n += snprintf(line + n, sizeof line - (size_t)n, " k%d=%d", i, i);
	n += snprintf(line + n, sizeof line - (size_t)n, "\n%s ; name=", P1);
	/* a 300-byte value of three-byte characters: cut at 198 bytes, whole characters */
	for (int i = 0; i < 100; i++)
		n += snprintf(line + n, sizeof line - (size_t)n, "詰");
	n += snprintf(line + n, sizeof line - (size_t)n, " ; mate=1\n");
	const char *path = tmp_path("meta.sfen");
	write_file(path, line, (size_t)n);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "");
	assert_int_equal(prob.n_meta, PIO_META_MAX);
	assert_true(prob.meta_truncated);
	assert_string_equal(prob.meta[7].key, "k7");
	assert_string_equal(prob.meta[7].value, "7");
	expect_problem(r, 2, P1, "");
	assert_true(prob.meta_truncated);
	assert_int_equal(strlen(pio_meta_get(&prob, "name")), 198);
	assert_string_equal(pio_meta_get(&prob, "mate"), "1");
	expect_end(r);
	pio_close(r);
}

/* mate=, the stated length, is kept wherever it comes: after PIO_META_MAX
 * other pairs it takes the place of the last one kept, and a second mate=
 * there is refused as given twice. */
static void test_metadata_mate_kept(void **state)
{
	(void)state;
	char pairs[256];
	int k = 0;
	for (int i = 0; i < PIO_META_MAX; i++)
		k += snprintf(pairs + k, sizeof pairs - (size_t)k, " ; %c=%d", 'a' + i, i + 1);
	char text[1024];
	int n = snprintf(text, sizeof text, "%s%s ; mate=5\n%s%s ; mate=5 ; mate=7\n%s ; mate=3%s ; mate=7\n", P1,
	                 pairs, P1, pairs, P1, pairs);
	const char *path = tmp_path("meta-mate.sfen");
	write_file(path, text, (size_t)n);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "");
	assert_int_equal(prob.n_meta, PIO_META_MAX);
	assert_true(prob.meta_truncated);
	long mate = 0;
	assert_true(pio_meta_int(&prob, "mate", &mate));
	assert_int_equal(mate, 5);
	assert_string_equal(prob.meta[PIO_META_MAX - 2].key, "g");
	assert_null(pio_meta_get(&prob, "h"));
	int col2 = (int)strlen(P1) + k + (int)strlen(" ; mate=5 ; ") + 1;
	expect_error(r, PIO_ERR_LINE, 2, "metadata", col2, "mate given twice");
	int col3 = (int)strlen(P1) + (int)strlen(" ; mate=3") + k + (int)strlen(" ; ") + 1;
	expect_error(r, PIO_ERR_LINE, 3, "metadata", col3, "mate given twice");
	expect_end(r);
	pio_close(r);
}

/* Bad lines are reported with their line number, field and column; the
 * lines after them are read. */
static void test_bad_lines(void **state)
{
	(void)state;
	const char text[] = P1 " moves G*3b\n" P3 " moves B*3a 2b3b R*3b\n" /* illegal 3rd move */
	                       "7nl/7k1/5Npx1/9/9/9/9/9/9 b - 1\n"          /* unknown letter */
	                       "\n" P1 " ; mate\n"                          /* no '=' */
	    P1 " moves G*3b ; mate=1 ; this is no pair\n"
	                       "startpos moves 7g7f; mate=x\n" P3 " moves B*3a 2b3b R*4b\n"
	                       "startpos moves 7g7f ; mate=1 ; mate=3\n";
	const char *path = tmp_path("bad.sfen");
	write_file(path, text, sizeof text - 1);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "G*3b");
	/* column of "R*3b": strlen(P3) + strlen(" moves B*3a 2b3b ") + 1 */
	expect_error(r, PIO_ERR_LINE, 2, "moves", (int)strlen(P3 " moves B*3a 2b3b ") + 1, "not legal");
	expect_error(r, PIO_ERR_LINE, 3, "board", 12, "unknown piece");
	expect_error(r, PIO_ERR_LINE, 5, "metadata", (int)strlen(P1 " ; ") + 1, "key=value");
	expect_error(r, PIO_ERR_LINE, 6, "metadata", (int)strlen(P1 " moves G*3b ; mate=1 ; ") + 1, "key=value");
	/* the stated length is read by every tool: "x" is refused, at its column */
	expect_error(r, PIO_ERR_LINE, 7, "metadata", (int)strlen("startpos moves 7g7f; mate=") + 1,
	             "mate must be a whole number of plies, 1..4096, got 'x'");
	expect_problem(r, 8, P3, "B*3a 2b3b R*4b");
	expect_error(r, PIO_ERR_LINE, 9, "metadata", (int)strlen("startpos moves 7g7f ; mate=1 ; ") + 1,
	             "mate given twice");
	expect_end(r);
	pio_close(r);
}

/* A line of 1 MB is an error for that line only; a line of exactly
 * PIO_LINE_MAX bytes (padded with blanks) is still read. */
static void test_long_lines(void **state)
{
	(void)state;
	size_t big = 1u << 20;
	char *text = malloc(big + 2 * PIO_LINE_MAX + 4096);
	assert_non_null(text);
	size_t n = (size_t)sprintf(text, "%s\n", P1);
	memset(text + n, 'x', big);
	n += big;
	text[n++] = '\n';
	/* PIO_LINE_MAX bytes exactly, CRLF */
	size_t start = n;
	n += (size_t)sprintf(text + n, "%s", P1);
	memset(text + n, ' ', PIO_LINE_MAX - (n - start));
	n = start + PIO_LINE_MAX;
	text[n++] = '\r';
	text[n++] = '\n';
	/* PIO_LINE_MAX + 1 bytes */
	start = n;
	n += (size_t)sprintf(text + n, "%s", P1);
	memset(text + n, ' ', PIO_LINE_MAX + 1 - (n - start));
	n = start + PIO_LINE_MAX + 1;
	text[n++] = '\n';
	n += (size_t)sprintf(text + n, "%s moves G*3b\n", P1);
	const char *path = tmp_path("long.sfen");
	write_file(path, text, n);
	free(text);

	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "");
	expect_error(r, PIO_ERR_LINE, 2, "line", 0, "longer than");
	expect_problem(r, 3, P1, "");
	assert_int_equal(strlen(prob.text), PIO_LINE_MAX);
	expect_error(r, PIO_ERR_LINE, 4, "line", 0, "longer than");
	expect_problem(r, 5, P1, "G*3b");
	expect_end(r);
	pio_close(r);
}

static void test_nul_byte(void **state)
{
	(void)state;
	const char text[] = P1 "\0 junk\n" P1 " moves G*3b\n";
	const char *path = tmp_path("nul.sfen");
	write_file(path, text, sizeof text - 1);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	/* the column of the NUL byte: P1 is 42 bytes */
	expect_error(r, PIO_ERR_LINE, 1, "line", 43, "line (column 43): NUL byte");
	expect_problem(r, 2, P1, "G*3b");
	expect_end(r);
	pio_close(r);

	/* A NUL byte in a last line without a newline used to cut that line
	 * silently (gzgets stops at the end of the file): now an error, plain
	 * and gzip, with the column counted after a byte-order mark. */
	const char last[] = P1 "\n" P1 " moves G*3b\0 junk";
	write_file(path, last, sizeof last - 1);
	r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "");
	expect_error(r, PIO_ERR_LINE, 2, "line", 54, "NUL byte");
	expect_end(r);
	pio_close(r);
	const char bom[] = "\xEF\xBB\xBF" P1 "\0";
	const char *gz = tmp_path("nul.sfen.gz");
	gzFile g = gzopen(gz, "wb");
	assert_non_null(g);
	assert_int_equal(gzwrite(g, bom, sizeof bom - 1), (int)(sizeof bom - 1));
	assert_int_equal(gzclose(g), Z_OK);
	r = pio_open(gz, NULL);
	assert_non_null(r);
	expect_error(r, PIO_ERR_LINE, 1, "line", 43, "NUL byte");
	expect_end(r);
	pio_close(r);
}

/* Writes count problems (the 3-ply and 1-ply examples in turn). */
static void write_set(const char *path, bool gzip, int count)
{
	static Position root;
	PioError err;
	PioWriter *w = pio_write_open(path, gzip, &err);
	assert_non_null(w);
	assert_int_equal(pio_write_comment(w, "test set"), PIO_OK);
	for (int i = 0; i < count; i++) {
		const char *text = i % 2 ? P1 " moves G*3b" : P3 " moves B*3a 2b3b R*4b";
		const char *moves;
		SfenError serr;
		assert_int_equal(sfen_parse_root(&root, text, &serr, &moves), SFEN_OK);
		Move m[4];
		int n = sfen_play_moves(&root, moves, 1, m, 4, &serr);
		assert_true(n > 0);
		for (int k = n - 1; k >= 0; k--)
			pos_undo_move(&root, m[k]);
		root.move_number = 1;
		char meta[64];
		snprintf(meta, sizeof meta, "mate=%d ; id=%d", n, i + 1);
		assert_int_equal(pio_write(w, &root, m, n, meta), PIO_OK);
	}
	assert_int_equal(pio_write(w, &root, NULL, 0, "a\nb"), PIO_ERR_ARG);
	assert_int_equal(pio_write(w, &root, NULL, -1, NULL), PIO_ERR_ARG);
	assert_int_equal(pio_write_close(w, &err), PIO_OK);
}

static void check_set(const char *path, int count)
{
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	for (int i = 0; i < count; i++) {
		if (i % 2)
			expect_problem(r, i + 2, P1, "G*3b");
		else
			expect_problem(r, i + 2, P3, "B*3a 2b3b R*4b");
		long v;
		assert_true(pio_meta_int(&prob, "id", &v));
		assert_int_equal(v, i + 1);
		assert_true(pio_meta_int(&prob, "mate", &v));
		assert_int_equal(v, i % 2 ? 1 : 3);
	}
	expect_end(r);
	pio_close(r);
}

static void test_write_plain(void **state)
{
	(void)state;
	const char *path = tmp_path("out.sfen");
	write_set(path, false, 2);
	char buf[1024];
	size_t n = read_file(path, buf, sizeof buf - 1);
	buf[n] = '\0';
	assert_string_equal(buf, "# test set\n" P3 " moves B*3a 2b3b R*4b ; mate=3 ; id=1\n" P1
	                         " moves G*3b ; mate=1 ; id=2\n");
	check_set(path, 2);
}

static void test_write_gzip(void **state)
{
	(void)state;
	const char *path = tmp_path("out.sfen.gz");
	write_set(path, true, 1000);
	unsigned char head[2];
	assert_int_equal(read_file(path, (char *)head, 2), 2);
	assert_int_equal(head[0], 0x1f); /* gzip magic */
	assert_int_equal(head[1], 0x8b);
	check_set(path, 1000);
}

/* A gzip file cut in half, and one with its middle overwritten: the
 * complete lines before the damage may be read, then one stream error, then
 * the end; never a problem made of a cut line. */
static void check_damaged(const char *path, int count, const char *what, bool corrupt)
{
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	int good = 0, errors = 0, corrupt_lines = 0;
	PioError err;
	for (;;) {
		int rc = pio_next(r, &prob, &err);
		if (rc == PIO_END)
			break;
		if (rc == PIO_ERR_LINE && corrupt) {
			corrupt_lines++; /* deflate data changed into other bytes */
			continue;
		}
		if (rc == PIO_OK && (corrupt_lines || good >= count)) {
			assert_true(corrupt);
			continue;
		}
		if (rc == PIO_OK) {
			assert_int_equal(errors, 0);
			/* every problem read is complete: its metadata came through */
			long v = 0;
			if (!pio_meta_int(&prob, "id", &v) || v != good + 1) {
				if (corrupt) {
					corrupt_lines++; /* a changed line that still reads as a problem */
					continue;
				}
				fail_msg("%s: line %ld '%s' is not problem %d", what, prob.line, prob.text, good + 1);
			}
			good++;
		} else {
			assert_int_equal(rc, PIO_ERR_STREAM);
			assert_string_equal(err.field, "gzip");
			if (!strstr(err.message, "gzip: "))
				fail_msg("%s: message '%s'", what, err.message);
			errors++;
		}
	}
	assert_int_equal(errors, 1);
	if (good >= count)
		fail_msg("%s: %d problems read of %d", what, good, count);
	pio_close(r);
}

static void test_damaged_gzip(void **state)
{
	(void)state;
	const int count = 4000;
	const char *path = tmp_path("whole.sfen.gz");
	write_set(path, true, count);
	static char data[1 << 20];
	size_t n = read_file(path, data, sizeof data);
	assert_true(n > 1000 && n < sizeof data);

	const char *half = tmp_path("half.sfen.gz");
	write_file(half, data, n / 2);
	check_damaged(half, count, "truncated", false);

	const char *tail = tmp_path("notrailer.sfen.gz");
	write_file(tail, data, n - 4); /* only the length field of the trailer missing */
	check_damaged(tail, count + 1, "trailer cut", false);

	for (size_t i = n / 2; i < n / 2 + 64; i++)
		data[i] = (char)(data[i] ^ 0x5a);
	const char *bad = tmp_path("corrupt.sfen.gz");
	write_file(bad, data, n);
	check_damaged(bad, count, "corrupt", true);
}

/* text as one gzip member (as gzip -c writes it) at out; returns its size. */
static size_t gzip_member(const char *text, unsigned char *out, size_t size)
{
	z_stream zs;
	memset(&zs, 0, sizeof zs);
	assert_int_equal(deflateInit2(&zs, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	zs.next_in = (Bytef *)(uintptr_t)text;
	zs.avail_in = (uInt)strlen(text);
	zs.next_out = out;
	zs.avail_out = (uInt)size;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	size_t n = zs.total_out;
	deflateEnd(&zs);
	return n;
}

/* Concatenated gzip members are read as one stream, as gzip -d reads them
 * (a line may run from one member into the next); bytes after the last
 * member that do not start another are a stream error naming their byte,
 * after the lines before them (zlib's gzread ignored them without a word). */
static void test_gzip_members(void **state)
{
	(void)state;
	static unsigned char data[1 << 20];
	size_t n = gzip_member(P1 "\n" P3 " mo", data, sizeof data);
	n += gzip_member("ves B*3a 2b3b R*4b\n", data + n, sizeof data - n);
	n += gzip_member("", data + n, sizeof data - n);
	n += gzip_member(P1 " moves G*3b\n", data + n, sizeof data - n);
	const char *path = tmp_path("members.sfen.gz");
	write_file(path, (const char *)data, n);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, P1, "");
	expect_problem(r, 2, P3, "B*3a 2b3b R*4b");
	expect_problem(r, 3, P1, "G*3b");
	expect_end(r);
	pio_close(r);

	/* a problem line appended to the gzip file; then one stray byte */
	static const char *const tails[] = {P1 "\n", "\x1f"};
	for (size_t t = 0; t < sizeof tails / sizeof *tails; t++) {
		memcpy(data + n, tails[t], strlen(tails[t]));
		write_file(path, (const char *)data, n + strlen(tails[t]));
		r = pio_open(path, NULL);
		assert_non_null(r);
		expect_problem(r, 1, P1, "");
		expect_problem(r, 2, P3, "B*3a 2b3b R*4b");
		expect_problem(r, 3, P1, "G*3b");
		char what[160];
		snprintf(what, sizeof what,
		         "gzip: %s: data after the end of the gzip stream (byte %zu of the file), not a gzip member",
		         path, n + 1);
		expect_error(r, PIO_ERR_STREAM, 4, "gzip", 0, what);
		expect_end(r);
		pio_close(r);
	}

	/* zero bytes to the end of the file (block padding) are no data, as
	 * gzip -d reads them; zeros and then another byte are, named at it */
	for (int stray = 0; stray <= 1; stray++) {
		size_t pad = 512;
		memset(data + n, 0, pad);
		if (stray)
			data[n + pad++] = 'x';
		write_file(path, (const char *)data, n + pad);
		r = pio_open(path, NULL);
		assert_non_null(r);
		expect_problem(r, 1, P1, "");
		expect_problem(r, 2, P3, "B*3a 2b3b R*4b");
		expect_problem(r, 3, P1, "G*3b");
		if (stray) {
			char what[160];
			snprintf(
			    what, sizeof what,
			    "gzip: %s: data after the end of the gzip stream (byte %zu of the file), not a gzip member",
			    path, n + pad);
			expect_error(r, PIO_ERR_STREAM, 4, "gzip", 0, what);
		}
		expect_end(r);
		pio_close(r);
	}

	/* a large set (more than one buffer of inflated bytes) and text after it */
	const char *big = tmp_path("big.sfen.gz");
	write_set(big, true, 4000);
	size_t m = read_file(big, (char *)data, sizeof data);
	assert_true(m > 0 && m + 8 < sizeof data);
	memcpy(data + m, "junk\n", 5);
	write_file(big, (const char *)data, m + 5);
	r = pio_open(big, NULL);
	assert_non_null(r);
	for (int i = 0; i < 4000; i++)
		expect_problem(r, i + 2, i % 2 ? P1 : P3, i % 2 ? "G*3b" : "B*3a 2b3b R*4b");
	expect_error(r, PIO_ERR_STREAM, 4002, "gzip", 0, "data after the end of the gzip stream");
	expect_end(r);
	pio_close(r);
}

static void test_open_errors(void **state)
{
	(void)state;
	PioError err;
	assert_null(pio_open(tmp_path("missing.sfen"), &err));
	assert_string_equal(err.field, "file");
	assert_non_null(strstr(err.message, "cannot open"));
	/* a directory is refused when opened (it used to fail at the first read) */
	assert_null(pio_open(tmpdir, &err));
	assert_string_equal(err.message, "cannot open: Is a directory");
	assert_null(pio_write_open(tmp_path("no/such/dir.sfen"), false, &err));
	assert_non_null(strstr(err.message, "cannot open"));
	pio_close(NULL);
	assert_int_equal(pio_write_close(NULL, &err), PIO_OK);

	/* an empty file and a file of comments hold no problem */
	const char *path = tmp_path("empty.sfen");
	write_file(path, "", 0);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_end(r);
	pio_close(r);
	write_file(path, "# only\n\n# comments\n", 19);
	r = pio_open(path, NULL);
	assert_non_null(r);
	expect_end(r);
	assert_int_equal(pio_lines_read(r), 3);
	pio_close(r);
}

/* A KIF file whose stated length (手数, まで) differs from the moves it holds:
 * an odd line is read as the stated line and the file's number as mate=N,
 * marked kifu, and pio_stated_consistent leaves the two to verify; an even
 * line (a move lost) stays an error.  tests/kif/stated-length.kif: a mate in
 * 3 stated as 5; the same file stated as 3 is consistent. */
static void test_kif_stated_length(void **state)
{
	(void)state;
	char kif[4096], why[160], *s;
	size_t n = read_file("tests/kif/stated-length.kif", kif, sizeof kif - 1);
	kif[n] = '\0';
	const char *path = tmp_path("stated.kif");
	write_file(path, kif, n);
	PioReader *r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, "7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", "P*1b 1c1b 1d1b+");
	assert_true(prob.kifu);
	assert_string_equal(pio_meta_get(&prob, "mate"), "5");
	assert_true(pio_stated_consistent(&prob, why, sizeof why));
	expect_end(r);
	pio_close(r);

	/* the same file stated as 3: mate=3, consistent */
	while ((s = strstr(kif, "5手")) != NULL)
		memcpy(s, "3", 1);
	write_file(path, kif, n);
	r = pio_open(path, NULL);
	assert_non_null(r);
	expect_problem(r, 1, "7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1", "P*1b 1c1b 1d1b+");
	assert_string_equal(pio_meta_get(&prob, "mate"), "3");
	pio_close(r);

	/* a problem line stays strict: mate=5 with a 3-ply line is a bad line */
	prob.kifu = false;
	snprintf(prob.meta[0].value, sizeof prob.meta[0].value, "5");
	assert_false(pio_stated_consistent(&prob, why, sizeof why));
	assert_string_equal(why, "stated answer: mate=5 but its line has 3 plies");
	/* ... and mate=3 with a line of one ply, "1 ply" */
	snprintf(prob.meta[0].value, sizeof prob.meta[0].value, "3");
	prob.n_moves = 1;
	assert_false(pio_stated_consistent(&prob, why, sizeof why));
	assert_string_equal(why, "stated answer: mate=3 but its line has 1 ply");
	prob.n_moves = 3;

	/* stated 3, the last move lost: two plies, an error */
	s = strstr(kif, "   3 ");
	assert_non_null(s);
	char *e = strchr(s, '\n');
	memmove(s, e + 1, strlen(e + 1) + 1);
	write_file(path, kif, strlen(kif));
	r = pio_open(path, NULL);
	assert_non_null(r);
	expect_error(r, PIO_ERR_LINE, 0, "file", 0, "KIF: the file states 3 moves, 2 read");
	pio_close(r);
}

int main(void)
{
	const struct CMUnitTest t_problemio[] = {
	    cmocka_unit_test(test_plain_syntax),      cmocka_unit_test(test_root_before_moves),
	    cmocka_unit_test(test_metadata_limits),   cmocka_unit_test(test_metadata_mate_kept),
	    cmocka_unit_test(test_bad_lines),         cmocka_unit_test(test_long_lines),
	    cmocka_unit_test(test_nul_byte),          cmocka_unit_test(test_open_errors),
	    cmocka_unit_test(test_kif_stated_length),
	};
	const struct CMUnitTest t_problemio_write[] = {
	    cmocka_unit_test(test_write_plain),
	    cmocka_unit_test(test_write_gzip),
	};
	const struct CMUnitTest t_bytesource[] = {
	    cmocka_unit_test(test_damaged_gzip),
	    cmocka_unit_test(test_gzip_members),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("problemio", t_problemio, setup, teardown);
	failed += cmocka_run_group_tests_name("problemio_write", t_problemio_write, setup, teardown);
	failed += cmocka_run_group_tests_name("bytesource", t_bytesource, setup, teardown);
	return failed;
}
