/*
 * test_cli_parse.c -- the helpers every sub-command shares (tools/common/cli.h):
 *
 *  - whole numbers: digits only (strtoull, which the old parsers used, takes
 *    " -5" as 2^64 - 5, "+5" as 5 and, with base 0, "0x10" as 16), the range
 *    inclusive at both ends, 2^64 - 1 = 18446744073709551615 the largest
 *    value and 2^64 an overflow, never a wrap;
 *  - decimal seconds: digits with at most one '.', no sign, exponent, hex,
 *    inf or nan; the range inclusive;
 *  - the names of the solver's stop reasons, one per reason;
 *  - the order of solve's exit statuses, the joining of arguments, the
 *    Ctrl-C flag.
 *
 * The expected values are written by hand from those rules.
 */
#include "testutil.h"

#include "cli.h"

#include <signal.h>
#include <time.h>

static void test_uint(void **state)
{
	(void)state;
	static const struct {
		const char *s;
		uint64_t lo, hi;
		bool ok;
		uint64_t want;
	} CASES[] = {
	    {"0", 0, 10, true, 0},
	    {"10", 0, 10, true, 10},
	    {"11", 0, 10, false, 0},
	    {"5", 5, 5, true, 5},
	    {"4", 5, 10, false, 0},
	    {"007", 0, 10, true, 7}, /* leading zeros are still decimal */
	    {"", 0, 10, false, 0},
	    {" 5", 0, 10, false, 0},
	    {"5 ", 0, 10, false, 0},
	    {" -5", 0, UINT64_MAX, false, 0}, /* strtoull: 18446744073709551611 */
	    {"-5", 0, UINT64_MAX, false, 0},
	    {"-0", 0, 10, false, 0},
	    {"+5", 0, 10, false, 0},
	    {"0x10", 0, 100, false, 0},
	    {"1e3", 0, 10000, false, 0},
	    {"1.5", 0, 10, false, 0},
	    {"5x", 0, 10, false, 0},
	    {"18446744073709551615", 0, UINT64_MAX, true, UINT64_MAX},
	    {"18446744073709551616", 0, UINT64_MAX, false, 0}, /* 2^64 */
	    {"99999999999999999999", 0, UINT64_MAX, false, 0},
	    {"184467440737095516150", 0, UINT64_MAX, false, 0},
	    {"00000000000000000000018446744073709551615", 0, UINT64_MAX, true, UINT64_MAX},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		uint64_t v = 12345;
		bool ok = num_parse_uint(CASES[i].s, CASES[i].lo, CASES[i].hi, &v);
		if (ok != CASES[i].ok)
			fail_msg("num_parse_uint(\"%s\", %llu, %llu): %d, expected %d", CASES[i].s,
			         (unsigned long long)CASES[i].lo, (unsigned long long)CASES[i].hi, ok, CASES[i].ok);
		assert_true(v == (ok ? CASES[i].want : 12345)); /* untouched on failure */
	}
	uint64_t v = 1;
	assert_false(num_parse_uint(NULL, 0, 10, &v));
	assert_true(v == 1);
}

static void test_seconds(void **state)
{
	(void)state;
	static const struct {
		const char *s;
		bool ok;
		double want;
	} CASES[] = {
	    {"0", true, 0},
	    {"2", true, 2},
	    {"0.5", true, 0.5},
	    {".5", true, 0.5},
	    {"3.", true, 3},
	    {"1000000000", true, 1e9},
	    {"1000000000.1", false, 0},
	    {"", false, 0},
	    {".", false, 0},
	    {"-1", false, 0},
	    {"+1", false, 0},
	    {" 1", false, 0},
	    {"1 ", false, 0},
	    {"1e3", false, 0},
	    {"0x1p3", false, 0},
	    {"0x10", false, 0},
	    {"inf", false, 0},
	    {"nan", false, 0},
	    {"1.2.3", false, 0},
	    {"1s", false, 0},
	    {"1,5", false, 0},
	};
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		double v = -7;
		bool ok = cli_parse_seconds(CASES[i].s, 0, 1e9, &v);
		if (ok != CASES[i].ok)
			fail_msg("cli_parse_seconds(\"%s\"): %d, expected %d", CASES[i].s, ok, CASES[i].ok);
		assert_true(v == (ok ? CASES[i].want : -7));
	}
	double v;
	assert_false(cli_parse_seconds("0.5", 1, 10, &v)); /* below lo */
	assert_true(cli_parse_seconds("10", 1, 10, &v) && v == 10);
}

static void test_reason_names(void **state)
{
	(void)state;
	assert_string_equal(cli_reason_name(DFPN_STOP_NONE), "none");
	assert_string_equal(cli_reason_name(DFPN_STOP_TIME), "time");
	assert_string_equal(cli_reason_name(DFPN_STOP_NODES), "nodes");
	assert_string_equal(cli_reason_name(DFPN_STOP_USER), "stopped");
	assert_string_equal(cli_reason_name(DFPN_STOP_DEPTH), "depth");
	assert_string_equal(cli_reason_name(DFPN_STOP_MEMORY), "memory");
}

/* The rule names in usage texts and messages are the solver's table's. */
static void test_futile_names(void **state)
{
	(void)state;
	char bar[128] = "", sentence[128];
	size_t n = 0;
	for (int r = 0; r < DFPN_FUTILE_NB; r++)
		n += (size_t)snprintf(bar + n, sizeof bar - n, "%s%s", r ? "|" : "",
		                      dfpn_futile_name((DfpnFutileRule)r));
	assert_string_equal(bar, CLI_FUTILE_NAMES);
	assert_string_equal(cli_futile_names(sentence, sizeof sentence), "none, narrow, broad, nogain or answered");
}

static void test_worse_status(void **state)
{
	(void)state;
	/* bad input > unknown > no mate > mate, in both argument orders */
	static const int ORDER[] = {EXIT_MATE, EXIT_NOMATE, EXIT_UNKNOWN, EXIT_BADINPUT};
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			int want = ORDER[i > j ? i : j];
			assert_int_equal(cli_worse_status(ORDER[i], ORDER[j]), want);
		}
}

static void test_join_args(void **state)
{
	(void)state;
	char *argv[] = {"solve", "7pk/7n1/6r1g/7NL/9/9/9/9/9", "b", "Pr2b3g4s2n3l16p", "1"};
	char *s = cli_join_args(argv, 1, 5);
	assert_string_equal(s, "7pk/7n1/6r1g/7NL/9/9/9/9/9 b Pr2b3g4s2n3l16p 1");
	free(s);
	s = cli_join_args(argv, 2, 3);
	assert_string_equal(s, "b");
	free(s);
	s = cli_join_args(argv, 3, 3);
	assert_string_equal(s, "");
	free(s);
}

static void test_sigint(void **state)
{
	(void)state;
	atomic_bool *stop = cli_sigint_install(false);
	assert_false(atomic_load(stop));
	assert_false(cli_interrupted());
	raise(SIGINT); /* the first SIGINT only sets the flag */
	assert_true(atomic_load(stop));
	assert_true(cli_interrupted());
	cli_sigint_install(false); /* installing again clears it */
	assert_false(cli_interrupted());
	cli_sigint_restore();
}

static void test_clock(void **state)
{
	(void)state;
	double a = clock_now();
	struct timespec ts = {0, 20 * 1000 * 1000};
	nanosleep(&ts, NULL);
	double b = clock_now();
	assert_true(b - a >= 0.019 && b - a < 5.0);
}

int main(void)
{
	const struct CMUnitTest t_cli[] = {
	    cmocka_unit_test(test_seconds),      cmocka_unit_test(test_reason_names),
	    cmocka_unit_test(test_worse_status), cmocka_unit_test(test_join_args),
	    cmocka_unit_test(test_sigint),       cmocka_unit_test(test_clock),
	    cmocka_unit_test(test_futile_names),
	};
	const struct CMUnitTest t_number[] = {
	    cmocka_unit_test(test_uint),
	};
	int failed = 0;
	failed += cmocka_run_group_tests_name("cli", t_cli, NULL, NULL);
	failed += cmocka_run_group_tests_name("number", t_number, NULL, NULL);
	return failed;
}
