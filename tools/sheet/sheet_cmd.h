/* sheet_cmd.h -- `tsume sheet`: a worksheet (sheet.h) of problem collections. */
#ifndef TSUME_SHEET_CMD_H
#define TSUME_SHEET_CMD_H

/* tsume sheet FILE... [-o OUT.html] [--title T] [--rest] [--no-check] [--time S]
 * [--nodes N] [--hash MB] [--futile R] on argv[1..argc) (argv[0] is "sheet"):
 * reads problem collections (plain or gzip, see core/formats/problemio.h; "-" =
 * standard input) and checks each problem as `tsume verify` does (check.h,
 * verify_problem; --no-check: none).  A problem with no mate, the wrong
 * length, a stated line that is no mating line, a cook or a check left
 * undecided is named on stderr ("FILE:LINE: left out (mate M, stated N):
 * reasons") and left out; the others are numbered 1, 2, ... in file order,
 * with the checked answer (the stated line, else the solver's main line) and
 * its length, and the worksheet (sheet_write) goes to standard output or
 * OUT, which may not be one of the inputs.  --rest: the pieces in nobody's
 * hand go to the defender (else a warning names each such problem).  A bad
 * line is reported as "FILE:LINE: reason" (every bad line is reported) and
 * nothing is written.  Returns 0 when every problem is printed; 1 when some
 * was left out (no sheet when none is left); 2 on bad input, an unreadable
 * file, a write error or a usage error; 3 when the hash table cannot be
 * allocated; 130 on Ctrl-C (nothing written). */
int cmd_sheet(int argc, char **argv);

#endif
