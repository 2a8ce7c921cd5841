/*
 * web.h -- the entry points of the web page (make web, doc/web.md), called
 * from its Web Worker (tools/web/page.js) on files of emscripten's
 * in-memory file system; one search thread.  Compiled by emscripten only.
 */
#ifndef TSUME_WEB_H
#define TSUME_WEB_H

/* Solves the problems of the file in (problem lines, KIF or CSA), as `tsume
 * solve --format json --threads 1 -o out` does: the JSON line of each in the
 * file out, the messages on stderr; a progress line on stderr about every
 * 100 ms after the first second.  futile is a --futile name, time_s the
 * --time limit (0: none), hash_mb the table, rest not 0: the pieces in
 * nobody's hand go to the defender (--rest).  Returns solve's exit status:
 * 0 mate, 1 no mate, 2 bad input, 3 unknown (a limit stopped the search). */
int web_solve(const char *in, const char *out, const char *futile, double time_s, int hash_mb, int rest);

/* Checks the first problem of the file in as `tsume verify` does, shown as
 * the file `shown`: its text line (moves in Japanese notation) in the file
 * text_out and its JSON line in json_out; a bad line's reason or a warning
 * on stderr; rest as for web_solve.  Returns 0 pass, 1 fail, 2 a bad line or file, 3 no table,
 * 4 the problem states neither a line nor a length (nothing written). */
int web_verify(const char *in, const char *shown, const char *text_out, const char *json_out, const char *futile,
               double time_s, int hash_mb, int rest);

/* Writes to the file out the position of sfen_moves ("SFEN [moves M...]",
 * USI moves) and the one after each of its moves, as SFEN, one a line.
 * Returns 0, or 2 after the message of a bad position or move on stderr. */
int web_line(const char *sfen_moves, const char *out);

/* Stops the running web_solve as Ctrl-C stops `tsume solve`: the search
 * ends and reports the best line it holds (reason "user").  Called from
 * within the search (the worker's progress hook), the only time the worker
 * can act. */
void web_stop(void);

#endif
