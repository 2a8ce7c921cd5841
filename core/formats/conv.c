/*
 * conv.c -- KIF and CSA problem files read into a Position and a move list
 * (see conv.h); the KIF reader is in conv_kif.c, the CSA reader in conv_csa.c.
 *
 * KIF (Kakinoki's format, as Kifu for Windows, Shogidokoro, ぴよ将棋 and
 * KifuForJS write it), UTF-8 or Shift_JIS (CP932): the encoding is UTF-8
 * when the bytes are valid UTF-8 (or start with a BOM), CP932 otherwise
 * (converted with iconv).  Read: the BOD diagram (後手の持駒／上手の持駒, the
 * nine rows "| ・v香 ...|一", 先手の持駒／下手の持駒, 先手番／後手番 or
 * 手番：先手／後手; "：" or ":", a header indented or not; any other line
 * naming 持駒 is an error), or
 * 手合割：平手 without a diagram; the move list "   1 ３二金打   (00:00/...)"
 * up to an end word (詰み, 中断, 投了 ...) or the first 変化 (variations are
 * not read).  A move is read as destination (or 同), piece, modifiers
 * (右左直上引寄), 成/不成/打 and the origin "(77)"; it must name exactly one
 * legal move (without an origin, the JSA modifiers decide between pieces).
 * The hands are taken exactly as the file states them: pieces of the set that
 * the file gives to nobody are given to nobody, unless --rest.  A diagram
 * whose moves end on an even move (the defender's: a problem's answer ends
 * with the attacker's mating move) with no end word, まで line, 変化 or
 * 手数 of that length after them is a file cut short, an error (a game
 * from 手合割 without a diagram is not a problem, and is not checked).
 * What a file states twice or both ways is an error, never one reading
 * chosen: a hand or the side to move given twice (先手番 and 後手番), a
 * hand of なし and pieces; so is a stated length (手数, まで) over
 * POS_MAX_PLY, however many digits it has.
 *
 * CSA (V2.x): P1..P9 rows (all nine, each once, each of nine squares: a row
 * missing or short is an error), PI with removals, P+/P- piece lists (00XX = in
 * hand, 00AL = the rest of the set to that side), the side line "+"/"-",
 * moves "+7776FU" (a promoted piece code on an unpromoted piece means a
 * promotion), "%..." ends the moves; ',' separates statements on a line, "'"
 * starts a comment, "/" ends the first game.  As in KIF, an even number of
 * moves with no "%" or "/" after them is a file cut short, unless the
 * position is PI (a game from the start position or a handicap).
 */
#include "conv.h"
#include "conv_csa.h"
#include "conv_kif.h"
#include "conv_read.h"

#include "bytesource.h"
#include "sfen.h"
#include "utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* encodings */

/* Valid UTF-8 without NUL bytes (a NUL is never part of a KIF file). */
static bool valid_utf8(const unsigned char *s, size_t len) { return !memchr(s, 0, len) && utf8_valid(s, len); }

/* The file as a NUL-terminated UTF-8 string (malloc'd; BOM removed), or NULL
 * with out->error set. */
static char *to_utf8(const char *data, size_t len, ConvProblem *out)
{
	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0) {
		data += 3;
		len -= 3;
	}
	if (valid_utf8((const unsigned char *)data, len)) {
		char *s = malloc(len + 1);
		if (!s) {
			conv_fail(out, 0, "out of memory");
			return NULL;
		}
		memcpy(s, data, len);
		s[len] = '\0';
		return s;
	}
	if (memchr(data, '\0', len)) {
		conv_fail(out, 0, "binary data (NUL bytes): not a KIF or CSA file");
		return NULL;
	}
	iconv_t cd = iconv_open("UTF-8", "CP932");
	if (cd == (iconv_t)-1) {
		conv_fail(out, 0, "not UTF-8, and iconv cannot convert from CP932 (Shift_JIS)");
		return NULL;
	}
	size_t cap = 3 * len + 1; /* one CP932 byte never becomes more than three */
	char *s = malloc(cap);
	if (!s) {
		iconv_close(cd);
		conv_fail(out, 0, "out of memory");
		return NULL;
	}
	char *in = (char *)data, *o = s;
	size_t in_left = len, out_left = cap - 1;
	if (iconv(cd, &in, &in_left, &o, &out_left) == (size_t)-1) {
		/* where each reading fails; the file is named at the later one
		 * (a UTF-8 file with one damaged character fails as CP932 early) */
		const unsigned char *u = (const unsigned char *)data, *end = u + len;
		size_t n;
		while (u < end && (n = utf8_char_len(u, (size_t)(end - u))) > 0)
			u += n;
		const char *at_utf8 = (const char *)u, *at = at_utf8 > in ? at_utf8 : in;
		long line = 1;
		for (const char *p = data; p < at; p++)
			line += *p == '\n';
		if (at_utf8 > in)
			conv_fail(out, line, "invalid UTF-8 (bad or cut byte 0x%02X), nor Shift_JIS (CP932)",
			          (unsigned)(unsigned char)*at);
		else
			conv_fail(out, line, "neither UTF-8 nor Shift_JIS (CP932): bad byte 0x%02X",
			          (unsigned)(unsigned char)*in);
		iconv_close(cd);
		free(s);
		return NULL;
	}
	iconv_close(cd);
	*o = '\0';
	return s;
}

/* ------------------------------------------------------------------ */
/* format detection */

/* true when the text looks like CSA: a line "P1".."P9", "PI", "P+", "P-"
 * or "V2", and no KIF diagram or move header. */
static bool looks_like_csa(const char *text)
{
	bool csa = false;
	for (const char *s = text; *s;) {
		if (conv_starts(s, "手数----") || conv_starts(s, "後手の持駒") || conv_starts(s, "先手の持駒") ||
		    conv_starts(s, "手合割") || conv_starts(s, "上手の持駒") || conv_starts(s, "下手の持駒") ||
		    s[0] == '|')
			return false;
		if ((s[0] == 'P' && ((s[1] >= '1' && s[1] <= '9') || s[1] == 'I' || s[1] == '+' || s[1] == '-')) ||
		    (s[0] == 'V' && s[1] == '2'))
			csa = true;
		s += strcspn(s, "\n");
		if (*s)
			s++;
	}
	return csa;
}

int conv_text(const char *data, size_t len, bool rest, ConvProblem *out)
{
	out->format = "KIF";
	out->n_moves = 0;
	out->stated = -1;
	out->title[0] = out->author[0] = '\0';
	out->missing = 0;
	out->defender_rest = false;
	out->line = 0;
	out->error[0] = '\0';
	char *text = to_utf8(data, len, out);
	if (!text)
		return -1;
	int rc;
	if (looks_like_csa(text)) {
		out->format = "CSA";
		rc = conv_csa_parse(text, rest, out);
	} else {
		rc = conv_kif_parse(text, rest, out);
	}
	free(text);
	return rc;
}

int conv_file(const char *path, bool rest, ConvProblem *out)
{
	out->format = "KIF";
	out->n_moves = 0;
	out->line = 0;
	/* the bytes as the problem-set reader reads them (bytesource.h): a
	 * gzip-compressed file inflated (x.kif.gz as x.kif), data after its
	 * last member an error, any other file as it is */
	bool std_in = strcmp(path, "-") == 0;
	int fd = std_in ? 0 : open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || (!std_in && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))) {
		int e = fd < 0 ? errno : EISDIR;
		if (fd >= 0)
			close(fd);
		return conv_fail(out, 0, "cannot open: %s", strerror(e));
	}
	char *data = malloc(CONV_FILE_MAX + 1);
	ByteSource *src = malloc(sizeof *src);
	if (!data || !src) {
		free(data);
		free(src);
		if (!std_in)
			close(fd);
		return conv_fail(out, 0, "out of memory");
	}
	bs_init(src, fd, std_in ? "standard input" : path);
	size_t len = 0;
	while (len <= CONV_FILE_MAX && bs_next(src)) {
		size_t n = src->out_len - src->out_pos;
		if (n > CONV_FILE_MAX + 1 - len)
			n = CONV_FILE_MAX + 1 - len;
		memcpy(data + len, src->out + src->out_pos, n);
		len += n;
		src->out_pos += n;
	}
	int rc;
	if (src->failed.field)
		rc = conv_fail(out, 0, "%s", src->failed.message);
	else if (len > CONV_FILE_MAX)
		rc = conv_fail(out, 0, "larger than %u bytes: not a problem file", CONV_FILE_MAX);
	else
		rc = conv_text(data, len, rest, out);
	bs_end(src);
	if (!std_in)
		close(fd);
	free(src);
	free(data);
	return rc;
}

/* ------------------------------------------------------------------ */
/* telling KIF and CSA files from problem lines */

static bool ends_with_ci(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* Does the line at s (up to end) start with word? */
static bool line_starts(const char *s, const char *end, const char *word)
{
	size_t k = strlen(word);
	return (size_t)(end - s) >= k && memcmp(s, word, k) == 0;
}

bool conv_detect(const char *path, const char *head, size_t n)
{
	if (path && (ends_with_ci(path, ".kif") || ends_with_ci(path, ".kifu") || ends_with_ci(path, ".csa")))
		return true;
	if (n > CONV_DETECT_HEAD)
		n = CONV_DETECT_HEAD;
	/* KIF: a line that starts with a header word of the diagram or the move
	 * list, in UTF-8 or Shift_JIS (CP932); a word inside a comment or a
	 * metadata value of a problem line does not count */
	static const char *const kif_words[] = {"後手の持駒",
	                                        "先手の持駒",
	                                        "上手の持駒",
	                                        "下手の持駒",
	                                        "手合割",
	                                        "手数----",
	                                        "\x8c\xe3\x8e\xe8\x82\xcc\x8e\x9d\x8b\xee",
	                                        "\x90\xe6\x8e\xe8\x82\xcc\x8e\x9d\x8b\xee",
	                                        "\x8f\xe3\x8e\xe8\x82\xcc\x8e\x9d\x8b\xee",
	                                        "\x89\xba\x8e\xe8\x82\xcc\x8e\x9d\x8b\xee",
	                                        "\x8e\xe8\x8d\x87\x8a\x84",
	                                        "\x8e\xe8\x90\x94----"};
	/* CSA: the first line that is neither blank nor a comment (') is a CSA
	 * statement: "V2", "N+", "N-", "$...", "PI", "P+", "P-", or "P1".."P9"
	 * and a sign or a blank (a SFEN board row never has those) */
	bool first = true;
	for (const char *s = head, *end = head + n; s < end;) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		if (!e)
			e = end;
		for (size_t w = 0; w < sizeof kif_words / sizeof *kif_words; w++)
			if (line_starts(s, e, kif_words[w]))
				return true;
		if (first && e > s && *s != '\'' && *s != '\r') {
			first = false;
			char c1 = e - s > 1 ? s[1] : '\0', c2 = e - s > 2 ? s[2] : '\0';
			if ((s[0] == 'V' && c1 == '2') || (s[0] == 'N' && (c1 == '+' || c1 == '-')) || s[0] == '$' ||
			    (s[0] == 'P' && (c1 == 'I' || c1 == '+' || c1 == '-')) ||
			    (s[0] == 'P' && c1 >= '1' && c1 <= '9' && (c2 == '+' || c2 == '-' || c2 == ' ')))
				return true;
		}
		s = e + 1;
	}
	return false;
}

/* Appends "key=value" to buf (of size, n bytes used; " ; " before it when
 * n > 0) with ';' and '='
 * of value in their full-width forms and tabs as blanks. */
static size_t meta_credit(char *buf, size_t size, size_t n, const char *key, const char *value)
{
	if (!value[0] || n >= size)
		return n;
	n += (size_t)snprintf(buf + n, size - n, "%s%s=", n ? " ; " : "", key);
	for (const char *c = value; *c && n < size; c++) {
		const char *rep = *c == ';' ? "；" : *c == '=' ? "＝" : *c == '\t' ? " " : NULL;
		char one[2] = {*c, '\0'};
		n += (size_t)snprintf(buf + n, size - n, "%s", rep ? rep : one);
	}
	return n < size ? n : size;
}

char *conv_meta(int mate, const char *path, const ConvProblem *cp, char *buf, size_t size)
{
	char source[200 + 1]; /* a metadata value is cut at 200 bytes (PIO_VALUE_MAX) anyway */
	snprintf(source, sizeof source, "%s", path);
	for (char *c = source; *c; c++)
		if (*c == ';' || *c == '\n' || *c == '\r' || *c == ' ' || *c == '\t')
			*c = '_'; /* a blank could start another key=value: "q mate=9.kif" */
	if (size == 0)
		return buf;
	buf[0] = '\0';
	size_t n = mate > 0 ? (size_t)snprintf(buf, size, "mate=%d", mate) : 0;
	if (cp) {
		n = meta_credit(buf, size, n, "title", cp->title);
		n = meta_credit(buf, size, n, "author", cp->author);
	}
	if (n < size)
		snprintf(buf + n, size - n, "%ssource=%s", n ? " ; " : "", source);
	return buf;
}
