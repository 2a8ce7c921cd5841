/*
 * verify.h -- the checks a composer's checker makes on one problem
 * (../shared/DESIGN.md section 5):
 *
 *  - mate:        the position is a mate (df-pn, dfpn.h), length proven minimal;
 *  - length:      the minimal length equals the stated one;
 *  - 余詰 (cook):  at an attacker node of the main line another check also
 *                 mates within the remaining plies; alternatives on the final
 *                 move are reported apart (most composers tolerate them);
 *  - 駒余り:       the attacker holds pieces at the end of the main line;
 *  - unnecessary piece: moving one attacker piece (on the board, or one of a
 *                 kind in hand) to the defender's hand leaves a mate of the
 *                 same length (the ShogiBoardQ audit's single-piece rule);
 *  - shorter variation (information only): a defence on the main line other
 *                 than the main one that is mated at least two plies sooner.
 *
 * The main line checked is the one given with the problem when there is one
 * (it must replay legally, check on every attacker move, and end in mate),
 * else the solver's.  Every sub-search shares the table of one Dfpn context:
 * all positions of one problem hold the same pieces in all, so the table's
 * hand-superiority rule stays valid.
 */
#ifndef TSUME_VERIFY_H
#define TSUME_VERIFY_H

#include "dfpn.h"
#include "verify_types.h"

/* "exact", "final_alternatives", "longer_defence", "shorter_mate",
 * "stated_not_mate", "no_mate", "undecided", "futile_convention",
 * "leftover_convention"; "" for VERDICT_NONE. */
const char *verify_verdict_name(VerifyVerdict v);

/* Verifies the problem root (the side to move attacks).  lim bounds the whole
 * verification (time and nodes in all).  Fills *out; returns out->flags. */
unsigned verify_problem(Dfpn *d, const Position *root, const VerifySpec *spec, const DfpnLimits *lim,
                        VerifyResult *out);

/* The verdict on a stated answer given[0..n) (USI moves as parsed; any
 * legal form) of the problem root, for a problem already solved into *res
 * by d (its table is reused; the rule in force is d's): the one-line
 * comparison `solve` prints.  Fills *stated (ply, move and length where the
 * verdict has them, as verify_problem's out->stated) and returns its
 * verdict: VERDICT_NO_MATE when res proved no mate
 * (ply 1 and the defence to the answer's first check that escapes, as
 * verify_problem names it, when one is found within lim); VERDICT_STATED_NOT_MATE
 * when the line is illegal, has a move without check or does not end in
 * mate; VERDICT_UNDECIDED when res has no proven-minimal length, when a limit
 * of lim (time and nodes for all of this call's sub-searches; NULL = none)
 * stopped the walk, or when out of memory; else VERDICT_EXACT,
 * VERDICT_FINAL_ALT (the final move only is not unique) or the walk's
 * verdict (see VerifyVerdict). */
VerifyVerdict verify_stated(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                            const DfpnLimits *lim, VerifyStated *stated);

/* A composer's checks on an answer given[0..n) (USI moves as parsed) of the
 * problem root, already solved into *res by d (its table reused): when res
 * is a mate of proven-minimal length n and the answer replays legally,
 * every attacker move a check, to mate, the checks verify makes on its main
 * line -- 余詰 at every attacker node (out->cooks, out->cook[]), the other
 * mating final moves, 駒余り at its end (out->leftover) -- with the line in
 * out->line (the generator's form of each move).  lim bounds all of them
 * (NULL: none); a search it stopped sets VERIFY_UNDECIDED.  Otherwise (no
 * mate, another length, a line that fails) nothing is checked.  Returns
 * out->flags: VERIFY_COOK, VERIFY_FINAL_ALT, VERIFY_LEFTOVER,
 * VERIFY_UNDECIDED, or 0. */
unsigned verify_answer(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                       const DfpnLimits *lim, VerifyResult *out);

#endif
