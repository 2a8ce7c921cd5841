/*
 * dfpn_types.h -- the types of the solver's API (dfpn.h) that the modules
 * below it share: a search's status and why it stopped, its limits and
 * results, the futile-interposition rules, and the context as an opaque
 * type.  Including it gives a module the words of the API, never its
 * functions: a module that needs a search of its own is handed one
 * (futile_sub.h, parallel.h).
 */
#ifndef TSUME_DFPN_TYPES_H
#define TSUME_DFPN_TYPES_H

#include "futile_rule.h"
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
	/* dfpn_solve: a length to ask first once a first proof is longer (a
	 * problem's stated length, its likely minimum), in plies; 0 = none.
	 * The re-searches then ask "a mate within probe_len?" before the
	 * usual "within len - 2": a mate found there goes on from its length,
	 * none proves the mate longer (DfpnResult.len_floor) and the
	 * re-searches come back down to just above it.  Rounded down to odd.
	 * The length proven is the same with or without it under a rule whose
	 * lengths are the position's own (none, narrow, nogain); under broad
	 * and answered, whose verdicts read the table, the order of the
	 * searches can change a length (verify probes only under the others).
	 * Not passed on by dfpn_budget_next. */
	int probe_len;
} DfpnLimits;

/* A budget shared by several searches, one after another (verify's checks
 * of one problem): the whole's limits, what its searches have spent, and
 * a share of what is left that the next searches may not pass.  The
 * functions are limit.c's, with the search's own budget: the one module
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
	int len_floor;         /* MATE: the mate is proven to take at least len_floor
	                          plies (no mate within len_floor - 2); len when
	                          len_minimal, 1 when nothing shorter was disproven */
	int pv_len;            /* MATE: len, always: a complete line, odd, legal, every
	                          attacker move a check, ending in mate under the
	                          futility rule in force (never a partial line, never
	                          one of another length).  A mate whose line could not
	                          be had is not announced: status UNKNOWN */
	bool pv_verified;      /* pv is a checked main line of exactly len plies (attacker
	                          shortest, defender longest); false: a mating line read
	                          from the table after a limit stopped the search (its
	                          defence need not be the longest), or the line held
	                          right after the last proof that gave one, len then
	                          being the bound its proof tree proves */
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

/* Result of a bounded search (dfpn_mate_within). */
typedef struct {
	DfpnStatus status; /* MATE: a mate of at most max_len plies (len, not
	                      necessarily the shortest); NOMATE: none within
	                      max_len; UNKNOWN: a limit stopped the search */
	int len;
	DfpnStopReason reason;
	uint64_t nodes;
	bool verdict_cut; /* UNKNOWN: the limit stopped it inside a verdict of the
	                     futility rule's own searches; what that search left in
	                     the table is then not to be trusted by a later one
	                     (dfpn_clear) */
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
