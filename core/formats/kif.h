/*
 * kif.h -- Japanese move text and the KIF/BOD board diagram, in UTF-8.
 *
 * Two move styles:
 *
 *  - kif_move: the notation of the Japan Shogi Association (棋譜の表記方法),
 *    as printed in books and newspapers: "▲７六歩", "△同　玉", "▲２三金打",
 *    "▲５八金右", "▲２二角不成".  It names the destination, the piece and, only
 *    when needed, the modifiers that make the move unambiguous.
 *
 *  - kif_move_record: the move field of a Kakinoki KIF game file, as Kifu for
 *    Windows and Shogidokoro write it: "７六歩(77)", "１三銀打", "同　玉(54)",
 *    "２三角成(45)".  The source square is explicit, so there is no modifier,
 *    every drop carries 打, and a non-promotion is written without 不成.
 *
 * Text pieces: destination file as a full-width digit (１..９), rank as a
 * kanji (一..九); piece names 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍
 * (玉 for both kings); sente ▲, gote △.  "同" plus a full-width space
 * replaces the destination when it equals the previous move's destination.
 *
 * Disambiguation in kif_move (JSA rules).  Let C be the pieces of the mover's
 * colour and of the moved piece's type (成銀 and 金 are different types) that
 * can legally move to the destination.  When C has two or more members:
 *   1. motion: 上 (forward), 寄 (sideways), 引 (backward), seen from the
 *      mover.  If no other member of C moves the same way, that word alone.
 *   2. otherwise position: 右 / 左 = the piece stands right / left of the
 *      destination, seen from the mover (for gote the board is mirrored);
 *      直 = it moves straight forward (any piece but 龍/馬).  For 龍 and 馬
 *      (at most two of each) 右 / 左 compare the two pieces with each other,
 *      and 直 is not used.  If no other member of C has the same position
 *      word, that word alone.
 *   3. otherwise both, position first: 右上, 左引, 左寄 ...
 * A pinned piece cannot legally move and does not count.  A drop gets 打
 * only when a board piece of the same type could also move to the square.
 * 成 follows a promotion; 不成 a move that could have promoted but did not.
 *
 * All functions return the length in bytes of the text written (without the
 * terminating NUL), or -1 when buf is too small; then buf holds "" (if size
 * > 0).  Moves must be legal in pos; pos is the position before the move.
 */
#ifndef TSUME_KIF_H
#define TSUME_KIF_H

#include "position.h"

#include <stddef.h>

/* Buffer sizes that always suffice. */
#define KIF_MOVE_MAX 64    /* one move, either style, with its NUL */
#define KIF_BOARD_MAX 1024 /* kif_board, with its NUL */

/* The JSA text of the legal move m played from pos.  prev is the move played
 * just before m (MOVE_NONE or MOVE_NULL if none); it only decides "同".
 * m may come from a generator or from usi_parse (the moved piece is read
 * from the board). */
int kif_move(const Position *pos, Move m, Move prev, char *buf, size_t size);

/* The KIF-file move field of m: "７六歩(77)", "１三銀打", "同　玉(54)". */
int kif_move_record(const Position *pos, Move m, Move prev, char *buf, size_t size);

/* The JSA texts of moves[0..n-1] played in turn from pos, joined by single
 * spaces ("▲２三金打 △同　玉 ▲３二銀").  The first move has no "同".  pos is
 * played forward and restored before returning (also on -1).  Precondition:
 * pos->ply + n <= POS_MAX_PLY. */
int kif_line(Position *pos, const Move *moves, int n, char *buf, size_t size);

/* The board diagram in Kakinoki's BOD format, one "\n"-terminated line each:
 *
 *   後手の持駒：飛二　角　金四        (or なし; counts as kanji, 二..十八)
 *     ９ ８ ７ ６ ５ ４ ３ ２ １
 *   +---------------------------+
 *   |v香v桂v銀v金v玉v金v銀v桂v香|一     (gote pieces after 'v', sente after ' ',
 *   ...                                  empty squares " ・"; promoted pieces
 *   +---------------------------+        as one character: と 杏 圭 全 馬 龍)
 *   先手の持駒：なし
 *   先手番                            (or 後手番)
 *
 * Hands list 飛 角 金 銀 桂 香 歩 in that order, separated by a full-width
 * space, with no trailing space. */
int kif_board(const Position *pos, char *buf, size_t size);

#endif
