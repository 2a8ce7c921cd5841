/*
 * web.c -- the entry points of the web page (make web, doc/web.md): the
 * commands' own code run on files of the page's in-memory file system, one
 * search thread, for the Web Worker of tools/web/page.js.  Compiled by
 * emscripten only, never into the tsume binary.
 *
 * The functions are described in web.h.
 */
#include "check.h"
#include "cli.h"
#include "problemio.h"
#include "sfen.h"
#include "solve.h"
#include "verify_report.h"
#include "web.h"

#include <emscripten.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The status web_verify returns when the problem states no answer and no length. */
#define WEB_NOTHING_STATED 4

/* The futility rule's name, as --futile takes it, into *rule; false after
 * the message for a bad one. */
static bool web_futile(const char *name, DfpnFutileRule *rule) { return cli_option_futile("tsume", name, rule); }

EMSCRIPTEN_KEEPALIVE int web_solve(const char *in, const char *out, const char *futile, double time_s, int hash_mb,
                                   int rest)
{
	char hash[24], secs[32];
	snprintf(hash, sizeof hash, "%d", hash_mb);
	snprintf(secs, sizeof secs, "%.3f", time_s);
	char *argv[] = {"solve", "--format", "json",         "--threads", "1",         "--hash",   hash, "--time",
	                secs,    "--futile", (char *)futile, "-o",        (char *)out, (char *)in, NULL, NULL};
	int argc = (int)(sizeof argv / sizeof *argv) - 2;
	if (rest)
		argv[argc++] = "--rest"; /* the pieces in nobody's hand to the defender (残り全部) */
	optind = 0;                      /* getopt starts afresh: one page runs many solves */
	return cmd_solve(argc, argv);
}

/* Writes the problem's verify line in format fmt to the file path. */
static bool web_report(const char *path, VerifyFormat fmt, const char *shown, const PioProblem *p,
                       const VerifyResult *r)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	verify_report_line(f, fmt, CLI_NOTATION_JA, shown, p, r);
	return fclose(f) == 0;
}

EMSCRIPTEN_KEEPALIVE int web_verify(const char *in, const char *shown, const char *text_out, const char *json_out,
                                    const char *futile, double time_s, int hash_mb, int rest)
{
	CheckOptions o = CHECK_OPTIONS_DEFAULT;
	o.time_s = time_s;
	o.hash = (uint64_t)hash_mb;
	if (!web_futile(futile, &o.futile))
		return EXIT_BADINPUT;
	PioError err;
	PioReader *r = pio_open(in, &err);
	if (!r) {
		fprintf(stderr, "%s: %s\n", shown, err.message);
		return EXIT_BADINPUT;
	}
	PioProblem *p = malloc(sizeof *p);
	VerifyResult *res = malloc(sizeof *res);
	int rc = EXIT_BADINPUT;
	char why[160];
	int st = p && res ? pio_next(r, p, &err) : PIO_ERR_STREAM;
	if (!p || !res)
		fprintf(stderr, "tsume: out of memory\n");
	else if (st == PIO_END)
		fprintf(stderr, "%s: no problem\n", shown);
	else if (st != PIO_OK)
		fprintf(stderr, "%s:%ld: %s\n", shown, err.line, err.message);
	else if (!pio_stated_consistent(p, why, sizeof why) || !cli_defender_has_king(&p->root, why, sizeof why))
		fprintf(stderr, "%s:%ld: %s\n", shown, p->line, why);
	else {
		VerifySpec spec = check_spec(p);
		if (spec.stated_len < 0 && p->n_moves == 0) {
			rc = WEB_NOTHING_STATED;
		} else {
			CheckContextError ce;
			Dfpn *d = check_context(&o, 1, &ce);
			if (!d) {
				fprintf(stderr,
				        "tsume: cannot allocate %d MB for the hash table; try a smaller table\n",
				        hash_mb);
				rc = EXIT_UNKNOWN;
			} else {
				int missing = pos_missing_pieces(&p->root);
				if (missing > 0 && rest) {
					pos_give_missing(&p->root, color_flip(p->root.side));
				} else if (missing > 0) {
					char where[300];
					snprintf(where, sizeof where, "%s:%ld", shown, p->line);
					cli_warn_missing(where, missing);
				}
				DfpnLimits lim = check_limits(&o, NULL);
				unsigned flags = verify_problem(d, &p->root, &spec, &lim, res);
				bool ok = web_report(text_out, VERIFY_FORMAT_TEXT, shown, p, res) &&
				          web_report(json_out, VERIFY_FORMAT_JSON, shown, p, res);
				rc = !ok ? EXIT_BADINPUT : verify_passed(flags) ? 0 : 1;
				dfpn_free(d);
			}
		}
	}
	free(res);
	free(p);
	pio_close(r);
	return rc;
}

EMSCRIPTEN_KEEPALIVE int web_line(const char *sfen_moves, const char *out)
{
	Position *pos = malloc(sizeof *pos);
	FILE *f = fopen(out, "w");
	int rc = EXIT_BADINPUT;
	const char *moves;
	SfenError e;
	if (!pos || !f) {
		fprintf(stderr, "tsume: out of memory\n");
	} else if (sfen_parse_root(pos, sfen_moves, &e, &moves) != SFEN_OK) {
		fprintf(stderr, "tsume: bad position: %s\n", e.message);
	} else {
		char s[256];
		rc = 0;
		if (sfen_format(pos, s, sizeof s) >= 0)
			fprintf(f, "%s\n", s);
		/* one move at a time, each position written */
		for (const char *m = moves; m && *m && rc == 0;) {
			m += strspn(m, " ");
			size_t len = strcspn(m, " ");
			if (!len)
				break;
			char one[16];
			snprintf(one, sizeof one, "%.*s", (int)(len < 15 ? len : 15), m);
			if (sfen_play_moves(pos, one, 1, NULL, 1, &e) != 1) {
				fprintf(stderr, "tsume: bad line: %s\n", e.message);
				rc = EXIT_BADINPUT;
			} else if (sfen_format(pos, s, sizeof s) >= 0) {
				fprintf(f, "%s\n", s);
			}
			m += len;
		}
	}
	if (f && fclose(f) != 0)
		rc = EXIT_BADINPUT;
	free(pos);
	return rc;
}

EMSCRIPTEN_KEEPALIVE void web_stop(void) { raise(SIGINT); /* solve's Ctrl-C: the search ends on the best line held */ }
