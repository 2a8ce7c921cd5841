/*
 * sheet_cmd.c -- `tsume sheet FILE...` (sheet_cmd.h): the problem
 * collections read, each problem checked as `tsume verify` checks it
 * (check.h, verify_problem) and left out when its answer key would be
 * wrong, the rest numbered; the options.  The page is sheet_write's
 * (sheet.c).
 */
#include "sheet_cmd.h"

#include "check.h"
#include "cli.h"
#include "final_move.h"
#include "notation.h"
#include "problemio.h"
#include "sfen.h"
#include "sheet.h"
#include "verify_report.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHEET_USAGE                                                                                                    \
	"usage: tsume sheet FILE... [-o OUT.html] [--title T] [--usi] [--rest] [--no-check] [--time S] [--nodes N]\n"  \
	"                   [--hash MB] [--futile " CLI_FUTILE_NAMES "]\n"
#define SHEET_HELP                                                                                                     \
	SHEET_USAGE                                                                                                    \
	"  FILE          problem lines 'SFEN [moves ...] [; mate=N ...]', plain or gzip, or KIF/CSA files\n"           \
	"                ('-' = stdin); every problem that passes becomes a numbered diagram, in file order\n"         \
	"  -o, --output  the HTML page (default standard output); never one of the inputs\n"                           \
	"  -t, --title   the page's title (default: " SHEET_DEFAULT_TITLE ")\n"                                        \
	"  --usi         the answers also in USI, with each problem's SFEN (for programs)\n"                           \
	"  --rest        give the pieces in nobody's hand to the defender (else a warning names each problem)\n"       \
	"  --no-check    print every problem as given, unchecked\n"                                                    \
	"  --time S      time limit of the check of one problem in seconds, 0 = no limit (default 60)\n"               \
	"  --nodes N     node limit of the check of one problem (default none)\n"                                      \
	"  --hash MB     hash table of the checks (default 64)\n"                                                      \
	"  --futile R    the futile-interposition rule: none, narrow, broad, nogain (default) or answered\n"           \
	"Each problem is checked as tsume verify checks it: against its stated answer (its moves and/or\n"             \
	"mate=N) or, with none stated, solved, the proven-minimal solution being the answer.  A problem\n"             \
	"with no mate, the wrong length, a stated line that is not a mating line, a cook (余詰) or a check\n"        \
	"left undecided within the limits is named on stderr with its verdict and left out; 駒余り,\n"              \
	"unnecessary pieces and other mating final moves do not leave a problem out.\n"                                \
	"The answers, in Japanese notation, are on a page of their own.  Every other final move\n"                     \
	"that mates is listed (最終手 ▲２一飛 なども可); a final move after which the defender\n"          \
	"could still interpose (a futile drop, not counted) gives way to one that leaves no legal\n"                   \
	"move, when there is one.\n"                                                                                   \
	"exit status: 0 every problem printed, 1 some problem left out (the rest printed; none left: no\n"             \
	"             sheet), 2 a bad line, no problem, or an output error (no sheet written), 3 a --hash\n"           \
	"             table that cannot be had, 130 interrupted (no sheet written)\n"

/* The problems read so far, with the strings they point to. */
typedef struct {
	SheetProblem *items;
	size_t n, cap;
} SheetList;

static void list_free(SheetList *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free((char *)l->items[i].sfen);
		free((char *)l->items[i].moves);
		free((char *)l->items[i].final_alts);
		free((char *)l->items[i].title);
		free((char *)l->items[i].author);
	}
	free(l->items);
}

/* moves[0..n) as space-separated USI, in a new string (NULL: no memory). */
static char *usi_text(const Move *moves, int n)
{
	char *text = malloc((size_t)n * 6 + 1);
	if (!text)
		return NULL;
	size_t k = 0;
	text[0] = '\0';
	for (int i = 0; i < n; i++) {
		char u[6];
		k += (size_t)sprintf(text + k, "%s%s", i ? " " : "", usi_format(moves[i], u));
	}
	return text;
}

/* A copy of the metadata value of key (NULL when there is none, or no memory). */
static char *meta_copy(const PioProblem *prob, const char *key)
{
	const char *v = pio_meta_get(prob, key);
	return v && v[0] ? strdup(v) : NULL;
}

/* Appends the problem prob (its root) with the answer moves[0..n), the
 * length mate and the other final moves alts[0..n_alts); returns false when
 * memory runs out. */
static bool list_add(SheetList *l, const PioProblem *prob, const Move *moves, int n, int mate, const Move *alts,
                     int n_alts)
{
	const Position *root = &prob->root;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		SheetProblem *items = realloc(l->items, cap * sizeof *items);
		if (!items)
			return false;
		l->items = items;
		l->cap = cap;
	}
	char *sfen = malloc(160), *text = usi_text(moves, n), *alt = usi_text(alts, n_alts);
	SheetProblem sp = {.sfen = sfen,
	                   .moves = text,
	                   .mate = mate,
	                   .number = (int)(l->n + 1),
	                   .final_alts = alt,
	                   .title = meta_copy(prob, "title"),
	                   .author = meta_copy(prob, "author")};
	if (!sfen || !text || !alt || (pio_meta_get(prob, "title") && !sp.title) ||
	    (pio_meta_get(prob, "author") && !sp.author)) {
		free(sfen);
		free(text);
		free(alt);
		free((char *)sp.title);
		free((char *)sp.author);
		return false;
	}
	if (sfen_format(root, sfen, 160) < 0)
		sfen[0] = '\0';
	l->items[l->n++] = sp;
	return true;
}

/* The failures that leave a problem out of a sheet: its answer key would be
 * wrong (no mate, the wrong length, a stated line that is no mating line),
 * not unique (余詰) or not known to be right (undecided).  駒余り and
 * unnecessary pieces are flaws of the composition, not of the answer. */
#define SHEET_LEAVE_OUT (VERIFY_NOT_MATE | VERIFY_WRONG_LENGTH | VERIFY_BAD_LINE | VERIFY_COOK | VERIFY_UNDECIDED)

/* The options of one run. */
typedef struct {
	const char *out_path, *title;
	bool rest, check, usi;
	CheckOptions limits; /* of the checks */
} SheetOptions;

/* The checks of a run: the search context, the limits, the last result. */
typedef struct {
	Dfpn *d;
	DfpnLimits lim;
	VerifyResult res;
	FinalMoves final;
	long left_out;
} SheetCheck;

#define PROG "tsume sheet"

/* The long options without a letter, and the names check_option takes. */
enum { OPT_NO_CHECK = 256, OPT_USI, OPT_TIME, OPT_NODES, OPT_HASH, OPT_FUTILE };
static const char *const LIMIT_OPTS[] = {"--time", "--nodes", "--hash", "--futile"};

/* Parses argv into *o; returns -1 when the run is to go on, else the exit
 * status to end with (0 after --help, EXIT_BADINPUT after a message). */
static int sheet_parse(int argc, char **argv, SheetOptions *o)
{
	static const struct option opts[] = {{"output", required_argument, NULL, 'o'},
	                                     {"title", required_argument, NULL, 't'},
	                                     {"rest", no_argument, NULL, 'r'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {"no-check", no_argument, NULL, OPT_NO_CHECK},
	                                     {"time", required_argument, NULL, OPT_TIME},
	                                     {"nodes", required_argument, NULL, OPT_NODES},
	                                     {"hash", required_argument, NULL, OPT_HASH},
	                                     {"futile", required_argument, NULL, OPT_FUTILE},
	                                     {"usi", no_argument, NULL, OPT_USI},
	                                     {0, 0, 0, 0}};
	*o = (SheetOptions){.check = true, .limits = CHECK_OPTIONS_DEFAULT};
	int c;
	while ((c = getopt_long(argc, argv, "o:t:rh", opts, NULL)) != -1) {
		bool ok = true;
		if (c == 'r')
			o->rest = true;
		else if (c == 'o')
			o->out_path = optarg;
		else if (c == 't') {
			if (!*optarg) {
				fprintf(
				    stderr,
				    "tsume sheet: --title is empty: give the page's title, or leave the option out\n");
				return EXIT_BADINPUT;
			}
			o->title = optarg;
		} else if (c == OPT_NO_CHECK)
			o->check = false;
		else if (c == OPT_USI)
			o->usi = true;
		else if (c >= OPT_TIME && c <= OPT_FUTILE)
			ok = check_option(PROG, LIMIT_OPTS[c - OPT_TIME], optarg, &o->limits);
		else if (c == 'h') {
			fputs(SHEET_HELP, stdout);
			return 0;
		} else {
			fprintf(stderr, SHEET_USAGE);
			return EXIT_BADINPUT;
		}
		if (!ok) {
			fputs(SHEET_USAGE "(tsume sheet --help: the options)\n", stderr);
			return EXIT_BADINPUT;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "tsume: sheet needs a problem file\n" SHEET_USAGE);
		return EXIT_BADINPUT;
	}
	return -1;
}

/* Checks problem prob (read from path) as verify does; returns true when it
 * goes on the sheet, with its answer and length in ck->res (line, len),
 * false after naming it on stderr with its verdict. */
static bool sheet_check(SheetCheck *ck, const char *path, const PioProblem *prob)
{
	VerifySpec spec = check_spec(prob);
	VerifyResult *r = &ck->res;
	verify_problem(ck->d, &prob->root, &spec, &ck->lim, r);
	char why[1024];
	if (cli_interrupted())
		return false; /* the run ends without a sheet */
	if (r->flags & SHEET_LEAVE_OUT) {
		verify_report_reasons(r, prob, CLI_NOTATION_JA, "; ", why, sizeof why);
	} else if (r->line_len != r->len) {
		/* cannot happen for a proven-minimal mate: its main line is whole */
		snprintf(why, sizeof why, "no main line of %d pl%s to print", r->len, r->len == 1 ? "y" : "ies");
	} else {
		return true;
	}
	char head[64] = "";
	if (r->len && spec.stated_len >= 0)
		snprintf(head, sizeof head, " (mate %d, stated %d)", r->len, spec.stated_len);
	else if (r->len)
		snprintf(head, sizeof head, " (mate %d)", r->len);
	else if (spec.stated_len >= 0)
		snprintf(head, sizeof head, " (stated %d)", spec.stated_len);
	fprintf(stderr, "%s:%ld: left out%s: %s\n", path, prob->line, head, why);
	ck->left_out++;
	return false;
}

/* The final move of the key ck->res.line of a problem that passed, as a
 * teacher marks by it: every other final move that mates goes to
 * ck->final.alt (the count returned, -1 when memory runs out); when the
 * key's final move leaves the defender a legal reply (an interposition the
 * futile rule does not count) and another leaves none, that one becomes
 * the key's and the key's joins the others. */
static int sheet_final(SheetCheck *ck, const PioProblem *prob)
{
	VerifyResult *r = &ck->res;
	FinalMoves *f = &ck->final;
	if (r->line_len < 1)
		return 0;
	if (!final_judge(ck->d, &prob->root, r->line, r->line_len, &ck->lim, f))
		return -1;
	if (f->replies > 0 && f->plain_alts > 0) {
		int i = 0;
		while (!f->alt_plain[i])
			i++;
		Move key = r->line[r->line_len - 1];
		r->line[r->line_len - 1] = f->alt[i];
		/* the key's move takes the place of the new one, so the list stays
		 * in the order of the move generator but for that one */
		f->alt[i] = key;
		f->alt_plain[i] = false;
	}
	return f->alts;
}

/* Reads the problems of one file into l, each checked unless ck is NULL;
 * bad: a line read before was bad (no sheet will be written: the lines are
 * read to name every bad one, not checked or kept).  Returns 0; 1 when bad,
 * or some line was bad or the file could not be read (each named on
 * stderr); -1 when memory ran out. */
static int sheet_read(const SheetOptions *o, const char *path, PioProblem *prob, SheetCheck *ck, bool bad, SheetList *l)
{
	PioError perr;
	PioReader *r = pio_open(path, &perr);
	if (!r) {
		fprintf(stderr, "tsume: %s: %s\n", path, perr.message);
		return 1;
	}
	int st;
	while (!cli_interrupted() && (st = pio_next(r, prob, &perr)) != PIO_END) {
		char why[160];
		if (st != PIO_OK) {
			bad = true;
			if (perr.line > 0)
				fprintf(stderr, "%s:%ld: %s\n", path, perr.line, perr.message);
			else
				fprintf(stderr, "%s: %s\n", path, perr.message);
			continue;
		}
		if (!pio_stated_consistent(prob, why, sizeof why)) {
			fprintf(stderr, "%s:%ld: %s\n", path, prob->line, why);
			bad = true;
			continue;
		}
		int missing = pos_missing_pieces(&prob->root);
		if (missing > 0 && o->rest) {
			pos_give_missing(&prob->root, color_flip(prob->root.side));
		} else if (missing > 0) {
			char where[PATH_MAX + 24];
			snprintf(where, sizeof where, "%s:%ld", path, prob->line);
			cli_warn_missing(where, missing);
		}
		bool added;
		if (bad)
			continue; /* no sheet: the checks would be lost */
		else if (!ck) {
			long mate = 0;
			if (!pio_meta_int(prob, "mate", &mate))
				mate = prob->n_moves;
			added = list_add(l, prob, prob->moves, prob->n_moves, (int)mate, NULL, 0);
		} else if (sheet_check(ck, path, prob) && !cli_interrupted()) {
			int n_alts = sheet_final(ck, prob);
			added = n_alts >= 0 &&
			        list_add(l, prob, ck->res.line, ck->res.line_len, ck->res.len, ck->final.alt, n_alts);
		} else
			continue;
		if (!added) {
			pio_close(r);
			return -1;
		}
	}
	pio_close(r);
	return bad;
}

/* Writes the sheet of l to o->out_path (standard output when NULL or "-").
 * Returns 0, or EXIT_BADINPUT after a message. */
static int sheet_output(const SheetOptions *o, const SheetList *l)
{
	FILE *out = stdout;
	bool to_file = o->out_path && strcmp(o->out_path, "-") != 0;
	if (to_file) {
		out = fopen(o->out_path, "w");
		if (!out) {
			fprintf(stderr, "tsume: %s: %s\n", o->out_path, strerror(errno));
			return EXIT_BADINPUT;
		}
	}
	char err[400];
	SheetPage page = {.title = o->title, .machine = o->usi};
	int rc = sheet_write(out, &page, l->items, l->n, err, sizeof err);
	if (to_file && fclose(out) != 0 && rc == 0) {
		snprintf(err, sizeof err, "write error: %s", strerror(errno));
		rc = -1;
	}
	if (rc < 0) {
		fprintf(stderr, "tsume: %s%s%s\n", to_file ? o->out_path : "", to_file ? ": " : "", err);
		return EXIT_BADINPUT;
	}
	return 0;
}

int cmd_sheet(int argc, char **argv)
{
	SheetOptions o;
	int rc = sheet_parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (o.out_path && strcmp(o.out_path, "-") != 0) {
		/* never write the sheet over one of its inputs */
		for (int a = optind; a < argc; a++) {
			if (cli_input_is_output(argv[a], o.out_path)) {
				fprintf(stderr, "tsume: sheet: the output %s is also an input\n", o.out_path);
				return EXIT_BADINPUT;
			}
		}
	}
	SheetCheck *ck = NULL;
	if (o.check) {
		CheckContextError cerr;
		ck = calloc(1, sizeof *ck);
		if (ck && !(ck->d = check_context(&o.limits, 1, &cerr))) {
			free(ck);
			fprintf(stderr,
			        "tsume sheet: cannot allocate %llu MB for the hash table; try a smaller --hash\n",
			        (unsigned long long)o.limits.hash);
			return EXIT_UNKNOWN;
		}
		if (ck)
			ck->lim = check_limits(&o.limits, cli_sigint_install(false));
	}
	PioProblem *prob = malloc(sizeof *prob);
	SheetList list = {0};
	bool bad = false, oom = !prob || (o.check && !ck);
	for (int a = optind; a < argc && !oom && !cli_interrupted(); a++) {
		int st = sheet_read(&o, argv[a], prob, ck, bad, &list);
		oom = st < 0;
		bad |= st > 0;
	}
	long left_out = ck ? ck->left_out : 0;
	if (ck) {
		dfpn_free(ck->d);
		free(ck);
		cli_sigint_restore();
	}
	free(prob);
	rc = 0;
	if (oom) {
		fprintf(stderr, "tsume: out of memory\n");
		rc = EXIT_BADINPUT;
	} else if (cli_interrupted()) {
		fprintf(stderr, "tsume sheet: interrupted; no worksheet written\n");
		rc = EXIT_INTERRUPTED;
	} else if (bad) {
		fprintf(stderr, "tsume: no worksheet written\n");
		rc = EXIT_BADINPUT;
	} else if (list.n == 0 && left_out == 0) {
		fprintf(stderr, "tsume: no problem in the input\n");
		fprintf(stderr, "tsume: no worksheet written\n");
		rc = EXIT_BADINPUT;
	} else if (list.n == 0) {
		fprintf(stderr, "tsume sheet: every problem was left out; no worksheet written\n");
		rc = EXIT_NOMATE;
	} else {
		rc = sheet_output(&o, &list);
		if (rc == 0 && left_out > 0) {
			fprintf(stderr, "tsume sheet: %zu problem%s printed, %ld left out\n", list.n,
			        list.n == 1 ? "" : "s", left_out);
			rc = EXIT_NOMATE;
		}
	}
	list_free(&list);
	return rc;
}
