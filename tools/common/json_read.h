/*
 * json_read.h -- a small, strict JSON reader (RFC 8259) for one object a
 * line: what `tsume verify --format json` writes (cli_json_string), read
 * back by `tsume merge`.  No allocation: a value is a span of the text it
 * was read from, decoded on demand.
 *
 * Strict: one object and nothing but blanks (space, tab, CR, LF) around it;
 * strings of valid UTF-8 with no raw control character and only the escapes
 * \" \\ \/ \b \f \n \r \t \uXXXX (surrogates in pairs); numbers as the RFC's
 * grammar says (no leading zeros, '+', hex, NaN or Infinity); true, false,
 * null; nesting at most JSON_DEPTH_MAX deep; no key twice in one object.
 */
#ifndef TSUME_JSON_READ_H
#define TSUME_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_KEY_MAX 63   /* longest key in bytes, decoded */
#define JSON_DEPTH_MAX 32 /* arrays and objects inside one another */

typedef enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

/* A value: its type and its bytes in the text read (quotes and brackets
 * included). */
typedef struct {
	JsonType type;
	const char *text;
	size_t len;
} JsonValue;

/* A member of an object: the decoded key and the value. */
typedef struct {
	char key[JSON_KEY_MAX + 1];
	JsonValue value;
} JsonMember;

/* Reads text[0..len) as one JSON object and puts its members, in order,
 * into m[0..max).  Returns the number of members, or -1 with a reason in
 * err (size bytes, e.g. "byte 17: expected ':' after a key") when the text
 * is not one valid JSON object, a key is longer than JSON_KEY_MAX bytes or
 * holds \u0000, a key comes twice, or the object has more than max
 * members.  Members of nested objects are checked, not returned. */
int json_read_object(const char *text, size_t len, JsonMember *m, int max, char *err, size_t size);

/* The value of the member called key among m[0..n), or NULL. */
const JsonValue *json_get(const JsonMember *m, int n, const char *key);

/* Decodes a JSON string value into buf (size bytes, NUL-terminated, UTF-8).
 * Returns false if v is NULL or not a string, if it holds \u0000 (a C
 * string cannot), or if it does not fit in buf. */
bool json_string(const JsonValue *v, char *buf, size_t size);

/* A JSON number that is a whole number 0..UINT64_MAX written without sign,
 * fraction or exponent, into *out.  Returns false otherwise (*out
 * unchanged). */
bool json_uint(const JsonValue *v, uint64_t *out);

/* Any JSON number, into *out (strtod).  Returns false if v is not a number. */
bool json_double(const JsonValue *v, double *out);

/* true, false: into *out.  Returns false if v is neither. */
bool json_bool(const JsonValue *v, bool *out);

/* Iterates over an array's elements: *pos = 0 before the first call; each
 * call puts the next element into *elem and returns true, or returns false
 * after the last one (or if array is not an array). */
bool json_array_next(const JsonValue *array, size_t *pos, JsonValue *elem);

#endif
