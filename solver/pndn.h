/*
 * pndn.h -- the numbers every module of the solver shares: proof and disproof
 * numbers with their saturating sum, mate-length bounds, the values of a
 * searched node (NodeResult) and of an expanded node's child (Child), and
 * phi/delta, the numbers seen from the player to move.  Not part of the
 * API; the bottom of the solver (it includes only core headers).
 */
#ifndef TSUME_PNDN_H
#define TSUME_PNDN_H

#include "position.h"
#include "types.h"

/* Proof and disproof numbers (Allis 1994; df-pn, Nagai 2002). */
typedef uint64_t PnDn;
#define PNDN_INF ((PnDn)UINT32_MAX)     /* proven / disproven marker */
#define PNDN_MAX ((PnDn)UINT32_MAX - 1) /* largest unresolved value */

/* a + b, saturating at PNDN_MAX. */
static inline PnDn pndn_add(PnDn a, PnDn b)
{
	PnDn s = a + b;
	return s > PNDN_MAX ? PNDN_MAX : s;
}

/* The numbers of a node seen from its player to move (KomoringHeights):
 * phi is the one that player minimises -- pn at an OR node (the attacker
 * proves), dn at an AND node (the defender disproves) -- and delta the other
 * one.  A node's phi is the smallest phi of its children, its delta the sum
 * of their deltas (Nagai 2002; at an OR node less: search.c, or_disproof). */
static inline PnDn phi(PnDn pn, PnDn dn, bool or_node) { return or_node ? pn : dn; }
static inline PnDn delta(PnDn pn, PnDn dn, bool or_node) { return or_node ? dn : pn; }

/* Mate-length bounds, in plies from the node: a proof carries the length of
 * its mate, a disproof "no mate within len"; TT_LEN_INF: no mate at all. */
#define TT_LEN_INF 0xffff

/* Length budget meaning "no limit": deeper than any path we can play. */
#define BUDGET_INF (POS_MAX_PLY - 16)

/* A disproof that depends on no repetition. */
#define REP_NONE UINT16_MAX

/* Child flags.
 * CHILD_FUTILE: a futile drop interposition (futile.h), not counted in the
 * mate length: under the narrow rule proven without search; under the broad
 * rule judged once resolved (judge_drop in expand.c).
 * CHILD_JUDGED: the broad rule has judged this drop (futile or not).
 * CHILD_DELAYED: a drop interposition waiting for the drop before it to be
 * proven: the one before it on the same square, or, for a 中合い (expand.c,
 * middle_squares) in the search for a first mate, the one before it on
 * another 中合い square (delayed expansion of interpositions: one piece at a
 * time, the next looked at only once the one before is proven -- the idea
 * of KomoringHeights' 合駒の遅延展開).
 * CHILD_NEW: no table entry yet (its values are the initial estimates). */
enum { CHILD_FUTILE = 1, CHILD_JUDGED = 2, CHILD_DELAYED = 4, CHILD_NEW = 16 };

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
