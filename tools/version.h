/*
 * version.h -- the program's version: TSUME_VERSION is the one place the
 * version number lives (the Makefile reads it from here for the man page's
 * footer).  The git commit the binary was built from is not here: the
 * Makefile writes it to $(BUILD)/gen/commit.h (TSUME_COMMIT, TSUME_COMMIT_DATE)
 * at build time, "unknown" when the source is not a git checkout.
 */
#ifndef TSUME_VERSION_H
#define TSUME_VERSION_H

#include <stdio.h>

#define TSUME_VERSION "0.10.0"

/* Writes the version line to f: "tsume 0.9.0 (commit 0fc2722, 2026-12-01)\n",
 * "commit 0fc2722-dirty" when the tree had uncommitted changes, "(commit
 * unknown)" when the source was not a git checkout.  The date is the
 * commit's (YYYY-MM-DD). */
void version_print(FILE *f);

/* `tsume version` (also `tsume --version`) on argv[1..argc): prints the
 * version line on stdout.  Returns EXIT_MATE (0), or EXIT_BADINPUT after a
 * usage message when arguments follow. */
int cmd_version(int argc, char **argv);

#endif
