/*
 * merge.c -- `tsume merge` (see merge.h): verify reports here; generate
 * outputs in generate_merge.c.
 */
#include "merge.h"

#include "cli.h"
#include "generate_merge.h"
#include "json.h"
#include "shard.h"
#include "verify_summary.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PROG "tsume merge"

#define MERGE_USAGE                                                                                                    \
	"usage: tsume merge " MERGE_ARGS "\n"                                                                          \
	"  REPORT.json  the reports of tsume verify --shard I/N --format json, one per shard: written as one\n"        \
	"               run's report (input order), the summary of all on stderr\n"                                    \
	"  SHARD.sfen   the outputs of tsume generate --shard I/N, one per shard: written as one run's output\n"       \
	"  --jobs J     threads for the slots no generate shard searched (default: the number of cores)\n"             \
	"exit status: as one run of verify or generate would end; 2 also for inputs that are not the shards of\n"      \
	"             one run (a message says why)\n"

/* A problem's record in a verify report. */
typedef struct {
	char *text; /* the line as read, without its newline */
	char *file; /* "file", decoded */
	long line;  /* "line" */
	bool pass;
	int report;     /* which report */
	int file_index; /* position of file among the run's inputs */
} Record;

/* A verify report: its summary record. */
typedef struct {
	const char *path;
	bool has_summary;
	long summary_line;
	Shard shard;
	char **files;
	int nfiles;
	DfpnFutileRule futile;
	double time_limit, seconds;
	uint64_t node_limit, hash_mb, threads, jobs, peak_rss_mb;
	bool interrupted;
	bool rest; /* --rest */
	VerifySummary sum;
	long records, records_passed;
} Report;

typedef struct {
	Record *rec;
	size_t n, cap;
} Records;

/* A member of a summary record, decoded; false with a message if it is
 * missing or of the wrong kind. */
static bool member_uint(const cJSON *m, const char *key, uint64_t *out, const Report *r)
{
	if (json_uint(json_get(m, key), out))
		return true;
	fprintf(stderr, PROG ": %s:%ld: the summary record has no whole number \"%s\"\n", r->path, r->summary_line,
	        key);
	return false;
}

static bool member_long(const cJSON *m, const char *key, long *out, const Report *r)
{
	uint64_t v;
	if (!member_uint(m, key, &v, r))
		return false;
	*out = (long)v;
	return true;
}

static bool member_double(const cJSON *m, const char *key, double *out, const Report *r)
{
	if (json_double(json_get(m, key), out))
		return true;
	fprintf(stderr, PROG ": %s:%ld: the summary record has no number \"%s\"\n", r->path, r->summary_line, key);
	return false;
}

/* Reads a verify summary record (verify_summary.h), the object m, into r. */
static bool read_summary(const cJSON *m, Report *r)
{
	bool ok = true;
	const cJSON *files = json_get(m, "files");
	const char *text = json_string(json_get(m, "shard"));
	if (!text || !shard_parse(text, &r->shard)) {
		fprintf(stderr, PROG ": %s:%ld: the summary record's \"shard\" is not \"I/N\"\n", r->path,
		        r->summary_line);
		return false;
	}
	text = json_string(json_get(m, "futile"));
	if (!text || !dfpn_futile_parse(text, &r->futile)) {
		fprintf(stderr, PROG ": %s:%ld: the summary record's \"futile\" is not a rule\n", r->path,
		        r->summary_line);
		return false;
	}
	bool listed = cJSON_IsArray(files);
	for (const cJSON *e = listed ? files->child : NULL; e; e = e->next) {
		const char *name = json_string(e);
		char *copy = name ? strdup(name) : NULL;
		char **grown = copy ? realloc(r->files, ((size_t)r->nfiles + 1) * sizeof *grown) : NULL;
		if (!grown) {
			free(copy);
			listed = false;
			break;
		}
		r->files = grown;
		r->files[r->nfiles++] = copy;
	}
	if (!listed || r->nfiles == 0) {
		fprintf(stderr, PROG ": %s:%ld: the summary record's \"files\" is not a list of file names\n", r->path,
		        r->summary_line);
		return false;
	}
	long failed = 0;
	uint64_t nodes = 0;
	ok = member_double(m, "time_limit", &r->time_limit, r) && member_uint(m, "node_limit", &r->node_limit, r) &&
	     member_uint(m, "hash_mb", &r->hash_mb, r) && member_uint(m, "threads", &r->threads, r) &&
	     member_uint(m, "jobs", &r->jobs, r) && member_long(m, "problems", &r->sum.problems, r) &&
	     member_long(m, "passed", &r->sum.passed, r) && member_long(m, "failed", &failed, r) &&
	     member_long(m, "undecided_problems", &r->sum.undecided, r) &&
	     member_long(m, "bad_lines", &r->sum.bad_lines, r) &&
	     member_long(m, "files_unreadable", &r->sum.files_unreadable, r) && member_uint(m, "nodes", &nodes, r) &&
	     member_double(m, "seconds", &r->seconds, r) && member_uint(m, "peak_rss_mb", &r->peak_rss_mb, r);
	for (int i = 0; i < VSUM_NB && ok; i++)
		ok = member_long(m, VSUM_COUNT_NAME[i], &r->sum.count[i], r);
	r->sum.nodes = nodes;
	if (ok && !json_bool(json_get(m, "rest"), &r->rest)) {
		fprintf(stderr, PROG ": %s:%ld: the summary record has no true or false \"rest\"\n", r->path,
		        r->summary_line);
		ok = false;
	}
	if (ok && !json_bool(json_get(m, "interrupted"), &r->interrupted)) {
		fprintf(stderr, PROG ": %s:%ld: the summary record has no true or false \"interrupted\"\n", r->path,
		        r->summary_line);
		ok = false;
	}
	if (ok && failed != r->sum.problems - r->sum.passed - r->sum.undecided) {
		fprintf(
		    stderr,
		    PROG
		    ": %s:%ld: the summary record's counts do not add up (%ld problems, %ld passed, %ld failed, %ld "
		    "undecided)\n",
		    r->path, r->summary_line, r->sum.problems, r->sum.passed, failed, r->sum.undecided);
		ok = false;
	}
	return ok;
}

/* The longest line of a report merge reads (a record of verify's JSON: its
 * main line of up to 4,096 moves and its reasons fit many times over); a
 * longer line is refused, read past in constant memory. */
#define MERGE_LINE_MAX (1 << 20)

/* The record of line lineno of report r (its text buf, the object m)
 * added to recs, from shard index.  Returns false after a message (not a
 * record of verify's JSON, out of memory). */
static bool add_record(Report *r, int index, Records *recs, const char *buf, const cJSON *m, long lineno)
{
	const char *file = json_string(json_get(m, "file"));
	uint64_t line;
	bool pass;
	if (!file || !json_uint(json_get(m, "line"), &line) || line < 1 || line > (uint64_t)LONG_MAX ||
	    !json_bool(json_get(m, "pass"), &pass)) {
		fprintf(stderr,
		        PROG
		        ": %s:%ld: not a record of tsume verify --format json (a \"file\" name, a \"line\" number and "
		        "\"pass\" true or false)\n",
		        r->path, lineno);
		return false;
	}
	char *name = strdup(file);
	if (!name) {
		fprintf(stderr, PROG ": out of memory\n");
		return false;
	}
	if (recs->n == recs->cap) {
		size_t cap = recs->cap ? recs->cap * 2 : 1024;
		Record *grown = realloc(recs->rec, cap * sizeof *grown);
		if (!grown) {
			free(name);
			fprintf(stderr, PROG ": out of memory\n");
			return false;
		}
		recs->rec = grown;
		recs->cap = cap;
	}
	Record *rec = &recs->rec[recs->n];
	*rec = (Record){strdup(buf), name, (long)line, pass, index, -1};
	if (!rec->text) {
		free(name);
		fprintf(stderr, PROG ": out of memory\n");
		return false;
	}
	recs->n++;
	r->records++;
	r->records_passed += pass;
	return true;
}

/* Reads one report: its records into recs, its summary record into r. */
static bool read_report(Report *r, int index, Records *recs)
{
	FILE *f = fopen(r->path, "r");
	if (!f) {
		fprintf(stderr, PROG ": %s: cannot open: %s\n", r->path, strerror(errno));
		return false;
	}
	char err[160];
	size_t len, nul;
	long lineno = 0;
	bool ok = true;
	char *buf = malloc(MERGE_LINE_MAX + 1);
	if (!buf) {
		fprintf(stderr, PROG ": out of memory\n");
		fclose(f);
		return false;
	}
	while (ok && cli_read_line(f, buf, MERGE_LINE_MAX + 1, &len, &nul)) {
		lineno++;
		if (len > MERGE_LINE_MAX || nul) {
			fprintf(stderr, PROG ": %s:%ld: not a line of a tsume verify --format json report: %s\n",
			        r->path, lineno, nul ? "a NUL byte" : "longer than 1 MB");
			ok = false;
			break;
		}
		if (buf[strspn(buf, " \t\r")] == '\0')
			continue;
		if (r->has_summary) {
			fprintf(stderr,
			        PROG ": %s:%ld: a line after the summary record (line %ld): one report a file\n",
			        r->path, lineno, r->summary_line);
			ok = false;
			break;
		}
		cJSON *m = json_read_object(buf, len, err, sizeof err);
		if (!m) {
			fprintf(stderr, PROG ": %s:%ld: not a line of a tsume verify --format json report: %s\n",
			        r->path, lineno, err);
			ok = false;
			break;
		}
		if (json_get(m, "shard")) {
			r->has_summary = true;
			r->summary_line = lineno;
			ok = read_summary(m, r);
		} else {
			ok = add_record(r, index, recs, buf, m, lineno);
		}
		cJSON_Delete(m);
	}
	if (ok && ferror(f)) {
		fprintf(stderr, PROG ": %s: read error: %s\n", r->path, strerror(errno));
		ok = false;
	}
	if (ok && !r->has_summary) {
		fprintf(stderr,
		        PROG
		        ": %s: no summary record at the end: not the report of a finished tsume verify --shard I/N "
		        "--format json run (was it cut short?)\n",
		        r->path);
		ok = false;
	}
	free(buf);
	fclose(f);
	return ok;
}

/* The reports are the shards of one run: the same inputs and options. */
static bool same_run(const Report *a, const Report *b)
{
	const char *what = NULL;
	if (a->shard.count != b->shard.count)
		what = "N of --shard I/N";
	else if (a->nfiles != b->nfiles)
		what = "input files";
	for (int i = 0; !what && i < a->nfiles; i++)
		if (strcmp(a->files[i], b->files[i]) != 0)
			what = "input files";
	if (!what && a->futile != b->futile)
		what = "--futile";
	else if (!what && a->time_limit != b->time_limit)
		what = "--time";
	else if (!what && a->node_limit != b->node_limit)
		what = "--nodes";
	else if (!what && a->hash_mb != b->hash_mb)
		what = "--hash";
	else if (!what && a->rest != b->rest)
		what = "--rest";
	if (what)
		fprintf(stderr, PROG ": %s and %s are not shards of one verify run: they differ in %s\n", b->path,
		        a->path, what);
	return !what;
}

/* Checks the reports together: one run, every shard once, no input twice. */
static bool check_shards(const Report *rep, int n)
{
	for (int i = 0; i < n; i++) {
		if (rep[i].interrupted) {
			fprintf(stderr,
			        PROG ": %s: shard %" PRIu64 "/%" PRIu64
			             " was interrupted (Ctrl-C): its report is partial; run it again\n",
			        rep[i].path, rep[i].shard.index, rep[i].shard.count);
			return false;
		}
		if (rep[i].records != rep[i].sum.problems || rep[i].records_passed != rep[i].sum.passed) {
			fprintf(stderr,
			        PROG ": %s: %ld record%s (%ld passed), but its summary record counts %ld problems (%ld "
			             "passed)\n",
			        rep[i].path, rep[i].records, rep[i].records == 1 ? "" : "s", rep[i].records_passed,
			        rep[i].sum.problems, rep[i].sum.passed);
			return false;
		}
		if (i > 0 && !same_run(&rep[0], &rep[i]))
			return false;
		for (int j = 0; j < i; j++)
			if (rep[j].shard.index == rep[i].shard.index) {
				fprintf(stderr, PROG ": %s and %s are both shard %" PRIu64 "/%" PRIu64 "\n",
				        rep[j].path, rep[i].path, rep[i].shard.index, rep[i].shard.count);
				return false;
			}
	}
	for (int i = 0; i < rep[0].nfiles; i++)
		for (int j = 0; j < i; j++)
			if (strcmp(rep[0].files[i], rep[0].files[j]) == 0) {
				fprintf(stderr, PROG ": the run names %s twice: its lines cannot be told apart\n",
				        rep[0].files[i]);
				return false;
			}
	uint64_t shards = rep[0].shard.count;
	if ((uint64_t)n < shards) {
		/* n < shards <= SHARD_COUNT_MAX: find the first missing index */
		for (uint64_t s = 0; s < shards; s++) {
			int i = 0;
			while (i < n && rep[i].shard.index != s)
				i++;
			if (i == n) {
				fprintf(stderr,
				        PROG ": shard %" PRIu64 "/%" PRIu64 " is missing (%d of %" PRIu64
				             " reports given)\n",
				        s, shards, n, shards);
				return false;
			}
		}
	}
	return true;
}

/* Gives each record its input's position and checks that it is a line of its
 * shard, in order. */
static bool place_records(Records *recs, const Report *rep)
{
	int file = 0, last = -1;
	long last_line = 0;
	for (size_t k = 0; k < recs->n; k++) {
		Record *rec = &recs->rec[k];
		const Report *r = &rep[rec->report];
		if (rec->report != last) {
			last = rec->report;
			file = 0;
			last_line = 0;
		}
		int f = file;
		while (f < r->nfiles && strcmp(r->files[f], rec->file) != 0)
			f++;
		if (f == r->nfiles) {
			bool elsewhere = false;
			for (int i = 0; i < file; i++)
				elsewhere |= strcmp(r->files[i], rec->file) == 0;
			fprintf(stderr, PROG ": %s: the record of %s line %ld %s\n", r->path, rec->file, rec->line,
			        elsewhere ? "is out of input order" : "is of a file the run does not name");
			return false;
		}
		if (f == file && rec->line <= last_line) {
			fprintf(stderr, PROG ": %s: the record of %s line %ld is out of input order\n", r->path,
			        rec->file, rec->line);
			return false;
		}
		if (!shard_takes(&r->shard, (uint64_t)(rec->line - 1))) {
			fprintf(stderr, PROG ": %s: %s line %ld is not a line of shard %" PRIu64 "/%" PRIu64 "\n",
			        r->path, rec->file, rec->line, r->shard.index, r->shard.count);
			return false;
		}
		rec->file_index = file = f;
		last_line = rec->line;
	}
	return true;
}

static int record_order(const void *a, const void *b)
{
	const Record *x = a, *y = b;
	if (x->file_index != y->file_index)
		return x->file_index < y->file_index ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

static int merge_reports(int n, char **paths)
{
	Report *rep = calloc((size_t)n, sizeof *rep);
	Records recs = {NULL, 0, 0};
	bool ok = rep != NULL;
	if (!ok)
		fprintf(stderr, PROG ": out of memory\n");
	for (int i = 0; i < n && ok; i++) {
		rep[i].path = paths[i];
		ok = read_report(&rep[i], i, &recs);
	}
	ok = ok && check_shards(rep, n) && place_records(&recs, rep);
	if (ok)
		qsort(recs.rec, recs.n, sizeof *recs.rec, record_order);
	for (size_t k = 1; ok && k < recs.n; k++)
		if (record_order(&recs.rec[k - 1], &recs.rec[k]) == 0) {
			fprintf(stderr, PROG ": %s line %ld is in both %s and %s\n", recs.rec[k].file, recs.rec[k].line,
			        rep[recs.rec[k - 1].report].path, rep[recs.rec[k].report].path);
			ok = false;
		}
	int rc = EXIT_BADINPUT;
	if (ok) {
		for (size_t k = 0; k < recs.n; k++)
			printf("%s\n", recs.rec[k].text);
		fflush(stdout);
		VerifySummary sum;
		memset(&sum, 0, sizeof sum);
		VerifyRunInfo run = {0, 0, 0, false, rep[0].futile};
		long unreadable = 0;
		double seconds = 0;
		for (int i = 0; i < n; i++) {
			vsum_merge(&sum, &rep[i].sum);
			/* each shard tries every file: an unreadable one is counted once */
			unreadable =
			    rep[i].sum.files_unreadable > unreadable ? rep[i].sum.files_unreadable : unreadable;
			run.seconds = rep[i].seconds > run.seconds ? rep[i].seconds : run.seconds;
			seconds += rep[i].seconds;
			run.jobs += (int)rep[i].jobs;
			run.peak_rss_mb =
			    (long)rep[i].peak_rss_mb > run.peak_rss_mb ? (long)rep[i].peak_rss_mb : run.peak_rss_mb;
		}
		sum.files_unreadable = unreadable;
		vsum_print(stderr, &sum, &run);
		fprintf(stderr,
		        "  merged from %d shard%s: %.2f s the longest shard, %.2f s all together; jobs summed, the "
		        "largest peak "
		        "RSS\n",
		        n, n == 1 ? "" : "s", run.seconds, seconds);
		if (sum.bad_lines || sum.files_unreadable)
			rc = EXIT_BADINPUT;
		else if (sum.problems == 0) {
			fprintf(stderr, PROG ": no problem in the input\n");
			rc = EXIT_BADINPUT;
		} else
			rc = sum.passed + sum.undecided < sum.problems ? EXIT_NOMATE
			     : sum.undecided                           ? EXIT_UNKNOWN
			                                               : EXIT_MATE;
	}
	for (size_t k = 0; k < recs.n; k++) {
		free(recs.rec[k].text);
		free(recs.rec[k].file);
	}
	free(recs.rec);
	for (int i = 0; rep && i < n; i++) {
		for (int j = 0; j < rep[i].nfiles; j++)
			free(rep[i].files[j]);
		free(rep[i].files);
	}
	free(rep);
	return rc;
}

/* The first byte of path that is not blank (-1 at the end, -2 if it cannot
 * be read). */
static int first_byte(const char *path)
{
	gzFile gz = gzopen(path, "rb");
	if (!gz) {
		if (!errno)
			errno = ENOMEM; /* zlib's own failure: no errno of the system's */
		return -2;
	}
	int c;
	while ((c = gzgetc(gz)) != -1 && strchr(" \t\r\n", c))
		;
	gzclose(gz);
	return c;
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"jobs", required_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {0, 0, 0, 0}};
	uint64_t jobs = (uint64_t)cli_cores();
	int c;
	while ((c = getopt_long(argc, argv, "j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			if (!cli_option_uint(PROG, "--jobs", optarg, 1, 256, "threads", NULL, &jobs)) {
				fputs(MERGE_USAGE, stderr);
				return EXIT_BADINPUT;
			}
			break;
		case 'h':
			fputs(MERGE_USAGE, stdout);
			return EXIT_MATE;
		default:
			fputs(MERGE_USAGE, stderr);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fputs(MERGE_USAGE, stderr);
		return EXIT_BADINPUT;
	}
	int first = first_byte(argv[optind]);
	if (first == -2) {
		fprintf(stderr, PROG ": %s: cannot open: %s\n", argv[optind], strerror(errno));
		return EXIT_BADINPUT;
	}
	if (first == '{')
		return merge_reports(argc - optind, argv + optind);
	return gen_shard_merge(argc - optind, argv + optind, jobs);
}
