/*
 * web.c -- the entry point of the web page (make web, doc/web.md): one
 * request of the page's Web Worker (tools/web/worker.js) in JSON, its answer
 * in JSON, the commands' own code run on a file of the page's in-memory file
 * system, one search thread.  Compiled by emscripten only, never into the
 * tsume binary.
 *
 * The function is described in web.h.
 */
#include "check.h"
#include "cli.h"
#include "kif.h"
#include "notation.h"
#include "problemio.h"
#include "sfen.h"
#include "solve_problem.h"
#include "verify_report.h"
#include "web.h"

#include <cjson/cJSON.h>
#include <emscripten.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The worker's side (worker.js): a message to the page, and whether the
 * page has asked the search to stop. */
EM_JS(void, web_post, (const char *json), { postMessage(JSON.parse(UTF8ToString(json))); });
EM_JS(int, web_stop_asked, (void), { return tsumeStopAsked() ? 1 : 0; });

/* The status web_run gives when the problem states no answer and no length:
 * nothing to verify. */
#define WEB_NOTHING_STATED 4

/* One request's state. */
typedef struct {
	atomic_bool stop;  /* set once the page asks the search to stop */
	int posted_len;    /* the length of the last line posted to the page (0: none) */
	double last_post;  /* seconds of the search at the last progress message */
	Position *scratch; /* a line's positions are played here */
	Move held[DFPN_MAX_PV];
} WebRun;

/* Adds to obj the line moves[0..n) from root: "usi" and "kif" (one string a
 * move, Japanese notation) and "positions" (n + 1 SFENs: root, then the
 * position after each move).  scratch: space for a Position. */
static void web_add_line(cJSON *obj, const Position *root, const Move *moves, int n, Position *scratch)
{
	cJSON *usi = cJSON_AddArrayToObject(obj, "usi");
	cJSON *kif = cJSON_AddArrayToObject(obj, "kif");
	cJSON *positions = cJSON_AddArrayToObject(obj, "positions");
	char s[256], k[KIF_MOVE_MAX], u[6];
	pos_copy(scratch, root);
	if (sfen_format(scratch, s, sizeof s) >= 0)
		cJSON_AddItemToArray(positions, cJSON_CreateString(s));
	for (int i = 0; i < n; i++) {
		if (kif_move(scratch, moves[i], i > 0 ? moves[i - 1] : MOVE_NONE, k, sizeof k) < 0)
			k[0] = '\0';
		cJSON_AddItemToArray(usi, cJSON_CreateString(usi_format(moves[i], u)));
		cJSON_AddItemToArray(kif, cJSON_CreateString(k));
		pos_do_move(scratch, moves[i]);
		if (sfen_format(scratch, s, sizeof s) >= 0)
			cJSON_AddItemToArray(positions, cJSON_CreateString(s));
	}
}

/* Posts obj to the page and frees it. */
static void web_post_json(cJSON *obj)
{
	char *text = cJSON_PrintUnformatted(obj);
	if (text)
		web_post(text);
	free(text);
	cJSON_Delete(obj);
}

/* The search's progress (SolveRequest.progress): a line proven shorter than
 * the last one posted goes to the page at once, so that a page that has to
 * end the worker keeps it; the figures about every 0.25 s; the page's Stop
 * read. */
static void web_progress(void *arg, const Dfpn *d, const Position *root, uint64_t nodes, double seconds, int hashfull)
{
	WebRun *w = arg;
	int n = dfpn_held(d, w->held);
	if (n > 0 && n != w->posted_len) {
		cJSON *m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "kind", "line");
		cJSON_AddNumberToObject(m, "length", n);
		web_add_line(m, root, w->held, n, w->scratch);
		web_post_json(m);
		w->posted_len = n;
	}
	if (seconds - w->last_post >= 0.25) {
		w->last_post = seconds;
		cJSON *m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "kind", "progress");
		cJSON_AddNumberToObject(m, "nodes", (double)nodes);
		cJSON_AddNumberToObject(m, "seconds", seconds);
		cJSON_AddNumberToObject(m, "hashfull", hashfull);
		web_post_json(m);
	}
	if (web_stop_asked())
		atomic_store(&w->stop, true);
}

/* Reads "SFEN" into *root and its line usi (a JSON array of USI moves) into
 * line (DFPN_MAX_PV moves).  Returns the number of moves, -1 when the SFEN
 * or a move does not read (a line tsume wrote always does). */
static int web_read_line(const char *sfen, const cJSON *usi, Position *root, Move *line, WebRun *w)
{
	SfenError e;
	if (sfen_parse_root(root, sfen, &e, NULL) != SFEN_OK)
		return -1;
	size_t size = 16, at = 0;
	const cJSON *m;
	cJSON_ArrayForEach(m, usi) size += cJSON_IsString(m) ? strlen(m->valuestring) + 1 : 0;
	char *text = malloc(size);
	if (!text)
		return -1;
	text[0] = '\0';
	cJSON_ArrayForEach(m, usi) if (cJSON_IsString(m)) at +=
	    (size_t)snprintf(text + at, size - at, "%s%s", at ? " " : "", m->valuestring);
	pos_copy(w->scratch, root);
	int n = at ? sfen_play_moves(w->scratch, text, 1, line, DFPN_MAX_PV, &e) : 0;
	free(text);
	return n;
}

/* The positions of "SFEN" and its line usi (a JSON array of USI moves) into
 * obj as web_add_line writes them.  False when the SFEN or a move does not
 * read. */
static bool web_add_usi_line(cJSON *obj, const char *sfen, const cJSON *usi, WebRun *w)
{
	Position *root = malloc(sizeof *root);
	Move *line = malloc(sizeof(Move) * DFPN_MAX_PV);
	int n = root && line ? web_read_line(sfen, usi, root, line, w) : -1;
	if (n >= 0)
		web_add_line(obj, root, line, n, w->scratch);
	free(line);
	free(root);
	return n >= 0;
}

/* The position after the first `plies` moves of line (n moves) from root,
 * into w->scratch.  False when plies is out of the line. */
static bool web_play_to(const Position *root, const Move *line, int n, int plies, WebRun *w)
{
	if (plies < 0 || plies > n)
		return false;
	pos_copy(w->scratch, root);
	for (int i = 0; i < plies; i++)
		pos_do_move(w->scratch, line[i]);
	return true;
}

/* The move usi played instead of the line's move at ply (1-based), in
 * Japanese notation, added to obj as key.  Nothing when it does not read. */
static void web_name_move(cJSON *obj, const char *key, const Position *root, const Move *line, int n, int ply,
                          const char *usi, WebRun *w)
{
	int len = 0;
	Move m = usi ? usi_parse(usi, &len) : MOVE_NONE;
	char k[KIF_MOVE_MAX];
	if (m == MOVE_NONE || !web_play_to(root, line, n, ply - 1, w) ||
	    kif_move(w->scratch, m, ply >= 2 ? line[ply - 2] : MOVE_NONE, k, sizeof k) < 0)
		return;
	cJSON_AddStringToObject(obj, key, k);
}

/* verify's JSON v names moves in USI, by their ply on the line it judged:
 * the stated line `given` when there is one (a JSON array of USI moves; it
 * may not mate, and v's "usi" is then empty), else v's "usi".  Each cook's
 * and final alternative's move gets "kif", the stated verdict's
 * "verdict_kif", in Japanese notation, for the page to show. */
static void web_name_verify_moves(cJSON *v, const char *sfen, const cJSON *given, WebRun *w)
{
	const cJSON *usi = cJSON_GetArraySize(given) > 0 ? given : cJSON_GetObjectItemCaseSensitive(v, "usi");
	Position *root = malloc(sizeof *root);
	Move *line = malloc(sizeof(Move) * DFPN_MAX_PV);
	int n = root && line ? web_read_line(sfen, usi, root, line, w) : -1;
	if (n >= 0) {
		static const char *const lists[] = {"cook_list", "final_alternative_list"};
		for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
			cJSON *item;
			cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(v, lists[i]))
			{
				const cJSON *ply = cJSON_GetObjectItemCaseSensitive(item, "ply");
				const cJSON *move = cJSON_GetObjectItemCaseSensitive(item, "move");
				if (cJSON_IsNumber(ply) && cJSON_IsString(move))
					web_name_move(item, "kif", root, line, n, ply->valueint, move->valuestring, w);
			}
		}
		const cJSON *ply = cJSON_GetObjectItemCaseSensitive(v, "verdict_ply");
		const cJSON *move = cJSON_GetObjectItemCaseSensitive(v, "verdict_move");
		if (cJSON_IsNumber(ply) && cJSON_IsString(move))
			web_name_move(v, "verdict_kif", root, line, n, ply->valueint, move->valuestring, w);
	}
	free(line);
	free(root);
}

/* A text stream in memory: open_memstream's buffer, NUL-ended. */
typedef struct {
	char *buf;
	size_t len;
	FILE *f;
} WebText;

static bool web_text_open(WebText *t)
{
	t->buf = NULL;
	t->len = 0;
	t->f = open_memstream(&t->buf, &t->len);
	return t->f != NULL;
}

/* Closes t's stream; its text stays in t->buf (free it). */
static void web_text_close(WebText *t)
{
	if (t->f)
		fclose(t->f);
	t->f = NULL;
}

/* verify's line of the first problem of the file in (as `tsume verify`
 * checks it, shown as `shown`) into *out: {"status", "text", "json"}.
 * Returns the status: 0 pass, 1 fail, 2 bad input, 3 no table,
 * WEB_NOTHING_STATED. */
static int web_verify(const char *in, const char *shown, const CheckOptions *o, bool rest, atomic_bool *stop,
                      cJSON *out)
{
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
	else if (check_spec(p).stated_len < 0 && p->n_moves == 0)
		rc = WEB_NOTHING_STATED;
	else {
		VerifySpec spec = check_spec(p);
		CheckContextError ce;
		Dfpn *d = check_context(o, 1, &ce);
		if (!d) {
			fprintf(stderr, "tsume: cannot allocate %llu MB for the hash table; try a smaller table\n",
			        (unsigned long long)o->hash);
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
			DfpnLimits lim = check_limits(o, stop);
			unsigned flags = verify_problem(d, &p->root, &spec, &lim, res);
			WebText text, json;
			bool ok = web_text_open(&text) && web_text_open(&json);
			if (ok) {
				verify_report_line(text.f, VERIFY_FORMAT_TEXT, CLI_NOTATION_JA, shown, p, res);
				verify_report_line(json.f, VERIFY_FORMAT_JSON, CLI_NOTATION_JA, shown, p, res);
			}
			web_text_close(&text);
			web_text_close(&json);
			if (ok) {
				rc = verify_passed(flags) ? 0 : 1;
				text.buf[strcspn(text.buf, "\n")] = '\0';
				cJSON_AddNumberToObject(out, "status", rc);
				cJSON_AddStringToObject(out, "text", text.buf);
				cJSON *j = cJSON_Parse(json.buf);
				cJSON_AddItemToObject(out, "json", j ? j : cJSON_CreateNull());
			}
			free(text.buf);
			free(json.buf);
			dfpn_free(d);
		}
	}
	free(res);
	free(p);
	pio_close(r);
	return rc;
}

/* The request's fields, checked. */
typedef struct {
	const char *file, *shown;
	DfpnFutileRule futile;
	double time_s;
	int hash_mb;
	bool rest;
} WebRequest;

/* Reads the request text into *q (its strings point into json).  False with
 * the reason in why. */
static bool web_request(const cJSON *json, WebRequest *q, char *why, size_t size)
{
	const cJSON *file = cJSON_GetObjectItemCaseSensitive(json, "file");
	const cJSON *shown = cJSON_GetObjectItemCaseSensitive(json, "shown");
	const cJSON *futile = cJSON_GetObjectItemCaseSensitive(json, "futile");
	const cJSON *time_s = cJSON_GetObjectItemCaseSensitive(json, "time");
	const cJSON *hash = cJSON_GetObjectItemCaseSensitive(json, "hash");
	const cJSON *rest = cJSON_GetObjectItemCaseSensitive(json, "rest");
	if (!cJSON_IsObject(json) || !cJSON_IsString(file) || !cJSON_IsString(shown) || !cJSON_IsString(futile) ||
	    !cJSON_IsNumber(time_s) || !cJSON_IsNumber(hash) || (rest && !cJSON_IsBool(rest))) {
		snprintf(why, size, "a request needs file, shown and futile (strings), time and hash (numbers), rest");
		return false;
	}
	if (!(time_s->valuedouble >= 0 && time_s->valuedouble <= 86400) ||
	    !(hash->valuedouble >= 1 && hash->valuedouble <= 2048)) {
		snprintf(why, size, "time must be 0..86400 seconds and hash 1..2048 MB");
		return false;
	}
	q->file = file->valuestring;
	q->shown = shown->valuestring;
	q->time_s = time_s->valuedouble;
	q->hash_mb = (int)hash->valuedouble;
	q->rest = cJSON_IsTrue(rest);
	if (!dfpn_futile_parse(futile->valuestring, &q->futile)) {
		char names[128];
		snprintf(why, size, "futile must be one of %s", cli_futile_names(names, sizeof names));
		return false;
	}
	return true;
}

/* The first JSON line of text, parsed (NULL: none). */
static cJSON *web_first_json(const char *text) { return text && *text ? cJSON_Parse(text) : NULL; }

EMSCRIPTEN_KEEPALIVE char *web_run(const char *request)
{
	cJSON *reply = cJSON_CreateObject();
	const char *end = NULL;
	cJSON *json = cJSON_ParseWithOpts(request, &end, true);
	WebRequest q;
	char why[160];
	WebRun *w = calloc(1, sizeof *w);
	if (w)
		w->scratch = malloc(sizeof *w->scratch);
	if (!reply || !w || !w->scratch) {
		fprintf(stderr, "tsume: out of memory\n");
	} else if (!json || !web_request(json, &q, why, sizeof why)) {
		if (json)
			fprintf(stderr, "tsume: bad request: %s\n", why);
		else
			fprintf(stderr, "tsume: bad request: not JSON\n");
		cJSON_AddNumberToObject(reply, "status", EXIT_BADINPUT);
	} else {
		atomic_init(&w->stop, false);
		SolveRequest rq = {.futile = q.futile,
		                   .hash_mb = (uint64_t)q.hash_mb,
		                   .time_s = q.time_s,
		                   .rest = q.rest,
		                   .stop = &w->stop,
		                   .progress = web_progress,
		                   .progress_arg = w};
		WebText out;
		int status = EXIT_BADINPUT;
		if (web_text_open(&out)) {
			status = solve_request(&rq, q.file, out.f);
			web_text_close(&out);
		}
		bool stopped = atomic_load(&w->stop);
		cJSON_AddNumberToObject(reply, "status", status);
		cJSON_AddBoolToObject(reply, "stopped", stopped);
		cJSON *solved = web_first_json(out.buf);
		free(out.buf);
		if (solved) {
			cJSON_AddItemToObject(reply, "solve", solved);
			const cJSON *sfen = cJSON_GetObjectItemCaseSensitive(solved, "sfen");
			const cJSON *usi = cJSON_GetObjectItemCaseSensitive(solved, "usi");
			const cJSON *given = cJSON_GetObjectItemCaseSensitive(solved, "given");
			if (cJSON_IsString(sfen)) {
				cJSON *main_line = cJSON_AddObjectToObject(reply, "main");
				web_add_usi_line(main_line, sfen->valuestring, usi, w);
				if (cJSON_IsArray(given) && cJSON_GetArraySize(given) > 0)
					web_add_usi_line(cJSON_AddObjectToObject(reply, "stated"), sfen->valuestring,
					                 given, w);
			}
			if (status != EXIT_BADINPUT && !stopped) {
				/* the answer so far to the page first: a page that has to
				 * end the worker during the checks keeps it */
				char *so_far = cJSON_PrintUnformatted(reply);
				if (so_far) {
					cJSON *m = cJSON_Parse(so_far);
					cJSON_AddStringToObject(m, "kind", "solved");
					web_post_json(m);
				}
				free(so_far);
				CheckOptions o = CHECK_OPTIONS_DEFAULT;
				o.time_s = q.time_s;
				o.hash = (uint64_t)q.hash_mb;
				o.futile = q.futile;
				cJSON *v = cJSON_CreateObject();
				int vs = web_verify(q.file, q.shown, &o, q.rest, &w->stop, v);
				if (vs == 0 || vs == 1) {
					cJSON *vj = cJSON_GetObjectItemCaseSensitive(v, "json");
					if (cJSON_IsObject(vj) && cJSON_IsString(sfen))
						web_name_verify_moves(vj, sfen->valuestring, given, w);
					cJSON_AddItemToObject(reply, "verify", v);
				} else
					cJSON_Delete(v);
				cJSON_ReplaceItemInObjectCaseSensitive(reply, "stopped",
				                                       cJSON_CreateBool(atomic_load(&w->stop)));
			}
		}
	}
	char *text = reply ? cJSON_PrintUnformatted(reply) : NULL;
	cJSON_Delete(reply);
	cJSON_Delete(json);
	if (w)
		free(w->scratch);
	free(w);
	return text;
}
