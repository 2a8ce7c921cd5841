/*
 * json.h -- tsume's JSON lines through cJSON (Debian's libcjson-dev; the
 * page's build compiles cJSON.c itself): what solve and verify write with
 * --format json, one object a line, and what merge reads back.
 *
 * Writing: a line is a cJSON object built member by member in the order the
 * manual gives, printed with cJSON_PrintUnformatted.  The helpers below add
 * what cJSON alone would print otherwise: strings made valid UTF-8 first,
 * whole numbers beyond int exactly, decimals with a fixed number of places.
 * Each json_add_* returns false, adding nothing, when obj is NULL or memory
 * runs out (the caller collects that with &= and passes it to
 * json_write_line); keys are copied.
 *
 * Reading: one object a line, strictly (RFC 8259): what cJSON refuses, and
 * what cJSON lets through but the RFC does not (json_read_object).
 */
#ifndef TSUME_JSON_H
#define TSUME_JSON_H

#include "types.h"
#include "verify.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- writing ---- */

/* Adds "key": s as a JSON string.  s is written as UTF-8: every byte of s
 * that is not part of a valid UTF-8 sequence (a stray continuation byte, a
 * truncated, overlong or surrogate sequence, a code point above U+10FFFF)
 * becomes U+FFFD, the replacement character, one per byte; cJSON escapes '"'
 * and '\' with a backslash, \b \f \n \r \t as those escapes, the other
 * control characters U+0000..U+001F as \u00xx, and writes everything else
 * (DEL, the characters from U+0080) as it is.  The line is valid JSON and
 * valid UTF-8 for any bytes of s. */
bool json_add_string(cJSON *obj, const char *key, const char *s);

/* Appends s to the array arr as json_add_string writes it. */
bool json_append_string(cJSON *arr, const char *s);

/* Adds "key": v, a whole number written exactly (%d, %ld, %llu). */
bool json_add_int(cJSON *obj, const char *key, int v);
bool json_add_long(cJSON *obj, const char *key, long v);
bool json_add_uint(cJSON *obj, const char *key, uint64_t v);

/* Adds "key": v with `decimals` digits after the point ("%.*f": 0.125 with
 * 3 decimals is 0.125, 2.0 with 0 is 2); v must be finite. */
bool json_add_fixed(cJSON *obj, const char *key, double v, int decimals);

/* Adds "key": v with up to 15 significant digits, no trailing zeros
 * ("%.15g": 60, 0.5); v must be finite. */
bool json_add_double(cJSON *obj, const char *key, double v);

/* Adds "key": true or false; "key": null. */
bool json_add_bool(cJSON *obj, const char *key, bool v);
bool json_add_null(cJSON *obj, const char *key);

/* Adds "key": s as a string, or null when s is NULL (s: plain ASCII, the
 * names of rules, reasons and verdicts). */
bool json_add_name(cJSON *obj, const char *key, const char *s);

/* Adds "key": the moves[0..n) as an array of USI strings: ["P*1b","2a1b"]. */
bool json_add_moves(cJSON *obj, const char *key, const Move *moves, int n);

/* Adds "cook_list": every cook r recorded (at most VERIFY_MAX_COOKS) as
 * [{"ply":1,"move":"S*8b","length":1},...]: ply 1-based, the move in USI,
 * the plies of its mate from that ply. */
bool json_add_cook_list(cJSON *obj, const VerifyResult *r);

/* Adds a stated-answer verdict's members: "stated_verdict"
 * (verify_verdict_name; null for VERDICT_NONE: no stated length),
 * "verdict_ply" (1-based), "verdict_move" (USI), "verdict_length" (plies
 * from that ply on by that move, 0 if unknown; null for stated_not_mate,
 * whose move is where the line fails, and for no_mate, whose move is the
 * defence that escapes) and "verdict_excess" (longer_defence and
 * leftover_convention: how many plies more than the stated line leaves;
 * else null), "worst_excess" and "worst_ply" (longer_defence: the most
 * plies any defence on the stated line outlasts it by, and where; null if
 * unknown); null where the verdict has no ply and move. */
bool json_add_verdict(cJSON *obj, const VerifyStated *v);

/* Writes obj to f as one line (cJSON_PrintUnformatted and a newline) and
 * frees it (obj may be NULL).  ok is what the json_add_* calls that built
 * it returned, &-ed: when it is false, or printing runs out of memory,
 * nothing is written and "PROG: out of memory: a JSON line not written" goes
 * to stderr.  Returns true if the line was handed to f (write errors are
 * left in f's error flag). */
bool json_write_line(FILE *f, cJSON *obj, bool ok, const char *prog);

/* ---- reading ---- */

/* Reads text[0..len) as one JSON object (RFC 8259): one object and nothing
 * but blanks (space, tab, CR, LF) around it; strings of valid UTF-8 with no
 * raw control character and no \u0000 (a C string cannot hold it); numbers
 * as the RFC's grammar says (cJSON alone also takes 01, 1. and -.5); no key
 * twice in one object; nesting at most 1000 deep (cJSON's limit).  Returns
 * the object (free it with cJSON_Delete), or NULL with the reason in err
 * (size bytes), "byte N: ..." (N counts from 1) where it has a place, e.g.
 * "byte 17: not valid JSON".  Not to be called from two threads at once:
 * cJSON keeps the place of its last error in a global of its own. */
cJSON *json_read_object(const char *text, size_t len, char *err, size_t size);

/* A JSON number whose value is a whole number 0..2^64 - 1 (1.0 and 1e2 are
 * 1 and 100), into *out.  Returns false otherwise (*out unchanged), and for
 * NULL.  cJSON reads every number as a double: whole numbers are exact up to
 * 2^53 (9,007,199,254,740,992), above that the nearest double is read, and
 * the numbers that round to 2^64 are read as 2^64 - 1, the largest --nodes. */
bool json_uint(const cJSON *v, uint64_t *out);

/* Any JSON number, into *out.  Returns false if v is not a number. */
bool json_double(const cJSON *v, double *out);

/* true, false: into *out.  Returns false if v is neither. */
bool json_bool(const cJSON *v, bool *out);

/* The text of a JSON string value (UTF-8, NUL-terminated, owned by v), or
 * NULL if v is NULL or not a string. */
const char *json_string(const cJSON *v);

/* The member called key of obj (case-sensitive), or NULL. */
const cJSON *json_get(const cJSON *obj, const char *key);

#endif
