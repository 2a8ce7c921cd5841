/*
 * dfpn_internal.h -- what the pieces of the df-pn solver share; not part of
 * the API (that is dfpn.h).
 *
 *   dfpn.c     the API: contexts, dfpn_solve (first proof, re-searches for a
 *              shorter mate, main line), dfpn_mate_within
 *   search.c   the search: mid(), child expansion and initial values,
 *              threshold control, limits (search.h)
 *   futile.c   futile interpositions and mate detection modulo them (futile.h)
 *   proof.c    proof and disproof hands (proof.h)
 *   pv.c       main-line extraction (pv.h)
 *   path.h     the current path, for repetitions
 *   tt.c       transposition table; reptable.c path-keyed repetition results
 *
 * The search state is one struct Dfpn; the children of the nodes on the path
 * are Child records in its arena; a searched node returns a NodeResult.
 */
#ifndef TSUME_DFPN_INTERNAL_H
#define TSUME_DFPN_INTERNAL_H

#include "clock.h"
#include "dfpn.h"
#include "futile.h"
#include "initcache.h"
#include "path.h"
#include "reptable.h"
#include "tt.h"

#include <time.h>

typedef struct DfpnPool DfpnPool;

/* Length budget meaning "no limit": deeper than any path we can play. */
#define BUDGET_INF (POS_MAX_PLY - 16)

/* Child flags.
 * CHILD_FUTILE: a futile drop interposition (futile.h), not counted in the
 * mate length: under the narrow rule proven without search; under the broad
 * rule judged once resolved (judge_drop in search.c).
 * CHILD_JUDGED: the broad rule has judged this drop (futile or not).
 * CHILD_DELAYED: a drop interposition waiting for the drop before it on the
 * same square to be proven (delayed expansion of interpositions: only one
 * piece per square is searched at a time, and the next is looked at only once
 * it is proven -- the idea of KomoringHeights' 合駒の遅延展開).
 * CHILD_OLD: its table entry was stored from a shallower point of the path
 * (a transposition from above, maybe a loop: the threshold control of mid()).
 * CHILD_NEW: no table entry yet (its values are the initial estimates). */
enum { CHILD_FUTILE = 1, CHILD_JUDGED = 2, CHILD_DELAYED = 4, CHILD_OLD = 8, CHILD_NEW = 16 };

/* A disproof that depends on no repetition. */
#define REP_NONE UINT16_MAX

/* One child of an expanded node, kept in the context's arena. */
typedef struct {
	Move move;
	uint16_t flags; /* CHILD_* */
	uint16_t rep;   /* disproven: index on the path of the shallowest position
	                   it repeats (REP_NONE: a disproof for every path) */
	PnDn pn, dn;
	int len;   /* proven: mate length; disproven: no mate within len */
	Hand hand; /* proven: proof hand; disproven: disproof hand (attacker's) */
} Child;

/* The values of a searched node. */
typedef struct {
	PnDn pn, dn;
	int len;   /* proven: mate length; disproven: no mate within len */
	int rep;   /* disproven: path index of the shallowest repeated position
	              the disproof depends on (REP_NONE: none) */
	Hand hand; /* proof / disproof hand when resolved */
} NodeResult;

/* The capturable test (futile.h) as a context's rule: the nogain rule's
 * lower-bound sub-searches only, never a rule of the tools (no name). */
#define DFPN_FUTILE_CAPTURABLE ((DfpnFutileRule)DFPN_FUTILE_NB)

struct Dfpn {
	TT *tt;           /* the transposition table: tt_own, or a helper's main's */
	RepTable *rt;     /* repetition results by path key (reptable.h): rt_own, or the main's */
	TT tt_own;        /* a main context's tables (unused in a helper) */
	RepTable rt_own;
	/* threads (parallel.h): a main context with helpers has pool set and
	 * tid 0; a helper has its main's pool and tid >= 1; pool NULL: one thread */
	DfpnPool *pool;
	int tid;
	bool superseded;   /* stopped because another thread ended the search */
	_Atomic uint32_t *busy; /* the pool's nodes-being-searched counters while
	                           helpers run (parallel.h), else NULL */
	uint64_t published; /* nodes already added to the pool's count */
	int root_ply, root_len; /* where search_root started: pos.ply, path.len */
	uint64_t par_start;     /* dfpn_set_helper_start */
	DfpnFutileRule rule; /* futile interpositions (dfpn_set_futile) */
	Futility fut;        /* the rule as futile.h takes it */
	FutileSub *sub;      /* the broad rule's sub-search (made on first use) */
	size_t hash_mb;      /* the size asked of dfpn_new */
	uint64_t sub_nodes_seen; /* futile_sub_nodes(sub) already counted in nodes */
	int rep_span;     /* see dfpn_set_repetition_span */
	bool budgeted;    /* the running search has a length budget (search_root) */
	InitCache ic;     /* new nodes' initial values (initcache.h); this context's own */
	Position pos;     /* the current node */
	Color attacker;
	/* limits and statistics */
	const DfpnLimits *lim;
	uint64_t nodes, next_check;
	double start;
	DfpnStopReason stop_reason;
	bool stopped;
	double last_progress;
	Path path;
	/* children arena (indices stay valid across realloc) */
	Child *arena;
	size_t arena_cap, arena_top;
	/* the complete mating line read from the table right after the last
	 * proof that gave one (dfpn_solve: kept for when a limit stops the
	 * minimality proof or the main line later) */
	Move *kept_line; /* DFPN_MAX_PV moves */
	int kept_len, kept_bound;
};

/* Marks c proven: a mate of len plies with proof hand `hand`. */
static inline void child_set_proven(Child *c, int len, Hand hand)
{
	c->pn = 0;
	c->dn = PNDN_INF;
	c->len = len;
	c->hand = hand;
}

/* Marks c disproven: no mate within len plies, with disproof hand `hand`. */
static inline void child_set_disproven(Child *c, int len, Hand hand)
{
	c->pn = PNDN_INF;
	c->dn = 0;
	c->len = len;
	c->hand = hand;
}

#endif
