/*
 * solve_report.c -- the output of one solve result (solve_report.h): the
 * text report, the JSON line, the KIF kifu with its variations.
 */
#include "solve_report.h"

#include "cli.h"
#include "json.h"
#include "futile_end.h"
#include "kanji.h"
#include "kif.h"
#include "notation.h"
#include "solve_kif.h"
#include "verdict_text.h"

#include <stdio.h>
#include <stdlib.h>

/* The composer's checks on the main line judged (r->check), a line each:
 * "余詰 (cook) x2 [ply 1 ▲６一飛打 mates in 3] ...", "駒余り (1 piece left in
 * hand at the end of the given answer)", a limit that stopped them. */
static void checks_text(FILE *out, const SolveReport *r)
{
	const VerifyResult *c = r->check;
	if (!c)
		return;
	const char *whose = r->check_on_given ? "the given answer" : "our main line";
	if (c->flags & VERIFY_COOK) {
		int listed = c->cooks < VERIFY_MAX_COOKS ? c->cooks : VERIFY_MAX_COOKS;
		fprintf(out, "余詰 (cook) x%d on %s:", c->cooks, whose);
		for (int i = 0; i < listed; i++) {
			char u[VERDICT_MOVE_MAX];
			fprintf(out, " [ply %d %s mates in %d]", c->cook[i].ply + 1,
			        verdict_move_text(r->root, c->line, c->cook[i].ply, c->cook[i].move, r->notation, u),
			        c->cook[i].len);
		}
		if (c->cooks > listed)
			fprintf(out, " [and %d more, not recorded]", c->cooks - listed);
		fputc('\n', out);
	}
	if (c->flags & VERIFY_LEFTOVER)
		fprintf(out, "駒余り (%d piece%s left in hand at the end of %s)\n", c->leftover,
		        c->leftover == 1 ? "" : "s", whose);
	if (c->flags & VERIFY_UNDECIDED)
		fprintf(
		    out,
		    "余詰 undecided: a limit stopped %d of the searches for cooks on %s (raise --nodes or --time)\n",
		    c->undecided, whose);
}

/* The line of first move f in KIF notation, in a new string ("" when it
 * cannot be written; NULL: out of memory). */
static char *first_kif(const SolveReport *r, const DfpnFirst *f)
{
	size_t size = (size_t)f->res.pv_len * KIF_MOVE_MAX + 1;
	char *kif = malloc(size);
	Position *pos = malloc(sizeof *pos); /* a Position holds its whole history */
	if (kif && pos) {
		pos_copy(pos, r->root);
		if (kif_line(pos, f->res.pv, f->res.pv_len, kif, size) < 0)
			kif[0] = '\0';
	} else {
		free(kif);
		kif = NULL;
	}
	free(pos);
	return kif;
}

/* The interpositions left at the end of f's line, futile under the rule (0:
 * a plain mate, or no line). */
static int first_futile_end(const SolveReport *r, const DfpnFirst *f)
{
	char squares[1][3];
	int n_squares;
	if (f->res.status != DFPN_MATE || f->res.pv_len == 0)
		return 0;
	return futile_end_replies(r->root, f->res.pv, f->res.pv_len, squares, 1, &n_squares);
}

/* The first moves of --multipv, best first: "first moves: 3 of 5, best
 * first (12,345 nodes, 0.5 s, the main solve's aside)", then a numbered
 * entry each: its move, its result, its line. */
static void firsts_text(FILE *out, const SolveReport *r)
{
	fprintf(out, "first moves: %d of %d, best first (%llu nodes, %.3f s besides the main solve)\n", r->first_n,
	        r->checks, (unsigned long long)r->first_nodes, r->first_seconds);
	for (int k = 0; k < r->first_n; k++) {
		const DfpnFirst *f = &r->first[k];
		const DfpnResult *res = &f->res;
		char name[VERDICT_MOVE_MAX];
		Move line[1] = {f->move};
		fprintf(out, "%d. %s", k + 1, verdict_move_text(r->root, line, 0, f->move, CLI_NOTATION_JA, name));
		if (res->status == DFPN_MATE) {
			fprintf(out, " mate %d", res->len);
			if (!res->len_minimal)
				fprintf(out, " (minimality not proven: %s)", cli_reason_name(res->reason));
		} else if (res->status == DFPN_NOMATE) {
			fprintf(out, " nomate");
		} else {
			fprintf(out, " unknown (%s)", cli_reason_name(res->reason));
		}
		fprintf(out, "  nodes %llu\n", (unsigned long long)res->nodes);
		if (res->status != DFPN_MATE)
			continue;
		fprintf(out, "   usi:");
		for (int i = 0; i < res->pv_len; i++) {
			char usi[6];
			fprintf(out, " %s", usi_format(res->pv[i], usi));
		}
		char *kif = first_kif(r, f);
		fprintf(out, "\n   kif: %s\n", kif ? kif : "");
		free(kif);
		int left = first_futile_end(r, f);
		if (left > 0)
			fprintf(out, "   the line ends in check: %d interposition%s left, futile under %s (無駄合)\n",
			        left, left == 1 ? "" : "s", dfpn_futile_name(r->rule));
	}
}

/* A main line ending in check with futile replies only, in buf: "the line
 * ends in check: 3 interpositions left to the defender, on ９五, are futile
 * under nogain (無駄合); a board that counts them shows check (--futile
 * none counts them)" (no newline). */
static void futile_end_words(const SolveReport *r, char *buf, size_t size)
{
	size_t at = (size_t)snprintf(buf, size, "the line ends in check: %d interposition%s left to the defender, on",
	                             r->end_replies, r->end_replies == 1 ? "" : "s");
	int listed = r->end_n_squares < 8 ? r->end_n_squares : 8;
	for (int i = 0; i < listed && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, " %s%s", KANJI_ZEN_DIGIT[r->end_squares[i][0] - '0'],
		                       KANJI_NUM[r->end_squares[i][1] - 'a' + 1]);
	if (r->end_n_squares > listed && at < size)
		at += (size_t)snprintf(buf + at, size - at, " and %d more squares", r->end_n_squares - listed);
	if (at < size)
		snprintf(
		    buf + at, size - at,
		    ", %s futile under %s (無駄合); a board that counts them shows check (--futile none counts them)",
		    r->end_replies == 1 ? "is" : "are", dfpn_futile_name(r->rule));
}

void solve_report_text(FILE *out, const SolveReport *r, bool diagram)
{
	const DfpnResult *res = r->res;
	const VerifyStated *stated = r->stated;
	if (diagram) {
		char board[KIF_BOARD_MAX];
		if (kif_board(r->root, board, sizeof board) >= 0)
			fputs(board, out);
	}
	fprintf(out, "sfen %s\n", r->sfen);
	if (r->defender_rest)
		fprintf(out, "%s\n", cli_defender_rest_note(r->root->side));
	if (res->status == DFPN_MATE) {
		fprintf(out, "mate %d", res->len);
		if (!res->len_minimal)
			fprintf(out, " (minimality not proven: %s)", cli_reason_name(res->reason));
		fprintf(out, "\n");
	} else if (res->status == DFPN_NOMATE) {
		fprintf(out, "nomate\n");
	} else {
		fprintf(out, "unknown (%s)\n", cli_reason_name(res->reason));
	}
	if (r->given_len) {
		fprintf(out, "given answer (%d pl%s):", r->given_len, r->given_len == 1 ? "y" : "ies");
		verdict_line_write(out, r->root, r->given, r->given_len, r->notation);
		fprintf(out, "\n");
		if (res->status == DFPN_MATE && res->pv_len > 0) {
			int k = 0;
			while (k < r->given_len && k < res->pv_len && move_same(r->given[k], res->pv[k]))
				k++;
			bool same = res->len == r->given_len &&
			            (stated->verdict == VERDICT_EXACT || stated->verdict == VERDICT_FINAL_ALT);
			/* the same length, parting at an attacker ply before the last:
			 * two checks mate in as many plies -- a cook (余詰) */
			bool cook = same && k % 2 == 0 && k < r->given_len - 1;
			char ours[VERDICT_MOVE_MAX], given[VERDICT_MOVE_MAX];
			if (cook)
				fprintf(out,
				        "our main line differs from the given answer from ply %d on (same length: 余詰 "
				        "(cook), %s "
				        "mates as fast as the given %s; tsume verify reports every cook)\n",
				        k + 1, verdict_move_text(r->root, r->given, k, res->pv[k], r->notation, ours),
				        verdict_move_text(r->root, r->given, k, r->given[k], r->notation, given));
			else if (k == r->given_len && k < res->pv_len)
				fprintf(out, "our main line goes on after the given answer's %d pl%s, to %d\n", k,
				        k == 1 ? "y" : "ies", res->pv_len);
			else if (k == res->pv_len && k < r->given_len)
				fprintf(out, "the given answer goes on after our main line's %d pl%s, to %d\n", k,
				        k == 1 ? "y" : "ies", r->given_len);
			else if (k < r->given_len || k < res->pv_len)
				fprintf(out, "our main line differs from the given answer from ply %d on%s\n", k + 1,
				        same ? k == r->given_len - 1 ? " (same length: another mating final move)"
				                                     : " (same length: another longest defence)"
				             : "");
		}
		char why[256];
		fprintf(out, "given answer: %s", verify_verdict_name(stated->verdict));
		if (verdict_text(stated, r->root, r->given, r->given_len, r->notation, why, sizeof why) > 0)
			fprintf(out, " (%s)", why);
		else if (stated->verdict == VERDICT_UNDECIDED)
			fprintf(out, " (a limit stopped the searches that judge the answer; raise --nodes or --time)");
		fprintf(out, "\n");
	}
	checks_text(out, r);
	if (res->status == DFPN_MATE) {
		/* a mate always comes with its line, exactly len plies (dfpn_types.h) */
		if (!res->pv_verified)
			fprintf(out,
			        "line not verified (%d pl%s, read from the search table; the defence may not be the "
			        "longest)\n",
			        res->pv_len, res->pv_len == 1 ? "y" : "ies");
		fprintf(out, "usi:");
		for (int i = 0; i < res->pv_len; i++) {
			char usi[6];
			fprintf(out, " %s", usi_format(res->pv[i], usi));
		}
		fprintf(out, "\nkif: %s\n", r->kif);
	}
	if (res->status == DFPN_MATE && r->end_replies > 0) {
		char words[400];
		futile_end_words(r, words, sizeof words);
		fprintf(out, "%s\n", words);
	}
	if (r->firsts)
		firsts_text(out, r);
	fprintf(out,
	        "nodes %llu (proof %llu, shorter-mate re-search %llu, main line %llu) time %.3f s nps %.0f hashfull "
	        "%.1f%%\n",
	        (unsigned long long)res->nodes, (unsigned long long)res->nodes_prove,
	        (unsigned long long)res->nodes_minimize, (unsigned long long)res->nodes_pv, res->seconds,
	        res->seconds > 0 ? (double)res->nodes / res->seconds : 0.0, res->hashfull / 10.0);
}

/* The checks on the main line judged, as JSON members: "cooks":N,
 * "cook_list":[{"ply":1,"move":"R*6a","length":3},...],"leftover":N (null
 * each when nothing was judged). */
static bool checks_json(cJSON *obj, const VerifyResult *c)
{
	bool ok = c ? json_add_int(obj, "cooks", c->cooks) : json_add_null(obj, "cooks");
	ok &= c ? json_add_cook_list(obj, c) : json_add_null(obj, "cook_list");
	ok &= c ? json_add_int(obj, "leftover", c->leftover) : json_add_null(obj, "leftover");
	return ok;
}

/* The first moves of --multipv as JSON members: "checks":N,"multipv":[...],
 * "multipv_nodes":N,"multipv_seconds":S (null each when not searched). */
static bool firsts_json(cJSON *obj, const SolveReport *r)
{
	if (!r->firsts) {
		bool ok = json_add_null(obj, "checks");
		ok &= json_add_null(obj, "multipv");
		ok &= json_add_null(obj, "multipv_nodes");
		ok &= json_add_null(obj, "multipv_seconds");
		return ok;
	}
	bool ok = json_add_int(obj, "checks", r->checks);
	cJSON *list = cJSON_AddArrayToObject(obj, "multipv");
	ok &= list != NULL;
	for (int k = 0; ok && k < r->first_n; k++) {
		const DfpnFirst *f = &r->first[k];
		const DfpnResult *res = &f->res;
		const bool mate = res->status == DFPN_MATE;
		char usi[6];
		cJSON *o = cJSON_CreateObject();
		if (!cJSON_AddItemToArray(list, o)) {
			cJSON_Delete(o);
			return false;
		}
		ok &= json_add_name(o, "move", usi_format(f->move, usi));
		ok &= json_add_name(o, "result", mate ? "mate" : res->status == DFPN_NOMATE ? "nomate" : "unknown");
		ok &= mate ? json_add_int(o, "length", res->len) : json_add_null(o, "length");
		ok &= mate ? json_add_bool(o, "minimal", res->len_minimal) : json_add_null(o, "minimal");
		ok &= json_add_moves(o, "usi", res->pv, mate ? res->pv_len : 0);
		char *kif = mate ? first_kif(r, f) : NULL;
		ok &= json_add_string(o, "kif", kif ? kif : "");
		free(kif);
		if (mate)
			ok &= json_add_int(o, "futile_end", first_futile_end(r, f));
		else
			ok &= json_add_null(o, "futile_end");
		ok &= json_add_uint(o, "nodes", res->nodes);
		ok &= json_add_name(o, "reason", res->reason == DFPN_STOP_NONE ? NULL : cli_reason_name(res->reason));
	}
	ok &= json_add_uint(obj, "multipv_nodes", r->first_nodes);
	ok &= json_add_fixed(obj, "multipv_seconds", r->first_seconds, 6);
	return ok;
}

void solve_report_json(FILE *out, const SolveReport *r, const char *input, const char *file, long lineno,
                       DfpnFutileRule futile)
{
	const DfpnResult *res = r->res;
	cJSON *o = cJSON_CreateObject();
	bool ok = o != NULL;
	if (file)
		ok &= json_add_string(o, "file", file);
	if (lineno)
		ok &= json_add_long(o, "line", lineno);
	ok &= json_add_string(o, "input", input);
	ok &= json_add_string(o, "sfen", r->sfen);
	const bool mate = res->status == DFPN_MATE;
	ok &= json_add_name(o, "result", mate ? "mate" : res->status == DFPN_NOMATE ? "nomate" : "unknown");
	if (mate) {
		ok &= json_add_int(o, "length", res->len);
		ok &= json_add_bool(o, "minimal", res->len_minimal);
		ok &= json_add_bool(o, "line_verified", res->pv_verified);
	} else {
		ok &= json_add_null(o, "length");
		ok &= json_add_null(o, "minimal");
		ok &= json_add_null(o, "line_verified");
	}
	ok &= json_add_moves(o, "usi", res->pv, res->pv_len);
	ok &= json_add_string(o, "kif", r->kif);
	if (r->given_len) {
		ok &= json_add_moves(o, "given", r->given, r->given_len);
		ok &= json_add_verdict(o, r->stated);
	}
	ok &= json_add_uint(o, "nodes", res->nodes);
	ok &= json_add_fixed(o, "seconds", res->seconds, 6);
	ok &= json_add_fixed(o, "nps", res->seconds > 0 ? (double)res->nodes / res->seconds : 0.0, 0);
	ok &= json_add_int(o, "hashfull", res->hashfull);
	ok &= json_add_name(o, "reason", res->reason == DFPN_STOP_NONE ? NULL : cli_reason_name(res->reason));
	ok &= checks_json(o, r->check);
	if (mate) {
		ok &= json_add_int(o, "futile_end", r->end_replies);
		cJSON *squares = cJSON_AddArrayToObject(o, "futile_end_squares");
		ok &= squares != NULL;
		for (int i = 0; i < r->end_n_squares && i < 8; i++)
			ok &= json_append_string(squares, r->end_squares[i]);
	} else {
		ok &= json_add_null(o, "futile_end");
		ok &= json_add_null(o, "futile_end_squares");
	}
	if (r->multipv > 1)
		ok &= firsts_json(o, r);
	ok &= json_add_bool(o, "defender_rest", r->defender_rest);
	ok &= json_add_name(o, "futile", dfpn_futile_name(futile));
	ok &= json_add_int(o, "threads", res->threads);
	json_write_line(out, o, ok, "tsume solve");
}

int solve_report_kif(FILE *out, const char *out_name, Dfpn *d, const SolveReport *r, int variations, atomic_bool *stop)
{
	const VerifyStated *stated = r->stated;
	char given[320] = "", why[256], end[400] = "";
	if (r->given_len) {
		size_t n = (size_t)snprintf(given, sizeof given, "%s", verify_verdict_name(stated->verdict));
		if (verdict_text(stated, r->root, r->given, r->given_len, r->notation, why, sizeof why) > 0 &&
		    n < sizeof given)
			snprintf(given + n, sizeof given - n, " (%s)", why);
	}
	SolveKifOptions opt = {
	    .variations = variations,
	    .var_nodes = SOLVE_KIF_VAR_NODES,
	    .stop = stop,
	    .sfen = r->sfen,
	    .given = r->given_len ? given : NULL,
	    .note = r->defender_rest ? cli_defender_rest_note(r->root->side) : NULL,
	    .check = r->check,
	    .answer = r->given,
	    .n_answer = r->given_len,
	    .usi_names = r->notation == CLI_NOTATION_USI,
	};
	if (r->res->status == DFPN_MATE && r->end_replies > 0) {
		futile_end_words(r, end, sizeof end);
		opt.end_note = end;
	}
	/* the given answer judged a main line of the mate's length is the
	 * kifu's main line, the composer's; ours is among its cooks then */
	if (r->check_on_given && r->check->line_len == r->given_len) {
		opt.main = r->check->line;
		opt.n_main = r->check->line_len;
	}
	if (solve_kif_write(out, d, r->root, r->res, &opt) == 0)
		return 0;
	fprintf(stderr, "tsume: %s: %s\n", out_name, ferror(out) ? "write error" : "out of memory");
	return -1;
}
