/*
 * verify_report.c -- verify's line for one problem (verify_report.h): the
 * reasons a problem fails, as text, JSON or CSV.
 */
#include "verify_report.h"

#include "cli.h"
#include "json.h"
#include "notation.h"
#include "verdict_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where r's nodes went, by kind of check, and how many of each kind's
 * searches a limit stopped: "checks":{"proof":{"nodes":N,"stopped":K},...} */
static const char *const CHECK_NAME[VERIFY_CHECK_NB] = {"proof",  "minimality", "cook",       "variation",
                                                        "stated", "leftover",   "unnecessary"};

static bool checks_json(cJSON *obj, const VerifyResult *r)
{
	cJSON *checks = cJSON_CreateObject();
	bool ok = cJSON_AddItemToObject(obj, "checks", checks);
	if (!ok)
		cJSON_Delete(checks);
	for (int k = 0; ok && k < VERIFY_CHECK_NB; k++) {
		cJSON *c = cJSON_AddObjectToObject(checks, CHECK_NAME[k]);
		ok = json_add_uint(c, "nodes", r->check_nodes[k]) && json_add_int(c, "stopped", r->check_stopped[k]);
	}
	return ok;
}

/* The limit that stopped a search, as the reasons name it. */
static const char *limit_name(DfpnStopReason why)
{
	switch (why) {
	case DFPN_STOP_TIME:
		return "the time limit";
	case DFPN_STOP_USER:
		return "Ctrl-C";
	case DFPN_STOP_DEPTH:
		return "the longest line (4096 plies)";
	case DFPN_STOP_MEMORY:
		return "memory";
	default:
		return "the node limit";
	}
}

/* How to raise it: the long option and its range. */
static const char *limit_hint(DfpnStopReason why)
{
	switch (why) {
	case DFPN_STOP_TIME:
		return "raise --time, seconds a problem, 0..1000000000 (default 60; 0 = no limit)";
	case DFPN_STOP_USER:
		return "run it again without interrupting";
	case DFPN_STOP_DEPTH:
		return "no option raises it";
	case DFPN_STOP_MEMORY:
		return "free memory, or fewer --jobs";
	default:
		return "raise --nodes, nodes a problem, 0..18446744073709551615 (0 = no limit)";
	}
}

/* The status of a result: "PASS", "FAIL" or "UNDECIDED" (no check failed,
 * a limit left some open). */
static const char *status_word(unsigned flags)
{
	return verify_passed(flags) ? "PASS" : verify_undecided(flags) ? "UNDECIDED" : "FAIL";
}

/* Every other mating final move, as "final_alternative_list":["R*9b",...] (USI). */
static bool final_alternatives_json(cJSON *obj, const VerifyResult *r)
{
	int n = r->final_alts < MAX_MOVES ? r->final_alts : MAX_MOVES;
	return json_add_moves(obj, "final_alternative_list", r->final_alt, n > 0 ? n : 0);
}

/* Why r, the result on problem, fails (and an undecided check), the
 * reasons joined by sep, into buf (size bytes); the moves named as nt says. */
static void reasons_text(const VerifyResult *r, const PioProblem *problem, CliNotation nt, const char *sep, char *buf,
                         size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	/* the verdict's where and why (verdict_text), once, after the reason
	 * it explains */
	static const struct {
		unsigned flag;
		const char *text;
	} STATED[] = {{VERIFY_NOT_MATE, "no mate"},
	              {VERIFY_BAD_LINE, "the stated main line is not a legal mating line"},
	              {VERIFY_WRONG_LENGTH, "wrong length"}};
	const VerifyVerdict v = r->stated.verdict;
	const unsigned explained = v == VERDICT_NO_MATE           ? VERIFY_NOT_MATE
	                           : v == VERDICT_STATED_NOT_MATE ? VERIFY_BAD_LINE
	                                                          : VERIFY_WRONG_LENGTH;
	char where[256];
	if (verdict_text(&r->stated, &problem->root, problem->moves, problem->n_moves, nt, where, sizeof where) <= 0)
		where[0] = '\0';
	for (size_t i = 0; i < sizeof STATED / sizeof *STATED; i++) {
		if (!(r->flags & STATED[i].flag))
			continue;
		ADD("%s%s", n ? sep : "", STATED[i].text);
		if (STATED[i].flag == explained && where[0])
			ADD(" (%s)", where);
	}
	if (r->flags & VERIFY_COOK) {
		char u[VERDICT_MOVE_MAX];
		ADD("%s余詰 (cook) x%d", n ? sep : "", r->cooks);
		/* every cook, by ply, the shortest first at each (verify_types.h) */
		int listed = r->cooks < VERIFY_MAX_COOKS ? r->cooks : VERIFY_MAX_COOKS;
		for (int i = 0; i < listed; i++)
			ADD(" [ply %d %s mates in %d]", r->cook[i].ply + 1,
			    verdict_move_text(&problem->root, r->line, r->cook[i].ply, r->cook[i].move, nt, u),
			    r->cook[i].len);
		if (r->cooks > listed)
			ADD(" [and %d more, not recorded]", r->cooks - listed);
	}
	if (r->flags & VERIFY_LEFTOVER)
		ADD("%s駒余り (%d piece%s left in hand)", n ? sep : "", r->leftover, r->leftover == 1 ? "" : "s");
	if (r->flags & VERIFY_UNNECESSARY) {
		ADD("%sunnecessary piece%s:", n ? sep : "", r->unnecessary == 1 ? "" : "s");
		for (int i = 0; i < r->unnecessary && i < VERIFY_MAX_LIST; i++) {
			char t[VERDICT_PIECE_MAX];
			verdict_piece_text(&r->unnecessary_piece[i], problem->root.side, nt, t);
			ADD(" %s", t);
		}
	}
	if (r->flags & VERIFY_UNDECIDED) {
		/* which limit, which kinds of check it stopped (the JSON's
		 * "checks"), and how to raise it */
		ADD("%sundecided (%s stopped %d of verify's searches", n ? sep : "", limit_name(r->stop),
		    r->undecided > 0 ? r->undecided : 1);
		/* (the walk's and the variations' searches decide no pass or fail) */
		for (int k = 0, any = 0; k < VERIFY_CHECK_NB; k++)
			if (r->check_stopped[k] && k != VERIFY_CHECK_STATED && k != VERIFY_CHECK_VARIATION)
				ADD("%s%s %d", any++ ? ", " : ": ", CHECK_NAME[k], r->check_stopped[k]);
		ADD("%s; %s)",
		    r->solve.status == DFPN_MATE && !r->solve.len_minimal ? "; the length is not proven minimal" : "",
		    limit_hint(r->stop));
	}
#undef ADD
}

void verify_report_line(FILE *out, VerifyFormat fmt, CliNotation nt, const char *file, const PioProblem *problem,
                        const VerifyResult *r)
{
	bool pass = verify_passed(r->flags);
	long stated = -1;
	if (!pio_meta_int(problem, "mate", &stated) && problem->n_moves > 0)
		stated = problem->n_moves;
	/* the reasons joined by "; " (text, csv), or by \x1f to split into a
	 * JSON array; JSON names the moves in USI */
	char fallback[1024], *why = malloc(VERIFY_REASONS_MAX);
	size_t why_size = VERIFY_REASONS_MAX;
	if (!why) {
		why = fallback; /* out of memory: the reasons cut to fit */
		why_size = sizeof fallback;
	}
	if (fmt == VERIFY_FORMAT_JSON)
		reasons_text(r, problem, CLI_NOTATION_USI, "\x1f", why, why_size);
	else
		reasons_text(r, problem, nt, "; ", why, why_size);
	if (fmt == VERIFY_FORMAT_TEXT) {
		fprintf(out, "%s:%ld: %s", file, problem->line, status_word(r->flags));
		if (r->len)
			fprintf(out, " mate %d", r->len);
		if (r->len && !r->solve.len_minimal && r->solve.len_floor > 1)
			fprintf(out, " (at least %d)", r->solve.len_floor);
		else if (r->len && !r->solve.len_minimal && !(r->flags & VERIFY_UNDECIDED))
			fprintf(out, " (not proven minimal)");
		if (stated >= 0)
			fprintf(out, " (stated %ld)", stated);
		if (!pass)
			fprintf(out, ": %s", why);
		if (r->flags & VERIFY_FINAL_ALT) {
			fprintf(out, " [%d other mating final move%s:", r->final_alts, r->final_alts == 1 ? "" : "s");
			for (int i = 0; i < r->final_alts && i < MAX_MOVES; i++) {
				char u[VERDICT_MOVE_MAX];
				fprintf(out, " %s",
				        verdict_move_text(&problem->root, r->line, r->line_len - 1, r->final_alt[i], nt,
				                          u));
			}
			fprintf(out, "]");
		}
		if (r->flags & VERIFY_SHORT_VAR)
			fprintf(out, " [%d%s shorter variation%s]", r->short_variations,
			        r->variations_partial ? " or more" : "",
			        r->short_variations == 1 && !r->variations_partial ? "" : "s");
		if (r->stopped_settled)
			fprintf(out,
			        " [checked no further: the limits stopped %d search%s once the verdict was certain]",
			        r->stopped_settled, r->stopped_settled == 1 ? "" : "es");
		if ((r->flags & VERIFY_UNNECESSARY_NA) && r->len > 0)
			fprintf(out, " [unnecessary pieces not judged: the mate counts futile interpositions]");
		if (problem->defender_rest)
			fprintf(out, " [%s]", cli_defender_rest_note(problem->root.side));
		fprintf(out, "\n");
	} else if (fmt == VERIFY_FORMAT_JSON) {
		cJSON *o = cJSON_CreateObject();
		bool ok = json_add_string(o, "file", file);
		ok &= json_add_long(o, "line", problem->line);
		ok &= json_add_bool(o, "pass", pass);
		ok &= json_add_int(o, "length", r->len);
		ok &= stated >= 0 ? json_add_long(o, "stated", stated) : json_add_null(o, "stated");
		ok &= json_add_bool(o, "not_mate", r->flags & VERIFY_NOT_MATE);
		ok &= json_add_bool(o, "wrong_length", r->flags & VERIFY_WRONG_LENGTH);
		ok &= json_add_int(o, "cooks", r->cooks);
		ok &= json_add_int(o, "final_alternatives", r->final_alts);
		ok &= json_add_int(o, "leftover", r->leftover);
		ok &= json_add_int(o, "unnecessary", r->unnecessary);
		ok &= json_add_bool(o, "unnecessary_judged", r->unnecessary_judged);
		ok &= json_add_int(o, "short_variations", r->short_variations);
		ok &= json_add_bool(o, "undecided", r->flags & VERIFY_UNDECIDED);
		ok &= json_add_name(o, "status", pass ? "pass" : verify_undecided(r->flags) ? "undecided" : "fail");
		/* the reasons and the line as arrays of strings, as solve's "usi" */
		cJSON *reasons = cJSON_AddArrayToObject(o, "reasons");
		ok &= reasons != NULL;
		for (char *p = why, *e; *p; p = *e ? e + 1 : e) {
			e = p + strcspn(p, "\x1f");
			char c = *e;
			*e = '\0';
			ok &= json_append_string(reasons, p);
			*e = c;
		}
		ok &= json_add_moves(o, "usi", r->line, r->line_len);
		ok &= json_add_cook_list(o, r);
		ok &= final_alternatives_json(o, r);
		ok &= json_add_bool(o, "defender_rest", problem->defender_rest);
		ok &= json_add_name(o, "stopped_by",
		                    r->flags & VERIFY_UNDECIDED
		                        ? cli_reason_name(r->stop != DFPN_STOP_NONE ? r->stop : DFPN_STOP_NODES)
		                        : NULL);
		ok &= json_add_int(o, "stopped_after_verdict", r->stopped_settled);
		/* the length's bounds: minimal, else at most "length" and at least this */
		ok &= json_add_bool(o, "length_minimal", r->len && r->solve.len_minimal);
		ok &= json_add_int(o, "length_at_least",
		                   r->len ? (r->solve.len_minimal ? r->len : r->solve.len_floor) : 0);
		ok &= json_add_uint(o, "nodes", r->nodes);
		ok &= json_add_fixed(o, "seconds", r->seconds, 3);
		ok &= checks_json(o, r);
		ok &= json_add_verdict(o, &r->stated);
		json_write_line(out, o, ok, "tsume");
	} else {
		cli_csv_field(out, file);
		fprintf(out, ",%ld,%s,%d,%ld,%d,%d,%d,%d,%d,%s,", problem->line,
		        pass                         ? "pass"
		        : verify_undecided(r->flags) ? "undecided"
		                                     : "fail",
		        r->len, stated, r->cooks, r->final_alts, r->leftover, r->unnecessary, r->short_variations,
		        r->flags & VERIFY_UNDECIDED ? "yes" : "no");
		cli_csv_field(out, why);
		fprintf(out, ",%llu,%.3f,%s\n", (unsigned long long)r->nodes, r->seconds,
		        verify_verdict_name(r->stated.verdict));
	}
	if (why != fallback)
		free(why);
}

void verify_report_csv_header(FILE *out)
{
	fprintf(out, "file,line,result,length,stated,cooks,final_alternatives,leftover,unnecessary,short_variations,"
	             "undecided,reasons,"
	             "nodes,seconds,stated_verdict\n");
}

void verify_report_reasons(const VerifyResult *r, const PioProblem *problem, CliNotation nt, const char *sep, char *buf,
                           size_t size)
{
	reasons_text(r, problem, nt, sep, buf, size);
}
