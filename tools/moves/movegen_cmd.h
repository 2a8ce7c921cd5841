/* movegen_cmd.h -- `tsume perft` and `tsume moves`: the move generator from
 * the command line (leaf counts of the legal-move tree, move lists). */
#ifndef TSUME_MOVEGEN_CMD_H
#define TSUME_MOVEGEN_CMD_H

/* The arguments after "tsume perft" / "tsume moves", as usage texts show them. */
#define PERFT_ARGS "SFEN DEPTH [--divide]"
#define MOVES_ARGS "SFEN [--checks|--evasions]"

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
