/* cli.c -- helpers shared by the sub-commands (see cli.h). */
#include "cli.h"

#include "number.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_worse_status(int a, int b)
{
	static const int rank[4] = {0, 1, 3, 2}; /* by status 0..3 */
	return rank[b] > rank[a] ? b : a;
}

/* ---- option values ---- */

const char *cli_futile_names(char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int r = 0; r < DFPN_FUTILE_NB && n < size; r++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s",
		                      r == 0                   ? ""
		                      : r + 1 < DFPN_FUTILE_NB ? ", "
		                                               : " or ",
		                      dfpn_futile_name((DfpnFutileRule)r));
	return buf;
}

bool cli_option_futile(const char *prog, const char *s, DfpnFutileRule *rule)
{
	if (dfpn_futile_parse(s, rule))
		return true;
	char what[128];
	cli_bad_value(prog, "--futile", cli_futile_names(what, sizeof what), s);
	return false;
}

bool cli_option_notation(const char *prog, const char *s, CliNotation *out)
{
	if (strcmp(s, "ja") == 0)
		*out = CLI_NOTATION_JA;
	else if (strcmp(s, "usi") == 0)
		*out = CLI_NOTATION_USI;
	else {
		cli_bad_value(prog, "--notation", "ja or usi", s);
		return false;
	}
	return true;
}

bool cli_parse_seconds(const char *s, double lo, double hi, double *out)
{
	if (!s)
		return false;
	size_t digits = strspn(s, "0123456789"), frac = 0;
	if (s[digits] == '.')
		frac = 1 + strspn(s + digits + 1, "0123456789");
	if (s[digits + frac] != '\0' || digits + frac == 0 || (digits == 0 && frac == 1))
		return false;
	errno = 0;
	double v = strtod(s, NULL);
	if (errno || !isfinite(v) || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

void cli_bad_value(const char *prog, const char *opt, const char *what, const char *got)
{
	fprintf(stderr, "%s: %s must be %s, got '%s'\n", prog, opt, what, got ? got : "");
}

bool cli_option_uint(const char *prog, const char *opt, const char *s, uint64_t lo, uint64_t hi, const char *unit,
                     const char *note, uint64_t *out)
{
	if (num_parse_uint(s, lo, hi, out))
		return true;
	char what[160];
	snprintf(what, sizeof what, "a whole number%s%s, %llu..%llu%s%s%s", unit ? " of " : "", unit ? unit : "",
	         (unsigned long long)lo, (unsigned long long)hi, note ? " (" : "", note ? note : "", note ? ")" : "");
	cli_bad_value(prog, opt, what, s);
	return false;
}

bool cli_option_seconds(const char *prog, const char *opt, const char *s, double lo, double hi, const char *note,
                        double *out)
{
	if (cli_parse_seconds(s, lo, hi, out))
		return true;
	char what[160];
	snprintf(what, sizeof what, "a decimal number of seconds, %.15g..%.15g%s%s%s", lo, hi, note ? " (" : "",
	         note ? note : "", note ? ")" : "");
	cli_bad_value(prog, opt, what, s);
	return false;
}

char *cli_join_args(char **argv, int first, int last)
{
	size_t total = 1;
	for (int i = first; i < last; i++)
		total += strlen(argv[i]) + 1;
	char *text = malloc(total);
	if (!text)
		return NULL;
	size_t n = 0;
	for (int i = first; i < last; i++) {
		if (i > first)
			text[n++] = ' ';
		size_t len = strlen(argv[i]);
		memcpy(text + n, argv[i], len);
		n += len;
	}
	text[n] = '\0';
	return text;
}

/* ---- time ---- */

/* ---- Ctrl-C ---- */

_Static_assert(ATOMIC_BOOL_LOCK_FREE == 2, "the stop flag is set from a signal handler");
static atomic_bool sigint_stop;
static volatile sig_atomic_t sigint_count;
static volatile sig_atomic_t sigint_newline; /* a progress line may be on the terminal */
static struct sigaction sigint_old;
static bool sigint_installed;

static void on_sigint(int sig)
{
	(void)sig;
	if (sigint_count++ > 0) {
		if (sigint_newline) {
			ssize_t w = write(STDERR_FILENO, "\n", 1);
			(void)w;
		}
		_exit(EXIT_INTERRUPTED);
	}
	atomic_store(&sigint_stop, true);
}

atomic_bool *cli_sigint_install(bool newline_on_exit)
{
	atomic_store(&sigint_stop, false);
	sigint_count = 0;
	sigint_newline = newline_on_exit;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a Ctrl-C also ends a blocking read of stdin */
	sigaction(SIGINT, &sa, sigint_installed ? NULL : &sigint_old);
	sigint_installed = true;
	return &sigint_stop;
}

void cli_sigint_restore(void)
{
	if (sigint_installed)
		sigaction(SIGINT, &sigint_old, NULL);
	sigint_installed = false;
}

bool cli_interrupted(void) { return atomic_load(&sigint_stop); }

const char *cli_defender_rest_note(Color attacker)
{
	return attacker == SENTE ? "no 後手の持駒 line: the defender holds the rest of the set (残り全部)"
	                         : "no 先手の持駒 line: the defender holds the rest of the set (残り全部)";
}

/* ---- output ---- */

const char *cli_reason_name(DfpnStopReason r)
{
	switch (r) {
	case DFPN_STOP_NONE:
		return "none";
	case DFPN_STOP_TIME:
		return "time";
	case DFPN_STOP_NODES:
		return "nodes";
	case DFPN_STOP_USER:
		return "stopped";
	case DFPN_STOP_DEPTH:
		return "depth";
	case DFPN_STOP_MEMORY:
		return "memory";
	}
	return "none";
}

/* ---- output files ---- */

/* The directory part of path into dir (size bytes): "." for a bare name;
 * returns the last component. */
static const char *split_path(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (!slash) {
		snprintf(dir, size, ".");
		return path;
	}
	snprintf(dir, size, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return slash + 1;
}

bool cli_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (strcmp(a, b) == 0)
		return true;
	bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
	if (ea && eb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (ea || eb)
		return false;
	/* neither exists yet (files about to be written): the same name in
	 * the same directory ("x.sfen" and "./x.sfen") */
	char da[4096], db[4096];
	const char *na = split_path(a, da, sizeof da), *nb = split_path(b, db, sizeof db);
	return strcmp(na, nb) == 0 && *na && stat(da, &sa) == 0 && stat(db, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

bool cli_input_is_output(const char *input, const char *output)
{
	if (strcmp(input, "-") != 0)
		return cli_same_file(input, output);
	/* standard input: the file it was redirected from, if any */
	struct stat si, so;
	return fstat(STDIN_FILENO, &si) == 0 && S_ISREG(si.st_mode) && stat(output, &so) == 0 &&
	       si.st_dev == so.st_dev && si.st_ino == so.st_ino;
}

bool cli_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strncasecmp(s + n - k, suffix, k) == 0;
}

bool cli_ends_with_gz(const char *s) { return cli_ends_with(s, ".gz"); }

/* path's temporary name (path.tmpPID) into buf; false (and a message) when
 * it does not fit. */
static bool tmp_name(const char *path, char *buf, size_t size, const char *prog)
{
	if (snprintf(buf, size, "%s.tmp%ld", path, (long)getpid()) < (int)size)
		return true;
	fprintf(stderr, "%s: %s: path too long\n", prog, path);
	return false;
}

int cli_output_check(const char *path, const char *prog)
{
	struct stat st;
	if (!path || strcmp(path, "-") == 0)
		return 0;
	if (!*path) {
		fprintf(stderr, "%s: an output file name is empty\n", prog);
		return EXIT_BADINPUT;
	}
	bool exists = stat(path, &st) == 0;
	if (exists && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(EISDIR));
		return EXIT_BADINPUT;
	}
	if (exists && !S_ISREG(st.st_mode))
		return 0; /* a device or a pipe: opened when written */
	char tmp[4096];
	if (!tmp_name(path, tmp, sizeof tmp, prog))
		return EXIT_BADINPUT;
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return EXIT_BADINPUT;
	}
	fclose(f);
	remove(tmp);
	return 0;
}

int cli_output_open(CliOutput *out, const char *path, const char *prog)
{
	PioError perr;
	struct stat st;
	memset(out, 0, sizeof *out);
	out->path = path;
	out->to_file =
	    path && strcmp(path, "-") != 0 && (stat(path, &st) != 0 || S_ISREG(st.st_mode)); /* not a device or pipe */
	if (out->to_file && !tmp_name(path, out->tmp_path, sizeof out->tmp_path, prog))
		return EXIT_BADINPUT;
	out->wr = pio_write_open(out->to_file ? out->tmp_path
	                         : path       ? path
	                                      : "-",
	                         path && cli_ends_with_gz(path), &perr);
	if (!out->wr) {
		fprintf(stderr, "%s: %s: %s\n", prog, path ? path : "-", perr.message);
		return EXIT_BADINPUT;
	}
	return 0;
}

int cli_output_close(CliOutput *out, int rc, const char *prog)
{
	PioError perr;
	if (pio_write_close(out->wr, &perr) != PIO_OK) {
		fprintf(stderr, "%s: %s\n", prog, perr.message);
		rc = EXIT_BADINPUT;
	}
	if (out->to_file && rc == EXIT_BADINPUT) {
		remove(out->tmp_path);
	} else if (out->to_file && rename(out->tmp_path, out->path) != 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, out->path, strerror(errno));
		remove(out->tmp_path);
		rc = EXIT_BADINPUT;
	}
	return rc;
}

void cli_csv_field(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

bool cli_read_line(FILE *f, char *buf, size_t size, size_t *len, size_t *nul)
{
	size_t n = 0;
	int ch;
	*nul = 0;
	while ((ch = getc(f)) != EOF && ch != '\n') {
		if (ch == '\0' && !*nul)
			*nul = n + 1;
		if (n + 1 < size)
			buf[n] = (char)ch;
		n++;
	}
	if (ch == EOF && n == 0)
		return false;
	buf[n + 1 < size ? n : size - 1] = '\0';
	*len = n;
	return true;
}

int cli_cores(void)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores < 1 ? 1 : cores > 4096 ? 4096 : (int)cores;
}

bool cli_defender_has_king(const Position *pos, char *err, size_t size)
{
	Color defender = color_flip(pos->side);
	if (pos->king[defender] != SQ_NONE)
		return true;
	snprintf(err, size, "bad position: the defender (%s, the side not to move) has no king",
	         defender == SENTE ? "sente" : "gote");
	return false;
}

void cli_warn_missing(const char *where, int missing)
{
	fprintf(stderr, "%s: warning: %d piece%s in nobody's hand; use --rest to give %s to the defender\n", where,
	        missing, missing == 1 ? " is" : "s are", missing == 1 ? "it" : "them");
}
