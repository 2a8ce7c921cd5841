/*
 * version.c -- `tsume --version`: the version number (version.h) and the git
 * commit of the build (commit.h, written by the Makefile; only this file
 * includes it, so a new commit recompiles this object alone).
 */
#include "version.h"

#include "cli.h"
#include "commit.h"

#include <string.h>

void version_print(FILE *f)
{
	if (TSUME_COMMIT_DATE[0])
		fprintf(f, "tsume %s (commit %s, %s)\n", TSUME_VERSION, TSUME_COMMIT, TSUME_COMMIT_DATE);
	else
		fprintf(f, "tsume %s (commit %s)\n", TSUME_VERSION, TSUME_COMMIT);
}

int cmd_version(int argc, char **argv)
{
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		printf("usage: tsume --version\n  prints the version and the git commit of the build ('unknown' "
		       "outside a\n"
		       "  checkout), e.g. 'tsume 0.10.0 (commit 3345703, 2026-12-05)'\nexit status: 0\n");
		return EXIT_MATE;
	}
	if (argc > 1) {
		fprintf(stderr, "tsume: %s takes no arguments, got '%s'\nusage: tsume --version\n", argv[0], argv[1]);
		return EXIT_BADINPUT;
	}
	version_print(stdout);
	return EXIT_MATE;
}
