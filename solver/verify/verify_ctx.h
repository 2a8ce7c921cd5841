/*
 * verify_ctx.h -- what verify's checks share (verify.c, verify_stated.c):
 * the problem's context (its Dfpn, the budget left of its limits, the
 * result being filled) and the searches every check makes through it.
 * Not part of the API (that is verify.h).
 */
#ifndef TSUME_VERIFY_CTX_H
#define TSUME_VERIFY_CTX_H

#include "verify_types.h"

/* The all-longest-defences 駒余り search is exhaustive: done up to this length. */
#define VERIFY_LEFTOVER_MAX_LEN 31

/* One problem being verified. */
typedef struct {
	Dfpn *d;
	DfpnBudget budget; /* the problem's limits and what its searches spent */
	DfpnLimits sub;    /* the next search's limits (dfpn_budget_next) */
	VerifyResult *out;
	Color attacker;
	VerifyCheck check; /* the kind of check the sub-searches serve now */
	bool quick;        /* VerifySpec.first_failure */
	bool length_open;  /* the mate proven longer than stated before its minimal length:
	                      that is sought last, as information (verify.c, finish_length) */
	bool settled;      /* a failure is certain: a limit that stops a check from now
	                      on leaves nothing undecided (out->stopped_settled) */
	bool screening;    /* the searches are a screening's, each capped: one a cap
	                      stops is asked again later, not undecided */
	bool screen_done;  /* the problem's line was screened (verify_line_screen) */
	bool cut;          /* a search was stopped inside a verdict of the futility rule's
	                      own searches: what it left is not trusted (verify_forget_cut) */
	int screened;      /* the cooks the screening found */
	VerifyCook screened_cook[VERIFY_MAX_COOKS];
	Position pos; /* scratch */
	Position mod; /* a position with one attacker piece removed */
} VerifyCtx;

/* The failures that stay once found: with one of them (or c->settled) the
 * verdict is certain, and a limit that stops a check leaves nothing
 * undecided (out->stopped_settled).  Not VERIFY_LEFTOVER: verify.c may
 * take it back (a stated line that counts a futile drop). */
#define VERIFY_SETTLING (VERIFY_NOT_MATE | VERIFY_WRONG_LENGTH | VERIFY_COOK | VERIFY_UNNECESSARY | VERIFY_BAD_LINE)

/* After a screening: when one of its searches was stopped inside a verdict
 * of the futility rule's own searches (broad, nogain, answered;
 * DfpnBound.verdict_cut), the table and those searches start again
 * (dfpn_clear): such a cut can leave results that a later search reads
 * wrongly (a cook missed under nogain, found by a hostile trial).  Nothing a screening found is lost (its cooks are
 * kept in c). */
void verify_forget_cut(VerifyCtx *c);

/* Whether the verdict on c's problem is a failure for certain. */
static inline bool verify_settled(const VerifyCtx *c) { return c->settled || (c->out->flags & VERIFY_SETTLING); }

/* Limits for the next sub-search (c->sub): what is left of the problem's
 * budget.  Returns false when nothing is left (dfpn_budget_spent says why). */
static inline bool verify_next_limits(VerifyCtx *c) { return dfpn_budget_next(&c->budget, &c->sub); }

/* Counts a sub-search that a limit stopped (why) as undecided, for the
 * current kind of check; the first reason is kept in c->out->stop, and the
 * stop flag's (DFPN_STOP_USER) marks c->out->interrupted. */
void verify_stopped(VerifyCtx *c, DfpnStopReason why);

/* What counts as mate here, as a line_replay callback (arg: the VerifyCtx):
 * modulo futile drops under the rule in force; a plain mate under the rule
 * "none" and in the strict unnecessary-piece test. */
bool verify_ctx_mated(Position *pos, void *arg);

/* Plays the given line[0..n) (legal: replayed before) from root into
 * c->pos, writing the generator's form of each move to played[]. */
void verify_play_given(VerifyCtx *c, const Position *root, const Move *line, int n, Move *played);

/* Mate of at most max_len plies for the attacker from pos?  Returns the
 * status; an UNKNOWN counts as undecided. */
DfpnStatus verify_mate_within(VerifyCtx *c, const Position *pos, int max_len, int *len);

/* Pieces in the attacker's hand after `line` (n plies) from root (駒余り). */
int verify_leftover_after(VerifyCtx *c, const Position *root, const Move *line, int n);

/* true iff some line from pos (the attacker's mate takes exactly t plies
 * here) where the defender resists longest and the attacker mates as fast as
 * possible -- with any of the mating final moves -- ends with pieces in the
 * attacker's hand (want true: the ShogiBoardQ no-surplus policy) or with none
 * (want false).  *undecided is set when a limit stopped a sub-search.  pos is
 * restored. */
bool verify_line_ends_with(VerifyCtx *c, Position *pos, int t, bool want, bool *undecided);

/* Replays the stated line given[0..n) from root into c->pos: true when it
 * is legal, gives check on every attacker move and ends in mate
 * (verify_ctx_mated); else false with *stated the verdict
 * VERDICT_STATED_NOT_MATE where the line fails: the first illegal or
 * non-checking move (len 0), else its last move (len 1: no mate after it). */
bool verify_replay_stated(VerifyCtx *c, const Position *root, const Move *given, int n, VerifyStated *stated);

/* The defender (to move) is mated (verify_ctx_mated). */
static inline bool verify_mated(const VerifyCtx *c, Position *pos) { return verify_ctx_mated(pos, (void *)c); }

#endif
