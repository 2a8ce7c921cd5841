/*
 * test_utf8.c -- UTF-8 decoding (core/formats/utf8.h), against the well-formed byte
 * sequences of Unicode 15, table 3-7, and RFC 3629 section 3: the boundaries
 * of each length, overlong forms, surrogates, code points past U+10FFFF,
 * truncated and stray continuation bytes.
 */
#include "testutil.h"

#include "utf8.h"

static void test_char_len(void **state)
{
	(void)state;
	static const struct {
		const char *bytes;
		size_t n, want;
	} CASES[] = {
	    {"A", 1, 1},
	    {"", 1, 1}, /* NUL is a character */
	    {"\x7f", 1, 1},
	    {"\xc2\x80", 2, 2},         /* U+0080, the first two-byte character */
	    {"\xdf\xbf", 2, 2},         /* U+07FF */
	    {"\xc0\x80", 2, 0},         /* overlong NUL */
	    {"\xc1\xbf", 2, 0},         /* overlong U+007F */
	    {"\xe0\xa0\x80", 3, 3},     /* U+0800 */
	    {"\xe0\x9f\xbf", 3, 0},     /* overlong U+07FF */
	    {"\xe6\xad\xa9", 3, 3},     /* 歩 U+6B69 */
	    {"\xed\x9f\xbf", 3, 3},     /* U+D7FF */
	    {"\xed\xa0\x80", 3, 0},     /* U+D800, a surrogate */
	    {"\xed\xbf\xbf", 3, 0},     /* U+DFFF */
	    {"\xef\xbf\xbf", 3, 3},     /* U+FFFF */
	    {"\xf0\x90\x80\x80", 4, 4}, /* U+10000 */
	    {"\xf0\x8f\xbf\xbf", 4, 0}, /* overlong U+FFFF */
	    {"\xf4\x8f\xbf\xbf", 4, 4}, /* U+10FFFF */
	    {"\xf4\x90\x80\x80", 4, 0}, /* U+110000 */
	    {"\xf8\x88\x80\x80", 4, 0}, /* five-byte form */
	    {"\x80", 1, 0},             /* a stray continuation byte */
	    {"\xe6\xad", 2, 0},         /* 歩 cut after two bytes */
	    {"\xe6\xad\xa9", 2, 0},     /* ... or by n */
	    {"\xe6"
	     "A\xa9",
	     3, 0}, /* a non-continuation byte inside */
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		size_t got = utf8_char_len((const unsigned char *)CASES[i].bytes, CASES[i].n);
		if (got != CASES[i].want)
			fail_msg("case %zu: got %zu, want %zu", i, got, CASES[i].want);
	}
	assert_int_equal(utf8_char_len((const unsigned char *)"A", 0), 0);
}

static void test_valid(void **state)
{
	(void)state;
	const char *kif = "\xe6\x89\x8b\xe6\x95\xb0\xef\xbc\x9d\xef\xbc\x91"; /* 手数＝１ */
	assert_true(utf8_valid((const unsigned char *)kif, strlen(kif)));
	assert_true(utf8_valid((const unsigned char *)"", 0));
	assert_true(utf8_valid((const unsigned char *)"a\0b", 3));
	/* 手 in Shift_JIS (0x8E 0xE8) is not UTF-8 */
	assert_false(utf8_valid((const unsigned char *)"\x8e\xe8", 2));
	/* cut in the middle of the last character */
	assert_false(utf8_valid((const unsigned char *)kif, strlen(kif) - 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_char_len), cmocka_unit_test(test_valid)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
