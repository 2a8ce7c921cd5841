/*
 * futile_sub.h -- what the futility rules that search keep between their
 * verdicts (FutileSub): the verdict caches, the df-pn contexts their
 * searches run on, the nodes they spent and the budget they may spend.
 * The rules' rows and searches are futile_search.c's; a context makes,
 * clears and frees its FutileSub (context_sub_new in context.h), its
 * expansion sets the budget (below).  Not part of the API.
 */
#ifndef TSUME_FUTILE_SUB_H
#define TSUME_FUTILE_SUB_H

#include "dfpn_types.h"
#include "futile.h"
#include "tt.h"

/* What is known of one position's mate (defender to move): mated within
 * mated_at plies (INT16_MAX: not known), not within free_at (-1: not known;
 * a sub-search that ran out counts as "not": the narrower reading). */
typedef struct {
	uint64_t key; /* pos_key ^ salt; 0 empty */
	int16_t mated_at, free_at;
} FutileSubVerdict;

/* A nogain verdict: a pure function of (position, drop square, checker
 * after the capture), so it may be cached and shared by every caller. */
typedef struct {
	uint64_t key; /* position, square, promotion, ^ salt; 0 empty */
	int8_t futile;
} FutileNogainVerdict;

/* Entries of the two caches: 2^16 each (1 MB each). */
#define FUTILE_SUB_CACHE_BITS 16

struct FutileSub {
	size_t hash_mb;              /* the table of d below, in MB */
	Dfpn *d;                     /* narrow-rule context of the broad rule's searches
	                                (a mate's existence does not depend on the rule,
	                                only its length; made on first need) */
	const TT *tt;                /* the main search's table, asked first (may be NULL) */
	uint64_t nodes;              /* all nodes searched */
	FutileSubVerdict *cache;     /* the broad rule's verdicts (futile_search_mated) */
	uint64_t salt;               /* changed by each clear: earlier entries stop
	                                matching (as likely to match by chance as two
	                                64-bit keys) */
	FutileNogainVerdict *nogain; /* the nogain rule's verdicts */
	Dfpn *lower;                 /* capturable-test context, the nogain rule's
	                                lower bounds (made on first need); it takes
	                                this FutileSub as its own state, borrowed */
	int check_bound;             /* the capturable test's bound on lower */
	uint64_t budget;             /* nodes the nogain rule's searches may still
	                                spend (futile_sub_set_budget) */
	bool budget_cut;             /* one of them stopped at it */
	Dfpn *fresh;                 /* narrow context of the nogain rule's fresh
	                                searches: 1 MB, enough for their few thousand
	                                nodes (made on first need) */
};

/* Nodes one broad sub-search may spend (an interposition whose test runs
 * out counts as real: the narrower reading, never a false mate).  Measured
 * over the broad sub-searches of eight Zuko problems: 90 % of the mates
 * found are found within 293 nodes, 95.6 % within 1,000, 99 % within 2,780;
 * and a sub-search that finds nothing costs its whole budget.  At 1,000
 * rather than 4,000 Zuko under verify --nodes 2500000 had 71 lengths equal
 * to the composer's against 68, and 36 undecided verdicts against 45
 * (Zuko 20 and 25 are lost, 47, 61 and 90 found). */
#define FUTILE_SUB_NODES 1000

/* Nodes searched by s since it was made. */
static inline uint64_t futile_sub_nodes(const FutileSub *s) { return s->nodes; }

/* The nogain rule's verdicts (futile_judge_drop) may spend at most `nodes`
 * more nodes (UINT64_MAX: no limit; the caller's node limit, so that it
 * holds exactly); clears the flag below. */
static inline void futile_sub_set_budget(FutileSub *s, uint64_t nodes)
{
	s->budget = nodes;
	s->budget_cut = false;
}

/* true iff a nogain search stopped at that budget since it was set: the
 * verdict given then is not the rule's (not cached; the caller must not
 * use it, and is at its node limit anyway). */
static inline bool futile_sub_budget_cut(const FutileSub *s) { return s->budget_cut; }

#endif
