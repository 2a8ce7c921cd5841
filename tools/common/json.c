/* json.c -- tsume's JSON lines through cJSON (see json.h). */
#include "json.h"

#include "notation.h"
#include "utf8.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

/* s with every byte that is not part of a valid UTF-8 sequence replaced by
 * U+FFFD (EF BF BD), as a cJSON string; NULL when out of memory. */
static cJSON *utf8_string(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t bad = 0, len = 0;
	while (p[len]) {
		size_t n = utf8_char_len(p + len, 4);
		bad += !n;
		len += n ? n : 1;
	}
	if (!bad)
		return cJSON_CreateString(s);
	char *fixed = malloc(len + 2 * bad + 1), *q = fixed;
	if (!fixed)
		return NULL;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_char_len(p + i, 4);
		if (n) {
			memcpy(q, p + i, n);
			q += n, i += n;
		} else {
			memcpy(q, "\xef\xbf\xbd", 3);
			q += 3, i++;
		}
	}
	*q = '\0';
	cJSON *item = cJSON_CreateString(fixed);
	free(fixed);
	return item;
}

/* Adds item to obj under key; false (item freed) if either is NULL or the
 * adding fails. */
static bool add(cJSON *obj, const char *key, cJSON *item)
{
	if (obj && item && cJSON_AddItemToObject(obj, key, item))
		return true;
	cJSON_Delete(item);
	return false;
}

/* Adds "key": the number printed by fmt (exactly as printed). */
static bool add_raw(cJSON *obj, const char *key, const char *text) { return add(obj, key, cJSON_CreateRaw(text)); }

bool json_add_string(cJSON *obj, const char *key, const char *s) { return add(obj, key, utf8_string(s)); }

bool json_append_string(cJSON *arr, const char *s)
{
	cJSON *item = utf8_string(s);
	if (arr && item && cJSON_AddItemToArray(arr, item))
		return true;
	cJSON_Delete(item);
	return false;
}

bool json_add_int(cJSON *obj, const char *key, int v)
{
	char t[16];
	snprintf(t, sizeof t, "%d", v);
	return add_raw(obj, key, t);
}

bool json_add_long(cJSON *obj, const char *key, long v)
{
	char t[24];
	snprintf(t, sizeof t, "%ld", v);
	return add_raw(obj, key, t);
}

bool json_add_uint(cJSON *obj, const char *key, uint64_t v)
{
	char t[24];
	snprintf(t, sizeof t, "%llu", (unsigned long long)v);
	return add_raw(obj, key, t);
}

bool json_add_fixed(cJSON *obj, const char *key, double v, int decimals)
{
	char t[352]; /* DBL_MAX has 309 digits before the point */
	snprintf(t, sizeof t, "%.*f", decimals, v);
	return add_raw(obj, key, t);
}

bool json_add_double(cJSON *obj, const char *key, double v)
{
	char t[32];
	snprintf(t, sizeof t, "%.15g", v);
	return add_raw(obj, key, t);
}

bool json_add_bool(cJSON *obj, const char *key, bool v) { return add(obj, key, cJSON_CreateBool(v)); }

bool json_add_null(cJSON *obj, const char *key) { return add(obj, key, cJSON_CreateNull()); }

bool json_add_name(cJSON *obj, const char *key, const char *s)
{
	return add(obj, key, s ? cJSON_CreateString(s) : cJSON_CreateNull());
}

bool json_add_moves(cJSON *obj, const char *key, const Move *moves, int n)
{
	cJSON *arr = cJSON_CreateArray();
	bool ok = add(obj, key, arr);
	for (int i = 0; ok && i < n; i++) {
		char usi[6];
		cJSON *item = cJSON_CreateString(usi_format(moves[i], usi));
		ok = item && cJSON_AddItemToArray(arr, item);
		if (!ok)
			cJSON_Delete(item);
	}
	return ok;
}

bool json_add_cook_list(cJSON *obj, const VerifyResult *r)
{
	int listed = r->cooks < VERIFY_MAX_COOKS ? r->cooks : VERIFY_MAX_COOKS;
	cJSON *list = cJSON_CreateArray();
	bool ok = add(obj, "cook_list", list);
	for (int i = 0; ok && i < listed; i++) {
		char u[6];
		cJSON *c = cJSON_CreateObject();
		ok = c && cJSON_AddItemToArray(list, c);
		if (!ok)
			cJSON_Delete(c);
		ok = ok && json_add_int(c, "ply", r->cook[i].ply + 1) &&
		     json_add_name(c, "move", usi_format(r->cook[i].move, u)) &&
		     json_add_int(c, "length", r->cook[i].len);
	}
	return ok;
}

bool json_add_verdict(cJSON *obj, const VerifyStated *v)
{
	bool ok =
	    json_add_name(obj, "stated_verdict", v->verdict == VERDICT_NONE ? NULL : verify_verdict_name(v->verdict));
	if (v->ply < 0 || v->move == MOVE_NONE) {
		static const char *const KEYS[] = {"verdict_ply",    "verdict_move", "verdict_length",
		                                   "verdict_excess", "worst_excess", "worst_ply"};
		for (size_t i = 0; i < sizeof KEYS / sizeof *KEYS; i++)
			ok &= json_add_null(obj, KEYS[i]);
		return ok;
	}
	char u[6];
	ok &= json_add_int(obj, "verdict_ply", v->ply + 1);
	ok &= json_add_name(obj, "verdict_move", usi_format(v->move, u));
	/* stated_not_mate: the move is where the line fails; no_mate: the
	 * defence that escapes; no length for either */
	if (v->verdict == VERDICT_STATED_NOT_MATE || v->verdict == VERDICT_NO_MATE)
		ok &= json_add_null(obj, "verdict_length");
	else
		ok &= json_add_int(obj, "verdict_length", v->len);
	if (v->len && v->stated_left)
		ok &= json_add_int(obj, "verdict_excess", v->len - v->stated_left);
	else
		ok &= json_add_null(obj, "verdict_excess");
	if (v->verdict == VERDICT_LONGER_DEFENCE && v->worst_excess > 0) {
		ok &= json_add_int(obj, "worst_excess", v->worst_excess);
		ok &= json_add_int(obj, "worst_ply", v->worst_ply + 1);
	} else {
		ok &= json_add_null(obj, "worst_excess");
		ok &= json_add_null(obj, "worst_ply");
	}
	return ok;
}

bool json_write_line(FILE *f, cJSON *obj, bool ok, const char *prog)
{
	char *text = ok && obj ? cJSON_PrintUnformatted(obj) : NULL;
	cJSON_Delete(obj);
	if (!text) {
		fprintf(stderr, "%s: out of memory: a JSON line not written\n", prog);
		return false;
	}
	fputs(text, f);
	putc('\n', f);
	cJSON_free(text);
	return true;
}

/* ---- reading ---- */

/* Puts "byte AT: WHY" into err (at counts from 0); returns false. */
static bool refuse(char *err, size_t size, size_t at, const char *why)
{
	snprintf(err, size, "byte %zu: %s", at + 1, why);
	return false;
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* What cJSON lets through in text[0..len), a JSON text it read, and RFC 8259
 * does not: a NUL byte, a control character outside the blanks, bytes that
 * are not valid UTF-8 in a string, a raw control character, \u0000 or a \u
 * without 4 hex digits in a string (cJSON reads that as \u0000), a number with a leading zero (01, -01), a '.' without
 * a digit on either side (1., -.5, 1.e5).  Returns false with the reason in err. */
static bool strict(const unsigned char *s, size_t len, char *err, size_t size)
{
	bool in_string = false;
	for (size_t i = 0; i < len;) {
		unsigned char c = s[i];
		if (c == '\0')
			return refuse(err, size, i, "a NUL byte");
		if (in_string) {
			if (c < 0x20)
				return refuse(err, size, i, "a control character in a string (JSON writes it \\u00XX)");
			if (c == '\\' && i + 1 < len && s[i + 1] == 'u') {
				/* cJSON reads a \u with a bad digit as \u0000 */
				size_t k = 2;
				while (k < 6 && i + k < len && isxdigit(s[i + k]))
					k++;
				if (k < 6)
					return refuse(err, size, i, "a \\u escape without 4 hex digits");
				if (memcmp(s + i + 2, "0000", 4) == 0)
					return refuse(err, size, i, "\\u0000 in a string");
			}
			size_t n = c < 0x80 ? 1 : utf8_char_len(s + i, len - i);
			if (!n)
				return refuse(err, size, i, "not valid UTF-8");
			in_string = c != '"';
			i += c == '\\' ? 2 : n; /* the escaped character; \uXXXX's digits are plain */
			continue;
		}
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			return refuse(err, size, i, "a control character outside a string");
		if (c >= 0x80)
			return refuse(err, size, i, "a byte that is not JSON outside a string");
		unsigned char prev = i ? s[i - 1] : ' ', next = i + 1 < len ? s[i + 1] : ' ';
		/* a number starts at a digit after none of [0-9.eE+-], or after a
		 * '-' that is not an exponent's */
		bool starts = !strchr("0123456789.eE+-", prev) ||
		              (prev == '-' && (i < 2 || (s[i - 2] != 'e' && s[i - 2] != 'E')));
		if (c == '0' && is_digit(next) && starts)
			return refuse(err, size, i, "a number with a leading zero");
		if (c == '.' && (!is_digit(prev) || !is_digit(next)))
			return refuse(err, size, i, "a number's '.' without a digit on each side");
		in_string = c == '"';
		i++;
	}
	return true;
}

/* The first key that comes twice in one object of item (or inside it), or
 * NULL. */
static const char *twice(const cJSON *item)
{
	for (const cJSON *a = item->child; a; a = a->next) {
		if (cJSON_IsObject(item))
			for (const cJSON *b = a->next; b; b = b->next)
				if (strcmp(a->string, b->string) == 0)
					return a->string;
		const char *k = twice(a);
		if (k)
			return k;
	}
	return NULL;
}

cJSON *json_read_object(const char *text, size_t len, char *err, size_t size)
{
	const char *end = NULL, *nul = memchr(text, '\0', len);
	if (nul) {
		refuse(err, size, (size_t)(nul - text), "a NUL byte");
		return NULL;
	}
	size_t first = 0;
	while (first < len && strchr(" \t\r\n", text[first]))
		first++;
	if (first == len) {
		refuse(err, size, len, "no JSON object (an empty line)");
		return NULL;
	}
	if (text[first] != '{') {
		refuse(err, size, first, "not a JSON object (it starts with '{')");
		return NULL;
	}
	cJSON *obj = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!obj) {
		/* cJSON says where it stopped (out of memory too: where it was) */
		refuse(err, size, end ? (size_t)(end - text) : 0, "not valid JSON");
		return NULL;
	}
	size_t at = (size_t)(end - text);
	while (at < len && strchr(" \t\r\n", text[at]))
		at++;
	const char *key;
	if (at < len)
		refuse(err, size, at, "more after the object");
	else if (!strict((const unsigned char *)text, len, err, size))
		;
	else if ((key = twice(obj)) != NULL)
		snprintf(err, size, "the key \"%.40s\" twice in one object", key);
	else
		return obj;
	cJSON_Delete(obj);
	return NULL;
}

bool json_uint(const cJSON *v, uint64_t *out)
{
	if (!cJSON_IsNumber(v))
		return false;
	double d = v->valuedouble;
	if (!(d >= 0) || d != floor(d) || d > 18446744073709551616.0)
		return false;
	*out = d >= 18446744073709551616.0 ? UINT64_MAX : (uint64_t)d;
	return true;
}

bool json_double(const cJSON *v, double *out)
{
	if (!cJSON_IsNumber(v))
		return false;
	*out = v->valuedouble;
	return true;
}

bool json_bool(const cJSON *v, bool *out)
{
	if (!cJSON_IsBool(v))
		return false;
	*out = cJSON_IsTrue(v);
	return true;
}

const char *json_string(const cJSON *v) { return cJSON_IsString(v) ? v->valuestring : NULL; }

const cJSON *json_get(const cJSON *obj, const char *key)
{
	return cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
}
