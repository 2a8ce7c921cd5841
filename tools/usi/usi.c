/*
 * usi.c -- the USI `go mate` engine (USI protocol as published by Shogidokoro;
 * `go mate` replies `checkmate <moves>`, `checkmate nomate`, `checkmate timeout`).
 *
 * The search runs in its own thread so that `stop`, `isready` and `quit` are
 * answered at once.  Every line written goes through one mutex.
 *
 * Commands: usi, isready, setoption name USI_Hash|Threads|ShortestMate|FutileRule|MultiPV|PlayOutFutile value V,
 * usinewgame, position startpos|sfen ... [moves ...], go mate <ms>|infinite
 * (also after other go tokens), stop, gameover, quit.  Unknown commands and
 * blank lines are ignored, as the protocol asks.  A bad `position`, an
 * over-long line or a `go` without a position gives `info string error: ...`.
 * The side to move is the attacker; if it is in check it must answer with an
 * evasion that checks (such a root is searched as any other).  At the end of
 * the input a running search is not stopped (`quit` stops it): it runs to its
 * own limit or result, which is printed, then the engine exits.
 */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES): the machine's memory (glibc, musl, the BSDs) */
#include "usi.h"

#include "cli.h"
#include "clock.h"
#include "dfpn.h"
#include "futile_end.h"
#include "line.h"
#include "multipv.h"
#include "notation.h"
#include "number.h"
#include "sfen.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define USI_LINE_MAX (1 << 20)
#define USI_HASH_DEFAULT 256
#define USI_MULTIPV_MAX 800        /* as KomoringHeights */
#define USI_PLAY_OUT_NODES 1000000 /* PlayOutFutile: the most nodes for each reply's plain mate */

typedef struct {
	FILE *out;
	pthread_mutex_t out_mu;
	Dfpn *d;
	size_t hash_mb, hash_allocated;
	size_t max_hash_mb;
	uint64_t max_nodes;
	int threads;           /* Threads: search threads (dfpn_set_threads) */
	int threads_default;   /* the number of cores */
	bool shortest;         /* prove the mate minimal (else the first mate found) */
	bool search_shortest;  /* the running search's: a setoption during it is for the next */
	DfpnFutileRule futile; /* FutileRule: the futile-interposition rule */
	int multipv;           /* MultiPV: first moves reported (1: the main line only) */
	int search_multipv;    /* the running search's */
	bool firsts_running;   /* the search of the other first moves runs: its held lines are not the mate's */
	DfpnFirst *firsts;     /* search_multipv of them, for the running search */
	bool play_out;         /* PlayOutFutile: the line played on past futile replies to a plain mate */
	bool search_play_out;  /* the running search's */
	Position root;
	Position scratch; /* a `position` command is parsed here first */
	DfpnResult res;   /* the running search's result (one search at a time) */
	bool have_root;
	pthread_t thread;
	bool searching;
	atomic_bool stop;
	atomic_bool done;
	int64_t time_ms;      /* 0 = infinite */
	double next_info;     /* the running search's seconds at which the next `info time` line is due */
	int hashfull;         /* the most reported in this search: a sample, it would waver */
	char last_stats[160]; /* the last `info time .. hashfull ..` line sent: never twice the same */
	int held_said;        /* the length of the held mate last reported (0: none) */
	Move *held_line;      /* DFPN_MAX_PV moves: the held line as on_progress reads it */
} Usi;

/* A value from the GUI as a message quotes it (sfen_quote): whole up to 40
 * bytes, else its first 40 and "..." -- never a shortened value that reads
 * as another. */
static const char *quote_value(char q[64], const char *s, size_t n)
{
	sfen_quote(q, 64 - 4, s, n > 40 ? 40 : (int)n);
	if (n > 40)
		strcat(q, "...");
	return q;
}

static void say(Usi *u, const char *fmt, ...)
{
	va_list ap;
	pthread_mutex_lock(&u->out_mu);
	va_start(ap, fmt);
	vfprintf(u->out, fmt, ap);
	va_end(ap);
	fputc('\n', u->out);
	fflush(u->out);
	pthread_mutex_unlock(&u->out_mu);
}

/* The moves line[0 .. n) in USI, blank-separated, in a new string (NULL:
 * out of memory). */
static char *usi_line(const Move *line, int n)
{
	size_t cap = (size_t)n * 6 + 16, at = 0;
	char *text = malloc(cap);
	if (!text)
		return NULL;
	text[0] = '\0';
	for (int i = 0; i < n; i++) {
		char m[6];
		at += (size_t)snprintf(text + at, cap - at, "%s%s", i ? " " : "", usi_format(line[i], m));
	}
	return text;
}

/* `info time .. nodes .. nps .. hashfull ..`: hashfull never below what
 * was reported before in this search (the table only fills; its use is
 * sampled, and a sample wavers, more so after a doubling), and the same
 * line never twice (a stop in a doubling, when no node is searched). */
static void say_stats(Usi *u, uint64_t nodes, double seconds, int hashfull)
{
	if (hashfull > u->hashfull)
		u->hashfull = hashfull;
	char text[sizeof u->last_stats];
	snprintf(text, sizeof text, "info time %lld nodes %llu nps %.0f hashfull %d", (long long)(seconds * 1000),
	         (unsigned long long)nodes, seconds > 0 ? (double)nodes / seconds : 0.0, u->hashfull);
	if (strcmp(text, u->last_stats) == 0)
		return;
	memcpy(u->last_stats, text, sizeof text);
	say(u, "%s", text);
}

/* The search's progress (its own thread, every 0.1 s on a fixed schedule,
 * limit.h): a mate proven since the last report, with the line held for
 * it, at once; the nodes, speed and table use once a second, at 1 s, 2 s,
 * 3 s ... of the search, not a second after the last line (which would
 * drift by the time between two reports each time). */
static void on_progress(void *arg, uint64_t nodes, double seconds, int hashfull)
{
	Usi *u = arg;
	int held = u->firsts_running ? 0 : dfpn_held(u->d, NULL);
	if (held > 0 && held != u->held_said && u->held_line) {
		dfpn_held(u->d, u->held_line);
		char *text = usi_line(u->held_line, held);
		if (text) {
			u->held_said = held;
			say(u, "info time %lld nodes %llu score mate %d pv %s", (long long)(seconds * 1000),
			    (unsigned long long)nodes, held, text);
			free(text);
		}
	}
	/* (a millisecond early counts: the reports fall on tenths of a second
	 * of the same clock, give or take the rounding) */
	if (seconds + 0.001 < u->next_info)
		return;
	while (u->next_info <= seconds + 0.001)
		u->next_info += 1.0;
	say_stats(u, nodes, seconds, hashfull);
}

/* The first moves of MultiPV, best first: "info multipv K score mate N pv
 * ..." for a mate (its minimality not proven: an info string says so), "info
 * multipv K string MOVE does not mate" or "... unknown (REASON)".  played:
 * the main line played out past futile interpositions (PlayOutFutile, its
 * `played_len` plies), given as the main first move's row; NULL: none. */
static void say_firsts(Usi *u, int n, int checks, const char *played, int played_len)
{
	say(u, "info string MultiPV: %d of %d first moves, best first", n, checks);
	for (int k = 0; k < n; k++) {
		const DfpnFirst *f = &u->firsts[k];
		char m[6];
		usi_format(f->move, m);
		if (f->res.status == DFPN_MATE && played && k == 0 && f->move == u->res.pv[0]) {
			/* the main line, as checkmate gives it */
			say(u, "info multipv %d score mate %d pv %s", k + 1, played_len, played);
		} else if (f->res.status == DFPN_MATE) {
			char *text = usi_line(f->res.pv, f->res.pv_len);
			if (!text)
				continue;
			say(u, "info multipv %d score mate %d pv %s", k + 1, f->res.len, text);
			if (!f->res.len_minimal)
				say(u, "info string multipv %d: mate in %d, minimality not proven (%s)", k + 1,
				    f->res.len, cli_reason_name(f->res.reason));
			free(text);
		} else if (f->res.status == DFPN_NOMATE) {
			say(u, "info multipv %d string %s does not mate", k + 1, m);
		} else {
			say(u, "info multipv %d string %s unknown (%s)", k + 1, m, cli_reason_name(f->res.reason));
		}
	}
}

/* A mate's line res->pv that ends in check with futile replies only: an
 * info string says where and how many; with PlayOutFutile, the line played
 * on to a plain mate (futile_end.h) in a new string, its length in *plies
 * (an info string says so).  NULL: the line stays as it is. */
static char *futile_end(Usi *u, const DfpnResult *res, int *plies)
{
	char squares[8][3], where[40] = "";
	int n_squares;
	int replies = futile_end_replies(&u->root, res->pv, res->pv_len, squares, 8, &n_squares);
	if (replies == 0)
		return NULL;
	for (int i = 0; i < n_squares && i < 8; i++)
		snprintf(where + strlen(where), sizeof where - strlen(where), " %s", squares[i]);
	say(u, "info string the line ends in check: %d interpositions left, on%s%s, are futile under %s%s", replies,
	    where, n_squares > 8 ? " ..." : "", dfpn_futile_name(dfpn_futile(u->d)),
	    u->search_play_out ? "" : " (setoption PlayOutFutile true plays them out)");
	if (!u->search_play_out)
		return NULL;
	Move *out = malloc(DFPN_MAX_PV * sizeof *out);
	int n = out ? futile_end_play_out(u->d, &u->root, res->pv, res->pv_len, USI_PLAY_OUT_NODES, &u->stop, out) : 0;
	char *text = n > 0 ? usi_line(out, n) : NULL;
	free(out);
	if (!text) {
		say(u, "info string the futile interpositions could not be played out (a limit or memory)");
		return NULL;
	}
	say(u, "info string mate in %d under %s; played out to a mate with no legal reply: %d plies", res->len,
	    dfpn_futile_name(dfpn_futile(u->d)), n);
	*plies = n;
	return text;
}

static void *search_thread(void *arg)
{
	Usi *u = arg;
	DfpnResult *res = &u->res;
	DfpnLimits lim = {0};
	lim.max_time_ms = u->time_ms;
	lim.max_nodes = u->max_nodes;
	lim.stop = &u->stop;
	lim.progress = on_progress;
	lim.progress_arg = u;
	lim.first_mate_only = !u->search_shortest;
	u->next_info = 1.0;
	u->hashfull = 0;
	u->last_stats[0] = '\0';
	u->held_said = 0;
	u->firsts_running = false;
	dfpn_solve(u->d, &u->root, &lim, res);
	int first_n = 0, checks = 0;
	uint64_t nodes = res->nodes;
	double seconds = res->seconds;
	if (u->search_multipv > 1 && res->status != DFPN_UNKNOWN && u->firsts) {
		/* the other first moves, within what is left of the time */
		uint64_t first_nodes = 0;
		double t0 = clock_now();
		u->firsts_running = true;
		first_n =
		    dfpn_first_moves(u->d, &u->root, res, &lim, u->firsts, u->search_multipv, &checks, &first_nodes);
		u->firsts_running = false;
		nodes += first_nodes;
		seconds += clock_now() - t0;
	}
	say_stats(u, nodes, seconds, res->hashfull);
	/* a mate always comes with its line, exactly len plies (dfpn.h) */
	char *line = res->status == DFPN_MATE ? usi_line(res->pv, res->pv_len) : NULL;
	int played_len = 0;
	char *played = line ? futile_end(u, res, &played_len) : NULL;
	/* The search is over before its answer is written: a GUI sends its next
	 * command only after the answer, and that command must find the search
	 * finished (reap_search joins this thread). */
	atomic_store(&u->done, true);
	if (res->status == DFPN_MATE) {
		if (played) {
			free(line);
			line = played;
		}
		if (line) {
			/* the rows of the first moves, then, always, the line
			 * checkmate gives with its length */
			if (first_n > 0)
				say_firsts(u, first_n, checks, played, played_len);
			say(u, "info score mate %d pv %s", played ? played_len : res->len, line);
			if (!u->search_shortest)
				say(u,
				    "info string mate in %d, the first mate found (ShortestMate false): a shorter mate "
				    "may exist",
				    res->len);
			else if (!res->len_minimal)
				say(u, "info string mate in %d, minimality not proven (%s): a shorter mate may exist",
				    res->len, cli_reason_name(res->reason));
			say(u, "checkmate %s", line);
			free(line);
		} else {
			say(u, "checkmate timeout");
		}
	} else if (res->status == DFPN_NOMATE) {
		if (first_n > 0)
			say_firsts(u, first_n, checks, NULL, 0);
		say(u, "checkmate nomate");
	} else {
		say(u, "checkmate timeout");
	}
	return NULL;
}

/* Waits for a running search to end (after asking it to stop). */
static void stop_search(Usi *u)
{
	if (!u->searching)
		return;
	atomic_store(&u->stop, true);
	pthread_join(u->thread, NULL);
	u->searching = false;
}

/* Waits for a running search to end by itself (its own time or node limit,
 * or its result) and joins it: at the end of the input, so that a script
 * piping "go mate 3000" and closing its end gets the answer it asked for. */
static void finish_search(Usi *u)
{
	if (!u->searching)
		return;
	pthread_join(u->thread, NULL);
	u->searching = false;
}

/* Joins a search that has finished by itself. */
static void reap_search(Usi *u)
{
	if (u->searching && atomic_load(&u->done)) {
		pthread_join(u->thread, NULL);
		u->searching = false;
	}
}

/* Half the machine's memory in megabytes (0 when the system does not say):
 * the most a table made in place of one that could not be had may take, so
 * that a size the kernel would overcommit does not claim the machine. */
static size_t half_memory_mb(void)
{
#ifdef _SC_PHYS_PAGES
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || page <= 0)
		return 0;
	return (size_t)((uint64_t)pages * (uint64_t)page / 2 / (1024 * 1024));
#else
	return 0;
#endif
}

/* The table of USI_Hash megabytes.  The new table is made before the old
 * one is freed: when the size asked cannot be had, the table in use stays
 * (or, with none yet, the largest half, quarter, ... of the size asked that
 * can be had and is at most half the machine's memory, down to 1 MB), an
 * info string says which size is in use and USI_Hash takes that value.
 * false only when no table at all can be had. */
static bool ensure_table(Usi *u)
{
	if (u->d && u->hash_allocated == u->hash_mb)
		return true;
	Dfpn *d = dfpn_new(u->hash_mb);
	if (d) {
		dfpn_free(u->d);
		u->d = d;
		u->hash_allocated = u->hash_mb;
		return true;
	}
	size_t asked = u->hash_mb, cap = half_memory_mb(), mb = asked / 2;
	while (cap && mb > cap)
		mb /= 2;
	for (; !u->d && mb >= 1; mb /= 2) {
		u->d = dfpn_new(mb);
		u->hash_allocated = u->d ? mb : 0;
	}
	if (!u->d) {
		say(u, "info string error: cannot allocate %zu MB for USI_Hash, nor 1 MB", asked);
		return false;
	}
	u->hash_mb = u->hash_allocated;
	say(u, "info string error: cannot allocate %zu MB for USI_Hash; the table in use has %zu MB", asked,
	    u->hash_allocated);
	return true;
}

/* The token "value" in s (a whole word after a blank), or NULL. */
static char *find_value_word(char *s)
{
	for (char *p = strstr(s, "value"); p; p = strstr(p + 1, "value"))
		if (p > s && (p[-1] == ' ' || p[-1] == '\t') && (p[5] == '\0' || p[5] == ' ' || p[5] == '\t'))
			return p;
	return NULL;
}

/* A check option's value (true or false, in any case) into *field; else
 * an info string error naming the option, *field kept. */
static void set_check(Usi *u, const char *name, const char *value, bool *field)
{
	char q[64];
	if (value && strcasecmp(value, "true") == 0)
		*field = true;
	else if (value && strcasecmp(value, "false") == 0)
		*field = false;
	else
		say(u, "info string error: %s must be true or false, got '%s'", name,
		    quote_value(q, value ? value : "", value ? strlen(value) : 0));
}

/* setoption name NAME [value VALUE]: names as the engine lists them, in any
 * case (a GUI or a user may type "futilerule"); blanks around either are
 * not part of it; a bad value is an info string error, the option kept. */
static void cmd_setoption(Usi *u, char *args)
{
	char q[200];
	while (*args == ' ' || *args == '\t')
		args++;
	if (strncmp(args, "name", 4) != 0 || (args[4] != ' ' && args[4] != '\t')) {
		say(u, "info string error: setoption needs 'name NAME [value VALUE]'");
		return;
	}
	char *name = args + 5;
	while (*name == ' ' || *name == '\t')
		name++;
	char *value = find_value_word(name);
	if (value) {
		char *end = value;
		value += 5;
		while (*value == ' ' || *value == '\t')
			value++;
		for (size_t n = strlen(value); n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t'); n--)
			value[n - 1] = '\0';
		while (end > name && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		*end = '\0';
	}
	if (strcasecmp(name, "USI_Hash") == 0) {
		uint64_t mb;
		if (!value || !num_parse_uint(value, 0, UINT64_MAX, &mb))
			say(u, "info string error: USI_Hash must be a whole number of megabytes, 1..%zu, got '%s'",
			    u->max_hash_mb, quote_value(q, value ? value : "", value ? strlen(value) : 0));
		else if (mb < 1 || mb > u->max_hash_mb)
			say(u, "info string error: USI_Hash must be a whole number of megabytes, 1..%zu, got '%s'",
			    u->max_hash_mb, quote_value(q, value, strlen(value)));
		else
			u->hash_mb = (size_t)mb;
	} else if (strcasecmp(name, "Threads") == 0) {
		uint64_t n;
		if (!value || !num_parse_uint(value, 0, UINT64_MAX, &n) || n < 1 || n > DFPN_MAX_THREADS)
			say(u, "info string error: Threads must be a whole number of threads, 1..%d, got '%s'",
			    DFPN_MAX_THREADS, quote_value(q, value ? value : "", value ? strlen(value) : 0));
		else
			u->threads = (int)n;
	} else if (strcasecmp(name, "ShortestMate") == 0) {
		set_check(u, "ShortestMate", value, &u->shortest);
	} else if (strcasecmp(name, "PlayOutFutile") == 0) {
		set_check(u, "PlayOutFutile", value, &u->play_out);
	} else if (strcasecmp(name, "MultiPV") == 0) {
		uint64_t n;
		if (!value || !num_parse_uint(value, 0, UINT64_MAX, &n) || n < 1 || n > USI_MULTIPV_MAX)
			say(u, "info string error: MultiPV must be a whole number of first moves, 1..%d, got '%s'",
			    USI_MULTIPV_MAX, quote_value(q, value ? value : "", value ? strlen(value) : 0));
		else
			u->multipv = (int)n;
	} else if (strcasecmp(name, "FutileRule") == 0) {
		char names[128];
		if (!value || !dfpn_futile_parse(value, &u->futile))
			say(u, "info string error: FutileRule must be %s, got '%s'",
			    cli_futile_names(names, sizeof names),
			    quote_value(q, value ? value : "", value ? strlen(value) : 0));
	}
	/* other names (USI_Ponder, a GUI's own): nothing to set */
}

/* err's message with its column counted in the line the GUI sent (the
 * arguments start at column base + 1 of it), as the GUI's log shows it. */
static const char *line_column(SfenError *err, int base)
{
	char key[32];
	snprintf(key, sizeof key, "(column %d)", err->column);
	char *at = err->column > 0 ? strstr(err->message, key) : NULL;
	if (at) {
		char rest[sizeof err->message];
		snprintf(rest, sizeof rest, "%s", at + strlen(key));
		snprintf(at, sizeof err->message - (size_t)(at - err->message), "(column %d)%s", err->column + base,
		         rest);
	}
	return err->message;
}

static void cmd_position(Usi *u, const char *args, int base)
{
	SfenError err;
	/* startpos or sfen (or, leniently, a board: a word with a '/') */
	size_t w = strcspn(args, " \t");
	bool keyword = (w == 8 && strncmp(args, "startpos", 8) == 0) || (w == 4 && strncmp(args, "sfen", 4) == 0);
	if (w > 0 && !keyword && !memchr(args, '/', w)) {
		say(u, "info string error: bad position: expected startpos or sfen, got '%.*s'", (int)(w < 40 ? w : 40),
		    args);
		u->have_root = false;
		return;
	}
	if (sfen_parse(&u->scratch, args, &err) != SFEN_OK) {
		say(u, "info string error: bad position: %s", line_column(&err, base));
		u->have_root = false;
		return;
	}
	char why[96];
	if (!cli_defender_has_king(&u->scratch, why, sizeof why)) {
		say(u, "info string error: %s", why);
		u->have_root = false;
		return;
	}
	line_set_root(&u->root, &u->scratch);
	u->have_root = true;
}

static void cmd_go(Usi *u, char *args)
{
	char *mate = strstr(args, "mate");
	if (u->searching) {
		/* any go, mate or not: the running search goes on and answers */
		say(u, "info string error: a search is running");
		return;
	}
	if (!mate) {
		/* a normal `go`: this engine only solves mates */
		say(u, "info string error: only 'go mate' is supported");
		say(u, "bestmove resign");
		return;
	}
	if (!u->have_root) {
		/* not "nomate": a GUI would show 不詰 for a position it never set */
		say(u, "info string error: no valid position");
		say(u, "checkmate timeout");
		return;
	}
	if (!ensure_table(u)) {
		say(u, "checkmate timeout");
		return;
	}
	/* go mate <ms> | infinite; a bare "go mate" is infinite too */
	char *v = mate + 4;
	while (*v == ' ')
		v++;
	char word[32];
	size_t wn = strcspn(v, " \t");
	snprintf(word, sizeof word, "%.*s", (int)(wn < sizeof word - 1 ? wn : sizeof word - 1), v);
	uint64_t ms = 0;
	if (*word && strcmp(word, "infinite") != 0 &&
	    (wn >= sizeof word - 1 || !num_parse_uint(word, 1, INT64_MAX / 2, &ms))) {
		char q[64];
		say(u, "info string error: go mate takes a time in milliseconds, 1..%lld, or infinite, got '%s'",
		    (long long)(INT64_MAX / 2), quote_value(q, v, wn));
		say(u, "checkmate timeout");
		return;
	}
	u->time_ms = (int64_t)ms; /* 0 = infinite */
	if (!dfpn_set_futile(u->d, u->futile)) {
		say(u, "info string error: no memory for FutileRule %s; searching with %s", dfpn_futile_name(u->futile),
		    dfpn_futile_name(dfpn_futile(u->d)));
		u->futile = dfpn_futile(u->d);
	}
	if (!dfpn_set_threads(u->d, u->threads)) {
		say(u, "info string error: cannot start %d threads; searching with %d", u->threads, dfpn_threads(u->d));
		u->threads = dfpn_threads(u->d);
	}
	dfpn_clear(u->d);
	u->search_shortest = u->shortest;
	u->search_multipv = u->multipv;
	u->search_play_out = u->play_out;
	if (u->multipv > 1) {
		free(u->firsts);
		u->firsts = malloc((size_t)u->multipv * sizeof *u->firsts);
		if (!u->firsts)
			say(u, "info string error: no memory for MultiPV %d; the main line only", u->multipv);
	}
	atomic_store(&u->stop, false);
	atomic_store(&u->done, false);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, (size_t)256 << 20);
	if (pthread_create(&u->thread, &attr, search_thread, u) != 0) {
		say(u, "info string error: cannot start the search thread");
		say(u, "checkmate timeout");
	} else {
		u->searching = true;
	}
	pthread_attr_destroy(&attr);
}

/* usi: the engine's name and options, then usiok. */
static void cmd_usi(Usi *u)
{
	say(u, "id name tsume");
	say(u, "id author the tsume developers");
	say(u, "option name USI_Hash type spin default %d min 1 max 1048576", USI_HASH_DEFAULT);
	say(u, "option name Threads type spin default %d min 1 max %d", u->threads_default, DFPN_MAX_THREADS);
	say(u, "option name ShortestMate type check default true");
	say(u, "option name MultiPV type spin default 1 min 1 max %d", USI_MULTIPV_MAX);
	say(u, "option name PlayOutFutile type check default false");
	/* the rules by their names (dfpn_futile_name), in their order */
	char vars[128] = "";
	for (int r = 0; r < DFPN_FUTILE_NB; r++) {
		size_t n = strlen(vars);
		snprintf(vars + n, sizeof vars - n, " var %s", dfpn_futile_name((DfpnFutileRule)r));
	}
	say(u, "option name FutileRule type combo default %s%s", dfpn_futile_name(DFPN_FUTILE_DEFAULT), vars);
	say(u, "usiok");
}

int usi_run(FILE *in, FILE *out, const char *first_line) { return usi_run_config(in, out, first_line, NULL); }

int usi_run_config(FILE *in, FILE *out, const char *first_line, const UsiConfig *cfg)
{
	core_init();
	/* on the heap: the positions and the line buffer are large */
	Usi *u = calloc(1, sizeof *u);
	char *line = malloc(USI_LINE_MAX + 2);
	if (!u || !line) {
		free(u);
		free(line);
		fprintf(out, "info string error: out of memory\n");
		return 1;
	}
	u->out = out;
	u->held_line = malloc(DFPN_MAX_PV * sizeof *u->held_line); /* NULL: the held mates are not reported */
	pthread_mutex_init(&u->out_mu, NULL);
	u->max_hash_mb = cfg && cfg->max_hash_mb ? cfg->max_hash_mb : (size_t)1 << 20;
	u->max_nodes = cfg ? cfg->max_nodes : 0;
	u->hash_mb = USI_HASH_DEFAULT < u->max_hash_mb ? USI_HASH_DEFAULT : u->max_hash_mb;
	u->shortest = true;
	u->multipv = 1;
	u->futile = DFPN_FUTILE_DEFAULT;
	u->threads_default = cli_cores() < DFPN_MAX_THREADS ? cli_cores() : DFPN_MAX_THREADS;
	u->threads = u->threads_default;
	bool quit = false;
	const char *pending = first_line;
	while (!quit) {
		char *cmd;
		if (pending) {
			snprintf(line, USI_LINE_MAX + 2, "%s", pending);
			pending = NULL;
		} else {
			size_t len, nul;
			if (!cli_read_line(in, line, USI_LINE_MAX + 2, &len, &nul))
				break;
			if (len > USI_LINE_MAX) {
				/* an over-long line: the rest was read past in constant memory */
				say(u, "info string error: line longer than %d bytes ignored", USI_LINE_MAX);
				continue;
			}
			if (nul) {
				say(u, "info string error: NUL byte in column %zu: line ignored", nul);
				continue;
			}
		}
		cmd = line;
		cmd[strcspn(cmd, "\r\n")] = '\0';
		/* a tab separates words as a space does (no argument holds one) */
		for (char *tab = strchr(cmd, '\t'); tab; tab = strchr(tab, '\t'))
			*tab = ' ';
		reap_search(u);
		while (*cmd == ' ')
			cmd++;
		char *args = strchr(cmd, ' ');
		if (args)
			*args++ = '\0';
		else
			args = cmd + strlen(cmd);
		if (strcmp(cmd, "usi") == 0) {
			cmd_usi(u);
		} else if (strcmp(cmd, "isready") == 0) {
			if (!u->searching)
				ensure_table(u); /* says so when the size asked cannot be had */
			say(u, "readyok");
		} else if (strcmp(cmd, "setoption") == 0) {
			cmd_setoption(u, args);
		} else if (strcmp(cmd, "usinewgame") == 0) {
			if (u->d && !u->searching)
				dfpn_clear(u->d);
		} else if (strcmp(cmd, "position") == 0) {
			if (u->searching)
				stop_search(u);
			cmd_position(u, args, (int)(args - line));
		} else if (strcmp(cmd, "go") == 0) {
			cmd_go(u, args);
		} else if (strcmp(cmd, "stop") == 0 || strcmp(cmd, "gameover") == 0) {
			stop_search(u);
		} else if (strcmp(cmd, "quit") == 0) {
			quit = true;
		}
		/* anything else: ignored, as the protocol asks */
	}
	if (quit || (u->searching && u->time_ms == 0))
		stop_search(u); /* quit; or end of input (the GUI gone) under go mate infinite */
	else
		finish_search(u); /* end of input: a timed search still answers, within its time */
	dfpn_free(u->d);
	pthread_mutex_destroy(&u->out_mu);
	free(u->held_line);
	free(u->firsts);
	free(line);
	free(u);
	return 0;
}
