/*
 * pv.h -- main-line extraction after a proof: the attacker plays a shortest
 * mate, the defender the longest resistance, futile interpositions (futile.h)
 * skipped; among the longest defences, one after which the line leaves the
 * attacker no pieces in hand is preferred (the convention of a sound
 * problem's main line).
 */
#ifndef TSUME_PV_H
#define TSUME_PV_H

#include "context.h"

/* How pv_build chooses its moves. */
typedef enum {
	PV_TABLE,   /* follow the stored proofs only; no search */
	PV_CHECKED, /* check every choice by search (len proven minimal) */
	PV_REPROVE, /* follow the stored proofs; where the table lost them, prove
	               the node again within the plies left (unless d is stopped) */
} PvMode;

/* Builds the main line of d->tree.pos (the current node, an attacker node proven
 * to mate in `len` plies) into pv (space for DFPN_MAX_PV moves).
 * PV_CHECKED (len proven minimal): every attacker choice is checked by search to
 * be a shortest mate and every defender choice a longest resistance (the
 * child has no mate within t-3 plies); the search may be stopped by d's
 * limits, leaving the line short.  PV_TABLE (a limit stopped the minimality
 * proof) follows the stored proofs only: attacker the shortest stored proof,
 * defender the longest; PV_REPROVE the same, but a node whose proofs the
 * table lost (replaced when it was full) is proved again by search, so that
 * the line can be completed when the search was not stopped.  tiebreak: among the longest
 * defences prefer one whose checked line leaves the attacker's hand empty
 * (rebuilds sub-lines: costly on long problems).
 * The moves are played on d->tree.pos and pushed on d->tree.path as they are chosen
 * and stay played: the caller undoes them.  Returns the number of plies
 * written to pv (len when the line is complete). */
int pv_build(Dfpn *d, int len, Move *pv, PvMode mode, bool tiebreak);

/* The line of the proof the table holds for d->tree.pos (an attacker node
 * proven to mate within len plies), every choice followed to its end: the
 * attacker's shortest stored proof at each of its nodes, every defence that
 * is not futile at each of the defender's, the longest of them in the line.
 * The length so found is a proven bound, at most len and often less, where
 * the table's lengths were stored before shorter proofs of the positions
 * below were found.  search true: where the table lost a proof, the node is
 * proved again by search (unless d is stopped), the positions visited
 * counted as d's nodes and d's limits checked.  search false: the table's
 * proofs alone -- the table, the repetition table and d's node count are
 * left as they are and no limit is checked (d stopped or not), so that a
 * line can be taken out between two searches without changing either.
 * max_positions: the most positions remembered (memory: 24 bytes each,
 * allocated for the call).  Returns the line's length, written to pv (space
 * for DFPN_MAX_PV moves) and played on d->tree.pos and d->tree.path as
 * pv_build does; 0 when no complete line was found (a proof lost and, with
 * search, not found again; a limit; max_positions). */
int pv_tree_line(Dfpn *d, int len, Move *pv, size_t max_positions, bool search);

#endif
