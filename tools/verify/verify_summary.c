/* verify_summary.c -- the summary of a verify run, as text and as the
 * shard report's summary record (see verify_summary.h). */
#include "verify_summary.h"

#include "cli.h"
#include "json.h"
#include "verify.h"

const char *const VSUM_COUNT_NAME[VSUM_NB] = {"not_mate",  "wrong_length",       "bad_stated_line",
                                              "cook",      "leftover",           "unnecessary",
                                              "undecided", "final_alternatives", "short_variations"};

/* The text summary's label of each count, the Japanese term after some, and
 * the VERIFY_* flag counted. */
static const struct {
	const char *label, *term;
	unsigned flag;
} COUNT[VSUM_NB] = {
    [VSUM_NOT_MATE] = {"no mate", NULL, VERIFY_NOT_MATE},
    [VSUM_WRONG_LENGTH] = {"wrong length", NULL, VERIFY_WRONG_LENGTH},
    [VSUM_BAD_STATED_LINE] = {"stated line not a mating line", NULL, VERIFY_BAD_LINE},
    [VSUM_COOK] = {"cook before the final move", "余詰", VERIFY_COOK},
    [VSUM_LEFTOVER] = {"pieces left in hand at the end", "駒余り", VERIFY_LEFTOVER},
    [VSUM_UNNECESSARY] = {"unnecessary piece", NULL, VERIFY_UNNECESSARY},
    [VSUM_UNDECIDED] = {"a check undecided (limits)", "未決", VERIFY_UNDECIDED},
    [VSUM_FINAL_ALT] = {"info: other mating final moves", NULL, VERIFY_FINAL_ALT},
    [VSUM_SHORT_VAR] = {"info: shorter variations", NULL, VERIFY_SHORT_VAR},
};

void vsum_add(VerifySummary *s, unsigned flags, uint64_t nodes)
{
	s->problems++;
	s->passed += verify_passed(flags);
	s->undecided += verify_undecided(flags);
	s->nodes += nodes;
	for (int i = 0; i < VSUM_NB; i++)
		s->count[i] += !!(flags & COUNT[i].flag);
}

void vsum_merge(VerifySummary *a, const VerifySummary *b)
{
	a->problems += b->problems;
	a->passed += b->passed;
	a->undecided += b->undecided;
	a->bad_lines += b->bad_lines;
	a->files_unreadable += b->files_unreadable;
	a->nodes += b->nodes;
	for (int i = 0; i < VSUM_NB; i++)
		a->count[i] += b->count[i];
}

void vsum_print(FILE *f, const VerifySummary *s, const VerifyRunInfo *run)
{
	char unreadable[48] = "";
	if (s->files_unreadable)
		snprintf(unreadable, sizeof unreadable, ", %ld file%s unreadable", s->files_unreadable,
		         s->files_unreadable == 1 ? "" : "s");
	char undecided[40] = "";
	if (s->undecided)
		snprintf(undecided, sizeof undecided, ", %ld undecided", s->undecided);
	fprintf(f, "\n%s summary: %ld problem%s, %ld passed, %ld failed%s, %ld bad line%s%s%s\n",
	        run->interrupted ? "partial" : "verify", s->problems, s->problems == 1 ? "" : "s", s->passed,
	        s->problems - s->passed - s->undecided, undecided, s->bad_lines, s->bad_lines == 1 ? "" : "s",
	        unreadable, run->interrupted ? " (interrupted)" : "");
	if (s->problems == 0) /* nothing checked: no table of zeros */
		return;
	for (int i = 0; i < VSUM_NB; i++) {
		fprintf(f, "  %-34s %6ld", COUNT[i].label, s->count[i]);
		if (COUNT[i].term)
			fprintf(f, "  %s", COUNT[i].term);
		fputc('\n', f);
	}
	fprintf(f, "  %.2f s, %.1f problems/s, %d job%s, %llu nodes, peak RSS %ld MB, futile rule %s\n", run->seconds,
	        run->seconds > 0 ? (double)s->problems / run->seconds : 0, run->jobs, run->jobs == 1 ? "" : "s",
	        (unsigned long long)s->nodes, run->peak_rss_mb, dfpn_futile_name(run->futile));
}

void vsum_write_record(FILE *f, const VerifySummary *s, const VerifyRunInfo *run, const VerifyRunSpec *spec)
{
	char shard[48];
	snprintf(shard, sizeof shard, "%llu/%llu", (unsigned long long)spec->shard.index,
	         (unsigned long long)spec->shard.count);
	cJSON *o = cJSON_CreateObject();
	bool ok = json_add_name(o, "shard", shard);
	cJSON *files = cJSON_AddArrayToObject(o, "files");
	ok &= files != NULL;
	for (int i = 0; i < spec->nfiles; i++)
		ok &= json_append_string(files, spec->files[i]);
	ok &= json_add_name(o, "futile", dfpn_futile_name(run->futile));
	ok &= json_add_bool(o, "rest", spec->rest);
	ok &= json_add_double(o, "time_limit", spec->time_limit);
	ok &= json_add_uint(o, "node_limit", spec->node_limit);
	ok &= json_add_uint(o, "hash_mb", spec->hash_mb);
	ok &= json_add_uint(o, "threads", spec->threads);
	ok &= json_add_int(o, "jobs", run->jobs);
	ok &= json_add_long(o, "problems", s->problems);
	ok &= json_add_long(o, "passed", s->passed);
	ok &= json_add_long(o, "failed", s->problems - s->passed - s->undecided);
	ok &= json_add_long(o, "undecided_problems", s->undecided);
	ok &= json_add_long(o, "bad_lines", s->bad_lines);
	ok &= json_add_long(o, "files_unreadable", s->files_unreadable);
	for (int i = 0; i < VSUM_NB; i++)
		ok &= json_add_long(o, VSUM_COUNT_NAME[i], s->count[i]);
	ok &= json_add_uint(o, "nodes", s->nodes);
	ok &= json_add_fixed(o, "seconds", run->seconds, 3);
	ok &= json_add_long(o, "peak_rss_mb", run->peak_rss_mb);
	ok &= json_add_bool(o, "interrupted", run->interrupted);
	json_write_line(f, o, ok, "tsume verify");
}
