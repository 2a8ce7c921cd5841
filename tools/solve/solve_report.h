/*
 * solve_report.h -- the output of one `tsume solve` result (solve.h): the
 * text report, the JSON line and the KIF kifu.
 */
#ifndef TSUME_SOLVE_REPORT_H
#define TSUME_SOLVE_REPORT_H

#include "cli.h"
#include "dfpn.h"
#include "multipv.h"
#include "verify.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

/* One solved problem, as the reports show it. */
typedef struct {
	const Position *root;       /* the position solved, at ply 0 */
	const Move *given;          /* the answer given with the problem: given_len moves from root */
	int given_len;              /* 0 = none given */
	const DfpnResult *res;      /* the search's result on root */
	const VerifyStated *stated; /* the verdict on the given answer (read when given_len > 0) */
	const char *sfen;           /* root as SFEN ("" when it could not be written) */
	const char *kif;            /* the main line res->pv in KIF notation ("" when none) */
	CliNotation notation;      /* how the text and KIF reports name the moves of the given answer and its verdict */
	bool defender_rest;        /* a KIF without a line for the defender's hand: the rest given to it */
	const VerifyResult *check; /* the composer's checks on the main line judged (verify_answer on a
	                              given answer of the mate's length, else 駒余り on ours); NULL: none */
	bool check_on_given;       /* check was made on the given answer (a mating line of the mate's
	                              length), not on our main line */
	int multipv;               /* --multipv (1: no first moves asked for) */
	bool firsts;               /* the first moves were searched (not after an unknown main result) */
	const DfpnFirst *first;    /* the first moves shown, best first (dfpn_first_moves) */
	int first_n;               /* their number */
	int checks;                /* the first moves there are (the checks of root) */
	uint64_t first_nodes;      /* the nodes of their searches (the main solve's aside) */
	double first_seconds;      /* and their wall time */
	int end_replies;           /* the defender's replies left at the end of the main line, each
	                              futile under the rule (futile_end.h); 0: a plain mate */
	int end_n_squares;         /* the squares they go to: their number, the first 8 in USI */
	char end_squares[8][3];
	DfpnFutileRule rule; /* the rule the search counted under */
} SolveReport;

/* Writes the text report of r to out: the board (with diagram), "sfen
 * SFEN", the result ("mate N" and why its minimality is not proven,
 * "nomate", "unknown (REASON)"), a given answer, where our main line departs
 * from it and the verdict on it (their moves named as r->notation says), the main line in USI and KIF (or why there
 * is none or it is not verified), the first moves asked for (--multipv: each
 * with its result, line in USI and KIF, a line that ends in futile
 * interpositions, and nodes; the nodes and time of their searches), a line that ends in
 * check with futile replies only (無駄合: where and how many), and the search figures.  Write errors are
 * left in out's error flag. */
void solve_report_text(FILE *out, const SolveReport *r, bool diagram);

/* Writes r to out as one JSON object on a line: "file" (when file is not
 * NULL: the file the problem came from, "-" for standard input), "line"
 * (when lineno is not 0), "input" (the problem as given), "sfen", "result", "length", "minimal",
 * "line_verified", "usi", "kif", a given answer and its verdict
 * (json_add_verdict), "nodes", "seconds", "nps", "hashfull", "reason",
 * "futile" (the name of rule futile), "threads", "futile_end" (the
 * interpositions left at the end of the line, futile under the rule: 0 for
 * a plain mate, null without a line) and "futile_end_squares" (USI
 * squares), and with --multipv "checks", "multipv": [{"move", "result",
 * "length", "minimal", "usi", "kif", "futile_end", "nodes", "reason"}, ...]
 * best first, "multipv_nodes" and "multipv_seconds" (null each when the
 * main result is unknown).  Write errors are left in out's error flag. */
void solve_report_json(FILE *out, const SolveReport *r, const char *input, const char *file, long lineno,
                       DfpnFutileRule futile);

/* Writes r to out as a KIF kifu with its variations (solve_kif.h), at most
 * `variations` a defender move, searched on d's table (d solved r->root;
 * stop, when set, ends them, may be NULL); a given answer's verdict in a
 * comment (its move named as r->notation says).  Returns 0, or -1 after the message "tsume: OUT_NAME: write
 * error" or "... out of memory" on stderr. */
int solve_report_kif(FILE *out, const char *out_name, Dfpn *d, const SolveReport *r, int variations, atomic_bool *stop);

#endif
