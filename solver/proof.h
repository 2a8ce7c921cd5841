/*
 * proof.h -- proof and disproof hands (証明駒 / 反証駒; Seo 1999, Nagai 2002
 * ch. 5): the attacker's hand a result is stored under in the TT (tt.h).
 *
 * A proof hand of a proven position is a hand P <= the attacker's hand such
 * that the mate holds for every attacker hand >= P (with the board the same,
 * the defender then holds at most what it holds now).  A disproof hand of a
 * disproven position is a hand D >= the attacker's hand such that the
 * disproof holds for every attacker hand <= D.  The smaller P (the larger
 * D), the more positions one table entry answers.  They are built bottom-up:
 *
 *   OR node (attacker to move)
 *     proven:    the proof hand of the proving child, taken back over the
 *                move (a dropped piece was in hand before; a captured one was
 *                not), clamped to the current hand          -> proof_hand_before
 *     disproven: the per-type minimum over all children of their disproof
 *                hands taken back over the move, then with nothing of a type
 *                the attacker lacks (holding one would add drops)
 *                                      -> proof_hand_before, proof_disproof_or_clamp
 *   AND node (defender to move)
 *     proven:    the per-type maximum of the children's proof hands (futile
 *                drops: the whole current hand), then the monopoly guard
 *                                                   -> proof_guard_interpositions
 *     disproven: the disproof hand of the disproving child (a defender move
 *                does not change the attacker's hand), but if that move is a
 *                drop of X, no more X than the attacker holds now (with more,
 *                the defender would not have X to drop)
 *
 * The monopoly guard: a defender with no piece of type X cannot interpose X
 * now, but it could if the attacker held one X fewer (the defender holds the
 * rest of the pieces).  So where a check can be blocked by a drop (a distant
 * check by a single slider), every type the defender lacks stays in the
 * proof hand in full.
 *
 *   9 8 7 6 5 4 3 2 1
 *   . . . . . . 飛 . v玉 a    the rook checks along rank a; the defender
 *                             holds no gold: with one gold fewer for the
 *                             attacker, G*2a would answer the check.
 *
 * It is conservative: it keeps a type even where no drop of it would be
 * legal (a pawn on a file the defender already has a pawn on, nifu) -- a
 * larger proof hand than needed, never a wrong one.
 */
#ifndef TSUME_PROOF_H
#define TSUME_PROOF_H

#include "pndn.h"

/* The attacker's hand before move m (played from the position whose proof
 * or disproof hand is sought), from the hand `after` the child's result
 * holds under: a dropped piece goes back into it, a captured one (unpromoted)
 * comes out of it if it is there.  The result is clamped per type to `clamp`:
 * the current hand for a proof hand (a proof hand never exceeds the hand
 * held), HAND_FULL for a disproof hand (before proof_disproof_or_clamp). */
static inline Hand proof_hand_before(Hand after, Move m, Hand clamp)
{
	if (move_is_drop(m))
		after = hand_add(after, move_drop_pt(m));
	else if (move_captured(m)) {
		PieceType x = pt_unpromote(piece_type(move_captured(m)));
		if (hand_has(after, x))
			after = hand_sub(after, x);
	}
	return hand_min_each(after, clamp);
}

/* The disproof hand of an attacker node from `dis` (the per-type minimum of
 * its children's disproof hands before their moves; HAND_FULL when it has no
 * check at all) and the attacker's current hand: none of a type the attacker
 * lacks (holding one would add drops, maybe a mating one), and never less
 * than the current hand. */
static inline Hand proof_disproof_or_clamp(Hand dis, Hand current)
{
	for (int pt = PAWN; pt <= GOLD; pt++)
		if (!hand_has(current, (PieceType)pt))
			dis = hand_set(dis, (PieceType)pt, 0);
	return hand_max_each(dis, current);
}

/* The monopoly guard (above) on `proof`, the proof hand so far of a defender
 * node pos (defender to move, attacker att): if the defender is in check by
 * one piece with empty squares between it and the king, every hand type the
 * defender lacks and the attacker holds is raised to the attacker's full
 * count; otherwise proof is returned unchanged. */
Hand proof_guard_interpositions(const Position *pos, Color att, Hand proof);

/* The proof hand of a defender node pos (defender to move, in check,
 * attacker att) that is mated -- it has no evasion but futile drops; total =
 * the number of all its evasions.  With none at all, what the monopoly guard
 * keeps; otherwise the mate rests on futile drops, whose futility was judged
 * with the hands as they are: the attacker's whole hand. */
static inline Hand proof_hand_mated(const Position *pos, Color att, int total)
{
	return total == 0 ? proof_guard_interpositions(pos, att, 0) : pos->hand[att];
}

/* The proof hand (proven true) or disproof hand (proven false) of the node
 * pos -- an OR node if or_node, else an AND node -- from its n children ch
 * (their moves, flags and hands), by the rules above.  decisive: the index
 * of the child that proved the OR node (the shortest proof) or disproved the
 * AND node; unused otherwise.  att: the attacker. */
Hand proof_result_hand(const Position *pos, Color att, const Child *ch, int n, bool or_node, int decisive, bool proven);

#endif
