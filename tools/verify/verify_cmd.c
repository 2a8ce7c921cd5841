/*
 * verify_cmd.c -- `tsume verify FILE... [--jobs N] [--time S] [--nodes N]
 * [--hash MB] [--format text|json|csv] [--notation ja|usi] [--shard I/N]`.
 *
 * The main thread reads problems (core/formats/problemio) into a ring of slots;
 * worker threads, each with its own search context (solver/verify), verify
 * them in any order; the main thread prints the results in input order as
 * the oldest slot completes.  Memory is bounded by the ring: 2 x jobs slots.
 * With --shard only the lines of that shard are verified (shard.h), and a
 * JSON report ends with the summary record (verify_summary.h).  The line of
 * one problem is verify_report.c's.
 */
#include "verify_cmd.h"

#include "check.h"
#include "cli.h"
#include "kif.h"
#include "problemio.h"
#include "sfen.h"
#include "shard.h"
#include "verify.h"
#include "verify_report.h"
#include "verify_summary.h"

#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

typedef struct {
	int state;
	const char *file;
	PioProblem problem;
	VerifyResult result;
} Slot;

typedef struct {
	Slot *slots;
	int nslots;
	long head, tail; /* slots [head, tail) are in use, by sequence number */
	long next_work;  /* next sequence number to hand to a worker */
	bool closing;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	size_t hash_mb;
	DfpnLimits lim;
} Queue;

/* One worker thread: its queue and its own search context. */
typedef struct {
	Queue *q;
	Dfpn *d;
} Worker;

static void *worker(void *arg)
{
	Queue *q = ((Worker *)arg)->q;
	Dfpn *d = ((Worker *)arg)->d;
	for (;;) {
		pthread_mutex_lock(&q->mu);
		while (q->next_work >= q->tail && !q->closing)
			pthread_cond_wait(&q->cv, &q->mu);
		if (q->next_work >= q->tail) {
			pthread_mutex_unlock(&q->mu);
			break;
		}
		Slot *s = &q->slots[q->next_work % q->nslots];
		q->next_work++;
		s->state = SLOT_BUSY;
		pthread_mutex_unlock(&q->mu);

		VerifySpec spec = check_spec(&s->problem);
		verify_problem(d, &s->problem.root, &spec, &q->lim, &s->result);

		pthread_mutex_lock(&q->mu);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&q->cv);
		pthread_mutex_unlock(&q->mu);
	}
	return NULL;
}

static void progress(bool tty, long done, long total, double t0)
{
	if (!tty)
		return;
	double el = clock_now() - t0, rate = el > 0 ? (double)done / el : 0;
	if (total > 0) {
		int width = 30, fill = (int)(width * done / (total ? total : 1));
		double eta = rate > 0 ? (double)(total - done) / rate : 0;
		fprintf(stderr, "\r[%.*s%*s] %ld/%ld %.1f/s ETA %.0f s ", fill, "##############################",
		        width - fill, "", done, total, rate, eta);
	} else {
		fprintf(stderr, "\r%ld done %.1f/s ", done, rate);
	}
	fflush(stderr);
}

/* Counts the problem lines of a file that the shard takes (for the
 * progress bar). */
static long count_problems(const char *path, const Shard *shard)
{
	PioError err;
	PioReader *r = pio_open(path, &err);
	if (!r)
		return 0;
	PioProblem *p = malloc(sizeof *p); /* about 240 KB */
	long n = 0;
	int rc;
	while (p && (rc = pio_next(r, p, &err)) != PIO_END)
		if (rc == PIO_OK)
			n += shard_takes(shard, (uint64_t)(p->line - 1));
		else if (rc == PIO_ERR_STREAM)
			break;
	free(p);
	pio_close(r);
	return n;
}

typedef struct {
	VerifyFormat fmt;
	CliNotation notation;
	bool tty;
	long total;
	double t0;
	VerifySummary *sum;
	long unfinished; /* problems a Ctrl-C cut short: not reported */
} Printer;

/* Prints the finished results at the head of the queue, in input order, and
 * frees their slots.  Called and returns with q->mu held (released while
 * printing). */
static void print_done(Queue *q, Printer *pr)
{
	while (q->head < q->tail && q->slots[q->head % q->nslots].state == SLOT_DONE) {
		Slot *s = &q->slots[q->head % q->nslots];
		pthread_mutex_unlock(&q->mu);
		if (s->result.interrupted) {
			/* a problem a Ctrl-C cut short, or one only queued: not
			 * finished, so not reported as passed, failed or undecided */
			pr->unfinished++;
		} else {
			if (pr->tty)
				fprintf(stderr, "\r\033[K");
			vsum_add(pr->sum, s->result.flags, s->result.nodes);
			verify_report_line(stdout, pr->fmt, pr->notation, s->file, &s->problem, &s->result);
			fflush(stdout);
			progress(pr->tty, pr->sum->problems, pr->total, pr->t0);
		}
		pthread_mutex_lock(&q->mu);
		s->state = SLOT_FREE;
		q->head++;
	}
}

#define PROG "tsume verify"
#define VERIFY_JOBS_MAX 256
#define VERIFY_THREADS_MAX 1024 /* jobs x threads */

#define VERIFY_USAGE                                                                                                   \
	"usage: tsume verify " VERIFY_ARGS "\n"                                                                        \
	"  FILE: problem lines 'SFEN [moves ...] [; mate=N ...]', plain or gzip, or KIF/CSA files ('-' = stdin)\n"     \
	"  --jobs N     parallel problems (default: the number of cores / --threads)\n"                                \
	"  --threads T  search threads per problem (default: the number of cores / --jobs, at least 1)\n"              \
	"  --time S     time limit per problem in seconds, 0 = no limit (default 60)\n"                                \
	"  --nodes N    node limit per problem (default none)\n"                                                       \
	"  --hash MB    hash table per job (default 64)\n"                                                             \
	"  --format F   text (default), json (one object a line) or csv\n"                                             \
	"  --notation N how text and csv reasons name moves: ja (default: Japanese notation, ▲２一金) or usi "    \
	"(G*2a);\n"                                                                                                    \
	"               json always uses usi\n"                                                                        \
	"  --futile R   the futile-interposition rule: none, narrow, broad, nogain (default) or answered\n"            \
	"  --rest       give the pieces in nobody's hand to the defender (else a warning names each such problem)\n"   \
	"  --shard I/N  only the problems on lines L with (L - 1) mod N = I, 0 <= I < N (tsume merge joins the\n"      \
	"               --format json reports of the N shards)\n"                                                      \
	"exit status: 0 every problem passed, 1 some problem failed, 3 none failed but some were undecided (a\n"       \
	"             limit stopped a check), 2 bad input or usage, 3 a --hash table or the --threads that cannot "    \
	"be\n"                                                                                                         \
	"             had for every job, 130 interrupted by Ctrl-C (the problems finished are reported)\n"

/* The options of one run, checked. */
typedef struct {
	uint64_t jobs, search_threads; /* --jobs, --threads (both set by verify_parse) */
	CheckOptions check;            /* --time, --nodes, --hash, --futile */
	VerifyFormat fmt;              /* --format */
	CliNotation notation;          /* --notation */
	bool rest;                     /* --rest */
	Shard shard;                   /* --shard I/N (count 0: the whole input) */
	char **files;                  /* the FILE arguments */
	int nfiles;
} VerifyOptions;

/* What a run did, for its report. */
typedef struct {
	VerifySummary sum;
	long input_problems; /* in every shard: "no problem in the input" is about the input */
	long unfinished;     /* problems read but cut short by Ctrl-C (not reported) */
	double seconds;
} VerifyOutcome;

/* Parses argv[1..argc) into *o, with --jobs and --threads filled in from the
 * cores.  Returns -1 when the run is to go on; otherwise the exit status to
 * end with: EXIT_MATE after --help, EXIT_BADINPUT after a message. */
static int verify_parse(int argc, char **argv, VerifyOptions *o)
{
	static const struct option opts[] = {
	    {"jobs", required_argument, NULL, 'j'},     {"time", required_argument, NULL, 't'},
	    {"nodes", required_argument, NULL, 'n'},    {"hash", required_argument, NULL, 'H'},
	    {"format", required_argument, NULL, 'f'},   {"help", no_argument, NULL, 'h'},
	    {"futile", required_argument, NULL, 'F'},   {"threads", required_argument, NULL, 'T'},
	    {"rest", no_argument, NULL, 'r'},           {"shard", required_argument, NULL, 'S'},
	    {"notation", required_argument, NULL, 'N'}, {0, 0, 0, 0}};
	/* jobs, threads 0: not given */
	*o = (VerifyOptions){.check = CHECK_OPTIONS_DEFAULT, .fmt = VERIFY_FORMAT_TEXT, .notation = CLI_NOTATION_JA};
	int c;
	while ((c = getopt_long(argc, argv, "j:t:n:H:f:F:T:S:N:rh", opts, NULL)) != -1) {
		bool ok = true;
		switch (c) {
		case 'r':
			o->rest = true;
			break;
		case 'S':
			ok = shard_option(PROG, optarg, &o->shard);
			break;
		case 't':
			ok = check_option(PROG, "--time", optarg, &o->check);
			break;
		case 'n':
			ok = check_option(PROG, "--nodes", optarg, &o->check);
			break;
		case 'H':
			ok = check_option(PROG, "--hash", optarg, &o->check);
			break;
		case 'N':
			ok = cli_option_notation(PROG, optarg, &o->notation);
			break;
		case 'F':
			ok = check_option(PROG, "--futile", optarg, &o->check);
			break;
		case 'j':
			ok = cli_option_uint(PROG, "--jobs", optarg, 1, VERIFY_JOBS_MAX, "jobs", NULL, &o->jobs);
			break;
		case 'T':
			ok = cli_option_uint(PROG, "--threads", optarg, 1, DFPN_MAX_THREADS, "threads", NULL,
			                     &o->search_threads);
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				o->fmt = VERIFY_FORMAT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				o->fmt = VERIFY_FORMAT_JSON;
			else if (strcmp(optarg, "csv") == 0)
				o->fmt = VERIFY_FORMAT_CSV;
			else {
				cli_bad_value(PROG, "--format", "text, json or csv", optarg);
				ok = false;
			}
			break;
		case 'h':
			fputs(VERIFY_USAGE, stdout);
			return EXIT_MATE;
		default:
			fputs(VERIFY_USAGE, stderr);
			return EXIT_BADINPUT;
		}
		if (!ok) {
			fputs("usage: tsume verify " VERIFY_ARGS "\n(tsume verify --help: the options)\n", stderr);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fputs(VERIFY_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	o->files = argv + optind;
	o->nfiles = argc - optind;
	/* jobs x threads = the cores unless both are given */
	uint64_t cores = (uint64_t)cli_cores();
	if (!o->jobs)
		o->jobs = o->search_threads ? (cores / o->search_threads ? cores / o->search_threads : 1) : cores;
	if (!o->search_threads)
		o->search_threads = cores / o->jobs ? cores / o->jobs : 1;
	if (o->jobs * o->search_threads > VERIFY_THREADS_MAX) {
		fprintf(stderr, "tsume verify: --jobs %llu x --threads %llu is %llu search threads; at most %d\n",
		        (unsigned long long)o->jobs, (unsigned long long)o->search_threads,
		        (unsigned long long)(o->jobs * o->search_threads), VERIFY_THREADS_MAX);
		fputs(VERIFY_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	return -1;
}

/* The worker pool of a run: each job's search context, the ring of slots and
 * the threads started so far. */
typedef struct {
	Queue q;
	Worker *workers;
	uint64_t jobs;
	pthread_t *threads;
	uint64_t started; /* threads[0..started) are running */
} Pool;

/* Frees the search contexts of workers[0..n) and the arrays of the pool. */
static void pool_free(Pool *p, uint64_t n)
{
	for (uint64_t k = 0; k < n; k++)
		dfpn_free(p->workers[k].d);
	free(p->workers);
	free(p->threads);
	free(p->q.slots);
}

/* Every job's table before any work: a --hash that cannot be allocated is
 * refused at once, as solve does.  Returns -1, or the exit status to end
 * with after a message (nothing left allocated). */
static int pool_alloc(Pool *p, const VerifyOptions *o)
{
	memset(p, 0, sizeof *p);
	p->jobs = o->jobs;
	p->workers = calloc((size_t)o->jobs, sizeof *p->workers);
	if (!p->workers) {
		fprintf(stderr, "tsume verify: out of memory\n");
		return EXIT_BADINPUT;
	}
	for (uint64_t i = 0; i < o->jobs; i++) {
		CheckContextError why;
		Dfpn *d = check_context(&o->check, (int)o->search_threads, &why);
		p->workers[i].d = d;
		if (!d && why == CHECK_CONTEXT_THREADS) {
			fprintf(
			    stderr,
			    "tsume verify: cannot start %llu search threads for job %llu (%llu jobs x --threads %llu); "
			    "try fewer --threads or --jobs\n",
			    (unsigned long long)o->search_threads, (unsigned long long)i + 1,
			    (unsigned long long)o->jobs, (unsigned long long)o->search_threads);
			pool_free(p, i);
			return EXIT_UNKNOWN;
		}
		if (!d) {
			fprintf(stderr,
			        "tsume verify: cannot allocate %llu MB for the hash table of job %llu (%llu job%s x "
			        "--hash %llu MB); "
			        "try a smaller --hash or fewer --jobs\n",
			        (unsigned long long)o->check.hash, (unsigned long long)i + 1,
			        (unsigned long long)o->jobs, o->jobs == 1 ? "" : "s",
			        (unsigned long long)o->check.hash);
			pool_free(p, i);
			return EXIT_UNKNOWN;
		}
	}
	p->q.nslots = (int)o->jobs * 2;
	p->q.slots = calloc((size_t)p->q.nslots, sizeof(Slot));
	p->threads = calloc((size_t)o->jobs, sizeof *p->threads);
	if (!p->q.slots || !p->threads) {
		fprintf(stderr, "tsume verify: out of memory\n");
		pool_free(p, o->jobs);
		return EXIT_BADINPUT;
	}
	return -1;
}

/* Tells the workers that no more work comes and waits for them to end. */
static void pool_close(Pool *p)
{
	pthread_mutex_lock(&p->q.mu);
	p->q.closing = true;
	pthread_cond_broadcast(&p->q.cv);
	pthread_mutex_unlock(&p->q.mu);
	for (uint64_t i = 0; i < p->started; i++)
		pthread_join(p->threads[i], NULL);
	p->started = 0;
}

/* Starts the worker threads.  Returns -1, or, when one cannot be started,
 * EXIT_UNKNOWN after a message naming it (the ones started are stopped and
 * joined, everything freed). */
static int pool_start(Pool *p, const VerifyOptions *o)
{
	Queue *q = &p->q;
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->cv, NULL);
	q->hash_mb = (size_t)o->check.hash;
	q->lim = check_limits(&o->check, cli_sigint_install(false));
	for (uint64_t i = 0; i < p->jobs; i++) {
		p->workers[i].q = q;
		int err = pthread_create(&p->threads[i], NULL, worker, &p->workers[i]);
		if (err != 0) {
			fprintf(stderr, "tsume verify: cannot start worker thread %llu of %llu: %s\n",
			        (unsigned long long)i + 1, (unsigned long long)p->jobs, strerror(err));
			pool_close(p);
			pthread_mutex_destroy(&q->mu);
			pthread_cond_destroy(&q->cv);
			pool_free(p, p->jobs);
			return EXIT_UNKNOWN;
		}
		p->started++;
	}
	return -1;
}

/* Hands the problems of one file to the pool (the lines of o's shard),
 * printing finished results in input order as slots are needed; a line
 * that cannot be read is counted in out->sum.bad_lines, an unreadable file
 * in files_unreadable. */
static void feed_file(Pool *p, Printer *pr, const VerifyOptions *o, const char *file, VerifyOutcome *out)
{
	Queue *q = &p->q;
	PioError err;
	PioReader *r = pio_open(file, &err);
	if (!r) {
		fprintf(stderr, "%s: %s\n", file, err.message);
		out->sum.files_unreadable++;
		return;
	}
	for (;;) {
		if (cli_interrupted())
			break;
		/* wait for a free slot, printing finished ones in order */
		pthread_mutex_lock(&q->mu);
		for (;;) {
			print_done(q, pr);
			if (q->tail - q->head < q->nslots)
				break;
			pthread_cond_wait(&q->cv, &q->mu);
		}
		Slot *s = &q->slots[q->tail % q->nslots];
		pthread_mutex_unlock(&q->mu);
		int rc = pio_next(r, &s->problem, &err);
		if (rc == PIO_END)
			break;
		/* a line of another shard, good or bad, is that shard's (a
		 * stream error too, by the line it happened on) */
		long line = rc == PIO_OK ? s->problem.line : err.line;
		out->input_problems += rc == PIO_OK;
		if (line > 0 && !shard_takes(&o->shard, (uint64_t)(line - 1))) {
			if (rc == PIO_ERR_STREAM)
				break;
			continue;
		}
		if (rc != PIO_OK) {
			if (pr->tty)
				fprintf(stderr, "\r\033[K");
			if (err.line)
				fprintf(stderr, "%s:%ld: %s\n", file, err.line, err.message);
			else
				fprintf(stderr, "%s: %s\n", file, err.message);
			/* a stream error before any line (binary data): the file, not a line */
			if (rc == PIO_ERR_STREAM && err.line == 0)
				out->sum.files_unreadable++;
			else
				out->sum.bad_lines++;
			if (rc == PIO_ERR_STREAM)
				break;
			continue;
		}
		char why[120];
		if (!pio_stated_consistent(&s->problem, why, sizeof why)) {
			if (pr->tty)
				fprintf(stderr, "\r\033[K");
			fprintf(stderr, "%s:%ld: %s\n", file, s->problem.line, why);
			out->sum.bad_lines++;
			continue;
		}
		/* no king to mate (an empty board): a bad position, as solve says,
		 * not a problem without mate */
		char nk[160];
		if (!cli_defender_has_king(&s->problem.root, nk, sizeof nk)) {
			if (pr->tty)
				fprintf(stderr, "\r\033[K");
			fprintf(stderr, "%s:%ld: %s\n", file, s->problem.line, nk);
			out->sum.bad_lines++;
			continue;
		}
		int missing = pos_missing_pieces(&s->problem.root);
		if (missing > 0 && o->rest) {
			pos_give_missing(&s->problem.root, color_flip(s->problem.root.side));
		} else if (missing > 0) {
			if (pr->tty)
				fprintf(stderr, "\r\033[K");
			char where[PATH_MAX + 24];
			snprintf(where, sizeof where, "%s:%ld", file, s->problem.line);
			cli_warn_missing(where, missing);
		}
		s->file = file;
		pthread_mutex_lock(&q->mu);
		s->state = SLOT_READY;
		q->tail++;
		pthread_cond_broadcast(&q->cv);
		pthread_mutex_unlock(&q->mu);
	}
	pio_close(r);
}

/* The run: the worker pool started, every file's problems verified and their
 * results printed in input order, the pool stopped and freed.  Returns -1,
 * or the exit status to end with when the pool could not be set up. */
static int verify_run(const VerifyOptions *o, VerifyOutcome *out)
{
	Pool p;
	int rc = pool_alloc(&p, o);
	if (rc < 0)
		rc = pool_start(&p, o);
	if (rc >= 0)
		return rc;
	bool tty = isatty(STDERR_FILENO);
	long total = 0;
	if (tty)
		for (int i = 0; i < o->nfiles; i++)
			if (strcmp(o->files[i], "-") != 0)
				total += count_problems(o->files[i], &o->shard);
	if (o->fmt == VERIFY_FORMAT_CSV)
		verify_report_csv_header(stdout);

	memset(out, 0, sizeof *out);
	double t0 = clock_now();
	Printer pr = {o->fmt, o->notation, tty, total, t0, &out->sum, 0};
	for (int fi = 0; fi < o->nfiles && !cli_interrupted(); fi++)
		feed_file(&p, &pr, o, o->files[fi], out);
	/* drain */
	Queue *q = &p.q;
	pthread_mutex_lock(&q->mu);
	q->closing = true;
	pthread_cond_broadcast(&q->cv);
	for (;;) {
		print_done(q, &pr);
		if (q->head >= q->tail)
			break;
		pthread_cond_wait(&q->cv, &q->mu);
	}
	pthread_mutex_unlock(&q->mu);
	pool_close(&p);
	if (tty)
		fprintf(stderr, "\r\033[K");
	out->seconds = clock_now() - t0;
	out->unfinished = pr.unfinished;
	pool_free(&p, p.jobs);
	return -1;
}

/* The end of a run: the summary on stderr, a shard's summary record, and the
 * exit status. */
static int verify_finish(const VerifyOptions *o, const VerifyOutcome *out)
{
	bool interrupted = cli_interrupted();
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	VerifyRunInfo run = {out->seconds, (int)o->jobs, ru.ru_maxrss / 1024, interrupted, o->check.futile};
	vsum_print(stderr, &out->sum, &run);
	if (interrupted)
		fprintf(stderr,
		        "tsume verify: interrupted (Ctrl-C): %ld problem%s finished and reported; %ld cut short or not "
		        "started, left out, and no more input read\n",
		        out->sum.problems, out->sum.problems == 1 ? "" : "s", out->unfinished);
	if (o->shard.count && o->fmt == VERIFY_FORMAT_JSON) {
		/* the shard's summary record ends its report, for tsume merge */
		VerifyRunSpec spec = {o->shard,       o->files,      o->nfiles,         o->check.time_s,
		                      o->check.nodes, o->check.hash, o->search_threads, o->rest};
		vsum_write_record(stdout, &out->sum, &run, &spec);
		fflush(stdout);
	}
	if (interrupted)
		return EXIT_INTERRUPTED; /* the run did not finish, whatever it found */
	if (out->sum.bad_lines || out->sum.files_unreadable)
		return EXIT_BADINPUT;
	if (out->input_problems == 0) {
		/* an empty collection is a mistake, not a pass (a CI check must not
		 * go green on it) */
		fprintf(stderr, "tsume verify: no problem in the input\n");
		return EXIT_BADINPUT;
	}
	if (out->sum.passed + out->sum.undecided < out->sum.problems)
		return EXIT_NOMATE;
	return out->sum.undecided ? EXIT_UNKNOWN : EXIT_MATE;
}

int cmd_verify(int argc, char **argv)
{
	VerifyOptions o;
	int rc = verify_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	VerifyOutcome out;
	rc = verify_run(&o, &out);
	return rc >= 0 ? rc : verify_finish(&o, &out);
}
