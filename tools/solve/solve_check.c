/* solve_check.c -- the composer's checks solve makes on a main line (see
 * solve_check.h). */
#include "solve_check.h"

#include <stddef.h>
#include <string.h>

const VerifyResult *solve_check(Dfpn *d, const Position *root, const Move *given, int n, const DfpnResult *res,
                                bool answer_exact, const DfpnLimits *lim, Position *scratch, VerifyResult *check)
{
	if (n > 0 && answer_exact) {
		verify_answer(d, root, given, n, res, lim, check);
		return check->line_len ? check : NULL;
	}
	if (res->status != DFPN_MATE || !res->pv_verified || res->pv_len == 0)
		return NULL;
	/* the hand at the end of our line: pieces left over (駒余り) */
	memset(check, 0, offsetof(VerifyResult, line));
	check->cooks = check->final_alts = check->unnecessary = check->undecided = 0;
	pos_copy(scratch, root);
	for (int i = 0; i < res->pv_len; i++)
		pos_do_move(scratch, res->pv[i]);
	check->leftover = 0;
	for (int pt = PAWN; pt <= GOLD; pt++)
		check->leftover += hand_count(scratch->hand[root->side], (PieceType)pt);
	check->flags = check->leftover ? VERIFY_LEFTOVER : 0;
	memcpy(check->line, res->pv, sizeof *res->pv * (size_t)res->pv_len);
	check->line_len = check->len = res->pv_len;
	return check;
}
