/*
 * solve_problem.c -- one problem solved and its result written, the problems
 * of a file, and solve_request (solve_problem.h).
 */
#include "solve_problem.h"

#include "clock.h"
#include "futile_end.h"
#include "kif.h"
#include "line.h"
#include "movegen.h"
#include "problemio.h"
#include "sfen.h"
#include "solve_check.h"
#include "solve_kif.h"
#include "solve_report.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

void solve_progress_line(void *arg, uint64_t nodes, double seconds, int hashfull)
{
	SolveProgress *p = arg;
	if (seconds < 1.0)
		return;
	fprintf(stderr, "\r%.1f s  %llu nodes  %.2f M nodes/s  hashfull %.1f%%\033[K", seconds,
	        (unsigned long long)nodes, (double)nodes / seconds / 1e6, hashfull / 10.0);
	p->shown = true;
}

void solve_progress_clear(SolveProgress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}

/* The stream results go to: standard output, or the -o file, opened (and
 * truncated) the first time.  NULL after a message when it cannot be opened. */
static FILE *solve_output(SolveCtx *ctx)
{
	if (!ctx->out && ctx->out_path && strcmp(ctx->out_path, "-") != 0) {
		ctx->out = fopen(ctx->out_path, "w");
		if (!ctx->out)
			fprintf(stderr, "tsume: %s: %s\n", ctx->out_path, strerror(errno));
	} else if (!ctx->out) {
		ctx->out = stdout;
	}
	return ctx->out;
}

/*
 * Reads a problem: [position] [sfen] SFEN [moves M1 ... MN].  The moves are
 * played and the position after them is solved, except when they are an
 * odd number of plies leaving the defender in check (mated or not under the
 * rule in force: the verdict on it says which): then they are the problem's answer
 * (the ShogiBoardQ format, "SFEN moves m1 ... mN"), the position before them
 * is solved, and the answer is kept in given[] for comparison.  A KIF or
 * CSA file's moves (answer) are always its answer, judged as given (an
 * even number of plies, a move without check: not a mating line), never
 * played to move the problem.  With rest, the pieces in nobody's hand go
 * to the defender.
 * Returns 0, or -1 with the reason in err.
 */
static int load_problem(SolveWork *w, const char *text, bool rest, bool answer, char *err, size_t errsize)
{
	SolveProblem *pb = &w->pb;
	Position *start = &w->start, *after = &w->after;
	SfenError e;
	const char *moves;
	if (sfen_parse_root(start, text, &e, &moves) != SFEN_OK) {
		snprintf(err, errsize, "bad position: %s", e.message);
		return -1;
	}
	pb->given_len = 0;
	if (moves) {
		*after = *start;
		int n = sfen_play_moves(after, moves, (int)(moves - text) + 1, pb->given, POS_MAX_PLY, &e);
		if (n < 0) {
			snprintf(err, errsize, "bad position: %s", e.message);
			return -1;
		}
		/* an answer: odd, ending with the defender in check (mated or not
		 * under the rule in force: the verdict then says so) */
		if (answer || (n % 2 == 1 && pos_in_check(after) && after->king[after->side] != SQ_NONE)) {
			line_set_root(&pb->root, start);
			pb->given_len = n;
		} else {
			line_set_root(&pb->root, after);
		}
	} else {
		line_set_root(&pb->root, start);
	}
	Position *pos = &pb->root;
	if (!cli_defender_has_king(pos, err, errsize)) {
		if (moves && pb->given_len == 0 && start->king[color_flip(start->side)] != SQ_NONE)
			snprintf(err, errsize,
			         "bad problem: after the moves %s is to move and %s has no king to mate; give the "
			         "whole answer "
			         "(an odd number of plies ending in mate) or an even number of plies",
			         pos->side == SENTE ? "sente" : "gote", pos->side == SENTE ? "gote" : "sente");
		return -1;
	}
	pb->missing = pos_missing_pieces(pos);
	if (rest && pb->missing > 0)
		pos_give_missing(pos, color_flip(pos->side));
	return 0;
}

/* Solves the problem on one line and prints the result.  where is the
 * "stdin:LINE" prefix of messages in '-' mode (NULL for an argument).
 * Returns the exit status for this problem. */
static int solve_text(SolveCtx *ctx, const char *text, const char *where, const char *file, long lineno)
{
	SolveProblem *pb = &ctx->w->pb;
	DfpnResult *res = &ctx->w->res;
	char err[512];
	if (load_problem(ctx->w, text, ctx->rest, ctx->file_kifu, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", where ? where : "tsume", err);
		return EXIT_BADINPUT;
	}
	if (pb->missing > 0 && !ctx->rest)
		cli_warn_missing(where ? where : "tsume", pb->missing);

	dfpn_clear(ctx->d);
	dfpn_solve(ctx->d, &pb->root, &ctx->lim, res);
	solve_progress_clear(&ctx->progress);

	char sfen[256];
	if (sfen_format(&pb->root, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	size_t kif_size = (size_t)res->pv_len * KIF_MOVE_MAX + 1;
	char *kif = malloc(kif_size);
	if (!kif) {
		fprintf(stderr, "tsume: out of memory\n");
		return EXIT_UNKNOWN;
	}
	if (kif_line(&pb->root, res->pv, res->pv_len, kif, kif_size) < 0)
		kif[0] = '\0';
	VerifyStated stated = {.verdict = VERDICT_NONE, .ply = -1, .move = MOVE_NONE, .worst_ply = -1};
	if (pb->given_len)
		verify_stated(ctx->d, &pb->root, pb->given, pb->given_len, res, &ctx->lim, &stated);
	bool line_exact = stated.verdict == VERDICT_EXACT || stated.verdict == VERDICT_FINAL_ALT;
	if (ctx->file_stated > 0 && line_exact && ctx->file_stated != res->len)
		/* the moves read mate, but the file states another length: the
		 * totals compared, as verify compares them */
		stated = verify_stated_totals(res->len, ctx->file_stated, pb->given_len);
	const VerifyResult *check = solve_check(ctx->d, &pb->root, pb->given, pb->given_len, res, line_exact, &ctx->lim,
	                                        &ctx->w->after, &ctx->w->check);
	int first_n = 0, checks = 0;
	uint64_t first_nodes = 0;
	double first_start = clock_now();
	const bool firsts = ctx->multipv > 1 && res->status != DFPN_UNKNOWN;
	if (firsts) {
		first_n = dfpn_first_moves(ctx->d, &pb->root, res, &ctx->lim, ctx->w->first, ctx->multipv, &checks,
		                           &first_nodes);
		if (first_n < 0) {
			fprintf(stderr, "tsume: out of memory\n");
			free(kif);
			return EXIT_UNKNOWN;
		}
	}
	solve_progress_clear(&ctx->progress);
	int rc = res->status == DFPN_MATE ? EXIT_MATE : res->status == DFPN_NOMATE ? EXIT_NOMATE : EXIT_UNKNOWN;
	FILE *out = solve_output(ctx);
	SolveReport rep = {.root = &pb->root,
	                   .given = pb->given,
	                   .given_len = pb->given_len,
	                   .res = res,
	                   .stated = &stated,
	                   .sfen = sfen,
	                   .kif = kif,
	                   .notation = ctx->notation,
	                   .defender_rest = ctx->file_rest,
	                   .check = check,
	                   .check_on_given = check && pb->given_len > 0 && line_exact,
	                   .first = ctx->w->first,
	                   .multipv = ctx->multipv,
	                   .firsts = firsts,
	                   .first_n = first_n,
	                   .checks = checks,
	                   .first_nodes = first_nodes,
	                   .first_seconds = firsts ? clock_now() - first_start : 0,
	                   .rule = dfpn_futile(ctx->d)};
	if (res->status == DFPN_MATE)
		rep.end_replies =
		    futile_end_replies(&pb->root, res->pv, res->pv_len, rep.end_squares, 8, &rep.end_n_squares);
	if (!out) {
		rc = EXIT_BADINPUT;
	} else {
		if (ctx->printed++ && ctx->format != FORMAT_JSON)
			fputc('\n', out);
		if (ctx->format == FORMAT_JSON)
			solve_report_json(out, &rep, text, file, lineno, dfpn_futile(ctx->d));
		else if (ctx->format == FORMAT_TEXT)
			solve_report_text(out, &rep, !ctx->quiet);
		else if (solve_report_kif(out, out == stdout ? "standard output" : ctx->out_path, ctx->d, &rep,
		                          ctx->variations, ctx->lim.stop) != 0)
			rc = EXIT_BADINPUT;
		fflush(out);
	}
	free(kif);
	return rc;
}

/* Solves one problem line: "; key=value" metadata, a "# comment" and a
 * UTF-8 byte-order mark are not part of the problem (problemio.h). */
int solve_one(SolveCtx *ctx, const char *line, const char *where, const char *file, long lineno)
{
	if (strncmp(line, "\xEF\xBB\xBF", 3) == 0)
		line += 3;
	char *text = strdup(line);
	if (!text)
		return EXIT_UNKNOWN;
	text[strcspn(text, ";#")] = '\0';
	for (size_t n = strlen(text); n > 0 && isspace((unsigned char)text[n - 1]); n--)
		text[n - 1] = '\0';
	int rc = solve_text(ctx, text, where, file, lineno);
	free(text);
	return rc;
}

/* Solves every problem of a problem file (problemio.h: problem lines, plain
 * or gzip, or one KIF or CSA file), as 'solve -' does the lines of stdin;
 * bad lines are reported with their line numbers and the rest solved.
 * Returns the worst exit status, EXIT_BADINPUT also for a file that cannot
 * be read or holds no problem. */
int solve_file(SolveCtx *ctx, const char *path)
{
	PioError err;
	PioReader *r = pio_open(path, &err);
	if (!r) {
		fprintf(stderr, "tsume: %s: %s\n", path, err.message);
		return EXIT_BADINPUT;
	}
	PioProblem *p = malloc(sizeof *p);
	int rc = EXIT_MATE, st, problems = 0;
	while (p && !cli_interrupted() && (ctx->max_problems == 0 || problems < ctx->max_problems) &&
	       (st = pio_next(r, p, &err)) != PIO_END) {
		problems++;
		if (st != PIO_OK) {
			if (err.line)
				fprintf(stderr, "%s:%ld: %s\n", path, err.line, err.message);
			else
				fprintf(stderr, "%s: %s\n", path, err.message);
			rc = cli_worse_status(rc, EXIT_BADINPUT);
			continue;
		}
		char where[PATH_MAX + 24];
		snprintf(where, sizeof where, "%s:%ld", path, p->line);
		long stated = 0;
		ctx->file_stated =
		    p->kifu && pio_meta_int(p, "mate", &stated) && stated != p->n_moves ? (int)stated : 0;
		ctx->file_rest = p->defender_rest;
		ctx->file_kifu = p->kifu;
		rc = cli_worse_status(rc, solve_one(ctx, p->text, where, path, p->line));
		ctx->file_stated = 0;
		ctx->file_kifu = false;
		ctx->file_rest = false;
	}
	if (!p) {
		fprintf(stderr, "tsume: out of memory\n");
		rc = EXIT_BADINPUT;
	} else if (cli_interrupted()) {
		rc = cli_worse_status(rc, EXIT_UNKNOWN);
	} else if (problems == 0) {
		fprintf(stderr, "tsume: no problem in %s\n", path);
		rc = EXIT_BADINPUT;
	} else if (ctx->max_problems > 0 && problems == ctx->max_problems && pio_next(r, p, &err) != PIO_END) {
		fprintf(stderr,
		        "%s: more problems follow: only the first is solved here (tsume verify checks them all)\n",
		        path);
	}
	free(p);
	pio_close(r);
	return rc;
}

/* solve_request's progress: the caller's, with the solver. */
typedef struct {
	const SolveRequest *rq;
	const SolveCtx *ctx;
} RequestProgress;

static void request_progress(void *arg, uint64_t nodes, double seconds, int hashfull)
{
	const RequestProgress *p = arg;
	p->rq->progress(p->rq->progress_arg, p->ctx->d, &p->ctx->w->pb.root, nodes, seconds, hashfull);
}

int solve_request(const SolveRequest *rq, const char *path, FILE *out)
{
	SolveCtx ctx;
	memset(&ctx, 0, sizeof ctx);
	ctx.format = FORMAT_JSON;
	ctx.notation = CLI_NOTATION_JA;
	ctx.rest = rq->rest;
	ctx.quiet = true;
	ctx.multipv = 1;
	ctx.max_problems = 1;
	ctx.out = out;
	ctx.d = dfpn_new((size_t)rq->hash_mb);
	ctx.w = malloc(sizeof *ctx.w);
	if (!ctx.d || !ctx.w || !dfpn_set_futile(ctx.d, rq->futile) || !dfpn_set_threads(ctx.d, 1)) {
		fprintf(stderr, "tsume: cannot allocate %llu MB for the hash table; try a smaller table\n",
		        (unsigned long long)rq->hash_mb);
		free(ctx.w);
		dfpn_free(ctx.d);
		return EXIT_UNKNOWN;
	}
	ctx.w->first = NULL;
	RequestProgress rp = {.rq = rq, .ctx = &ctx};
	ctx.lim.max_time_ms = (int64_t)(rq->time_s * 1000.0 + 0.999);
	ctx.lim.stop = rq->stop;
	if (rq->progress) {
		ctx.lim.progress = request_progress;
		ctx.lim.progress_arg = &rp;
	}
	int rc = solve_file(&ctx, path);
	free(ctx.w);
	dfpn_free(ctx.d);
	return rc;
}
