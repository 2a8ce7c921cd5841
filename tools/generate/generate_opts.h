/* generate_opts.h -- the options of `tsume generate` (see generate.h). */
#ifndef TSUME_GENERATE_OPTS_H
#define TSUME_GENERATE_OPTS_H

#include "cli.h"
#include "dfpn.h"
#include "shard.h"

#include <stdbool.h>
#include <stdint.h>

/* The arguments after "tsume generate", as usage texts show them. */
#define GENERATE_ARGS                                                                                                  \
	"--mate N --count K [--seed S] [--pieces MIN-MAX] [--level any|easy|medium|hard] [--jobs J] [--out "           \
	"FILE[.gz]] "                                                                                                  \
	"[--sheet FILE.html] [--title T] [--futile " CLI_FUTILE_NAMES "] [--shard I/N] [--quiet]"

/* The options of one run, checked. */
typedef struct {
	uint64_t mate;  /* --mate N: plies, odd, 1..GEN_MAX_N */
	uint64_t count; /* --count K: problems wanted, 1..GEN_COUNT_MAX */
	uint64_t seed;  /* --seed S (default 1) */
	uint64_t jobs;  /* --jobs J: threads, 1..min(256, K) (default: the cores) */
	int min_pieces; /* --pieces A-B: 3 <= A <= 10, A <= B <= 40 (default 3-12) */
	int max_pieces;
	int level;              /* --level: LEVEL_ANY (default), LEVEL_EASY, LEVEL_MEDIUM, LEVEL_HARD */
	const char *out_path;   /* --out FILE, NULL = stdout ("-" too) */
	const char *sheet_path; /* --sheet FILE.html, NULL = none */
	const char *title;      /* --title T: the worksheet's title, NULL = "詰将棋 N手詰" */
	bool quiet;             /* --quiet: no progress line, no closing figures */
	DfpnFutileRule futile;  /* --futile: none, narrow, broad, nogain (default) or answered */
	Shard shard;            /* --shard I/N (count 0: the whole run) */
} GenOptions;

#define GEN_COUNT_MAX 100000

/* The name of a --level value (LEVEL_ANY..LEVEL_HARD): "any", "easy",
 * "medium", "hard". */
const char *gen_level_name(int level);

/* The level called name ("any" included), or -1. */
int gen_level_parse(const char *name);

/* Parses argv[1..argc) (argv[0] is "generate") into *o.  Returns -1 when the
 * run is to go on; otherwise the exit status to end with: EXIT_MATE after
 * --help (the usage printed on stdout), EXIT_BADINPUT after a message
 * "tsume generate: ..." on stderr (a bad or missing value, an unknown option,
 * an extra argument, --out and --sheet naming one file, --sheet with
 * --shard). */
int gen_parse_options(int argc, char **argv, GenOptions *o);

#endif
