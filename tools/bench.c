/* bench.c -- solver benchmark over the shared problem sets (see bench.h). */
#include "bench.h"

#include "dfpn.h"
#include "movegen.h"
#include "sfen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long peak_rss_mb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

/* true iff the main line replays legally, every attacker move checks and it
 * ends in mate (futile drops aside). */
static bool line_ok(const Position *root, const DfpnResult *res)
{
	static Position pos;
	pos = *root;
	if (res->pv_len != res->len)
		return false;
	for (int i = 0; i < res->pv_len; i++) {
		if (!gen_is_legal(&pos, res->pv[i]))
			return false;
		bool att = pos.side == root->side;
		pos_do_move(&pos, res->pv[i]);
		if (att && !pos_in_check(&pos))
			return false;
	}
	return dfpn_is_mated(&pos);
}

typedef struct {
	int total, solved, exact;
	uint64_t nodes;
	double seconds;
} SetStats;

static void print_set(const char *name, const SetStats *s)
{
	printf("%-22s %5d/%-5d exact %5d  %8.2f s  %12llu nodes  %8.0f nodes/s  %8.2f ms/problem  peak RSS %ld MB\n", name,
	       s->solved, s->total, s->exact, s->seconds, (unsigned long long)s->nodes, s->seconds > 0 ? (double)s->nodes / s->seconds : 0,
	       s->total ? s->seconds * 1000.0 / s->total : 0, peak_rss_mb());
	fflush(stdout);
}

/* exact: the stated length must be matched exactly; else at most. */
static int run_set(Dfpn *d, const char *shared, const char *rel, const char *name, int n, bool exact)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", shared, rel);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("%-22s skipped: %s not found\n", name, path);
		return 0;
	}
	static char line[1 << 14];
	static Position pos;
	static DfpnResult res;
	SetStats s = {0};
	int wrong = 0;
	double t0 = now_s();
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sfen_parse_root(&pos, line, NULL, NULL) != SFEN_OK) {
			wrong++;
			continue;
		}
		s.total++;
		dfpn_clear(d);
		dfpn_solve(d, &pos, NULL, &res);
		s.nodes += res.nodes;
		if (res.status == DFPN_MATE && res.len_minimal && (exact ? res.len == n : res.len <= n) && line_ok(&pos, &res)) {
			s.solved++;
			s.exact += res.len == n;
		} else {
			wrong++;
			printf("  WRONG: %.*s -> status %d length %d\n", (int)strcspn(line, "\n"), line, res.status, res.len);
		}
	}
	fclose(f);
	s.seconds = now_s() - t0;
	print_set(name, &s);
	return wrong;
}

static void run_long(const char *name, const char *sfen, int expect, double seconds, size_t hash_mb)
{
	Dfpn *d = dfpn_new(hash_mb);
	if (!d) {
		printf("%-22s cannot allocate %zu MB\n", name, hash_mb);
		return;
	}
	static Position pos;
	static DfpnResult res;
	sfen_parse(&pos, sfen, NULL);
	DfpnLimits lim = {0};
	lim.max_time_ms = (int64_t)(seconds * 1000);
	dfpn_solve(d, &pos, &lim, &res);
	const char *st = res.status == DFPN_MATE ? "mate" : res.status == DFPN_NOMATE ? "nomate" : "unknown";
	printf("%-22s %s %d (expected %d)%s  %.1f s  %llu nodes (proof %llu, shorter-mate %llu, line %llu)  %.0f nodes/s  "
	       "hash %zu MB  hashfull %d/1000  peak RSS %ld MB\n",
	       name, st, res.len, expect, res.status == DFPN_MATE && !res.len_minimal ? " minimality not proven" : "", res.seconds,
	       (unsigned long long)res.nodes, (unsigned long long)res.nodes_prove, (unsigned long long)res.nodes_minimize,
	       (unsigned long long)res.nodes_pv, res.seconds > 0 ? (double)res.nodes / res.seconds : 0, hash_mb, res.hashfull,
	       peak_rss_mb());
	fflush(stdout);
	dfpn_free(d);
}

int bench_solver(const char *shared, double long_seconds, size_t long_hash_mb)
{
	Dfpn *d = dfpn_new(64);
	if (!d)
		return 1;
	int wrong = 0;
	printf("solver, one thread, 64 MB hash per set; every answer checked (length, minimality, main line replayed)\n");
	for (int n = 3; n <= 13; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/shogiboardq/tsume_%dply_1000_20261001.txt", n);
		snprintf(name, sizeof name, "ShogiBoardQ %d-ply", n);
		wrong += run_set(d, shared, rel, name, n, true);
	}
	for (int n = 3; n <= 11; n += 2) {
		char rel[128], name[64];
		snprintf(rel, sizeof rel, "problems/raw/nshogi/test/mate-%d-ply.txt", n);
		snprintf(name, sizeof name, "nshogi mate-%d", n);
		wrong += run_set(d, shared, rel, name, n, false);
	}
	dfpn_free(d);
	if (long_seconds > 0) {
		run_long("Zuko #99 kemuri", "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1", 117,
		         long_seconds, long_hash_mb);
		char path[1024];
		snprintf(path, sizeof path, "%s/problems/raw/komoringheights/microcosmos_sfen_and_usi_moves.txt", shared);
		FILE *f = fopen(path, "r");
		static char sfen[4096];
		if (f && fgets(sfen, sizeof sfen, f))
			run_long("Microcosmos", sfen, 1525, long_seconds, long_hash_mb);
		if (f)
			fclose(f);
	}
	printf("wrong answers: %d\n", wrong);
	return wrong;
}
