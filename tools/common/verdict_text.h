/*
 * verdict_text.h -- the verdict on a stated answer in words, and the moves
 * the text reports of verify and solve name, in Japanese notation or in USI
 * (--notation, cli.h).
 *
 * A move in Japanese notation says who plays it and where from, so it is
 * written on the position it is played from: the problem's root with the
 * line's moves before it replayed ("▲２一金打", "△同　玉": kif.h's
 * kif_move, the mover's mark first).  A move that cannot be placed on a
 * position (it, or a move of the line before it, is not legal there) is
 * written in USI.
 */
#ifndef TSUME_VERDICT_TEXT_H
#define TSUME_VERDICT_TEXT_H

#include "cli.h"
#include "kif.h"
#include "verify.h"

#include <stddef.h>
#include <stdio.h>

/* The size of a buffer that holds any move name of verdict_move_text. */
#define VERDICT_MOVE_MAX KIF_MOVE_MAX

/* Writes into buf (VERDICT_MOVE_MAX bytes) the name of move m played at ply
 * `ply` (0-based) of a line from root, that is after line[0..ply): with
 * CLI_NOTATION_JA the JSA text with the mover's mark, "同" when m lands on
 * the square of line[ply - 1]; with CLI_NOTATION_USI, or when m or a move of
 * line[0..ply) is not legal where it is played, the USI text.  root is not
 * modified.  Returns buf. */
const char *verdict_move_text(const Position *root, const Move *line, int ply, Move m, CliNotation nt,
                              char buf[VERDICT_MOVE_MAX]);

/* The size of a buffer that holds any piece name of verdict_piece_text. */
#define VERDICT_PIECE_MAX 32

/* Writes into buf (VERDICT_PIECE_MAX bytes) the name of the attacker's piece
 * *p (an unnecessary piece of verify.h): with CLI_NOTATION_JA the square and
 * the piece as books write them, "９九金", "５一龍", or "金(hand)"; with
 * CLI_NOTATION_USI the piece's SFEN letter (the attacker's case: upper for
 * sente, lower for gote; '+' before a promoted one) and the USI square,
 * "G9i", "+R5a", or "G(hand)".  Returns buf. */
const char *verdict_piece_text(const VerifyPiece *p, Color attacker, CliNotation nt, char buf[VERDICT_PIECE_MAX]);

/* Writes moves[0..n), played in turn from root, to out, each after a single
 * space: " ▲１二歩打 △同　玉" (CLI_NOTATION_JA) or " P*1b 2a1b"
 * (CLI_NOTATION_USI); from a move that is not legal where it is played on,
 * USI.  Write errors are left in out's error flag. */
void verdict_line_write(FILE *out, const Position *root, const Move *moves, int n, CliNotation nt);

/* Writes into buf (size bytes, always terminated) the verdict v on the
 * stated line given[0..n) of the problem root, where and why in words:
 *   CLI_NOTATION_USI: "変長: at ply 8 the defence 2a1b lasts 16 plies, 2
 *                     more than the stated line leaves";
 *   CLI_NOTATION_JA:  "変長: at ply 8 △１二玉 lasts 16 plies, 2 more than
 *                     the stated line leaves" (the mark says whose move it
 *                     is, so a defence is not called one).
 * Without a stated line (v->ply -1) the totals alone: "早詰: a mate in 3
 * plies, shorter than the stated 5".  Returns the length snprintf gives
 * (>= size: cut), 0 when the verdict has no ply and move to tell (exact,
 * no_mate without a stated line, ...: its name says it all). */
int verdict_text(const VerifyStated *v, const Position *root, const Move *given, int n, CliNotation nt, char *buf,
                 size_t size);

#endif
