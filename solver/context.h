/*
 * context.h -- the search context (struct Dfpn) in named parts, shared by the
 * solver's modules; not part of the API (that is dfpn.h).
 *
 * One Dfpn is one search's state: its tables (the transposition table and
 * the path-keyed repetition table), its threads, the futility rule in force,
 * the running search's limits and counters, the tree being expanded (the
 * children of the nodes on the path are Child records in its arena; a
 * searched node returns a NodeResult, pndn.h) and the line kept after a
 * proof.  doc/hacking.md lists the modules that use it, bottom to top:
 * parallel.c, limit.c, expand.c, search.c, pv.c, dfpn.c, verify*.c.
 */
#ifndef TSUME_CONTEXT_H
#define TSUME_CONTEXT_H

#include "clock.h"
#include "dfpn_types.h"
#include "futile.h"
#include "initcache.h"
#include "pndn.h"
#include "path.h"
#include "reptable.h"
#include "tt.h"

#include <time.h>

typedef struct DfpnPool DfpnPool;

/* The tables a context searches: a main context's own, or (a helper) its
 * main's. */
typedef struct {
	TT *tt;       /* the transposition table: tt_own, or the main's */
	RepTable *rt; /* repetition results by path key (reptable.h): rt_own, or the main's */
	TT tt_own;    /* a main context's tables (unused in a helper) */
	RepTable rt_own;
	size_t hash_mb; /* the size asked of dfpn_new */
} DfpnTables;

/* Threads (parallel.h): a main context with helpers has pool set and tid 0;
 * a helper has its main's pool and tid >= 1; pool NULL: one thread. */
typedef struct {
	DfpnPool *pool;
	int tid;
	bool superseded;        /* stopped because another thread ended the search */
	_Atomic uint32_t *busy; /* the pool's nodes-being-searched counters while
	                           helpers run (parallel.h), else NULL */
	uint64_t published;     /* nodes already added to the pool's count */
	uint64_t par_start;     /* dfpn_set_helper_start */
	uint64_t baton_at;      /* lockstep: the node count at which this thread
	                           hands the baton on (parallel.c) */
	uint64_t helper_nodes;  /* of the nodes counted in the main context's
	                           searches, the helpers' (pool_end; --trace) */
} DfpnThreads;

/* The futile-interposition rule in force (dfpn_set_futile): pointers to
 * rows of functions (futile.h). */
typedef struct {
	const FutileRule *rule;  /* the rule: the table's (TT.rule) */
	const FutileRule *count; /* the rule lengths are counted under now: rule,
	                            or its bounding rule during a first proof
	                            (context_take_count) */
	FutileSub *sub;          /* the state of the rule's searches (futile_sub.h):
	                            its own, made with a rule that searches, or
	                            (a capturable-test context) borrowed */
	bool borrowed;           /* sub is the FutileSub that made this context
	                            (futile_search.c), not freed or cleared here */
	uint64_t sub_nodes_seen; /* futile_sub_nodes(sub) already counted in nodes */
} DfpnRule;

/* The seconds between two progress reports (lim->progress: limit.c), on
 * a fixed schedule from the search's start. */
#define LIMITS_PROGRESS_EVERY 0.1

/* The running search: its limits, counters and where it started.  Reset at
 * the start of every search (context_begin), on the main thread and on each
 * helper. */
typedef struct {
	const DfpnLimits *lim;
	Color attacker;
	uint64_t nodes;
	/* the node count of the next limit check (limits_check), and of the
	 * next one that does more than look at the clock (limit.c) */
	uint64_t next_check, next_full;
	double start;
	double next_progress; /* when the next progress report is due (limit.c) */
	DfpnStopReason stop_reason;
	bool stopped;
	bool verdict_cut;       /* a limit stopped the search inside a verdict of the
	                           futility rule's own searches (expand.c) */
	bool budgeted;          /* the search has a length budget (search_root) */
	int root_ply, root_len; /* where search_root started: pos.ply, path.len */
	int rep_span;           /* see dfpn_set_repetition_span */
	const Move *ladder;     /* a line of the root, and its length, that the
	                           helpers start below (parallel.c): the held line,
	                           in the re-searches for a shorter mate; NULL: none */
	int ladder_len;
} DfpnRun;

/* The node being searched, the path to it and the children of the nodes on
 * the path (Child records in the arena; indices stay valid across realloc). */
typedef struct {
	Position pos;
	Path path;
	Child *arena;
	size_t arena_cap, arena_top;
	InitCache ic; /* new nodes' initial values (initcache.h); this context's own */
} DfpnTree;

/* The line held for the shortest mate proven so far: complete, read from
 * the table right after the proof that gave it (dfpn_solve), bound the
 * length its proof tree proves (= len); kept for when a limit stops the
 * minimality proof or the main line later.  len 0: none held. */
typedef struct {
	Move *line; /* DFPN_MAX_PV moves */
	int len, bound;
} DfpnKeptLine;

/* A root searched with one first move (dfpn_solve_first): at the root --
 * the node of this ply and key -- the attacker plays only `move`, and the
 * root's values, true for that move alone, are not stored in the table.
 * move MOVE_NONE: every check, as always. */
typedef struct {
	Move move;
	int ply;
	uint64_t key;
} DfpnFirstMove;

struct Dfpn {
	DfpnTables tab;
	DfpnThreads thr;
	DfpnRule rules;
	DfpnRun run;
	DfpnTree tree;
	DfpnKeptLine kept;
	DfpnFirstMove first; /* copied to the helpers (pool_start) */
	Dfpn *sibling;       /* dfpn_sibling's context, made on first use (NULL: none yet) */
};

/* The rule d's search counts lengths under now: its rule, or the rule's
 * bounding rule during a first proof (context_take_count). */
static inline DfpnFutileRule context_count(const Dfpn *d) { return d->rules.count->id; }

/* Does that rule judge some drops by searches of its own (broad, nogain,
 * answered: FutileRule.searched)? */
static inline bool context_searches(const Dfpn *d) { return d->rules.count->searched != NULL; }

/* true iff pos is the root of a search with one first move (DfpnFirstMove). */
static inline bool context_first_only(const Dfpn *d, const Position *pos)
{
	return d->first.move != MOVE_NONE && pos->ply == d->first.ply && pos_key(pos) == d->first.key;
}

/* Leaves in list (the checks of pos) only the first move when pos is the
 * root of a search with one first move; else list as it is. */
static inline void context_first_filter(const Dfpn *d, const Position *pos, MoveList *list)
{
	if (!context_first_only(d, pos))
		return;
	int n = 0;
	for (int i = 0; i < list->n; i++)
		if (list->moves[i] == d->first.move)
			list->moves[n++] = d->first.move;
	list->n = n;
}

/* A context searching the tables tt and rt (a main context's own, set by
 * the caller after this, or a helper's main's): the search state, the
 * rule FUTILE_NONE (the caller sets one).  NULL when out of memory. */
Dfpn *context_new(size_t hash_mb, TT *tt, RepTable *rt);
/* A main context with tables of its own, hash_mb megabytes (at least 1;
 * 1/16 for the repetition table, the rest for the TT), one thread, the
 * rule `rule`.  NULL when out of memory.  core_init is the caller's. */
Dfpn *context_own_new(size_t hash_mb, const FutileRule *rule);
/* Gives d the futile rule `rule` (a row of futile.h or futile_search.h):
 * for a rule that searches, its FutileSub (made once, 1/8 of the hash, at
 * least 4 MB); the table is the caller's, told the rule (TT.rule).  false
 * when the FutileSub cannot be allocated. */
bool context_take_rule(Dfpn *d, const FutileRule *rule);
/* Makes d count mate lengths under `count`: its rule's bounding rule
 * (bounding true, the table told so: TT.bounding) or the rule itself
 * (false).  The rule, its FutileSub, the table's results and the cached
 * initial values are kept.  For the first proof under a rule whose
 * lengths are not monotone (dfpn_solve). */
void context_take_count(Dfpn *d, const FutileRule *count, bool bounding);
/* Empties d's table and forgets the verdicts of its own FutileSub (not a
 * helper's: dfpn_clear). */
void context_clear(Dfpn *d);
/* A FutileSub for a context whose table is tt (may be NULL: none asked),
 * its broad searches' table hash_mb megabytes; its contexts are made on
 * first need.  NULL when out of memory. */
FutileSub *context_sub_new(size_t hash_mb, const TT *tt);
/* Forgets every verdict of s and empties its broad searches' table
 * (between problems); O(1) for the caches. */
void context_sub_clear(FutileSub *s);
/* Frees s and its contexts; s may be NULL. */
void context_sub_free(FutileSub *s);
/* A helper context with thread id tid (>= 1) for main: its own search
 * state and FutileSub, main's tables and rule.  NULL when out of memory. */
Dfpn *context_helper_new(const Dfpn *main, int tid);
/* Frees d and what it owns (a main context's tables too); not its pool,
 * the caller's (dfpn_free).  d may be NULL. */
void context_free(Dfpn *d);
/* The reset at the start of a search, on the main thread (dfpn.c) and on
 * each helper (parallel.c): the attacker, the limits, the start time
 * (seconds, clock_now) and the node count of the first limit check; the
 * counters, the stop flags and the arena emptied.  The position and the
 * path are the caller's. */
void context_begin(Dfpn *d, Color attacker, const DfpnLimits *lim, double start, uint64_t next_check);

#endif
