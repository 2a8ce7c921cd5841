/* futile_rule.c -- the futile-interposition rules: names and properties
 * (futile_rule.h). */
#include "futile_rule.h"

#include <string.h>

/* The rules, one row each (futile_rule.h says what each column means).
 * none counts every interposition; narrow calls a drop futile when the
 * checker takes it and the defender, given the piece back, is mated at
 * once (recursively); the others ask more of a drop that test does not
 * find futile, by a sub-search (futile.h: broad, nogain, answered). */
const DfpnFutileSpec DFPN_FUTILE_SPEC[DFPN_FUTILE_NB] = {
    [DFPN_FUTILE_NONE] = {.name = "none", .counts_all = true, .lengths_monotone = true, .bounding = DFPN_FUTILE_NONE},
    [DFPN_FUTILE_NARROW] = {.name = "narrow", .lengths_monotone = true, .bounding = DFPN_FUTILE_NARROW},
    [DFPN_FUTILE_BROAD] = {.name = "broad",
                           .searches = true,
                           .mates_by_search = true,
                           .frontier_search = true,
                           .lengths_monotone = true,
                           .bounding = DFPN_FUTILE_BROAD},
    [DFPN_FUTILE_NOGAIN] = {.name = "nogain",
                            .searches = true,
                            .weighs_evasions = true,
                            .bounding = DFPN_FUTILE_NARROW},
    [DFPN_FUTILE_ANSWERED] = {.name = "answered",
                              .searches = true,
                              .mates_by_search = true,
                              .lengths_monotone = true,
                              .narrow_if_only_drops = true,
                              .bounding = DFPN_FUTILE_ANSWERED},
};

const char *dfpn_futile_name(DfpnFutileRule rule) { return rule < DFPN_FUTILE_NB ? DFPN_FUTILE_SPEC[rule].name : "?"; }

bool dfpn_futile_parse(const char *name, DfpnFutileRule *rule)
{
	for (int r = 0; r < DFPN_FUTILE_NB; r++)
		if (name && strcmp(name, DFPN_FUTILE_SPEC[r].name) == 0) {
			*rule = (DfpnFutileRule)r;
			return true;
		}
	return false;
}
