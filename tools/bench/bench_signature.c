/*
 * bench_signature.c -- the bench signature (bench_signature.h): the
 * problems of its file read and checked, each solved (and verified) on a
 * cleared table, the checksum of the lines and the nodes in all.
 */
#include "bench_signature.h"

#include "cli.h"
#include "clock.h"
#include "dfpn.h"
#include "sfen.h"
#include "verify.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Scratch space of a run, allocated once: a Position holds its whole history
 * (about 165 KB); static storage would be mapped by every tsume process. */
typedef struct {
	Position pos, end;
	DfpnResult res;
	VerifyResult vr;
	Move given[DFPN_MAX_PV];
} SigScratch;

/* FNV-1a over the bytes of one value: the checksum of lengths and lines. */
static uint64_t fnv_add(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 0x100000001b3ull;
	}
	return h;
}

typedef struct {
	Dfpn *d;
	SigScratch *sc;
	int count;
	uint64_t nodes; /* the signature */
	uint64_t lines; /* checksum of every status, length, flag and line */
	double seconds;
	bool verbose;
} Signature;

/* Solves one problem under the futile rule `rule` (and, with given != NULL,
 * verifies it against its stated line) on a cleared table, adds its nodes
 * and line to the signature and prints one line. */
static void sig_one(Signature *sg, const char *name, const Position *root, DfpnFutileRule rule, bool first,
                    const Move *given, int given_len)
{
	const DfpnResult *res = &sg->sc->res;
	VerifyResult *vr = &sg->sc->vr;
	dfpn_set_futile(sg->d, rule);
	dfpn_clear(sg->d);
	double t0 = clock_now();
	DfpnLimits lim = {.first_mate_only = first};
	dfpn_solve(sg->d, root, &lim, &sg->sc->res);
	uint64_t nodes = res->nodes;
	uint64_t h = fnv_add(0xcbf29ce484222325ull, (uint64_t)res->status);
	h = fnv_add(h, (uint64_t)res->len);
	h = fnv_add(h, (uint64_t)res->len_minimal << 1 | (uint64_t)res->pv_verified);
	for (int i = 0; i < res->pv_len; i++)
		h = fnv_add(h, (uint64_t)res->pv[i]);
	unsigned vflags = 0;
	if (given) {
		VerifySpec spec = {.stated_len = given_len, .given = given, .given_len = given_len};
		dfpn_clear(sg->d);
		vflags = verify_problem(sg->d, root, &spec, NULL, vr);
		dfpn_set_futile(sg->d, DFPN_FUTILE_DEFAULT);
		nodes += vr->nodes;
		h = fnv_add(h, vflags);
		h = fnv_add(h, (uint64_t)vr->len << 32 | (uint64_t)vr->cooks << 16 | (uint64_t)vr->unnecessary);
	}
	double dt = clock_now() - t0;
	sg->count++;
	sg->nodes += nodes;
	sg->lines = fnv_add(sg->lines, h);
	sg->seconds += dt;
	if (sg->verbose) {
		const char *st = res->status == DFPN_MATE ? "mate" : res->status == DFPN_NOMATE ? "nomate" : "unknown";
		printf("%-28s %-7s %4d %12llu nodes  line %016llx", name, st, res->len, (unsigned long long)nodes,
		       (unsigned long long)h);
		if (given)
			printf("  verify flags %#x", vflags);
		printf("  %.3f s\n", dt);
	}
}

/* One row of the problem file: "NAME \t solve|first|verify \t RULE \t SFEN
 * [moves M1 ... MN]" (bench.h), its fields cut in place. */
typedef struct {
	const char *name, *sfen;
	bool verify, first;
	DfpnFutileRule rule;
	long lineno;
} SigRow;

/* Reads the fields of the row `line` (its end of line removed) into *row and
 * checks them with sc's scratch positions: the SFEN parses, a verify row's
 * stated line plays, a solve row has none.  Returns true, or false with the
 * reason in why (size bytes). */
static bool sig_parse_row(char *line, SigRow *row, SigScratch *sc, char *why, size_t size)
{
	char *field[4];
	char *p = line;
	for (int n = 0; n < 4; n++) {
		field[n] = p;
		p = strchr(p, '\t');
		if (n < 3 && !p) {
			snprintf(why, size, "not 4 tab-separated fields (name, solve|first|verify, futile rule, SFEN)");
			return false;
		}
		if (n < 3)
			*p++ = '\0';
	}
	if (p) {
		snprintf(why, size, "more than 4 tab-separated fields");
		return false;
	}
	row->name = field[0];
	row->sfen = field[3];
	if (!*row->name) {
		snprintf(why, size, "an empty name");
		return false;
	}
	if (strcmp(field[1], "solve") == 0 || strcmp(field[1], "first") == 0 || strcmp(field[1], "verify") == 0) {
		row->verify = field[1][0] == 'v';
		row->first = field[1][0] == 'f';
	} else {
		snprintf(why, size, "the mode '%.40s' is none of solve, first and verify", field[1]);
		return false;
	}
	if (strcmp(field[2], "default") == 0) {
		row->rule = DFPN_FUTILE_DEFAULT;
	} else if (!dfpn_futile_parse(field[2], &row->rule)) {
		snprintf(why, size, "the futile rule '%.40s' is not default, none, narrow, broad, nogain or answered",
		         field[2]);
		return false;
	}
	SfenError err;
	const char *moves = NULL;
	if (sfen_parse_root(&sc->pos, row->sfen, &err, &moves) != SFEN_OK) {
		snprintf(why, size, "%s", err.message);
		return false;
	}
	if (!cli_defender_has_king(&sc->pos, why, size))
		return false;
	if (!row->verify && moves) {
		snprintf(why, size, "a %s row with moves (a stated line is for verify)",
		         row->first ? "first" : "solve");
		return false;
	}
	if (row->verify && !moves) {
		snprintf(why, size, "a verify row without its stated line (moves M1 ... MN)");
		return false;
	}
	if (row->verify) {
		sc->end = sc->pos;
		int n = sfen_play_moves(&sc->end, moves, 0, sc->given, DFPN_MAX_PV, &err);
		if (n <= 0) {
			snprintf(why, size, "%s", n < 0 ? err.message : "an empty stated line");
			return false;
		}
	}
	return true;
}

/* The rows of a problem file, read and checked before any search. */
typedef struct {
	char **lines; /* the rows' text, cut into fields */
	SigRow *rows;
	int n, cap;
} SigFile;

static void sig_file_free(SigFile *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->lines[i]);
	free(f->lines);
	free(f->rows);
}

/* Reads and checks every row of path into *f (opt: the option named in
 * messages).  Returns true, or false after a message on stderr (the file,
 * or FILE:LINE and the reason for a bad row; a file without a row). */
static bool sig_file_read(const char *opt, const char *path, SigFile *f, SigScratch *sc)
{
	memset(f, 0, sizeof *f);
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "tsume bench %s: %s: %s\n", opt, path, strerror(errno));
		return false;
	}
	char *line = malloc(PIO_LINE_MAX + 1);
	size_t len, nul;
	long lineno = 0;
	bool ok = line != NULL;
	if (!ok)
		fprintf(stderr, "tsume bench %s: out of memory\n", opt);
	while (ok && cli_read_line(in, line, PIO_LINE_MAX + 1, &len, &nul)) {
		lineno++;
		if (len > PIO_LINE_MAX || nul) {
			fprintf(stderr, "tsume bench %s: %s:%ld: %s\n", opt, path, lineno,
			        nul ? "a NUL byte in the row" : "a row longer than 65,536 bytes");
			ok = false;
			break;
		}
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0'; /* "\r\n"; a CR elsewhere stays, and its field is refused */
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (f->n == f->cap) {
			int cap = f->cap ? 2 * f->cap : 128;
			char **lines = realloc(f->lines, sizeof *lines * (size_t)cap);
			if (lines)
				f->lines = lines;
			SigRow *rows = lines ? realloc(f->rows, sizeof *rows * (size_t)cap) : NULL;
			if (rows)
				f->rows = rows;
			if (!lines || !rows) {
				fprintf(stderr, "tsume bench %s: out of memory\n", opt);
				ok = false;
				break;
			}
			f->cap = cap;
		}
		char *text = strdup(line);
		if (!text) {
			fprintf(stderr, "tsume bench %s: out of memory\n", opt);
			ok = false;
			break;
		}
		f->lines[f->n] = text;
		SigRow *row = &f->rows[f->n++];
		row->lineno = lineno;
		char why[256];
		if (!sig_parse_row(text, row, sc, why, sizeof why)) {
			fprintf(stderr, "tsume bench %s: %s:%ld: %s\n", opt, path, lineno, why);
			ok = false;
		}
	}
	if (ok && ferror(in)) {
		fprintf(stderr, "tsume bench %s: %s: read error: %s\n", opt, path, strerror(errno));
		ok = false;
	}
	if (ok && f->n == 0) {
		fprintf(stderr, "tsume bench %s: %s: no problem in the file\n", opt, path);
		ok = false;
	}
	free(line);
	fclose(in);
	if (!ok)
		sig_file_free(f);
	return ok;
}

const char *bench_signature_file(const char *file, char *buf, size_t size)
{
	/* the directory of the running binary */
	char exe[4096];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0 && (size_t)len < sizeof exe - 1) {
		exe[len] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			static const char *const REL[] = {"/problems/", "/../problems/", "/../share/tsume/problems/"};
			for (size_t i = 0; i < sizeof REL / sizeof *REL; i++) {
				int n = snprintf(buf, size, "%s%s%s", exe, REL[i], file);
				if (n > 0 && (size_t)n < size && access(buf, R_OK) == 0)
					return buf;
			}
		}
	}
	snprintf(buf, size, "problems/%s", file);
	return buf;
}

const BenchSignatureKind BENCH_SIGNATURE = {"--signature", BENCH_SIGNATURE_FILE, BENCH_SIGNATURE_MB, "Lines", "Bench"};
const BenchSignatureKind BENCH_LONG_SIGNATURE = {"--long-signature", BENCH_LONG_SIGNATURE_FILE, BENCH_LONG_SIGNATURE_MB,
                                                 "Long lines", "Long bench"};

int bench_signature(const char *path, const BenchSignatureKind *kind, size_t hash_mb, bool verbose)
{
	const char *file = kind->file;
	char found[4096 + 64];
	if (!path && access(bench_signature_file(file, found, sizeof found), R_OK) != 0) {
		fprintf(stderr,
		        "tsume bench %s: %s not found (looked in problems/, ../problems/ and "
		        "../share/tsume/problems/ from the binary's directory, and in ./problems/); --problems FILE "
		        "names it\n",
		        kind->option, file);
		return 1;
	}
	if (!path)
		path = found;
	Signature sg = {.d = dfpn_new(hash_mb),
	                .sc = malloc(sizeof(SigScratch)),
	                .lines = 0xcbf29ce484222325ull,
	                .verbose = verbose};
	SigFile f;
	if (!sg.d || !sg.sc || !sig_file_read(kind->option, path, &f, sg.sc)) {
		if (!sg.d)
			fprintf(stderr, "tsume bench %s: cannot allocate a %zu MB table; try a smaller --hash\n",
			        kind->option, hash_mb);
		else if (!sg.sc)
			fprintf(stderr, "tsume bench %s: out of memory\n", kind->option);
		dfpn_free(sg.d);
		free(sg.sc);
		return 1;
	}
	Position *root = &sg.sc->pos, *end = &sg.sc->end;
	for (int i = 0; i < f.n; i++) {
		const SigRow *row = &f.rows[i];
		const char *moves = NULL;
		int n = 0;
		sfen_parse_root(root, row->sfen, NULL, &moves); /* checked by sig_file_read */
		if (row->verify) {
			*end = *root;
			n = sfen_play_moves(end, moves, 0, sg.sc->given, DFPN_MAX_PV, NULL);
		}
		sig_one(&sg, row->name, root, row->rule, row->first, n > 0 ? sg.sc->given : NULL, n);
	}
	sig_file_free(&f);
	dfpn_free(sg.d);
	free(sg.sc);
	printf("%d problems, %.1f s, %.0f nodes/s\n", sg.count, sg.seconds,
	       sg.seconds > 0 ? (double)sg.nodes / sg.seconds : 0);
	printf("%s: %016llx\n", kind->lines_label, (unsigned long long)sg.lines);
	printf("%s: %llu\n", kind->bench_label, (unsigned long long)sg.nodes);
	return 0;
}
