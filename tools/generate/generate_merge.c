/* generate_merge.c -- the merge of the shards of a generate run (see
 * generate_merge.h). */
#include "generate_merge.h"

#include "cli.h"
#include "generate.h"
#include "generate_shard.h"
#include "number.h"
#include "problemio.h"
#include "sfen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <zlib.h>

#define PROG "tsume merge"

/* One shard's output, as read. */
typedef struct {
	const char *path;
	GenOptions o; /* the run's options and the shard */
	uint64_t covered;
} ShardFile;

/* Reads a shard's last line (text after "# ") into sf; false if it is not
 * one that gen_shard_trailer writes, with valid options. */
static bool parse_trailer(const char *text, ShardFile *sf)
{
	GenOptions *o = &sf->o;
	char level[16], futile[16];
	int end = -1;
	memset(o, 0, sizeof *o);
	if (sscanf(text,
	           GEN_SHARD_TRAILER_PREFIX "%" SCNu64 "/%" SCNu64 ": slots below %" SCNu64 " searched ; mate=%" SCNu64
	                                    " ; count=%" SCNu64 " ; seed=%" SCNu64
	                                    " ; pieces=%d-%d ; level=%15[a-z] ; futile=%15[a-z]%n",
	           &o->shard.index, &o->shard.count, &sf->covered, &o->mate, &o->count, &o->seed, &o->min_pieces,
	           &o->max_pieces, level, futile, &end) != 10 ||
	    end < 0 || text[end] != '\0')
		return false;
	o->level = gen_level_parse(level);
	if (o->level < 0 || !dfpn_futile_parse(futile, &o->futile))
		return false;
	if (o->shard.count < 1 || o->shard.count > SHARD_COUNT_MAX || o->shard.index >= o->shard.count || o->mate < 1 ||
	    o->mate > GEN_MAX_N || o->mate % 2 == 0 || o->count < 1 || o->count > GEN_COUNT_MAX || o->min_pieces < 3 ||
	    o->min_pieces > 10 || o->max_pieces < o->min_pieces || o->max_pieces > 40 ||
	    sf->covered > gen_slot_budget(o->count))
		return false;
	char again[256]; /* the canonical text: no leading zeros, blanks or signs */
	gen_shard_trailer(again, sizeof again, o, sf->covered);
	return strcmp(again, text) == 0;
}

/* The first pass over a shard's file: its last non-blank line must be the
 * shard's closing line, and the only one. */
static bool read_trailer(ShardFile *sf)
{
	gzFile gz = gzopen(sf->path, "rb");
	if (!gz) {
		fprintf(stderr, PROG ": %s: cannot open\n", sf->path);
		return false;
	}
	enum { SIZE = PIO_LINE_MAX + 2 };
	char *buf = malloc(SIZE), *last = malloc(SIZE);
	long lineno = 0, last_no = 0, trailers = 0;
	bool at_start = true, ok = buf && last;
	if (!ok)
		fprintf(stderr, PROG ": out of memory\n");
	while (ok && gzgets(gz, buf, SIZE)) {
		size_t len = strlen(buf);
		bool whole = len > 0 && buf[len - 1] == '\n';
		if (at_start) {
			lineno++;
			buf[strcspn(buf, "\r\n")] = '\0';
			if (strncmp(buf, "# " GEN_SHARD_TRAILER_PREFIX, strlen("# " GEN_SHARD_TRAILER_PREFIX)) == 0)
				trailers++;
			if (buf[strspn(buf, " \t")] != '\0') {
				memcpy(last, buf, strlen(buf) + 1);
				last_no = lineno;
			}
		}
		at_start = whole; /* the rest of a long line is not a line */
	}
	int errnum = Z_OK;
	const char *msg = gzerror(gz, &errnum);
	if (ok && errnum != Z_OK && errnum != Z_STREAM_END) {
		if (errnum == Z_ERRNO)
			fprintf(stderr, PROG ": %s: read error: %s\n", sf->path, strerror(errno));
		else
			fprintf(stderr, PROG ": %s: %s\n", sf->path, msg);
		ok = false;
	} else if (ok && (last_no == 0 ||
	                  strncmp(last, "# " GEN_SHARD_TRAILER_PREFIX, strlen("# " GEN_SHARD_TRAILER_PREFIX)) != 0)) {
		fprintf(
		    stderr,
		    PROG
		    ": %s: neither a report of tsume verify --shard I/N --format json (JSON, a summary record at the "
		    "end) nor the whole output of tsume generate --shard I/N (a '# " GEN_SHARD_TRAILER_PREFIX
		    "I/N: ...' line "
		    "at the end; was the run cut short?)\n",
		    sf->path);
		ok = false;
	} else if (ok && trailers > 1) {
		fprintf(stderr, PROG ": %s: %ld '# " GEN_SHARD_TRAILER_PREFIX "' lines: one shard's output a file\n",
		        sf->path, trailers);
		ok = false;
	} else if (ok && !parse_trailer(last + 2, sf)) {
		fprintf(stderr, PROG ": %s:%ld: not a closing line that tsume generate --shard writes: '%s'\n",
		        sf->path, last_no, last);
		ok = false;
	}
	free(buf);
	free(last);
	gzclose(gz);
	return ok;
}

/* Two shards belong to one run: the same options and the same N. */
static bool same_run(const GenOptions *a, const GenOptions *b)
{
	return a->shard.count == b->shard.count && a->mate == b->mate && a->count == b->count && a->seed == b->seed &&
	       a->min_pieces == b->min_pieces && a->max_pieces == b->max_pieces && a->level == b->level &&
	       a->futile == b->futile;
}

/* A problem line of a shard as its GenProblem q and slot; false, with a
 * message, if the shard could not have written it. */
static bool take_problem(const ShardFile *sf, const PioProblem *p, uint64_t prev_slot, bool first, GenProblem *q,
                         uint64_t *slot)
{
	const GenOptions *o = &sf->o;
	const char *v_slot = pio_meta_get(p, "slot"), *v_nodes = pio_meta_get(p, "nodes"),
	           *v_diff = pio_meta_get(p, "difficulty");
	long checks = -1, sacrifice = -1, quiet = -1;
	memset(q, 0, sizeof *q);
	bool ok = v_slot && v_nodes && v_diff && num_parse_uint(v_slot, 0, UINT64_MAX, slot) &&
	          num_parse_uint(v_nodes, 0, UINT64_MAX, &q->nodes) &&
	          cli_parse_seconds(v_diff, 0, 1e9, &q->difficulty) && pio_meta_int(p, "checks", &checks) &&
	          pio_meta_int(p, "sacrifice", &sacrifice) && pio_meta_int(p, "quiet", &quiet) && sacrifice <= 1 &&
	          quiet <= 1 && p->n_moves == (int)o->mate;
	if (ok) {
		q->found = true;
		q->nmoves = p->n_moves;
		memcpy(q->moves, p->moves, sizeof(Move) * (size_t)p->n_moves);
		q->checks = (int)checks;
		q->sacrifice = sacrifice == 1;
		q->quiet = quiet == 1;
		sfen_format(&p->root, q->sfen, sizeof q->sfen);
		char meta[256];
		gen_format_meta(meta, sizeof meta, q, o->seed, *slot);
		const char *given = strstr(p->text, " ; ");
		ok = given && strcmp(given + 3, meta) == 0;
	}
	if (!ok) {
		fprintf(stderr,
		        PROG ": %s:%ld: not a problem line of this tsume generate run (mate=%" PRIu64 ", seed=%" PRIu64
		             ")\n",
		        sf->path, p->line, o->mate, o->seed);
		return false;
	}
	if (*slot % o->shard.count != o->shard.index || *slot >= sf->covered || (!first && *slot <= prev_slot)) {
		fprintf(stderr,
		        PROG ": %s:%ld: slot %" PRIu64 " is not the next slot of shard %" PRIu64 "/%" PRIu64
		             " (its slots are %" PRIu64 ", %" PRIu64 " ... below %" PRIu64 ", in order)\n",
		        sf->path, p->line, *slot, o->shard.index, o->shard.count, o->shard.index,
		        o->shard.index + o->shard.count, sf->covered);
		return false;
	}
	return true;
}

/* The second pass: the shard's problems into known. */
static bool read_problems(const ShardFile *sf, GenKnown *known, size_t *nproblems, size_t *cap)
{
	PioError err;
	PioReader *r = pio_open(sf->path, &err);
	PioProblem *p = malloc(sizeof *p);
	bool ok = r && p, first = true;
	if (!r)
		fprintf(stderr, PROG ": %s: %s\n", sf->path, err.message);
	uint64_t prev = 0, slot;
	int rc;
	while (ok && (rc = pio_next(r, p, &err)) != PIO_END) {
		GenProblem q;
		if (rc != PIO_OK) {
			fprintf(stderr, PROG ": %s:%ld: %s\n", sf->path, err.line, err.message);
			ok = false;
		} else if ((ok = take_problem(sf, p, prev, first, &q, &slot))) {
			if (*nproblems == *cap) {
				size_t ncap = *cap ? *cap * 2 : 256;
				GenProblem *grown = realloc(known->problems, ncap * sizeof *grown);
				if (!grown) {
					fprintf(stderr, PROG ": out of memory\n");
					ok = false;
					break;
				}
				known->problems = grown;
				*cap = ncap;
			}
			known->problems[*nproblems] = q;
			known->at[slot] = (int32_t)(*nproblems)++;
			prev = slot;
			first = false;
		}
	}
	free(p);
	pio_close(r);
	return ok;
}

int gen_shard_merge(int n, char **files, uint64_t jobs)
{
	ShardFile *sf = calloc((size_t)n, sizeof *sf);
	if (!sf) {
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_BADINPUT;
	}
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		sf[i].path = files[i];
		ok = read_trailer(&sf[i]);
	}
	uint64_t shards = ok ? sf[0].o.shard.count : 0;
	const char **given = ok ? calloc((size_t)shards, sizeof *given) : NULL;
	if (ok && !given) {
		fprintf(stderr, PROG ": out of memory\n");
		ok = false;
	}
	for (int i = 0; i < n && ok; i++) {
		const GenOptions *o = &sf[i].o;
		if (!same_run(o, &sf[0].o)) {
			char a[256], b[256];
			gen_shard_trailer(a, sizeof a, o, sf[i].covered);
			gen_shard_trailer(b, sizeof b, &sf[0].o, sf[0].covered);
			fprintf(stderr, PROG ": %s and %s are not shards of one generate run:\n  %s\n  %s\n",
			        sf[i].path, sf[0].path, a, b);
			ok = false;
		} else if (given[o->shard.index]) {
			fprintf(stderr, PROG ": %s and %s are both shard %" PRIu64 "/%" PRIu64 "\n",
			        given[o->shard.index], sf[i].path, o->shard.index, shards);
			ok = false;
		} else {
			given[o->shard.index] = sf[i].path;
		}
	}
	for (uint64_t s = 0; s < shards && ok; s++)
		if (!given[s]) {
			fprintf(stderr,
			        PROG ": shard %" PRIu64 "/%" PRIu64 " is missing (%d of %" PRIu64 " shards given)\n", s,
			        shards, n, shards);
			ok = false;
		}
	free(given);
	GenKnown known = {shards, 0, NULL, NULL};
	size_t nproblems = 0, cap = 0;
	if (ok) {
		known.nslots = gen_slot_budget(sf[0].o.count);
		known.at = malloc(known.nslots * sizeof *known.at);
		if (!known.at) {
			fprintf(stderr, PROG ": out of memory\n");
			ok = false;
		}
	}
	for (uint64_t s = 0; ok && s < known.nslots; s++)
		known.at[s] = GEN_SLOT_UNSEARCHED;
	for (int i = 0; i < n && ok; i++) {
		for (uint64_t s = sf[i].o.shard.index; s < sf[i].covered; s += shards)
			known.at[s] = GEN_SLOT_EMPTY; /* searched; a problem found there is read next */
		ok = read_problems(&sf[i], &known, &nproblems, &cap);
	}
	int rc = EXIT_BADINPUT;
	if (ok) {
		GenOptions o = sf[0].o;
		o.shard = (Shard){0, 0};
		o.jobs = jobs < o.count ? jobs : o.count;
		rc = gen_run(&o, &known, PROG);
	}
	free(known.at);
	free(known.problems);
	free(sf);
	return rc;
}
