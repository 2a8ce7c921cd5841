/*
 * test_json.c -- tsume's JSON lines through cJSON (tools/common/json.h),
 * the --shard I/N parser (tools/batch/shard.h) and the summary record of a
 * verify shard (tools/verify/verify_summary.h):
 *
 *  - objects RFC 8259 accepts are read, with their members in order; the
 *    texts it does not (and a key twice, too deep) are refused with a
 *    reason, those cJSON lets through among them (01, 1., -.5, raw control
 *    characters, ill-formed UTF-8, \u0000, text after the object);
 *  - strings decode to the bytes written (the escapes, surrogate pairs);
 *    every string json_add_string writes, for any bytes, is the JSON the
 *    manual says and reads back as those bytes with each ill-formed byte as
 *    U+FFFD;
 *  - whole numbers to 2^64 - 1, arrays element by element;
 *  - numbers as written: whole numbers exactly, fixed decimals, %.15g; the
 *    moves, a verdict's members, the cook list;
 *  - "I/N" with 0 <= I < N <= 100000, digits only;
 *  - the summary record written by vsum_write_record reads back;
 *  - a line built after a failed allocation is not written.
 *
 * The expected values are written by hand from those rules.
 */
#include "testutil.h"

#include "cli.h"
#include "json.h"
#include "shard.h"
#include "utf8.h"
#include "verify_summary.h"

/* Reads text as one object: its number of members, or -1 (refused). */
static int read_text(const char *text, cJSON **out)
{
	char err[160] = "";
	cJSON *o = json_read_object(text, strlen(text), err, sizeof err);
	if (!o) {
		assert_true(err[0] != '\0');
		if (out)
			*out = NULL;
		return -1;
	}
	int n = cJSON_GetArraySize(o);
	if (out)
		*out = o;
	else
		cJSON_Delete(o);
	return n;
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
	    {"{\"a\":-0,\"b\":0.5,\"c\":1e3,\"d\":-1.25E-3,\"e\":10,\"f\":1e-05,\"g\":0e0}", 7},
	    {"{\"a\":true,\"b\":false,\"c\":null}", 3},
	    {"{\"a\":[],\"b\":[1,[2,[3]],{\"x\":{}}],\"c\":{\"d\":[\"e\"]}}", 3},
	    {"{\"a\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"}", 1},
	    {"{\"\":\"\",\"é\":\"日本\"}", 2},
	    {"{ \"a\" : 1 , \"b\" : [ 1 , 2 ] }", 2},
	    {"{\"a\":\"\\\\u0000\"}", 1}, /* a backslash, then u0000 */
	    {"{\"a\":{\"b\":1},\"c\":{\"b\":2}}", 2},
	    {"{\"a\":[{\"b\":1},{\"b\":1}]}", 1},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		char err[160] = "";
		cJSON *o = json_read_object(CASES[i].text, strlen(CASES[i].text), err, sizeof err);
		int n = o ? cJSON_GetArraySize(o) : -1;
		if (n != CASES[i].members)
			fail_msg("%s: %d members (%s), expected %d", CASES[i].text, n, err, CASES[i].members);
		cJSON_Delete(o);
	}
	cJSON *o;
	assert_int_equal(read_text("{\"b\":1,\"a\":[2],\"c\":\"x\"}", &o), 3);
	assert_string_equal(o->child->string, "b");
	assert_string_equal(o->child->next->string, "a");
	assert_true(cJSON_IsArray(json_get(o, "a")));
	assert_int_equal(cJSON_GetArraySize(json_get(o, "a")), 1);
	assert_string_equal(json_string(json_get(o, "c")), "x");
	assert_ptr_equal(json_get(o, "c"), o->child->next->next);
	assert_null(json_get(o, "d"));
	assert_null(json_get(o, "C"));                /* keys are case-sensitive */
	assert_null(json_get(json_get(o, "c"), "x")); /* not an object */
	cJSON_Delete(o);
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
	    "{\"a\":-01}",
	    "{\"a\":[1,00]}",
	    "{\"a\":1.}",
	    "{\"a\":1.e5}",
	    "{\"a\":.5}",
	    "{\"a\":-.5}",
	    "{\"a\":+1}",
	    "{\"a\":1e}",
	    "{\"a\":-}",
	    "{\"a\":0x10}",
	    "{\"a\":NaN}",
	    "{\"a\":Infinity}",
	    "{\"a\":-Infinity}",
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
	    "{\"a\":\"x\\u0000\"}",
	    "{\"\\u0000\":1}",
	    "\xef\xbb\xbf{\"a\":1}", /* a byte-order mark */
	    "{\"a\":1\x01}",         /* a control character as a blank */
	    "{\"a\":1\f}",
	    "{\"a\":1\v}",
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		char err[160] = "";
		cJSON *o = json_read_object(CASES[i], strlen(CASES[i]), err, sizeof err);
		if (o || strncmp(err, "byte ", 5) != 0)
			fail_msg("'%s' read (%s)", CASES[i], err);
	}
	/* where: the byte, counted from 1 */
	char err[160];
	assert_null(json_read_object("{\"a\":01}", 8, err, sizeof err));
	assert_string_equal(err, "byte 6: a number with a leading zero");
	assert_null(json_read_object("{\"a\":1} x", 9, err, sizeof err));
	assert_string_equal(err, "byte 9: more after the object");
	assert_null(json_read_object("{\"a\":\"\xff\"}", 9, err, sizeof err));
	assert_string_equal(err, "byte 7: not valid UTF-8");
	assert_null(json_read_object("[1]", 3, err, sizeof err));
	assert_string_equal(err, "byte 1: not a JSON object (it starts with '{')");
	assert_null(json_read_object("{\"a\":tru}", 9, err, sizeof err));
	assert_true(strncmp(err, "byte ", 5) == 0 && strstr(err, ": not valid JSON"));
	/* a key twice in one object, at any depth */
	assert_null(json_read_object("{\"a\":1,\"a\":2}", 13, err, sizeof err));
	assert_string_equal(err, "the key \"a\" twice in one object");
	assert_null(json_read_object("{\"x\":[{\"b\":1,\"c\":2,\"b\":3}]}", 27, err, sizeof err));
	assert_string_equal(err, "the key \"b\" twice in one object");
	/* a NUL byte inside the text (the length says where it ends) */
	assert_null(json_read_object("{\"a\":\"x\0\"}", 10, err, sizeof err));
	assert_string_equal(err, "byte 8: a NUL byte");
	assert_null(json_read_object("{\"a\":1}\0", 8, err, sizeof err));
	/* the length is where the text ends */
	assert_null(json_read_object("{\"a\":1}", 6, err, sizeof err));
	/* depth: cJSON's limit, 1000 objects and arrays inside one another */
	char deep[3 * 1001 + 16];
	cJSON *m;
	for (int depth = 1000; depth <= 1001; depth++) {
		/* the object itself and depth - 1 arrays inside it */
		size_t n = (size_t)snprintf(deep, sizeof deep, "{\"a\":");
		for (int i = 1; i < depth; i++)
			deep[n++] = '[';
		for (int i = 1; i < depth; i++)
			deep[n++] = ']';
		deep[n++] = '}';
		deep[n] = '\0';
		assert_int_equal(read_text(deep, &m), depth <= 1000 ? 1 : -1);
		cJSON_Delete(m);
	}
}

static void test_values(void **state)
{
	(void)state;
	cJSON *m;
	assert_int_equal(read_text("{\"s\":\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\\u65e5\\ud83d\\ude00\"}", &m), 1);
	assert_string_equal(json_string(json_get(m, "s")), "a\"b\\c/\b\f\n\r\t\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80");
	assert_null(json_string(m)); /* an object */
	assert_null(json_string(NULL));
	cJSON_Delete(m);

	assert_int_equal(read_text("{\"a\":0,\"b\":18446744073709551615,\"c\":9007199254740993,\"d\":-1,\"e\":1.0,"
	                           "\"f\":1e2,\"g\":\"1\",\"h\":true,\"i\":0.5,\"j\":18446744073709551617,"
	                           "\"k\":18446744073709600000,\"l\":9007199254740992}",
	                           &m),
	                 12);
	static const struct {
		const char *key;
		bool ok;
		uint64_t want;
	} UINTS[] = {
	    {"a", true, 0},
	    {"b", true, UINT64_MAX},
	    {"c", true, 9007199254740992u}, /* 2^53 + 1: the nearest double */
	    {"d", false, 0},
	    {"e", true, 1},
	    {"f", true, 100},
	    {"g", false, 0},
	    {"h", false, 0},
	    {"i", false, 0},
	    {"j", true, UINT64_MAX}, /* rounds to 2^64 */
	    {"k", false, 0},         /* the next double above 2^64 */
	    {"l", true, 9007199254740992u},
	};
	for (size_t i = 0; i < sizeof UINTS / sizeof UINTS[0]; i++) {
		uint64_t u = 7;
		bool ok = json_uint(json_get(m, UINTS[i].key), &u);
		if (ok != UINTS[i].ok || u != (ok ? UINTS[i].want : 7))
			fail_msg("\"%s\": %d %llu", UINTS[i].key, ok, (unsigned long long)u);
	}
	double d = 0;
	assert_true(json_double(json_get(m, "e"), &d));
	assert_true(d == 1.0);
	assert_true(json_double(json_get(m, "f"), &d));
	assert_true(d == 100.0);
	assert_true(json_double(json_get(m, "i"), &d));
	assert_true(d == 0.5);
	assert_false(json_double(json_get(m, "g"), &d));
	bool b = false;
	assert_true(json_bool(json_get(m, "h"), &b));
	assert_true(b);
	assert_false(json_bool(json_get(m, "a"), &b));
	assert_false(json_bool(NULL, &b));
	uint64_t u;
	assert_false(json_uint(NULL, &u));
	cJSON_Delete(m);

	assert_int_equal(read_text("{\"a\":[\"x\", 2 ,[3],{\"y\":[]}],\"e\":[],\"n\":1}", &m), 3);
	static const int TYPES[] = {cJSON_String, cJSON_Number, cJSON_Array, cJSON_Object};
	const cJSON *e = json_get(m, "a")->child;
	for (int i = 0; i < 4; i++, e = e->next) {
		assert_non_null(e);
		assert_int_equal(e->type & 0xff, TYPES[i]);
	}
	assert_null(e);
	assert_null(json_get(m, "e")->child);
	assert_false(cJSON_IsArray(json_get(m, "n")));
	cJSON_Delete(m);
}

/* json_add_string's "k" of s, printed as cJSON prints it (free it). */
static char *written(const char *s)
{
	cJSON *o = cJSON_CreateObject();
	assert_true(json_add_string(o, "k", s));
	char *text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	assert_non_null(text);
	return text;
}

/* The strings json_add_string writes: cJSON's escapes, valid UTF-8. */
static void test_write_strings(void **state)
{
	(void)state;
	static const struct {
		const char *in, *want;
	} CASES[] = {
	    {"", "\"\""},
	    {"abc", "\"abc\""},
	    {"say \"hi\"", "\"say \\\"hi\\\"\""},
	    {"a\\b", "\"a\\\\b\""},
	    {"/", "\"/\""}, /* '/' stays as it is */
	    {"\x01\t\n\r\x1f\b\f", "\"\\u0001\\t\\n\\r\\u001f\\b\\f\""},
	    {"\x7f", "\"\x7f\""}, /* DEL as it is: JSON lets it be */
	    {" ~", "\" ~\""},
	    {"\xe6\xad\xa9", "\"\xe6\xad\xa9\""},                         /* 歩 kept */
	    {"\xc2\x80\xf4\x8f\xbf\xbf", "\"\xc2\x80\xf4\x8f\xbf\xbf\""}, /* U+0080, U+10FFFF */
	    {"\xff", "\"\xef\xbf\xbd\""},
	    {"se\xfft", "\"se\xef\xbf\xbdt\""},
	    {"\x80", "\"\xef\xbf\xbd\""},                                 /* stray continuation byte */
	    {"\xc0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\""},                 /* overlong NUL: two bad bytes */
	    {"\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""}, /* surrogate U+D800 */
	    {"\xf4\x90\x80\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""}, /* U+110000 */
	    {"\xe6\xad", "\"\xef\xbf\xbd\xef\xbf\xbd\""},                                 /* 歩 cut short at the end */
	    {"\xe6\xad\"", "\"\xef\xbf\xbd\xef\xbf\xbd\\\"\""},                           /* ... and before a quote */
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		char *got = written(CASES[i].in);
		char want[128];
		snprintf(want, sizeof want, "{\"k\":%s}", CASES[i].want);
		if (strcmp(got, want) != 0)
			fail_msg("case %zu: got %s, expected %s", i, got, want);
		cJSON_free(got);
	}
}

/* Every string json_add_string writes reads back as its bytes, each byte of
 * an ill-formed sequence as U+FFFD. */
static void test_writer_round_trip(void **state)
{
	(void)state;
	static const char *const CASES[] = {
	    "",         "plain",    "q\"b\\s/",     "\x01\x1f\x7f\n\t", "日本語 ９九金",    "\xf0\x9f\x98\x80",
	    "\xff\xfe", "\xc0\x80", "\xed\xa0\x80", "a\xe6\x97",        "\xf4\x90\x80\x80", "\x80x\xbf",
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		char *text = written(CASES[i]);
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
		cJSON *m;
		const char *got = read_text(text, &m) == 1 ? json_string(json_get(m, "k")) : NULL;
		if (!got || strcmp(got, want) != 0)
			fail_msg("case %zu: %s did not read back", i, text);
		cJSON_Delete(m);
		cJSON_free(text);
	}
}

/* Numbers as the helpers write them; the moves and a verdict's members; a
 * line after a failed allocation is not written. */
static void test_write_members(void **state)
{
	(void)state;
	cJSON *o = cJSON_CreateObject();
	bool ok = json_add_int(o, "i", -7);
	ok &= json_add_long(o, "l", 2147483648L);
	ok &= json_add_uint(o, "u", UINT64_MAX);
	ok &= json_add_fixed(o, "f3", 0.0125, 3);
	ok &= json_add_fixed(o, "f6", 2, 6);
	ok &= json_add_fixed(o, "f0", 1234.5, 0);
	ok &= json_add_double(o, "g", 60);
	ok &= json_add_double(o, "h", 0.1);
	ok &= json_add_bool(o, "t", true);
	ok &= json_add_null(o, "n");
	ok &= json_add_name(o, "s", "nogain");
	ok &= json_add_name(o, "z", NULL);
	Move moves[2] = {move_make_drop(PAWN, sq_make(1, 2), SENTE),
	                 move_make(sq_make(2, 1), sq_make(1, 2), piece_make(GOTE, KING), PIECE_NONE, false)};
	ok &= json_add_moves(o, "m", moves, 2);
	ok &= json_add_moves(o, "e", moves, 0);
	VerifyStated v = {.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE};
	ok &= json_add_verdict(o, &v);
	assert_true(ok);
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	assert_true(json_write_line(f, o, ok, "test"));
	fclose(f);
	assert_string_equal(text, "{\"i\":-7,\"l\":2147483648,\"u\":18446744073709551615,\"f3\":0.013,\"f6\":2.000000,"
	                          "\"f0\":1234,\"g\":60,\"h\":0.1,\"t\":true,\"n\":null,\"s\":\"nogain\",\"z\":null,"
	                          "\"m\":[\"P*1b\",\"2a1b\"],\"e\":[],\"stated_verdict\":null,\"verdict_ply\":null,"
	                          "\"verdict_move\":null,\"verdict_length\":null,\"verdict_excess\":null,"
	                          "\"worst_excess\":null,\"worst_ply\":null}\n");
	free(text);
	/* the cooks recorded, each as {ply, move, length} */
	static VerifyResult r;
	r.cooks = 2;
	r.cook[0].ply = 0, r.cook[0].move = moves[0], r.cook[0].len = 1;
	r.cook[1].ply = 2, r.cook[1].move = moves[1], r.cook[1].len = 3;
	o = cJSON_CreateObject();
	assert_true(json_add_cook_list(o, &r));
	r.cooks = 0;
	cJSON *none = cJSON_CreateObject();
	assert_true(json_add_cook_list(none, &r));
	assert_true(cJSON_AddItemToObject(o, "none", none));
	char *cooks = cJSON_PrintUnformatted(o);
	assert_string_equal(cooks, "{\"cook_list\":[{\"ply\":1,\"move\":\"P*1b\",\"length\":1},{\"ply\":3,\"move\":"
	                           "\"2a1b\",\"length\":3}],\"none\":{\"cook_list\":[]}}");
	cJSON_free(cooks);
	cJSON_Delete(o);
	/* nothing added to no object; a line whose building failed is not written */
	assert_false(json_add_int(NULL, "i", 1));
	assert_false(json_add_string(NULL, "s", "x"));
	assert_false(json_append_string(NULL, "x"));
	assert_false(json_add_moves(NULL, "m", moves, 2));
	text = NULL;
	f = open_memstream(&text, &size);
	o = cJSON_CreateObject();
	assert_false(json_write_line(f, o, false, "test"));
	assert_false(json_write_line(f, NULL, true, "test"));
	fclose(f);
	assert_int_equal(size, 0);
	free(text);
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
	cJSON *m;
	int n = read_text(text, &m);
	assert_int_equal(n, 19 + VSUM_NB); /* 15 before the counts, 4 after */
	assert_string_equal(json_string(json_get(m, "shard")), "1/4");
	assert_string_equal(json_string(json_get(m, "futile")), "narrow");
	bool rest = false;
	assert_true(json_bool(json_get(m, "rest"), &rest));
	assert_true(rest);
	const cJSON *e = json_get(m, "files")->child;
	for (int i = 0; i < 2; i++, e = e->next) {
		assert_non_null(e);
		assert_string_equal(json_string(e), files[i]);
	}
	assert_null(e);
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
		if (!json_uint(json_get(m, NUMBERS[i].key), &v) || v != NUMBERS[i].want)
			fail_msg("%s: %llu, expected %llu", NUMBERS[i].key, (unsigned long long)v,
			         (unsigned long long)NUMBERS[i].want);
	}
	double t = 0;
	assert_true(json_double(json_get(m, "time_limit"), &t));
	assert_true(t == 60);
	assert_true(json_double(json_get(m, "seconds"), &t));
	assert_true(t == 1.5);
	bool b = true;
	assert_true(json_bool(json_get(m, "interrupted"), &b));
	assert_false(b);
	cJSON_Delete(m);
	/* the line as written, key by key */
	static const char START[] =
	    "{\"shard\":\"1/4\",\"files\":[\"a.sfen\",\"dir/b \\\"x\\\".sfen.gz\"],\"futile\":\"narrow\",\"rest\":true,"
	    "\"time_limit\":60,\"node_limit\":1000,\"hash_mb\":64,\"threads\":1,\"jobs\":2,\"problems\":4,\"passed\":2,"
	    "\"failed\":1,\"undecided_problems\":1,\"bad_lines\":2,";
	assert_true(strncmp(text, START, strlen(START)) == 0);
	assert_non_null(strstr(text, ",\"nodes\":42,\"seconds\":1.500,\"peak_rss_mb\":70,\"interrupted\":false}\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_accepts),
	    cmocka_unit_test(test_refuses),
	    cmocka_unit_test(test_values),
	    cmocka_unit_test(test_write_strings),
	    cmocka_unit_test(test_writer_round_trip),
	    cmocka_unit_test(test_write_members),
	    cmocka_unit_test(test_shard_parse),
	    cmocka_unit_test(test_summary_record),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
