/*
 * bench.c -- `tsume bench` (see bench.h): move-generator speed (perft,
 * gen_checks), the solver over the test problem sets and the long
 * problems; --signature runs the bench signature (bench_signature.c).
 */
#include "bench.h"

#include "bench_signature.h"
#include "cli.h"
#include "dfpn.h"
#include "line.h"
#include "movegen.h"
#include "perft.h"
#include "sfen.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

static long peak_rss_mb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

/* Scratch space of the solver runs, allocated once per run: a Position holds
 * its whole history (about 165 KB), a result its main line; static storage
 * would be mapped by every tsume process. */
typedef struct {
	Position pos;
	DfpnResult res;
	char line[1 << 14];
} Scratch;

typedef struct {
	int total, solved, exact;
	uint64_t nodes;
	double seconds;
} SetStats;

static void print_set(const char *name, const SetStats *s)
{
	printf("%-22s %5d/%-5d exact %5d  %8.2f s  %12llu nodes  %8.0f nodes/s  %8.2f ms/problem  peak RSS %ld MB\n",
	       name, s->solved, s->total, s->exact, s->seconds, (unsigned long long)s->nodes,
	       s->seconds > 0 ? (double)s->nodes / s->seconds : 0, s->total ? s->seconds * 1000.0 / s->total : 0,
	       peak_rss_mb());
	fflush(stdout);
}

/* exact: the stated length must be matched exactly; else at most. */
static int run_set(Dfpn *d, Scratch *sc, const char *data_dir, const char *rel, const char *name, int n, bool exact)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", data_dir, rel);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("%-22s skipped: %s not found\n", name, path);
		return 0;
	}
	char *line = sc->line;
	Position *pos = &sc->pos;
	DfpnResult *res = &sc->res;
	SetStats s = {0};
	int wrong = 0;
	double t0 = clock_now();
	while (fgets(line, sizeof sc->line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sfen_parse_root(pos, line, NULL, NULL) != SFEN_OK) {
			wrong++;
			continue;
		}
		s.total++;
		dfpn_clear(d);
		dfpn_solve(d, pos, NULL, res);
		s.nodes += res->nodes;
		/* the answer: the stated length, proven minimal, its main line a
		 * legal checking line to mate */
		if (res->status == DFPN_MATE && res->len_minimal && (exact ? res->len == n : res->len <= n) &&
		    res->pv_len == res->len && line_replay(pos, res->pv, res->pv_len, dfpn_line_mated, NULL, NULL)) {
			s.solved++;
			s.exact += res->len == n;
		} else {
			wrong++;
			printf("  WRONG: %.*s -> status %d length %d\n", (int)strcspn(line, "\n"), line, res->status,
			       res->len);
		}
	}
	fclose(f);
	s.seconds = clock_now() - t0;
	print_set(name, &s);
	return wrong;
}

static void run_long(Scratch *sc, const char *name, const char *sfen, int expect, double seconds, size_t hash_mb)
{
	Dfpn *d = dfpn_new(hash_mb);
	if (!d) {
		printf("%-22s cannot allocate %zu MB\n", name, hash_mb);
		return;
	}
	const DfpnResult *r = &sc->res;
	sfen_parse(&sc->pos, sfen, NULL);
	DfpnLimits lim = {0};
	lim.max_time_ms = (int64_t)(seconds * 1000);
	dfpn_solve(d, &sc->pos, &lim, &sc->res);
	const char *st = r->status == DFPN_MATE ? "mate" : r->status == DFPN_NOMATE ? "nomate" : "unknown";
	printf(
	    "%-22s %s %d (expected %d)%s  %.1f s  %llu nodes (proof %llu, shorter-mate %llu, line %llu)  %.0f nodes/s  "
	    "hash %zu MB  hashfull %d/1000  peak RSS %ld MB\n",
	    name, st, r->len, expect, r->status == DFPN_MATE && !r->len_minimal ? " minimality not proven" : "",
	    r->seconds, (unsigned long long)r->nodes, (unsigned long long)r->nodes_prove,
	    (unsigned long long)r->nodes_minimize, (unsigned long long)r->nodes_pv,
	    r->seconds > 0 ? (double)r->nodes / r->seconds : 0, hash_mb, r->hashfull, peak_rss_mb());
	fflush(stdout);
	dfpn_free(d);
}

int bench_solver(const char *data_dir)
{
	Dfpn *d = dfpn_new(64);
	Scratch *sc = malloc(sizeof *sc);
	if (!d || !sc) {
		dfpn_free(d);
		free(sc);
		return 1;
	}
	int wrong = 0;
	printf(
	    "solver, one thread, 64 MB hash per set; every answer checked (length, minimality, main line replayed)\n");
	for (int n = 3; n <= 13; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/shogiboardq/tsume_%dply_1000_20261001.txt", n);
		snprintf(name, sizeof name, "ShogiBoardQ %d-ply", n);
		wrong += run_set(d, sc, data_dir, rel, name, n, true);
	}
	for (int n = 3; n <= 11; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/nshogi/test/mate-%d-ply.txt", n);
		snprintf(name, sizeof name, "nshogi mate-%d", n);
		wrong += run_set(d, sc, data_dir, rel, name, n, false);
	}
	dfpn_free(d);
	free(sc);
	printf("wrong answers: %d\n", wrong);
	return wrong;
}

int bench_long(const char *data_dir, double seconds, size_t hash_mb)
{
	Scratch *sc = malloc(sizeof *sc);
	if (!sc)
		return 1;
	printf("long problems, one thread, %zu MB hash, at most %.0f s each\n", hash_mb, seconds);
	run_long(sc, "Zuko #99 kemuri",
	         "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", 117,
	         seconds, hash_mb);
	char path[1024];
	snprintf(path, sizeof path, "%s/problems/raw/komoringheights/microcosmos_sfen_and_usi_moves.txt", data_dir);
	FILE *f = fopen(path, "r");
	if (f && fgets(sc->line, sizeof sc->line, f))
		run_long(sc, "Microcosmos", sc->line, 1525, seconds, hash_mb);
	else
		printf("%-22s skipped: %s not found\n", "Microcosmos", path);
	if (f)
		fclose(f);
	free(sc);
	return 0;
}

/* ---- move generator speed ---- */

static void bench_perft(const char *name, const char *sfen, int depth, bool full)
{
	Position *pos = malloc(sizeof *pos);
	if (!pos || sfen_parse(pos, sfen, NULL) != SFEN_OK) {
		printf("perft %-10s skipped: %s\n", name, pos ? "bad SFEN" : "out of memory");
		free(pos);
		return;
	}
	double t0 = clock_now();
	uint64_t n = full ? perft_full(pos, depth) : perft(pos, depth);
	double dt = clock_now() - t0;
	printf("perft %-10s depth %d %-13s %12llu leaves %7.3f s %8.1f M leaves/s\n", name, depth,
	       full ? "(all made):" : "(bulk leaf):", (unsigned long long)n, dt, (double)n / dt / 1e6);
	free(pos);
}

/* Positions of legal-checks.txt timed (its even lines are SFEN). */
#define BENCH_CHECKS_MAX 5000

static int bench_checks(const char *data_dir)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/problems/reference/legal-checks.txt", data_dir);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("gen_checks: %s not found, skipped\n", path);
		return 0;
	}
	/* on the heap: a Position holds its whole history (about 165 KB) */
	Position *pos = NULL;
	int n = 0, cap = 0;
	char line[1 << 14];
	int lineno = 0;
	while (n < BENCH_CHECKS_MAX && fgets(line, sizeof line, f)) {
		if (lineno++ % 2 != 0)
			continue;
		if (n == cap) {
			int grown = cap ? 2 * cap : 256;
			Position *p = realloc(pos, sizeof *pos * (size_t)grown);
			if (!p)
				break;
			pos = p;
			cap = grown;
		}
		if (sfen_parse(&pos[n], line, NULL) == SFEN_OK)
			n++;
	}
	fclose(f);
	MoveList list;
	long calls = 0, moves = 0;
	double t0 = clock_now(), dt;
	do {
		for (int i = 0; i < n; i++)
			moves += gen_checks(&pos[i], &list);
		calls += n;
		dt = clock_now() - t0;
	} while (dt < 1.0 && n > 0);
	free(pos);
	printf("gen_checks over %d reference positions: %.2f M calls/s (%.1f checks per call)\n", n,
	       (double)calls / dt / 1e6, calls ? (double)moves / (double)calls : 0.0);
	return 0;
}

/* ---- the command ---- */

#define BENCH_USAGE "usage: tsume bench " BENCH_ARGS "\n"
#define BENCH_HELP                                                                                                     \
	BENCH_USAGE                                                                                                    \
	"  (no option)     perft, check generation, the solver over the test problem sets (a few minutes)\n"           \
	"  --data DIR      the test data, as make test unpacks it (default build/testdata)\n"                          \
	"  --long S        then the two long problems, Zuko #99 and Microcosmos, at most S seconds each,\n"            \
	"                  0..1000000000 (default 0: not run)\n"                                                       \
	"  --long-only     only the long problems (at most 900 s each unless --long S)\n"                              \
	"  --hash MB       hash table of the long problems, 1..1048576 (default 1024)\n"                               \
	"  --perft-only    only the perft and check-generation figures\n"                                              \
	"  --signature     the bench signature: 100 fixed problems, nodes each, 'Lines:' and 'Bench: N'\n"             \
	"  --long-signature  the long-problem signature: 5 long masterpieces to their first mate (about\n"             \
	"                  40 s), nodes each, 'Long lines:' and 'Long bench: N'; --hash MB (default 1024)\n"           \
	"  --problems FILE with a signature: its problems (default: problems/" BENCH_SIGNATURE_FILE " or\n"            \
	"                  problems/" BENCH_LONG_SIGNATURE_FILE " of the source tree or the installed ones,\n"         \
	"                  found from the binary's directory)\n"                                                       \
	"  --quiet         with a signature: only the totals\n"                                                        \
	"exit status: 0 done (a signature: whatever the answers), 1 a problem answered wrongly, 2 bad usage,\n"        \
	"             or a signature file that cannot be read or holds a bad row\n"

/* The options of `tsume bench`. */
typedef struct {
	const char *data, *problems;
	double long_seconds;
	uint64_t hash;
	bool perft_only, long_only, long_given, signature, long_signature, hash_given, data_given, quiet;
} BenchOptions;

/* Reads the options into *o.  Returns -1 to go on, else the exit status
 * (EXIT_MATE after --help, EXIT_BADINPUT after a message). */
static int bench_parse(int argc, char **argv, BenchOptions *o)
{
	static const struct option opts[] = {{"data", required_argument, NULL, 's'},
	                                     {"long", required_argument, NULL, 'l'},
	                                     {"hash", required_argument, NULL, 'H'},
	                                     {"perft-only", no_argument, NULL, 'p'},
	                                     {"long-only", no_argument, NULL, 'L'},
	                                     {"signature", no_argument, NULL, 'S'},
	                                     {"long-signature", no_argument, NULL, 'G'},
	                                     {"problems", required_argument, NULL, 'P'},
	                                     {"quiet", no_argument, NULL, 'q'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	*o = (BenchOptions){.data = "build/testdata", .hash = 1024};
	int c;
	while ((c = getopt_long(argc, argv, "s:l:H:pLSGP:qh", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(BENCH_HELP, stdout);
			return EXIT_MATE;
		} else if (c == 's') {
			o->data = optarg;
			o->data_given = true;
		} else if (c == 'l') {
			if (!cli_option_seconds("tsume bench", "--long", optarg, 0, 1e9, "0 = skip the long problems",
			                        &o->long_seconds))
				return EXIT_BADINPUT;
			o->long_given = true;
		} else if (c == 'H') {
			if (!cli_option_uint("tsume bench", "--hash", optarg, 1, 1 << 20, "megabytes", NULL, &o->hash))
				return EXIT_BADINPUT;
			o->hash_given = true;
		} else if (c == 'p')
			o->perft_only = true;
		else if (c == 'L')
			o->long_only = true;
		else if (c == 'S')
			o->signature = true;
		else if (c == 'G')
			o->long_signature = true;
		else if (c == 'P')
			o->problems = optarg;
		else if (c == 'q')
			o->quiet = true;
		else {
			fputs(BENCH_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (o->signature && o->long_signature) {
		fprintf(stderr, "tsume bench: --signature and --long-signature exclude each other\n");
		return EXIT_BADINPUT;
	}
	if (optind < argc) {
		fprintf(stderr, "tsume bench: unexpected argument '%s'\n%s", argv[optind], BENCH_USAGE);
		return EXIT_BADINPUT;
	}
	return -1;
}

/* --signature or --long-signature: the options that go with it checked,
 * the signature run.  Returns the exit status. */
static int bench_run_signature(const BenchOptions *o)
{
	const char *other = o->perft_only                   ? "--perft-only"
	                    : o->long_only                  ? "--long-only"
	                    : o->long_given                 ? "--long"
	                    : o->data_given                 ? "--data"
	                    : o->hash_given && o->signature ? "--hash (the bench signature's table is 64 MB)"
	                                                    : NULL;
	if (other) {
		fprintf(stderr, "tsume bench: %s does not go with %s\n", other,
		        o->signature ? "--signature" : "--long-signature");
		return EXIT_BADINPUT;
	}
	const BenchSignatureKind *kind = o->signature ? &BENCH_SIGNATURE : &BENCH_LONG_SIGNATURE;
	/* 2: the file could not be read */
	return bench_signature(o->problems, kind, o->hash_given ? (size_t)o->hash : kind->hash_mb, !o->quiet)
	           ? EXIT_BADINPUT
	           : EXIT_MATE;
}

/* The options of a run without a signature checked.  Returns -1 to go on,
 * else EXIT_BADINPUT after a message. */
static int bench_check_options(const BenchOptions *o)
{
	const char *bad = o->quiet      ? "--quiet is for --signature and --long-signature"
	                  : o->problems ? "--problems is the problem file of --signature or --long-signature"
	                  : o->long_only && o->perft_only ? "--long-only and --perft-only exclude each other"
	                  : o->long_only && o->long_given && o->long_seconds == 0
	                      ? "--long-only with --long 0: nothing to run"
	                      : NULL;
	if (bad) {
		fprintf(stderr, "tsume bench: %s\n", bad);
		return EXIT_BADINPUT;
	}
	/* the data are read: a folder of problems/ (an empty or missing one
	 * skipped every set and passed) */
	char probe[4096];
	struct stat st;
	snprintf(probe, sizeof probe, "%s/problems", o->data);
	if (!*o->data || stat(probe, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr,
		        "tsume bench: --data '%s' holds no problems/ folder (make test unpacks the test data into "
		        "build/testdata)\n",
		        o->data);
		return EXIT_BADINPUT;
	}
	return -1;
}

int cmd_bench(int argc, char **argv)
{
	BenchOptions o;
	int rc = bench_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.signature || o.long_signature)
		return bench_run_signature(&o);
	if ((rc = bench_check_options(&o)) >= 0)
		return rc;
	if (o.long_only)
		return bench_long(o.data, o.long_given ? o.long_seconds : 900, (size_t)o.hash) ? EXIT_BADINPUT
		                                                                               : EXIT_MATE;
	printf("bulk leaf: the last ply is counted from the move list without making its moves;\n"
	       "all made: every move, the last ply included, is made and taken back.\n");
	static const char *matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
	bench_perft("startpos", SFEN_STARTPOS, 5, false);
	bench_perft("startpos", SFEN_STARTPOS, 5, true);
	bench_perft("matsuri", matsuri, 3, false);
	bench_perft("matsuri", matsuri, 3, true);
	bench_perft("drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 3, false);
	bench_checks(o.data);
	if (o.perft_only)
		return EXIT_MATE;
	int wrong = bench_solver(o.data);
	if (o.long_seconds > 0 && bench_long(o.data, o.long_seconds, (size_t)o.hash) != 0)
		return EXIT_BADINPUT;
	return wrong ? EXIT_NOMATE : EXIT_MATE;
}
