/*
 * solve_check.h -- the composer's checks `tsume solve` makes on the main line
 * of a problem it solved (solve.h): on a given answer of the mate's length,
 * those verify makes on a stated line (verify_answer of verify.h: 余詰 at
 * every attacker node, other final moves, 駒余り); without one, 駒余り of
 * its own main line.
 */
#ifndef TSUME_SOLVE_CHECK_H
#define TSUME_SOLVE_CHECK_H

#include "dfpn.h"
#include "verify.h"

#include <stdbool.h>

/*
 * The checks on the main line of root, solved by d into *res, filled into
 * *check: with a given answer given[0..n) (n > 0) of the mate's proven
 * length (answer_exact: the verdict on it is exact or final_alternatives),
 * verify_answer's, within lim (NULL: none); else, when res is a mate with a
 * checked main line, the pieces left in the attacker's hand at its end
 * (check->leftover, VERIFY_LEFTOVER; no search), its line in check->line.
 * scratch is a Position to play lines on.  Returns check, or NULL when
 * there is no main line to judge.
 */
const VerifyResult *solve_check(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                                bool answer_exact, const DfpnLimits *lim, Position *scratch, VerifyResult *check);

#endif
