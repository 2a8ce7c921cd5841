/* generate_opts.c -- the options of `tsume generate` (see generate_opts.h). */
#include "generate_opts.h"

#include "cli.h"
#include "generate_search.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define PROG "tsume generate"

#define GENERATE_USAGE                                                                                                 \
	"usage: tsume generate " GENERATE_ARGS "\n"                                                                    \
	"  --mate N       mate length in plies: 1, 3, 5, ... 15\n"                                                     \
	"  --count K      problems to write (1..100000)\n"                                                             \
	"  --seed S       random seed (default 1); the same seed gives the same problems\n"                            \
	"  --pieces A-B   pieces on the board (the defender's king counted) plus the attacker's hand,\n"               \
	"                 3 <= A <= 10, A <= B <= 40\n"                                                                \
	"                 (default 3-12)\n"                                                                            \
	"  --level L      any, easy, medium or hard by the difficulty figure (default: any)\n"                         \
	"  --jobs J       worker threads (default: the number of cores); the output does not depend on it\n"           \
	"  --out FILE     problem lines (default standard output; FILE.gz is written with gzip)\n"                     \
	"  --sheet FILE   also write a printable HTML worksheet with the answers on a separate page\n"                 \
	"  --title T      the worksheet's title (default: 詰将棋 N手詰)\n"                                        \
	"  --futile R     the futile-interposition rule of the lengths: none, narrow, broad, nogain (default) or "     \
	"answered\n"                                                                                                   \
	"  --quiet        no progress and no summary on stderr\n"                                                      \
	"  --shard I/N    only the slots S with S mod N = I, 0 <= I < N; tsume merge joins the N outputs into the\n"   \
	"                 output of one run\n"                                                                         \
	"exit status: 0 all written, 1 fewer than K found (those found are written), 2 bad usage or output error,\n"   \
	"130 interrupted by Ctrl-C (the problems found so far are written)\n"

static const char *const LEVEL_NAME[] = {"any", "easy", "medium", "hard"};

const char *gen_level_name(int level) { return level >= LEVEL_ANY && level <= LEVEL_HARD ? LEVEL_NAME[level] : "?"; }

int gen_level_parse(const char *name)
{
	for (int i = LEVEL_ANY; i <= LEVEL_HARD; i++)
		if (strcmp(name, LEVEL_NAME[i]) == 0)
			return i;
	return -1;
}

/* --pieces MIN-MAX: two whole numbers, 3 <= MIN <= 10, MIN <= MAX <= 40. */
static bool parse_pieces(const char *s, int *min, int *max)
{
	const char *dash = strchr(s, '-');
	char low[24];
	uint64_t a, b;
	if (!dash || (size_t)(dash - s) >= sizeof low)
		return false;
	memcpy(low, s, (size_t)(dash - s));
	low[dash - s] = '\0';
	if (!num_parse_uint(low, 3, 10, &a) || !num_parse_uint(dash + 1, a, 40, &b))
		return false;
	*min = (int)a;
	*max = (int)b;
	return true;
}

/* One option c (getopt_long's, its value in optarg; optopt_text the
 * argument it came from) into *o.  Returns -1 to go on, else the exit
 * status (EXIT_MATE after --help, EXIT_BADINPUT after a message). */
static int gen_option(int c, GenOptions *o, const char *optopt_text)
{
	switch (c) {
	case 'F':
		if (!cli_option_futile(PROG, optarg, &o->futile))
			return EXIT_BADINPUT;
		break;
	case 'D':
		if (!shard_option(PROG, optarg, &o->shard))
			return EXIT_BADINPUT;
		break;
	case 'm':
		if (!num_parse_uint(optarg, 1, GEN_MAX_N, &o->mate) || o->mate % 2 == 0) {
			char what[64];
			snprintf(what, sizeof what, "an odd whole number of plies, 1..%d", GEN_MAX_N);
			cli_bad_value(PROG, "--mate", what, optarg);
			return EXIT_BADINPUT;
		}
		break;
	case 'c':
		if (!cli_option_uint(PROG, "--count", optarg, 1, GEN_COUNT_MAX, "problems", NULL, &o->count))
			return EXIT_BADINPUT;
		break;
	case 's':
		if (!cli_option_uint(PROG, "--seed", optarg, 0, UINT64_MAX, NULL, NULL, &o->seed))
			return EXIT_BADINPUT;
		break;
	case 'p':
		if (!parse_pieces(optarg, &o->min_pieces, &o->max_pieces)) {
			fprintf(stderr,
			        PROG
			        ": --pieces must be MIN-MAX with 3 <= MIN <= 10 and MIN <= MAX <= 40 (problems are "
			        "grown from a few pieces; a king and one piece never mate), not '%s'\n",
			        optarg);
			return EXIT_BADINPUT;
		}
		break;
	case 'l':
		o->level = gen_level_parse(optarg);
		if (o->level < LEVEL_ANY) {
			cli_bad_value(PROG, "--level", "any, easy, medium or hard", optarg);
			return EXIT_BADINPUT;
		}
		break;
	case 'j':
		if (!cli_option_uint(PROG, "--jobs", optarg, 1, 256, "threads", NULL, &o->jobs))
			return EXIT_BADINPUT;
		break;
	case 'o':
		o->out_path = optarg;
		break;
	case 'S':
		o->sheet_path = optarg;
		break;
	case 'T':
		if (!*optarg) {
			fprintf(stderr,
			        "tsume generate: --title is empty: give the page's title, or leave the option out\n");
			return EXIT_BADINPUT;
		}
		o->title = optarg;
		break;
	case 'q':
		o->quiet = true;
		break;
	case 'h':
		fputs(GENERATE_USAGE, stdout);
		return EXIT_MATE;
	default:
		fprintf(stderr, PROG ": unknown option or missing value: '%s'\n", optopt_text);
		fputs(GENERATE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	return -1;
}

int gen_parse_options(int argc, char **argv, GenOptions *o)
{
	static const struct option opts[] = {
	    {"mate", required_argument, NULL, 'm'},   {"count", required_argument, NULL, 'c'},
	    {"seed", required_argument, NULL, 's'},   {"pieces", required_argument, NULL, 'p'},
	    {"level", required_argument, NULL, 'l'},  {"jobs", required_argument, NULL, 'j'},
	    {"out", required_argument, NULL, 'o'},    {"sheet", required_argument, NULL, 'S'},
	    {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
	    {"futile", required_argument, NULL, 'F'}, {"shard", required_argument, NULL, 'D'},
	    {"title", required_argument, NULL, 'T'},  {0, 0, 0, 0}};
	*o = (GenOptions){.seed = 1,
	                  .jobs = (uint64_t)cli_cores(),
	                  .min_pieces = 3,
	                  .max_pieces = 12,
	                  .level = LEVEL_ANY,
	                  .futile = DFPN_FUTILE_DEFAULT};
	int c;
	optind = 1;
	opterr = 0; /* our own messages, with the "tsume generate:" prefix */
	while ((c = getopt_long(argc, argv, "m:c:s:p:l:j:o:S:F:D:T:qh", opts, NULL)) != -1) {
		int rc = gen_option(c, o, argv[optind - 1]);
		if (rc >= 0)
			return rc;
	}
	if (optind < argc) {
		fprintf(stderr, PROG ": unexpected argument '%s'\n", argv[optind]);
		fputs(GENERATE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	if (!o->mate || !o->count) {
		fprintf(stderr, PROG ": --mate and --count are required\n");
		fputs(GENERATE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	if (o->jobs > o->count)
		o->jobs = o->count; /* more workers than problems only cost memory; the output is the same */
	if (o->title && !o->sheet_path) {
		fprintf(stderr, PROG ": --title names the worksheet's title: it needs --sheet FILE.html\n");
		return EXIT_BADINPUT;
	}
	if (o->shard.count && o->sheet_path) {
		fprintf(stderr, PROG
		        ": --sheet and --shard exclude each other (a worksheet of the merged output: tsume sheet)\n");
		return EXIT_BADINPUT;
	}
	if (o->sheet_path && cli_same_file(o->out_path ? o->out_path : "-", o->sheet_path)) {
		if (o->out_path)
			fprintf(stderr, PROG ": --out and --sheet name the same file '%s'\n", o->out_path);
		else
			fprintf(stderr,
			        PROG ": --sheet '-' is standard output, where the problems go without --out FILE\n");
		return EXIT_BADINPUT;
	}
	return -1;
}
