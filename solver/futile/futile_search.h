/*
 * futile_search.h -- the futility rules that are searches of their own
 * (futile.h states the rules): broad's "still mated at any length?",
 * nogain's verdicts and the capturable test that bounds them, each a const
 * row of functions (FutileRule).  Their searches run on df-pn contexts of
 * their own (futile_sub.h), through the search module directly: the rule
 * calls the search, and the search calls the rule only through the row a
 * context holds.  Not part of the API.
 *
 * The capturable test (FUTILE_CAPTURABLE, rule DFPN_FUTILE_NB) is not a
 * rule of play: a drop the checker takes, leaving the check, is futile
 * unless a search of the FutileSub that holds the context proves the
 * position after the capture (the piece given back) not mated within its
 * check_bound plies.  Every drop that counts toward a nogain mate of at
 * most check_bound plies is futile here too, so "no mate within
 * check_bound" here holds under nogain: the nogain rule's lower bounds.
 */
#ifndef TSUME_FUTILE_SEARCH_H
#define TSUME_FUTILE_SEARCH_H

#include "context.h"
#include "futile.h"
#include "futile_sub.h"

/* The rules broad, nogain and answered (their state: the context's
 * FutileSub), and the capturable test (its state: the FutileSub that made
 * the context, or NULL: futile iff the defender is still in check after
 * the capture). */
extern const FutileRule FUTILE_BROAD, FUTILE_NOGAIN, FUTILE_ANSWERED, FUTILE_CAPTURABLE;

/* true iff the defender (to move, in check) of pos is mated within bound
 * plies (from pos; POS_MAX_PLY or more: a forced mate of any length) for
 * the other side, as far as can be told: a proof in the main table (hand
 * superiority included; false at once for a disproof there within the
 * bound), else a sub-search of at most FUTILE_SUB_NODES nodes.  Verdicts
 * are cached by position (pos_key): the shortest bound known mated and the
 * longest known not (a sub-search that ran out counts as not); a "not
 * mated" can turn into "mated" once the main table holds a proof, never the
 * other way.  pos is not modified. */
bool futile_search_mated(FutileSub *s, const Position *pos, int bound);

#endif
