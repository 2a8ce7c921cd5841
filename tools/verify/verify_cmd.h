/* verify_cmd.h -- `tsume verify FILE...`: the parallel batch verifier. */
#ifndef TSUME_VERIFY_CMD_H
#define TSUME_VERIFY_CMD_H

#include "cli.h"

/* The arguments after "tsume verify", as usage texts show them. */
#define VERIFY_ARGS                                                                                                    \
	"FILE... [--jobs N] [--threads T] [--time S] [--nodes N] [--hash MB] [--format text|json|csv] "                \
	"[--notation " CLI_NOTATION_NAMES "] [--futile " CLI_FUTILE_NAMES "] [--rest] [--shard I/N]"

/* Runs the verify sub-command; returns the exit status (0 every problem
 * passed, 1 some problem failed a check or was left undecided, 2 bad input:
 * a bad line, an unreadable file, or a usage error). */
int cmd_verify(int argc, char **argv);

#endif
