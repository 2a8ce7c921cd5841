/*
 * cli.h -- what every sub-command of the tsume binary shares: exit codes,
 * option values, the clock, Ctrl-C, CSV fields and the names of search
 * stops.  One copy of each, used by solve, perft, moves, bench, verify and
 * generate (usi speaks its own protocol and needs none of it).
 *
 * Only tools/ prints and exits; the functions here that print write to the
 * stream they are given or, for option errors, to stderr.
 */
#ifndef TSUME_CLI_H
#define TSUME_CLI_H

#include "clock.h"
#include "dfpn.h"
#include "number.h"
#include "problemio.h"
#include "problemio_write.h"
#include "verify.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Exit statuses of the sub-commands.
 *
 *   EXIT_MATE        0  solve: every problem is mate (and the main line was
 *                       found); every other command: success (perft, moves,
 *                       bench without wrong answers, verify: every problem
 *                       passed, generate: all K problems written).
 *   EXIT_NOMATE      1  solve: some problem is proven not to be mate;
 *                       verify, merge: some problem failed a check; sheet: some problem was left out;
 *                       generate: fewer than K problems found (those found
 *                       are written); bench: a wrong answer.
 *   EXIT_BADINPUT    2  every command: bad usage, a bad option value, a
 *                       bad position or problem line, a file that cannot be
 *                       read or written.
 *   EXIT_UNKNOWN     3  solve: a limit (--time, --nodes, memory, Ctrl-C)
 *                       stopped the search before mate or no mate was proven;
 *                       verify, merge: no problem failed, but a limit left
 *                       some undecided (未決); verify, sheet: a hash table
 *                       that cannot be had.
 *   EXIT_INTERRUPTED 130 (128 + SIGINT) sheet: stopped by Ctrl-C, nothing
 *                       written; generate: stopped by Ctrl-C, the
 *                       problems found so far written; verify: stopped by
 *                       Ctrl-C, the problems finished reported (those cut
 *                       short left out); any command: a second
 *                       Ctrl-C exits at once with this status.
 *
 * solve - (one problem a line) exits with the worst status of its lines:
 * bad input, then unknown, then no mate, then mate (cli_worse_status).
 */
enum {
	EXIT_MATE = 0,
	EXIT_NOMATE = 1,
	EXIT_BADINPUT = 2,
	EXIT_UNKNOWN = 3,
	EXIT_INTERRUPTED = 130,
};

/* The worse of two solve statuses (EXIT_MATE..EXIT_UNKNOWN): bad input is
 * worse than unknown, unknown than no mate, no mate than mate. */
int cli_worse_status(int a, int b);

/* ---- option values ---- */

/* Whole numbers are parsed by num_parse_uint (core/formats/number.h). */

/* Parses s as a decimal number of seconds in lo..hi: digits with at most
 * one '.', at least one digit ("2", "0.5", ".5", "3."); no sign, space,
 * exponent, hex, "inf" or "nan".  Returns true and sets *out, else false
 * (*out unchanged). */
bool cli_parse_seconds(const char *s, double lo, double hi, double *out);

/* Prints "PROG: OPT must be WHAT, got 'GOT'" and a newline on stderr, the
 * form of every bad option value: e.g. "tsume: --format must be text or
 * json, got 'xml'".  GOT is printed as given. */
void cli_bad_value(const char *prog, const char *opt, const char *what, const char *got);

/* num_parse_uint(s, lo, hi, out) that, on failure, reports with
 * cli_bad_value: "PROG: OPT must be a whole number of UNIT, LO..HI, got 'S'",
 * ("a whole number, LO..HI" when unit is NULL), with " (NOTE)" after the
 * range when note is not NULL, e.g.
 * "tsume: --hash must be a whole number of megabytes, 1..1048576, got 'x'".
 * Returns whether s was accepted. */
bool cli_option_uint(const char *prog, const char *opt, const char *s, uint64_t lo, uint64_t hi, const char *unit,
                     const char *note, uint64_t *out);

/* cli_parse_seconds(s, lo, hi, out) that, on failure, reports "PROG: OPT
 * must be a decimal number of seconds, LO..HI[ (NOTE)], got 'S'" (the bounds
 * printed as whole numbers when they are).  Returns whether s was accepted. */
bool cli_option_seconds(const char *prog, const char *opt, const char *s, double lo, double hi, const char *note,
                        double *out);

/* The largest --time of every command that takes one (solve, verify, sheet):
 * 1e9 seconds, about 31 years. */
#define CLI_TIME_S_MAX 1e9

/* Joins argv[first..last) with single spaces into a new string (an unquoted
 * SFEN arrives as several arguments); "" when first >= last.  Returns NULL if
 * memory runs out; free() the result. */
char *cli_join_args(char **argv, int first, int last);

/* The futility rules' names as a sentence ("none, narrow, ... or
 * answered"), from the solver's table, into buf (size bytes); returns buf. */
const char *cli_futile_names(char *buf, size_t size);

/* --futile NAME: the futile-interposition rule (dfpn.h, futile.h) called s.
 * Returns true and sets *rule; else reports "PROG: --futile must be none or
 * narrow, got 'S'" and returns false. */
bool cli_option_futile(const char *prog, const char *s, DfpnFutileRule *rule);

/* The names of the rules for usage texts: "none|narrow|broad|nogain|answered"
 * (a constant for the usage strings; tests/test_cli_parse.c holds it equal
 * to the solver's table of rules). */
#define CLI_FUTILE_NAMES "none|narrow|broad|nogain|answered"

/* How the text reports of verify and solve name the moves of their verdicts
 * (--notation): Japanese notation ("▲２一金打", "△同　玉"; the default) or
 * USI ("G*2a", "1b2a").  JSON reports use USI whatever the choice. */
typedef enum { CLI_NOTATION_JA, CLI_NOTATION_USI } CliNotation;

/* --notation NAME: "ja" or "usi".  Returns true and sets *out; else reports
 * "PROG: --notation must be ja or usi, got 'S'" and returns false. */
bool cli_option_notation(const char *prog, const char *s, CliNotation *out);

/* The names of the notations for usage texts. */
#define CLI_NOTATION_NAMES "ja|usi"

/* ---- Ctrl-C ----
 *
 * The first SIGINT sets a stop flag: a search given it (DfpnLimits.stop)
 * returns, the command prints what it has and reads no further input.  The
 * second SIGINT exits at once with EXIT_INTERRUPTED, first writing a newline
 * on stderr when a progress line may be on the terminal.  A signal handler
 * can only reach static storage, so the flag is the one mutable global of
 * the program (cli.c). */

/* Clears the flag and installs the handler (without SA_RESTART: a Ctrl-C also
 * ends a blocking read of stdin).  newline_on_exit: a progress line may be on
 * stderr.  Returns the stop flag, to be passed to searches. */
atomic_bool *cli_sigint_install(bool newline_on_exit);

/* The number of processors online (sysconf _SC_NPROCESSORS_ONLN), at least
 * 1: the default of --jobs and --threads. */
int cli_cores(void);

/* Puts back the SIGINT action that cli_sigint_install replaced. */
void cli_sigint_restore(void);

/* true once a SIGINT has arrived since cli_sigint_install. */
bool cli_interrupted(void);

/* ---- output ---- */

/* Writes s to f as one CSV field (RFC 4180): as it is when it holds no
 * comma, double quote, CR or LF; else in double quotes with each double
 * quote doubled. */
void cli_csv_field(FILE *f, const char *s);

/* The word printed for the reason a search stopped, as solve shows it in
 * "unknown (REASON)" and JSON "reason": "time", "nodes", "stopped" (the stop
 * flag, i.e. Ctrl-C), "depth" (the line reached POS_MAX_PLY plies), "memory"
 * (the solver's move arena could not grow), "none" (DFPN_STOP_NONE: the
 * search was not stopped). */
const char *cli_reason_name(DfpnStopReason r);

/* Has the defender of pos (the side not to move) a king to mate?  Returns
 * true if so; otherwise false with "bad position: the defender (gote, the
 * side not to move) has no king" (or sente) in err (size bytes), the message
 * solve, convert and the USI engine give. */
bool cli_defender_has_king(const Position *pos, char *err, size_t size);

/* Warns on stderr, after the prefix where ("FILE:LINE", "tsume"), that
 * missing (> 0) pieces of the set are in nobody's hand and that --rest
 * gives them to the defender: the warning of solve, verify, sheet and
 * convert. */
void cli_warn_missing(const char *where, int missing);

/* The note on a problem of a KIF file whose diagram has no line for the
 * defender's hand (conv.h: the defender is given the rest of the set): "no
 * 後手の持駒 line: the defender holds the rest of the set (残り全部)" (先手
 * when gote attacks: attacker is the side to move). */
const char *cli_defender_rest_note(Color attacker);

/* ---- input lines ---- */

/* Reads one line of f, without its newline, into buf of size bytes (cut to
 * fit: the rest is read past in constant memory).  *len = the line's full
 * length, *nul = 1-based column of its first NUL byte (0: none).  Returns
 * false at the end of the input. */
bool cli_read_line(FILE *f, char *buf, size_t size, size_t *len, size_t *nul);

/* ---- output files ---- */

/* true iff the two paths name one file: the same text, one existing file
 * (same device and inode), or -- neither existing yet -- the same name in
 * one directory ("x.sfen" and "./x.sfen"). */
bool cli_same_file(const char *a, const char *b);

/* true iff writing output (a path, not "-") would overwrite the input
 * named `input`: cli_same_file, or, for the input "-", the regular file
 * standard input was redirected from ("solve - -o x.sfen < x.sfen"). */
bool cli_input_is_output(const char *input, const char *output);

/* true iff s ends in suffix, ASCII letters in any case (".KIF" ends in ".kif"). */
bool cli_ends_with(const char *s, const char *suffix);

/* true iff path ends in ".gz" (any case): such an output is written with gzip. */
bool cli_ends_with_gz(const char *path);

/* A problem collection being written (problemio.h).  A regular file is
 * written under a temporary name (PATH.tmpPID) and renamed over PATH only
 * when complete, so an earlier file of that name -- or an input of the same
 * run -- survives a failure, an interruption or a kill; devices, pipes and
 * "-" (standard output) are written directly. */
typedef struct {
	PioWriter *wr;
	const char *path; /* as given; NULL or "-" = standard output */
	bool to_file;     /* written as tmp_path, renamed at the end */
	char tmp_path[4096];
} CliOutput;

/* Checks at start-up that path (not "-", a device or a pipe) can be written
 * -- a file created there and removed at once -- so that a long run does
 * not fail only at its end.  Returns 0, or EXIT_BADINPUT after a message
 * "PROG: PATH: reason" on stderr (a directory, a missing directory, no
 * permission), or "PROG: an output file name is empty" for "". */
int cli_output_check(const char *path, const char *prog);

/* Opens path (gzip when it ends in .gz) for writing.  Returns 0, or
 * EXIT_BADINPUT after a message "PROG: PATH: reason" on stderr. */
int cli_output_open(CliOutput *out, const char *path, const char *prog);

/* Closes the output: renames a complete file into place; with rc ==
 * EXIT_BADINPUT (the run failed) removes it instead, leaving any earlier
 * file untouched.  Returns rc, or EXIT_BADINPUT after a message if closing
 * (a write error, a full disk) or renaming failed. */
int cli_output_close(CliOutput *out, int rc, const char *prog);

#endif
