/*
 * tsume.c -- the command-line front end.  One binary, git-style sub-commands:
 *
 *   tsume perft SFEN DEPTH [--divide]      leaf count of the legal-move tree
 *   tsume moves SFEN [--checks|--evasions] legal moves, USI, strcmp order
 *   tsume bench [--shared DIR]             speed figures
 *
 * SFEN may be "startpos", "sfen ...", "position sfen ... moves ...", or "-"
 * to read one line from standard input.
 * Exit status: 0 success, 2 bad input or usage.
 */
#include "dfpn.h"
#include "movegen.h"
#include "notation.h"
#include "sfen.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXIT_BADINPUT 2

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the position argument: "-" reads one line from stdin. */
static const char *position_arg(const char *arg, char *buf, size_t size)
{
	if (strcmp(arg, "-") != 0)
		return arg;
	if (!fgets(buf, (int)size, stdin))
		return "";
	buf[strcspn(buf, "\r\n")] = '\0';
	return buf;
}

static int load_position(Position *pos, const char *arg)
{
	static char line[1 << 16];
	const char *text = position_arg(arg, line, sizeof line);
	SfenError err;
	if (sfen_parse(pos, text, &err) != SFEN_OK) {
		fprintf(stderr, "tsume: bad position: %s\n", err.message);
		return -1;
	}
	return 0;
}

/* Leaf count; the last ply is counted from the move list without making the moves. */
static uint64_t perft(Position *pos, int depth)
{
	MoveList list;
	gen_legal(pos, &list);
	if (depth <= 1)
		return (uint64_t)list.n;
	uint64_t total = 0;
	for (int i = 0; i < list.n; i++) {
		pos_do_move(pos, list.moves[i]);
		total += perft(pos, depth - 1);
		pos_undo_move(pos, list.moves[i]);
	}
	return total;
}

/* Leaf count that makes every move, the last ply included. */
static uint64_t perft_full(Position *pos, int depth)
{
	if (depth == 0)
		return 1;
	MoveList list;
	gen_legal(pos, &list);
	uint64_t total = 0;
	for (int i = 0; i < list.n; i++) {
		pos_do_move(pos, list.moves[i]);
		total += perft_full(pos, depth - 1);
		pos_undo_move(pos, list.moves[i]);
	}
	return total;
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

static int cmd_perft(int argc, char **argv)
{
	static const struct option opts[] = {{"divide", no_argument, NULL, 'd'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
	bool divide = false;
	int c;
	while ((c = getopt_long(argc, argv, "dh", opts, NULL)) != -1) {
		if (c == 'd')
			divide = true;
		else {
			fprintf(stderr, "usage: tsume perft SFEN DEPTH [--divide]\n");
			return c == 'h' ? 0 : EXIT_BADINPUT;
		}
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: tsume perft SFEN DEPTH [--divide]\n");
		return EXIT_BADINPUT;
	}
	char *end;
	long depth = strtol(argv[optind + 1], &end, 10);
	if (*end || depth < 1 || depth > 20) {
		fprintf(stderr, "tsume: DEPTH must be an integer 1..20, got '%s'\n", argv[optind + 1]);
		return EXIT_BADINPUT;
	}
	static Position pos;
	if (load_position(&pos, argv[optind]))
		return EXIT_BADINPUT;
	double t0 = now_seconds();
	uint64_t total = 0;
	if (divide) {
		MoveList list;
		gen_legal(&pos, &list);
		char (*lines)[40] = malloc(sizeof *lines * (size_t)(list.n ? list.n : 1));
		if (!lines)
			return 1;
		for (int i = 0; i < list.n; i++) {
			char usi[6];
			uint64_t n = 1;
			if (depth > 1) {
				pos_do_move(&pos, list.moves[i]);
				n = perft(&pos, (int)depth - 1);
				pos_undo_move(&pos, list.moves[i]);
			}
			snprintf(lines[i], sizeof lines[i], "%s %llu", usi_format(list.moves[i], usi), (unsigned long long)n);
			total += n;
		}
		qsort(lines, (size_t)list.n, sizeof *lines, cmp_str);
		for (int i = 0; i < list.n; i++)
			printf("%s\n", lines[i]);
		free(lines);
	} else {
		total = perft(&pos, (int)depth);
	}
	double dt = now_seconds() - t0;
	printf("%llu\n", (unsigned long long)total);
	fprintf(stderr, "perft %ld: %llu leaves in %.3f s (%.1f M leaves/s)\n", depth, (unsigned long long)total, dt,
	        dt > 0 ? (double)total / dt / 1e6 : 0.0);
	return 0;
}

static int cmd_moves(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"checks", no_argument, NULL, 'c'}, {"evasions", no_argument, NULL, 'e'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
	int kind = 0, c;
	while ((c = getopt_long(argc, argv, "ceh", opts, NULL)) != -1) {
		if (c == 'c' || c == 'e')
			kind = c;
		else {
			fprintf(stderr, "usage: tsume moves SFEN [--checks|--evasions]\n");
			return c == 'h' ? 0 : EXIT_BADINPUT;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "usage: tsume moves SFEN [--checks|--evasions]\n");
		return EXIT_BADINPUT;
	}
	static Position pos;
	if (load_position(&pos, argv[optind]))
		return EXIT_BADINPUT;
	MoveList list;
	if (kind == 'c')
		gen_checks(&pos, &list);
	else if (kind == 'e') {
		if (!pos_in_check(&pos)) {
			fprintf(stderr, "tsume: --evasions: the side to move is not in check\n");
			return EXIT_BADINPUT;
		}
		gen_evasions(&pos, &list);
	} else
		gen_legal(&pos, &list);
	char usi[MAX_MOVES][6];
	for (int i = 0; i < list.n; i++)
		usi_format(list.moves[i], usi[i]);
	qsort(usi, (size_t)list.n, sizeof usi[0], cmp_str);
	for (int i = 0; i < list.n; i++)
		printf("%s%s", i ? " " : "", usi[i]);
	printf("\n");
	return 0;
}

/* ---- solve ---- */

#define EXIT_MATE 0
#define EXIT_NOMATE 1
#define EXIT_UNKNOWN 3

static const char *stop_reason_name(DfpnStopReason r)
{
	switch (r) {
	case DFPN_STOP_TIME: return "time";
	case DFPN_STOP_NODES: return "nodes";
	case DFPN_STOP_USER: return "stopped";
	case DFPN_STOP_DEPTH: return "depth";
	default: return "none";
	}
}

static int solve_one(Dfpn *d, const char *text, const DfpnLimits *lim)
{
	static Position pos;
	SfenError err;
	if (sfen_parse(&pos, text, &err) != SFEN_OK) {
		fprintf(stderr, "tsume: bad position: %s\n", err.message);
		return EXIT_BADINPUT;
	}
	static DfpnResult res;
	dfpn_solve(d, &pos, lim, &res);
	if (res.status == DFPN_MATE)
		printf("mate %d%s\n", res.len, res.len_minimal ? "" : " (minimality not proven)");
	else if (res.status == DFPN_NOMATE)
		printf("nomate\n");
	else
		printf("unknown (%s)\n", stop_reason_name(res.reason));
	if (res.status == DFPN_MATE) {
		printf("usi:");
		for (int i = 0; i < res.pv_len; i++) {
			char buf[6];
			printf(" %s", usi_format(res.pv[i], buf));
		}
		printf("\n");
	}
	printf("nodes %llu (proof %llu, shorter-mate re-search %llu, main line %llu) time %.3f s nps %.0f hashfull %d\n",
	       (unsigned long long)res.nodes, (unsigned long long)res.nodes_prove, (unsigned long long)res.nodes_minimize,
	       (unsigned long long)res.nodes_pv, res.seconds, res.seconds > 0 ? (double)res.nodes / res.seconds : 0.0,
	       res.hashfull);
	return res.status == DFPN_MATE ? EXIT_MATE : res.status == DFPN_NOMATE ? EXIT_NOMATE : EXIT_UNKNOWN;
}

static int cmd_solve(int argc, char **argv)
{
	static const struct option opts[] = {{"hash", required_argument, NULL, 'H'},  {"time", required_argument, NULL, 't'},
	                                     {"nodes", required_argument, NULL, 'n'}, {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	long hash = 256;
	double time_s = 0;
	unsigned long long nodes = 0;
	int c;
	while ((c = getopt_long(argc, argv, "H:t:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'H': hash = atol(optarg); break;
		case 't': time_s = atof(optarg); break;
		case 'n': nodes = strtoull(optarg, NULL, 10); break;
		default: fprintf(stderr, "usage: tsume solve SFEN|- [--hash MB] [--time S] [--nodes N]\n"); return c == 'h' ? 0 : EXIT_BADINPUT;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "usage: tsume solve SFEN|- [--hash MB] [--time S] [--nodes N]\n");
		return EXIT_BADINPUT;
	}
	Dfpn *d = dfpn_new((size_t)hash);
	if (!d) {
		fprintf(stderr, "tsume: cannot allocate %ld MB of hash\n", hash);
		return EXIT_BADINPUT;
	}
	DfpnLimits lim = {0};
	lim.max_nodes = nodes;
	lim.max_time_ms = (int64_t)(time_s * 1000);
	int rc = 0;
	if (strcmp(argv[optind], "-") == 0) {
		static char line[1 << 16];
		while (fgets(line, sizeof line, stdin)) {
			line[strcspn(line, "\r\n")] = '\0';
			if (!line[0] || line[0] == '#')
				continue;
			dfpn_clear(d);
			int r = solve_one(d, line, &lim);
			if (r > rc)
				rc = r;
		}
	} else {
		rc = solve_one(d, argv[optind], &lim);
	}
	dfpn_free(d);
	return rc;
}

static void bench_perft(const char *name, const char *sfen, int depth, bool full)
{
	static Position pos;
	sfen_parse(&pos, sfen, NULL);
	double t0 = now_seconds();
	uint64_t n = full ? perft_full(&pos, depth) : perft(&pos, depth);
	double dt = now_seconds() - t0;
	printf("perft %-10s depth %d %-13s %12llu leaves %7.3f s %8.1f M leaves/s\n", name, depth,
	       full ? "(all made):" : "(bulk leaf):", (unsigned long long)n, dt, (double)n / dt / 1e6);
}

static int bench_checks(const char *shared)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/problems/reference/legal-checks.txt", shared);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("gen_checks: %s not found, skipped\n", path);
		return 0;
	}
	static Position pos[5000];
	int n = 0;
	char line[1 << 14];
	int lineno = 0;
	while (n < 5000 && fgets(line, sizeof line, f)) {
		if (lineno++ % 2 == 0 && sfen_parse(&pos[n], line, NULL) == SFEN_OK)
			n++;
	}
	fclose(f);
	MoveList list;
	long calls = 0, moves = 0;
	double t0 = now_seconds(), dt;
	do {
		for (int i = 0; i < n; i++)
			moves += gen_checks(&pos[i], &list);
		calls += n;
		dt = now_seconds() - t0;
	} while (dt < 1.0);
	printf("gen_checks over %d reference positions: %.2f M calls/s (%.1f checks per call)\n", n, (double)calls / dt / 1e6,
	       (double)moves / (double)calls);
	return 0;
}

static int cmd_bench(int argc, char **argv)
{
	static const struct option opts[] = {{"shared", required_argument, NULL, 's'}, {0, 0, 0, 0}};
	const char *shared = "../shared";
	int c;
	while ((c = getopt_long(argc, argv, "s:", opts, NULL)) != -1) {
		if (c == 's')
			shared = optarg;
		else
			return EXIT_BADINPUT;
	}
	printf("bulk leaf: the last ply is counted from the move list without making its moves;\n"
	       "all made: every move, the last ply included, is made and taken back.\n");
	static const char *matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
	bench_perft("startpos", SFEN_STARTPOS, 5, false);
	bench_perft("startpos", SFEN_STARTPOS, 5, true);
	bench_perft("matsuri", matsuri, 3, false);
	bench_perft("matsuri", matsuri, 3, true);
	bench_perft("drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", 3, false);
	return bench_checks(shared);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: tsume COMMAND [ARGS]\n"
	           "  perft SFEN DEPTH [--divide]       count the leaves of the legal-move tree\n"
	           "  moves SFEN [--checks|--evasions]  list legal moves in USI (strcmp order)\n"
	           "  bench [--shared DIR]              speed figures\n"
	           "SFEN: 'startpos', an SFEN line (optionally with 'sfen'/'position' and 'moves ...'), or '-' for stdin.\n"
	           "Exit status: 0 success, 2 bad input or usage.\n");
}

int main(int argc, char **argv)
{
	core_init();
	if (argc < 2) {
		usage(stderr);
		return EXIT_BADINPUT;
	}
	const char *cmd = argv[1];
	argc--;
	argv++;
	if (strcmp(cmd, "perft") == 0)
		return cmd_perft(argc, argv);
	if (strcmp(cmd, "moves") == 0)
		return cmd_moves(argc, argv);
	if (strcmp(cmd, "solve") == 0)
		return cmd_solve(argc, argv);
	if (strcmp(cmd, "bench") == 0)
		return cmd_bench(argc, argv);
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "tsume: unknown command '%s'\n", cmd);
	usage(stderr);
	return EXIT_BADINPUT;
}
