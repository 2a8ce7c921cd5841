/*
 * kanji.h -- the Japanese characters of shogi notation: numerals, piece
 * names and the hand order, as the JSA's notation (棋譜の表記方法) and the
 * KIF/BOD diagram of Kakinoki's format write them.  One copy for the KIF
 * writer (kif.c), the KIF reader (kifread.c), the worksheet and verify's
 * messages.
 */
#ifndef TSUME_KANJI_H
#define TSUME_KANJI_H

#include "types.h"

/* Full-width digits ０..９ (files in move text: "７六歩"). */
extern const char *const KANJI_ZEN_DIGIT[10];
/* Kanji numerals 〇 一 .. 九 十 十一 .. 十八 (ranks, hand counts up to 18). */
extern const char *const KANJI_NUM[19];
/* Piece names of move text, by PieceType: 歩 香 桂 銀 角 飛 金 玉 と 成香 成桂
 * 成銀 馬 龍 ("" for PT_NONE). */
extern const char *const KANJI_PIECE[PT_NB];
/* One-character piece names of diagrams and hands, by PieceType: as
 * KANJI_PIECE but 杏 圭 全 for the promoted lance, knight and silver. */
extern const char *const KANJI_PIECE1[PT_NB];
/* The order of a hand in a diagram: 飛 角 金 銀 桂 香 歩. */
extern const PieceType KANJI_HAND_ORDER[7];

#endif
