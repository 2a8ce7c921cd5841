/*
 * check.h -- checking problems against their stated answers, as `tsume
 * verify` and `tsume sheet` both do it: the options that bound the checks
 * (--time, --nodes, --hash, --futile), the search context they need, their
 * limits, and what a problem line states (solver/verify/verify.h's VerifySpec).
 */
#ifndef TSUME_CHECK_H
#define TSUME_CHECK_H

#include "dfpn.h"
#include "problemio.h"
#include "verify.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define CHECK_HASH_MAX (UINT64_C(1) << 20) /* --hash: megabytes */

/* The bounds of the checks of one problem. */
typedef struct {
	double time_s;         /* --time S: seconds a problem, 0 = no limit */
	uint64_t nodes;        /* --nodes N: nodes a problem, 0 = no limit */
	uint64_t hash;         /* --hash MB: the hash table of a search context */
	DfpnFutileRule futile; /* --futile R */
} CheckOptions;

/* The defaults: 60 seconds, no node limit, 64 MB, the default rule. */
#define CHECK_OPTIONS_DEFAULT ((CheckOptions){.time_s = 60, .nodes = 0, .hash = 64, .futile = DFPN_FUTILE_DEFAULT})

/* Takes arg, the value of the option opt ("--time", "--nodes", "--hash" or
 * "--futile"), into *o.  Returns true; false after the message of a bad
 * value ("PROG: --time must be ...", cli.h) on stderr, *o unchanged. */
bool check_option(const char *prog, const char *opt, const char *arg, CheckOptions *o);

/* The limits of one problem's checks (verify_problem's lim): o's time and
 * nodes, and the stop flag (cli_sigint_install's, or NULL). */
DfpnLimits check_limits(const CheckOptions *o, atomic_bool *stop);

/* Why check_context failed. */
typedef enum { CHECK_CONTEXT_MEMORY, CHECK_CONTEXT_THREADS } CheckContextError;

/* A new search context for the checks: o->hash MB of table, the rule
 * o->futile, threads search threads.  Returns it (dfpn_free it), or NULL with
 * *why set: the table cannot be allocated, or the threads cannot be
 * started.  Prints nothing: the caller names what failed. */
Dfpn *check_context(const CheckOptions *o, int threads, CheckContextError *why);

/* What problem p states, for verify_problem: its "; mate=N" as the stated
 * length, else the number of its moves when it has some (-1: none); its
 * moves, if any, as the stated main line.  The spec points into p. */
VerifySpec check_spec(const PioProblem *p);

#endif
