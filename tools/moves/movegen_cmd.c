/*
 * movegen_cmd.c -- `tsume perft SFEN DEPTH [--divide]` and `tsume moves SFEN
 * [--checks|--evasions]` (see movegen_cmd.h).
 *
 * SFEN may be "startpos", "sfen ...", "position sfen ... moves ...", or "-"
 * to read it from one line of standard input; an unquoted SFEN arrives as
 * several arguments, which are joined by spaces.
 */
#include "movegen_cmd.h"

#include "cli.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "sfen.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest position read from stdin with "-". */
#define POSITION_LINE_MAX (1 << 16)

/* Parses the position text of argv[first..last) ("-": one line of stdin)
 * into *pos.  Returns 0, or -1 after printing "tsume: bad position: ...". */
static int load_position(Position *pos, char **argv, int first, int last)
{
	char *text = cli_join_args(argv, first, last);
	if (!text) {
		fprintf(stderr, "tsume: out of memory\n");
		return -1;
	}
	if (strcmp(text, "-") == 0) {
		free(text);
		text = malloc(POSITION_LINE_MAX);
		if (!text) {
			fprintf(stderr, "tsume: out of memory\n");
			return -1;
		}
		if (!fgets(text, POSITION_LINE_MAX, stdin))
			text[0] = '\0';
		text[strcspn(text, "\r\n")] = '\0';
	}
	SfenError err;
	int rc = sfen_parse(pos, text, &err) == SFEN_OK ? 0 : -1;
	if (rc)
		fprintf(stderr, "tsume: bad position: %s\n", err.message);
	free(text);
	return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

#define PERFT_USAGE "usage: tsume perft " PERFT_ARGS "\n"
#define MOVES_USAGE "usage: tsume moves " MOVES_ARGS "\n"
#define PERFT_HELP                                                                                                     \
	PERFT_USAGE                                                                                                    \
	"  SFEN       the position: startpos, a SFEN, 'sfen ...' or 'position sfen ... moves ...'\n"                   \
	"  DEPTH      plies, 1..20: prints the number of leaves of the legal-move tree (stderr: the time)\n"           \
	"  --divide   also the leaf count below each first move, one 'USI N' line each\n"                              \
	"exit status: 0 counted, 2 bad position or usage\n"
#define MOVES_HELP                                                                                                     \
	MOVES_USAGE "  SFEN         the position: startpos, a SFEN, 'sfen ...' or 'position sfen ... moves ...'\n"     \
	            "  (no option)  every legal move of the side to move, in USI, strcmp order, on one line\n"         \
	            "  --checks     only the moves that give check (the attacker's moves in a tsume)\n"                \
	            "  --evasions   only the legal replies to check (the side to move must be in check)\n"             \
	            "exit status: 0 listed, 2 bad position or usage\n"

/* Prints "MOVE COUNT" for each legal move of pos, strcmp order; returns the sum. */
static uint64_t perft_divide(Position *pos, int depth)
{
	MoveList list;
	gen_legal(pos, &list);
	char(*lines)[40] = malloc(sizeof *lines * (size_t)(list.n ? list.n : 1));
	if (!lines)
		return 0;
	uint64_t total = 0;
	for (int i = 0; i < list.n; i++) {
		char usi[6];
		uint64_t n = 1;
		if (depth > 1) {
			pos_do_move(pos, list.moves[i]);
			n = perft(pos, depth - 1);
			pos_undo_move(pos, list.moves[i]);
		}
		snprintf(lines[i], sizeof lines[i], "%s %llu", usi_format(list.moves[i], usi), (unsigned long long)n);
		total += n;
	}
	qsort(lines, (size_t)list.n, sizeof *lines, cmp_str);
	for (int i = 0; i < list.n; i++)
		printf("%s\n", lines[i]);
	free(lines);
	return total;
}

int cmd_perft(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"divide", no_argument, NULL, 'd'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
	bool divide = false;
	int c;
	while ((c = getopt_long(argc, argv, "dh", opts, NULL)) != -1) {
		if (c == 'd')
			divide = true;
		else if (c == 'h') {
			fputs(PERFT_HELP, stdout);
			return EXIT_MATE;
		} else {
			fputs(PERFT_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (argc - optind < 2) {
		fputs(PERFT_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	uint64_t depth;
	if (!cli_option_uint("tsume", "DEPTH", argv[argc - 1], 1, 20, "plies", NULL, &depth))
		return EXIT_BADINPUT;
	Position *pos = malloc(sizeof *pos);
	if (!pos || load_position(pos, argv, optind, argc - 1)) {
		free(pos);
		return EXIT_BADINPUT;
	}
	double t0 = clock_now();
	uint64_t total = divide ? perft_divide(pos, (int)depth) : perft(pos, (int)depth);
	double dt = clock_now() - t0;
	printf("%llu\n", (unsigned long long)total);
	fprintf(stderr, "perft %d: %llu leaves in %.3f s (%.1f M leaves/s)\n", (int)depth, (unsigned long long)total,
	        dt, dt > 0 ? (double)total / dt / 1e6 : 0.0);
	free(pos);
	return EXIT_MATE;
}

int cmd_moves(int argc, char **argv)
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
		else if (c == 'h') {
			fputs(MOVES_HELP, stdout);
			return EXIT_MATE;
		} else {
			fputs(MOVES_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (argc - optind < 1) {
		fputs(MOVES_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	Position *pos = malloc(sizeof *pos);
	if (!pos || load_position(pos, argv, optind, argc)) {
		free(pos);
		return EXIT_BADINPUT;
	}
	MoveList list;
	if (kind == 'c')
		gen_checks(pos, &list);
	else if (kind == 'e') {
		if (!pos_in_check(pos)) {
			fprintf(stderr, "tsume: --evasions: the side to move is not in check\n");
			free(pos);
			return EXIT_BADINPUT;
		}
		gen_evasions(pos, &list);
	} else
		gen_legal(pos, &list);
	free(pos);
	char usi[MAX_MOVES][6];
	for (int i = 0; i < list.n; i++)
		usi_format(list.moves[i], usi[i]);
	qsort(usi, (size_t)list.n, sizeof usi[0], cmp_str);
	for (int i = 0; i < list.n; i++)
		printf("%s%s", i ? " " : "", usi[i]);
	printf("\n");
	return EXIT_MATE;
}
