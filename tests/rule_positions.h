/* Rule positions: SFEN + expected USI move list computed by tests/oracle
 * (node oracle.mjs --cross moves|checks SFEN), strcmp-sorted, space separated. */
/* Generated from hand-made positions; every expected list is the oracle's
 * answer with --cross (tsshogi and shogiops agree, no DISAGREE line). Each
 * position was checked to be legal: side not to move not in check, no nifu,
 * no dead piece, piece counts within the 40-piece set, at most one king per
 * colour (tsume entries have no attacker king). "(sente)" entries have black
 * to move; "(gote)" entries are the colour-flipped twin (board turned 180
 * degrees, colours and hands swapped); squares named in a twin's name are
 * rotated too (file f -> 10-f, rank a..i -> i..a). Pieces named in upper case
 * in an entry name (S5c, R1a, ...) belong to the attacker / side to move of the
 * sente version, i.e. to white in the gote twin.
 * kind "moves": all legal moves; kind "checks": legal moves that give check.
 * An empty expected string means no legal (checking) move. */
#ifndef RULE_POSITIONS_H
#define RULE_POSITIONS_H

typedef struct {
	const char *name;
	const char *sfen;
	const char *kind;
	const char *expected;
} RulePosition;
static const RulePosition RULE_POSITIONS[] = {

    /* Uchifuzume (mate by pawn drop is illegal). White K5a; P*5b is the pawn check. */
    {"uchifuzume basic: lances 4a/6a, S5c covers 4b/6b and guards 5b (sente)", "3lkl3/9/4S4/9/9/9/9/9/4K4 b P 1",
     "checks", "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+"},
    {"uchifuzume basic: lances 6i/4i, S5g covers 6h/4h and guards 5h (gote)", "4k4/9/9/9/9/9/4s4/9/3LKL3 w p 1",
     "checks", "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+"},
    {"uchifuzume basic, all moves: P*5b excluded, other pawn drops listed (sente)", "3lkl3/9/4S4/9/9/9/9/9/4K4 b P 1",
     "moves",
     "5c4b 5c4b+ 5c4d 5c4d+ 5c5b 5c5b+ 5c6b 5c6b+ 5c6d 5c6d+ 5i5h P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*1i P*2b P*2c "
     "P*2d P*2e P*2f P*2g P*2h P*2i P*3b P*3c P*3d P*3e P*3f P*3g P*3h P*3i P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*4i "
     "P*5d P*5e P*5f P*5g P*5h P*6b P*6c P*6d P*6e P*6f P*6g P*6h P*6i P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*7i P*8b "
     "P*8c P*8d P*8e P*8f P*8g P*8h P*8i P*9b P*9c P*9d P*9e P*9f P*9g P*9h P*9i"},
    {"uchifuzume basic, all moves: P*5h excluded, other pawn drops listed (gote)", "4k4/9/9/9/9/9/4s4/9/3LKL3 w p 1",
     "moves",
     "5a5b 5g4f 5g4f+ 5g4h 5g4h+ 5g5h 5g5h+ 5g6f 5g6f+ 5g6h 5g6h+ P*1a P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*2a P*2b "
     "P*2c P*2d P*2e P*2f P*2g P*2h P*3a P*3b P*3c P*3d P*3e P*3f P*3g P*3h P*4a P*4b P*4c P*4d P*4e P*4f P*4g P*4h "
     "P*5b P*5c P*5d P*5e P*5f P*6a P*6b P*6c P*6d P*6e P*6f P*6g P*6h P*7a P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*8a "
     "P*8b P*8c P*8d P*8e P*8f P*8g P*8h P*9a P*9b P*9c P*9d P*9e P*9f P*9g P*9h"},
    {"uchifuzume with no attacker king (sente)", "3lkl3/9/4S4/9/9/9/9/9/9 b P 1", "checks",
     "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+"},
    {"uchifuzume with no attacker king (gote)", "9/9/9/9/9/9/4s4/9/3LKL3 w p 1", "checks",
     "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+"},
    {"uchifuzume: capturing gold 4a pinned by R1a along the last rank, drop illegal (sente)",
     "3lkg2R/9/4S4/9/9/9/9/9/4K4 b P 1", "checks", "1a4a 1a4a+ 5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+"},
    {"uchifuzume: capturing gold 6i pinned by R9i along the last rank, drop illegal (gote)",
     "4k4/9/9/9/9/9/4s4/9/r2GKL3 w p 1", "checks", "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ 9i6i 9i6i+"},
    {"uchifuzume: unpinned gold 4a can capture, drop legal (sente)", "3lkg3/9/4S4/9/9/9/9/9/4K4 b P 1", "checks",
     "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+ P*5b"},
    {"uchifuzume: unpinned gold 6i can capture, drop legal (gote)", "4k4/9/9/9/9/9/4s4/9/3GKL3 w p 1", "checks",
     "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ P*5h"},
    {"uchifuzume: gold 5c pinned by R5e captures along its pin line, drop legal (sente)",
     "3lkl3/9/3SgS3/9/4R4/9/9/9/4K4 b P 1", "checks", "4c4b 4c4b+ 4c5b 4c5b+ 5e5c 5e5c+ 6c5b 6c5b+ 6c6b 6c6b+ P*5b"},
    {"uchifuzume: gold 5g pinned by R5e captures along its pin line, drop legal (gote)",
     "4k4/9/9/9/4r4/9/3sGs3/9/3LKL3 w p 1", "checks", "4g4h 4g4h+ 4g5h 4g5h+ 5e5g 5e5g+ 6g5h 6g5h+ 6g6h 6g6h+ P*5h"},
    {"uchifuzume: king can escape to 4a, drop legal (sente)", "3lk4/9/4S4/9/9/9/9/9/4K4 b P 1", "checks",
     "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+ P*5b"},
    {"uchifuzume: king can escape to 6i, drop legal (gote)", "4k4/9/9/9/9/9/4s4/9/4KL3 w p 1", "checks",
     "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ P*5h"},
    {"uchifuzume: pawn unprotected, king captures, drop legal (sente)", "3lkl3/9/2S3S2/9/9/9/9/9/4K4 b P 1", "checks",
     "3c4b 3c4b+ 7c6b 7c6b+ P*5b"},
    {"uchifuzume: pawn unprotected, king captures, drop legal (gote)", "4k4/9/9/9/9/9/2s3s2/9/3LKL3 w p 1", "checks",
     "3g4h 3g4h+ 7g6h 7g6h+ P*5h"},
    {"uchifuzume: dropped pawn blocks own B7d that covered 4a, drop legal (sente)", "3lk4/9/4S4/2B6/9/9/9/9/4K4 b P 1",
     "checks", "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+ 7d4a+ 7d5b+ P*5b"},
    {"uchifuzume: dropped pawn blocks own B3f that covered 6i, drop legal (gote)", "4k4/9/9/9/9/6b2/4s4/9/4KL3 w p 1",
     "checks", "3f5h+ 3f6i+ 5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ P*5h"},
    {"uchifuzume: dragon 4d covers escape 4a, drop illegal (sente)", "3lk4/9/4S4/5+R3/9/9/9/9/4K4 b P 1", "checks",
     "4d4a 4d4b 5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+"},
    {"uchifuzume: dragon 6f covers escape 6i, drop illegal (gote)", "4k4/9/9/9/9/3+r5/4s4/9/4KL3 w p 1", "checks",
     "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+ 6f6h 6f6i"},

    /* A pawn MOVE that mates is legal (only pawn drops are restricted). */
    {"pawn move mate is legal (checks) (sente)", "3lkl3/9/3SPG3/9/9/9/9/9/4K4 b - 1", "checks",
     "4c4b 4c5b 5c5b 5c5b+ 6c5b 6c5b+ 6c6b 6c6b+"},
    {"pawn move mate is legal (checks) (gote)", "4k4/9/9/9/9/9/3gps3/9/3LKL3 w - 1", "checks",
     "4g4h 4g4h+ 4g5h 4g5h+ 5g5h 5g5h+ 6g5h 6g6h"},
    {"pawn move mate is legal (moves) (sente)", "3lkl3/9/3SPG3/9/9/9/9/9/4K4 b - 1", "moves",
     "4c3b 4c3c 4c4b 4c4d 4c5b 5c5b 5c5b+ 5i4h 5i4i 5i5h 5i6h 5i6i 6c5b 6c5b+ 6c5d 6c5d+ 6c6b 6c6b+ 6c7b 6c7b+ 6c7d "
     "6c7d+"},
    {"pawn move mate is legal (moves) (gote)", "4k4/9/9/9/9/9/3gps3/9/3LKL3 w - 1", "moves",
     "4g3f 4g3f+ 4g3h 4g3h+ 4g4h 4g4h+ 4g5f 4g5f+ 4g5h 4g5h+ 5a4a 5a4b 5a5b 5a6a 5a6b 5g5h 5g5h+ 6g5h 6g6f 6g6h 6g7g "
     "6g7h"},

    /* Nifu: no pawn drop on a file holding an own unpromoted pawn. */
    {"nifu: own P5e forbids file 5, own tokin on 3e does not count (sente)", "4k4/9/9/9/4P1+P2/9/9/9/4K4 b P 1",
     "moves",
     "3e2d 3e2e 3e3d 3e3f 3e4d 3e4e 5e5d 5i4h 5i4i 5i5h 5i6h 5i6i P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*1i P*2b P*2c "
     "P*2d P*2e P*2f P*2g P*2h P*2i P*3b P*3c P*3d P*3f P*3g P*3h P*3i P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*4i P*6b "
     "P*6c P*6d P*6e P*6f P*6g P*6h P*6i P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*7i P*8b P*8c P*8d P*8e P*8f P*8g P*8h "
     "P*8i P*9b P*9c P*9d P*9e P*9f P*9g P*9h P*9i"},
    {"nifu: own P5e forbids file 5, own tokin on 7e does not count (gote)", "4k4/9/9/9/2+p1p4/9/9/9/4K4 w p 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b 5e5f 7e6e 7e6f 7e7d 7e7f 7e8e 7e8f P*1a P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*2a P*2b "
     "P*2c P*2d P*2e P*2f P*2g P*2h P*3a P*3b P*3c P*3d P*3e P*3f P*3g P*3h P*4a P*4b P*4c P*4d P*4e P*4f P*4g P*4h "
     "P*6a P*6b P*6c P*6d P*6e P*6f P*6g P*6h P*7a P*7b P*7c P*7d P*7f P*7g P*7h P*8a P*8b P*8c P*8d P*8e P*8f P*8g "
     "P*8h P*9a P*9b P*9c P*9d P*9e P*9f P*9g P*9h"},
    {"nifu: opponent pawn on 3d does not count (sente)", "4k4/9/9/6p2/4P4/9/9/9/4K4 b P 1", "moves",
     "5e5d 5i4h 5i4i 5i5h 5i6h 5i6i P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*1i P*2b P*2c P*2d P*2e P*2f P*2g P*2h P*2i "
     "P*3b P*3c P*3e P*3f P*3g P*3h P*3i P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*4i P*6b P*6c P*6d P*6e P*6f P*6g P*6h "
     "P*6i P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*7i P*8b P*8c P*8d P*8e P*8f P*8g P*8h P*8i P*9b P*9c P*9d P*9e P*9f "
     "P*9g P*9h P*9i"},
    {"nifu: opponent pawn on 7f does not count (gote)", "4k4/9/9/9/4p4/2P6/9/9/4K4 w p 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b 5e5f P*1a P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*2a P*2b P*2c P*2d P*2e P*2f P*2g P*2h "
     "P*3a P*3b P*3c P*3d P*3e P*3f P*3g P*3h P*4a P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*6a P*6b P*6c P*6d P*6e P*6f "
     "P*6g P*6h P*7a P*7b P*7c P*7d P*7e P*7g P*7h P*8a P*8b P*8c P*8d P*8e P*8f P*8g P*8h P*9a P*9b P*9c P*9d P*9e "
     "P*9f P*9g P*9h"},

    /* Dead-square drops: P and L not on the last rank, N not on the last two ranks. */
    {"dead drop: pawn not on last rank (sente)", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "moves",
     "5i4h 5i4i 5i5h 5i6h 5i6i P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*1i P*2b P*2c P*2d P*2e P*2f P*2g P*2h P*2i P*3b "
     "P*3c P*3d P*3e P*3f P*3g P*3h P*3i P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*4i P*5b P*5c P*5d P*5e P*5f P*5g P*5h "
     "P*6b P*6c P*6d P*6e P*6f P*6g P*6h P*6i P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*7i P*8b P*8c P*8d P*8e P*8f P*8g "
     "P*8h P*8i P*9b P*9c P*9d P*9e P*9f P*9g P*9h P*9i"},
    {"dead drop: pawn not on last rank (gote)", "4k4/9/9/9/9/9/9/9/4K4 w p 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b P*1a P*1b P*1c P*1d P*1e P*1f P*1g P*1h P*2a P*2b P*2c P*2d P*2e P*2f P*2g P*2h P*3a "
     "P*3b P*3c P*3d P*3e P*3f P*3g P*3h P*4a P*4b P*4c P*4d P*4e P*4f P*4g P*4h P*5b P*5c P*5d P*5e P*5f P*5g P*5h "
     "P*6a P*6b P*6c P*6d P*6e P*6f P*6g P*6h P*7a P*7b P*7c P*7d P*7e P*7f P*7g P*7h P*8a P*8b P*8c P*8d P*8e P*8f "
     "P*8g P*8h P*9a P*9b P*9c P*9d P*9e P*9f P*9g P*9h"},
    {"dead drop: lance not on last rank (sente)", "4k4/9/9/9/9/9/9/9/4K4 b L 1", "moves",
     "5i4h 5i4i 5i5h 5i6h 5i6i L*1b L*1c L*1d L*1e L*1f L*1g L*1h L*1i L*2b L*2c L*2d L*2e L*2f L*2g L*2h L*2i L*3b "
     "L*3c L*3d L*3e L*3f L*3g L*3h L*3i L*4b L*4c L*4d L*4e L*4f L*4g L*4h L*4i L*5b L*5c L*5d L*5e L*5f L*5g L*5h "
     "L*6b L*6c L*6d L*6e L*6f L*6g L*6h L*6i L*7b L*7c L*7d L*7e L*7f L*7g L*7h L*7i L*8b L*8c L*8d L*8e L*8f L*8g "
     "L*8h L*8i L*9b L*9c L*9d L*9e L*9f L*9g L*9h L*9i"},
    {"dead drop: lance not on last rank (gote)", "4k4/9/9/9/9/9/9/9/4K4 w l 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b L*1a L*1b L*1c L*1d L*1e L*1f L*1g L*1h L*2a L*2b L*2c L*2d L*2e L*2f L*2g L*2h L*3a "
     "L*3b L*3c L*3d L*3e L*3f L*3g L*3h L*4a L*4b L*4c L*4d L*4e L*4f L*4g L*4h L*5b L*5c L*5d L*5e L*5f L*5g L*5h "
     "L*6a L*6b L*6c L*6d L*6e L*6f L*6g L*6h L*7a L*7b L*7c L*7d L*7e L*7f L*7g L*7h L*8a L*8b L*8c L*8d L*8e L*8f "
     "L*8g L*8h L*9a L*9b L*9c L*9d L*9e L*9f L*9g L*9h"},
    {"dead drop: knight not on last two ranks (sente)", "4k4/9/9/9/9/9/9/9/4K4 b N 1", "moves",
     "5i4h 5i4i 5i5h 5i6h 5i6i N*1c N*1d N*1e N*1f N*1g N*1h N*1i N*2c N*2d N*2e N*2f N*2g N*2h N*2i N*3c N*3d N*3e "
     "N*3f N*3g N*3h N*3i N*4c N*4d N*4e N*4f N*4g N*4h N*4i N*5c N*5d N*5e N*5f N*5g N*5h N*6c N*6d N*6e N*6f N*6g "
     "N*6h N*6i N*7c N*7d N*7e N*7f N*7g N*7h N*7i N*8c N*8d N*8e N*8f N*8g N*8h N*8i N*9c N*9d N*9e N*9f N*9g N*9h "
     "N*9i"},
    {"dead drop: knight not on last two ranks (gote)", "4k4/9/9/9/9/9/9/9/4K4 w n 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b N*1a N*1b N*1c N*1d N*1e N*1f N*1g N*2a N*2b N*2c N*2d N*2e N*2f N*2g N*3a N*3b N*3c "
     "N*3d N*3e N*3f N*3g N*4a N*4b N*4c N*4d N*4e N*4f N*4g N*5b N*5c N*5d N*5e N*5f N*5g N*6a N*6b N*6c N*6d N*6e "
     "N*6f N*6g N*7a N*7b N*7c N*7d N*7e N*7f N*7g N*8a N*8b N*8c N*8d N*8e N*8f N*8g N*9a N*9b N*9c N*9d N*9e N*9f "
     "N*9g"},

    /* Forced promotion: P and L on the last rank, N on the last two ranks
     * (promotion optional one rank earlier). */
    {"forced promotion: pawn to last rank; optional into/within zone (sente)", "4k4/P8/2P6/1P7/9/9/9/9/4K4 b - 1",
     "moves", "5i4h 5i4i 5i5h 5i6h 5i6i 7c7b 7c7b+ 8d8c 8d8c+ 9b9a+"},
    {"forced promotion: pawn to last rank; optional into/within zone (gote)", "4k4/9/9/9/9/7p1/6p2/8p/4K4 w - 1",
     "moves", "1h1i+ 2f2g 2f2g+ 3g3h 3g3h+ 5a4a 5a4b 5a5b 5a6a 5a6b"},
    {"forced promotion: lance to last rank; optional on the two ranks before (sente)", "4k4/9/8L/9/9/9/L8/9/4K4 b - 1",
     "moves", "1c1a+ 1c1b 1c1b+ 5i4h 5i4i 5i5h 5i6h 5i6i 9g9a+ 9g9b 9g9b+ 9g9c 9g9c+ 9g9d 9g9e 9g9f"},
    {"forced promotion: lance to last rank; optional on the two ranks before (gote)", "4k4/9/8l/9/9/9/l8/9/4K4 w - 1",
     "moves", "1c1d 1c1e 1c1f 1c1g 1c1g+ 1c1h 1c1h+ 1c1i+ 5a4a 5a4b 5a5b 5a6a 5a6b 9g9h 9g9h+ 9g9i+"},
    {"forced promotion: knight to last two ranks; optional on the third rank (sente)",
     "4k4/9/7N1/2N6/5N3/1N7/9/9/4K4 b - 1", "moves",
     "2c1a+ 2c3a+ 4e3c 4e3c+ 4e5c 4e5c+ 5i4h 5i4i 5i5h 5i6h 5i6i 7d6b+ 7d8b+ 8f9d"},
    {"forced promotion: knight to last two ranks; optional on the third rank (gote)",
     "4k4/9/9/7n1/3n5/6n2/1n7/9/4K4 w - 1", "moves",
     "2d1f 3f2h+ 3f4h+ 5a4a 5a4b 5a5b 5a6a 5a6b 6e5g 6e5g+ 6e7g 6e7g+ 8g7i+ 8g9i+"},

    /* Optional promotion when moving into, out of, or within the zone
     * (ranks a-c for black, g-i for white); none when both squares are outside. */
    {"optional promotion: silver into, out of and within zone (sente)", "k8/9/7S1/4S4/9/9/9/9/4K4 b - 1", "moves",
     "2c1b 2c1b+ 2c1d 2c1d+ 2c2b 2c2b+ 2c3b 2c3b+ 2c3d 2c3d+ 5d4c 5d4c+ 5d4e 5d5c 5d5c+ 5d6c 5d6c+ 5d6e 5i4h 5i4i 5i5h "
     "5i6h 5i6i"},
    {"optional promotion: silver into, out of and within zone (gote)", "4k4/9/9/9/9/4s4/1s7/9/8K w - 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b 5f4e 5f4g 5f4g+ 5f5g 5f5g+ 5f6e 5f6g 5f6g+ 8g7f 8g7f+ 8g7h 8g7h+ 8g8h 8g8h+ 8g9f 8g9f+ "
     "8g9h 8g9h+"},
    {"optional promotion: bishop into, out of and within zone (sente)", "9/9/6B2/9/k8/9/9/9/2B1K4 b - 1", "moves",
     "3c1a 3c1a+ 3c1e 3c1e+ 3c2b 3c2b+ 3c2d 3c2d+ 3c4b 3c4b+ 3c4d 3c4d+ 3c5a 3c5a+ 3c5e 3c5e+ 3c6f 3c6f+ 3c7g 3c7g+ "
     "3c8h 3c8h+ 3c9i 3c9i+ 5i4h 5i4i 5i5h 5i6h 5i6i 7i1c 7i1c+ 7i2d 7i3e 7i4f 7i5g 7i6h 7i8h 7i9g"},
    {"optional promotion: bishop into, out of and within zone (gote)", "4k1b2/9/9/9/8K/9/2b6/9/9 w - 1", "moves",
     "3a1c 3a2b 3a4b 3a5c 3a6d 3a7e 3a8f 3a9g 3a9g+ 5a4a 5a4b 5a5b 5a6a 5a6b 7g1a 7g1a+ 7g2b 7g2b+ 7g3c 7g3c+ 7g4d "
     "7g4d+ 7g5e 7g5e+ 7g5i 7g5i+ 7g6f 7g6f+ 7g6h 7g6h+ 7g8f 7g8f+ 7g8h 7g8h+ 7g9e 7g9e+ 7g9i 7g9i+"},
    {"optional promotion: rook into, out of and within zone; rook never forced (sente)",
     "9/9/7R1/9/4k4/9/1R7/9/4K4 b - 1", "moves",
     "2c1c 2c1c+ 2c2a 2c2a+ 2c2b 2c2b+ 2c2d 2c2d+ 2c2e 2c2e+ 2c2f 2c2f+ 2c2g 2c2g+ 2c2h 2c2h+ 2c2i 2c2i+ 2c3c 2c3c+ "
     "2c4c 2c4c+ 2c5c 2c5c+ 2c6c 2c6c+ 2c7c 2c7c+ 2c8c 2c8c+ 2c9c 2c9c+ 5i4h 5i4i 5i5h 5i6h 5i6i 8g1g 8g2g 8g3g 8g4g "
     "8g5g 8g6g 8g7g 8g8a 8g8a+ 8g8b 8g8b+ 8g8c 8g8c+ 8g8d 8g8e 8g8f 8g8h 8g8i 8g9g"},
    {"optional promotion: rook into, out of and within zone; rook never forced (gote)",
     "4k4/9/7r1/9/4K4/9/1r7/9/9 w - 1", "moves",
     "2c1c 2c2a 2c2b 2c2d 2c2e 2c2f 2c2g 2c2g+ 2c2h 2c2h+ 2c2i 2c2i+ 2c3c 2c4c 2c5c 2c6c 2c7c 2c8c 2c9c 5a4a 5a4b 5a5b "
     "5a6a 5a6b 8g1g 8g1g+ 8g2g 8g2g+ 8g3g 8g3g+ 8g4g 8g4g+ 8g5g 8g5g+ 8g6g 8g6g+ 8g7g 8g7g+ 8g8a 8g8a+ 8g8b 8g8b+ "
     "8g8c 8g8c+ 8g8d 8g8d+ 8g8e 8g8e+ 8g8f 8g8f+ 8g8h 8g8h+ 8g8i 8g8i+ 8g9g 8g9g+"},

    /* No promotion for gold, king or already promoted pieces, even in the zone. */
    {"no promotion: gold, king, +P, +S, +N, +L, +B, +R (sente)", "k8/2+P4+S1/1+N1G2K1+L/4+B4/9/9/5+R3/9/9 b - 1",
     "moves",
     "1c1b 1c1d 1c2c 2b1a 2b1b 2b2a 2b2c 2b3a 2b3b 3c2c 3c2d 3c3b 3c3d 3c4b 3c4c 3c4d 4g1g 4g2g 4g3f 4g3g 4g3h 4g4a "
     "4g4b 4g4c 4g4d 4g4e 4g4f 4g4h 4g4i 4g5f 4g5g 4g5h 4g6g 4g7g 4g8g 4g9g 5d1h 5d2a 5d2g 5d3b 5d3f 5d4c 5d4d 5d4e "
     "5d5c 5d5e 5d6d 5d6e 5d7f 5d8g 5d9h 6c5b 6c5c 6c6b 6c6d 6c7c 7b6a 7b6b 7b7a 7b7c 7b8a 7b8b 8c7c 8c8b 8c8d 8c9b "
     "8c9c"},
    {"no promotion: gold, king, +P, +S, +N, +L, +B, +R (gote)", "9/9/3+r5/9/9/4+b4/+l1k2g1+n1/1+s4+p2/8K w - 1",
     "moves",
     "2g1g 2g1h 2g2f 2g2h 2g3g 3h2h 3h2i 3h3g 3h3i 3h4h 3h4i 4g3g 4g4f 4g4h 4g5g 4g5h 5f1b 5f2c 5f3d 5f4e 5f4f 5f5e "
     "5f5g 5f6e 5f6f 5f6g 5f7d 5f7h 5f8c 5f8i 5f9b 6c1c 6c2c 6c3c 6c4c 6c5b 6c5c 6c5d 6c6a 6c6b 6c6d 6c6e 6c6f 6c6g "
     "6c6h 6c6i 6c7b 6c7c 6c7d 6c8c 6c9c 7g6f 7g6g 7g6h 7g7f 7g7h 7g8f 7g8g 8h7h 8h7i 8h8g 8h8i 8h9h 8h9i 9g8g 9g9f "
     "9g9h"},

    /* Pinned pieces: may move only along the pin line (including capturing the pinner). */
    {"pin: gold pinned on file by rook moves only along file (sente)", "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "moves",
     "5g5f 5g5h 5i4h 5i4i 5i5h 5i6h 5i6i"},
    {"pin: gold pinned on file by rook moves only along file (gote)", "4k4/9/4g4/9/4R4/9/9/9/4K4 w - 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b 5c5b 5c5d"},
    {"pin: pinned rook slides along file and captures the pinner (sente)", "4k4/9/9/9/4r4/9/4R4/9/4K4 b - 1", "moves",
     "5g5e 5g5f 5g5h 5i4h 5i4i 5i5h 5i6h 5i6i"},
    {"pin: pinned rook slides along file and captures the pinner (gote)", "4k4/9/4r4/9/4R4/9/9/9/4K4 w - 1", "moves",
     "5a4a 5a4b 5a5b 5a6a 5a6b 5c5b 5c5d 5c5e"},
    {"pin: pinned bishop moves along diagonal and captures the pinner (sente)", "4k4/9/9/9/b8/9/2B6/9/4K4 b - 1",
     "moves", "5i4h 5i4i 5i5h 5i6h 5i6i 7g6h 7g8f 7g9e"},
    {"pin: pinned bishop moves along diagonal and captures the pinner (gote)", "4k4/9/6b2/9/8B/9/9/9/4K4 w - 1",
     "moves", "3c1e 3c2d 3c4b 5a4a 5a4b 5a5b 5a6a 5a6b"},
    {"pin: silver pinned by lance only steps forward; knight pinned on diagonal cannot move (sente)",
     "4k4/9/4l4/9/b8/9/9/3NS4/4K4 b - 1", "moves", "5h5g 5i4h 5i4i 5i6i"},
    {"pin: silver pinned by lance only steps forward; knight pinned on diagonal cannot move (gote)",
     "4k4/4sn3/9/9/8B/9/4L4/9/4K4 w - 1", "moves", "5a4a 5a6a 5a6b 5b5c"},
    {"pin: pinned rook in zone moves along pin line with optional promotion (sente)", "k3l4/9/4R4/9/4K4/9/9/9/9 b - 1",
     "moves", "5c5a 5c5a+ 5c5b 5c5b+ 5c5d 5c5d+ 5e4d 5e4e 5e4f 5e5d 5e5f 5e6d 5e6e 5e6f"},
    {"pin: pinned rook in zone moves along pin line with optional promotion (gote)", "9/9/9/9/4k4/9/4r4/9/4L3K w - 1",
     "moves", "5e4d 5e4e 5e4f 5e5d 5e5f 5e6d 5e6e 5e6f 5g5f 5g5f+ 5g5h 5g5h+ 5g5i 5g5i+"},

    /* Double check: only king moves (no interposition, no capture by other pieces). */
    {"double check by rook and bishop: only king moves, no drops (sente)", "k3r4/9/9/9/8b/9/9/9/4K4 b G 1", "moves",
     "5i4i 5i6h 5i6i"},
    {"double check by rook and bishop: only king moves, no drops (gote)", "4k4/9/9/9/B8/9/9/9/4R3K w g 1", "moves",
     "5a4a 5a4b 5a6a"},
    {"double check by gold and rook: king may capture the gold, S3g may not, G6g may not interpose (sente)",
     "k3r4/9/9/9/9/9/3G2S2/5g3/4K4 b G 1", "moves", "5i4h 5i6h 5i6i"},
    {"double check by gold and rook: king may capture the gold, S7c may not, G4c may not interpose (gote)",
     "4k4/3G5/2s2g3/9/9/9/9/9/4R3K w g 1", "moves", "5a4a 5a4b 5a6b"},

    /* King may not move into check, including along the checking slider's line
     * away from it (the king does not block the line). */
    {"king into check: rook check, retreat along file still attacked (sente)", "4r4/9/9/9/4K4/9/9/9/k8 b - 1", "moves",
     "5e4d 5e4e 5e4f 5e6d 5e6e 5e6f"},
    {"king into check: rook check, retreat along file still attacked (gote)", "8K/9/9/9/4k4/9/9/9/4R4 w - 1", "moves",
     "5e4d 5e4e 5e4f 5e6d 5e6e 5e6f"},
    {"king into check: bishop check, retreat along diagonal still attacked (sente)", "8b/2n6/9/9/4K4/9/9/9/k8 b - 1",
     "moves", "5e4e 5e4f 5e5d 5e5f 5e6e"},
    {"king into check: bishop check, retreat along diagonal still attacked (gote)", "8K/9/9/9/4k4/9/9/6N2/B8 w - 1",
     "moves", "5e4e 5e5d 5e5f 5e6d 5e6e"},
    {"king into check: not in check, attacked squares excluded (sente)", "4k4/9/9/9/9/3n5/6s2/9/4K4 b - 1", "moves",
     "5i4i 5i6h 5i6i"},
    {"king into check: not in check, attacked squares excluded (gote)", "4k4/9/2S6/5N3/9/9/9/9/4K4 w - 1", "moves",
     "5a4a 5a4b 5a6a"},

    /* Interposition: answering a slider check by dropping (or moving) a piece in between. */
    {"interposition: gold drops between rook and king (sente)", "8k/4r4/9/9/9/9/9/9/4K4 b G 1", "moves",
     "5i4h 5i4i 5i6h 5i6i G*5c G*5d G*5e G*5f G*5g G*5h"},
    {"interposition: gold drops between rook and king (gote)", "4k4/9/9/9/9/9/9/4R4/K8 w g 1", "moves",
     "5a4a 5a4b 5a6a 5a6b G*5b G*5c G*5d G*5e G*5f G*5g"},
    {"interposition on the 2nd rank: no knight drop (dead), pawn drop not on nifu files (sente)",
     "9/K7r/4P4/6P2/9/9/9/9/4k4 b NLP 1", "moves",
     "5c5b 5c5b+ 9b8a 9b8c 9b9a 9b9c L*2b L*3b L*4b L*5b L*6b L*7b L*8b P*2b P*4b P*6b P*7b P*8b"},
    {"interposition on the 2nd rank: no knight drop (dead), pawn drop not on nifu files (gote)",
     "4K4/9/9/9/9/2p6/4p4/R7k/9 w nlp 1", "moves",
     "1h1g 1h1i 1h2g 1h2i 5g5h 5g5h+ L*2h L*3h L*4h L*5h L*6h L*7h L*8h P*2h P*3h P*4h P*6h P*8h"},

    /* Discovered checks (kind checks), attacker without king: the moving piece
     * unblocks a slider; includes moves that also promote. */
    {"discovered check: silver leaves lance file (sente)", "4k4/9/9/9/4S4/9/9/9/4L4 b - 1", "checks",
     "5e4d 5e4f 5e6d 5e6f"},
    {"discovered check: silver leaves lance file (gote)", "4l4/9/9/9/4s4/9/9/9/4K4 w - 1", "checks",
     "5e4d 5e4f 5e6d 5e6f"},
    {"discovered check: silver moves into zone and promotes (rook behind) (sente)", "4k4/9/9/4S4/9/9/9/9/4R4 b - 1",
     "checks", "5d4c 5d4c+ 5d4e 5d6c 5d6c+ 5d6e"},
    {"discovered check: silver moves into zone and promotes (rook behind) (gote)", "4r4/9/9/9/9/4s4/9/9/4K4 w - 1",
     "checks", "5f4e 5f4g 5f4g+ 5f6e 5f6g 5f6g+"},
    {"discovered check: knight forced to promote unblocks bishop (sente)", "8k/9/6N2/9/4B4/9/9/9/9 b - 1", "checks",
     "3c2a+ 3c4a+"},
    {"discovered check: knight forced to promote unblocks bishop (gote)", "9/9/9/9/4b4/9/2n6/9/K8 w - 1", "checks",
     "7g6i+ 7g8i+"},
    {"discovered check: bishop leaves lance file, promoting in zone (sente)", "4k4/9/9/9/4B4/9/9/9/4L4 b - 1", "checks",
     "5e1a 5e1a+ 5e1i 5e2b 5e2b+ 5e2h 5e3c 5e3c+ 5e3g 5e4d 5e4f 5e6d 5e6f 5e7c 5e7c+ 5e7g 5e8b 5e8b+ 5e8h 5e9a 5e9a+ "
     "5e9i"},
    {"discovered check: bishop leaves lance file, promoting in zone (gote)", "4l4/9/9/9/4b4/9/9/9/4K4 w - 1", "checks",
     "5e1a 5e1i 5e1i+ 5e2b 5e2h 5e2h+ 5e3c 5e3g 5e3g+ 5e4d 5e4f 5e6d 5e6f 5e7c 5e7g 5e7g+ 5e8b 5e8h 5e8h+ 5e9a 5e9i "
     "5e9i+"},

    /* No legal move: an empty expected list. */
    {"no legal move while not in check (boxed king) (gote)", "k8/9/G8/9/9/9/9/9/1L2K4 w - 1", "moves", ""},
    {"no legal move while not in check (boxed king) (sente)", "4k2l1/9/9/9/9/9/8g/9/8K b - 1", "moves", ""},
    {"no legal move: checkmated by a pawn on the board (gote)", "3lkl3/4P4/4S4/9/9/9/9/9/4K4 w - 1", "moves", ""},
    {"no legal move: checkmated by a pawn on the board (sente)", "4k4/9/9/9/9/9/4s4/4p4/3LKL3 b - 1", "moves", ""},

    /* Tsume style (kind checks): attacker has no king, the defender holds every
     * remaining piece of the 40-piece set in hand. */
    {"tsume checks: uchifuzume excluded even with a full defender hand (sente)",
     "3lkl3/9/4S4/9/9/9/9/9/9 b P2r2b4g3s4n2l17p 1", "checks", "5c4b 5c4b+ 5c5b 5c5b+ 5c6b 5c6b+"},
    {"tsume checks: uchifuzume excluded even with a full defender hand (gote)",
     "9/9/9/9/9/9/4s4/9/3LKL3 w 2R2B4G3S4N2L17Pp 1", "checks", "5g4h 5g4h+ 5g5h 5g5h+ 5g6h 5g6h+"},
    {"tsume checks: head gold, gold drops and pawn push (sente)", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
     "checks", "5c5b 5c5b+ G*4a G*4b G*5b G*6a G*6b"},
    {"tsume checks: head gold, gold drops and pawn push (gote)", "9/9/9/9/9/9/4p4/9/4K4 w 2R2B3G4S4N4L17Pg 1", "checks",
     "5g5h 5g5h+ G*4h G*4i G*5h G*6h G*6i"},
    {"tsume checks: knight and lance drops, none on dead squares (sente)", "6gkl/9/9/9/9/9/9/9/9 b NL2r2b3g4s3n2l18p 1",
     "checks", "L*2b L*2c L*2d L*2e L*2f L*2g L*2h L*2i N*1c N*3c"},
    {"tsume checks: knight and lance drops, none on dead squares (gote)", "9/9/9/9/9/9/9/9/LKG6 w 2R2B3G4S3N2L18Pnl 1",
     "checks", "L*8a L*8b L*8c L*8d L*8e L*8f L*8g L*8h N*7g N*9g"},
    {"tsume checks: rook and bishop promote or not (sente)", "8k/R8/9/9/5B3/9/9/9/9 b rb4g4s4n4l18p 1", "checks",
     "4e1b+ 9b1b 9b1b+ 9b2b+ 9b9a 9b9a+"},
    {"tsume checks: rook and bishop promote or not (gote)", "9/9/9/9/3b5/9/9/8r/K8 w RB4G4S4N4L18P 1", "checks",
     "1h1i 1h1i+ 1h8h+ 1h9h 1h9h+ 6e9h+"},
    {"tsume checks: pawn drop check excluded by nifu (sente)", "4k4/9/3S5/9/4P4/9/9/9/9 b GP2r2b3g3s4n4l16p 1",
     "checks", "6c5b 6c5b+ 6c6b 6c6b+ G*4a G*4b G*5b G*6a G*6b"},
    {"tsume checks: pawn drop check excluded by nifu (gote)", "9/9/9/9/4p4/9/5s3/9/4K4 w 2R2B3G3S4N4L16Pgp 1", "checks",
     "4g4h 4g4h+ 4g5h 4g5h+ G*4h G*4i G*5h G*6h G*6i"},
};
#define RULE_POSITIONS_NB (sizeof RULE_POSITIONS / sizeof RULE_POSITIONS[0])

#endif /* RULE_POSITIONS_H */
