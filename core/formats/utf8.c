/* utf8.c -- UTF-8 decoding (see utf8.h). */
#include "utf8.h"

#include <stdint.h>

size_t utf8_char_len(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	size_t len;
	uint32_t cp, min;
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, cp = s[0] & 0x1fu, min = 0x80;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, cp = s[0] & 0x0fu, min = 0x800;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, cp = s[0] & 0x07u, min = 0x10000;
	else
		return 0;
	for (size_t i = 1; i < len; i++) {
		if (i >= n || (s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

bool utf8_valid(const unsigned char *s, size_t len)
{
	for (size_t i = 0; i < len;) {
		size_t n = utf8_char_len(s + i, len - i);
		if (n == 0)
			return false;
		i += n;
	}
	return true;
}
