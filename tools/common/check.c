/*
 * check.c -- the set-up of verify's checks that `tsume verify` and `tsume
 * sheet` share (check.h).
 */
#include "check.h"

#include "cli.h"

#include <math.h>
#include <string.h>

bool check_option(const char *prog, const char *opt, const char *arg, CheckOptions *o)
{
	if (strcmp(opt, "--time") == 0)
		return cli_option_seconds(prog, opt, arg, 0, CLI_TIME_S_MAX, "0 = no limit", &o->time_s);
	if (strcmp(opt, "--nodes") == 0)
		return cli_option_uint(prog, opt, arg, 0, UINT64_MAX, "nodes", "0 = no limit", &o->nodes);
	if (strcmp(opt, "--hash") == 0)
		return cli_option_uint(prog, opt, arg, 1, CHECK_HASH_MAX, "megabytes", NULL, &o->hash);
	return cli_option_futile(prog, arg, &o->futile);
}

DfpnLimits check_limits(const CheckOptions *o, atomic_bool *stop)
{
	DfpnLimits lim = {0};
	lim.max_time_ms = (int64_t)ceil(o->time_s * 1000.0);
	lim.max_nodes = o->nodes;
	lim.stop = stop;
	return lim;
}

Dfpn *check_context(const CheckOptions *o, int threads, CheckContextError *why)
{
	Dfpn *d = dfpn_new((size_t)o->hash);
	if (d && !dfpn_set_futile(d, o->futile)) {
		dfpn_free(d);
		d = NULL;
	}
	if (!d) {
		*why = CHECK_CONTEXT_MEMORY;
		return NULL;
	}
	if (!dfpn_set_threads(d, threads)) {
		dfpn_free(d);
		*why = CHECK_CONTEXT_THREADS;
		return NULL;
	}
	return d;
}

VerifySpec check_spec(const PioProblem *p)
{
	long stated = -1;
	if (!pio_meta_int(p, "mate", &stated) && p->n_moves > 0)
		stated = p->n_moves;
	return (VerifySpec){(int)stated, p->n_moves ? p->moves : NULL, p->n_moves, false};
}
