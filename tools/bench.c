/*
 * bench.c -- `tsume bench` (see bench.h): move-generator speed (perft,
 * gen_checks), the solver over the shared problem sets, and the bench
 * signature.
 */
#include "bench.h"

#include "cli.h"
#include "dfpn.h"
#include "line.h"
#include "movegen.h"
#include "perft.h"
#include "sfen.h"
#include "verify.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

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
	Position pos, end;
	DfpnResult res;
	VerifyResult vr;
	Move given[DFPN_MAX_PV];
	char line[1 << 14];
} Scratch;

typedef struct {
	int total, solved, exact;
	uint64_t nodes;
	double seconds;
} SetStats;

static void print_set(const char *name, const SetStats *s)
{
	printf("%-22s %5d/%-5d exact %5d  %8.2f s  %12llu nodes  %8.0f nodes/s  %8.2f ms/problem  peak RSS %ld MB\n", name,
	       s->solved, s->total, s->exact, s->seconds, (unsigned long long)s->nodes, s->seconds > 0 ? (double)s->nodes / s->seconds : 0,
	       s->total ? s->seconds * 1000.0 / s->total : 0, peak_rss_mb());
	fflush(stdout);
}

/* exact: the stated length must be matched exactly; else at most. */
static int run_set(Dfpn *d, Scratch *sc, const char *shared, const char *rel, const char *name, int n, bool exact)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", shared, rel);
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
			printf("  WRONG: %.*s -> status %d length %d\n", (int)strcspn(line, "\n"), line, res->status, res->len);
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
	printf("%-22s %s %d (expected %d)%s  %.1f s  %llu nodes (proof %llu, shorter-mate %llu, line %llu)  %.0f nodes/s  "
	       "hash %zu MB  hashfull %d/1000  peak RSS %ld MB\n",
	       name, st, r->len, expect, r->status == DFPN_MATE && !r->len_minimal ? " minimality not proven" : "", r->seconds,
	       (unsigned long long)r->nodes, (unsigned long long)r->nodes_prove, (unsigned long long)r->nodes_minimize,
	       (unsigned long long)r->nodes_pv, r->seconds > 0 ? (double)r->nodes / r->seconds : 0, hash_mb, r->hashfull,
	       peak_rss_mb());
	fflush(stdout);
	dfpn_free(d);
}

int bench_solver(const char *shared)
{
	Dfpn *d = dfpn_new(64);
	Scratch *sc = malloc(sizeof *sc);
	if (!d || !sc) {
		dfpn_free(d);
		free(sc);
		return 1;
	}
	int wrong = 0;
	printf("solver, one thread, 64 MB hash per set; every answer checked (length, minimality, main line replayed)\n");
	for (int n = 3; n <= 13; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/shogiboardq/tsume_%dply_1000_20261001.txt", n);
		snprintf(name, sizeof name, "ShogiBoardQ %d-ply", n);
		wrong += run_set(d, sc, shared, rel, name, n, true);
	}
	for (int n = 3; n <= 11; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/nshogi/test/mate-%d-ply.txt", n);
		snprintf(name, sizeof name, "nshogi mate-%d", n);
		wrong += run_set(d, sc, shared, rel, name, n, false);
	}
	dfpn_free(d);
	free(sc);
	printf("wrong answers: %d\n", wrong);
	return wrong;
}

int bench_long(const char *shared, double seconds, size_t hash_mb)
{
	Scratch *sc = malloc(sizeof *sc);
	if (!sc)
		return 1;
	printf("long problems, one thread, %zu MB hash, at most %.0f s each\n", hash_mb, seconds);
	run_long(sc, "Zuko #99 kemuri", "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", 117,
	         seconds, hash_mb);
	char path[1024];
	snprintf(path, sizeof path, "%s/problems/raw/komoringheights/microcosmos_sfen_and_usi_moves.txt", shared);
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

/* ---- the bench signature ---- */

/* FNV-1a over the bytes of one value: the checksum of lengths and lines. */
static uint64_t fnv_add(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 0x100000001b3ull;
	}
	return h;
}

typedef struct {
	Dfpn *d;
	Scratch *sc;
	int count;
	uint64_t nodes;     /* the signature */
	uint64_t lines;     /* checksum of every status, length, flag and line */
	double seconds;
	bool verbose;
} Signature;

/* Solves one problem under the futile rule `rule` (and, with given != NULL,
 * verifies it against its stated line) on a cleared table, adds its nodes
 * and line to the signature and prints one line. */
static void sig_one(Signature *sg, const char *name, const Position *root, DfpnFutileRule rule, const Move *given, int given_len)
{
	const DfpnResult *res = &sg->sc->res;
	VerifyResult *vr = &sg->sc->vr;
	dfpn_set_futile(sg->d, rule);
	dfpn_clear(sg->d);
	double t0 = clock_now();
	dfpn_solve(sg->d, root, NULL, &sg->sc->res);
	uint64_t nodes = res->nodes;
	uint64_t h = fnv_add(0xcbf29ce484222325ull, (uint64_t)res->status);
	h = fnv_add(h, (uint64_t)res->len);
	h = fnv_add(h, (uint64_t)res->len_minimal << 1 | (uint64_t)res->pv_verified);
	for (int i = 0; i < res->pv_len; i++)
		h = fnv_add(h, (uint64_t)res->pv[i]);
	unsigned vflags = 0;
	if (given) {
		VerifySpec spec = {.stated_len = given_len, .given = given, .given_len = given_len};
		dfpn_clear(sg->d);
		vflags = verify_problem(sg->d, root, &spec, NULL, vr);
		dfpn_set_futile(sg->d, DFPN_FUTILE_DEFAULT);
		nodes += vr->nodes;
		h = fnv_add(h, vflags);
		h = fnv_add(h, (uint64_t)vr->len << 32 | (uint64_t)vr->cooks << 16 | (uint64_t)vr->unnecessary);
	}
	double dt = clock_now() - t0;
	sg->count++;
	sg->nodes += nodes;
	sg->lines = fnv_add(sg->lines, h);
	sg->seconds += dt;
	if (sg->verbose) {
		const char *st = res->status == DFPN_MATE ? "mate" : res->status == DFPN_NOMATE ? "nomate" : "unknown";
		printf("%-28s %-7s %4d %12llu nodes  line %016llx", name, st, res->len, (unsigned long long)nodes,
		       (unsigned long long)h);
		if (given)
			printf("  verify flags %#x", vflags);
		printf("  %.3f s\n", dt);
	}
}

/* One row of the problem file: "NAME \t solve|verify \t RULE \t SFEN [moves
 * M1 ... MN]" (bench.h), its fields cut in place. */
typedef struct {
	const char *name, *sfen;
	bool verify;
	DfpnFutileRule rule;
	long lineno;
} SigRow;

/* Reads the fields of the row `line` (its end of line removed) into *row and
 * checks them with sc's scratch positions: the SFEN parses, a verify row's
 * stated line plays, a solve row has none.  Returns true, or false with the
 * reason in why (size bytes). */
static bool sig_parse_row(char *line, SigRow *row, Scratch *sc, char *why, size_t size)
{
	char *field[4];
	char *p = line;
	for (int n = 0; n < 4; n++) {
		field[n] = p;
		p = strchr(p, '\t');
		if (n < 3 && !p) {
			snprintf(why, size, "not 4 tab-separated fields (name, solve|verify, futile rule, SFEN)");
			return false;
		}
		if (n < 3)
			*p++ = '\0';
	}
	if (p) {
		snprintf(why, size, "more than 4 tab-separated fields");
		return false;
	}
	row->name = field[0];
	row->sfen = field[3];
	if (!*row->name) {
		snprintf(why, size, "an empty name");
		return false;
	}
	if (strcmp(field[1], "solve") == 0 || strcmp(field[1], "verify") == 0) {
		row->verify = field[1][0] == 'v';
	} else {
		snprintf(why, size, "the mode '%.40s' is neither solve nor verify", field[1]);
		return false;
	}
	if (strcmp(field[2], "default") == 0) {
		row->rule = DFPN_FUTILE_DEFAULT;
	} else if (!dfpn_futile_parse(field[2], &row->rule)) {
		snprintf(why, size, "the futile rule '%.40s' is not default, none, narrow, broad, nogain or answered", field[2]);
		return false;
	}
	SfenError err;
	const char *moves = NULL;
	if (sfen_parse_root(&sc->pos, row->sfen, &err, &moves) != SFEN_OK) {
		snprintf(why, size, "%s", err.message);
		return false;
	}
	if (!row->verify && moves) {
		snprintf(why, size, "a solve row with moves (a stated line is for verify)");
		return false;
	}
	if (row->verify && !moves) {
		snprintf(why, size, "a verify row without its stated line (moves M1 ... MN)");
		return false;
	}
	if (row->verify) {
		sc->end = sc->pos;
		int n = sfen_play_moves(&sc->end, moves, 0, sc->given, DFPN_MAX_PV, &err);
		if (n <= 0) {
			snprintf(why, size, "%s", n < 0 ? err.message : "an empty stated line");
			return false;
		}
	}
	return true;
}

/* The rows of a problem file, read and checked before any search. */
typedef struct {
	char **lines; /* the rows' text, cut into fields */
	SigRow *rows;
	int n, cap;
} SigFile;

static void sig_file_free(SigFile *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->lines[i]);
	free(f->lines);
	free(f->rows);
}

/* Reads and checks every row of path into *f.  Returns true, or false after
 * a message on stderr (the file, or FILE:LINE and the reason for a bad row;
 * a file without a row). */
static bool sig_file_read(const char *path, SigFile *f, Scratch *sc)
{
	memset(f, 0, sizeof *f);
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "tsume bench --signature: %s: %s\n", path, strerror(errno));
		return false;
	}
	char *line = NULL;
	size_t size = 0;
	long lineno = 0;
	bool ok = true;
	while (ok && getline(&line, &size, in) >= 0) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (f->n == f->cap) {
			int cap = f->cap ? 2 * f->cap : 128;
			char **lines = realloc(f->lines, sizeof *lines * (size_t)cap);
			if (lines)
				f->lines = lines;
			SigRow *rows = lines ? realloc(f->rows, sizeof *rows * (size_t)cap) : NULL;
			if (rows)
				f->rows = rows;
			if (!lines || !rows) {
				fprintf(stderr, "tsume bench --signature: out of memory\n");
				ok = false;
				break;
			}
			f->cap = cap;
		}
		char *text = strdup(line);
		if (!text) {
			fprintf(stderr, "tsume bench --signature: out of memory\n");
			ok = false;
			break;
		}
		f->lines[f->n] = text;
		SigRow *row = &f->rows[f->n++];
		row->lineno = lineno;
		char why[256];
		if (!sig_parse_row(text, row, sc, why, sizeof why)) {
			fprintf(stderr, "tsume bench --signature: %s:%ld: %s\n", path, lineno, why);
			ok = false;
		}
	}
	if (ok && ferror(in)) {
		fprintf(stderr, "tsume bench --signature: %s: read error\n", path);
		ok = false;
	}
	if (ok && f->n == 0) {
		fprintf(stderr, "tsume bench --signature: %s: no problem in the file\n", path);
		ok = false;
	}
	free(line);
	fclose(in);
	if (!ok)
		sig_file_free(f);
	return ok;
}

const char *bench_signature_file(char *buf, size_t size)
{
	/* the directory of the running binary */
	char exe[4096];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0 && (size_t)len < sizeof exe - 1) {
		exe[len] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			static const char *const REL[] = {"/problems/", "/../problems/", "/../share/tsume/problems/"};
			for (size_t i = 0; i < sizeof REL / sizeof *REL; i++) {
				int n = snprintf(buf, size, "%s%s" BENCH_SIGNATURE_FILE, exe, REL[i]);
				if (n > 0 && (size_t)n < size && access(buf, R_OK) == 0)
					return buf;
			}
		}
	}
	snprintf(buf, size, "problems/" BENCH_SIGNATURE_FILE);
	return buf;
}

int bench_signature(const char *path, bool verbose)
{
	char found[4096 + 64];
	if (!path && access(bench_signature_file(found, sizeof found), R_OK) != 0) {
		fprintf(stderr,
		        "tsume bench --signature: " BENCH_SIGNATURE_FILE " not found (looked in problems/, ../problems/ and "
		        "../share/tsume/problems/ from the binary's directory, and in ./problems/); --problems FILE names it\n");
		return 1;
	}
	if (!path)
		path = found;
	Signature sg = {.d = dfpn_new(64), .sc = malloc(sizeof(Scratch)), .lines = 0xcbf29ce484222325ull, .verbose = verbose};
	SigFile f;
	if (!sg.d || !sg.sc || !sig_file_read(path, &f, sg.sc)) {
		if (!sg.d || !sg.sc)
			fprintf(stderr, "tsume bench --signature: out of memory\n");
		dfpn_free(sg.d);
		free(sg.sc);
		return 1;
	}
	Position *root = &sg.sc->pos, *end = &sg.sc->end;
	for (int i = 0; i < f.n; i++) {
		const SigRow *row = &f.rows[i];
		const char *moves = NULL;
		int n = 0;
		sfen_parse_root(root, row->sfen, NULL, &moves); /* checked by sig_file_read */
		if (row->verify) {
			*end = *root;
			n = sfen_play_moves(end, moves, 0, sg.sc->given, DFPN_MAX_PV, NULL);
		}
		sig_one(&sg, row->name, root, row->rule, n > 0 ? sg.sc->given : NULL, n);
	}
	sig_file_free(&f);
	dfpn_free(sg.d);
	free(sg.sc);
	printf("%d problems, %.1f s, %.0f nodes/s\n", sg.count, sg.seconds, sg.seconds > 0 ? (double)sg.nodes / sg.seconds : 0);
	printf("Lines: %016llx\n", (unsigned long long)sg.lines);
	printf("Bench: %llu\n", (unsigned long long)sg.nodes);
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

static int bench_checks(const char *shared)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/problems/reference/legal-checks.txt", shared);
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
	printf("gen_checks over %d reference positions: %.2f M calls/s (%.1f checks per call)\n", n, (double)calls / dt / 1e6,
	       calls ? (double)moves / (double)calls : 0.0);
	return 0;
}

/* ---- the command ---- */

#define BENCH_USAGE "usage: tsume bench " BENCH_ARGS "\n"
#define BENCH_HELP                                                                                                  \
	BENCH_USAGE "  (no option)     perft, check generation, the solver over the shared problem sets (about a minute)\n" \
	            "  --shared DIR    the shared data (default ../shared)\n"                                           \
	            "  --long S        then the two long problems, Zuko #99 and Microcosmos, at most S seconds each,\n" \
	            "                  0..1000000000 (default 0: not run)\n"                                            \
	            "  --long-only     only the long problems (at most 900 s each unless --long S)\n"                    \
	            "  --hash MB       hash table of the long problems, 1..1048576 (default 1024)\n"                     \
	            "  --perft-only    only the perft and check-generation figures\n"                                    \
	            "  --signature     the bench signature: 100 fixed problems, nodes each, 'Lines:' and 'Bench: N'\n"   \
	            "  --problems FILE with --signature: its problems (default: problems/" BENCH_SIGNATURE_FILE " of the\n"  \
	            "                  source tree or the installed one, found from the binary's directory)\n"          \
	            "  --quiet         with --signature: only the totals\n"                                             \
	            "exit status: 0 done, 1 a problem answered wrongly, 2 bad usage, or a signature file that cannot be\n" \
	            "             read or holds a bad row\n"

int cmd_bench(int argc, char **argv)
{
	static const struct option opts[] = {{"shared", required_argument, NULL, 's'},
	                                     {"long", required_argument, NULL, 'l'},
	                                     {"hash", required_argument, NULL, 'H'},
	                                     {"perft-only", no_argument, NULL, 'p'},
	                                     {"long-only", no_argument, NULL, 'L'},
	                                     {"signature", no_argument, NULL, 'S'},
	                                     {"problems", required_argument, NULL, 'P'},
	                                     {"quiet", no_argument, NULL, 'q'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	const char *shared = "../shared", *problems = NULL;
	double long_seconds = 0;
	uint64_t hash = 1024;
	bool perft_only = false, long_only = false, long_given = false, signature = false, quiet = false;
	int c;
	while ((c = getopt_long(argc, argv, "s:l:H:pLSP:qh", opts, NULL)) != -1) {
		if (c == 'h') {
			fputs(BENCH_HELP, stdout);
			return EXIT_MATE;
		} else if (c == 's')
			shared = optarg;
		else if (c == 'l') {
			if (!cli_option_seconds("tsume bench", "--long", optarg, 0, 1e9, "0 = skip the long problems", &long_seconds))
				return EXIT_BADINPUT;
			long_given = true;
		} else if (c == 'H') {
			if (!cli_option_uint("tsume bench", "--hash", optarg, 1, 1 << 20, "megabytes", NULL, &hash))
				return EXIT_BADINPUT;
		} else if (c == 'p')
			perft_only = true;
		else if (c == 'L')
			long_only = true;
		else if (c == 'S')
			signature = true;
		else if (c == 'P')
			problems = optarg;
		else if (c == 'q')
			quiet = true;
		else {
			fputs(BENCH_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (signature)
		return bench_signature(problems, !quiet) ? EXIT_BADINPUT : EXIT_MATE; /* 2: the file could not be read */
	if (long_only && perft_only) {
		fprintf(stderr, "tsume bench: --long-only and --perft-only exclude each other\n");
		return EXIT_BADINPUT;
	}
	if (long_only && long_given && long_seconds == 0) {
		fprintf(stderr, "tsume bench: --long-only with --long 0: nothing to run\n");
		return EXIT_BADINPUT;
	}
	if (long_only)
		return bench_long(shared, long_given ? long_seconds : 900, (size_t)hash) ? EXIT_BADINPUT : EXIT_MATE;
	printf("bulk leaf: the last ply is counted from the move list without making its moves;\n"
	       "all made: every move, the last ply included, is made and taken back.\n");
	static const char *matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
	bench_perft("startpos", SFEN_STARTPOS, 5, false);
	bench_perft("startpos", SFEN_STARTPOS, 5, true);
	bench_perft("matsuri", matsuri, 3, false);
	bench_perft("matsuri", matsuri, 3, true);
	bench_perft("drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 3, false);
	bench_checks(shared);
	if (perft_only)
		return EXIT_MATE;
	int wrong = bench_solver(shared);
	if (long_seconds > 0 && bench_long(shared, long_seconds, (size_t)hash) != 0)
		return EXIT_BADINPUT;
	return wrong ? EXIT_NOMATE : EXIT_MATE;
}
