/*
 * utf8.h -- UTF-8 decoding for messages, KIF files and HTML/JSON output.
 *
 * Valid UTF-8 is the shortest form of a code point U+0000..U+10FFFF other
 * than the surrogates U+D800..U+DFFF (RFC 3629, section 3; Unicode 15, table
 * 3-7 "well-formed UTF-8 byte sequences").  Overlong forms (C0 80 for NUL,
 * E0 80 80 ...), surrogates and anything past U+10FFFF are not valid.
 */
#ifndef TSUME_UTF8_H
#define TSUME_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The length in bytes (1..4) of the valid UTF-8 character that starts at s,
 * reading at most n bytes; 0 if the bytes there are not one (or n == 0).
 * Any byte below 0x80 (NUL included) is a character of length 1.  Reading
 * stops at the first byte that is not a continuation byte, so a NUL-terminated
 * string may be passed with n = 4. */
size_t utf8_char_len(const unsigned char *s, size_t n);

/* true iff the len bytes at s are valid UTF-8 as a whole (NUL bytes count as
 * characters; callers that refuse them test for them apart). */
bool utf8_valid(const unsigned char *s, size_t len);

#endif
