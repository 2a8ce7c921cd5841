/* futile_rule.c -- the futile-interposition rules: names and properties
 * (futile_rule.h). */
#include "futile_rule.h"

#include <string.h>

/* The rules, one row each (futile_rule.h says what each column means;
 * futile.h defines the rules). */
const DfpnFutileSpec DFPN_FUTILE_SPEC[DFPN_FUTILE_NB] = {
    [DFPN_FUTILE_NONE] = {.name = "none", .lengths_monotone = true, .bounding = DFPN_FUTILE_NONE},
    [DFPN_FUTILE_NARROW] = {.name = "narrow", .lengths_monotone = true, .bounding = DFPN_FUTILE_NARROW},
    [DFPN_FUTILE_BROAD] = {.name = "broad",
                           .mates_by_search = true,
                           .lengths_monotone = true,
                           .bounding = DFPN_FUTILE_BROAD},
    [DFPN_FUTILE_NOGAIN] = {.name = "nogain", .bounding = DFPN_FUTILE_NARROW},
    [DFPN_FUTILE_ANSWERED] = {.name = "answered",
                              .mates_by_search = true,
                              .lengths_monotone = true,
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
