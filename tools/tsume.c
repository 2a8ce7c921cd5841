/*
 * tsume.c -- the command-line front end: one binary, git-style sub-commands,
 * dispatched from COMMANDS below; `tsume help` prints the list made from it.
 * Each sub-command lives in its own file (solve.c, movegen_cmd.c, bench.c,
 * convert.c, verify_cmd.c, generate.c, merge.c, sheet_cmd.c, usi.c); what
 * they share (exit statuses, option values, Ctrl-C, JSON) is in cli.h.
 */
#include "bench.h"
#include "cli.h"
#include "convert.h"
#include "generate.h"
#include "merge.h"
#include "movegen_cmd.h"
#include "sheet_cmd.h"
#include "solve.h"
#include "usi.h"
#include "verify_cmd.h"
#include "version.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define USI_HELP                                                                                                       \
	"usage: tsume usi\n"                                                                                           \
	"The USI 'go mate' engine for shogi GUIs (ShogiGUI, Shogidokoro, ShogiHome): register the tsume binary\n"      \
	"as an engine; commands come on standard input, answers on standard output.\n"                                 \
	"  commands: usi, isready, setoption, usinewgame, position, go mate MS|infinite, stop, gameover, quit\n"       \
	"  options:  USI_Hash (MB, 1..1048576, default 256), Threads (1..256, default the cores),\n"                   \
	"            ShortestMate (true|false, default true), FutileRule (" CLI_FUTILE_NAMES "),\n"                    \
	"            MultiPV (1..800, default 1), PlayOutFutile (true|false, default false)\n"                         \
	"  answers:  checkmate M1 ... MN, checkmate nomate, checkmate timeout\n"                                       \
	"At the end of input a running search still answers; quit stops it.  Exit status 0 (a hash table\n"            \
	"that cannot be allocated is an info string error; the engine goes on), 1 out of memory at start.\n"

static int cmd_usi(int argc, char **argv)
{
	(void)argv;
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs(USI_HELP, stdout);
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "tsume: usi takes no arguments, got '%s'\n" USI_HELP, argv[1]);
		return 2;
	}
	return usi_run(stdin, stdout, NULL);
}

typedef struct {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is "tsume NAME"; returns the exit status */
	const char *args;                  /* the synopsis after the name */
	const char *summary;               /* what it does, for `tsume help` */
} Command;

static const Command COMMANDS[] = {
    {"solve", cmd_solve, SOLVE_ARGS, "solve a tsume problem; '-' = one problem per line of stdin"},
    {"perft", cmd_perft, PERFT_ARGS, "count the leaves of the legal-move tree"},
    {"moves", cmd_moves, MOVES_ARGS, "list legal moves in USI (strcmp order)"},
    {"bench", cmd_bench, BENCH_ARGS, "speed figures; --signature: the search's fingerprint"},
    {"convert", cmd_convert, "FILE... [-o OUT] [--rest]", "KIF/CSA problem files to problem lines (OUT.gz: gzip)"},
    {"verify", cmd_verify, VERIFY_ARGS, "check problem collections"},
    {"generate", cmd_generate, GENERATE_ARGS, "teaching problems"},
    {"merge", cmd_merge, MERGE_ARGS, "join the shards of a verify or generate run (--shard I/N)"},
    {"sheet", cmd_sheet,
     "FILE... [-o OUT.html] [--title T] [--usi] [--rest] [--no-check] [--time S] [--nodes N] [--hash MB] [--futile R]",
     "printable HTML worksheet of a problem collection"},
    {"usi", cmd_usi, "", "USI 'go mate' engine for shogi GUIs (also: no arguments and 'usi' on stdin)"},
};

/* Column of the summaries: after a longer synopsis, two spaces or, if the
 * line would pass WRAP_COLUMN, the next line.  Synopses are wrapped at
 * spaces before WRAP_COLUMN. */
#define SUMMARY_COLUMN 36
#define WRAP_COLUMN 100

static void usage(FILE *f)
{
	fprintf(f, "usage: tsume COMMAND [ARGS]\n"
	           "       tsume --version (or version): the version and the git commit it was built from\n"
	           "       tsume help COMMAND (or COMMAND --help): that command's options\n");
	for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
		const Command *c = &COMMANDS[i];
		int col = fprintf(f, "  %s", c->name), indent = col + 1;
		for (const char *w = c->args; *w;) {
			int len = (int)strcspn(w, " ");
			if (col + 1 + len > WRAP_COLUMN && col > indent) {
				fprintf(f, "\n%*s", indent - 1, "");
				col = indent - 1;
			}
			col += fprintf(f, " %.*s", len, w);
			w += len + strspn(w + len, " ");
		}
		int pad = SUMMARY_COLUMN - col;
		if (pad < 2 && col + 2 + (int)strlen(c->summary) <= WRAP_COLUMN)
			pad = 2; /* a short summary still fits after a long synopsis */
		else if (pad < 2) {
			fputc('\n', f);
			pad = SUMMARY_COLUMN;
		}
		fprintf(f, "%*s%s\n", pad, "", c->summary);
	}
	fprintf(
	    f, "SFEN: 'startpos', an SFEN line (optionally with 'sfen'/'position' and 'moves ...'), or '-' for stdin.\n"
	       "Exit status: 0 success (solve: mate), 1 no mate (verify: a problem failed; generate: fewer found),\n"
	       "2 bad input or usage, 3 unknown (a limit stopped the search; solve after Ctrl-C too),\n"
	       "130 interrupted (Ctrl-C: verify, generate, sheet; any command at a second Ctrl-C).\n");
}

/* A command's exit status, made 2 (with a message) when standard output
 * could not be written (a full disk, /dev/full, a closed pipe): a result
 * that never reached its reader is not a success. */
static int stdout_status(int rc)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "tsume: standard output: write error\n");
		return EXIT_BADINPUT;
	}
	return rc;
}

int main(int argc, char **argv)
{
	core_init();
	if (argc < 2) {
		/* a GUI starts the engine without arguments and sends "usi" first
		 * (blank lines before it, and blanks around it, ignored as USI
		 * ignores them) */
		char first[256];
		while (!isatty(STDIN_FILENO) && fgets(first, sizeof first, stdin)) {
			char *w = first + strspn(first, " \t");
			size_t n = strcspn(w, "\r\n");
			while (n > 0 && (w[n - 1] == ' ' || w[n - 1] == '\t'))
				n--;
			if (n == 0 && w[0] != '\0')
				continue; /* a blank line (cut short only at EOF) */
			w[n] = '\0';
			if (strcmp(w, "usi") == 0)
				return stdout_status(usi_run(stdin, stdout, w));
			break;
		}
		usage(stderr);
		return EXIT_BADINPUT;
	}
	const char *cmd = argv[1];
	for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
		if (strcmp(cmd, COMMANDS[i].name) == 0) {
			/* getopt_long's own messages ("unrecognized option") then
			 * name the command as "tsume solve: ..." */
			char name[32];
			snprintf(name, sizeof name, "tsume %s", COMMANDS[i].name);
			argv[1] = name;
			return stdout_status(COMMANDS[i].run(argc - 1, argv + 1));
		}
	if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0)
		return stdout_status(cmd_version(argc - 1, argv + 1));
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
		/* tsume help CMD: the command's own --help */
		for (size_t i = 0; argc > 2 && i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
			if (strcmp(argv[2], COMMANDS[i].name) == 0) {
				char name[32], help[] = "--help";
				snprintf(name, sizeof name, "tsume %s", COMMANDS[i].name);
				char *args[] = {name, help, NULL};
				return stdout_status(COMMANDS[i].run(2, args));
			}
		if (argc > 2) { /* tsume help BOGUS: as tsume BOGUS */
			fprintf(stderr, "tsume: unknown command '%s'\n", argv[2]);
			usage(stderr);
			return EXIT_BADINPUT;
		}
		usage(stdout);
		return stdout_status(EXIT_MATE);
	}
	fprintf(stderr, "tsume: unknown command '%s'\n", cmd);
	usage(stderr);
	return EXIT_BADINPUT;
}
