/*
 * verify_summary.h -- the summary of a `tsume verify` run: its counts, the
 * text verify prints on stderr at the end, and the summary record that ends
 * a `verify --shard I/N --format json` report.  tsume merge (merge.h) reads
 * such records back and prints the summary of the shards together.
 *
 * The summary record, one JSON object on the report's last line:
 *
 *   {"shard":"0/2","files":["a.sfen","b.sfen"],"futile":"nogain","rest":false,
 *    "time_limit":60,"node_limit":0,"hash_mb":64,"threads":1,"jobs":1,
 *    "problems":500,"passed":491,"failed":8,"undecided_problems":1,"bad_lines":0,
 *    "files_unreadable":0,
 *    "not_mate":0,...,"short_variations":12,"nodes":123456,"seconds":3.214,
 *    "peak_rss_mb":70,"interrupted":false}
 *
 * "files" are the inputs as given, in order; the counts after
 * "files_unreadable" are those of VSUM_COUNT_NAME, in that order.
 */
#ifndef TSUME_VERIFY_SUMMARY_H
#define TSUME_VERIFY_SUMMARY_H

#include "dfpn.h"
#include "shard.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Problems with a finding, one count each (VSUM_COUNT_NAME, VSUM_COUNT_LABEL). */
enum {
	VSUM_NOT_MATE,
	VSUM_WRONG_LENGTH,
	VSUM_BAD_STATED_LINE,
	VSUM_COOK,
	VSUM_LEFTOVER,
	VSUM_UNNECESSARY,
	VSUM_UNDECIDED,
	VSUM_FINAL_ALT,
	VSUM_SHORT_VAR,
	VSUM_NB
};

/* The key of each count in the summary record: "not_mate", "wrong_length",
 * "bad_stated_line", "cook", "leftover", "unnecessary", "undecided",
 * "final_alternatives", "short_variations". */
extern const char *const VSUM_COUNT_NAME[VSUM_NB];

typedef struct {
	long problems, passed, bad_lines, files_unreadable;
	long undecided;      /* problems undecided (verify_undecided): neither passed nor failed */
	long count[VSUM_NB]; /* problems with each finding */
	uint64_t nodes;
} VerifySummary;

/* How the run went: what the summary's last line and the summary record say
 * besides the counts. */
typedef struct {
	double seconds;   /* wall time of the run */
	int jobs;         /* --jobs */
	long peak_rss_mb; /* peak resident memory */
	bool interrupted; /* stopped by Ctrl-C: the counts are of the problems done */
	DfpnFutileRule futile;
} VerifyRunInfo;

/* Counts one verified problem (passed, failed or undecided), with the flags of its VerifyResult
 * (solver/verify/verify.h) and its nodes. */
void vsum_add(VerifySummary *s, unsigned flags, uint64_t nodes);

/* Adds b's counts and nodes to a's. */
void vsum_merge(VerifySummary *a, const VerifySummary *b);

/* Prints the summary as verify ends with it, to f: a blank line,
 * "verify summary: N problems, P passed, F failed[, U undecided], B bad lines"
 * ("partial summary: ... (interrupted)" when run->interrupted; ", U files
 * unreadable" when there are), then, when a problem was checked, one line
 * per count and
 * "  S s, R problems/s, J jobs, N nodes, peak RSS M MB, futile rule R". */
void vsum_print(FILE *f, const VerifySummary *s, const VerifyRunInfo *run);

/* The options that decide a run's verdicts, recorded in the summary record
 * so that tsume merge joins only shards of one run. */
typedef struct {
	Shard shard;
	char *const *files; /* the inputs as given */
	int nfiles;
	double time_limit;   /* --time, seconds (0 = none) */
	uint64_t node_limit; /* --nodes (0 = none) */
	uint64_t hash_mb;    /* --hash */
	uint64_t threads;    /* --threads */
	bool rest;           /* --rest */
} VerifyRunSpec;

/* Writes the summary record (above) and a newline to f. */
void vsum_write_record(FILE *f, const VerifySummary *s, const VerifyRunInfo *run, const VerifyRunSpec *spec);

#endif
