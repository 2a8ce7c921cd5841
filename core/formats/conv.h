/*
 * conv.h -- KIF and CSA problem files read into a Position and a move list
 * (the KIF reader is conv_kif.c, the CSA reader conv_csa.c).
 *
 * KIF (Kakinoki's format, as Kifu for Windows, Shogidokoro, ぴよ将棋 and
 * KifuForJS write it), UTF-8 or Shift_JIS (CP932): the encoding is UTF-8
 * when the bytes are valid UTF-8 (or start with a BOM), CP932 otherwise
 * (converted with iconv).  Read: the BOD diagram (後手の持駒／上手の持駒, the
 * nine rows "| ・v香 ...|一", 先手の持駒／下手の持駒, 先手番／後手番), or
 * 手合割：平手 without a diagram; 作品名 and 作者 (the credits, kept as
 * they are written, blanks at either end trimmed); the move list "   1 ３二金打   (00:00/...)"
 * up to an end word (詰み, 中断, 投了 ...) or the first 変化 (variations are
 * not read).  A move is read as destination (or 同), piece, modifiers
 * (右左直上引寄), 成/不成/打 and the origin "(77)"; it must name exactly one
 * legal move (without an origin, the JSA modifiers decide between pieces).
 * The hands are taken as the file states them: pieces of the set that the
 * file gives to nobody are given to nobody, unless --rest; but a diagram
 * with no line at all for the hand of the defender (the side not to move)
 * gives the defender the rest of the set (残り全部), the convention of tsume
 * diagrams, and says so (defender_rest).  A diagram
 * whose moves end on an even move (the defender's: a problem's answer ends
 * with the attacker's mating move) with no end word, まで line, 変化 or
 * 手数 of that length after them is a file cut short, an error (a game
 * from 手合割 without a diagram is not a problem, and is not checked).
 * What a file states twice or both ways is an error, never one reading
 * chosen: a hand or the side to move given twice (先手番 and 後手番), a
 * hand of なし and pieces; so is a stated length (手数, まで) over
 * POS_MAX_PLY, however many digits it has.
 *
 * CSA (V2.x): P1..P9 rows (all nine, each once, each of nine squares: a row
 * missing or short is an error), PI with removals, P+/P- piece lists (00XX = in
 * hand, 00AL = the rest of the set to that side), the side line "+"/"-",
 * moves "+7776FU" (a promoted piece code on an unpromoted piece means a
 * promotion), "%..." ends the moves; ',' separates statements on a line, "'"
 * starts a comment, "/" ends the first game.  As in KIF, an even number of
 * moves with no "%" or "/" after them is a file cut short, unless the
 * position is PI (a game from the start position or a handicap).
 */
#ifndef TSUME_CONV_H
#define TSUME_CONV_H

#include "conv_problem.h"

#include <stdbool.h>
#include <stddef.h>

#define CONV_FILE_MAX (8u << 20) /* largest input file read, bytes */

/* Converts the bytes of one KIF (UTF-8 or CP932, detected) or CSA file.
 * rest: give the pieces in nobody's hand to the side not to move.  Returns
 * 0 with *out filled, or -1 with out->line and out->error set. */
int conv_text(const char *data, size_t len, bool rest, ConvProblem *out);

/* Reads path (at most CONV_FILE_MAX bytes) and converts it with conv_text. */
int conv_file(const char *path, bool rest, ConvProblem *out);

/* Bytes of a file's start that conv_detect looks at. */
#define CONV_DETECT_HEAD 4096

/* Is the file a KIF or CSA problem file (for conv_file) rather than problem
 * lines (problemio.h)?  True when path (may be NULL) ends in .kif, .kifu or
 * .csa, in any case, or when head, the file's first n bytes (at most
 * CONV_DETECT_HEAD are looked at), has a line that starts with a KIF header
 * word -- 先手の持駒 (後手, 上手, 下手), 手合割 or 手数---- in UTF-8 or
 * Shift_JIS -- or its first line that is neither blank nor a CSA comment (')
 * is a CSA statement: "V2", "N+", "N-", "$...", "PI", "P+", "P-", or
 * "P1".."P9" followed by '+', '-' or a blank (a SFEN board row never has a
 * sign or a blank after "P<digit>").  Such words inside a comment or a
 * metadata value of a problem line do not count.  No error case. */
bool conv_detect(const char *path, const char *head, size_t n);

/* The metadata written after a converted problem, into buf (size bytes,
 * truncated to fit): "mate=N ; title=T ; author=A ; source=PATH", mate=N
 * when mate > 0 (`tsume convert` gives the number of moves read, the
 * problem reader the length the file states), title and author when cp
 * (NULL: none) has them (KIF 作品名, 作者); ';', blanks and line breaks in
 * path become '_' so that the name cannot end the value early or read as
 * another key (problemio.h); in a title or an author ';' and '=' become
 * their full-width forms (；＝) and tabs blanks, for the same reason.
 * Returns buf. */
char *conv_meta(int mate, const char *path, const ConvProblem *cp, char *buf, size_t size);

#endif
