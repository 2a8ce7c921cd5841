/* sheet_cmd.h -- `tsume sheet`: a worksheet (sheet.h) of problem collections. */
#ifndef TSUME_SHEET_CMD_H
#define TSUME_SHEET_CMD_H

/* tsume sheet FILE... [-o OUT.html] [--title T] [--rest] on argv[1..argc)
 * (argv[0] is "sheet"): reads problem collections (plain or gzip, see
 * core/problemio.h; "-" = standard input), numbers the problems 1, 2, ... in
 * file order, takes N from "; mate=N" (else the number of stated moves) and
 * writes the worksheet (sheet_write) to standard output or OUT, which may not
 * be one of the inputs.  --rest: the pieces in nobody's hand go to the
 * defender (else a warning names each such problem).  A bad line is
 * reported as "FILE:LINE: reason" (every bad line is reported) and nothing
 * is written.  Returns 0 on success, 2 on bad input, an unreadable file, a
 * write error or a usage error. */
int cmd_sheet(int argc, char **argv);

#endif
