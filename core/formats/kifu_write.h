/*
 * kifu_write.h -- a KIF game record (Kakinoki's 棋譜ファイル format) written
 * with its variations (変化), for shogi GUIs: Kifu for Windows, ShogiGUI,
 * Shogidokoro, ShogiHome and Kifu for JS.  The reading side is conv.h.
 *
 * What is written, in UTF-8, one "\n"-terminated line each:
 *
 *   #KIF version=2.0 encoding=UTF-8     (how ShogiHome and Kifu for Windows
 *   #HEADER...                           V7 learn the encoding; '#' lines
 *                                        are comments to every reader)
 *   後手の持駒：...                      the BOD diagram of kif_board (kif.h):
 *   ...nine rows...                      no 手合割 line, the diagram is the
 *   先手の持駒：...                      position
 *   先手番
 *   手数：15手                           (only for a line that ends in mate;
 *                                        Kifu for JS then shows a tsume)
 *   手数----指手---------消費時間--
 *   *COMMENT                             (comments of the position itself)
 *      1 １二歩打     ( 0:00/00:00:00)
 *      2 同　金(21)   ( 0:00/00:00:00)+  ('+': the move has a variation)
 *   *COMMENT                             (a comment follows the move it is on)
 *     ...
 *     16 詰み         ( 0:00/00:00:00)   (a line that ends in mate)
 *   まで15手で詰み
 *
 *   変化：2手                            a variation: the move that replaces
 *      2 １一玉(21)   ( 0:00/00:00:00)   main-line move 2 and its
 *     ...                                continuation
 *
 * Move lines: the number right-aligned in 4 columns, a space, the move
 * field of kif_move_record (kif.h: "７六歩(77)", "１三銀打", "同　玉(54)",
 * "２三角成(45)"; a non-promotion has no 不成, as Kifu for Windows writes
 * and as tsshogi's reader requires) padded to 13 display columns (a
 * full-width character counts two), then a zero time.  Variations follow the
 * main line, those of later moves first: readers attach the move numbered N
 * to move N-1 of the line read last (tsshogi's importKIF) or of the nearest
 * earlier variation starting before N (json-kifu-format), and with the later
 * variations first both find the main line.  Variations of one move keep
 * the order given; every move but the last of them carries the '+'.
 */
#ifndef TSUME_KIFU_WRITE_H
#define TSUME_KIFU_WRITE_H

#include "position.h"

#include <stdbool.h>
#include <stdio.h>

/* A variation: moves[0] replaces the main line's move main[ply], or, at
 * ply n_main of a main line that ends in mate, its 詰み (a line that plays
 * on where ours ends). */
typedef struct {
	int ply;             /* 0-based, 0..n_main-1, or n_main when mate */
	const Move *moves;   /* legal from the position before main[ply] */
	int n;               /* >= 1 */
	bool mate;           /* the variation ends in mate: a 詰み line follows */
	const char *comment; /* one line written as "*TEXT" after moves[0], or NULL */
} KifuBranch;

/* A comment line ("*TEXT"), shown by GUIs at the move it follows. */
typedef struct {
	int ply;          /* it follows main[ply]; -1: the position's own comment, before move 1 */
	const char *text; /* one line, UTF-8, no line break */
} KifuComment;

typedef struct {
	const Position *root;      /* the position the record starts from */
	const char *const *header; /* n_header lines written as "#TEXT" after the encoding line */
	int n_header;
	const Move *main;         /* the main line, legal from root */
	int n_main;               /* 0: no moves */
	bool mate;                /* the main line ends in mate: 手数, 詰み and まで lines */
	const KifuBranch *branch; /* in any order by ply */
	int n_branch;
	const KifuComment *comment; /* in any order */
	int n_comment;
} Kifu;

/* Writes k to f.  Returns 0, or -1 with nothing written when a branch or
 * comment is out of range (ply outside the main line -- a branch past its
 * 詰み included -- n < 1, a line passing
 * POS_MAX_PLY plies), a move of the main line or of a branch is not legal
 * where it is played (gen_is_legal), or memory runs out (one Position,
 * about 165 KB, is allocated); -1 also when f has an error after writing
 * (ferror). */
int kifu_write(FILE *f, const Kifu *k);

#endif
