/*
 * convert.c -- `tsume convert`: KIF and CSA problem files to problem lines
 * (the reading is core/conv.c's; this file is the command).
 */
#include "convert.h"

#include "cli.h"
#include "kif.h"
#include "problemio.h"
#include "sfen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* the command */

#define CONVERT_USAGE "usage: tsume convert FILE... [-o OUT] [--rest]\n"

int cmd_convert(int argc, char **argv)
{
	const char *output = NULL;
	bool rest = false, only_files = false;
	int n_files = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
			n_files++;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_files = true;
		} else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "tsume: %s needs a file name\n" CONVERT_USAGE, a);
				return EXIT_BADINPUT;
			}
			output = argv[++i];
		} else if (strcmp(a, "--rest") == 0) {
			rest = true;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			printf(CONVERT_USAGE "Reads KIF (UTF-8 or Shift_JIS) and CSA problem files and writes one line\n"
			                     "per file: 'SFEN moves M1 ... Mn ; mate=n ; source=FILE'.  OUT ending in .gz is\n"
			                     "written with gzip.  --rest gives the pieces in nobody's hand to the defender.\n");
			return 0;
		} else {
			fprintf(stderr, "tsume: unknown option '%s'\n" CONVERT_USAGE, a);
			return EXIT_BADINPUT;
		}
	}
	if (n_files == 0) {
		fprintf(stderr, CONVERT_USAGE);
		return EXIT_BADINPUT;
	}
	if (output && strcmp(output, "-") != 0) {
		/* never write the output over one of the inputs */
		only_files = false;
		for (int i = 1; i < argc; i++) {
			if (!only_files && strcmp(argv[i], "--") == 0) {
				only_files = true;
			} else if (!only_files && argv[i][0] == '-' && argv[i][1] != '\0') {
				i += strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0;
			} else if (cli_same_file(argv[i], output)) {
				fprintf(stderr, "tsume: convert: the output %s is also an input\n", output);
				return EXIT_BADINPUT;
			}
		}
	}
	ConvProblem *cp = malloc(sizeof *cp);
	if (!cp) {
		fprintf(stderr, "tsume: out of memory\n");
		return EXIT_BADINPUT;
	}
	CliOutput out;
	if (cli_output_open(&out, output, "tsume") != 0) {
		free(cp);
		return EXIT_BADINPUT;
	}
	int status = 0, converted = 0;
	only_files = false;
	for (int i = 1; i < argc; i++) {
		const char *path = argv[i];
		if (!only_files && strcmp(path, "--") == 0) {
			only_files = true;
			continue;
		}
		if (!only_files && path[0] == '-' && path[1] != '\0') {
			if (strcmp(path, "-o") == 0 || strcmp(path, "--output") == 0)
				i++;
			continue;
		}
		if (conv_file(path, rest, cp)) {
			if (cp->line > 0)
				fprintf(stderr, "%s:%ld: %s\n", path, cp->line, cp->error);
			else
				fprintf(stderr, "%s: %s\n", path, cp->error);
			status = EXIT_BADINPUT;
			continue;
		}
		char why[96];
		if (!cli_defender_has_king(&cp->root, why, sizeof why)) {
			fprintf(stderr, "%s: %s\n", path, why);
			status = EXIT_BADINPUT;
			continue;
		}
		if (cp->missing > 0 && !rest)
			cli_warn_missing(path, cp->missing);
		if (cp->stated >= 0 && cp->stated != cp->n_moves)
			fprintf(stderr, "%s: warning: the file states %d moves; %d read\n", path, cp->stated, cp->n_moves);
		char meta[PIO_VALUE_MAX + 64];
		conv_meta(cp, path, meta, sizeof meta);
		if (pio_write(out.wr, &cp->root, cp->moves, cp->n_moves, meta) != PIO_OK)
			break; /* the reason comes from cli_output_close */
		converted++;
	}
	free(cp);
	/* the lines of the files that converted are written even when another
	 * file failed; when none converted, an earlier output file is left as it was */
	return cli_output_close(&out, converted ? 0 : EXIT_BADINPUT, "tsume") ? EXIT_BADINPUT : status;
}

