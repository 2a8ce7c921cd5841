/*
 * final_move.h -- the final move of an answer key, as a teacher marks by it:
 * does it leave the defender no legal move at all (a plain checkmate, which
 * any shogi program calls mate), and which other checks at the same node
 * also mate (answers a pupil may give that are right too).
 *
 *     ９ ８ ７ ６ ５ ４ ３ ２ １
 *   |v玉 ・ ・ ・ ・ ・ ・ ・ ・|一     (9/k1S6/... after ▲８三金 △９一玉;
 *   | ・ ・ 銀 ・ ・ ・ ・ ・ ・|二      ▲持駒 飛)
 *   | ・ 金 ・ ・ ・ ・ ・ ・ ・|三
 *
 * ▲１一飛 mates only because every interposition on ８一..２一 is futile
 * (無駄合, not counted): the defender has 49 legal replies; ▲８一飛 and
 * ▲９二飛 leave none.  The first is a mate by the rules of tsume shogi
 * and a key that ends with it is not wrong, but a pupil who replays it in
 * a shogi program is told "not mate"; a teaching key prefers the second.
 */
#ifndef TSUME_FINAL_MOVE_H
#define TSUME_FINAL_MOVE_H

#include "dfpn.h"
#include "position.h"

#include <stdbool.h>

/* What final_judge finds at the last attacker node of a key. */
typedef struct {
	int replies; /* the defender's legal replies after the key's final move (0: plain checkmate) */
	int alts;    /* other checks there that mate under the rule in force (futile drops not counted) */
	Move alt[MAX_MOVES];
	bool alt_plain[MAX_MOVES]; /* alt[i] leaves the defender no legal reply */
	int plain_alts;            /* how many of alt[] do */
	bool undecided;            /* a limit stopped a search: alts is a lower bound */
} FinalMoves;

/* The defender's legal replies after line[0..n) played from root (0: the
 * line ends in a plain checkmate), -1 when memory runs out.  n >= 1; the
 * moves must be legal. */
int final_replies(const Position *root, const Move *line, int n);

/* Judges the final move of the key line[0..n) (n odd, legal, the side to
 * move at root attacking) with d's futile rule: the replies after it and
 * every other checking move at the last attacker node that mates at once
 * (a mate within 0 plies, as verify counts its final alternatives), each
 * search bounded by lim (NULL: none).  Fills *out; returns false when
 * memory runs out (out->undecided set then, as for n < 1). */
bool final_judge(Dfpn *d, const Position *root, const Move *line, int n, const DfpnLimits *lim, FinalMoves *out);

#endif
