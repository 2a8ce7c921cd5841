/*
 * verify_types.h -- the types of a composer's checks (verify.h): what is
 * asked (VerifySpec), the failure and information flags, the verdict on a
 * stated answer, and the result.  Shared by verify's modules below the API.
 */
#ifndef TSUME_VERIFY_TYPES_H
#define TSUME_VERIFY_TYPES_H

#include "dfpn.h"

#define VERIFY_MAX_LIST 16
/* Cooks recorded (VerifyResult.cook): every one a sound problem's checker
 * meets; past this many only the count goes on. */
#define VERIFY_MAX_COOKS 256

typedef struct {
	int stated_len;    /* stated mate length, -1 if none */
	const Move *given; /* stated main line, NULL if none */
	int given_len;
	bool first_failure; /* stop at the first failure found (the generator's
	                       screening): the lists then hold at most one
	                       cook / unnecessary piece, the counts are partial */
} VerifySpec;

/* Failure flags (a problem passes when none is set) and information flags. */
enum {
	VERIFY_NOT_MATE = 1 << 0,     /* no mate (proven) */
	VERIFY_WRONG_LENGTH = 1 << 1, /* minimal length differs from the stated one */
	VERIFY_COOK = 1 << 2,         /* 余詰 before the final move */
	VERIFY_LEFTOVER = 1 << 3,     /* 駒余り */
	VERIFY_UNNECESSARY = 1 << 4,  /* an attacker piece is not needed */
	VERIFY_UNDECIDED = 1 << 5,    /* a limit left some check open */
	VERIFY_BAD_LINE = 1 << 6,     /* the given main line is not a legal mating line */
	VERIFY_FAIL_MASK = (1 << 7) - 1,
	VERIFY_FINAL_ALT = 1 << 8,       /* information: other mating final moves */
	VERIFY_SHORT_VAR = 1 << 9,       /* information: shorter mates in variations */
	VERIFY_UNNECESSARY_NA = 1 << 10, /* information: unnecessary pieces not judged: the
	                                    main line is no mate with every interposition
	                                    counted (the mate counts futile drops), or there
	                                    is no main line of the mate's length */
};

typedef struct {
	int ply;   /* 0-based ply of the attacker node on the main line */
	Move move; /* the alternative check */
	int len;   /* plies of the alternative mate from that node */
} VerifyCook;

typedef struct {
	Square sq;    /* board square, or SQ_NONE for a piece in hand */
	PieceType pt; /* type on the board (or in hand) */
} VerifyPiece;

/* Why a stated answer's length differs from ours, in the composers' terms
 * (verify_verdict_name gives the word the tools print). */
typedef enum {
	VERDICT_NONE = 0,            /* no stated length */
	VERDICT_EXACT,               /* the stated length is the minimal one */
	VERDICT_FINAL_ALT,           /* exact, but other final moves mate too */
	VERDICT_LONGER_DEFENCE,      /* 変長: at ply `ply` the defence `move` is not mated
	                                within the plies the stated line leaves: it
	                                resists `len` plies from there (0: unknown) */
	VERDICT_SHORTER_MATE,        /* 早詰: at ply `ply` the stated attack is not the
	                                fastest: `move` mates in `len` plies from there */
	VERDICT_STATED_NOT_MATE,     /* the stated line is illegal or does not end in
	                                mate under the rule in force */
	VERDICT_NO_MATE,             /* no mate at all */
	VERDICT_UNDECIDED,           /* a limit stopped the search before it could tell */
	VERDICT_FUTILE_CONVENTION,   /* at ply `ply` the stated line counts the drop
	                                `move`, which the rule in force calls futile
	                                (another futility convention's length) */
	VERDICT_LEFTOVER_CONVENTION, /* 2手変長駒余り: every defence longer than the
	                                stated line's (the first: `move` at ply
	                                `ply`, `len` plies) is exactly two plies
	                                longer and ends, however the attacker mates
	                                fastest, with pieces in the attacker's hand,
	                                while the stated line leaves none.  The
	                                composers' rule then takes the stated line
	                                (詰将棋のルール: "攻方の持駒が余らない順と、
	                                それより2手長いが駒が余る順があれば前者");
	                                by today's standard a flaw (2手変長) */
} VerifyVerdict;

/* The verdict, and where it was found (ply 0-based on the stated line; -1
 * when no line was stated: the totals alone were compared, len is then our
 * minimal length and stated_left the stated one).  For
 * VERDICT_STATED_NOT_MATE from verify_stated: the first illegal or
 * non-checking move (len 0), or the last move when the line does not end
 * in mate (len 1). */
typedef struct {
	VerifyVerdict verdict;
	int ply;
	Move move;        /* MOVE_NONE when there is none */
	int len;          /* plies from that ply on by `move`; 0 if unknown */
	int stated_left;  /* longer_defence, leftover_convention: plies the stated
	                     line leaves from that ply (len - stated_left: how
	                     much longer the defence resists; 0 if unknown) */
	int worst_excess; /* longer_defence: over every defender ply of the
	                     stated line and every defence there, the most plies
	                     by which one outlasts what the stated line leaves
	                     (2: only 2手変長, which some eras tolerated); 0 if a
	                     limit left one unknown */
	int worst_ply;    /* where that is (0-based; -1 if unknown) */
	int line_plies;   /* the totals alone, a stated line of another length than
	                     the stated one beside them: its plies (0: none) */
	bool no_check;    /* stated_not_mate at a move (len 0): the move is legal, an
	                     attacker's that gives no check; false: illegal */
} VerifyStated;

/* The kinds of verify's checks, for where the nodes go (VerifyResult). */
typedef enum {
	VERIFY_CHECK_PROOF = 0,   /* the first proof of the main solve */
	VERIFY_CHECK_MINIMAL,     /* its re-searches for a shorter mate, and the main line */
	VERIFY_CHECK_COOK,        /* 余詰 and final alternatives along the main line */
	VERIFY_CHECK_VARIATION,   /* shorter variations (information) */
	VERIFY_CHECK_STATED,      /* the stated line's walk: 変長, 早詰, where a line fails */
	VERIFY_CHECK_LEFTOVER,    /* 駒余り under every longest defence */
	VERIFY_CHECK_UNNECESSARY, /* unnecessary pieces */
	VERIFY_CHECK_NB
} VerifyCheck;

typedef struct {
	unsigned flags;
	DfpnResult solve; /* the solver's answer for the root */
	int len;          /* minimal mate length (0 if no mate) */
	int line_len;     /* the main line checked */
	Move line[DFPN_MAX_PV];
	int cooks;                         /* all of them, also past VERIFY_MAX_COOKS */
	VerifyCook cook[VERIFY_MAX_COOKS]; /* the first VERIFY_MAX_COOKS found, by ply, the
	                                      shortest first at each ply */
	int final_alts;
	Move final_alt[MAX_MOVES]; /* every one (a node has at most MAX_MOVES moves) */
	int leftover;              /* pieces in the attacker's hand at the end of the main line */
	int unnecessary;
	bool unnecessary_judged; /* every attacker piece was put to the test */
	VerifyPiece unnecessary_piece[VERIFY_MAX_LIST];
	int short_variations;
	bool variations_partial;               /* a limit stopped the count: at least short_variations */
	int undecided;                         /* sub-searches a limit stopped */
	DfpnStopReason stop;                   /* why the first of them stopped: DFPN_STOP_TIME (the
	                                          time limit), _NODES, _USER (the stop flag), _DEPTH,
	                                          _MEMORY; DFPN_STOP_NONE when none did */
	bool interrupted;                      /* the stop flag (Ctrl-C) cut one of its searches, of
	                                          any kind: the result is not a finished one */
	VerifyStated stated;                   /* why the stated length differs (or not) */
	uint64_t check_nodes[VERIFY_CHECK_NB]; /* nodes by kind of check (they sum to nodes) */
	int check_stopped[VERIFY_CHECK_NB];    /* sub-searches a limit stopped, by kind */
	bool finals_partial;                   /* a limit stopped a test of the final move's
	                                          alternatives: "exact" is not known */
	int stopped_settled;                   /* sub-searches a limit stopped once a failure was
	                                          certain (a cook, a length proven wrong): they
	                                          make nothing undecided, and count apart */
	uint64_t nodes;
	double seconds;
} VerifyResult;

/* The verdict on a stated length alone, our minimal length len against
 * stated_len (they differ): 変長 (longer_defence) when ours is longer, else
 * 早詰 (shorter_mate), with no ply (-1); line_plies: the plies of a stated
 * line of another length beside the stated length, 0 if none. */
static inline VerifyStated verify_stated_totals(int len, int stated_len, int line_plies)
{
	return (VerifyStated){.verdict = stated_len < len ? VERDICT_LONGER_DEFENCE : VERDICT_SHORTER_MATE,
	                      .ply = -1,
	                      .move = MOVE_NONE,
	                      .len = len,
	                      .stated_left = stated_len,
	                      .worst_ply = -1,
	                      .line_plies = line_plies};
}

/* true iff no failure flag is set. */
static inline bool verify_passed(unsigned flags) { return (flags & VERIFY_FAIL_MASK) == 0; }

/* true iff a limit left some check open and no check failed: the problem
 * is neither passed nor failed, but undecided (未決). */
static inline bool verify_undecided(unsigned flags) { return (flags & VERIFY_FAIL_MASK) == VERIFY_UNDECIDED; }

#endif
