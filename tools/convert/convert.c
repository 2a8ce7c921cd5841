/*
 * convert.c -- `tsume convert`: KIF and CSA problem files to problem lines
 * (the reading is core/formats/conv.c's; this file is the command).
 */
#include "convert.h"

#include "cli.h"
#include "kif.h"
#include "problemio.h"
#include "problemio_write.h"
#include "sfen.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* the command */

#define CONVERT_USAGE "usage: tsume convert FILE... [-o OUT] [--rest]\n"

int cmd_convert(int argc, char **argv)
{
	static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
	                                     {"rest", no_argument, NULL, 'r'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {0, 0, 0, 0}};
	const char *output = NULL;
	bool rest = false;
	int c;
	optind = 0; /* getopt from scratch (GNU): cmd_convert may be called more than once (tests) */
	while ((c = getopt_long(argc, argv, "o:rh", opts, NULL)) != -1) {
		if (c == 'o') {
			output = optarg;
		} else if (c == 'r') {
			rest = true;
		} else if (c == 'h') {
			printf(
			    CONVERT_USAGE
			    "  FILE          KIF (UTF-8 or Shift_JIS) or CSA problem files; each becomes one line\n"
			    "                'SFEN moves M1 ... Mn ; mate=n ; source=FILE'\n"
			    "  -o, --output  the output file (default standard output; OUT.gz is written with gzip;\n"
			    "                never one of the inputs; left as it was when no input converts)\n"
			    "  --rest        give the pieces in nobody's hand to the defender\n"
			    "exit status: 0 every file converted, 2 a file did not convert (the others are written)\n");
			return 0;
		} else {
			fprintf(stderr, CONVERT_USAGE);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, CONVERT_USAGE);
		return EXIT_BADINPUT;
	}
	/* never write the output over one of the inputs */
	for (int i = optind; output && strcmp(output, "-") != 0 && i < argc; i++)
		if (cli_input_is_output(argv[i], output)) {
			fprintf(stderr, "tsume: convert: the output %s is also an input\n", output);
			return EXIT_BADINPUT;
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
	for (int i = optind; i < argc; i++) {
		const char *path = argv[i];
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
		if (cp->defender_rest)
			fprintf(stderr, "%s: note: %s\n", path, cli_defender_rest_note(cp->root.side));
		if (cp->stated >= 0 && cp->stated != cp->n_moves)
			fprintf(stderr, "%s: warning: the file states %d moves; %d read\n", path, cp->stated,
			        cp->n_moves);
		char meta[3 * PIO_VALUE_MAX + 64];
		conv_meta(cp->n_moves, path, cp, meta, sizeof meta);
		if (pio_write(out.wr, &cp->root, cp->moves, cp->n_moves, meta) != PIO_OK)
			break; /* the reason comes from cli_output_close */
		converted++;
	}
	free(cp);
	/* the lines of the files that converted are written even when another
	 * file failed; when none converted, an earlier output file is left as it was */
	return cli_output_close(&out, converted ? 0 : EXIT_BADINPUT, "tsume") ? EXIT_BADINPUT : status;
}
