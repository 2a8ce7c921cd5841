/*
 * futile_sub.h -- the futility rules that are searches of their own: the
 * broad rule's "still mated at any length?", the nogain rule's verdicts
 * and the capturable test's bounds (futile.h states the rules).  A
 * FutileSub runs its searches on df-pn contexts of its own, made and
 * searched through the FutileSearchOps it is handed (dfpn.c hands the
 * solver's API): this module never includes the search it runs, so the
 * solver's modules depend on each other one way only.  Not part of the API.
 */
#ifndef TSUME_FUTILE_SUB_H
#define TSUME_FUTILE_SUB_H

#include "dfpn_types.h"
#include "futile.h"
#include "tt.h"

/* The searches a FutileSub runs: df-pn contexts of a rule (narrow, or the
 * capturable test: DFPN_FUTILE_NB) and "a mate within max_len?" on them,
 * with the meaning of dfpn_new_with_rule, dfpn_free, dfpn_clear and
 * dfpn_mate_within (dfpn.h).  set_check gives a capturable context its
 * check search and bound (Futility.check, check_bound) and forgets the
 * initial values that depend on them. */
struct FutileSearchOps {
	Dfpn *(*make)(size_t hash_mb, DfpnFutileRule rule);
	void (*destroy)(Dfpn *d);
	void (*clear)(Dfpn *d);
	DfpnStatus (*mate_within)(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
	                          DfpnBound *out);
	void (*set_check)(Dfpn *d, FutileSub *check, int bound);
};

/* The tests futile.c asks of a FutileSub (Futility.tests). */
extern const FutileSubTests FUTILE_SUB_TESTS;

/* Nodes one broad sub-search may spend (an interposition whose test runs
 * out counts as real: the narrower reading, never a false mate).  Measured
 * over the broad sub-searches of eight Zuko problems: 90 % of the mates
 * found are found within 293 nodes, 95.6 % within 1,000, 99 % within 2,780;
 * and a sub-search that finds nothing costs its whole budget.  At 1,000
 * rather than 4,000 Zuko under verify --nodes 2500000 had 71 lengths equal
 * to the composer's against 68, and 36 undecided verdicts against 45
 * (Zuko 20 and 25 are lost, 47, 61 and 90 found). */
#define FUTILE_SUB_NODES 1000

/* A broad-rule sub-search with hash_mb megabytes of table (a narrow-rule
 * df-pn context of its own) and a verdict cache; tt: the main search's
 * table, whose proofs are taken first (NULL: none); ops: the searches it
 * runs (kept, not copied).  NULL when out of memory. */
FutileSub *futile_sub_new(size_t hash_mb, const TT *tt, const FutileSearchOps *ops);
void futile_sub_free(FutileSub *s);
/* Forgets every verdict and empties the table (between problems). */
void futile_sub_clear(FutileSub *s);
/* Nodes searched by s since it was created. */
uint64_t futile_sub_nodes(const FutileSub *s);
/* The nogain rule's verdicts (futile_judge_drop) may spend at most `nodes`
 * more nodes (UINT64_MAX: no limit; the caller's node limit, so that it
 * holds exactly); clears the flag below. */
void futile_sub_set_budget(FutileSub *s, uint64_t nodes);
/* true iff a nogain search stopped at that budget since it was set: the
 * verdict given then is not the rule's (not cached; the caller must not
 * use it, and is at its node limit anyway). */
bool futile_sub_budget_cut(const FutileSub *s);

/* true iff the defender (to move, in check) of pos is mated within bound
 * plies (from pos; POS_MAX_PLY or more: a forced mate of any length) for
 * the other side, as far as can be told: a proof in the main table (hand
 * superiority included; false at once for a disproof there within the
 * bound), else a sub-search of at most FUTILE_SUB_NODES nodes.  Verdicts
 * are cached by position (pos_key): the shortest bound known mated and the
 * longest known not (a sub-search that ran out counts as not); a "not
 * mated" can turn into "mated" once the main table holds a proof, never the
 * other way.  pos is not modified. */
bool futile_sub_mated(FutileSub *s, const Position *pos, int bound);

#endif
