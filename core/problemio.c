/*
 * problemio.c -- problem-set reader and writer (see problemio.h).
 *
 * The reader keeps one buffer of PIO_LINE_MAX + 3 bytes (the longest line,
 * "\r\n" and the NUL) and reads with gzgets; an over-long line is consumed
 * in buffer-sized chunks and reported, so memory never depends on the input.
 * The moves of a line are played on the root with sfen_play_moves (legality
 * checked there) and taken back with pos_undo_move, so the root is never
 * copied (a Position is ~165 KB).
 */
#include "problemio.h"
#include "conv.h"

#include "number.h"

#include "notation.h"
#include "sfen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define READ_BUF (PIO_LINE_MAX + 3)

struct PioReader {
	gzFile gz;
	char *path;
	long line;
	bool done;
	bool kifu;   /* a KIF or CSA file (conv.h): one problem, read whole by conv_file */
	bool binary; /* binary data (looks_binary): reported once, no lines read */
	size_t got; /* bytes of the last chunk read, NUL bytes included (0: unknown) */
	char buf[READ_BUF];
};

struct PioWriter {
	gzFile gz;
	char *path;
	bool failed;
	char reason[160];
	char line[PIO_LINE_MAX + 2]; /* the line being written, end of line included */
};

static int set_error(PioError *err, int code, long line, const char *field, int column, const char *fmt, ...)
{
	if (!err)
		return code;
	err->line = line;
	err->field = field;
	err->column = column;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return code;
}

static char *dup_string(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

static bool is_key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

/* Length of the key at s if s starts "key=", else 0. */
static size_t key_length(const char *s)
{
	size_t n = 0;
	while (is_key_char(s[n]))
		n++;
	return n > 0 && s[n] == '=' ? n : 0;
}

/* Opens path ("-" = the stream fd) through zlib with mode. */
static gzFile open_gz(const char *path, int fd, const char *mode)
{
	if (strcmp(path, "-") != 0)
		return gzopen(path, mode);
	int copy = dup(fd);
	if (copy < 0)
		return NULL;
	gzFile gz = gzdopen(copy, mode);
	if (!gz)
		close(copy);
	return gz;
}

/* ------------------------------------------------------------------ */
/* reader */

/* Binary data rather than text with a stray NUL byte (which is one bad
 * line): the n bytes hold a NUL byte and at least one control byte (other
 * than tab, line feed, form feed, carriage return) in 32.  Random bytes
 * hold about one in nine; a problem file none. */
static bool looks_binary(const char *s, size_t n)
{
	size_t ctl = 0;
	bool nul = false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		nul |= c == 0;
		ctl += (c < 32 && c != '\t' && c != '\n' && c != '\f' && c != '\r') || c == 127;
	}
	return nul && ctl * 32 >= n;
}

PioReader *pio_open(const char *path, PioError *err)
{
	PioReader *r = malloc(sizeof *r);
	if (!r) {
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	r->path = dup_string(path);
	if (!r->path) {
		free(r);
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	errno = 0;
	struct stat st;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		r->gz = NULL; /* open(2) takes a directory; say so now, not at the first read */
		errno = EISDIR;
	} else {
		r->gz = open_gz(path, STDIN_FILENO, "rb");
	}
	if (!r->gz) {
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "cannot open: %s", errno ? strerror(errno) : "out of memory");
		free(r->path);
		free(r);
		return NULL;
	}
	gzbuffer(r->gz, 1u << 16);
	r->line = 0;
	r->done = false;
	r->got = 0;
	r->kifu = false;
	r->binary = false;
	/* only a regular file is looked at twice: the first bytes of a pipe
	 * (a FIFO, <(...)) read here would be lost to the reader */
	FILE *f = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
	if (f) {
		/* a KIF or CSA file, by its name or its first bytes (not gzip) */
		size_t n = fread(r->buf, 1, CONV_DETECT_HEAD, f);
		fclose(f);
		bool gzip = n >= 2 && (unsigned char)r->buf[0] == 0x1f && (unsigned char)r->buf[1] == 0x8b;
		r->kifu = !gzip && conv_detect(path, r->buf, n);
		r->binary = !gzip && looks_binary(r->buf, n);
	}
	return r;
}

void pio_close(PioReader *r)
{
	if (!r)
		return;
	gzclose(r->gz);
	free(r->path);
	free(r);
}

const char *pio_path(const PioReader *r) { return r->path; }
long pio_lines_read(const PioReader *r) { return r->line; }

/* A zlib error on the stream, if any: ends the stream and fills *err. */
static bool stream_failed(PioReader *r, PioError *err, long line)
{
	int errnum = Z_OK;
	const char *msg = gzerror(r->gz, &errnum);
	if (errnum == Z_OK || errnum == Z_STREAM_END)
		return false;
	r->done = true;
	if (errnum == Z_ERRNO)
		set_error(err, PIO_ERR_STREAM, line, "file", 0, "read error: %s", strerror(errno));
	else
		set_error(err, PIO_ERR_STREAM, line, "gzip", 0, "gzip: %s", msg && *msg ? msg : "corrupt data");
	return true;
}

/* Reads the metadata after ';' (s points just after it) into out. */
static int parse_meta(PioProblem *out, char *s, const char *line_start, PioError *err)
{
	for (;;) {
		while (is_blank(*s) || *s == ';')
			s++;
		if (!*s)
			return PIO_OK;
		size_t klen = key_length(s);
		int col = (int)(s - line_start) + 1;
		if (klen == 0) {
			char q[100];
			return set_error(err, PIO_ERR_LINE, out->line, "metadata", col,
			                 "metadata (column %d): expected key=value, got '%s'", col, sfen_quote(q, sizeof q, s, 20));
		}
		if (klen > PIO_KEY_MAX)
			return set_error(err, PIO_ERR_LINE, out->line, "metadata", col,
			                 "metadata (column %d): key longer than %d bytes", col, PIO_KEY_MAX);
		const char *key = s;
		char *v = s + klen + 1;
		while (is_blank(*v))
			v++;
		/* the value ends at ';', or at blanks followed by another key= */
		char *e = v;
		while (*e && *e != ';') {
			if (is_blank(*e)) {
				char *t = e;
				while (is_blank(*t))
					t++;
				if (key_length(t))
					break;
				e = t;
			} else {
				e++;
			}
		}
		char *next = e;
		while (e > v && is_blank(e[-1]))
			e--;
		/* mate=N, the stated length, is read by every tool: a bad or
		 * repeated one is an error, not a silent fallback */
		bool is_mate = klen == 4 && strncmp(key, "mate", 4) == 0;
		if (is_mate) {
			char val[32];
			size_t vlen = (size_t)(e - v);
			snprintf(val, sizeof val, "%.*s", (int)(vlen < sizeof val - 1 ? vlen : sizeof val - 1), v);
			uint64_t n;
			int vcol = (int)(v - line_start) + 1;
			if (vlen >= sizeof val - 1 || !num_parse_uint(val, 1, POS_MAX_PLY, &n)) {
				char q[100];
				return set_error(err, PIO_ERR_LINE, out->line, "metadata", vcol,
				                 "metadata (column %d): mate must be a whole number of plies, 1..%d, got '%s'", vcol,
				                 POS_MAX_PLY, sfen_quote(q, sizeof q, v, (int)(vlen < 20 ? vlen : 20)));
			}
			if (pio_meta_get(out, "mate"))
				return set_error(err, PIO_ERR_LINE, out->line, "metadata", col, "metadata (column %d): mate given twice",
				                 col);
		}
		/* mate= is always kept: when every slot is taken, in place of the
		 * last pair kept (a stated length is never ignored, and a second
		 * one is always seen) */
		if (out->n_meta < PIO_META_MAX || is_mate) {
			if (out->n_meta == PIO_META_MAX) {
				out->n_meta--;
				out->meta_truncated = true;
			}
			PioMeta *m = &out->meta[out->n_meta++];
			memcpy(m->key, key, klen);
			m->key[klen] = '\0';
			size_t vlen = (size_t)(e - v);
			if (vlen > PIO_VALUE_MAX) {
				vlen = PIO_VALUE_MAX;
				while (vlen > 0 && ((unsigned char)v[vlen] & 0xC0) == 0x80)
					vlen--; /* do not cut a UTF-8 character */
				out->meta_truncated = true;
			}
			memcpy(m->value, v, vlen);
			m->value[vlen] = '\0';
		} else {
			out->meta_truncated = true;
		}
		s = next;
	}
}

/* Parses one line (NUL-terminated, no end of line, BOM removed; modified in
 * place).  Returns PIO_OK, PIO_END for a blank or comment line, or PIO_ERR_LINE. */
static int parse_line(char *line, PioProblem *out, PioError *err)
{
	const char *s = line;
	while (is_blank(*s))
		s++;
	if (*s == '\0' || *s == '#')
		return PIO_END;
	out->n_moves = 0;
	out->n_meta = 0;
	out->meta_truncated = false;

	/* the problem part ends at the first ';' (metadata) or '#' (comment) */
	char *cut = line + strcspn(line, ";#");
	char *meta = NULL;
	if (*cut == ';')
		meta = cut + 1;
	char saved = *cut;
	*cut = '\0';

	SfenError serr;
	const char *moves_text = NULL;
	if (sfen_parse_root(&out->root, line, &serr, &moves_text) != SFEN_OK)
		return set_error(err, PIO_ERR_LINE, out->line, serr.field, serr.column, "%s", serr.message);
	if (moves_text) {
		int move_number = out->root.move_number;
		int n = sfen_play_moves(&out->root, moves_text, (int)(moves_text - line) + 1, out->moves, POS_MAX_PLY, &serr);
		if (n < 0)
			return set_error(err, PIO_ERR_LINE, out->line, serr.field, serr.column, "%s", serr.message);
		for (int i = n - 1; i >= 0; i--)
			pos_undo_move(&out->root, out->moves[i]);
		out->root.move_number = move_number;
		out->n_moves = n;
	}
	*cut = saved;
	if (meta)
		return parse_meta(out, meta, line, err);
	return PIO_OK;
}

/* gzgets into r->buf.  *full tells whether it filled the buffer, which
 * strlen cannot tell when the data holds a NUL byte: the last byte of the
 * buffer is set beforehand, and only a full read writes the NUL there. */
static bool read_chunk(PioReader *r, bool *full)
{
	r->buf[READ_BUF - 1] = 'x';
	z_off_t before = gztell(r->gz);
	if (!gzgets(r->gz, r->buf, READ_BUF))
		return false;
	*full = r->buf[READ_BUF - 1] == '\0';
	/* the bytes read, NUL bytes included (gztell counts uncompressed bytes) */
	z_off_t after = gztell(r->gz);
	r->got = before >= 0 && after > before && after - before < READ_BUF ? (size_t)(after - before) : 0;
	return true;
}

/* Reads on, in buffer-sized chunks, to the end of the current line. */
static void skip_rest_of_line(PioReader *r)
{
	bool full;
	while (read_chunk(r, &full))
		if (!full || r->buf[READ_BUF - 2] == '\n')
			return; /* gzgets stopped at a newline or at the end */
}

/* The one problem of a KIF or CSA file (conv.h) as line 1: converted with
 * the hands as the file states them, formatted as `tsume convert` writes
 * it, then read as any line is. */
static int next_kifu(PioReader *r, PioProblem *out, PioError *err)
{
	r->done = true;
	r->line = 1;
	ConvProblem *cp = malloc(sizeof *cp);
	if (!cp)
		return set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
	int rc;
	char meta[PIO_VALUE_MAX + 64];
	if (conv_file(r->path, false, cp) != 0) {
		/* the format named once: some reasons start with it ("CSA: row P1 ...") */
		bool named = strncmp(cp->error, cp->format, strlen(cp->format)) == 0;
		rc = set_error(err, PIO_ERR_LINE, cp->line, "file", 0, "%s%s%s", named ? "" : cp->format, named ? "" : ": ",
		               cp->error);
	}
	else if (cp->stated >= 0 && cp->stated != cp->n_moves)
		/* a move lost or one too many: not the answer the file states */
		rc = set_error(err, PIO_ERR_LINE, 0, "file", 0, "%s: the file states %d moves, %d read", cp->format, cp->stated,
		               cp->n_moves);
	else if (pio_format(&cp->root, cp->moves, cp->n_moves, conv_meta(cp, r->path, meta, sizeof meta), out->text,
	                    sizeof out->text) < 0)
		rc = set_error(err, PIO_ERR_LINE, 1, "line", 0, "the converted problem is longer than %d bytes", PIO_LINE_MAX);
	else {
		out->line = 1;
		memcpy(r->buf, out->text, strlen(out->text) + 1);
		rc = parse_line(r->buf, out, err);
		if (rc == PIO_END) /* cannot happen: a formatted problem is not blank */
			rc = set_error(err, PIO_ERR_LINE, 1, "line", 0, "no problem");
	}
	free(cp);
	return rc;
}

int pio_next(PioReader *r, PioProblem *out, PioError *err)
{
	if (r->binary && !r->done) {
		r->done = true;
		return set_error(err, PIO_ERR_STREAM, 0, "file", 0, "binary data (NUL and control bytes): not a problem file");
	}
	if (r->kifu && !r->done)
		return next_kifu(r, out, err);
	for (;;) {
		if (r->done)
			return PIO_END;
		char *buf = r->buf;
		bool full;
		if (!read_chunk(r, &full)) {
			if (stream_failed(r, err, r->line + 1))
				return PIO_ERR_STREAM;
			r->done = true;
			return PIO_END;
		}
		long lineno = ++r->line;
		if (full && buf[READ_BUF - 2] != '\n') {
			/* longer than the buffer: read past the rest */
			skip_rest_of_line(r);
			if (stream_failed(r, err, lineno))
				return PIO_ERR_STREAM;
			return set_error(err, PIO_ERR_LINE, lineno, "line", 0, "line longer than %d bytes", PIO_LINE_MAX);
		}
		size_t len = strlen(buf);
		bool newline = len > 0 && buf[len - 1] == '\n';
		if (!newline) {
			/* the last line of the file, a line cut by a stream error, or
			 * a line with a NUL byte (gzgets read on to its newline) */
			if (stream_failed(r, err, lineno))
				return PIO_ERR_STREAM;
			if (full || !gzeof(r->gz) || len < r->got) {
				int col = (int)len + 1 - (strncmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
				return set_error(err, PIO_ERR_LINE, lineno, "line", col, "line (column %d): NUL byte", col);
			}
		}
		if (newline)
			buf[--len] = '\0';
		if (len > 0 && buf[len - 1] == '\r')
			buf[--len] = '\0';
		if (len > PIO_LINE_MAX)
			return set_error(err, PIO_ERR_LINE, lineno, "line", 0, "line longer than %d bytes", PIO_LINE_MAX);
		char *line = buf;
		if (strncmp(line, "\xEF\xBB\xBF", 3) == 0) {
			line += 3;
			len -= 3;
		}
		out->line = lineno;
		memcpy(out->text, line, len + 1);
		int rc = parse_line(line, out, err);
		if (rc != PIO_END)
			return rc;
		/* blank or comment line: read on */
	}
}

bool pio_stated_consistent(const PioProblem *p, char *why, size_t size)
{
	long mate = -1;
	bool has_mate = pio_meta_int(p, "mate", &mate);
	if (p->n_moves > 0 && p->n_moves % 2 == 0) {
		snprintf(why, size, "stated answer: its line has %d plies, an even number (a mate ends with the attacker's move)",
		         p->n_moves);
		return false;
	}
	if (has_mate && mate % 2 == 0) {
		snprintf(why, size, "stated answer: mate=%ld is even (a mate ends with the attacker's move)", mate);
		return false;
	}
	if (has_mate && p->n_moves > 0 && mate != p->n_moves) {
		snprintf(why, size, "stated answer: mate=%ld but its line has %d plies", mate, p->n_moves);
		return false;
	}
	return true;
}

const char *pio_meta_get(const PioProblem *p, const char *key)
{
	for (int i = 0; i < p->n_meta; i++)
		if (strcmp(p->meta[i].key, key) == 0)
			return p->meta[i].value;
	return NULL;
}

bool pio_meta_int(const PioProblem *p, const char *key, long *out)
{
	uint64_t n;
	if (!num_parse_uint(pio_meta_get(p, key), 0, INT32_MAX, &n))
		return false;
	*out = (long)n;
	return true;
}

/* ------------------------------------------------------------------ */
/* writer */

PioWriter *pio_write_open(const char *path, bool gzip, PioError *err)
{
	PioWriter *w = malloc(sizeof *w);
	if (!w) {
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	w->path = dup_string(path);
	if (!w->path) {
		free(w);
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	errno = 0;
	/* "T": zlib writes the bytes as they are (no gzip wrapper) */
	w->gz = open_gz(path, STDOUT_FILENO, gzip ? "wb9" : "wbT");
	if (!w->gz) {
		set_error(err, PIO_ERR_STREAM, 0, "file", 0, "cannot open for writing: %s",
		          errno ? strerror(errno) : "out of memory");
		free(w->path);
		free(w);
		return NULL;
	}
	w->failed = false;
	w->reason[0] = '\0';
	return w;
}

/* Writes len bytes; a failure is remembered for pio_write_close. */
static int put(PioWriter *w, const char *s, size_t len)
{
	if (w->failed)
		return PIO_ERR_STREAM;
	if (len == 0)
		return PIO_OK;
	if (gzwrite(w->gz, s, (unsigned)len) != (int)len) {
		int errnum = Z_OK;
		const char *msg = gzerror(w->gz, &errnum);
		snprintf(w->reason, sizeof w->reason, "write error: %s",
		         errnum == Z_ERRNO ? strerror(errno) : (msg && *msg ? msg : "unknown"));
		w->failed = true;
		return PIO_ERR_STREAM;
	}
	return PIO_OK;
}

static bool has_line_break(const char *s) { return s && strpbrk(s, "\r\n") != NULL; }

int pio_format(const Position *root, const Move *moves, int n, const char *meta, char *buf, size_t size)
{
	if (n < 0 || n > POS_MAX_PLY || has_line_break(meta) || size == 0)
		return -1;
	int len = sfen_format(root, buf, size);
	if (len < 0)
		return -1;
	size_t at = (size_t)len;
	const char *sep = " moves";
	for (int i = 0; i < n; i++) {
		char usi[8];
		usi_format(moves[i], usi);
		int k = snprintf(buf + at, size - at, "%s %s", sep, usi);
		if (k < 0 || (size_t)k >= size - at)
			return -1;
		at += (size_t)k;
		sep = "";
	}
	if (meta && *meta) {
		int k = snprintf(buf + at, size - at, " ; %s", meta);
		if (k < 0 || (size_t)k >= size - at)
			return -1;
		at += (size_t)k;
	}
	return (int)at;
}

int pio_write(PioWriter *w, const Position *root, const Move *moves, int n, const char *meta)
{
	int len = pio_format(root, moves, n, meta, w->line, sizeof w->line - 1);
	if (len < 0)
		return PIO_ERR_ARG;
	w->line[len] = '\n';
	return put(w, w->line, (size_t)len + 1);
}

int pio_write_comment(PioWriter *w, const char *text)
{
	if (has_line_break(text))
		return PIO_ERR_ARG;
	int rc = put(w, "# ", 2);
	if (rc == PIO_OK)
		rc = put(w, text, strlen(text));
	if (rc == PIO_OK)
		rc = put(w, "\n", 1);
	return rc;
}

int pio_write_close(PioWriter *w, PioError *err)
{
	if (!w)
		return PIO_OK;
	int rc = PIO_OK;
	if (w->failed)
		rc = set_error(err, PIO_ERR_STREAM, 0, "file", 0, "%s: %s", w->path, w->reason);
	errno = 0;
	int zrc = gzclose(w->gz);
	if (zrc != Z_OK && rc == PIO_OK)
		rc = set_error(err, PIO_ERR_STREAM, 0, "file", 0, "%s: cannot close: %s", w->path,
		               zrc == Z_ERRNO && errno ? strerror(errno) : "write error");
	free(w->path);
	free(w);
	return rc;
}
