/*
 * line.h -- replaying a main line: is every move legal, does every attacker
 * move give check, and does the line end in mate?  One copy for every caller
 * that checks a line it was given or found (bench's answer check, the tests).
 *
 * What counts as mate is the caller's: core knows only the plain rule (in
 * check, no legal move); the solver's dfpn_is_mated also counts a position
 * whose only evasions are futile drop interpositions (solver/dfpn.h), and a
 * caller passes it as the is_mated callback.  core does not depend on solver/.
 */
#ifndef TSUME_LINE_H
#define TSUME_LINE_H

#include "position.h"

#include <stdbool.h>

/* Decides whether the side to move of pos is mated; may modify pos during
 * the call but must restore it.  arg: the caller's, passed through by
 * line_replay (the solver's dfpn_line_mated takes its search context). */
typedef bool (*LineMatedFn)(Position *pos, void *arg);

/* What line_replay found. */
typedef struct {
	int bad_ply; /* 0-based ply of the first move that is illegal or an attacker move
	                without check; -1 when there is none */
	bool legal;  /* every move is legal (the text form of a move is accepted: see gen_find_legal) */
	bool checks; /* every move of the attacker (the side to move at the start) gives check */
	bool mate;   /* legal and checks, and the position after the last move is mate */
} LineCheck;

/*
 * Replays moves[0..n) from pos, whose side to move is the attacker: each move
 * must be legal (gen_find_legal; the generator's form is played), each
 * attacker move must leave the defender in check, and the position after the
 * last move must be mate by is_mated(pos, arg) (NULL: the plain rule, the
 * side to move in check with no legal move).  The replay stops at the first bad move.
 * pos is modified during the call and restored; pos->ply + n must not exceed
 * POS_MAX_PLY (a longer line counts as illegal at the ply that would pass
 * it).  n == 0 asks whether pos itself is mate.  Fills *out when out is not
 * NULL.  Returns out->mate: true iff the line is a legal checking line that
 * ends in mate.  It does not ask whether the line is the shortest mate or the
 * defence the longest; that is the solver's and verify's business.
 */
bool line_replay(Position *pos, const Move *moves, int n, LineMatedFn is_mated, void *arg, LineCheck *out);

/* dst = src as the root of a line: the position src has reached after its
 * moves, at ply 0 with no history (what a problem line "SFEN moves ..." asks
 * about, and what a search starts from). */
void line_set_root(Position *dst, const Position *src);

#endif
