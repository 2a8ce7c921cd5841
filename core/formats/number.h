/*
 * number.h -- whole numbers read from text: ASCII digits only.  One parser
 * for the metadata of problem files (problemio.c: "; mate=7") and the
 * options of every sub-command (tools/common/cli.c).
 */
#ifndef TSUME_NUMBER_H
#define TSUME_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* Parses s as a whole number in lo..hi: one or more ASCII digits and nothing
 * else -- no sign, no space, no "0x", no exponent or fraction, so " -5",
 * "+5", "0x10", "1e3" and "" are refused (strtoull would take " -5" as
 * 2^64 - 5).  Returns true and sets *out; returns false, leaving *out alone,
 * if s is NULL, is not such a number, is above UINT64_MAX
 * (18446744073709551615; no overflow) or is outside lo..hi. */
bool num_parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

#endif
