/* kanji.c -- the Japanese characters of shogi notation (see kanji.h). */
#include "kanji.h"

const char *const KANJI_ZEN_DIGIT[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
const char *const KANJI_NUM[19] = {"〇", "一",   "二",   "三",   "四",   "五",   "六",   "七",   "八",  "九",
                                   "十", "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"};
const char *const KANJI_PIECE[PT_NB] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                        "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
const char *const KANJI_PIECE1[PT_NB] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                         "玉", "と", "杏", "圭", "全", "馬", "龍"};
const PieceType KANJI_HAND_ORDER[7] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
