/*
 * verify_stated.h -- the verdict on a stated answer whose length is not the
 * minimal one (verify_stated.c): 変長, 早詰, another futility convention,
 * 2手変長駒余り, found ply by ply along the stated line.  Not part of the API
 * (verify.h gives the verdicts to the tools).
 */
#ifndef TSUME_VERIFY_STATED_H
#define TSUME_VERIFY_STATED_H

#include "verify_ctx.h"

/* The stated line line[0..n) from root (legal and mating) against the
 * proven values, ply by ply.  Our minimal length len differs from n.
 *  - len > n: at some defender ply the stated defence is not the longest;
 *    the first defender ply k with an evasion that is not mated within the
 *    n-k-1 plies the stated line leaves is reported, with that evasion and
 *    the length it reaches (solved).
 *  - len < n: at some attacker ply k the stated attack is slower than the
 *    best: there is a mate within n-k-2 from ply k but none within n-k-3
 *    after the stated move.  The first such k is reported, with a check that
 *    mates within n-k-2 and its length.
 *  - before either, a defender ply where the stated move is a drop that the
 *    rule in force calls futile: the stated length counts an interposition
 *    this rule does not (VERDICT_FUTILE_CONVENTION).
 *  - len > n, every such evasion exactly two plies longer and ending, in
 *    every fastest line, with pieces in hand, while the stated line ends
 *    with none: VERDICT_LEFTOVER_CONVENTION at the first of them.  Under
 *    nogain a drop that outlasts the node's own minimal length is futile and
 *    passed over.
 * (The deficit between the stated remaining length and the true value
 * changes only at such plies, so one is always found when no limit stops
 * the sub-searches.)  The lengths reported are minimal (0 when a limit
 * stopped their minimisation).  Sets out->stated; its sub-searches' limits do not
 * count toward out->undecided. */
void verify_stated_walk(VerifyCtx *c, const Position *root, const Move *line, int n, int len);

/* The verdict from what verify_problem found (see VerifyStated). */
void verify_stated_verdict(VerifyCtx *c, const Position *root, const VerifySpec *spec);

#endif
