/*
 * web.h -- the entry point of the web page (make web, doc/web.md), called
 * from its Web Worker (tools/web/worker.js) with a file of emscripten's
 * in-memory file system; one search thread.  Compiled by emscripten only.
 */
#ifndef TSUME_WEB_H
#define TSUME_WEB_H

/*
 * Solves the first problem of a file and checks it, as `tsume solve --format
 * json --threads 1` and `tsume verify` do.  request is a JSON object:
 *   "file"    the path of the problem in the in-memory file system: problem
 *             lines, a KIF or a CSA file, told by content as `tsume solve
 *             FILE` tells them (problemio.h, conv.h)
 *   "shown"   the name verify's line gives the problem ("" for pasted text)
 *   "futile"  the futile-interposition rule, as --futile names it
 *   "time"    seconds, 0..86400, 0 = no limit (for the search, then for the checks)
 *   "hash"    the table, 1..2048 megabytes
 *   "rest"    true: the pieces in nobody's hand go to the defender (--rest)
 * While it runs it posts to the page (postMessage) {"kind":"line", "length",
 * "usi", "kif", "positions"} each time the search has proven a line shorter
 * than the last one posted; {"kind":"progress", "nodes", "seconds",
 * "hashfull"} about every 0.25 s; and, before the checks, {"kind":"solved",
 * ...} with what the reply says so far.  It asks the worker's
 * tsumeStopAsked() at each progress report: once true, the search ends as
 * Ctrl-C ends `tsume solve`, on the line it holds, and no checks follow.
 * Messages (a bad problem's, a warning) go to stderr, as the commands write them.
 *
 * Returns the reply, a JSON object (malloc'd: free it; NULL when out of
 * memory): "status" solve's exit status (0 mate, 1 no mate, 2 bad input or
 * request, 3 unknown); "stopped" (the page's Stop ended the search);
 * "solve" solve's JSON object; "main" and, when the problem states an
 * answer, "stated": the line with "usi", "kif" (Japanese notation, one a
 * move) and "positions" (SFEN, the start and after each move); "verify":
 * {"status" 0 pass or 1 fail, "text" verify's line in Japanese notation,
 * "json" verify's JSON object} when the problem states a line or a length.
 */
char *web_run(const char *request);

#endif
