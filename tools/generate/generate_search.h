/*
 * generate_search.h -- the search of `tsume generate` for one slot: random
 * start positions around the defender's king, hill climbing by mutation
 * towards a minimal mate of N plies, polishing by verify_problem, and the
 * difficulty figures (the method is described in generate.h).
 *
 * A slot's result depends only on (GenParams, slot): every search is bounded
 * by nodes, not time, and starts from an empty table.
 */
#ifndef TSUME_GENERATE_SEARCH_H
#define TSUME_GENERATE_SEARCH_H

#include "dfpn.h"
#include "position.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define GEN_HASH_MB 16 /* solver table of one worker, megabytes */
#define GEN_MAX_N 15   /* longest mate generated, plies */

/* --level: the difficulty band asked for (LEVEL_ANY: every problem). */
enum { LEVEL_ANY = 0, LEVEL_EASY, LEVEL_MEDIUM, LEVEL_HARD };

/* What a slot searches for; the same for every slot of a run. */
typedef struct {
	int n;          /* mate length wanted, plies (odd, 1..GEN_MAX_N) */
	int min_pieces; /* pieces on the board (kings included) + sente's hand */
	int max_pieces;
	int level;             /* LEVEL_* */
	uint64_t seed;         /* --seed */
	uint64_t eval_nodes;   /* node budget of one evaluation */
	uint64_t slot_evals;   /* evaluations a slot may spend */
	atomic_bool *stop;     /* set to abandon the searches (the run is over) */
	DfpnFutileRule futile; /* --futile: the futile-interposition rule of every search */
} GenParams;

/* A slot's result. */
typedef struct {
	bool found; /* a problem was found; the rest is meaningful only then */
	char sfen[160];
	Move moves[GEN_MAX_N]; /* the main line */
	int nmoves;
	uint64_t nodes; /* solver nodes for the problem from an empty table */
	int checks;     /* checking first moves */
	bool sacrifice; /* the first move puts a piece where the defender can take it */
	bool quiet;     /* the first move is a drop not next to the king */
	double difficulty;
	uint64_t evals; /* evaluations the slot spent */
} GenProblem;

/* A worker's search context (a solver table of GEN_HASH_MB and scratch
 * positions); one per thread. */
typedef struct GenWorker GenWorker;

/* A new worker, or NULL if memory runs out. */
GenWorker *gen_worker_new(void);

/* Frees w (NULL is allowed). */
void gen_worker_free(GenWorker *w);

/* Searches slot number `slot` for a sound problem with w and fills *out
 * (out->found false when the slot's budget of gp->slot_evals evaluations ran
 * out, or gp->stop was set, first). */
void gen_run_slot(GenWorker *w, const GenParams *gp, uint64_t slot, GenProblem *out);

#endif
