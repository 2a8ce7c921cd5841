/* solve.h -- `tsume solve`: solve one problem, or one per line of stdin. */
#ifndef TSUME_SOLVE_H
#define TSUME_SOLVE_H

#include "cli.h"

/* The arguments after "tsume solve", as the usage and help texts show them. */
#define SOLVE_ARGS                                                                                                     \
	"SFEN|FILE...|- [--hash MB] [--threads N] [--time S] [--nodes N] [--format text|json|kif] [-o FILE] "          \
	"[--notation " CLI_NOTATION_NAMES "] [--variations N] [--multipv N] [--futile " CLI_FUTILE_NAMES               \
	"] [--rest] [--quiet] [--trace] [--lockstep K]"

/*
 * Runs the solve sub-command on argv[1..argc) (argv[0] is "solve"): solves
 * the problem given as the arguments (joined by spaces), or with "-" the
 * problem on each line of stdin, or with file arguments (the first one exists
 * or holds a '.') every problem of each file (problemio.h: problem lines, plain or gzip, or a KIF
 * or CSA problem file, read as `tsume convert` reads it), printing for each the board (unless
 * --quiet), the result, the main line in USI and KIF, and the search
 * figures, or with --format json one JSON object a line, or with --format
 * kif a KIF kifu with its variations (solve_kif.h; a blank line between
 * two), to standard output or to the file of -o/--output FILE (checked
 * writable before any search; a FILE ending in .kif or .kifu without
 * --format means kif).  --variations N (0..600, default 8): variations
 * per defender move in KIF.  --multipv N (1..800, default 1): every first
 * move's shortest mate, up to N best first (multipv.h), in text and JSON.
 * Options:
 * --hash MB (table size, 1..1048576, default 256), --time S (seconds per
 * problem, 0 = no limit), --nodes N (nodes per problem, 0 = no limit),
 * --rest (the pieces in nobody's hand go to the defender), --trace (the
 * search's trace on stderr).  Ctrl-C stops the search and prints the result
 * so far (cli.h).  Returns the exit status (cli.h): EXIT_MATE, EXIT_NOMATE,
 * EXIT_UNKNOWN, or EXIT_BADINPUT; with "-" or a file, the worst over the
 * problems.
 */
int cmd_solve(int argc, char **argv);

#endif
