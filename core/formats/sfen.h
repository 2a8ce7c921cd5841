/*
 * sfen.h -- SFEN position text (USI protocol, "position sfen ...").
 *
 * Accepted input:  [position] [sfen] BOARD SIDE HAND [MOVENUMBER] [moves M1 ...]
 *              or  [position] startpos [moves M1 ...]
 * HAND is '-' or pieces in any order with counts of one or two digits
 * (up to 18).  Errors name the field and the 1-based column of the input.
 *
 * A parsed position is validated: nine ranks of nine squares; known piece
 * letters; '+' only before P, L, N, S, B, R; no more pieces of a kind (board
 * plus hands, promoted counted as unpromoted) than the 40-piece set has; at
 * most one king per colour, none in hand; no piece that could never move
 * (pawn/lance on its last rank, knight on its last two); no two unpromoted
 * pawns of one colour on a file (nifu); the side not to move not in check.
 * Fewer than 40 pieces is allowed (tsume positions).  The move number is
 * 1..SFEN_MOVE_NUMBER_MAX (larger is an error); it is informational only.
 * Messages quote input bytes that are not printable ASCII or valid UTF-8
 * as \xNN, so a message is always valid UTF-8.
 */
#ifndef TSUME_SFEN_H
#define TSUME_SFEN_H

#include "position.h"

#include <stddef.h>

typedef struct {
	const char *field; /* "board", "side", "hand", "move number", "moves", "position" */
	int column;        /* 1-based column in the input text, 0 if not applicable */
	char message[200]; /* full human-readable message (includes field and column) */
} SfenError;

/* Status codes: 0 ok, negative error (zlib style). */
#define SFEN_OK 0
#define SFEN_ERR_SYNTAX (-1)  /* malformed text */
#define SFEN_ERR_ILLEGAL (-2) /* well-formed but not a legal position / move */

/* Largest move number read; sfen_play_moves counts on up to it and stays there. */
#define SFEN_MOVE_NUMBER_MAX 1000000

/* The start position. */
#define SFEN_STARTPOS "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

/* Parses and validates a position, stopping before any "moves" list.
 * On success returns SFEN_OK and, if moves_text is not NULL, sets *moves_text
 * to the text after the word "moves" (or NULL if there is none).  On error
 * returns a negative code, fills *err (if not NULL) and leaves *pos undefined. */
int sfen_parse_root(Position *pos, const char *text, SfenError *err, const char **moves_text);

/* Plays the space-separated USI moves of text on pos, each checked for
 * legality.  At most max_moves are played (POS_MAX_PLY bounds it).  If out is
 * not NULL the moves are stored there.  Returns the number of moves played
 * (>= 0) or a negative code with *err naming the first bad move and its
 * column relative to column_base (the column of text[0] in the full line). */
int sfen_play_moves(Position *pos, const char *text, int column_base, Move *out, int max_moves, SfenError *err);

/* sfen_parse_root followed by sfen_play_moves: the position after the moves. */
int sfen_parse(Position *pos, const char *text, SfenError *err);

/* Copies the first n bytes of s (fewer if s ends first) into buf of size
 * bytes as text safe to print in a message: printable ASCII and valid UTF-8
 * as they are, any other byte as \xNN; cut at a whole character when buf is
 * full.  Returns buf. */
const char *sfen_quote(char *buf, size_t size, const char *s, int n);

/* Validates a position built in memory (pos_clear, pos_put, pos_set_hand,
 * pos_finish_setup) by the rules sfen_parse_root applies to text: at most one
 * king per colour and none in hand; no more pieces of a kind on the board and
 * in both hands than the 40-piece set has; no piece that could never move;
 * no nifu; the side not to move not in check.  Returns SFEN_OK, or
 * SFEN_ERR_ILLEGAL with *err (if not NULL) naming the field ("board", "hand"
 * or "position"), column 0, and the square or piece at fault, e.g.
 * "board: two unpromoted sente pawns on file 5 (nifu)". */
int sfen_check(const Position *pos, SfenError *err);

/* Builds *pos from a board (board[sq] = the piece on sq, PIECE_NONE when
 * empty), hand counts hand[colour][pt] for pt = PAWN..GOLD (other entries
 * ignored) and the side to move, with move number 1, then validates it with
 * sfen_check.  For readers of other formats (KIF, CSA) and the problem
 * generator, so that none has to write SFEN text to parse it back.  Returns
 * SFEN_OK, or SFEN_ERR_ILLEGAL with *err filled (a hand count over the set,
 * e.g. 19 pawns, is refused before it is stored: field "hand").  *pos is
 * undefined on error. */
int sfen_setup(Position *pos, const Piece board[SQ_NB], const int hand[COLOR_NB][HAND_PT_NB], Color side,
               SfenError *err);

/* Writes the SFEN of pos (hands in the order R B G S N L P, sente first) into
 * buf of size bytes; returns the length, or -1 if buf is too small
 * (160 bytes always suffice). */
int sfen_format(const Position *pos, char *buf, size_t size);

#endif
