/*
 * futile_rule.h -- the futile-interposition rules (無駄合): their names and
 * what each one is, as the search, the table, verify and the tools ask it.
 * A new rule is a new enumerator here, a new row of DFPN_FUTILE_SPEC
 * (futile_rule.c) and a new row of functions (FutileRule: futile.h, or
 * futile_search.h for a rule that searches), which dfpn.c maps the
 * enumerator to.  The definitions, with example boards, are in futile.h.
 * Part of the API through dfpn.h (dfpn_types.h includes it).
 */
#ifndef TSUME_FUTILE_RULE_H
#define TSUME_FUTILE_RULE_H

#include <stdbool.h>
#include <stddef.h>

/* Which interpositions do not count toward the mate length (無駄合; the
 * definitions are in futile.h).  Composers disagree; the tools offer the
 * choice as --futile NAME and the USI option FutileRule. */
typedef enum {
	DFPN_FUTILE_NONE = 0,     /* "none": every interposition counts (strict, as
	                             KomoringHeights 1.x and most engines count) */
	DFPN_FUTILE_NARROW = 1,   /* "narrow": a drop the checker takes at once after
	                             which the defender, given the piece back, is
	                             mated at once (recursively) */
	DFPN_FUTILE_BROAD = 2,    /* "broad": a drop the checker takes at once after
	                             which the defender, given the piece back, is
	                             still mated -- a forced mate of any length
	                             (KomoringHeights 0.4-0.5; futile.h) */
	DFPN_FUTILE_NOGAIN = 3,   /* "nogain": as broad, but mated no later than the
	                             node's defences that are not drops last (a
	                             verdict of the position alone): the drop gains
	                             nothing but its own two plies (futile.h) --
	                             the default: of the rules that keep the
	                             ShogiBoardQ sets' lengths, the one that agrees
	                             with Shogi Zuko's composer most (README) */
	DFPN_FUTILE_ANSWERED = 4, /* "answered": as broad, but a check whose every
	                             answer is a drop is mate only by the
	                             narrow test (futile.h) */
	DFPN_FUTILE_NB
} DfpnFutileRule;
#define DFPN_FUTILE_DEFAULT DFPN_FUTILE_NOGAIN

/* A rule's name and the properties the table, verify and the tools ask of
 * it, one row of DFPN_FUTILE_SPEC each (futile_rule.c).  What the rule
 * does in the search is its row of functions (FutileRule: futile.h, and
 * futile_search.h for the rules that search).  DFPN_FUTILE_NB stands for
 * the capturable test (futile.h), which has no row here and none of the
 * properties. */
typedef struct {
	const char *name;        /* as --futile and FutileRule spell it */
	bool mates_by_search;    /* a check answered only by drops is mate by a
	                            sub-search, not only by the narrow test (a
	                            one-off question: dfpn_is_mated_by) */
	bool lengths_monotone;   /* mate lengths are monotone in the hands */
	DfpnFutileRule bounding; /* the monotone rule that bounds it (below) */
} DfpnFutileSpec;
extern const DfpnFutileSpec DFPN_FUTILE_SPEC[DFPN_FUTILE_NB];

/* Is a check whose every evasion is a drop mate by a sub-search under the
 * rule, not only by the narrow test (broad, answered; under nogain "mated"
 * means the narrow test)?  A one-off question: dfpn_is_mated_by. */
static inline bool dfpn_futile_mates_by_search(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB && DFPN_FUTILE_SPEC[r].mates_by_search;
}

/* Which facts a table of the rule's results may use for other hands.
 * Whether a mate exists is the same under every rule (futile drops change
 * the count, never the answer) and monotone in the hands: a mate for an
 * attacker's hand is one for every larger hand, "no mate at all" for every
 * smaller one.  Lengths are monotone under none, narrow, broad and
 * answered; under nogain they are not (futile.h), so the table keeps
 * nogain lengths for their own hand only (tt.h).  Are the rule's mate
 * lengths monotone in the hands? */
static inline bool dfpn_futile_lengths_monotone(DfpnFutileRule r)
{
	return r >= DFPN_FUTILE_NB || DFPN_FUTILE_SPEC[r].lengths_monotone;
}

/* The monotone rule that bounds r from above: every drop futile under it is
 * futile under r (its futility test is the first that r makes), so a
 * defence it counts r counts or calls futile, and a mate within N plies
 * under it is a mate within N plies under r (at a defender's node r takes
 * the longest of a subset of the same evasions, by induction no longer).
 * Its results hold across hands and bound r's lengths, so a search for a
 * mate of any length runs under it first (dfpn_solve): nogain -> narrow; a
 * rule whose lengths are monotone -> itself. */
static inline DfpnFutileRule dfpn_futile_bounding(DfpnFutileRule r)
{
	return r < DFPN_FUTILE_NB ? DFPN_FUTILE_SPEC[r].bounding : r;
}

/* The rule's name as the tools spell it ("none", "narrow", "broad",
 * "nogain", "answered"; "?" for another value). */
const char *dfpn_futile_name(DfpnFutileRule rule);
/* The rule called name; returns false (and leaves *rule) for an unknown name. */
bool dfpn_futile_parse(const char *name, DfpnFutileRule *rule);

#endif
