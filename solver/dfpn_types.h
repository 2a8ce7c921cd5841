/*
 * dfpn_types.h -- the types of the solver's API (dfpn.h) that the rooms
 * below it share: a search's status and why it stopped, its limits and
 * results, the futile-interposition rules, and the context as an opaque
 * type.  Including it gives a room the words of the API, never its
 * functions: a room that needs a search of its own is handed one
 * (futile_sub.h, parallel.h).
 */
#ifndef TSUME_DFPN_TYPES_H
#define TSUME_DFPN_TYPES_H

#include "position.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum {
	DFPN_MATE = 0,    /* proven mate */
	DFPN_NOMATE = 1,  /* proven: no mate */
	DFPN_UNKNOWN = 3, /* a limit stopped the search */
} DfpnStatus;

typedef enum {
	DFPN_STOP_NONE = 0,
	DFPN_STOP_TIME,
	DFPN_STOP_NODES,
	DFPN_STOP_USER,
	DFPN_STOP_DEPTH,  /* the search reached POS_MAX_PLY */
	DFPN_STOP_MEMORY, /* the move arena could not grow */
} DfpnStopReason;

typedef struct {
	uint64_t max_nodes;  /* 0 = unlimited */
	int64_t max_time_ms; /* milliseconds of wall time, 0 = unlimited */
	atomic_bool *stop;   /* set to true by another thread to stop; may be NULL */
	/* called about every 100 ms with the nodes so far (may be NULL) */
	void (*progress)(void *arg, uint64_t nodes, double seconds, int hashfull);
	void *progress_arg;
	bool first_mate_only; /* skip the re-search for a shorter mate (len_minimal false) */
	FILE *trace;          /* when not NULL, one line per search phase (first proof, each
	                         re-search for a shorter mate) with nodes and seconds */
} DfpnLimits;

/* A budget shared by several searches, one after another (verify's checks
 * of one problem): the whole's limits, what its searches have spent, and
 * a share of what is left that the next searches may not pass.  The
 * functions are limit.c's, with the search's own budget: the one room
 * where nodes and time are counted against a limit and split. */
typedef struct {
	const DfpnLimits *lim; /* the whole's limits (NULL: none) */
	double start;          /* clock_now() when the whole began */
	uint64_t nodes;        /* spent by its searches so far */
	uint64_t cap_nodes;    /* when not 0: the searches stop at this many nodes in all (a share) */
	double cap_time;       /* when not 0: ... and at this clock_now() time */
} DfpnBudget;

/* Begins a budget of the limits lim (NULL: none) now. */
void dfpn_budget_begin(DfpnBudget *b, const DfpnLimits *lim);
/* Counts nodes a search of the budget spent. */
void dfpn_budget_spend(DfpnBudget *b, uint64_t nodes);
/* Fills *sub with the limits of the next search: what is left of the
 * budget (nodes, time; the stop flag as lim's; no progress reports).
 * Returns false when nothing is left. */
bool dfpn_budget_next(const DfpnBudget *b, DfpnLimits *sub);
/* Why dfpn_budget_next has nothing left to give: the stop flag
 * (DFPN_STOP_USER), the node limit or the time limit of the whole or of the
 * current share. */
DfpnStopReason dfpn_budget_spent(const DfpnBudget *b);
/* From now on the searches may spend only 1/parts of what is left of the
 * nodes and the time (and a node or a nanosecond more); dfpn_budget_unshare
 * lifts that. */
void dfpn_budget_share(DfpnBudget *b, unsigned parts);
void dfpn_budget_unshare(DfpnBudget *b);

#define DFPN_MAX_PV POS_MAX_PLY

typedef struct {
	DfpnStatus status;
	DfpnStopReason reason; /* why the status is UNKNOWN (or why minimality is not proven) */
	int len;               /* MATE: plies of the main line */
	bool len_minimal;      /* MATE: a re-search for a mate within len-2 failed */
	int pv_len;       /* MATE: 0 (no line as long as the mate could be had), or
	                     len: a complete line, odd, legal, every attacker move a
	                     check, ending in mate under the futility rule in force
	                     (never a partial line, never one of another length) */
	bool pv_verified; /* pv is a checked main line of exactly len plies (attacker
	                     shortest, defender longest); false: a mating line read
	                     from the table after a limit stopped the search (its
	                     defence need not be the longest); when the table lost
	                     the line of the last proof, the line kept after an
	                     earlier proof, len then being that proof's bound */
	Move pv[DFPN_MAX_PV];
	uint64_t nodes;
	uint64_t nodes_prove;    /* of which: the first proof */
	uint64_t nodes_minimize; /* re-searches for shorter mates */
	uint64_t nodes_pv;       /* main line extraction */
	double seconds;
	int hashfull; /* per mille */
	int threads;  /* search threads (dfpn_set_threads) */
} DfpnResult;

/* A search context (dfpn.h). */
typedef struct Dfpn Dfpn;

/* The searches handed to the futility rules that search (futile_sub.h). */
typedef struct FutileSearchOps FutileSearchOps;

/* Which interpositions do not count toward the mate length (無駄合; the
 * definitions are in futile.h).  Composers disagree; the tools offer the
 * choice as --futile NAME and the USI option FutileRule. */
typedef enum {
	DFPN_FUTILE_NONE = 0,   /* "none": every interposition counts (strict, as
	                           KomoringHeights 1.x and most engines count) */
	DFPN_FUTILE_NARROW = 1, /* "narrow": a drop the checker takes at once after
	                           which the defender, given the piece back, is
	                           mated at once (recursively) */
	DFPN_FUTILE_BROAD = 2,  /* "broad": a drop the checker takes at once after
	                           which the defender, given the piece back, is
	                           still mated -- a forced mate of any length
	                           (KomoringHeights 0.4-0.5; futile.h) */
	DFPN_FUTILE_NOGAIN = 3, /* "nogain": as broad, but mated no later than the
	                           node's defences that are not drops last (a
	                           verdict of the position alone): the drop gains
	                           nothing but its own two plies (futile.h) --
	                           the default: of the rules that keep the
	                           ShogiBoardQ sets' lengths, the one that agrees
	                           with Shogi Zuko's composer most (README) */
	DFPN_FUTILE_ANSWERED = 4, /* "answered": as broad, but a check whose every
	                             answer is a drop is mate only by the
	                             narrow test (futile.h) */
	DFPN_FUTILE_NB
} DfpnFutileRule;
#define DFPN_FUTILE_DEFAULT DFPN_FUTILE_NOGAIN

/* A rule as the search, the table and verify see it: its name and its
 * properties, one row of DFPN_FUTILE_SPEC each (futile.c, the one place to
 * change for a rule: a new rule is a new enumerator and a new row, and a
 * new test in futile.c's verdict only when no row's test says it).
 * DFPN_FUTILE_NB stands for the capturable test (futile.h), which has no
 * row and none of the properties. */
typedef struct {
	const char *name;        /* as --futile and FutileRule spell it */
	bool counts_all;         /* every interposition counts (no verdict at all) */
	bool searches;           /* a verdict runs a sub-search (futile_sub.h) */
	bool mates_by_search;    /* a check answered only by drops is mate by a
	                            sub-search, not only by the narrow test (a
	                            one-off question: dfpn_is_mated_by) */
	bool frontier_search;    /* ... and at the search's length-budget
	                            frontier, where no expansion follows */
	bool weighs_evasions;    /* a drop is futile only when the mate after its
	                            capture is no longer than the node's other
	                            defences (nogain; futile.h) */
	bool lengths_monotone;   /* mate lengths are monotone in the hands */
	bool narrow_if_only_drops; /* a check whose every answer is a drop takes
	                              the narrow test (answered) */
	DfpnFutileRule bounding; /* the monotone rule that bounds it (below) */
} DfpnFutileSpec;
extern const DfpnFutileSpec DFPN_FUTILE_SPEC[DFPN_FUTILE_NB];

static inline const DfpnFutileSpec *dfpn_futile_spec(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB ? &DFPN_FUTILE_SPEC[r] : NULL;
}

/* Does the rule need a sub-search (futile_sub.h) for its verdicts (broad,
 * nogain, answered)? */
static inline bool dfpn_futile_searches(DfpnFutileRule r) { return r < DFPN_FUTILE_NB && DFPN_FUTILE_SPEC[r].searches; }

/* Is a check whose every evasion is a drop mate by a sub-search under the
 * rule, not only by the narrow test (broad, answered; under nogain "mated"
 * means the narrow test)?  A one-off question: dfpn_is_mated_by. */
static inline bool dfpn_futile_mates_by_search(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB && DFPN_FUTILE_SPEC[r].mates_by_search;
}

/* ... and at the search's length-budget frontier, where no expansion
 * follows (broad only: answered takes the narrow test there, nogain's
 * "mated" is the narrow test)? */
static inline bool dfpn_futile_frontier_search(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB && DFPN_FUTILE_SPEC[r].frontier_search;
}

/* Which facts a table of the rule's results may use for other hands.
 * Whether a mate exists is the same under every rule (futile drops change
 * the count, never the answer) and monotone in the hands: a mate for an
 * attacker's hand is one for every larger hand, "no mate at all" for every
 * smaller one.  Lengths are monotone under none, narrow, broad and
 * answered; under nogain they are not (futile.h), so the table keeps
 * nogain lengths for their own hand only (tt.h).  Are the rule's mate
 * lengths monotone in the hands? */
static inline bool dfpn_futile_lengths_monotone(DfpnFutileRule r)
{
	return r >= DFPN_FUTILE_NB || DFPN_FUTILE_SPEC[r].lengths_monotone;
}

/* The monotone rule that bounds r from above: every drop futile under it is
 * futile under r (its futility test is the first that r makes), so a
 * defence it counts r counts or calls futile, and a mate within N plies
 * under it is a mate within N plies under r (at a defender's node r takes
 * the longest of a subset of the same evasions, by induction no longer).
 * Its results hold across hands and bound r's lengths, so a search for a
 * mate of any length runs under it first (dfpn_solve): nogain -> narrow; a
 * rule whose lengths are monotone -> itself. */
static inline DfpnFutileRule dfpn_futile_bounding(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB ? DFPN_FUTILE_SPEC[r].bounding : r;
}

/* Result of a bounded search (dfpn_mate_within). */
typedef struct {
	DfpnStatus status;     /* MATE: a mate of at most max_len plies (len, not
	                          necessarily the shortest); NOMATE: none within
	                          max_len; UNKNOWN: a limit stopped the search */
	int len;
	DfpnStopReason reason;
	uint64_t nodes;
} DfpnBound;

/* Limits and defaults of the context's settings (dfpn.h says what each
 * means): threads (dfpn_set_threads), the helpers' start
 * (dfpn_set_helper_start), repetitions under a length budget
 * (dfpn_set_repetition_span). */
#define DFPN_MAX_THREADS 256
#define DFPN_HELPER_START_PER_MB 256
#define DFPN_HELPER_START_MIN 16384
#define DFPN_REP_SPAN_DEFAULT 64

#endif
