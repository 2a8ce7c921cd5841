/* proof.c -- proof and disproof hands (see proof.h). */
#include "proof.h"

Hand proof_guard_interpositions(const Position *pos, Color att, Hand proof)
{
	bb_t checkers = pos_checkers(pos);
	if (bb_is_empty(checkers) || bb_more_than_one(checkers))
		return proof;
	if (bb_is_empty(bb_between(pos->king[pos->side], bb_lsb(checkers))))
		return proof;
	Hand ah = pos->hand[att], dh = pos->hand[pos->side];
	for (int pt = PAWN; pt <= GOLD; pt++) {
		int n = hand_count(ah, (PieceType)pt);
		if (n && !hand_has(dh, (PieceType)pt) && hand_count(proof, (PieceType)pt) < n)
			proof = hand_set(proof, (PieceType)pt, n);
	}
	return proof;
}

Hand proof_result_hand(const Position *pos, Color att, const Child *ch, int n, bool or_node, int decisive, bool proven)
{
	const Hand current = pos->hand[att];
	if (or_node && proven)
		return proof_hand_before(ch[decisive].hand, ch[decisive].move, current);
	if (!or_node && !proven) {
		Hand dis = ch[decisive].hand;
		Move m = ch[decisive].move;
		if (move_is_drop(m)) {
			/* the defender needs the dropped piece: no more of it for the attacker */
			PieceType pt = move_drop_pt(m);
			if (hand_count(dis, pt) > hand_count(current, pt))
				dis = hand_set(dis, pt, hand_count(current, pt));
		}
		return hand_max_each(dis, current);
	}
	if (or_node) {
		Hand dis = HAND_FULL;
		for (int i = 0; i < n; i++)
			dis = hand_min_each(dis, proof_hand_before(ch[i].hand, ch[i].move, HAND_FULL));
		return proof_disproof_or_clamp(dis, current);
	}
	Hand proof = 0;
	for (int i = 0; i < n; i++)
		proof = hand_max_each(proof, (ch[i].flags & CHILD_FUTILE) ? current : ch[i].hand);
	return hand_min_each(proof_guard_interpositions(pos, att, proof), current);
}
