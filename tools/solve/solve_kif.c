/* solve_kif.c -- a solved problem as a KIF kifu with its variations (see solve_kif.h). */
#include "solve_kif.h"

#include "cli.h"
#include "kif.h"
#include "notation.h"
#include "kifu_write.h"
#include "line.h"
#include "movegen.h"
#include "verify.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* What the kifu collects: variations (moves owned) and comments (text owned). */
typedef struct {
	KifuBranch *branch;
	int n_branch, cap_branch;
	KifuComment *comment;
	int n_comment, cap_comment;
	bool failed; /* out of memory */
} Parts;

static bool grow(void **items, int *cap, int n, size_t size)
{
	if (n < *cap)
		return true;
	int cap2 = *cap ? *cap * 2 : 16;
	void *p = realloc(*items, (size_t)cap2 * size);
	if (!p)
		return false;
	*items = p;
	*cap = cap2;
	return true;
}

__attribute__((format(printf, 3, 4))) static void add_comment(Parts *p, int ply, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (!text || !grow((void **)&p->comment, &p->cap_comment, p->n_comment, sizeof *p->comment)) {
		free(text);
		p->failed = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(text, (size_t)n + 1, fmt, ap);
	va_end(ap);
	p->comment[p->n_comment++] = (KifuComment){ply, text};
}

/* Adds the variation m, line[0..n) at ply, ending in mate or not (moves and
 * comment copied; comment may be NULL). */
static void add_branch(Parts *p, int ply, Move m, const Move *line, int n, bool mate, const char *comment)
{
	Move *moves = malloc(sizeof *moves * (size_t)(n + 1));
	char *text = comment ? strdup(comment) : NULL;
	if (!moves || (comment && !text) ||
	    !grow((void **)&p->branch, &p->cap_branch, p->n_branch, sizeof *p->branch)) {
		free(moves);
		free(text);
		p->failed = true;
		return;
	}
	moves[0] = m;
	memcpy(moves + 1, line, sizeof *moves * (size_t)n);
	p->branch[p->n_branch++] = (KifuBranch){ply, moves, n + 1, mate, text};
}

static void parts_free(Parts *p)
{
	for (int i = 0; i < p->n_branch; i++) {
		free((void *)p->branch[i].moves);
		free((void *)p->branch[i].comment);
	}
	for (int i = 0; i < p->n_comment; i++)
		free((void *)p->comment[i].text);
	free(p->branch);
	free(p->comment);
}

/* One defence at a defender node and what its search found. */
typedef struct {
	Move move;
	int len;    /* plies of the attacker's mating line after it */
	int first;  /* index of that line in the node's line store */
	bool exact; /* the line is a checked main line, its length proven the shortest mate */
} Defence;

/* Bytes for a blank and the JSA text of every move of a position. */
#define MOVE_LIST_TEXT (MAX_MOVES * KIF_MOVE_MAX)

/* Appends to text (MOVE_LIST_TEXT bytes, NUL-terminated) a space and the
 * JSA text of m in pos (no 同: a defence named alone). */
static void append_jsa(char *text, const Position *pos, Move m)
{
	char jsa[KIF_MOVE_MAX];
	size_t len = strlen(text);
	if (kif_move(pos, m, MOVE_NONE, jsa, sizeof jsa) > 0 && len + strlen(jsa) + 2 < MOVE_LIST_TEXT)
		snprintf(text + len, MOVE_LIST_TEXT - len, " %s", jsa);
}

/* What the search of variations shares. */
typedef struct {
	Parts *p;
	Dfpn *d;
	const SolveKifOptions *opt;
	Position *sub;   /* the position after a defence, as a root (on the heap: 165 KB) */
	DfpnResult *res; /* its search */
	bool longest;    /* the main line is a checked one: its defences are the longest */
	char *named;     /* MOVE_LIST_TEXT bytes: the defences a comment names */
} VarSearch;

/*
 * The variations at the defender node pos (in check; the main line plays
 * main next and lasts t plies from here, main included), ply its index in
 * the main line: each other evasion that is not futile, searched on d, the
 * longest mates first, at most opt->variations of them.  Returns false when
 * the search was stopped (Ctrl-C) before every defence was searched.
 */
static bool node_variations(VarSearch *vs, Position *pos, Move main, int ply, int t)
{
	Parts *p = vs->p;
	Dfpn *d = vs->d;
	const SolveKifOptions *opt = vs->opt;
	Position *sub = vs->sub;
	DfpnResult *res = vs->res;
	char *unproven_text = vs->named;
	MoveList list;
	gen_evasions(pos, &list);
	Defence def[MAX_MOVES];
	Move *store = NULL; /* the mating lines, one after the other */
	size_t stored = 0, store_cap = 0;
	int n = 0, unproven = 0;
	unproven_text[0] = '\0';
	bool stopped = false;
	DfpnLimits lim = {.max_nodes = opt->var_nodes, .stop = opt->stop};
	for (int i = 0; i < list.n; i++) {
		Move m = list.moves[i];
		if (move_same(m, main) || dfpn_is_futile_drop(d, pos, m, t))
			continue;
		if (opt->stop && atomic_load(opt->stop)) {
			stopped = true;
			break;
		}
		pos_do_move(pos, m);
		line_set_root(sub, pos);
		pos_undo_move(pos, m);
		dfpn_solve(d, sub, &lim, res);
		if (res->status == DFPN_UNKNOWN && res->reason == DFPN_STOP_USER) {
			stopped = true;
			break;
		}
		if (res->status != DFPN_MATE || res->pv_len == 0) {
			unproven++;
			append_jsa(unproven_text, pos, m);
			continue;
		}
		bool exact = res->len_minimal && res->pv_verified && res->pv_len == res->len;
		if (exact && vs->longest && res->len + 1 > t)
			continue; /* outlasts the longest defence: counted as futile by the search */
		if (stored + (size_t)res->pv_len > store_cap) {
			size_t cap2 = (stored + (size_t)res->pv_len) * 2;
			Move *s2 = realloc(store, cap2 * sizeof *store);
			if (!s2) {
				p->failed = true;
				break;
			}
			store = s2;
			store_cap = cap2;
		}
		memcpy(store + stored, res->pv, sizeof *store * (size_t)res->pv_len);
		def[n++] = (Defence){m, res->pv_len, (int)stored, exact};
		stored += (size_t)res->pv_len;
	}
	/* the longest resistance first; ties in generation order (stable) */
	for (int a = 1; a < n; a++) {
		Defence x = def[a];
		int b = a;
		for (; b > 0 && def[b - 1].len < x.len; b--)
			def[b] = def[b - 1];
		def[b] = x;
	}
	int shown = n < opt->variations ? n : opt->variations;
	char note[160];
	snprintf(note, sizeof note,
	         "tsume: a mating line read from the search table; not proven the shortest within %llu nodes",
	         (unsigned long long)opt->var_nodes);
	for (int i = 0; i < shown; i++)
		add_branch(p, ply, def[i].move, store + def[i].first, def[i].len, true, def[i].exact ? NULL : note);
	if (unproven)
		add_comment(p, ply, "tsume: %d defence%s left out, no mate found within %llu nodes:%s", unproven,
		            unproven == 1 ? "" : "s", (unsigned long long)opt->var_nodes, unproven_text);
	if (n > shown) {
		char *text = vs->named;
		text[0] = '\0';
		for (int i = shown; i < n; i++)
			append_jsa(text, pos, def[i].move);
		add_comment(p, ply, "tsume: %d more defence%s not shown (--variations %d):%s", n - shown,
		            n - shown == 1 ? "" : "s", opt->variations, text);
	}
	if (stopped)
		add_comment(p, ply, "tsume: the search of variations was stopped here");
	free(store);
	return !stopped;
}

/* The variations of every defender move of the main line main[0..n)
 * (verified: a checked main line, its defences the longest). */
static void main_line_variations(Parts *p, Dfpn *d, const Position *root, const Move *main, int n, bool verified,
                                 const SolveKifOptions *opt)
{
	Position *pos = malloc(sizeof *pos);
	VarSearch vs = {p, d, opt, malloc(sizeof *vs.sub), malloc(sizeof *vs.res), verified, malloc(MOVE_LIST_TEXT)};
	if (!pos || !vs.sub || !vs.res || !vs.named) {
		p->failed = true;
	} else {
		pos_copy(pos, root);
		for (int k = 0; k < n && !p->failed; k++) {
			if (k % 2 == 1 && !node_variations(&vs, pos, main[k], k, n - k))
				break;
			pos_do_move(pos, main[k]);
		}
	}
	free(vs.named);
	free(vs.res);
	free(vs.sub);
	free(pos);
}

/*
 * The mating line after the cook m, played at pos (the attacker to move; m
 * mates within t plies): m, then the defence that resists longest and the
 * attacker's mate after it (each defence searched on d within the
 * variations' node limit; futile drops left out), into line (space for
 * DFPN_MAX_PV + 1 moves).  Returns its length; *mate when it ends in mate
 * (false: only m, no mate found after some defence within the limit).
 */
static int cook_line(Dfpn *d, Position *pos, Move m, int t, Position *sub, DfpnResult *res, const SolveKifOptions *opt,
                     Move *line, bool *mate)
{
	line[0] = m;
	*mate = false;
	pos_do_move(pos, m);
	MoveList list;
	gen_evasions(pos, &list);
	DfpnLimits lim = {.max_nodes = opt->var_nodes, .stop = opt->stop};
	int best = -1;
	bool unproven = false;
	for (int i = 0; i < list.n && !unproven; i++) {
		Move e = list.moves[i];
		if (dfpn_is_futile_drop(d, pos, e, t - 1))
			continue;
		pos_do_move(pos, e);
		line_set_root(sub, pos);
		pos_undo_move(pos, e);
		dfpn_solve(d, sub, &lim, res);
		if (res->status != DFPN_MATE || res->pv_len == 0 || res->pv_len > DFPN_MAX_PV - 2) {
			unproven = true;
		} else if (res->pv_len > best) {
			best = res->pv_len;
			line[1] = e;
			memcpy(line + 2, res->pv, sizeof *line * (size_t)res->pv_len);
		}
	}
	pos_undo_move(pos, m);
	if (unproven)
		return 1;
	*mate = true;
	return best < 0 ? 1 : best + 2; /* no defence: m mates at once */
}

/* The cooks (余詰) of opt->check on the main line main[0..n) as variations
 * marked 余詰: each cook at its attacker ply with its mating line
 * (cook_line), at most opt->variations a ply, the others named in a
 * comment at that ply. */
static void cook_variations(Parts *p, Dfpn *d, const Position *root, const Move *main, const SolveKifOptions *opt)
{
	const VerifyResult *ck = opt->check;
	int listed = ck->cooks < VERIFY_MAX_COOKS ? ck->cooks : VERIFY_MAX_COOKS;
	Position *pos = malloc(sizeof *pos), *sub = malloc(sizeof *sub);
	DfpnResult *res = malloc(sizeof *res);
	Move *line = malloc(sizeof *line * (DFPN_MAX_PV + 1));
	char *more = malloc(MOVE_LIST_TEXT);
	if (!pos || !sub || !res || !line || !more) {
		p->failed = true;
		listed = 0;
	}
	for (int i = 0; i < listed && !p->failed;) {
		int ply = ck->cook[i].ply, shown = 0, left = 0;
		pos_copy(pos, root);
		for (int k = 0; k < ply; k++)
			pos_do_move(pos, main[k]);
		more[0] = '\0';
		for (; i < listed && ck->cook[i].ply == ply; i++) {
			const VerifyCook *c = &ck->cook[i];
			char name[KIF_MOVE_MAX], note[KIF_MOVE_MAX + 128];
			if (opt->usi_names)
				usi_format(c->move, name);
			else if (kif_move(pos, c->move, ply ? main[ply - 1] : MOVE_NONE, name, sizeof name) <= 0)
				snprintf(name, sizeof name, "?");
			if (shown >= opt->variations || (opt->stop && atomic_load(opt->stop))) {
				left++;
				append_jsa(more, pos, c->move);
				continue;
			}
			bool mate;
			int n = cook_line(d, pos, c->move, c->len, sub, res, opt, line, &mate);
			snprintf(note, sizeof note, "余詰 (cook): %s mates in %d%s", name, c->len,
			         mate ? "" : " (its mating line not found within the variations' node limit)");
			add_branch(p, ply, line[0], line + 1, n - 1, mate, note);
			shown++;
		}
		if (left)
			add_comment(p, ply, "tsume: %d more 余詰 (cook)%s not shown (--variations %d):%s", left,
			            left == 1 ? "" : "s", opt->variations, more);
	}
	free(more);
	free(line);
	free(res);
	free(sub);
	free(pos);
}

/* The given answer (opt->answer), when it is not the main line main[0..n):
 * a variation from the ply where it departs from it, marked as the given
 * answer with its verdict (opt->given), so that the composer's line is in
 * the kifu whatever its verdict -- from the main line's 詰み when it plays
 * on where ours ends (a drop ours counts futile).  Its legal moves only;
 * nothing when it is a prefix of the main line. */
static void answer_variation(Parts *p, Dfpn *d, const Position *root, const Move *main, int n,
                             const SolveKifOptions *opt)
{
	Position *pos = malloc(sizeof *pos);
	Move *line = malloc(sizeof *line * (size_t)(opt->n_answer + 1));
	if (!pos || !line) {
		p->failed = true;
	} else {
		pos_copy(pos, root);
		int m = 0; /* the answer's moves legal in turn, in the generator's form */
		while (m < opt->n_answer && pos->ply < POS_MAX_PLY && gen_find_legal(pos, opt->answer[m], &line[m]))
			pos_do_move(pos, line[m++]);
		bool mated = m == opt->n_answer && dfpn_is_mated_in(d, pos);
		int k = 0;
		while (k < m && k < n && move_same(line[k], main[k]))
			k++;
		if (k < m && k <= n) { /* (k == n: it plays on where our line ends in mate) */
			char note[400];
			snprintf(note, sizeof note, "the given answer%s%s", opt->given ? ": " : "",
			         opt->given ? opt->given : "");
			/* a defence the variations show already: the given answer's
			 * line takes that variation's place */
			for (int b = 0; b < p->n_branch; b++)
				if (p->branch[b].ply == k && move_same(p->branch[b].moves[0], line[k])) {
					free((void *)p->branch[b].moves);
					free((void *)p->branch[b].comment);
					memmove(&p->branch[b], &p->branch[b + 1],
					        sizeof *p->branch * (size_t)(p->n_branch - b - 1));
					p->n_branch--;
					break;
				}
			add_branch(p, k, line[k], line + k + 1, m - k - 1, mated, note);
		}
	}
	free(line);
	free(pos);
}

int solve_kif_write(FILE *f, Dfpn *d, const Position *root, const DfpnResult *res, const SolveKifOptions *opt)
{
	Parts p = {0};
	/* the main line: the given answer when the caller judged it one (opt->main), else ours */
	const Move *main = opt->main ? opt->main : res->pv;
	const int n_main = opt->main ? opt->n_main : res->pv_len;
	const bool verified = opt->main ? true : res->pv_verified;
	const bool mate = res->status == DFPN_MATE && n_main > 0;
	char result[160], rule[80], vars[160], sfen[300];
	if (res->status == DFPN_MATE)
		snprintf(result, sizeof result, " result: mate %d%s%s%s", res->len,
		         res->len_minimal ? "" : " (minimality not proven: ",
		         res->len_minimal ? "" : cli_reason_name(res->reason), res->len_minimal ? "" : ")");
	else if (res->status == DFPN_NOMATE)
		snprintf(result, sizeof result, " result: nomate");
	else
		snprintf(result, sizeof result, " result: unknown (%s)", cli_reason_name(res->reason));
	snprintf(rule, sizeof rule, " futile rule: %s", dfpn_futile_name(dfpn_futile(d)));
	snprintf(sfen, sizeof sfen, " sfen %s", opt->sfen ? opt->sfen : "");

	if (res->status == DFPN_NOMATE)
		add_comment(&p, -1, "不詰");
	else if (res->status == DFPN_UNKNOWN)
		add_comment(&p, -1, "unknown: %s", cli_reason_name(res->reason));
	if (res->status == DFPN_MATE && !res->len_minimal)
		add_comment(&p, -1, "mate %d (minimality not proven: %s)", res->len, cli_reason_name(res->reason));
	if (mate && !verified)
		add_comment(
		    &p, -1,
		    "line not verified (%d pl%s, read from the search table; the defence may not be the longest)",
		    n_main, n_main == 1 ? "y" : "ies");
	if (mate && opt->main)
		add_comment(&p, -1, "main line: the given answer");
	if (opt->given)
		add_comment(&p, -1, "given answer: %s", opt->given);
	if (mate && opt->end_note && !opt->main)
		add_comment(&p, n_main - 1, "%s", opt->end_note);
	if (mate && opt->check && opt->check->leftover)
		add_comment(&p, n_main - 1, "駒余り (%d piece%s left in hand at the end of the main line)",
		            opt->check->leftover, opt->check->leftover == 1 ? "" : "s");
	if (mate && opt->check && opt->check->cooks)
		add_comment(&p, -1, "余詰 (cook) x%d%s", opt->check->cooks,
		            opt->variations > 0 ? ": the variations marked 余詰" : ": named at their moves");
	if (mate && opt->variations > 0)
		main_line_variations(&p, d, root, main, n_main, verified, opt);
	if (mate && opt->check && opt->check->cooks)
		cook_variations(&p, d, root, main, opt); /* --variations 0: named in a comment, not searched */
	if (mate && opt->answer && opt->n_answer > 0 && !opt->main)
		answer_variation(&p, d, root, main, n_main, opt);
	snprintf(vars, sizeof vars, " variations: %d (at most %d a defender move, each searched within %llu nodes)",
	         p.n_branch, opt->variations, (unsigned long long)opt->var_nodes);

	char note[200] = "";
	if (opt->note)
		snprintf(note, sizeof note, " %s", opt->note);
	/* the variations' line only for a mate, the note where there is one */
	const char *header[6] = {" ---- tsume 棋譜ファイル ----", sfen, result, rule};
	int n_header = 4;
	if (mate)
		header[n_header++] = vars;
	if (opt->note)
		header[n_header++] = note;
	Kifu k = {
	    .root = root,
	    .header = header,
	    .n_header = n_header,
	    .main = main,
	    .n_main = mate ? n_main : 0,
	    .mate = mate,
	    .branch = p.branch,
	    .n_branch = p.n_branch,
	    .comment = p.comment,
	    .n_comment = p.n_comment,
	};
	int rc = p.failed ? -1 : kifu_write(f, &k);
	parts_free(&p);
	return rc;
}
