/* number.c -- whole numbers read from text (see number.h). */
#include "number.h"

bool num_parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	if (!s || !*s)
		return false;
	uint64_t v = 0;
	for (const char *p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false; /* above UINT64_MAX */
		v = v * 10 + d;
	}
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}
