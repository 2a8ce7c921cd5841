/*
 * expand.h -- expanding a node of the df-pn search (expand.c): generating
 * its children (checks at an OR node, evasions at an AND node, drops on
 * one square delayed), their initial values (df-pn+, mate in one, the
 * table, repetitions), the lazy futility verdicts on resolved drops, and
 * the child a helper takes instead of a busy one.  Not part of the API.
 */
#ifndef TSUME_EXPAND_H
#define TSUME_EXPAND_H

#include "context.h"

/* Generates the children of the current node into the arena and gives each
 * its initial values.  Kept out of mid() so that the move list does not stay
 * on the stack during the recursion.  Returns the arena index (SIZE_MAX when
 * out of memory) and the count in *count. */
size_t expand(Dfpn *d, bool or_node, int remain, int *count);

/* Initial values of the child reached by move from the current position
 * d->tree.pos (remain: the child's length budget): from the table, a
 * repetition, or the first estimates of a new node (CHILD_NEW; the move is
 * played for those, and taken back). */
void init_child(Dfpn *d, Child *c, bool child_is_and, int remain, Move move);

/* The broad rule, judged lazily: a drop interposition c of the current
 * (AND) node, once resolved -- proven, or disproven only within a length
 * budget -- is asked whether it is futile (futile_is_drop with the broad
 * rule).  A futile one stops counting toward the length; one disproven
 * within the budget becomes proven (a futile drop is a mate, whatever its
 * length: futile.h).  hint: -1, or plies within which every evasion of
 * the node that is not a drop is proven mated; top: the node's length
 * budget (the nogain rule's shortcuts to "not futile", futile_judge_drop:
 * the verdict does not depend on them).  node_values asks only when the
 * answer can change the node: a proven drop once the node is proven and
 * the drop would set its length, a disproven one when it would be the
 * node's decisive disproof (judge_pending).  Judging only those spares the
 * sub-searches for drops whose verdict the node's value does not depend
 * on.  Returns true iff c's values changed (futile, or left unresolved at
 * the node limit). */
bool judge_drop(Dfpn *d, Child *c, int hint, int top);

/* A drop of an AND node that the broad rule has not judged and could call
 * futile: resolved -- proven, or disproven only within a length budget
 * (a true no-mate, or one resting on a repetition, is never futile). */
static inline bool judge_pending(const Dfpn *d, const Child *c)
{
	return context_searches(d) && !(c->flags & (CHILD_FUTILE | CHILD_JUDGED)) && move_is_drop(c->move) &&
	       (c->pn == 0 || (c->dn == 0 && c->len < TT_LEN_INF && c->rep == REP_NONE));
}

/* A helper thread (parallel.h) about to search ch[best] while another
 * thread is searching it: the child to search instead.  The busy child
 * counts as if its phi were VIRTUAL_PHI(phi) (Kaneko's virtual proof
 * numbers, 2010, here a bound 1.5 times the real one): the sibling with the
 * smallest phi below that bound and below thphi (the node's phi threshold)
 * that no thread is searching is taken, and *second becomes the smallest of
 * the bound and the other free siblings' phi, so that the sibling is
 * searched until it is no better than the busy child would be with the
 * penalty, then the thread follows the other one.  Taking a free sibling
 * with the busy child simply left out, as if it were not there, sank a
 * helper in hopeless siblings of a narrow line: Microcosmos' re-search for a
 * mate within 1,551 plies did not end in 450 s where one thread ends all its
 * re-searches in 150 s.  best itself when it is not being searched or no
 * sibling qualifies. */
int divert(const Dfpn *d, const Child *ch, int n, int best, bool or_node, PnDn thphi, PnDn *second);

#endif
