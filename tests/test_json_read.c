/*
 * test_json_read.c -- the strict JSON reader of tsume merge
 * (tools/common/json_read.h), the --shard I/N parser (tools/batch/shard.h) and the
 * summary record of a verify shard (tools/verify/verify_summary.h):
 *
 *  - objects RFC 8259 accepts are read, with their members in order; the
 *    texts it does not (and what the reader refuses besides: a key twice,
 *    too deep, too many members) are refused with a reason;
 *  - strings decode to the bytes written (the escapes, surrogate pairs);
 *    every string cli_json_string writes, for any bytes, reads back as those
 *    bytes with each ill-formed byte as U+FFFD;
 *  - whole numbers to 2^64 - 1, arrays element by element;
 *  - "I/N" with 0 <= I < N <= 100000, digits only;
 *  - the summary record written by vsum_write_record reads back.
 *
 * The expected values are written by hand from those rules.
 */
#include "testutil.h"

#include "cli.h"
#include "json_read.h"
#include "shard.h"
#include "utf8.h"
#include "verify_summary.h"

static int read_text(const char *text, JsonMember *m, int max)
{
	char err[160];
	return json_read_object(text, strlen(text), m, max, err, sizeof err);
}

static void test_accepts(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		int members;
	} CASES[] = {
	    {"{}", 0},
	    {" \t{ }\r\n", 0},
	    {"{\"a\":1}", 1},
	    {"{\"a\":-0,\"b\":0.5,\"c\":1e3,\"d\":-1.25E-3,\"e\":10}", 5},
	    {"{\"a\":true,\"b\":false,\"c\":null}", 3},
	    {"{\"a\":[],\"b\":[1,[2,[3]],{\"x\":{}}],\"c\":{\"d\":[\"e\"]}}", 3},
	    {"{\"a\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"}", 1},
	    {"{\"\":\"\",\"é\":\"日本\"}", 2},
	    {"{ \"a\" : 1 , \"b\" : [ 1 , 2 ] }", 2},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		JsonMember m[8];
		char err[160] = "";
		int n = json_read_object(CASES[i].text, strlen(CASES[i].text), m, 8, err, sizeof err);
		if (n != CASES[i].members)
			fail_msg("%s: %d members (%s), expected %d", CASES[i].text, n, err, CASES[i].members);
	}
	JsonMember m[4];
	assert_int_equal(read_text("{\"b\":1,\"a\":[2],\"c\":\"x\"}", m, 4), 3);
	assert_string_equal(m[0].key, "b");
	assert_string_equal(m[1].key, "a");
	assert_int_equal(m[1].value.type, JSON_ARRAY);
	assert_int_equal((int)m[1].value.len, 3);
	assert_int_equal(m[2].value.type, JSON_STRING);
	assert_ptr_equal(json_get(m, 3, "c"), &m[2].value);
	assert_null(json_get(m, 3, "d"));
}

static void test_refuses(void **state)
{
	(void)state;
	static const char *const CASES[] = {
	    "",
	    "   ",
	    "[1]",
	    "1",
	    "\"a\"",
	    "{",
	    "{\"a\"}",
	    "{\"a\" 1}",
	    "{a:1}",
	    "{'a':1}",
	    "{\"a\":1,}",
	    "{\"a\":1 \"b\":2}",
	    "{\"a\":1}x",
	    "{\"a\":1}{}",
	    "{\"a\":01}",
	    "{\"a\":1.}",
	    "{\"a\":.5}",
	    "{\"a\":+1}",
	    "{\"a\":1e}",
	    "{\"a\":-}",
	    "{\"a\":0x10}",
	    "{\"a\":NaN}",
	    "{\"a\":Infinity}",
	    "{\"a\":tru}",
	    "{\"a\":True}",
	    "{\"a\":nul}",
	    "{\"a\":\"x}",
	    "{\"a\":\"\x01\"}",
	    "{\"a\":\"\t\"}",
	    "{\"a\":\"\\q\"}",
	    "{\"a\":\"\\x41\"}",
	    "{\"a\":\"\\u12\"}",
	    "{\"a\":\"\\u12g4\"}",
	    "{\"a\":\"\\ud800\"}",
	    "{\"a\":\"\\ud800x\"}",
	    "{\"a\":\"\\ud800\\u0041\"}",
	    "{\"a\":\"\\udc00\"}",
	    "{\"a\":\"\xff\"}",
	    "{\"a\":\"\xc0\x80\"}",
	    "{\"a\":\"\xed\xa0\x80\"}",
	    "{\"a\":\"\xe6\x97\"}",
	    "{\"a\":[1,]}",
	    "{\"a\":[1 2]}",
	    "{\"a\":{\"b\"}}",
	    "{\"a\":1,\"a\":2}",
	    "{\"\\u0000\":1}",
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		JsonMember m[8];
		char err[160] = "";
		int n = json_read_object(CASES[i], strlen(CASES[i]), m, 8, err, sizeof err);
		if (n != -1 || strncmp(err, "byte ", 5) != 0)
			fail_msg("'%s' read as %d members (%s)", CASES[i], n, err);
	}
	/* a NUL byte inside the text (the length says where it ends) */
	JsonMember m[4];
	char err[160];
	assert_int_equal(json_read_object("{\"a\":\"x\0\"}", 10, m, 4, err, sizeof err), -1);
	assert_int_equal(json_read_object("{\"a\":1}\0", 8, m, 4, err, sizeof err), -1);
	/* the reader's own limits: members, key length, depth */
	assert_int_equal(read_text("{\"a\":1,\"b\":2,\"c\":3}", m, 2), -1);
	assert_int_equal(read_text("{\"a\":1,\"b\":2}", m, 2), 2);
	char key[JSON_KEY_MAX + 16], text[JSON_KEY_MAX + 32];
	memset(key, 'k', JSON_KEY_MAX);
	key[JSON_KEY_MAX] = '\0';
	snprintf(text, sizeof text, "{\"%s\":1}", key);
	assert_int_equal(read_text(text, m, 4), 1);
	snprintf(text, sizeof text, "{\"%sk\":1}", key);
	assert_int_equal(read_text(text, m, 4), -1);
	char deep[3 * JSON_DEPTH_MAX + 16];
	for (int depth = JSON_DEPTH_MAX; depth <= JSON_DEPTH_MAX + 1; depth++) {
		/* the object itself and depth - 1 arrays inside it */
		size_t n = (size_t)snprintf(deep, sizeof deep, "{\"a\":");
		for (int i = 1; i < depth; i++)
			deep[n++] = '[';
		for (int i = 1; i < depth; i++)
			deep[n++] = ']';
		deep[n++] = '}';
		deep[n] = '\0';
		assert_int_equal(read_text(deep, m, 4), depth <= JSON_DEPTH_MAX ? 1 : -1);
	}
}

static void test_values(void **state)
{
	(void)state;
	JsonMember m[8];
	assert_int_equal(
	    read_text("{\"s\":\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\\u65e5\\ud83d\\ude00\",\"z\":\"\\u0000\"}", m, 8),
	    2);
	char buf[64];
	assert_true(json_string(&m[0].value, buf, sizeof buf));
	assert_string_equal(buf, "a\"b\\c/\b\f\n\r\t\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80");
	assert_false(json_string(&m[0].value, buf, 10));         /* does not fit */
	assert_false(json_string(&m[1].value, buf, sizeof buf)); /* \u0000: not a C string */

	assert_int_equal(read_text("{\"a\":0,\"b\":18446744073709551615,\"c\":18446744073709551616,\"d\":-1,\"e\":1.0,"
	                           "\"f\":1e2,\"g\":\"1\",\"h\":true}",
	                           m, 8),
	                 8);
	uint64_t u = 7;
	assert_true(json_uint(&m[0].value, &u));
	assert_int_equal(u, 0);
	assert_true(json_uint(&m[1].value, &u));
	assert_true(u == UINT64_MAX);
	for (int i = 2; i < 8; i++)
		assert_false(json_uint(&m[i].value, &u));
	double d = 0;
	assert_true(json_double(&m[4].value, &d));
	assert_true(d == 1.0);
	assert_true(json_double(&m[5].value, &d));
	assert_true(d == 100.0);
	assert_false(json_double(&m[6].value, &d));
	bool b = false;
	assert_true(json_bool(&m[7].value, &b));
	assert_true(b);
	assert_false(json_bool(&m[0].value, &b));
	assert_false(json_uint(NULL, &u));

	assert_int_equal(read_text("{\"a\":[\"x\", 2 ,[3],{\"y\":[]}],\"e\":[],\"n\":1}", m, 8), 3);
	JsonValue e;
	size_t pos = 0;
	static const JsonType TYPES[] = {JSON_STRING, JSON_NUMBER, JSON_ARRAY, JSON_OBJECT};
	for (int i = 0; i < 4; i++) {
		assert_true(json_array_next(&m[0].value, &pos, &e));
		assert_int_equal(e.type, TYPES[i]);
	}
	assert_true(json_string(&(JsonValue){JSON_STRING, "\"x\"", 3}, buf, sizeof buf));
	assert_false(json_array_next(&m[0].value, &pos, &e));
	pos = 0;
	assert_false(json_array_next(&m[1].value, &pos, &e));
	pos = 0;
	assert_false(json_array_next(&m[2].value, &pos, &e)); /* not an array */
}

/* Every string cli_json_string writes reads back as its bytes, each byte of
 * an ill-formed sequence as U+FFFD. */
static void test_writer_round_trip(void **state)
{
	(void)state;
	static const char *const CASES[] = {
	    "",         "plain",    "q\"b\\s/",     "\x01\x1f\x7f\n\t", "日本語 ９九金",    "\xf0\x9f\x98\x80",
	    "\xff\xfe", "\xc0\x80", "\xed\xa0\x80", "a\xe6\x97",        "\xf4\x90\x80\x80", "\x80x\xbf",
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		char *text = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&text, &size);
		fputs("{\"k\":", f);
		cli_json_string(f, CASES[i]);
		fputs("}", f);
		fclose(f);
		char want[256];
		size_t n = 0;
		for (const unsigned char *p = (const unsigned char *)CASES[i]; *p;) {
			size_t k = utf8_char_len(p, 4);
			if (k) {
				memcpy(want + n, p, k);
				p += k, n += k;
			} else {
				memcpy(want + n, "\xef\xbf\xbd", 3);
				p++, n += 3;
			}
		}
		want[n] = '\0';
		JsonMember m[2];
		char got[256];
		if (read_text(text, m, 2) != 1 || !json_string(&m[0].value, got, sizeof got) || strcmp(got, want) != 0)
			fail_msg("case %zu: %s did not read back", i, text);
		free(text);
	}
}

static void test_shard_parse(void **state)
{
	(void)state;
	static const struct {
		const char *s;
		bool ok;
		uint64_t index, count;
	} CASES[] = {
	    {"0/1", true, 0, 1},
	    {"1/2", true, 1, 2},
	    {"99999/100000", true, 99999, 100000},
	    {"0/100000", true, 0, 100000},
	    {"00/2", true, 0, 2},
	    {"1/1", false, 0, 0},
	    {"2/2", false, 0, 0},
	    {"0/0", false, 0, 0},
	    {"0/100001", false, 0, 0},
	    {"/2", false, 0, 0},
	    {"1/", false, 0, 0},
	    {"a/2", false, 0, 0},
	    {"1/2/3", false, 0, 0},
	    {" 1/2", false, 0, 0},
	    {"1 /2", false, 0, 0},
	    {"-1/2", false, 0, 0},
	    {"+1/2", false, 0, 0},
	    {"1/2 ", false, 0, 0},
	    {"1", false, 0, 0},
	    {"", false, 0, 0},
	    {"18446744073709551616/2", false, 0, 0},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		Shard s = {77, 77};
		bool ok = shard_parse(CASES[i].s, &s);
		if (ok != CASES[i].ok || (ok && (s.index != CASES[i].index || s.count != CASES[i].count)) ||
		    (!ok && (s.index != 77 || s.count != 77)))
			fail_msg("'%s': %d %llu/%llu", CASES[i].s, ok, (unsigned long long)s.index,
			         (unsigned long long)s.count);
	}
	Shard whole = {0, 0}, two = {1, 3};
	for (uint64_t k = 0; k < 9; k++) {
		assert_true(shard_takes(&whole, k));
		assert_int_equal(shard_takes(&two, k), k % 3 == 1);
	}
}

/* The summary record reads back: its options, files and counts. */
static void test_summary_record(void **state)
{
	(void)state;
	VerifySummary s;
	memset(&s, 0, sizeof s);
	vsum_add(&s, 0, 10);
	vsum_add(&s, VERIFY_COOK | VERIFY_FINAL_ALT, 20);
	vsum_add(&s, VERIFY_FINAL_ALT, 5);
	vsum_add(&s, VERIFY_UNDECIDED, 7);
	s.bad_lines = 2;
	VerifyRunInfo run = {1.5, 2, 70, false, DFPN_FUTILE_NARROW};
	char *files[] = {"a.sfen", "dir/b \"x\".sfen.gz"};
	VerifyRunSpec spec = {{1, 4}, files, 2, 60, 1000, 64, 1, true};
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	vsum_write_record(f, &s, &run, &spec);
	fclose(f);
	assert_true(size > 0 && text[size - 1] == '\n');
	JsonMember m[64];
	int n = read_text(text, m, 64);
	assert_int_equal(n, 19 + VSUM_NB); /* 15 before the counts, 4 after */
	char buf[64];
	assert_true(json_string(json_get(m, n, "shard"), buf, sizeof buf));
	assert_string_equal(buf, "1/4");
	assert_true(json_string(json_get(m, n, "futile"), buf, sizeof buf));
	assert_string_equal(buf, "narrow");
	bool rest = false;
	assert_true(json_bool(json_get(m, n, "rest"), &rest));
	assert_true(rest);
	JsonValue e;
	size_t pos = 0;
	for (int i = 0; i < 2; i++) {
		assert_true(json_array_next(json_get(m, n, "files"), &pos, &e));
		assert_true(json_string(&e, buf, sizeof buf));
		assert_string_equal(buf, files[i]);
	}
	assert_false(json_array_next(json_get(m, n, "files"), &pos, &e));
	static const struct {
		const char *key;
		uint64_t want;
	} NUMBERS[] = {{"problems", 4},
	               {"passed", 2},
	               {"failed", 1},
	               {"bad_lines", 2},
	               {"cook", 1},
	               {"not_mate", 0},
	               {"final_alternatives", 2},
	               {"nodes", 42},
	               {"jobs", 2},
	               {"node_limit", 1000},
	               {"hash_mb", 64},
	               {"threads", 1},
	               {"peak_rss_mb", 70},
	               {"undecided_problems", 1},
	               {"undecided", 1}};
	for (size_t i = 0; i < sizeof NUMBERS / sizeof NUMBERS[0]; i++) {
		uint64_t v = 0;
		if (!json_uint(json_get(m, n, NUMBERS[i].key), &v) || v != NUMBERS[i].want)
			fail_msg("%s: %llu, expected %llu", NUMBERS[i].key, (unsigned long long)v,
			         (unsigned long long)NUMBERS[i].want);
	}
	double t = 0;
	assert_true(json_double(json_get(m, n, "time_limit"), &t));
	assert_true(t == 60);
	bool b = true;
	assert_true(json_bool(json_get(m, n, "interrupted"), &b));
	assert_false(b);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_accepts),     cmocka_unit_test(test_refuses),
	    cmocka_unit_test(test_values),      cmocka_unit_test(test_writer_round_trip),
	    cmocka_unit_test(test_shard_parse), cmocka_unit_test(test_summary_record),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
