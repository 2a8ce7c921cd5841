/* json_read.c -- a strict JSON reader for one object a line (see json_read.h). */
#include "json_read.h"

#include "utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	const char *s;
	size_t len, pos;
	char *err;
	size_t size;
} Reader;

static bool fail(Reader *r, const char *fmt, ...)
{
	if (r->err && r->size) {
		int n = snprintf(r->err, r->size, "byte %zu: ", r->pos + 1);
		va_list ap;
		va_start(ap, fmt);
		if (n >= 0 && (size_t)n < r->size)
			vsnprintf(r->err + n, r->size - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return false;
}

static void skip_blanks(Reader *r)
{
	while (r->pos < r->len && strchr(" \t\r\n", r->s[r->pos]) && r->s[r->pos])
		r->pos++;
}

/* After blanks, the character c: taken (true) or not there (false). */
static bool take(Reader *r, char c)
{
	skip_blanks(r);
	if (r->pos >= r->len || r->s[r->pos] != c)
		return false;
	r->pos++;
	return true;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits at r->pos (after "\u"). */
static bool read_hex4(Reader *r, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		int d = r->pos < r->len ? hex_digit(r->s[r->pos]) : -1;
		if (d < 0)
			return fail(r, "\\u must be followed by four hex digits");
		v = v * 16 + (unsigned)d;
		r->pos++;
	}
	*out = v;
	return true;
}

/* Appends code point cp as UTF-8 to buf (when buf is not NULL). */
static bool put_utf8(unsigned cp, char *buf, size_t size, size_t *n)
{
	unsigned char b[4];
	size_t k;
	if (cp < 0x80) {
		b[0] = (unsigned char)cp, k = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | cp >> 6), b[1] = (unsigned char)(0x80 | (cp & 0x3f)), k = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | cp >> 12), b[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f)), k = 3;
	} else {
		b[0] = (unsigned char)(0xf0 | cp >> 18), b[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f)), b[3] = (unsigned char)(0x80 | (cp & 0x3f)), k = 4;
	}
	if (buf) {
		if (*n + k >= size)
			return false;
		memcpy(buf + *n, b, k);
	}
	*n += k;
	return true;
}

/* Reads the string at r->pos (its opening quote), checking it; when buf is
 * not NULL, decodes it there.  *nul: it holds \u0000.  *fits: false when buf
 * was too small.  Returns false with a reason on a malformed string. */
static bool read_string(Reader *r, char *buf, size_t size, bool *nul, bool *fits)
{
	size_t n = 0;
	*nul = false;
	*fits = true;
	r->pos++; /* the opening quote */
	for (;;) {
		if (r->pos >= r->len)
			return fail(r, "a string is not closed");
		unsigned char c = (unsigned char)r->s[r->pos];
		if (c == '"') {
			r->pos++;
			break;
		}
		if (c < 0x20)
			return fail(r, "a control character (0x%02x) in a string must be escaped", c);
		if (c == '\\') {
			r->pos++;
			char e = r->pos < r->len ? r->s[r->pos++] : '\0';
			static const char ESC[] = "\"\\/bfnrt", CHAR[] = "\"\\/\b\f\n\r\t";
			const char *plain = e ? strchr(ESC, e) : NULL;
			unsigned cp;
			if (plain) {
				cp = (unsigned char)CHAR[plain - ESC];
			} else if (e == 'u') {
				if (!read_hex4(r, &cp))
					return false;
				if (cp >= 0xdc00 && cp <= 0xdfff)
					return fail(r, "a low surrogate \\u%04x without a high one", cp);
				if (cp >= 0xd800 && cp <= 0xdbff) {
					unsigned lo;
					if (r->pos + 2 > r->len || r->s[r->pos] != '\\' || r->s[r->pos + 1] != 'u')
						return fail(r, "a high surrogate \\u%04x without a low one", cp);
					r->pos += 2;
					if (!read_hex4(r, &lo))
						return false;
					if (lo < 0xdc00 || lo > 0xdfff)
						return fail(r, "a high surrogate \\u%04x without a low one", cp);
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				}
				if (cp == 0)
					*nul = true;
			} else {
				r->pos--;
				return fail(r, "unknown escape '\\%c'", e ? e : ' ');
			}
			if (*fits && !put_utf8(cp, buf, size, &n))
				*fits = false;
			continue;
		}
		size_t k = utf8_char_len((const unsigned char *)r->s + r->pos, r->len - r->pos);
		if (k == 0)
			return fail(r, "not valid UTF-8");
		if (buf && *fits) {
			if (n + k >= size)
				*fits = false;
			else
				memcpy(buf + n, r->s + r->pos, k);
		}
		n += k;
		r->pos += k;
	}
	if (buf && *fits)
		buf[n] = '\0';
	return true;
}

static size_t digits(Reader *r)
{
	size_t start = r->pos;
	while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9')
		r->pos++;
	return r->pos - start;
}

static bool read_number(Reader *r)
{
	if (r->s[r->pos] == '-')
		r->pos++;
	size_t start = r->pos, n = digits(r);
	if (n == 0)
		return fail(r, "a number must have digits");
	if (n > 1 && r->s[start] == '0')
		return fail(r, "a number must not start with 0");
	if (r->pos < r->len && r->s[r->pos] == '.') {
		r->pos++;
		if (digits(r) == 0)
			return fail(r, "a fraction must have digits");
	}
	if (r->pos < r->len && (r->s[r->pos] == 'e' || r->s[r->pos] == 'E')) {
		r->pos++;
		if (r->pos < r->len && (r->s[r->pos] == '+' || r->s[r->pos] == '-'))
			r->pos++;
		if (digits(r) == 0)
			return fail(r, "an exponent must have digits");
	}
	return true;
}

static bool read_value(Reader *r, int depth, JsonValue *v);

/* The object at r->pos; its members into m[0..max) when m is not NULL. */
static bool read_object(Reader *r, int depth, JsonMember *m, int max, int *count)
{
	int n = 0;
	r->pos++; /* '{' */
	*count = 0;
	if (take(r, '}'))
		return true;
	for (;;) {
		skip_blanks(r);
		if (r->pos >= r->len || r->s[r->pos] != '"')
			return fail(r, "expected a key (a string)");
		char key[JSON_KEY_MAX + 1];
		bool nul, fits;
		size_t at = r->pos;
		if (!read_string(r, m ? key : NULL, sizeof key, &nul, &fits))
			return false;
		if (m && (!fits || nul)) {
			r->pos = at;
			return fail(r, nul ? "a key holds \\u0000" : "a key longer than %d bytes", JSON_KEY_MAX);
		}
		if (m) {
			for (int i = 0; i < n; i++)
				if (strcmp(m[i].key, key) == 0) {
					r->pos = at;
					return fail(r, "the key \"%s\" comes twice", key);
				}
			if (n >= max) {
				r->pos = at;
				return fail(r, "more than %d members", max);
			}
		}
		if (!take(r, ':'))
			return fail(r, "expected ':' after a key");
		JsonValue v;
		if (!read_value(r, depth, &v))
			return false;
		if (m) {
			memcpy(m[n].key, key, sizeof key);
			m[n].value = v;
		}
		*count = ++n;
		if (take(r, '}'))
			return true;
		if (!take(r, ','))
			return fail(r, "expected ',' or '}' in an object");
	}
}

static bool read_array(Reader *r, int depth)
{
	r->pos++; /* '[' */
	if (take(r, ']'))
		return true;
	for (JsonValue v;;) {
		if (!read_value(r, depth, &v))
			return false;
		if (take(r, ']'))
			return true;
		if (!take(r, ','))
			return fail(r, "expected ',' or ']' in an array");
	}
}

/* The value at r->pos (after blanks), depth = the arrays and objects around it. */
static bool read_value(Reader *r, int depth, JsonValue *v)
{
	skip_blanks(r);
	if (r->pos >= r->len)
		return fail(r, "expected a value");
	size_t start = r->pos;
	char c = r->s[r->pos];
	bool ok, nul, fits;
	int count;
	static const struct {
		const char *word;
		JsonType type;
	} words[] = {{"true", JSON_TRUE}, {"false", JSON_FALSE}, {"null", JSON_NULL}};
	if ((c == '{' || c == '[') && depth >= JSON_DEPTH_MAX)
		return fail(r, "nested more than %d deep", JSON_DEPTH_MAX);
	if (c == '{') {
		v->type = JSON_OBJECT;
		ok = read_object(r, depth + 1, NULL, 0, &count);
	} else if (c == '[') {
		v->type = JSON_ARRAY;
		ok = read_array(r, depth + 1);
	} else if (c == '"') {
		v->type = JSON_STRING;
		ok = read_string(r, NULL, 0, &nul, &fits);
	} else if (c == '-' || (c >= '0' && c <= '9')) {
		v->type = JSON_NUMBER;
		ok = read_number(r);
	} else {
		ok = false;
		for (size_t i = 0; i < sizeof words / sizeof words[0] && !ok; i++) {
			size_t n = strlen(words[i].word);
			if (r->len - r->pos >= n && memcmp(r->s + r->pos, words[i].word, n) == 0) {
				v->type = words[i].type;
				r->pos += n;
				ok = true;
			}
		}
		if (!ok)
			return fail(r, "expected a value");
	}
	v->text = r->s + start;
	v->len = r->pos - start;
	return ok;
}

int json_read_object(const char *text, size_t len, JsonMember *m, int max, char *err, size_t size)
{
	Reader r = {text, len, 0, err, size};
	int count = 0;
	skip_blanks(&r);
	if (r.pos >= r.len || text[r.pos] != '{')
		return fail(&r, "expected '{' (a JSON object)"), -1;
	if (!read_object(&r, 1, m, max, &count))
		return -1;
	skip_blanks(&r);
	if (r.pos < r.len)
		return fail(&r, "text after the object"), -1;
	return count;
}

const JsonValue *json_get(const JsonMember *m, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (strcmp(m[i].key, key) == 0)
			return &m[i].value;
	return NULL;
}

bool json_string(const JsonValue *v, char *buf, size_t size)
{
	if (!v || v->type != JSON_STRING || size == 0)
		return false;
	Reader r = {v->text, v->len, 0, NULL, 0};
	bool nul, fits;
	return read_string(&r, buf, size, &nul, &fits) && fits && !nul;
}

bool json_uint(const JsonValue *v, uint64_t *out)
{
	if (!v || v->type != JSON_NUMBER || v->len == 0 || v->len > 20)
		return false;
	uint64_t x = 0;
	for (size_t i = 0; i < v->len; i++) {
		char c = v->text[i];
		if (c < '0' || c > '9')
			return false;
		if (x > (UINT64_MAX - (uint64_t)(c - '0')) / 10)
			return false;
		x = x * 10 + (uint64_t)(c - '0');
	}
	*out = x;
	return true;
}

bool json_double(const JsonValue *v, double *out)
{
	if (!v || v->type != JSON_NUMBER || v->len >= 64)
		return false;
	char buf[64];
	memcpy(buf, v->text, v->len);
	buf[v->len] = '\0';
	errno = 0;
	double x = strtod(buf, NULL);
	if (errno == ERANGE && x != 0)
		return false;
	*out = x;
	return true;
}

bool json_bool(const JsonValue *v, bool *out)
{
	if (!v || (v->type != JSON_TRUE && v->type != JSON_FALSE))
		return false;
	*out = v->type == JSON_TRUE;
	return true;
}

bool json_array_next(const JsonValue *array, size_t *pos, JsonValue *elem)
{
	if (!array || array->type != JSON_ARRAY)
		return false;
	Reader r = {array->text, array->len, *pos ? *pos : 1, NULL, 0};
	skip_blanks(&r);
	if (r.pos >= r.len || r.s[r.pos] == ']' || !read_value(&r, 1, elem))
		return false;
	take(&r, ',');
	*pos = r.pos;
	return true;
}
