/*
 * solve.c -- `tsume solve SFEN|FILE...|- [...]` (see solve.h): the options,
 * reading the problems, solving each with the df-pn solver; the output of a
 * result is solve_report.c's.
 */
#include "solve.h"
#include "solve_problem.h"

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
		ctx->lim.progress = solve_progress_line;
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
