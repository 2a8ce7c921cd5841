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
 * (begin_search in dfpn.c).  Returns the node's values: pn == 0 proven
 * (len = the mate length, <= remain; hand = the proof hand), dn == 0
 * disproven within remain (rep: the path index of the shallowest repetition
 * the disproof rests on, REP_NONE if none), else unresolved (stopped). */
NodeResult search_root(Dfpn *d, int remain);

#endif
