/*
 * verify_line.h -- the main line as evidence (verify_line.c): the checks
 * that walk one line of a problem -- 余詰 at every attacker node, the line
 * forcing within the plies it leaves -- and what they prove together: the
 * problem's minimal length.  Not part of the API (verify.h).
 *
 * Why the line proves the length.  Let line[0..n) be a legal line ending in
 * mate, t = n - k the plies it leaves at ply k.  Upper bound: if after every
 * attacker move of the line the defender is mated within t - 1 plies
 * ("forcing"), the root is mated within n.  Lower bound: "no mate within
 * t - 2" at an attacker node holds when every check other than the line's
 * leaves no mate within t - 3, and after the line's move and the line's
 * defence (a counted one, not a futile drop) no mate within t - 4 holds --
 * the same claim two plies on; at t = 1 there is nothing to show.  So the
 * root has no mate within n - 2 when every alternative check of every
 * attacker node leaves no mate within t - 3 -- which the 余詰 test ("a mate
 * within t - 1 after it?") shows whenever it finds none.  Bounded searches
 * have path-independent answers (dfpn.h, repetitions under a budget), so
 * each can run from its own node.  Forcing and alternatives together prove
 * the minimal length is n and the line a main line: no separate root
 * re-search for a shorter mate is needed.
 */
#ifndef TSUME_VERIFY_LINE_H
#define TSUME_VERIFY_LINE_H

#include "verify_ctx.h"

/* Is line[0..n) (legal, every attacker move a check, ending in mate) forcing
 * from root: after each attacker move at ply k, a mate within n - k - 1
 * against every defence?  Asked from the last attacker node back to the
 * first, so each search finds the later ones' proofs in the table.  Returns
 * 1 yes, 0 no (some node has no such mate), -1 a limit stopped a search. */
int verify_line_forcing(VerifyCtx *c, const Position *root, const Move *line, int n);

/* What verify_line_alternatives found. */
typedef struct {
	int cooks;        /* attacker nodes' other checks mating within the plies left (final move excluded) */
	bool lower_bound; /* every other check leaves no mate within t - 3 (proven): no mate within n - 2 */
	bool shorter;     /* some other check mates within t - 3: the root's mate is shorter than n */
} VerifyAlternatives;

/* 余詰 along line[0..n) from root: at each attacker node, the other checks
 * that mate within the plies left (t - 1 after them), and for the length
 * (see above) whether each leaves no mate within t - 3.  With out (the
 * problem's own line), cooks, final-move alternatives and leftover pieces
 * are recorded there; without (a
 * changed position's test), the count and the bound alone, stopping at the
 * first cook.  With out and c->quick, leftover pieces first and a stop at
 * the first cook (the generator's screening: the lower bound is then not
 * known).  Fills *alt. */
void verify_line_alternatives(VerifyCtx *c, const Position *root, const Move *line, int n, VerifyResult *out,
                              VerifyAlternatives *alt);

/* The share of what is left of the limits that each screening search may
 * spend: 1 / (this x the tests). */
#define VERIFY_SCREEN_PARTS 8

/* Screens the problem's line[0..n) from root for 余詰 before the searches
 * that take long: each other check of each attacker node with three plies
 * left or more, "a mate within t - 1 after it?", on a capped share of the
 * limits (VERIFY_SCREEN_PARTS: an eighth in all).  Proofs are found fast
 * and disproofs slowly: a cook found so settles the problem's verdict
 * (c->settled) before one long disproof can take the whole budget.
 * Returns the cooks found, kept in c->screened_cook for
 * verify_line_alternatives, which asks every test again in full (the
 * table keeping what the screening learned) and lists these cooks too when
 * a limit stops their tests; a search a cap stopped is not undecided. */
int verify_line_screen(VerifyCtx *c, const Position *root, const Move *line, int n);

/* Shorter variations (information) along line[0..n) from root: the
 * defences other than the line's, at defender nodes with t >= 4 plies left,
 * after which the attacker mates within t - 3, counted in
 * out->short_variations; out->variations_partial when a limit stopped one
 * of these searches.  They may spend a quarter of what is left of the
 * problem's limits, and are not counted in out->undecided: no verdict
 * rests on them. */
void verify_line_variations(VerifyCtx *c, const Position *root, const Move *line, int n, VerifyResult *out);

/* true iff no defender move of line[0..n) from root is a drop that the
 * rule in force (c->strict: none) calls futile: the line's length is then
 * its length under the rule, and the bounds above apply. */
bool verify_line_counted(VerifyCtx *c, const Position *root, const Move *line, int n);

#endif
