/*
 * search.h -- the df-pn search proper (search.c): the recursive mid() of
 * Nagai 2002 with the 1+epsilon trick (Pawlewicz & Lew 2007), df-pn+ initial
 * values, mate in one at new attacker nodes, delayed expansion of drop
 * interpositions and the repetition handling that
 * dfpn.h describes.  Not part of the API.
 */
#ifndef TSUME_SEARCH_H
#define TSUME_SEARCH_H

#include "context.h"

/* Searches d->tree.pos, an attacker node (attacker to move), with a length budget
 * of `remain` plies until it is proven, disproven or a limit stops the search
 * (d->run.stopped, d->run.stop_reason).  Sets d->run.budgeted from remain (a finite
 * budget: remain + d->tree.pos.ply < BUDGET_INF).  Precondition: d->tree.pos is the
 * last position on d->tree.path and d->run.lim, d->run.attacker, the counters are set
 * (search_begin).  Returns the node's values: pn == 0 proven
 * (len = the mate length, <= remain; hand = the proof hand), dn == 0
 * disproven within remain (rep: the path index of the shallowest repetition
 * the disproof rests on, REP_NONE if none), else unresolved (stopped). */
NodeResult search_root(Dfpn *d, int remain);

/* Makes root (the attacker `attacker` to move, or either side's position
 * for dfpn_solve) d's position and the path's first node, and resets the
 * run for a search under lim (context_begin; the start time is now) and
 * the repetition table (path keys start from this root). */
void search_begin(Dfpn *d, const Position *root, Color attacker, const DfpnLimits *lim);

/* dfpn_mate_within (dfpn.h) on one context: search_begin, then
 * search_root with a budget of max_len plies (at most what the path
 * allows); the futility rules that search run their searches with it
 * (futile_search.c).  Returns out->status. */
DfpnStatus search_mate_within(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
                              DfpnBound *out);

#endif
