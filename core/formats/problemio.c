/*
 * problemio.c -- the problem-set reader (see problemio.h; the writer is
 * problemio_write.c).
 *
 * The reader keeps one buffer of PIO_LINE_MAX + 3 bytes (the longest line,
 * "\r\n" and the NUL) and fills it from its byte source: the file as it is,
 * or, when it starts with the gzip magic bytes, inflated member after member
 * with zlib's inflate (not gzread, which ignores data after the last member
 * without a word).  An over-long line is consumed in buffer-sized chunks and
 * reported, so memory never depends on the input.
 * The moves of a line are played on the root with sfen_play_moves (legality
 * checked there) and taken back with pos_undo_move, so the root is never
 * copied (a Position is ~165 KB).
 */
#include "problemio.h"
#include "problemio_internal.h"

#include "bytesource.h"
#include "conv.h"

#include "number.h"

#include "notation.h"
#include "sfen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define READ_BUF (PIO_LINE_MAX + 3)

struct PioReader {
	int fd;
	char *path;
	long line;
	bool done;
	bool kifu;      /* a KIF or CSA file (conv.h): one problem, read whole by conv_file */
	bool binary;    /* binary data (looks_binary): reported once, no lines read */
	bool hinted;    /* standard input: the hint that KIF/CSA is read by name given */
	size_t got;     /* bytes of the last chunk read, NUL bytes included */
	ByteSource src; /* the file's bytes, plain or inflated */
	char buf[READ_BUF];
};

int pio_set_error(PioError *err, int code, long line, const char *field, int column, const char *fmt, ...)
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

char *pio_dup_string(const char *s)
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
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
	       c == '.';
}

/* Length of the key at s if s starts "key=", else 0. */
static size_t key_length(const char *s)
{
	size_t n = 0;
	while (is_key_char(s[n]))
		n++;
	return n > 0 && s[n] == '=' ? n : 0;
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
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	r->path = pio_dup_string(path);
	if (!r->path) {
		free(r);
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	errno = 0;
	struct stat st;
	if (strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		r->fd = -1; /* open(2) takes a directory; say so now, not at the first read */
		errno = EISDIR;
	} else {
		r->fd = strcmp(path, "-") != 0 ? open(path, O_RDONLY) : dup(STDIN_FILENO);
	}
	if (r->fd < 0) {
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "cannot open: %s",
		              errno ? strerror(errno) : "out of memory");
		free(r->path);
		free(r);
		return NULL;
	}
	r->line = 0;
	r->done = false;
	r->got = 0;
	r->kifu = false;
	r->binary = false;
	r->hinted = false;
	bs_init(&r->src, r->fd, strcmp(path, "-") == 0 ? "standard input" : r->path);
	/* only a regular file is looked at twice: the first bytes of a pipe
	 * (a FIFO, <(...)) read here would be lost to the reader */
	FILE *f = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
	if (f) {
		/* a KIF or CSA file, by its name or its first bytes (not gzip) */
		size_t n = fread(r->buf, 1, CONV_DETECT_HEAD, f);
		fclose(f);
		bool gzip = n >= 2 && (unsigned char)r->buf[0] == 0x1f && (unsigned char)r->buf[1] == 0x8b;
		if (gzip) {
			/* a gzip-compressed KIF or CSA file, by its first bytes inflated */
			gzFile gz = gzopen(path, "rb");
			int got = gz ? gzread(gz, r->buf, CONV_DETECT_HEAD) : 0;
			if (gz)
				gzclose(gz);
			r->kifu = got > 0 && conv_detect(NULL, r->buf, (size_t)got);
			r->binary = !r->kifu && got > 0 && looks_binary(r->buf, (size_t)got);
		} else {
			r->kifu = conv_detect(path, r->buf, n);
			r->binary = looks_binary(r->buf, n);
		}
	}
	return r;
}

void pio_close(PioReader *r)
{
	if (!r)
		return;
	bs_end(&r->src);
	close(r->fd);
	free(r->path);
	free(r);
}

const char *pio_path(const PioReader *r) { return r->path; }
long pio_lines_read(const PioReader *r) { return r->line; }

/* An error of the byte source, if one was raised: ends the stream and
 * fills *err. */
static bool stream_failed(PioReader *r, PioError *err, long line)
{
	const ByteSourceError *failed = &r->src.failed;
	if (!failed->field)
		return false;
	r->done = true;
	pio_set_error(err, PIO_ERR_STREAM, line, failed->field, 0, "%s", failed->message);
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
			return pio_set_error(err, PIO_ERR_LINE, out->line, "metadata", col,
			                     "metadata (column %d): expected key=value, got '%s'", col,
			                     sfen_quote(q, sizeof q, s, 20));
		}
		if (klen > PIO_KEY_MAX)
			return pio_set_error(err, PIO_ERR_LINE, out->line, "metadata", col,
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
				return pio_set_error(
				    err, PIO_ERR_LINE, out->line, "metadata", vcol,
				    "metadata (column %d): mate must be a whole number of plies, 1..%d, got '%s'", vcol,
				    POS_MAX_PLY, sfen_quote(q, sizeof q, v, (int)(vlen < 20 ? vlen : 20)));
			}
			if (pio_meta_get(out, "mate"))
				return pio_set_error(err, PIO_ERR_LINE, out->line, "metadata", col,
				                     "metadata (column %d): mate given twice", col);
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
	out->kifu = false;
	out->defender_rest = false;

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
		return pio_set_error(err, PIO_ERR_LINE, out->line, serr.field, serr.column, "%s", serr.message);
	if (moves_text) {
		int move_number = out->root.move_number;
		int n = sfen_play_moves(&out->root, moves_text, (int)(moves_text - line) + 1, out->moves, POS_MAX_PLY,
		                        &serr);
		if (n < 0)
			return pio_set_error(err, PIO_ERR_LINE, out->line, serr.field, serr.column, "%s", serr.message);
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

/* Reads into r->buf up to and including the next newline, or READ_BUF - 1
 * bytes, and a NUL; r->got is the bytes read, NUL bytes included (strlen
 * stops at the first).  *full: the buffer was filled.  False when no byte
 * was read: the end of the data, or a stream error (stream_failed). */
static bool read_chunk(PioReader *r, bool *full)
{
	size_t n = 0;
	while (n < READ_BUF - 1) {
		if (r->src.out_pos == r->src.out_len && !bs_next(&r->src))
			break;
		const unsigned char *src = r->src.out + r->src.out_pos;
		size_t k = r->src.out_len - r->src.out_pos;
		if (k > READ_BUF - 1 - n)
			k = READ_BUF - 1 - n;
		const unsigned char *nl = memchr(src, '\n', k);
		if (nl)
			k = (size_t)(nl - src) + 1;
		memcpy(r->buf + n, src, k);
		n += k;
		r->src.out_pos += k;
		if (nl)
			break;
	}
	r->buf[n] = '\0';
	r->got = n;
	*full = n == READ_BUF - 1;
	return n > 0;
}

/* Reads on, in buffer-sized chunks, to the end of the current line. */
static void skip_rest_of_line(PioReader *r)
{
	bool full;
	while (read_chunk(r, &full))
		if (!full || r->buf[READ_BUF - 2] == '\n')
			return; /* stopped at a newline or at the end */
}

/* The one problem of a KIF or CSA file (conv.h) as line 1: converted with
 * the hands as the file states them, formatted as a line with the length
 * the file states as mate=N, then read as any line is. */
static int next_kifu(PioReader *r, PioProblem *out, PioError *err)
{
	r->done = true;
	r->line = 1;
	ConvProblem *cp = malloc(sizeof *cp);
	if (!cp)
		return pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
	int rc;
	char meta[3 * PIO_VALUE_MAX + 64];
	if (conv_file(r->path, false, cp) != 0) {
		/* the format named once: some reasons start with it ("CSA: row P1 ...") */
		bool named = strncmp(cp->error, cp->format, strlen(cp->format)) == 0;
		rc = pio_set_error(err, PIO_ERR_LINE, cp->line, "file", 0, "%s%s%s", named ? "" : cp->format,
		                   named ? "" : ": ", cp->error);
	} else if (cp->stated >= 0 && cp->stated != cp->n_moves && cp->n_moves % 2 == 0 && cp->n_moves > 0)
		/* an even line (a move lost or one too many) is no answer at all */
		rc = pio_set_error(err, PIO_ERR_LINE, 0, "file", 0, "%s: the file states %d moves, %d read", cp->format,
		                   cp->stated, cp->n_moves);
	/* the moves read are the stated line, the length the file states the
	 * stated length (mate=N): where the two differ, verify judges them */
	else if (pio_format(&cp->root, cp->moves, cp->n_moves,
	                    conv_meta(cp->stated >= 0 ? cp->stated : cp->n_moves, r->path, cp, meta, sizeof meta),
	                    out->text, sizeof out->text) < 0)
		rc = pio_set_error(err, PIO_ERR_LINE, 1, "line", 0, "the converted problem is longer than %d bytes",
		                   PIO_LINE_MAX);
	else {
		out->line = 1;
		memcpy(r->buf, out->text, strlen(out->text) + 1);
		rc = parse_line(r->buf, out, err);
		out->kifu = true;
		out->defender_rest = cp->defender_rest;
		if (rc == PIO_END) /* cannot happen: a formatted problem is not blank */
			rc = pio_set_error(err, PIO_ERR_LINE, 1, "line", 0, "no problem");
	}
	free(cp);
	return rc;
}

int pio_next(PioReader *r, PioProblem *out, PioError *err)
{
	if (r->binary && !r->done) {
		r->done = true;
		return pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0,
		                     "binary data (NUL and control bytes): not a problem file");
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
			return pio_set_error(err, PIO_ERR_LINE, lineno, "line", 0, "line longer than %d bytes",
			                     PIO_LINE_MAX);
		}
		size_t len = strlen(buf);
		bool newline = len > 0 && buf[len - 1] == '\n';
		if (!newline) {
			/* the last line of the file, a line cut by a stream error, or
			 * a line with a NUL byte (read_chunk read on to its newline) */
			if (stream_failed(r, err, lineno))
				return PIO_ERR_STREAM;
			if (len < r->got) {
				int col = (int)len + 1 - (strncmp(buf, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
				return pio_set_error(err, PIO_ERR_LINE, lineno, "line", col,
				                     "line (column %d): NUL byte", col);
			}
		}
		if (newline)
			buf[--len] = '\0';
		if (len > 0 && buf[len - 1] == '\r')
			buf[--len] = '\0';
		if (len > PIO_LINE_MAX)
			return pio_set_error(err, PIO_ERR_LINE, lineno, "line", 0, "line longer than %d bytes",
			                     PIO_LINE_MAX);
		char *line = buf;
		if (strncmp(line, "\xEF\xBB\xBF", 3) == 0) {
			line += 3;
			len -= 3;
		}
		out->line = lineno;
		memcpy(out->text, line, len + 1);
		int rc = parse_line(line, out, err);
		if (rc == PIO_ERR_LINE && !r->hinted && strcmp(r->path, "-") == 0 && conv_detect(NULL, line, len)) {
			/* a KIF or CSA file piped in: said once */
			r->hinted = true;
			size_t n = strlen(err->message);
			snprintf(err->message + n, sizeof err->message - n,
			         " (standard input is read as problem lines: give a KIF or CSA file by its name)");
		}
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
		snprintf(why, size,
		         "stated answer: its line has %d plies, an even number (a mate ends with the attacker's move)",
		         p->n_moves);
		return false;
	}
	if (has_mate && mate % 2 == 0) {
		snprintf(why, size, "stated answer: mate=%ld is even (a mate ends with the attacker's move)", mate);
		return false;
	}
	if (has_mate && p->n_moves > 0 && mate != p->n_moves && !p->kifu) {
		snprintf(why, size, "stated answer: mate=%ld but its line has %d %s", mate, p->n_moves,
		         p->n_moves == 1 ? "ply" : "plies");
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

int pio_format(const Position *root, const Move *moves, int n, const char *meta, char *buf, size_t size)
{
	if (n < 0 || n > POS_MAX_PLY || pio_has_line_break(meta) || size == 0)
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
