/*
 * merge.h -- `tsume merge FILE...`: joins the outputs of the shards of one
 * run (--shard I/N, tools/batch/shard.h) into the output of one run.
 *
 *   - `tsume verify --shard I/N --format json` reports: the problems'
 *     records, read strictly (tools/common/json.h, cJSON), are written in input order
 *     (file, then line) to standard output, as one run writes them, and the
 *     summary of all the shards to stderr (tools/verify/verify_summary.h).  Each
 *     report must end with its summary record; the shards must be of one run
 *     (the same files, N, --futile, --time, --nodes and --hash), each shard
 *     given once and none missing, each record a line of its shard, none
 *     twice, none interrupted.
 *   - `tsume generate --shard I/N` outputs: the problem lines of one run
 *     (tools/generate/generate_merge.h).
 *
 * The kind is told by the first file's first byte that is not blank: '{' is
 * a verify report.
 */
#ifndef TSUME_MERGE_H
#define TSUME_MERGE_H

/* The arguments after "tsume merge", as usage texts show them. */
#define MERGE_ARGS "REPORT.json...|SHARD.sfen... [--jobs J]"

/* Runs the merge sub-command; returns the exit status: for verify reports,
 * the one run's (0 every problem passed, 1 some failed or undecided, 2 a bad
 * line or an unreadable file in the shards' input, or no problem at all);
 * for generate outputs, generate's (0 all K written, 1 fewer, 130
 * interrupted); 2 also for a usage error and for inputs it refuses (a
 * message "tsume merge: ..." on stderr, nothing on stdout). */
int cmd_merge(int argc, char **argv);

#endif
