/*
 * generate.c -- `tsume generate` (see generate.h for the method): the slots
 * searched in parallel by worker threads (generate_search.c), their results
 * taken in slot order and kept unless a position or solution pattern repeats,
 * and the output (problem lines, the worksheet).  Options: generate_opts.c;
 * shards: generate_shard.c; their merge: generate_merge.c.
 */
#include "generate.h"

#include "cli.h"
#include "generate_opts.h"
#include "generate_search.h"
#include "generate_shard.h"
#include "notation.h"
#include "problemio.h"
#include "problemio_write.h"
#include "sfen.h"
#include "sheet.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GEN_PATTERN_MAX (GEN_MAX_N * 12 + 1)

/* ---- diversity keys ---- */

/* Solution pattern: each move as (drop?, piece, promotion, from and to
 * relative to the defender's king at the start), the smaller of the text
 * and its mirror image (files reflected). */
static void pattern_key(const GenProblem *p, char *buf, size_t size)
{
	Position pos;
	sfen_parse_root(&pos, p->sfen, NULL, NULL);
	Square king = pos.king[GOTE];
	char text[2][GEN_PATTERN_MAX * 2];
	for (int mirror = 0; mirror < 2; mirror++) {
		size_t n = 0;
		for (int i = 0; i < p->nmoves; i++) {
			Move m = p->moves[i];
			int sign = mirror ? -1 : 1;
			int tf = sign * (sq_file(move_to(m)) - sq_file(king)) + 9,
			    tr = sq_rank(move_to(m)) - sq_rank(king) + 9;
			if (move_is_drop(m)) {
				n += (size_t)snprintf(text[mirror] + n, sizeof text[mirror] - n, "D%d%c%c;",
				                      move_drop_pt(m), 'a' + tf, 'a' + tr);
			} else {
				int ff = sign * (sq_file(move_from(m)) - sq_file(king)) + 9,
				    fr = sq_rank(move_from(m)) - sq_rank(king) + 9;
				n += (size_t)snprintf(text[mirror] + n, sizeof text[mirror] - n, "%d%c%c%c%c%s;",
				                      piece_type(move_piece(m)), 'a' + ff, 'a' + fr, 'a' + tf, 'a' + tr,
				                      move_is_promote(m) ? "+" : "");
			}
		}
	}
	snprintf(buf, size, "%s", strcmp(text[0], text[1]) <= 0 ? text[0] : text[1]);
}

/* Position key: the board text and its mirror image, the smaller one. */
static void position_key(const GenProblem *p, char *buf, size_t size)
{
	Position pos;
	sfen_parse_root(&pos, p->sfen, NULL, NULL);
	char a[200], b[200];
	size_t n = 0, m = 0;
	for (int rank = 1; rank <= 9; rank++)
		for (int file = 1; file <= 9; file++) {
			n += (size_t)snprintf(a + n, sizeof a - n, "%02x", pos.board[sq_make(file, rank)]);
			m += (size_t)snprintf(b + m, sizeof b - m, "%02x", pos.board[sq_make(10 - file, rank)]);
		}
	snprintf(buf, size, "%s/%08" PRIx32, strcmp(a, b) <= 0 ? a : b, pos.hand[SENTE]);
}

/* A set of strings (open addressing, grows). */
typedef struct {
	char **slot;
	size_t cap, n;
} StrSet;

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* Adds s; returns false if it was already there (or memory ran out). */
static bool strset_add(StrSet *set, const char *s)
{
	if (set->n * 2 >= set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 256;
		char **slots = calloc(cap, sizeof *slots);
		if (!slots)
			return false;
		for (size_t i = 0; i < set->cap; i++) {
			if (!set->slot[i])
				continue;
			size_t j = str_hash(set->slot[i]) & (cap - 1);
			while (slots[j])
				j = (j + 1) & (cap - 1);
			slots[j] = set->slot[i];
		}
		free(set->slot);
		set->slot = slots;
		set->cap = cap;
	}
	size_t j = str_hash(s) & (set->cap - 1);
	while (set->slot[j]) {
		if (strcmp(set->slot[j], s) == 0)
			return false;
		j = (j + 1) & (set->cap - 1);
	}
	set->slot[j] = strdup(s);
	if (!set->slot[j])
		return false;
	set->n++;
	return true;
}

static bool strset_has(const StrSet *set, const char *s)
{
	if (!set->cap)
		return false;
	size_t j = str_hash(s) & (set->cap - 1);
	while (set->slot[j]) {
		if (strcmp(set->slot[j], s) == 0)
			return true;
		j = (j + 1) & (set->cap - 1);
	}
	return false;
}

static void strset_free(StrSet *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	memset(set, 0, sizeof *set);
}

/* ---- slots in parallel, results in slot order ---- */

/* The slots are taken in the order of their index k = 0, 1, 2, ...: slot
 * first + k * step (a whole run: 0, 1, 2, ...; shard I/N: I, I + N, ...). */
typedef struct {
	GenParams params;
	uint64_t first, step;
	int window; /* slots that may be ahead of the collector */
	GenProblem *ring;
	bool *ready;
	uint64_t next;         /* index of the next slot to hand out */
	uint64_t collected;    /* slots the collector has taken (indices 0..collected-1) */
	uint64_t count;        /* slots of the run (indices 0..count-1) */
	const GenKnown *known; /* slots searched before (NULL: none) */
	bool done;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	atomic_bool stop;
} Pool;

static void *gen_worker(void *arg)
{
	Pool *pool = arg;
	GenWorker *w = gen_worker_new();
	if (!w) {
		fprintf(stderr, "tsume generate: out of memory\n");
		exit(EXIT_BADINPUT);
	}
	GenProblem *p = malloc(sizeof *p);
	for (;;) {
		pthread_mutex_lock(&pool->mu);
		while (!pool->done && pool->next < pool->count &&
		       pool->next >= pool->collected + (uint64_t)pool->window)
			pthread_cond_wait(&pool->cv, &pool->mu);
		if (pool->done || pool->next >= pool->count) {
			pthread_mutex_unlock(&pool->mu);
			break;
		}
		uint64_t k = pool->next++;
		pthread_mutex_unlock(&pool->mu);
		uint64_t slot = pool->first + k * pool->step;
		if (!gen_known_get(pool->known, slot, p))
			gen_run_slot(w, &pool->params, slot, p);
		pthread_mutex_lock(&pool->mu);
		pool->ring[k % (uint64_t)pool->window] = *p;
		pool->ready[k % (uint64_t)pool->window] = true;
		pthread_cond_broadcast(&pool->cv);
		pthread_mutex_unlock(&pool->mu);
	}
	free(p);
	gen_worker_free(w);
	return NULL;
}

/* Ends the workers' searches and waits for threads[0..n) to end. */
static void stop_workers(Pool *pool, pthread_t *threads, uint64_t n)
{
	pthread_mutex_lock(&pool->mu);
	pool->done = true;
	atomic_store(&pool->stop, true);
	pthread_cond_broadcast(&pool->cv);
	pthread_mutex_unlock(&pool->mu);
	for (uint64_t i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
}

/* Starts jobs worker threads into threads[].  Returns 0, or, when one cannot
 * be started, EXIT_BADINPUT after a message naming it ("PROG: cannot start
 * worker thread 2 of 4: ..."), the ones started stopped and joined. */
static int start_workers(Pool *pool, pthread_t *threads, uint64_t jobs, const char *prog)
{
	for (uint64_t i = 0; i < jobs; i++) {
		int err = pthread_create(&threads[i], NULL, gen_worker, pool);
		if (err != 0) {
			fprintf(stderr, "%s: cannot start worker thread %llu of %llu: %s\n", prog,
			        (unsigned long long)i + 1, (unsigned long long)jobs, strerror(err));
			stop_workers(pool, threads, i);
			return EXIT_BADINPUT;
		}
	}
	return 0;
}

/* ---- the worksheet ---- */

/* The worksheet of probs[0..n) to path: titled title, or "詰将棋 N手詰"
 * when title is NULL; the answers in Japanese notation. */
static int write_sheet(const char *path, const GenProblem *probs, unsigned long long n, int mate, const char *title)
{
	SheetProblem *sp = calloc(n ? n : 1, sizeof *sp);
	char(*usi)[GEN_MAX_N * 6 + 1] = calloc(n ? n : 1, sizeof *usi);
	if (!sp || !usi) {
		free(sp);
		free(usi);
		fprintf(stderr, "tsume generate: out of memory\n");
		return -1;
	}
	for (unsigned long long i = 0; i < n; i++) {
		size_t len = 0;
		for (int k = 0; k < probs[i].nmoves; k++) {
			char buf[6];
			len += (size_t)snprintf(usi[i] + len, sizeof usi[i] - len, "%s%s", k ? " " : "",
			                        usi_format(probs[i].moves[k], buf));
		}
		sp[i] = (SheetProblem){.sfen = probs[i].sfen, .moves = usi[i], .mate = mate, .number = (int)i + 1};
	}
	char deftitle[128], err[256];
	snprintf(deftitle, sizeof deftitle, "詰将棋 %d手詰", mate);
	SheetPage page = {.title = title ? title : deftitle};
	int rc = -1;
	bool to_stdout = strcmp(path, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(path, "w");
	if (!f) {
		fprintf(stderr, "tsume generate: cannot write %s: %s\n", path, strerror(errno));
	} else if (sheet_write(f, &page, sp, (size_t)n, err, sizeof err) != 0) {
		fprintf(stderr, "tsume generate: %s: %s\n", path, err);
		if (!to_stdout)
			fclose(f);
	} else if (to_stdout ? fflush(f) != 0 : fclose(f) != 0) {
		fprintf(stderr, "tsume generate: cannot write %s: %s\n", path, strerror(errno));
	} else {
		rc = 0;
	}
	free(sp);
	free(usi);
	return rc;
}

/* ---- collecting the slots in order ---- */

/* What the collector did, for the closing figures. */
typedef struct {
	unsigned long long written, dup_pattern, dup_position, empty_slots;
	unsigned long long searched_here; /* with known slots: slots taken that were not known */
} Tally;

/* Waits until the slot of index k is ready or Ctrl-C; takes its result into
 * *p.  Returns false when interrupted. */
static bool take_slot(Pool *pool, uint64_t k, GenProblem *p)
{
	pthread_mutex_lock(&pool->mu);
	size_t i = (size_t)(k % (uint64_t)pool->window);
	while (!pool->ready[i] && !cli_interrupted()) {
		struct timespec until;
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_nsec += 100000000;
		if (until.tv_nsec >= 1000000000) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&pool->cv, &pool->mu, &until);
	}
	if (cli_interrupted()) {
		pthread_mutex_unlock(&pool->mu);
		return false;
	}
	*p = pool->ring[i];
	pool->ready[i] = false;
	pool->collected = k + 1;
	pthread_cond_broadcast(&pool->cv);
	pthread_mutex_unlock(&pool->mu);
	return true;
}

int gen_format_meta(char *buf, size_t size, const GenProblem *p, uint64_t seed, uint64_t slot)
{
	return snprintf(buf, size,
	                "mate=%d ; seed=%llu ; slot=%" PRIu64 " ; nodes=%" PRIu64
	                " ; checks=%d ; sacrifice=%d ; quiet=%d ; difficulty=%.1f",
	                p->nmoves, (unsigned long long)seed, slot, p->nodes, p->checks, p->sacrifice, p->quiet,
	                p->difficulty);
}

/* Writes the problem of a slot as its problem line.  Returns 0 or
 * EXIT_BADINPUT (a write failed). */
static int write_problem(CliOutput *out, const GenProblem *p, uint64_t seed, uint64_t slot)
{
	char meta[256];
	gen_format_meta(meta, sizeof meta, p, seed, slot);
	Position root;
	sfen_parse_root(&root, p->sfen, NULL, NULL);
	return pio_write(out->wr, &root, p->moves, p->nmoves, meta) == PIO_OK ? 0 : EXIT_BADINPUT;
}

static void show_progress(bool progress, const Tally *t, uint64_t wanted, uint64_t mate, double t0)
{
	if (!progress)
		return;
	double secs = clock_now() - t0;
	fprintf(stderr, "\rgenerate: %llu/%llu mate-in-%llu, %.1f s, %.1f per minute ", t->written,
	        (unsigned long long)wanted, (unsigned long long)mate, secs, secs > 0 ? t->written * 60.0 / secs : 0.0);
	fflush(stderr);
}

static void report_interrupted(bool progress, const Tally *t)
{
	if (t->written == 0)
		fprintf(stderr, "%stsume generate: interrupted; no problem found, nothing written\n",
		        progress ? "\n" : "");
	else
		fprintf(stderr, "%stsume generate: interrupted; %llu problem%s found, written\n", progress ? "\n" : "",
		        t->written, t->written == 1 ? "" : "s");
}

/* Takes the slots' results in slot order and writes each new problem (kept[]
 * too, for the sheet, when kept is not NULL) until o->count are written or the
 * slots run out.  Returns 0, EXIT_BADINPUT (a write failed) or
 * EXIT_INTERRUPTED. */
static int collect(Pool *pool, const GenOptions *o, CliOutput *out, GenProblem *kept, Tally *t, double t0)
{
	bool progress = !o->quiet && isatty(STDERR_FILENO);
	StrSet patterns = {0}, positions = {0};
	int rc = 0;
	GenProblem *p = malloc(sizeof *p);
	if (!p) {
		fprintf(stderr, "tsume generate: out of memory\n");
		return EXIT_BADINPUT;
	}
	char key[GEN_PATTERN_MAX * 2 + 64];
	for (uint64_t slot = 0; slot < pool->count && t->written < o->count; slot++) {
		if (!take_slot(pool, slot, p)) {
			report_interrupted(progress, t);
			rc = EXIT_INTERRUPTED;
			break;
		}
		t->searched_here += pool->known && !gen_known_get(pool->known, slot, NULL);
		if (!p->found) {
			t->empty_slots++;
			continue;
		}
		char pkey[GEN_PATTERN_MAX * 2];
		pattern_key(p, pkey, sizeof pkey);
		position_key(p, key, sizeof key);
		if (strset_has(&positions, key)) {
			t->dup_position++;
			continue;
		}
		if (strset_has(&patterns, pkey)) {
			t->dup_pattern++;
			continue;
		}
		strset_add(&positions, key);
		strset_add(&patterns, pkey);
		if (kept)
			kept[t->written] = *p;
		t->written++;
		if ((rc = write_problem(out, p, o->seed, slot)) != 0)
			break;
		show_progress(progress, t, o->count, o->mate, t0);
	}
	if (progress)
		fputc('\n', stderr);
	strset_free(&patterns);
	strset_free(&positions);
	free(p);
	return rc;
}

/* A shard's collector: takes its slots in order and writes the problem of
 * every slot that found one -- none is skipped, tsume merge decides -- until
 * gen_shard_target problems are written or its slots run out.  *covered =
 * the slot below which every slot of the shard was taken.  Returns as
 * collect. */
static int collect_shard(Pool *pool, const GenOptions *o, CliOutput *out, Tally *t, double t0, uint64_t *covered)
{
	bool progress = !o->quiet && isatty(STDERR_FILENO);
	uint64_t target = gen_shard_target(o->count, o->shard.count);
	int rc = 0;
	GenProblem *p = malloc(sizeof *p);
	if (!p) {
		fprintf(stderr, "tsume generate: out of memory\n");
		return EXIT_BADINPUT;
	}
	*covered = gen_slot_budget(o->count);
	for (uint64_t k = 0; k < pool->count && t->written < target; k++) {
		uint64_t slot = pool->first + k * pool->step;
		if (!take_slot(pool, k, p)) {
			report_interrupted(progress, t);
			*covered = slot;
			rc = EXIT_INTERRUPTED;
			break;
		}
		if (!p->found) {
			t->empty_slots++;
			continue;
		}
		t->written++;
		if ((rc = write_problem(out, p, o->seed, slot)) != 0)
			break;
		if (t->written == target)
			*covered = slot + 1;
		show_progress(progress, t, target, o->mate, t0);
	}
	if (progress)
		fputc('\n', stderr);
	free(p);
	return rc;
}

/* ---- the run ---- */

uint64_t gen_slot_budget(uint64_t count) { return count * 20 + 100; }

int gen_run(const GenOptions *o, const GenKnown *known, const char *prog)
{
	int rc;
	/* every output path checked before hours of generating */
	if ((rc = cli_output_check(o->sheet_path, prog)) != 0 || (rc = cli_output_check(o->out_path, prog)) != 0)
		return rc;
	CliOutput out;
	if ((rc = cli_output_open(&out, o->out_path, prog)) != 0)
		return rc;

	Pool pool;
	memset(&pool, 0, sizeof pool);
	pool.params.n = (int)o->mate;
	pool.params.min_pieces = o->min_pieces;
	pool.params.max_pieces = o->max_pieces;
	pool.params.level = o->level;
	pool.params.seed = o->seed;
	pool.params.eval_nodes = 2000 + 3000 * o->mate;
	pool.params.slot_evals = 3000 + 1500 * o->mate;
	pool.params.stop = &pool.stop;
	pool.params.futile = o->futile;
	atomic_store(&pool.stop, false);
	pool.window = (int)o->jobs * 4;
	uint64_t max_slots = gen_slot_budget(o->count);
	bool sharded = o->shard.count > 0;
	pool.first = sharded ? o->shard.index : 0;
	pool.step = sharded ? o->shard.count : 1;
	pool.count = max_slots > pool.first ? (max_slots - pool.first + pool.step - 1) / pool.step : 0;
	pool.known = known;
	pool.ring = calloc((size_t)pool.window, sizeof *pool.ring);
	pool.ready = calloc((size_t)pool.window, sizeof *pool.ready);
	GenProblem *kept = o->sheet_path ? calloc((size_t)o->count, sizeof *kept) : NULL;
	pthread_t *threads = calloc((size_t)o->jobs, sizeof *threads);
	if (!pool.ring || !pool.ready || !threads || (o->sheet_path && !kept)) {
		fprintf(stderr, "%s: out of memory\n", prog);
		rc = EXIT_BADINPUT;
	}
	if (rc == 0) {
		pthread_mutex_init(&pool.mu, NULL);
		pthread_cond_init(&pool.cv, NULL);
		/* SIGINT stops the collector; the workers' searches are stopped by
		 * pool.stop once it is done */
		cli_sigint_install(false);
		if ((rc = start_workers(&pool, threads, o->jobs, prog)) != 0) {
			cli_sigint_restore();
			pthread_mutex_destroy(&pool.mu);
			pthread_cond_destroy(&pool.cv);
		}
	}
	if (rc != 0) {
		/* nothing written: no output file is left behind */
		rc = cli_output_close(&out, rc, prog);
		free(kept);
		free(threads);
		free(pool.ring);
		free(pool.ready);
		return rc;
	}

	double t0 = clock_now();
	Tally t = {0};
	uint64_t covered = 0;
	rc = sharded ? collect_shard(&pool, o, &out, &t, t0, &covered) : collect(&pool, o, &out, kept, &t, t0);

	stop_workers(&pool, threads, o->jobs);
	double secs = clock_now() - t0;
	if (sharded && rc != EXIT_BADINPUT) {
		/* the closing line tsume merge needs: what the shard searched */
		char line[256];
		gen_shard_trailer(line, sizeof line, o, covered);
		if (pio_write_comment(out.wr, line) != PIO_OK)
			rc = EXIT_BADINPUT;
	}
	if (!sharded && rc == EXIT_INTERRUPTED && t.written == 0)
		cli_output_close(&out, EXIT_BADINPUT, prog); /* nothing found: an earlier file stays as it was */
	else
		rc = cli_output_close(&out, rc, prog);
	if (o->sheet_path && rc != EXIT_BADINPUT && t.written == 0)
		fprintf(stderr, "tsume generate: no problem found, no sheet written\n");
	else if (o->sheet_path && rc != EXIT_BADINPUT &&
	         write_sheet(o->sheet_path, kept, t.written, (int)o->mate, o->title) != 0)
		rc = EXIT_BADINPUT;
	free(kept);
	if (!o->quiet && sharded)
		fprintf(stderr,
		        "generate shard %llu/%llu: %llu mate-in-%llu problems in %.1f s (%llu jobs); %" PRIu64
		        " slots (%llu, %llu, ...; all below %" PRIu64
		        " searched): %llu empty; tsume merge joins the shards\n",
		        (unsigned long long)o->shard.index, (unsigned long long)o->shard.count, t.written,
		        (unsigned long long)o->mate, secs, (unsigned long long)o->jobs, pool.collected,
		        (unsigned long long)o->shard.index, (unsigned long long)(o->shard.index + o->shard.count),
		        covered, t.empty_slots);
	else if (!o->quiet && known)
		fprintf(stderr,
		        "merge: %llu mate-in-%llu problems from %llu shards; slots %" PRIu64
		        ": %llu empty, %llu same position, %llu same pattern; %llu not in the shards, searched here "
		        "(%.1f s)\n",
		        t.written, (unsigned long long)o->mate, (unsigned long long)known->shards, pool.collected,
		        t.empty_slots, t.dup_position, t.dup_pattern, t.searched_here, secs);
	else if (!o->quiet)
		fprintf(stderr,
		        "generate: %llu mate-in-%llu problem%s in %.1f s (%.1f per minute, %llu job%s); slots %" PRIu64
		        ": %llu empty, %llu same position, %llu same pattern\n",
		        t.written, (unsigned long long)o->mate, t.written == 1 ? "" : "s", secs,
		        secs > 0 ? t.written * 60.0 / secs : 0.0, (unsigned long long)o->jobs, o->jobs == 1 ? "" : "s",
		        pool.collected, t.empty_slots, t.dup_position, t.dup_pattern);
	cli_sigint_restore();
	if (rc == 0 && !sharded && t.written < o->count) {
		fprintf(stderr, "%s: only %llu of %llu problems found within %" PRIu64 " slots\n", prog, t.written,
		        (unsigned long long)o->count, max_slots);
		rc = EXIT_NOMATE;
	}
	free(threads);
	free(pool.ring);
	free(pool.ready);
	pthread_mutex_destroy(&pool.mu);
	pthread_cond_destroy(&pool.cv);
	return rc;
}

int cmd_generate(int argc, char **argv)
{
	GenOptions o;
	int rc = gen_parse_options(argc, argv, &o);
	return rc >= 0 ? rc : gen_run(&o, NULL, "tsume generate");
}
