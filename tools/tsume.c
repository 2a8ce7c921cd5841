/*
 * tsume.c -- the command-line front end.  One binary, git-style sub-commands:
 *
 *   tsume solve SFEN|- [--hash MB] [--time S] [--nodes N] [--format text|json] [--rest] [--quiet]
 *                                          solve a tsume problem (or one per line of stdin)
 *   tsume perft SFEN DEPTH [--divide]      leaf count of the legal-move tree
 *   tsume moves SFEN [--checks|--evasions] legal moves, USI, strcmp order
 *   tsume bench [--shared DIR]             speed figures
 *
 * SFEN may be "startpos", "sfen ...", "position sfen ... moves ...", or "-"
 * to read from standard input (one line; for solve, one problem per line).
 * Exit status: 0 success / mate, 1 no mate, 3 unknown, 2 bad input or usage.
 */
#include "bench.h"
#include "convert.h"
#include "sheet.h"
#include "usi.h"
#include "verify_cmd.h"
#include "generate.h"
#include "dfpn.h"
#include "kif.h"
#include "movegen.h"
#include "notation.h"
#include "sfen.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* Joins argv[first..last) with spaces into buf (an unquoted SFEN arrives as
 * several arguments). */
static const char *join_args(char **argv, int first, int last, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = first; i < last; i++)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", i > first ? " " : "", argv[i]);
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
	if (argc - optind < 2) {
		fprintf(stderr, "usage: tsume perft SFEN DEPTH [--divide]\n");
		return EXIT_BADINPUT;
	}
	char *end;
	long depth = strtol(argv[argc - 1], &end, 10);
	if (*end || depth < 1 || depth > 20) {
		fprintf(stderr, "tsume: DEPTH must be an integer 1..20, got '%s'\n", argv[argc - 1]);
		return EXIT_BADINPUT;
	}
	static Position pos;
	static char joined[1 << 16];
	if (load_position(&pos, join_args(argv, optind, argc - 1, joined, sizeof joined)))
		return EXIT_BADINPUT;
	double t0 = now_seconds();
	uint64_t total = 0;
	if (divide) {
		MoveList list;
		gen_legal(&pos, &list);
		char(*lines)[40] = malloc(sizeof *lines * (size_t)(list.n ? list.n : 1));
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
	static const struct option opts[] = {{"checks", no_argument, NULL, 'c'},
	                                     {"evasions", no_argument, NULL, 'e'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	int kind = 0, c;
	while ((c = getopt_long(argc, argv, "ceh", opts, NULL)) != -1) {
		if ((c == 'c' || c == 'e') && kind && kind != c) {
			fprintf(stderr, "tsume: --checks and --evasions exclude each other\n");
			return EXIT_BADINPUT;
		} else if (c == 'c' || c == 'e')
			kind = c;
		else {
			fprintf(stderr, "usage: tsume moves SFEN [--checks|--evasions]\n");
			return c == 'h' ? 0 : EXIT_BADINPUT;
		}
	}
	if (argc - optind < 1) {
		fprintf(stderr, "usage: tsume moves SFEN [--checks|--evasions]\n");
		return EXIT_BADINPUT;
	}
	static Position pos;
	static char joined[1 << 16];
	if (load_position(&pos, join_args(argv, optind, argc, joined, sizeof joined)))
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

#define SOLVE_USAGE "usage: tsume solve SFEN|- [--hash MB] [--time S] [--nodes N] [--format text|json] [--rest] [--quiet] [--trace]\n"

/* Largest accepted --hash (1 TB) and --time (about 31 years). */
#define HASH_MB_MAX (1ull << 20)
#define TIME_S_MAX 1e9

/*
 * Ctrl-C.  The first SIGINT sets the search's stop flag: the search returns,
 * its result ("unknown (stopped)", or a mate whose minimality is not proven)
 * is printed and no further problem is read.  The second SIGINT exits at
 * once with status 130.  A signal handler can only reach static storage, so
 * these are the only mutable globals of the program.
 */
_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "the stop flag is set from a signal handler");
static atomic_bool sigint_stop;
static volatile sig_atomic_t sigint_count;
static volatile sig_atomic_t sigint_newline; /* a progress line may be on the terminal */

static void on_sigint(int sig)
{
	(void)sig;
	if (sigint_count++ > 0) {
		if (sigint_newline) {
			ssize_t w = write(STDERR_FILENO, "\n", 1);
			(void)w;
		}
		_exit(128 + SIGINT);
	}
	atomic_store(&sigint_stop, true);
}

static void install_sigint(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a Ctrl-C also ends a blocking read of stdin */
	sigaction(SIGINT, &sa, NULL);
}

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
	fprintf(stderr, "\r%.1f s  %llu nodes  %.2f M nodes/s  hashfull %.1f%%\033[K", seconds, (unsigned long long)nodes,
	        (double)nodes / seconds / 1e6, hashfull / 10.0);
	p->shown = true;
}

static void progress_clear(Progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}

typedef struct {
	Dfpn *d;
	DfpnLimits lim;
	Progress progress;
	bool json, rest, quiet;
	int printed; /* problems printed so far (text mode separates them by a blank line) */
} SolveCtx;

/* A problem read from one line. */
typedef struct {
	Position root;           /* the position to solve, at ply 0 */
	Move given[POS_MAX_PLY]; /* the answer given with the problem, if any */
	int given_len;           /* its length; 0 = none given */
	int missing;             /* pieces (kings aside) on no square and in no hand, before --rest */
} Problem;

/* dst = the current state of src as a root position (ply 0, no history). */
static void set_root(Position *dst, const Position *src)
{
	*dst = *src;
	dst->st[0] = src->st[src->ply];
	dst->ply = 0;
}

/*
 * Reads a problem: [position] [sfen] SFEN [moves M1 ... MN].  The moves are
 * played and the position after them is solved, except when they end in
 * checkmate after an odd number of plies: then they are the problem's answer
 * (the ShogiBoardQ format, "SFEN moves m1 ... mN"), the position before them
 * is solved, and the answer is kept in given[] for comparison.  With rest,
 * the pieces in nobody's hand go to the defender.
 * Returns 0, or -1 with the reason in err.
 */
static int load_problem(Problem *pb, const char *text, bool rest, char *err, size_t errsize)
{
	static Position start, after;
	SfenError e;
	const char *moves;
	if (sfen_parse_root(&start, text, &e, &moves) != SFEN_OK) {
		snprintf(err, errsize, "bad position: %s", e.message);
		return -1;
	}
	pb->given_len = 0;
	if (moves) {
		after = start;
		int n = sfen_play_moves(&after, moves, (int)(moves - text) + 1, pb->given, POS_MAX_PLY, &e);
		if (n < 0) {
			snprintf(err, errsize, "bad position: %s", e.message);
			return -1;
		}
		if (n % 2 == 1 && dfpn_is_mated(&after)) {
			set_root(&pb->root, &start);
			pb->given_len = n;
		} else {
			set_root(&pb->root, &after);
		}
	} else {
		set_root(&pb->root, &start);
	}
	Position *pos = &pb->root;
	Color defender = color_flip(pos->side);
	if (pos->king[defender] == SQ_NONE) {
		if (moves && pb->given_len == 0 && start.king[color_flip(start.side)] != SQ_NONE)
			snprintf(err, errsize,
			         "bad problem: after the moves %s is to move and %s has no king to mate; give the whole answer "
			         "(an odd number of plies ending in mate) or an even number of plies",
			         pos->side == SENTE ? "sente" : "gote", defender == SENTE ? "sente" : "gote");
		else
			snprintf(err, errsize, "bad position: the defender (%s, the side not to move) has no king",
			         defender == SENTE ? "sente" : "gote");
		return -1;
	}
	int totals[9];
	pos_piece_totals(pos, totals);
	pb->missing = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		pb->missing += PIECE_SET_COUNT[pt] - totals[pt];
	if (rest && pb->missing > 0) {
		for (int pt = PAWN; pt <= GOLD; pt++)
			pos_set_hand(pos, defender, (PieceType)pt,
			             hand_count(pos->hand[defender], (PieceType)pt) + PIECE_SET_COUNT[pt] - totals[pt]);
		pos_finish_setup(pos);
	}
	return 0;
}

static const char *reason_name(DfpnStopReason r)
{
	switch (r) {
	case DFPN_STOP_TIME:
		return "time";
	case DFPN_STOP_NODES:
		return "nodes";
	/* The solver also reports a failed allocation of its move arena as a
	 * user stop; without a Ctrl-C that is what it was. */
	case DFPN_STOP_USER:
		return atomic_load(&sigint_stop) ? "stopped" : "memory";
	case DFPN_STOP_DEPTH:
		return "depth";
	default:
		return "none";
	}
}

/* Length of the valid UTF-8 sequence at p, or 0 if it is not one. */
static int utf8_len(const unsigned char *p)
{
	int n;
	uint32_t cp;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1fu;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 3, cp = p[0] & 0x0fu;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07u;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80) /* also stops at the NUL */
			return 0;
		cp = cp << 6 | (p[i] & 0x3fu);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* s as a JSON string: quotes, backslashes and control characters escaped,
 * UTF-8 kept, bytes that are not UTF-8 replaced by U+FFFD. */
static void json_string(const char *s)
{
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		if (*p == '"' || *p == '\\') {
			putchar('\\');
			putchar(*p++);
		} else if (*p < 0x20 || *p == 0x7f) {
			printf("\\u%04x", *p++);
		} else if (*p < 0x80) {
			putchar(*p++);
		} else {
			int n = utf8_len(p);
			if (n) {
				fwrite(p, 1, (size_t)n, stdout);
				p += n;
			} else {
				fputs("\\ufffd", stdout);
				p++;
			}
		}
	}
	putchar('"');
}

static void print_text(SolveCtx *ctx, Problem *pb, const DfpnResult *res, const char *sfen, const char *kif)
{
	if (ctx->printed++)
		putchar('\n');
	if (!ctx->quiet) {
		char board[KIF_BOARD_MAX];
		if (kif_board(&pb->root, board, sizeof board) >= 0)
			fputs(board, stdout);
	}
	printf("sfen %s\n", sfen);
	if (res->status == DFPN_MATE) {
		printf("mate %d", res->len);
		if (!res->len_minimal)
			printf(" (minimality not proven: %s)", reason_name(res->reason));
		printf("\n");
	} else if (res->status == DFPN_NOMATE) {
		printf("nomate\n");
	} else {
		printf("unknown (%s)\n", reason_name(res->reason));
	}
	if (pb->given_len) {
		printf("given answer (%d plies):", pb->given_len);
		for (int i = 0; i < pb->given_len; i++) {
			char usi[6];
			printf(" %s", usi_format(pb->given[i], usi));
		}
		printf("\n");
		if (res->status == DFPN_MATE && res->pv_len > 0) {
			int k = 0;
			while (k < pb->given_len && k < res->pv_len && move_same(pb->given[k], res->pv[k]))
				k++;
			if (k < pb->given_len || k < res->pv_len)
				printf("our main line differs from the given answer from ply %d on%s\n", k + 1,
				       res->len == pb->given_len ? " (same length: another longest defence or final move)" : "");
		}
	}
	if (res->status == DFPN_MATE) {
		if (res->pv_len == 0) {
			printf("main line not extracted (the search was stopped)\n");
		} else {
			if (!res->pv_verified && res->pv_len < res->len)
				printf("line incomplete (%d of %d plies read from the search table, which lost the rest; the defence "
				       "may not be the longest)\n",
				       res->pv_len, res->len);
			else if (!res->pv_verified)
				printf("line not verified (%d plies, read from the search table; the defence may not be the longest)\n",
				       res->pv_len);
			printf("usi:");
			for (int i = 0; i < res->pv_len; i++) {
				char usi[6];
				printf(" %s", usi_format(res->pv[i], usi));
			}
			printf("\nkif: %s\n", kif);
		}
	}
	printf("nodes %llu (proof %llu, shorter-mate re-search %llu, main line %llu) time %.3f s nps %.0f hashfull %.1f%%\n",
	       (unsigned long long)res->nodes, (unsigned long long)res->nodes_prove, (unsigned long long)res->nodes_minimize,
	       (unsigned long long)res->nodes_pv, res->seconds, res->seconds > 0 ? (double)res->nodes / res->seconds : 0.0,
	       res->hashfull / 10.0);
}

static void print_json(const Problem *pb, const DfpnResult *res, const char *input, long lineno, const char *sfen,
                       const char *kif)
{
	printf("{");
	if (lineno)
		printf("\"line\":%ld,", lineno);
	printf("\"input\":");
	json_string(input);
	printf(",\"sfen\":");
	json_string(sfen);
	const bool mate = res->status == DFPN_MATE;
	printf(",\"result\":\"%s\"", mate ? "mate" : res->status == DFPN_NOMATE ? "nomate" : "unknown");
	if (mate)
		printf(",\"length\":%d,\"minimal\":%s,\"line_verified\":%s", res->len, res->len_minimal ? "true" : "false",
		       res->pv_verified ? "true" : "false");
	else
		printf(",\"length\":null,\"minimal\":null,\"line_verified\":null");
	printf(",\"usi\":[");
	for (int i = 0; i < res->pv_len; i++) {
		char usi[6];
		printf("%s\"%s\"", i ? "," : "", usi_format(res->pv[i], usi));
	}
	printf("],\"kif\":");
	json_string(kif);
	if (pb->given_len) {
		printf(",\"given\":[");
		for (int i = 0; i < pb->given_len; i++) {
			char usi[6];
			printf("%s\"%s\"", i ? "," : "", usi_format(pb->given[i], usi));
		}
		printf("]");
	}
	printf(",\"nodes\":%llu,\"seconds\":%.6f,\"nps\":%.0f,\"hashfull\":%d,\"reason\":", (unsigned long long)res->nodes,
	       res->seconds, res->seconds > 0 ? (double)res->nodes / res->seconds : 0.0, res->hashfull);
	if (res->reason == DFPN_STOP_NONE)
		printf("null");
	else
		printf("\"%s\"", reason_name(res->reason));
	printf("}\n");
}

/* Solves the problem on one line and prints the result.  where is the
 * "stdin:LINE" prefix of messages in '-' mode (NULL for an argument).
 * Returns the exit status for this problem. */
static int solve_text(SolveCtx *ctx, const char *text, const char *where, long lineno)
{
	static Problem pb;
	char err[512];
	if (load_problem(&pb, text, ctx->rest, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", where ? where : "tsume", err);
		return EXIT_BADINPUT;
	}
	if (pb.missing > 0 && !ctx->rest)
		fprintf(stderr, "%s: warning: %d piece%s in nobody's hand; use --rest to give %s to the defender\n",
		        where ? where : "tsume", pb.missing, pb.missing == 1 ? " is" : "s are", pb.missing == 1 ? "it" : "them");

	static DfpnResult res;
	dfpn_clear(ctx->d);
	dfpn_solve(ctx->d, &pb.root, &ctx->lim, &res);
	progress_clear(&ctx->progress);

	char sfen[256];
	if (sfen_format(&pb.root, sfen, sizeof sfen) < 0)
		sfen[0] = '\0';
	size_t kif_size = (size_t)res.pv_len * KIF_MOVE_MAX + 1;
	char *kif = malloc(kif_size);
	if (!kif) {
		fprintf(stderr, "tsume: out of memory\n");
		return EXIT_UNKNOWN;
	}
	if (kif_line(&pb.root, res.pv, res.pv_len, kif, kif_size) < 0)
		kif[0] = '\0';
	if (ctx->json)
		print_json(&pb, &res, text, lineno, sfen, kif);
	else
		print_text(ctx, &pb, &res, sfen, kif);
	fflush(stdout);
	free(kif);
	return res.status == DFPN_MATE ? EXIT_MATE : res.status == DFPN_NOMATE ? EXIT_NOMATE : EXIT_UNKNOWN;
}

/* Solves one problem line: "; key=value" metadata and a UTF-8 byte-order
 * mark are not part of the problem. */
static int solve_one(SolveCtx *ctx, const char *line, const char *where, long lineno)
{
	if (strncmp(line, "\xEF\xBB\xBF", 3) == 0)
		line += 3;
	char *text = strdup(line);
	if (!text)
		return EXIT_UNKNOWN;
	text[strcspn(text, ";")] = '\0';
	for (size_t n = strlen(text); n > 0 && isspace((unsigned char)text[n - 1]); n--)
		text[n - 1] = '\0';
	int rc = solve_text(ctx, text, where, lineno);
	free(text);
	return rc;
}

/* Longest line of 'solve -' (as in problem files). */
#define SOLVE_LINE_MAX 65536

/* Reads one line of f, without its newline, into buf of size bytes (cut to
 * fit: the rest is read past in constant memory).  *len = the line's full
 * length, *nul = 1-based column of its first NUL byte (0: none).  Returns
 * false at the end of the input. */
static bool read_line(FILE *f, char *buf, size_t size, size_t *len, size_t *nul)
{
	size_t n = 0;
	int ch;
	*nul = 0;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (ch == '\0' && !*nul)
			*nul = n + 1;
		if (n + 1 < size)
			buf[n] = (char)ch;
		n++;
	}
	if (ch == EOF && n == 0)
		return false;
	buf[n + 1 < size ? n : size - 1] = '\0';
	*len = n;
	return true;
}

/* The worse of two exit statuses: bad input, then unknown, then no mate, then mate. */
static int worse_status(int a, int b)
{
	static const int rank[4] = {0, 1, 3, 2}; /* by status 0..3 */
	return rank[b] > rank[a] ? b : a;
}

/* Option values: a non-negative decimal number / integer, the whole text.
 * Seconds are digits with at most one '.' (no sign, exponent, hex, inf, nan),
 * at most TIME_S_MAX. */
static bool parse_seconds(const char *s, double *out)
{
	size_t digits = strspn(s, "0123456789"), frac = 0;
	if (s[digits] == '.')
		frac = 1 + strspn(s + digits + 1, "0123456789");
	if (s[digits + frac] != '\0' || digits + frac == 0 || (digits == 0 && frac == 1))
		return false;
	errno = 0;
	double v = strtod(s, NULL);
	if (errno || !isfinite(v) || v > TIME_S_MAX)
		return false;
	*out = v;
	return true;
}

static bool parse_count(const char *s, unsigned long long max, unsigned long long *out)
{
	if (!isdigit((unsigned char)*s))
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || errno || v > max)
		return false;
	*out = v;
	return true;
}

static int cmd_solve(int argc, char **argv)
{
	static const struct option opts[] = {{"hash", required_argument, NULL, 'H'},  {"time", required_argument, NULL, 't'},
	                                     {"nodes", required_argument, NULL, 'n'}, {"format", required_argument, NULL, 'f'},
	                                     {"rest", no_argument, NULL, 'r'},        {"quiet", no_argument, NULL, 'q'},
	                                     {"trace", no_argument, NULL, 'T'},       {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	unsigned long long hash = 256, nodes = 0;
	double time_s = 0;
	SolveCtx ctx = {0};
	int c;
	bool trace = false;
	while ((c = getopt_long(argc, argv, "H:t:n:f:rqTh", opts, NULL)) != -1) {
		switch (c) {
		case 'H':
			if (!parse_count(optarg, HASH_MB_MAX, &hash) || hash < 1) {
				fprintf(stderr, "tsume: --hash must be a whole number of megabytes, 1..%llu, got '%s'\n",
				        HASH_MB_MAX, optarg);
				return EXIT_BADINPUT;
			}
			break;
		case 't':
			if (!parse_seconds(optarg, &time_s)) {
				fprintf(stderr, "tsume: --time must be a decimal number of seconds, 0..%.0f (0 = no limit), got '%s'\n",
				        TIME_S_MAX, optarg);
				return EXIT_BADINPUT;
			}
			break;
		case 'n':
			if (!parse_count(optarg, UINT64_MAX, &nodes)) {
				fprintf(stderr, "tsume: --nodes must be a whole number >= 0 (0 = no limit), got '%s'\n", optarg);
				return EXIT_BADINPUT;
			}
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				ctx.json = false;
			else if (strcmp(optarg, "json") == 0)
				ctx.json = true;
			else {
				fprintf(stderr, "tsume: --format must be text or json, got '%s'\n", optarg);
				return EXIT_BADINPUT;
			}
			break;
		case 'r':
			ctx.rest = true;
			break;
		case 'q':
			ctx.quiet = true;
			break;
		case 'T':
			trace = true;
			break;
		case 'h':
			fputs(SOLVE_USAGE, stdout);
			return 0;
		default:
			fputs(SOLVE_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fputs(SOLVE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	/* An unquoted SFEN arrives as several arguments: join them. */
	size_t total = 1;
	for (int i = optind; i < argc; i++)
		total += strlen(argv[i]) + 1;
	char *text = malloc(total);
	if (!text)
		return EXIT_BADINPUT;
	text[0] = '\0';
	for (int i = optind; i < argc; i++) {
		if (i > optind)
			strcat(text, " ");
		strcat(text, argv[i]);
	}
	const bool from_stdin = strcmp(text, "-") == 0;

	ctx.d = dfpn_new((size_t)hash);
	if (!ctx.d) {
		fprintf(stderr, "tsume: cannot allocate %llu MB for the hash table; try a smaller --hash\n", hash);
		free(text);
		return EXIT_UNKNOWN;
	}
	ctx.lim.max_nodes = nodes;
	ctx.lim.trace = trace ? stderr : NULL;
	ctx.lim.max_time_ms = (int64_t)ceil(time_s * 1000.0);
	atomic_store(&sigint_stop, false);
	ctx.lim.stop = &sigint_stop;
	if (isatty(STDERR_FILENO)) {
		ctx.lim.progress = progress_cb;
		ctx.lim.progress_arg = &ctx.progress;
		sigint_newline = 1;
	}
	install_sigint();

	int rc = EXIT_MATE;
	if (from_stdin) {
		char *line = malloc(SOLVE_LINE_MAX + 1);
		long lineno = 0;
		int problems = 0;
		size_t len, nul;
		while (line && !atomic_load(&sigint_stop) && read_line(stdin, line, SOLVE_LINE_MAX + 1, &len, &nul)) {
			lineno++;
			const char *s = line;
			size_t bom = lineno == 1 && strncmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
			s += bom; /* UTF-8 byte-order mark */
			if (nul || len > SOLVE_LINE_MAX) {
				if (nul)
					fprintf(stderr, "stdin:%ld: line (column %zu): NUL byte\n", lineno, nul - bom);
				else
					fprintf(stderr, "stdin:%ld: line longer than %d bytes\n", lineno, SOLVE_LINE_MAX);
				rc = worse_status(rc, EXIT_BADINPUT);
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
			rc = worse_status(rc, solve_one(&ctx, s, where, lineno));
		}
		free(line);
		if (atomic_load(&sigint_stop))
			rc = worse_status(rc, EXIT_UNKNOWN);
		else if (!line || ferror(stdin)) {
			fprintf(stderr, "tsume: standard input: %s\n", line ? strerror(errno) : "out of memory");
			rc = EXIT_BADINPUT;
		} else if (problems == 0) {
			fprintf(stderr, "tsume: no problem on standard input\n");
			rc = EXIT_BADINPUT;
		}
	} else {
		rc = solve_one(&ctx, text, NULL, 0);
	}
	free(text);
	dfpn_free(ctx.d);
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
	static const struct option opts[] = {{"shared", required_argument, NULL, 's'},
	                                     {"long", required_argument, NULL, 'l'},
	                                     {"hash", required_argument, NULL, 'H'},
	                                     {"perft-only", no_argument, NULL, 'p'},
	                                     {"signature", no_argument, NULL, 'S'},
	                                     {"quiet", no_argument, NULL, 'q'},
	                                     {0, 0, 0, 0}};
	const char *shared = "../shared";
	double long_seconds = 900;
	unsigned long long hash = 1024;
	bool perft_only = false, signature = false, quiet = false;
	int c;
	while ((c = getopt_long(argc, argv, "s:l:H:pSq", opts, NULL)) != -1) {
		if (c == 's')
			shared = optarg;
		else if (c == 'l' && parse_seconds(optarg, &long_seconds))
			;
		else if (c == 'H' && parse_count(optarg, 1 << 20, &hash) && hash > 0)
			;
		else if (c == 'p')
			perft_only = true;
		else if (c == 'S')
			signature = true;
		else if (c == 'q')
			quiet = true;
		else {
			fprintf(stderr, "usage: tsume bench [--shared DIR] [--long SECONDS] [--hash MB] [--perft-only] [--signature [--quiet]]\n");
			return EXIT_BADINPUT;
		}
	}
	if (signature)
		return bench_signature(shared, !quiet);
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
		return 0;
	return bench_solver(shared, long_seconds, (size_t)hash) ? 1 : 0;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: tsume COMMAND [ARGS]\n"
	           "  solve SFEN|- [--hash MB] [--time S] [--nodes N] [--format text|json] [--rest] [--quiet]\n"
	           "                                    solve a tsume problem; '-' = one problem per line of stdin\n"
	           "  perft SFEN DEPTH [--divide]       count the leaves of the legal-move tree\n"
	           "  moves SFEN [--checks|--evasions]  list legal moves in USI (strcmp order)\n"
	           "  bench [--shared DIR] [--long S] [--hash MB] [--perft-only]  speed figures\n"
	           "  convert FILE... [-o OUT] [--rest]  KIF/CSA problem files to problem lines (OUT.gz: gzip)\n"
	           "  verify FILE... [--jobs N] [--time S] [--format text|json|csv]  check problem collections\n"
	           "  generate --mate N --count K [--seed S] [--level L] [--out F] [--sheet F.html]  teaching problems\n"
	           "  sheet FILE... [-o OUT.html] [--title T]  printable HTML worksheet of a problem collection\n"
	           "  usi                               USI 'go mate' engine for shogi GUIs (also: no arguments and 'usi' on stdin)\n"
	           "SFEN: 'startpos', an SFEN line (optionally with 'sfen'/'position' and 'moves ...'), or '-' for stdin.\n"
	           "Exit status: 0 success (solve: mate), 1 no mate, 3 unknown (a limit stopped the search),\n"
	           "2 bad input or usage.\n");
}

int main(int argc, char **argv)
{
	core_init();
	if (argc < 2) {
		/* a GUI starts the engine without arguments and sends "usi" first */
		char first[256];
		if (!isatty(STDIN_FILENO) && fgets(first, sizeof first, stdin)) {
			first[strcspn(first, "\r\n")] = '\0';
			if (strcmp(first, "usi") == 0)
				return usi_run(stdin, stdout, first);
		}
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
	if (strcmp(cmd, "convert") == 0)
		return cmd_convert(argc, argv);
	if (strcmp(cmd, "verify") == 0)
		return cmd_verify(argc, argv);
	if (strcmp(cmd, "generate") == 0)
		return cmd_generate(argc, argv);
	if (strcmp(cmd, "sheet") == 0)
		return cmd_sheet(argc, argv);
	if (strcmp(cmd, "usi") == 0)
		return usi_run(stdin, stdout, NULL);
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "tsume: unknown command '%s'\n", cmd);
	usage(stderr);
	return EXIT_BADINPUT;
}
