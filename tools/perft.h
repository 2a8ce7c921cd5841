/* perft.h -- `tsume perft` and `tsume moves`: the move generator from the
 * command line (leaf counts of the legal-move tree, move lists). */
#ifndef TSUME_PERFT_H
#define TSUME_PERFT_H

#include "position.h"

#include <stdbool.h>
#include <stdint.h>

/* The arguments after "tsume perft" / "tsume moves", as usage texts show them. */
#define PERFT_ARGS "SFEN DEPTH [--divide]"
#define MOVES_ARGS "SFEN [--checks|--evasions]"

/* The number of leaves of the legal-move tree of pos, depth plies deep
 * (depth >= 1).  full: every move is made, the last ply included; else the
 * last ply is counted from the move list without making its moves (bulk
 * leaf counting; the same number, faster).  pos is modified during the
 * call and restored; pos->ply + depth must not exceed POS_MAX_PLY. */
uint64_t perft_count(Position *pos, int depth, bool full);

/* `tsume perft SFEN DEPTH [--divide]` on argv[1..argc): prints the leaf count
 * (with --divide, first "MOVE COUNT" per root move in strcmp order) on
 * stdout and the time on stderr.  DEPTH is 1..20.  Returns EXIT_MATE (0), or
 * EXIT_BADINPUT for bad usage or a bad position. */
int cmd_perft(int argc, char **argv);

/* `tsume moves SFEN [--checks|--evasions]` on argv[1..argc): prints the legal
 * moves (the checks, or the evasions of a side in check) in USI, strcmp
 * order, on one line.  Returns EXIT_MATE (0), or EXIT_BADINPUT for bad usage,
 * a bad position or --evasions when the side to move is not in check. */
int cmd_moves(int argc, char **argv);

#endif
