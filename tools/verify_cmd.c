/*
 * verify_cmd.c -- `tsume verify FILE... [--jobs N] [--time S] [--nodes N]
 * [--hash MB] [--format text|json|csv] [--shard I/N]`.
 *
 * The main thread reads problems (core/problemio) into a ring of slots;
 * worker threads, each with its own search context (solver/verify), verify
 * them in any order; the main thread prints the results in input order as
 * the oldest slot completes.  Memory is bounded by the ring: 2 x jobs slots.
 * With --shard only the lines of that shard are verified (shard.h), and a
 * JSON report ends with the summary record (verify_summary.h).
 */
#include "verify_cmd.h"

#include "cli.h"
#include "kanji.h"
#include "kif.h"
#include "notation.h"
#include "problemio.h"
#include "sfen.h"
#include "shard.h"
#include "verify.h"
#include "verify_summary.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { FMT_TEXT, FMT_JSON, FMT_CSV };
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

		long stated = -1;
		if (!pio_meta_int(&s->problem, "mate", &stated) && s->problem.n_moves > 0)
			stated = s->problem.n_moves;
		VerifySpec spec = {(int)stated, s->problem.n_moves ? s->problem.moves : NULL, s->problem.n_moves, false};
		verify_problem(d, &s->problem.root, &spec, &q->lim, &s->result);

		pthread_mutex_lock(&q->mu);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&q->cv);
		pthread_mutex_unlock(&q->mu);
	}
	return NULL;
}

/* ---- output ---- */

static void piece_text(const VerifyPiece *p, char *buf, size_t size)
{
	if (p->sq == SQ_NONE)
		snprintf(buf, size, "%s(hand)", KANJI_PIECE[p->pt]);
	else
		snprintf(buf, size, "%s%s%s", KANJI_ZEN_DIGIT[sq_file(p->sq)], KANJI_NUM[sq_rank(p->sq)], KANJI_PIECE[p->pt]);
}

static void reasons_text(const VerifyResult *r, const char *sep, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	if (r->flags & VERIFY_NOT_MATE)
		ADD("%sno mate", n ? sep : "");
	if (r->flags & VERIFY_BAD_LINE)
		ADD("%sthe stated main line is not a legal mating line", n ? sep : "");
	if (r->flags & VERIFY_WRONG_LENGTH) {
		char why[160];
		ADD("%swrong length", n ? sep : "");
		if (verify_stated_text(&r->stated, why, sizeof why) > 0)
			ADD(" (%s)", why);
	}
	if (r->flags & VERIFY_COOK) {
		char u[6];
		ADD("%s余詰 (cook) x%d", n ? sep : "", r->cooks);
		for (int i = 0; i < r->cooks && i < 3; i++)
			ADD(" [ply %d %s mates in %d]", r->cook[i].ply + 1, usi_format(r->cook[i].move, u), r->cook[i].len);
	}
	if (r->flags & VERIFY_LEFTOVER)
		ADD("%s駒余り (%d piece%s left in hand)", n ? sep : "", r->leftover, r->leftover == 1 ? "" : "s");
	if (r->flags & VERIFY_UNNECESSARY) {
		ADD("%sunnecessary piece%s:", n ? sep : "", r->unnecessary == 1 ? "" : "s");
		for (int i = 0; i < r->unnecessary && i < VERIFY_MAX_LIST; i++) {
			char t[32];
			piece_text(&r->unnecessary_piece[i], t, sizeof t);
			ADD(" %s", t);
		}
	}
	if (r->flags & VERIFY_UNDECIDED)
		ADD("%sundecided (a limit stopped %d of verify's searches%s)", n ? sep : "", r->undecided > 0 ? r->undecided : 1,
		    r->solve.status == DFPN_MATE && !r->solve.len_minimal ? "; the length is not proven minimal" : "");
#undef ADD
}

static void print_result(int fmt, const Slot *s, VerifySummary *sum)
{
	const VerifyResult *r = &s->result;
	bool pass = verify_passed(r->flags);
	vsum_add(sum, r->flags, r->nodes);
	long stated = -1;
	if (!pio_meta_int(&s->problem, "mate", &stated) && s->problem.n_moves > 0)
		stated = s->problem.n_moves;
	/* the reasons joined by "; " (text, csv), or by \x1f to split into a
	 * JSON array */
	char why[1024];
	reasons_text(r, fmt == FMT_JSON ? "\x1f" : "; ", why, sizeof why);
	if (fmt == FMT_TEXT) {
		printf("%s:%ld: %s", s->file, s->problem.line, pass ? "PASS" : "FAIL");
		if (r->len)
			printf(" mate %d", r->len);
		if (stated >= 0)
			printf(" (stated %ld)", stated);
		if (!pass)
			printf(": %s", why);
		if (r->flags & VERIFY_FINAL_ALT)
			printf(" [%d other mating final move%s]", r->final_alts, r->final_alts == 1 ? "" : "s");
		if (r->flags & VERIFY_SHORT_VAR)
			printf(" [%d shorter variation%s]", r->short_variations, r->short_variations == 1 ? "" : "s");
		printf("\n");
	} else if (fmt == FMT_JSON) {
		printf("{\"file\":");
		cli_json_string(stdout, s->file);
		printf(",\"line\":%ld,\"pass\":%s,\"length\":%d,\"stated\":", s->problem.line, pass ? "true" : "false", r->len);
		if (stated >= 0)
			printf("%ld", stated);
		else
			printf("null");
		printf(",\"not_mate\":%s,\"wrong_length\":%s,\"cooks\":%d,\"final_alternatives\":%d,\"leftover\":%d,"
		       "\"unnecessary\":%d,\"short_variations\":%d,\"undecided\":%s,\"reasons\":",
		       r->flags & VERIFY_NOT_MATE ? "true" : "false", r->flags & VERIFY_WRONG_LENGTH ? "true" : "false", r->cooks,
		       r->final_alts, r->leftover, r->unnecessary, r->short_variations, r->flags & VERIFY_UNDECIDED ? "true" : "false");
		/* the reasons and the line as arrays of strings, as solve's "usi" */
		putchar('[');
		for (char *p = why, *e; *p; p = *e ? e + 1 : e) {
			e = p + strcspn(p, "\x1f");
			char c = *e;
			*e = '\0';
			if (p != why)
				putchar(',');
			cli_json_string(stdout, p);
			*e = c;
		}
		printf("],\"usi\":[");
		for (int i = 0; i < r->line_len; i++) {
			char u[6];
			printf("%s\"%s\"", i ? "," : "", usi_format(r->line[i], u));
		}
		printf("],\"nodes\":%llu,\"seconds\":%.3f", (unsigned long long)r->nodes, r->seconds);
		const VerifyStated *v = &r->stated;
		cli_json_verdict(stdout, v);
		printf("}\n");
	} else {
		cli_csv_field(stdout, s->file);
		printf(",%ld,%s,%d,%ld,%d,%d,%d,%d,%d,%s,", s->problem.line, pass ? "pass" : "fail", r->len, stated, r->cooks,
		       r->final_alts, r->leftover, r->unnecessary, r->short_variations, r->flags & VERIFY_UNDECIDED ? "yes" : "no");
		cli_csv_field(stdout, why);
		printf(",%llu,%.3f,%s\n", (unsigned long long)r->nodes, r->seconds, verify_verdict_name(r->stated.verdict));
	}
	fflush(stdout);
}

static void progress(bool tty, long done, long total, double t0)
{
	if (!tty)
		return;
	double el = clock_now() - t0, rate = el > 0 ? (double)done / el : 0;
	if (total > 0) {
		int width = 30, fill = (int)(width * done / (total ? total : 1));
		double eta = rate > 0 ? (double)(total - done) / rate : 0;
		fprintf(stderr, "\r[%.*s%*s] %ld/%ld %.1f/s ETA %.0f s ", fill, "##############################", width - fill, "", done, total,
		        rate, eta);
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
	int fmt;
	bool tty;
	long total;
	double t0;
	VerifySummary *sum;
} Printer;

/* Prints the finished results at the head of the queue, in input order, and
 * frees their slots.  Called and returns with q->mu held (released while
 * printing). */
static void print_done(Queue *q, Printer *pr)
{
	while (q->head < q->tail && q->slots[q->head % q->nslots].state == SLOT_DONE) {
		Slot *s = &q->slots[q->head % q->nslots];
		pthread_mutex_unlock(&q->mu);
		if (pr->tty)
			fprintf(stderr, "\r\033[K");
		print_result(pr->fmt, s, pr->sum);
		progress(pr->tty, pr->sum->problems, pr->total, pr->t0);
		pthread_mutex_lock(&q->mu);
		s->state = SLOT_FREE;
		q->head++;
	}
}

#define PROG "tsume verify"
#define VERIFY_JOBS_MAX 256
#define VERIFY_THREADS_MAX 1024 /* jobs x threads */
#define VERIFY_TIME_MAX 1e7 /* seconds: about 116 days */
#define VERIFY_HASH_MAX (UINT64_C(1) << 20)

#define VERIFY_USAGE                                                                                                           \
	"usage: tsume verify " VERIFY_ARGS "\n"                                                                                  \
	"  FILE: problem lines 'SFEN [moves ...] [; mate=N ...]', plain or gzip, or KIF/CSA files ('-' = stdin)\n"                                   \
	"  --jobs N     parallel problems (default: the number of cores / --threads)\n"                                            \
	"  --threads T  search threads per problem (default: the number of cores / --jobs, at least 1)\n"                           \
	"  --time S     time limit per problem in seconds, 0 = no limit (default 60)\n"                                                       \
	"  --nodes N    node limit per problem (default none)\n"                                                                   \
	"  --hash MB    hash table per job (default 64)\n"                                                                         \
	"  --format F   text (default), json (one object a line) or csv\n"                                                         \
	"  --futile R   the futile-interposition rule: none, narrow, broad, nogain (default) or answered\n"                        \
	"  --rest       give the pieces in nobody's hand to the defender (else a warning names each such problem)\n"              \
	"  --shard I/N  only the problems on lines L with (L - 1) mod N = I, 0 <= I < N (tsume merge joins the\n"                 \
	"               --format json reports of the N shards)\n"                                                                  \
	"exit status: 0 every problem passed, 1 some problem failed or was undecided, 2 bad input or usage,\n"                     \
	"             3 a --hash table or the --threads that cannot be had for every job\n"

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {{"jobs", required_argument, NULL, 'j'},  {"time", required_argument, NULL, 't'},
	                                     {"nodes", required_argument, NULL, 'n'}, {"hash", required_argument, NULL, 'H'},
	                                     {"format", required_argument, NULL, 'f'}, {"help", no_argument, NULL, 'h'},
	                                     {"futile", required_argument, NULL, 'F'}, {"threads", required_argument, NULL, 'T'},
	                                     {"rest", no_argument, NULL, 'r'},
	                                     {"shard", required_argument, NULL, 'S'},  {0, 0, 0, 0}};
	uint64_t jobs = 0, search_threads = 0; /* 0: not given */
	double time_s = 60;
	uint64_t nodes = 0, hash = 64;
	int fmt = FMT_TEXT, c;
	DfpnFutileRule futile = DFPN_FUTILE_DEFAULT;
	bool rest = false;
	Shard shard = {0, 0};
	while ((c = getopt_long(argc, argv, "j:t:n:H:f:F:T:S:rh", opts, NULL)) != -1) {
		bool ok = true;
		switch (c) {
		case 'r':
			rest = true;
			break;
		case 'S':
			ok = shard_option(PROG, optarg, &shard);
			break;
		case 'F':
			ok = cli_option_futile(PROG, optarg, &futile);
			break;
		case 'j':
			ok = cli_option_uint(PROG, "--jobs", optarg, 1, VERIFY_JOBS_MAX, "jobs", NULL, &jobs);
			break;
		case 'T':
			ok = cli_option_uint(PROG, "--threads", optarg, 1, DFPN_MAX_THREADS, "threads", NULL, &search_threads);
			break;
		case 't':
			ok = cli_option_seconds(PROG, "--time", optarg, 0, VERIFY_TIME_MAX, "0 = no limit", &time_s);
			break;
		case 'n':
			ok = cli_option_uint(PROG, "--nodes", optarg, 0, UINT64_MAX, "nodes", "0 = no limit", &nodes);
			break;
		case 'H':
			ok = cli_option_uint(PROG, "--hash", optarg, 1, VERIFY_HASH_MAX, "megabytes", NULL, &hash);
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				fmt = FMT_TEXT;
			else if (strcmp(optarg, "json") == 0)
				fmt = FMT_JSON;
			else if (strcmp(optarg, "csv") == 0)
				fmt = FMT_CSV;
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
	/* jobs x threads = the cores unless both are given */
	uint64_t cores = (uint64_t)cli_cores();
	if (!jobs)
		jobs = search_threads ? (cores / search_threads ? cores / search_threads : 1) : cores;
	if (!search_threads)
		search_threads = cores / jobs ? cores / jobs : 1;
	if (jobs * search_threads > VERIFY_THREADS_MAX) {
		fprintf(stderr, "tsume verify: --jobs %llu x --threads %llu is %llu search threads; at most %d\n",
		        (unsigned long long)jobs, (unsigned long long)search_threads,
		        (unsigned long long)(jobs * search_threads), VERIFY_THREADS_MAX);
		fputs(VERIFY_USAGE, stderr);
		return EXIT_BADINPUT;
	}

	/* every job's table before any work: a --hash that cannot be allocated
	 * is refused at once, as solve does */
	Worker *workers = calloc((size_t)jobs, sizeof *workers);
	if (!workers) {
		fprintf(stderr, "tsume verify: out of memory\n");
		return EXIT_BADINPUT;
	}
	for (uint64_t i = 0; i < jobs; i++) {
		workers[i].d = dfpn_new((size_t)hash);
		if (workers[i].d && !dfpn_set_futile(workers[i].d, futile)) {
			dfpn_free(workers[i].d); /* reported below as the allocation failure */
			workers[i].d = NULL;
		}
		if (workers[i].d && !dfpn_set_threads(workers[i].d, (int)search_threads)) {
			fprintf(stderr, "tsume verify: cannot start %llu search threads for job %llu (%llu jobs x --threads %llu); "
			                "try fewer --threads or --jobs\n",
			        (unsigned long long)search_threads, (unsigned long long)i + 1, (unsigned long long)jobs,
			        (unsigned long long)search_threads);
			for (uint64_t k = 0; k <= i; k++)
				dfpn_free(workers[k].d);
			free(workers);
			return EXIT_UNKNOWN;
		}
		if (!workers[i].d) {
			fprintf(stderr, "tsume verify: cannot allocate %llu MB for the hash table of job %llu (%llu jobs x --hash %llu MB); "
			                "try a smaller --hash or fewer --jobs\n",
			        (unsigned long long)hash, (unsigned long long)i + 1, (unsigned long long)jobs, (unsigned long long)hash);
			for (uint64_t k = 0; k < i; k++)
				dfpn_free(workers[k].d);
			free(workers);
			return EXIT_UNKNOWN;
		}
	}
	Queue q;
	memset(&q, 0, sizeof q);
	q.nslots = (int)jobs * 2;
	q.slots = calloc((size_t)q.nslots, sizeof(Slot));
	if (!q.slots) {
		fprintf(stderr, "tsume verify: out of memory\n");
		return EXIT_BADINPUT;
	}
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.cv, NULL);
	q.hash_mb = (size_t)hash;
	q.lim.max_time_ms = (int64_t)ceil(time_s * 1000.0);
	q.lim.max_nodes = nodes;
	q.lim.stop = cli_sigint_install(false);

	pthread_t *threads = calloc((size_t)jobs, sizeof(pthread_t));
	for (uint64_t i = 0; i < jobs; i++) {
		workers[i].q = &q;
		pthread_create(&threads[i], NULL, worker, &workers[i]);
	}

	bool tty = isatty(STDERR_FILENO);
	long total = 0;
	if (tty)
		for (int i = optind; i < argc; i++)
			if (strcmp(argv[i], "-") != 0)
				total += count_problems(argv[i], &shard);
	if (fmt == FMT_CSV)
		printf("file,line,result,length,stated,cooks,final_alternatives,leftover,unnecessary,short_variations,undecided,reasons,nodes,"
		       "seconds,stated_verdict\n");

	VerifySummary sum;
	memset(&sum, 0, sizeof sum);
	long input_problems = 0; /* in every shard: "no problem in the input" is about the input */
	double t0 = clock_now();
	Printer pr = {fmt, tty, total, t0, &sum};
	for (int fi = optind; fi < argc && !cli_interrupted(); fi++) {
		const char *file = argv[fi];
		PioError err;
		PioReader *r = pio_open(file, &err);
		if (!r) {
			fprintf(stderr, "%s: %s\n", file, err.message);
			sum.files_unreadable++;
			continue;
		}
		for (;;) {
			if (cli_interrupted())
				break;
			/* wait for a free slot, printing finished ones in order */
			pthread_mutex_lock(&q.mu);
			for (;;) {
				print_done(&q, &pr);
				if (q.tail - q.head < q.nslots)
					break;
				pthread_cond_wait(&q.cv, &q.mu);
			}
			Slot *s = &q.slots[q.tail % q.nslots];
			pthread_mutex_unlock(&q.mu);
			int rc = pio_next(r, &s->problem, &err);
			if (rc == PIO_END)
				break;
			/* a line of another shard, good or bad, is that shard's (a
			 * stream error too, by the line it happened on) */
			long line = rc == PIO_OK ? s->problem.line : err.line;
			input_problems += rc == PIO_OK;
			if (line > 0 && !shard_takes(&shard, (uint64_t)(line - 1))) {
				if (rc == PIO_ERR_STREAM)
					break;
				continue;
			}
			if (rc != PIO_OK) {
				if (tty)
					fprintf(stderr, "\r\033[K");
				if (err.line)
					fprintf(stderr, "%s:%ld: %s\n", file, err.line, err.message);
				else
					fprintf(stderr, "%s: %s\n", file, err.message);
				sum.bad_lines++;
				if (rc == PIO_ERR_STREAM)
					break;
				continue;
			}
			char why[120];
			if (!pio_stated_consistent(&s->problem, why, sizeof why)) {
				if (tty)
					fprintf(stderr, "\r\033[K");
				fprintf(stderr, "%s:%ld: %s\n", file, s->problem.line, why);
				sum.bad_lines++;
				continue;
			}
			int missing = pos_missing_pieces(&s->problem.root);
			if (missing > 0 && rest) {
				pos_give_missing(&s->problem.root, color_flip(s->problem.root.side));
			} else if (missing > 0) {
				if (tty)
					fprintf(stderr, "\r\033[K");
				char where[PATH_MAX + 24];
				snprintf(where, sizeof where, "%s:%ld", file, s->problem.line);
				cli_warn_missing(where, missing);
			}
			s->file = file;
			pthread_mutex_lock(&q.mu);
			s->state = SLOT_READY;
			q.tail++;
			pthread_cond_broadcast(&q.cv);
			pthread_mutex_unlock(&q.mu);
		}
		pio_close(r);
	}
	/* drain */
	pthread_mutex_lock(&q.mu);
	q.closing = true;
	pthread_cond_broadcast(&q.cv);
	for (;;) {
		print_done(&q, &pr);
		if (q.head >= q.tail)
			break;
		pthread_cond_wait(&q.cv, &q.mu);
	}
	pthread_mutex_unlock(&q.mu);
	for (uint64_t i = 0; i < jobs; i++) {
		pthread_join(threads[i], NULL);
		dfpn_free(workers[i].d);
	}
	free(workers);
	if (tty)
		fprintf(stderr, "\r\033[K");
	bool interrupted = cli_interrupted();
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	VerifyRunInfo run = {clock_now() - t0, (int)jobs, ru.ru_maxrss / 1024, interrupted, futile};
	vsum_print(stderr, &sum, &run);
	if (shard.count && fmt == FMT_JSON) {
		/* the shard's summary record ends its report, for tsume merge */
		VerifyRunSpec spec = {shard, argv + optind, argc - optind, time_s, nodes, hash, search_threads, rest};
		vsum_write_record(stdout, &sum, &run, &spec);
		fflush(stdout);
	}
	free(threads);
	free(q.slots);
	if (sum.bad_lines || sum.files_unreadable)
		return EXIT_BADINPUT;
	if (input_problems == 0 && !interrupted) {
		/* an empty collection is a mistake, not a pass (a CI check must not
		 * go green on it) */
		fprintf(stderr, "tsume verify: no problem in the input\n");
		return EXIT_BADINPUT;
	}
	return sum.passed == sum.problems && !interrupted ? EXIT_MATE : EXIT_NOMATE;
}
