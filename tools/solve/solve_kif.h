/*
 * solve_kif.h -- `tsume solve --format kif`: a solved problem as a KIF kifu
 * (core/formats/kifu_write.h) with its variations (変化).
 *
 * The main line is the solver's (dfpn.h).  Variations, one level deep: at
 * each defender move of the main line, every other legal evasion that is
 * not a futile interposition under the rule in force (futile_judge_drop of
 * futile.h, the search's own verdict; the plies the main line lasts from
 * there bound the node's other defences), each followed by
 * the attacker's mate from the position after it: the main line of a fresh
 * search of that position (dfpn_solve on the same table, its own node
 * limit).  A mate found but not proven the shortest within the limit is
 * written with its line read from the table (complete: it ends in mate) and a
 * comment on the variation saying so.  At each move the longest resistances
 * come first (ties in move-generation order) and at most `variations` are
 * written; the others, and the defences after which no mate was found within
 * the node limit, are named in a comment at the main-line move (*tsume: ...).
 * A defence whose proven shortest mate lasts longer than the rest of a
 * checked main line is one the search counted as futile and is left out
 * too.
 */
#ifndef TSUME_SOLVE_KIF_H
#define TSUME_SOLVE_KIF_H

#include "dfpn.h"
#include "verify.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

/* Defaults of --variations and of the node limit of one variation's search. */
#define SOLVE_KIF_VARIATIONS 8
#define SOLVE_KIF_VAR_NODES 100000
/* Largest --variations: more than any position's legal moves. */
#define SOLVE_KIF_VARIATIONS_MAX 600

typedef struct {
	int variations;       /* at most this many variations at each defender move; 0 = none */
	uint64_t var_nodes;   /* node limit of each variation's search (0 = none) */
	atomic_bool *stop;    /* when set (Ctrl-C), no further variation is searched; may be NULL */
	const char *sfen;     /* the position solved, as SFEN (a header comment) */
	const char *given;    /* the verdict on an answer given with the problem, one line, or NULL */
	const char *note;     /* a note on the position, a header comment line, or NULL */
	const char *end_note; /* a comment after the solver's main line's last move (it ends in check
	                         with futile replies only: futile_end.h), or NULL */
	const Move *main;     /* the main line to write (the given answer, the generator's form of each
	                         move, a checked mating line of the mate's length), or NULL: the solver's */
	int n_main;
	const Move *answer; /* the answer given with the problem (moves as parsed), n_answer plies: when
	                       it is not the main line, written as a variation where it departs
	                       from it, marked as the given answer; or NULL */
	int n_answer;
	const VerifyResult *check; /* the checks on that main line (verify_answer): its cooks are
	                              written as variations marked 余詰, its 駒余り in a comment; or NULL */
	bool usi_names;            /* --notation usi: the comments name moves in USI (3c1c+), else in Japanese */
} SolveKifOptions;

/*
 * Writes the kifu of root, solved by d as *res (dfpn_solve; d still holds its
 * table and rule), to f.  A mate: the main line (res->pv) ending in 詰み and
 * "まで N手で詰み", and its variations, searched here with d (its table is
 * added to).  No mate, unknown, or a mate without a line: the diagram and a
 * comment saying so (*不詰, *unknown: REASON, *line not found ...), no moves.
 * A mate whose minimality is not proven, or whose line was read from the
 * table, says so in a comment too.  Returns 0, or -1 after a write error on
 * f or when memory runs out.
 */
int solve_kif_write(FILE *f, Dfpn *d, const Position *root, const DfpnResult *res, const SolveKifOptions *opt);

#endif
