/*
 * verify_report.h -- the report line of one problem `tsume verify` checked
 * (verify_cmd.h), as text, JSON or CSV; the summary is verify_summary.h's.
 */
#ifndef TSUME_VERIFY_REPORT_H
#define TSUME_VERIFY_REPORT_H

#include "cli.h"
#include "problemio.h"
#include "verify.h"

#include <stdio.h>

/* Space for the reasons of any result: every cook named (VERIFY_MAX_COOKS of
 * them at most, each "[ply N MOVE mates in M]") and the rest. */
#define VERIFY_REASONS_MAX (4096 + VERIFY_MAX_COOKS * 96)

/* --format */
typedef enum { VERIFY_FORMAT_TEXT, VERIFY_FORMAT_JSON, VERIFY_FORMAT_CSV } VerifyFormat;

/* Writes the header line of the CSV report to out: the names of the fields
 * verify_report_line writes, comma-separated. */
void verify_report_csv_header(FILE *out);

/*
 * Writes the line of one problem to out: problem, read from file (the name
 * shown) and verified as *r (verify_problem), in format fmt; the text and
 * CSV reasons name moves as nt says (verdict_text.h), JSON in USI.  The stated
 * length is the problem's "; mate=N", else the number of its stated moves.
 *   text: "FILE:LINE: PASS|FAIL[ mate N][ (stated M)][: REASONS][ [K other
 *         mating final moves]][ [K shorter variations]]";
 *   JSON: one object: "file", "line", "pass", "length", "stated", the counts
 *         of each check, "undecided", "reasons" and "usi" (arrays of
 *         strings), "cook_list" (every cook: ply, USI move, length), "nodes", "seconds" and the verdict on the stated
 * line (json_add_verdict); CSV:  one row of the fields verify_report_csv_header names, the reasons joined by "; ". The
 * reasons name each failed check (no mate, a bad line, the wrong length and why, 余詰 and every cook, by ply, 駒余り,
 * the unnecessary pieces, an undecided check).  Write errors are left in out's error flag.
 */
void verify_report_line(FILE *out, VerifyFormat fmt, CliNotation nt, const char *file, const PioProblem *problem,
                        const VerifyResult *r);

/* The reasons verify_report_line gives for r, the result on problem (every
 * failed check, with where and why; moves named as nt says), joined by
 * sep, into buf (size bytes, always terminated; cut to fit); "" when r has
 * no failure. */
void verify_report_reasons(const VerifyResult *r, const PioProblem *problem, CliNotation nt, const char *sep, char *buf,
                           size_t size);

#endif
