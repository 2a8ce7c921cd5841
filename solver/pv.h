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
 * to mate in `len` plies) into pv (room for DFPN_MAX_PV moves).
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

#endif
