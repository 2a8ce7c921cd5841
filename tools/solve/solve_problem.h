/*
 * solve_problem.h -- `tsume solve`'s work on one problem: read it, solve it,
 * check a stated answer, write the result (text, JSON or KIF); the problems
 * of a file one after the other; and the same for a caller that is not the
 * command line (the web page: solve_request).  solve.c reads the options and
 * calls these.
 */
#ifndef TSUME_SOLVE_PROBLEM_H
#define TSUME_SOLVE_PROBLEM_H

#include "cli.h"
#include "dfpn.h"
#include "multipv.h"
#include "verify.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

/* The progress line on a terminal: one line on stderr, rewritten in place
 * (\r, then "erase to end of line"), from the first second of a search on. */
typedef struct {
	bool shown;
} SolveProgress;

/* A problem read from one line. */
typedef struct {
	Position root;           /* the position to solve, at ply 0 */
	Move given[POS_MAX_PLY]; /* the answer given with the problem, if any */
	int given_len;           /* its length; 0 = none given */
	int missing;             /* pieces (kings aside) on no square and in no hand, before --rest */
} SolveProblem;

/* The space one problem needs, on the heap (a Position holds its whole
 * history, about 165 KB), reused from problem to problem. */
typedef struct {
	SolveProblem pb;
	DfpnResult res;
	VerifyResult check;    /* the composer's checks on the main line judged */
	DfpnFirst *first;      /* --multipv: the first moves, best first (NULL when 1) */
	Position start, after; /* the line's position before and after its moves */
} SolveWork;

/* --format */
typedef enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_KIF } SolveFormat;

typedef struct {
	Dfpn *d;
	DfpnLimits lim;
	SolveProgress progress;
	SolveFormat format;
	CliNotation notation; /* --notation: how text and KIF verdicts name moves */
	bool rest, quiet;
	int variations;       /* --variations (KIF) */
	int multipv;          /* --multipv: first moves shown (1: the main line only) */
	int printed;          /* problems printed so far (text and KIF separate them by a blank line) */
	const char *out_path; /* -o FILE; NULL or "-" = standard output */
	FILE *out;            /* opened at the first result (a bad problem leaves no file) */
	SolveWork *w;
	int file_stated;  /* the length a KIF or CSA file states where its moves differ (0: none) */
	bool file_kifu;   /* the problem is a KIF or CSA file's: its moves are its answer */
	bool file_rest;   /* a KIF without a line for the defender's hand: the rest given to it */
	int max_problems; /* solve_file reads at most this many problems of a file (0: all) */
} SolveCtx;

/* As DfpnLimits.progress with arg a SolveProgress: the progress line on
 * stderr ("\r... nodes ... hashfull ...", rewritten in place), from the
 * search's first second on. */
void solve_progress_line(void *arg, uint64_t nodes, double seconds, int hashfull);
/* Erases the progress line p showed, if any. */
void solve_progress_clear(SolveProgress *p);

/* Solves one problem line (ctx's settings; "; key=value" metadata, a
 * "# comment" and a UTF-8 byte-order mark are not part of the problem,
 * problemio.h) and writes its result.  where: the "FILE:LINE" of messages
 * (NULL: "tsume"); file and lineno for JSON.  Returns the exit status for
 * this problem (cli.h). */
int solve_one(SolveCtx *ctx, const char *line, const char *where, const char *file, long lineno);

/* Solves every problem of a problem file (problemio.h: problem lines, plain
 * or gzip, or one KIF or CSA file, told by name or content), bad lines
 * reported with their line numbers and the rest solved.  Returns the worst
 * exit status, EXIT_BADINPUT also for a file that cannot be read or holds
 * no problem. */
int solve_file(SolveCtx *ctx, const char *path);

/* What a caller other than the command line asks of solve_request. */
typedef struct {
	DfpnFutileRule futile; /* the futile-interposition rule */
	uint64_t hash_mb;      /* table size, megabytes (1..1048576) */
	double time_s;         /* seconds per problem, 0 = no limit */
	bool rest;             /* the pieces in nobody's hand go to the defender */
	atomic_bool *stop;     /* set by the caller to stop the search (the result keeps the line held); may be NULL */
	/* called about every 100 ms on the search's thread with the solver and
	 * the position it solves (for dfpn_held: the line proven so far), the
	 * nodes, the seconds and the table's fill (per mille); may be NULL */
	void (*progress)(void *arg, const Dfpn *d, const Position *root, uint64_t nodes, double seconds, int hashfull);
	void *progress_arg;
} SolveRequest;

/* Solves the first problem of the file path as `tsume solve --format json
 * --threads 1 FILE` does, with rq's settings, writing one JSON object a
 * problem to out (left open) and messages to stderr.  Returns the exit
 * status (cli.h); EXIT_UNKNOWN when the table cannot be had. */
int solve_request(const SolveRequest *rq, const char *path, FILE *out);

#endif
