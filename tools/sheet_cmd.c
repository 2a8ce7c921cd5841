/*
 * sheet_cmd.c -- `tsume sheet FILE...` (sheet_cmd.h): the problem
 * collections read and numbered, the options; the page is sheet_write's
 * (sheet.c).
 */
#include "sheet_cmd.h"

#include "cli.h"
#include "notation.h"
#include "problemio.h"
#include "sfen.h"
#include "sheet.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHEET_USAGE "usage: tsume sheet FILE... [-o OUT.html] [--title T] [--rest]\n"
#define SHEET_HELP                                                                                                  \
	SHEET_USAGE "  FILE          problem lines 'SFEN [moves ...] [; mate=N ...]', plain or gzip, or KIF/CSA files\n" \
	            "                ('-' = stdin); every problem becomes a numbered diagram, in file order\n"          \
	            "  -o, --output  the HTML page (default standard output); never one of the inputs\n"             \
	            "  -t, --title   the page's title (default: 詰将棋)\n"                                     \
	            "  --rest        give the pieces in nobody's hand to the defender (else a warning names each problem)\n" \
	            "The answers (stated moves in JSA notation and USI, the SFEN) are on a page of their own.\n"      \
	            "exit status: 0 written, 2 a bad line, no problem, or an output error (no sheet written)\n"

/* The problems read so far, with the strings they point to. */
typedef struct {
	SheetProblem *items;
	size_t n, cap;
} SheetList;

static void list_free(SheetList *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free((char *)l->items[i].sfen);
		free((char *)l->items[i].moves);
	}
	free(l->items);
}

/* Appends problem pp; returns false when memory runs out. */
static bool list_add(SheetList *l, const PioProblem *pp)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		SheetProblem *items = realloc(l->items, cap * sizeof *items);
		if (!items)
			return false;
		l->items = items;
		l->cap = cap;
	}
	char *sfen = malloc(160), *moves = malloc((size_t)pp->n_moves * 6 + 1);
	if (!sfen || !moves) {
		free(sfen);
		free(moves);
		return false;
	}
	if (sfen_format(&pp->root, sfen, 160) < 0)
		sfen[0] = '\0';
	size_t k = 0;
	moves[0] = '\0';
	for (int i = 0; i < pp->n_moves; i++) {
		char u[6];
		k += (size_t)sprintf(moves + k, "%s%s", i ? " " : "", usi_format(pp->moves[i], u));
	}
	long mate = 0;
	if (!pio_meta_int(pp, "mate", &mate))
		mate = pp->n_moves;
	l->items[l->n] = (SheetProblem){sfen, moves, (int)mate, (int)(l->n + 1)};
	l->n++;
	return true;
}

int cmd_sheet(int argc, char **argv)
{
	static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
	                                     {"title", required_argument, NULL, 't'},
	                                     {"rest", no_argument, NULL, 'r'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	const char *out_path = NULL, *title = NULL;
	int c;
	bool rest = false;
	while ((c = getopt_long(argc, argv, "o:t:rh", opts, NULL)) != -1) {
		if (c == 'r')
			rest = true;
		else if (c == 'o')
			out_path = optarg;
		else if (c == 't')
			title = optarg;
		else if (c == 'h') {
			fputs(SHEET_HELP, stdout);
			return 0;
		} else {
			fprintf(stderr, SHEET_USAGE);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "tsume: sheet needs a problem file\n" SHEET_USAGE);
		return EXIT_BADINPUT;
	}
	if (out_path && strcmp(out_path, "-") != 0) {
		/* never write the sheet over one of its inputs */
		for (int a = optind; a < argc; a++) {
			if (cli_same_file(argv[a], out_path)) {
				fprintf(stderr, "tsume: sheet: the output %s is also an input\n", out_path);
				return EXIT_BADINPUT;
			}
		}
	}
	PioProblem *prob = malloc(sizeof *prob);
	SheetList list = {0};
	bool bad = false;
	if (!prob) {
		fprintf(stderr, "tsume: out of memory\n");
		return EXIT_BADINPUT;
	}
	for (int a = optind; a < argc; a++) {
		const char *path = argv[a];
		PioError perr;
		PioReader *r = pio_open(path, &perr);
		if (!r) {
			fprintf(stderr, "%s: %s\n", path, perr.message);
			bad = true;
			continue;
		}
		int st;
		while ((st = pio_next(r, prob, &perr)) != PIO_END) {
			char why[160];
			if (st == PIO_OK && !pio_stated_consistent(prob, why, sizeof why)) {
				fprintf(stderr, "%s:%ld: %s\n", path, prob->line, why);
				bad = true;
				continue;
			}
			if (st == PIO_OK) {
				int missing = pos_missing_pieces(&prob->root);
				if (missing > 0 && rest) {
					pos_give_missing(&prob->root, color_flip(prob->root.side));
				} else if (missing > 0) {
					char where[PATH_MAX + 24];
					snprintf(where, sizeof where, "%s:%ld", path, prob->line);
					cli_warn_missing(where, missing);
				}
				if (!list_add(&list, prob)) {
					fprintf(stderr, "tsume: out of memory\n");
					pio_close(r);
					list_free(&list);
					free(prob);
					return EXIT_BADINPUT;
				}
				continue;
			}
			bad = true;
			if (perr.line > 0)
				fprintf(stderr, "%s:%ld: %s\n", path, perr.line, perr.message);
			else
				fprintf(stderr, "%s: %s\n", path, perr.message);
		}
		pio_close(r);
	}
	free(prob);
	if (!bad && list.n == 0) {
		fprintf(stderr, "tsume: no problem in the input\n");
		bad = true;
	}
	if (bad) {
		fprintf(stderr, "tsume: no worksheet written\n");
		list_free(&list);
		return EXIT_BADINPUT;
	}
	FILE *out = stdout;
	bool to_file = out_path && strcmp(out_path, "-") != 0;
	if (to_file) {
		out = fopen(out_path, "w");
		if (!out) {
			fprintf(stderr, "tsume: %s: %s\n", out_path, strerror(errno));
			list_free(&list);
			return EXIT_BADINPUT;
		}
	}
	char err[400];
	int rc = sheet_write(out, title, list.items, list.n, err, sizeof err);
	list_free(&list);
	if (to_file && fclose(out) != 0 && rc == 0) {
		snprintf(err, sizeof err, "write error: %s", strerror(errno));
		rc = -1;
	}
	if (rc < 0) {
		fprintf(stderr, "tsume: %s%s%s\n", to_file ? out_path : "", to_file ? ": " : "", err);
		return EXIT_BADINPUT;
	}
	return 0;
}
