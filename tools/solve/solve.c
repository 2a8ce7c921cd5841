/*
 * solve.c -- `tsume solve SFEN|FILE...|- [...]` (see solve.h): the options,
 * reading the problems, solving each with the df-pn solver; the output of a
 * result is solve_report.c's.
 */
#include "solve.h"

#include "cli.h"
#include "clock.h"
#include "dfpn.h"
#include "futile_end.h"
#include "kif.h"
#include "line.h"
#include "movegen.h"
#include "problemio.h"
#include "sfen.h"
#include "solve_check.h"
#include "solve_kif.h"
#include "solve_report.h"
#include "verify.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SOLVE_USAGE "usage: tsume solve " SOLVE_ARGS "\n"
#define SOLVE_HELP                                                                                                     \
	SOLVE_USAGE                                                                                                    \
	"  SFEN           one problem: startpos, a SFEN, 'sfen ...' or 'position sfen ... moves ...' (the side to\n"   \
	"                 move attacks; an odd 'moves' list ending in check is the given answer, judged)\n"            \
	"  FILE...        every problem of the files: KIF/CSA (by name or content) or problem lines, plain or gzip\n"  \
	"  -              one problem a line from standard input\n"                                                    \
	"  --hash MB      hash table, 1..1048576 megabytes (default 256)\n"                                            \
	"  --threads N    search threads, 1..256 (default: the number of cores)\n"                                     \
	"  --time S       seconds per problem, 0 = no limit (default 0)\n"                                             \
	"  --nodes N      nodes per problem, 0..18446744073709551615, 0 = no limit (default 0)\n"                      \
	"  --format F     text (default: board, result, main line in USI and KIF, figures), json (one object a\n"      \
	"                 line) or kif (a KIF kifu with the variations, for shogi GUIs)\n"                             \
	"  -o, --output F write to F (checked before any search; F.kif or F.kifu without --format: kif)\n"             \
	"  --notation N   how the given answer and the verdict on it name moves in text and kif: ja (default:\n"       \
	"                 Japanese notation, ▲２一金) or usi (G*2a); json always uses usi\n"                      \
	"  --variations N KIF: variations (変化) per defender move, 0..600, 0 = none (default 8)\n"                  \
	"  --futile R     the futile-interposition rule: none, narrow, broad, nogain (default) or answered\n"          \
	"  --multipv N    every first move (up to N, 1..800, best first): its shortest mate or that it does not\n"     \
	"                 mate, within the same --time and --nodes (default 1: the main line only; text, json)\n"      \
	"  --rest         give the pieces in nobody's hand to the defender\n"                                          \
	"  -q, --quiet    no board diagram\n"                                                                          \
	"  --trace        the search's phases on stderr: nodes so far, all threads together (the helpers' among "      \
	"them)\n"                                                                                                      \
	"  --lockstep K   measuring threads: they run one at a time, K nodes each, 16..1048576, so that\n"             \
	"                 node counts repeat exactly on any cores (default: off; one thread: no effect)\n"             \
	"exit status: 0 mate, 1 no mate, 2 bad input or usage, 3 unknown (a limit stopped the search);\n"              \
	"             with FILE or '-', the worst over the problems\n"

/* Largest --multipv (KomoringHeights' MultiPV range). */
#define SOLVE_MULTIPV_MAX 800

/* Largest accepted --hash (1 TB). */
#define HASH_MB_MAX (UINT64_C(1) << 20)

/* The progress line on a terminal: one line on stderr, rewritten in place
 * (\r, then "erase to end of line"), from the first second of a search on. */
typedef struct {
	bool shown;
} Progress;

static void progress_cb(void *arg, uint64_t nodes, double seconds, int hashfull)
{
	Progress *p = arg;
	if (seconds < 1.0)
		return;
	fprintf(stderr, "\r%.1f s  %llu nodes  %.2f M nodes/s  hashfull %.1f%%\033[K", seconds,
	        (unsigned long long)nodes, (double)nodes / seconds / 1e6, hashfull / 10.0);
	p->shown = true;
}

static void progress_clear(Progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}

/* A problem read from one line. */
typedef struct {
	Position root;           /* the position to solve, at ply 0 */
	Move given[POS_MAX_PLY]; /* the answer given with the problem, if any */
	int given_len;           /* its length; 0 = none given */
	int missing;             /* pieces (kings aside) on no square and in no hand, before --rest */
} Problem;

/* The space one problem needs, on the heap (a Position holds its whole
 * history, about 165 KB), reused from problem to problem. */
typedef struct {
	Problem pb;
	DfpnResult res;
	VerifyResult check;    /* the composer's checks on the main line judged */
	DfpnFirst *first;      /* --multipv: the first moves, best first (NULL when 1) */
	Position start, after; /* the line's position before and after its moves */
} SolveWork;

/* --format */
typedef enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_KIF } SolveFormat;

typedef struct {
	Dfpn *d;
	DfpnLimits lim;
	Progress progress;
	SolveFormat format;
	CliNotation notation; /* --notation: how text and KIF verdicts name moves */
	bool rest, quiet;
	int variations;       /* --variations (KIF) */
	int multipv;          /* --multipv: first moves shown (1: the main line only) */
	int printed;          /* problems printed so far (text and KIF separate them by a blank line) */
	const char *out_path; /* -o FILE; NULL or "-" = standard output */
	FILE *out;            /* opened at the first result (a bad problem leaves no file) */
	SolveWork *w;
	int file_stated; /* the length a KIF or CSA file states where its moves differ (0: none) */
	bool file_kifu;  /* the problem is a KIF or CSA file's: its moves are its answer */
	bool file_rest;  /* a KIF without a line for the defender's hand: the rest given to it */
} SolveCtx;

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
	Problem *pb = &w->pb;
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
	Problem *pb = &ctx->w->pb;
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
	progress_clear(&ctx->progress);

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
	progress_clear(&ctx->progress);
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
static int solve_one(SolveCtx *ctx, const char *line, const char *where, const char *file, long lineno)
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
static int solve_file(SolveCtx *ctx, const char *path)
{
	PioError err;
	PioReader *r = pio_open(path, &err);
	if (!r) {
		fprintf(stderr, "tsume: %s: %s\n", path, err.message);
		return EXIT_BADINPUT;
	}
	PioProblem *p = malloc(sizeof *p);
	int rc = EXIT_MATE, st, problems = 0;
	while (p && !cli_interrupted() && (st = pio_next(r, p, &err)) != PIO_END) {
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
	}
	free(p);
	pio_close(r);
	return rc;
}

/* Does text start with a SFEN board: a first word (up to a blank) with the
 * eight '/' between its nine ranks? */
static bool starts_with_board(const char *text)
{
	int slashes = 0;
	for (; *text && *text != ' ' && *text != '\t'; text++)
		slashes += *text == '/';
	return slashes == 8 && *text != '\0';
}

/* Are the arguments of solve files to read rather than a SFEN: the first
 * one names something that exists (a SFEN holds '/' between ranks, but no
 * file of that name exists where one solves a position) or holds a '.',
 * which no SFEN, USI move or "position ... moves" word does, or is one word
 * that is not a board's (a board has eight '/' between its nine ranks:
 * "myproblem", "sub/mate3") and is not followed by a side to move ("b",
 * "w", as a SFEN given unquoted is) -- so that a misspelt file name is said
 * to be missing, not read as a bad board --
 * unless it starts with a board and a blank, as a problem line does
 * (whose "; key=value" fields may hold a '.': "; difficulty=8.7"). */
static bool names_files(int argc, char **argv, int first)
{
	struct stat st;
	static const char *const words[] = {"-", "startpos", "sfen", "position"};
	if (argc <= first)
		return false;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcmp(argv[first], words[i]) == 0)
			return false; /* the keywords, even where a file of that name exists */
	if (stat(argv[first], &st) == 0)
		return true;
	const char *a = argv[first];
	if (*a && !strpbrk(a, " \t")) {
		int slashes = 0;
		for (const char *c = a; *c; c++)
			slashes += *c == '/';
		bool side_next =
		    argc > first + 1 && (strcmp(argv[first + 1], "b") == 0 || strcmp(argv[first + 1], "w") == 0);
		/* a word of board characters with a '/' is a board, short of a
		 * rank or not ("7gk/9"): its error is the board's */
		bool board_like = slashes > 0 && strspn(a, "123456789plnsgbrkPLNSGBRK+/") == strlen(a);
		if (slashes != 8 && !side_next && !board_like)
			return true; /* one word that is no board: a file name ("myproblem", "sub/mate3") */
	}
	return strchr(a, '.') != NULL && !starts_with_board(a);
}

/* Longest line of 'solve -' (as in problem files). */
#define SOLVE_LINE_MAX 65536

/* The options of one run, checked. */
typedef struct {
	uint64_t hash, nodes, threads, variations, multipv;
	uint64_t lockstep; /* --lockstep, 0 = off */
	double time_s;
	SolveFormat format;   /* --format, or kif for -o F.kif / F.kifu without it */
	CliNotation notation; /* --notation */
	DfpnFutileRule futile;
	const char *out_path; /* -o FILE, NULL = none */
	bool rest, quiet, trace;
	int first; /* argv[first..argc): the problem or the files, at least one */
} SolveOptions;

/* One option c (getopt_long's, its value in optarg) into *o.  Returns -1
 * to go on, else the exit status: 0 after --help, EXIT_BADINPUT after a
 * message. */
static int solve_option(int c, SolveOptions *o, bool *format_given)
{
	switch (c) {
	case 'F':
		if (!cli_option_futile("tsume", optarg, &o->futile))
			return EXIT_BADINPUT;
		break;
	case 'H':
		if (!cli_option_uint("tsume", "--hash", optarg, 1, HASH_MB_MAX, "megabytes", NULL, &o->hash))
			return EXIT_BADINPUT;
		break;
	case 'j':
		if (!cli_option_uint("tsume", "--threads", optarg, 1, DFPN_MAX_THREADS, "threads", NULL, &o->threads))
			return EXIT_BADINPUT;
		break;
	case 'L':
		if (!cli_option_uint("tsume", "--lockstep", optarg, 16, 1048576, "nodes", NULL, &o->lockstep))
			return EXIT_BADINPUT;
		break;
	case 't':
		if (!cli_option_seconds("tsume", "--time", optarg, 0, CLI_TIME_S_MAX, "0 = no limit", &o->time_s))
			return EXIT_BADINPUT;
		break;
	case 'n':
		if (!cli_option_uint("tsume", "--nodes", optarg, 0, UINT64_MAX, "nodes", "0 = no limit", &o->nodes))
			return EXIT_BADINPUT;
		break;
	case 'f':
		if (strcmp(optarg, "text") == 0)
			o->format = FORMAT_TEXT;
		else if (strcmp(optarg, "json") == 0)
			o->format = FORMAT_JSON;
		else if (strcmp(optarg, "kif") == 0)
			o->format = FORMAT_KIF;
		else {
			cli_bad_value("tsume", "--format", "text, json or kif", optarg);
			return EXIT_BADINPUT;
		}
		*format_given = true;
		break;
	case 'o':
		o->out_path = optarg;
		break;
	case 'N':
		if (!cli_option_notation("tsume", optarg, &o->notation))
			return EXIT_BADINPUT;
		break;
	case 'V':
		if (!cli_option_uint("tsume", "--variations", optarg, 0, SOLVE_KIF_VARIATIONS_MAX, "variations a move",
		                     "0 = none", &o->variations))
			return EXIT_BADINPUT;
		break;
	case 'M':
		if (!cli_option_uint("tsume", "--multipv", optarg, 1, SOLVE_MULTIPV_MAX, "first moves", NULL,
		                     &o->multipv))
			return EXIT_BADINPUT;
		break;
	case 'r':
		o->rest = true;
		break;
	case 'q':
		o->quiet = true;
		break;
	case 'T':
		o->trace = true;
		break;
	case 'h':
		fputs(SOLVE_HELP, stdout);
		return 0;
	default:
		fputs(SOLVE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	return -1;
}

/* Parses argv[1..argc) into *o.  Returns -1 when the run is to go on;
 * otherwise the exit status to end with: 0 after --help, EXIT_BADINPUT after
 * a message (a bad option value, an unknown option, no problem argument). */
static int solve_parse(int argc, char **argv, SolveOptions *o)
{
	static const struct option opts[] = {
	    {"hash", required_argument, NULL, 'H'},     {"time", required_argument, NULL, 't'},
	    {"nodes", required_argument, NULL, 'n'},    {"format", required_argument, NULL, 'f'},
	    {"futile", required_argument, NULL, 'F'},   {"threads", required_argument, NULL, 'j'},
	    {"output", required_argument, NULL, 'o'},   {"variations", required_argument, NULL, 'V'},
	    {"notation", required_argument, NULL, 'N'}, {"multipv", required_argument, NULL, 'M'},
	    {"rest", no_argument, NULL, 'r'},           {"quiet", no_argument, NULL, 'q'},
	    {"trace", no_argument, NULL, 'T'},          {"lockstep", required_argument, NULL, 'L'},
	    {"help", no_argument, NULL, 'h'},           {0, 0, 0, 0}};
	*o = (SolveOptions){.hash = 256,
	                    .threads = (uint64_t)cli_cores(),
	                    .variations = SOLVE_KIF_VARIATIONS,
	                    .multipv = 1,
	                    .format = FORMAT_TEXT,
	                    .notation = CLI_NOTATION_JA,
	                    .futile = DFPN_FUTILE_DEFAULT};
	bool format_given = false;
	int c;
	while ((c = getopt_long(argc, argv, "H:t:n:f:F:j:o:V:N:M:L:rqTh", opts, NULL)) != -1) {
		int rc = solve_option(c, o, &format_given);
		if (rc >= 0)
			return rc;
	}
	if (optind >= argc) {
		fputs(SOLVE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	o->first = optind;
	if (!format_given && o->out_path && (cli_ends_with(o->out_path, ".kif") || cli_ends_with(o->out_path, ".kifu")))
		o->format = FORMAT_KIF;
	if (o->multipv > 1 && o->format == FORMAT_KIF) {
		fprintf(stderr,
		        "tsume: --multipv takes --format text or json (a KIF kifu shows its variations instead)\n");
		return EXIT_BADINPUT;
	}
	return -1;
}

/* What the arguments of a run are. */
typedef struct {
	char *text;      /* the arguments joined by spaces: the problem (or "-") */
	bool from_stdin; /* "-": one problem a line of standard input */
	bool files;      /* problem files (names_files) */
} SolveInput;

/* Sets up a run: the arguments read, the output checked (writable, not one
 * of the input files) before any search, the solver's table and threads,
 * the limits, Ctrl-C.  Returns -1, or the exit status to end with after a
 * message (nothing left allocated): EXIT_BADINPUT for the arguments and the
 * output, EXIT_UNKNOWN for a table, threads or memory that cannot be had. */
static int solve_setup(SolveCtx *ctx, SolveInput *in, const SolveOptions *o, int argc, char **argv)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->format = o->format;
	ctx->notation = o->notation;
	ctx->rest = o->rest;
	ctx->quiet = o->quiet;
	ctx->out_path = o->out_path;
	ctx->variations = (int)o->variations;
	ctx->multipv = (int)o->multipv;
	/* An unquoted SFEN arrives as several arguments: join them. */
	in->text = cli_join_args(argv, o->first, argc);
	if (!in->text)
		return EXIT_BADINPUT;
	in->from_stdin = strcmp(in->text, "-") == 0;
	/* an output that cannot be written, or is one of the input files, is
	 * refused before any search */
	if (cli_output_check(ctx->out_path, "tsume") != 0) {
		free(in->text);
		return EXIT_BADINPUT;
	}
	in->files = names_files(argc, argv, o->first);
	for (int i = o->first; ctx->out_path && strcmp(ctx->out_path, "-") != 0 && i < argc; i++)
		if ((in->files || strcmp(argv[i], "-") == 0) && cli_input_is_output(argv[i], ctx->out_path)) {
			fprintf(stderr, "tsume: solve: the output %s is also an input\n", ctx->out_path);
			free(in->text);
			return EXIT_BADINPUT;
		}

	ctx->d = dfpn_new((size_t)o->hash);
	if (ctx->d && !dfpn_set_futile(ctx->d, o->futile)) {
		dfpn_free(ctx->d); /* reported below as the allocation failure */
		ctx->d = NULL;
	}
	if (ctx->d && !dfpn_set_threads(ctx->d, (int)o->threads)) {
		fprintf(stderr,
		        "tsume: cannot start %llu search threads (memory or thread limit); try fewer --threads\n",
		        (unsigned long long)o->threads);
		dfpn_free(ctx->d);
		free(in->text);
		return EXIT_UNKNOWN;
	}
	if (ctx->d)
		dfpn_set_lockstep(ctx->d, o->lockstep);
	ctx->w = malloc(sizeof *ctx->w);
	if (ctx->w)
		ctx->w->first = ctx->multipv > 1 ? malloc((size_t)ctx->multipv * sizeof *ctx->w->first) : NULL;
	if (!ctx->w || (ctx->multipv > 1 && !ctx->w->first)) {
		if (ctx->w)
			free(ctx->w);
		fprintf(stderr, "tsume: out of memory\n");
		dfpn_free(ctx->d);
		free(in->text);
		return EXIT_UNKNOWN;
	}
	if (!ctx->d) {
		fprintf(stderr, "tsume: cannot allocate %llu MB for the hash table; try a smaller --hash\n",
		        (unsigned long long)o->hash);
		free(ctx->w);
		free(in->text);
		return EXIT_UNKNOWN;
	}
	ctx->lim.max_nodes = o->nodes;
	ctx->lim.trace = o->trace ? stderr : NULL;
	ctx->lim.max_time_ms = (int64_t)ceil(o->time_s * 1000.0);
	const bool tty = isatty(STDERR_FILENO);
	if (tty) {
		ctx->lim.progress = progress_cb;
		ctx->lim.progress_arg = &ctx->progress;
	}
	ctx->lim.stop = cli_sigint_install(tty);
	return -1;
}

/* 'solve -': every problem line of standard input ('#' and blank lines
 * skipped).  Returns the worst exit status; EXIT_BADINPUT also for a read
 * error or no problem at all, EXIT_UNKNOWN when interrupted. */
static int solve_stdin(SolveCtx *ctx)
{
	int rc = EXIT_MATE;
	char *line = malloc(SOLVE_LINE_MAX + 1);
	long lineno = 0;
	int problems = 0;
	size_t len, nul;
	while (line && !cli_interrupted() && cli_read_line(stdin, line, SOLVE_LINE_MAX + 1, &len, &nul)) {
		lineno++;
		const char *s = line;
		size_t bom = lineno == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
		s += bom; /* UTF-8 byte-order mark */
		if (nul || len > SOLVE_LINE_MAX) {
			if (nul)
				fprintf(stderr, "stdin:%ld: line (column %zu): NUL byte\n", lineno, nul - bom);
			else
				fprintf(stderr, "stdin:%ld: line longer than %d bytes\n", lineno, SOLVE_LINE_MAX);
			rc = cli_worse_status(rc, EXIT_BADINPUT);
			problems++;
			continue;
		}
		line[strcspn(line, "\r\n")] = '\0';
		s += strspn(s, " \t");
		if (!*s || *s == '#')
			continue;
		problems++;
		char where[48];
		snprintf(where, sizeof where, "stdin:%ld", lineno);
		/* the line as read (a BOM aside): its columns are the reader's */
		rc = cli_worse_status(rc, solve_one(ctx, line + bom, where, "-", lineno));
	}
	free(line);
	if (cli_interrupted())
		rc = cli_worse_status(rc, EXIT_UNKNOWN);
	else if (!line || ferror(stdin)) {
		fprintf(stderr, "tsume: standard input: %s\n", line ? strerror(errno) : "out of memory");
		rc = EXIT_BADINPUT;
	} else if (problems == 0) {
		fprintf(stderr, "tsume: no problem on standard input\n");
		rc = EXIT_BADINPUT;
	}
	return rc;
}

/* The run: the problems of standard input, of the files, or the one of the
 * arguments, each solved and its result printed.  Returns the worst exit
 * status over the problems. */
static int solve_run(SolveCtx *ctx, const SolveInput *in, int first, int argc, char **argv)
{
	int rc = EXIT_MATE;
	if (in->from_stdin) {
		rc = solve_stdin(ctx);
	} else if (in->files) {
		for (int i = first; i < argc && !cli_interrupted(); i++)
			rc = cli_worse_status(i == first ? EXIT_MATE : rc, solve_file(ctx, argv[i]));
	} else {
		rc = solve_one(ctx, in->text, NULL, NULL, 0);
	}
	return rc;
}

/* The end of a run: the solver freed, the -o file closed (a write error
 * reported: EXIT_BADINPUT).  Returns the exit status, rc unless the output
 * failed. */
static int solve_finish(SolveCtx *ctx, SolveInput *in, int rc)
{
	free(in->text);
	free(ctx->w->first);
	free(ctx->w);
	dfpn_free(ctx->d);
	if (ctx->out && ctx->out != stdout) {
		bool failed = ferror(ctx->out) != 0;
		if (fclose(ctx->out) != 0 || failed) {
			fprintf(stderr, "tsume: %s: %s\n", ctx->out_path, failed ? "write error" : strerror(errno));
			rc = EXIT_BADINPUT;
		}
	}
	return rc;
}

int cmd_solve(int argc, char **argv)
{
	SolveOptions o;
	int rc = solve_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	SolveCtx ctx;
	SolveInput in;
	if ((rc = solve_setup(&ctx, &in, &o, argc, argv)) >= 0)
		return rc;
	rc = solve_run(&ctx, &in, o.first, argc, argv);
	return solve_finish(&ctx, &in, rc);
}
