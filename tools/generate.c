/* generate.c -- `tsume generate` (see generate.h for the method). */
#include "generate.h"

#include "kif.h"
#include "movegen.h"
#include "notation.h"
#include "problemio.h"
#include "sheet.h"
#include "sfen.h"
#include "verify.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#define GEN_HASH_MB 16
#define GEN_MAX_N 15
#define GEN_PATTERN_MAX (GEN_MAX_N * 12 + 1)

enum { LEVEL_ANY = 0, LEVEL_EASY, LEVEL_MEDIUM, LEVEL_HARD };
static const char *const LEVEL_NAME[] = {"any", "easy", "medium", "hard"};

/* ---- random numbers: splitmix64 (Steele, Lea & Flood, OOPSLA 2014) ---- */

typedef struct {
	uint64_t s;
} Rng;

static uint64_t rng_next(Rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* uniform in 0..n-1 (n > 0) */
static int rng_int(Rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

/* index into weights[0..n-1] drawn with those weights */
static int rng_weighted(Rng *r, const int *w, int n)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += w[i];
	int x = rng_int(r, total);
	for (int i = 0; i < n; i++) {
		if (x < w[i])
			return i;
		x -= w[i];
	}
	return n - 1;
}

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the position being composed ---- */

/* The attacker is sente; the defender (gote) has its king and holds every
 * piece that is neither on the board nor in sente's hand. */
typedef struct {
	Piece board[SQ_NB];
	int hand[HAND_PT_NB]; /* sente's hand, by PieceType PAWN..GOLD */
	Square king;
} Draft;

static const int SET_COUNT[HAND_PT_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

static int draft_pieces(const Draft *d)
{
	int n = 0;
	for (Square sq = 0; sq < SQ_NB; sq++)
		n += d->board[sq] != PIECE_NONE;
	for (int pt = PAWN; pt <= GOLD; pt++)
		n += d->hand[pt];
	return n;
}

static void draft_used(const Draft *d, int used[HAND_PT_NB])
{
	memset(used, 0, sizeof(int) * HAND_PT_NB);
	for (Square sq = 0; sq < SQ_NB; sq++) {
		Piece p = d->board[sq];
		if (p != PIECE_NONE && piece_type(p) != KING)
			used[pt_unpromote(piece_type(p))]++;
	}
	for (int pt = PAWN; pt <= GOLD; pt++)
		used[pt] += d->hand[pt];
}

/* SFEN of the draft, sente to move, gote holding the rest. */
static void draft_sfen(const Draft *d, char *buf, size_t size)
{
	static const char LETTER[] = " PLNSBRGK";
	size_t n = 0;
	for (int rank = 1; rank <= 9; rank++) {
		int empty = 0;
		for (int file = 9; file >= 1; file--) {
			Piece p = d->board[sq_make(file, rank)];
			if (p == PIECE_NONE) {
				empty++;
				continue;
			}
			if (empty)
				n += (size_t)snprintf(buf + n, size - n, "%d", empty);
			empty = 0;
			PieceType pt = piece_type(p);
			char c = LETTER[pt_unpromote(pt)];
			if (piece_color(p) == GOTE)
				c = (char)(c - 'A' + 'a');
			n += (size_t)snprintf(buf + n, size - n, "%s%c", pt_is_promoted(pt) ? "+" : "", c);
		}
		if (empty)
			n += (size_t)snprintf(buf + n, size - n, "%d", empty);
		if (rank < 9)
			n += (size_t)snprintf(buf + n, size - n, "/");
	}
	n += (size_t)snprintf(buf + n, size - n, " b ");
	static const int ORDER[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};
	int used[HAND_PT_NB];
	draft_used(d, used);
	bool any = false;
	for (int side = 0; side < 2; side++) {
		for (int i = 0; i < 7; i++) {
			int pt = ORDER[i];
			int k = side == 0 ? d->hand[pt] : SET_COUNT[pt] - used[pt];
			if (k <= 0)
				continue;
			char c = LETTER[pt];
			if (side == 1)
				c = (char)(c - 'A' + 'a');
			if (k > 1)
				n += (size_t)snprintf(buf + n, size - n, "%d", k);
			n += (size_t)snprintf(buf + n, size - n, "%c", c);
			any = true;
		}
	}
	snprintf(buf + n, size - n, "%s 1", any ? "" : "-");
}

/* ---- one slot ---- */

typedef struct {
	int n;          /* mate length wanted */
	int min_pieces; /* pieces on the board (kings included) + sente's hand */
	int max_pieces;
	int level;
	uint64_t seed;
	uint64_t eval_nodes; /* node budget of one evaluation */
	uint64_t slot_evals; /* evaluations a slot may spend */
	atomic_bool *stop;
} GenParams;

typedef struct {
	bool found;
	char sfen[160];
	Move moves[GEN_MAX_N];
	int nmoves;
	uint64_t nodes; /* solver nodes for the problem from an empty table */
	int checks;     /* checking first moves */
	bool sacrifice; /* the first move puts a piece where the defender can take it */
	bool quiet;     /* the first move is a drop not next to the king */
	double difficulty;
	uint64_t evals; /* evaluations the slot spent */
} GenProblem;

typedef struct {
	Dfpn *dfpn;
	Position pos;
	DfpnResult res;
	VerifyResult vr;
} Worker;

/* Squares within the box of half-width 3 around the king. */
static Square near_square(Rng *r, Square king)
{
	int f = sq_file(king) + rng_int(r, 7) - 3;
	int k = sq_rank(king) + rng_int(r, 6) - 2;
	if (f < 1 || f > 9 || k < 1 || k > 9)
		return SQ_NONE;
	return sq_make(f, k);
}

static PieceType random_attacker_type(Rng *r)
{
	static const PieceType T[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, PRO_PAWN, HORSE, DRAGON, PRO_SILVER};
	static const int W[] = {3, 2, 2, 3, 3, 2, 2, 1, 1, 1, 1};
	return T[rng_weighted(r, W, 11)];
}

static PieceType random_defender_type(Rng *r)
{
	static const PieceType T[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};
	static const int W[] = {4, 1, 1, 2, 3, 1, 1};
	return T[rng_weighted(r, W, 7)];
}

static PieceType random_hand_type(Rng *r)
{
	static const PieceType T[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};
	static const int W[] = {1, 1, 2, 3, 3, 2, 2};
	return T[rng_weighted(r, W, 7)];
}

static bool have_spare(const Draft *d, PieceType pt)
{
	int used[HAND_PT_NB];
	draft_used(d, used);
	PieceType base = pt_unpromote(pt);
	return used[base] < SET_COUNT[base];
}

static Square random_piece_square(Rng *r, const Draft *d)
{
	Square list[SQ_NB];
	int n = 0;
	for (Square sq = 0; sq < SQ_NB; sq++)
		if (d->board[sq] != PIECE_NONE && sq != d->king)
			list[n++] = sq;
	return n ? list[rng_int(r, n)] : SQ_NONE;
}

/* One random change of the draft; false when nothing changed. */
static bool mutate(Rng *r, Draft *d, const GenParams *gp)
{
	static const int W[] = {5, 3, 4, 5, 3, 3, 1, 2};
	int kind = rng_weighted(r, W, 8);
	int pieces = draft_pieces(d);
	switch (kind) {
	case 0: /* add an attacker piece */
	case 1: /* add a defender piece */ {
		if (pieces >= gp->max_pieces)
			return false;
		Square sq = near_square(r, d->king);
		if (sq == SQ_NONE || d->board[sq] != PIECE_NONE)
			return false;
		PieceType pt = kind == 0 ? random_attacker_type(r) : random_defender_type(r);
		if (!have_spare(d, pt))
			return false;
		d->board[sq] = piece_make(kind == 0 ? SENTE : GOTE, pt);
		return true;
	}
	case 2: /* remove a piece */ {
		Square sq = random_piece_square(r, d);
		if (sq == SQ_NONE)
			return false;
		d->board[sq] = PIECE_NONE;
		return true;
	}
	case 3: /* move a piece */ {
		Square from = random_piece_square(r, d);
		Square to = near_square(r, d->king);
		if (from == SQ_NONE || to == SQ_NONE || d->board[to] != PIECE_NONE)
			return false;
		d->board[to] = d->board[from];
		d->board[from] = PIECE_NONE;
		return true;
	}
	case 4: /* add to the attacker's hand */ {
		if (pieces >= gp->max_pieces)
			return false;
		PieceType pt = random_hand_type(r);
		if (!have_spare(d, pt))
			return false;
		d->hand[pt]++;
		return true;
	}
	case 5: /* take from the attacker's hand */ {
		int pt = PAWN + rng_int(r, 7);
		if (!d->hand[pt])
			return false;
		d->hand[pt]--;
		return true;
	}
	case 6: /* move the king one step */ {
		int f = sq_file(d->king) + rng_int(r, 3) - 1, k = sq_rank(d->king) + rng_int(r, 3) - 1;
		if (f < 1 || f > 9 || k < 1 || k > 4)
			return false;
		Square to = sq_make(f, k);
		if (d->board[to] != PIECE_NONE)
			return false;
		d->board[to] = d->board[d->king];
		d->board[d->king] = PIECE_NONE;
		d->king = to;
		return true;
	}
	default: /* promote or demote a piece */ {
		Square sq = random_piece_square(r, d);
		if (sq == SQ_NONE)
			return false;
		Piece p = d->board[sq];
		PieceType pt = piece_type(p);
		if (pt_is_promoted(pt))
			pt = pt_unpromote(pt);
		else if (pt_can_promote(pt))
			pt = pt_promote(pt);
		else
			return false;
		d->board[sq] = piece_make(piece_color(p), pt);
		return true;
	}
	}
}

static void random_start(Rng *r, Draft *d, const GenParams *gp)
{
	memset(d, 0, sizeof *d);
	static const int RANK_W[] = {5, 3, 2, 1};
	d->king = sq_make(1 + rng_int(r, 9), 1 + rng_weighted(r, RANK_W, 4));
	d->board[d->king] = piece_make(GOTE, KING);
	/* half the starts with an empty hand: mates by moves, not only drops */
	int attackers = 1 + rng_int(r, 3), defenders = rng_int(r, 4), hand = rng_int(r, 2) ? 0 : 1 + rng_int(r, 2);
	for (int i = 0; i < 40 && (attackers > 0 || defenders > 0); i++) {
		Square sq = near_square(r, d->king);
		if (sq == SQ_NONE || d->board[sq] != PIECE_NONE)
			continue;
		bool att = attackers > 0;
		PieceType pt = att ? random_attacker_type(r) : random_defender_type(r);
		if (!have_spare(d, pt))
			continue;
		d->board[sq] = piece_make(att ? SENTE : GOTE, pt);
		if (att)
			attackers--;
		else
			defenders--;
	}
	for (int i = 0; i < hand; i++) {
		PieceType pt = random_hand_type(r);
		if (have_spare(d, pt) && draft_pieces(d) < gp->max_pieces)
			d->hand[pt]++;
	}
}

/* The draft as a legal position; false if it is not one (nifu, a piece that
 * can never move, the defender in check, ...). */
static bool draft_position(const Draft *d, Position *pos, char *sfen, size_t size)
{
	draft_sfen(d, sfen, size);
	return sfen_parse_root(pos, sfen, NULL, NULL) == SFEN_OK;
}

/* Minimal mate length of the draft when it is at most N plies, 0 when
 * there is none that short (or a limit was hit), -1 not a legal position.
 * Bounded searches for 1, 3, ... plies: a depth bound makes the common "no
 * short mate" answer cheap, where an unbounded no-mate proof is not. */
static int evaluate(Worker *w, const Draft *d, const GenParams *gp, uint64_t *evals)
{
	char sfen[160];
	if (!draft_position(d, &w->pos, sfen, sizeof sfen))
		return -1;
	(*evals)++;
	DfpnLimits lim = {.max_nodes = gp->eval_nodes, .stop = gp->stop};
	dfpn_clear(w->dfpn);
	for (int len = 1; len <= gp->n; len += 2) {
		DfpnBound b;
		DfpnStatus st = dfpn_mate_within(w->dfpn, &w->pos, SENTE, len, &lim, &b);
		if (st == DFPN_MATE)
			return b.len;
		if (st != DFPN_NOMATE)
			return 0;
	}
	return 0;
}

/* Solver nodes for the draft from an empty table (the difficulty figure). */
static uint64_t solve_nodes(Worker *w, const Draft *d, const GenParams *gp)
{
	char sfen[160];
	if (!draft_position(d, &w->pos, sfen, sizeof sfen))
		return 0;
	DfpnLimits lim = {.max_nodes = gp->eval_nodes * 8, .stop = gp->stop};
	dfpn_clear(w->dfpn);
	dfpn_solve(w->dfpn, &w->pos, &lim, &w->res);
	return w->res.nodes;
}

/* Hill-climbing score: higher is closer to N. */
static int score_of(int len, int n)
{
	if (len <= 0)
		return len - 1;
	return len <= n ? len : n - (len - n);
}

/* Difficulty figures of a sound problem (its SFEN in p->sfen). */
static void rate(Worker *w, GenProblem *p)
{
	sfen_parse_root(&w->pos, p->sfen, NULL, NULL);
	MoveList ml;
	p->checks = gen_checks(&w->pos, &ml);
	Move m = p->moves[0];
	Square to = move_to(m), king = w->pos.king[GOTE];
	int dist = abs(sq_file(to) - sq_file(king));
	if (abs(sq_rank(to) - sq_rank(king)) > dist)
		dist = abs(sq_rank(to) - sq_rank(king));
	p->quiet = move_is_drop(m) && dist > 1;
	/* a sacrifice: some legal reply captures the piece just moved or dropped */
	pos_do_move(&w->pos, m);
	p->sacrifice = false;
	gen_evasions(&w->pos, &ml);
	for (int i = 0; i < ml.n && !p->sacrifice; i++)
		p->sacrifice = !move_is_drop(ml.moves[i]) && move_to(ml.moves[i]) == to;
	pos_undo_move(&w->pos, m);
	p->difficulty = log2((double)p->nodes + 1.0) + log2((double)p->checks + 1.0) + (p->sacrifice ? 2.0 : 0.0) + (p->quiet ? 1.5 : 0.0);
}

/* Level thresholds on the difficulty figure, per N (index N/2): the 33rd and
 * 67th percentiles of the 200 problems of problems/teach-mate{1,3,5,7}; for
 * N >= 9, extrapolated by about +2.5 per two plies. */
static const double LEVEL_LOW[] = {3.8, 6.2, 9.9, 13.3, 15.8, 18.3, 20.8, 23.3};
static const double LEVEL_HIGH[] = {4.2, 7.7, 12.0, 15.8, 18.3, 20.8, 23.3, 25.8};

static int level_of(double difficulty, int n)
{
	int i = n / 2;
	if (i > 7)
		i = 7;
	if (difficulty < LEVEL_LOW[i])
		return LEVEL_EASY;
	if (difficulty < LEVEL_HIGH[i])
		return LEVEL_MEDIUM;
	return LEVEL_HARD;
}

/* Takes unnecessary pieces away while the length stays N; true when the
 * draft then passes every check of verify_problem. */
static bool polish(Worker *w, Draft *d, const GenParams *gp, uint64_t *evals)
{
	char sfen[160];
	for (int round = 0; round < 8; round++) {
		if (!draft_position(d, &w->pos, sfen, sizeof sfen))
			return false;
		/* mate in 1: every move is the final one, so the full check (it
		 * lists the other mating moves) and a unique mating move are asked */
		VerifySpec spec = {.stated_len = gp->n, .given = NULL, .given_len = 0, .first_failure = gp->n > 1};
		DfpnLimits lim = {.max_nodes = gp->eval_nodes * 8, .stop = gp->stop};
		(*evals) += 4;
		unsigned flags = verify_problem(w->dfpn, &w->pos, &spec, &lim, &w->vr);
		if (verify_passed(flags))
			return draft_pieces(d) >= gp->min_pieces && draft_pieces(d) <= gp->max_pieces &&
			       (gp->n > 1 || w->vr.final_alts == 0);
		if (flags != VERIFY_UNNECESSARY || w->vr.unnecessary == 0)
			return false;
		VerifyPiece vp = w->vr.unnecessary_piece[0];
		if (vp.sq == SQ_NONE) {
			if (d->hand[vp.pt] == 0)
				return false;
			d->hand[vp.pt]--;
		} else {
			if (vp.sq == d->king || d->board[vp.sq] == PIECE_NONE)
				return false;
			d->board[vp.sq] = PIECE_NONE;
		}
	}
	return false;
}

/* Searches slot `slot` for a sound problem. */
static void run_slot(Worker *w, const GenParams *gp, uint64_t slot, GenProblem *out)
{
	memset(out, 0, sizeof *out);
	/* the stream of slot i starts at a hash of (seed, i): consecutive slots
	 * must not share a shifted splitmix sequence */
	Rng mix = {gp->seed};
	Rng rng = {rng_next(&mix) ^ (slot * 0xd1342543de82ef95ull)};
	rng.s = rng_next(&rng);
	uint64_t evals = 0;
	int climb_steps = 40 + 25 * gp->n;
	while (evals < gp->slot_evals && !atomic_load(gp->stop)) {
		Draft cur;
		random_start(&rng, &cur, gp);
		int cur_len = evaluate(w, &cur, gp, &evals);
		int cur_score = score_of(cur_len, gp->n);
		int verifies = 0;
		for (int step = 0; step < climb_steps && evals < gp->slot_evals; step++) {
			if (cur_len == gp->n) {
				Draft cand = cur;
				if (verifies++ < 6 && polish(w, &cand, gp, &evals)) {
					GenProblem p = {.found = true};
					char sfen[160];
					draft_position(&cand, &w->pos, sfen, sizeof sfen);
					snprintf(p.sfen, sizeof p.sfen, "%s", sfen);
					p.nmoves = w->vr.line_len;
					memcpy(p.moves, w->vr.line, sizeof(Move) * (size_t)p.nmoves);
					/* the solver's effort from an empty table */
					p.nodes = solve_nodes(w, &cand, gp);
					rate(w, &p);
					if (gp->level == LEVEL_ANY || level_of(p.difficulty, gp->n) == gp->level) {
						p.evals = evals;
						*out = p;
						return;
					}
				}
				if (verifies > 6)
					break;
			}
			Draft next = cur;
			if (!mutate(&rng, &next, gp))
				continue;
			int len = evaluate(w, &next, gp, &evals);
			if (len < 0)
				continue;
			int s = score_of(len, gp->n);
			if (s >= cur_score) {
				cur = next;
				cur_len = len;
				cur_score = s;
			}
		}
	}
	out->evals = evals;
}

/* ---- diversity keys ---- */

/* Solution pattern: each move as (drop?, piece, promotion, from and to
 * relative to the defender's king at the start), the smaller of the text
 * and its mirror image (files reflected). */
static void pattern_key(const GenProblem *p, char *buf, size_t size)
{
	Position pos;
	sfen_parse_root(&pos, p->sfen, NULL, NULL);
	Square king = pos.king[GOTE];
	char text[2][GEN_PATTERN_MAX * 2];
	for (int mirror = 0; mirror < 2; mirror++) {
		size_t n = 0;
		for (int i = 0; i < p->nmoves; i++) {
			Move m = p->moves[i];
			int sign = mirror ? -1 : 1;
			int tf = sign * (sq_file(move_to(m)) - sq_file(king)) + 9, tr = sq_rank(move_to(m)) - sq_rank(king) + 9;
			if (move_is_drop(m)) {
				n += (size_t)snprintf(text[mirror] + n, sizeof text[mirror] - n, "D%d%c%c;", move_drop_pt(m), 'a' + tf,
				                      'a' + tr);
			} else {
				int ff = sign * (sq_file(move_from(m)) - sq_file(king)) + 9,
				    fr = sq_rank(move_from(m)) - sq_rank(king) + 9;
				n += (size_t)snprintf(text[mirror] + n, sizeof text[mirror] - n, "%d%c%c%c%c%s;",
				                      piece_type(move_piece(m)), 'a' + ff, 'a' + fr, 'a' + tf, 'a' + tr,
				                      move_is_promote(m) ? "+" : "");
			}
		}
	}
	snprintf(buf, size, "%s", strcmp(text[0], text[1]) <= 0 ? text[0] : text[1]);
}

/* Position key: the board text and its mirror image, the smaller one. */
static void position_key(const GenProblem *p, char *buf, size_t size)
{
	Position pos;
	sfen_parse_root(&pos, p->sfen, NULL, NULL);
	char a[200], b[200];
	size_t n = 0, m = 0;
	for (int rank = 1; rank <= 9; rank++)
		for (int file = 1; file <= 9; file++) {
			n += (size_t)snprintf(a + n, sizeof a - n, "%02x", pos.board[sq_make(file, rank)]);
			m += (size_t)snprintf(b + m, sizeof b - m, "%02x", pos.board[sq_make(10 - file, rank)]);
		}
	snprintf(buf, size, "%s/%08" PRIx32, strcmp(a, b) <= 0 ? a : b, pos.hand[SENTE]);
}

/* A set of strings (open addressing, grows). */
typedef struct {
	char **slot;
	size_t cap, n;
} StrSet;

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* Adds s; returns false if it was already there (or memory ran out). */
static bool strset_add(StrSet *set, const char *s)
{
	if (set->n * 2 >= set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 256;
		char **slots = calloc(cap, sizeof *slots);
		if (!slots)
			return false;
		for (size_t i = 0; i < set->cap; i++) {
			if (!set->slot[i])
				continue;
			size_t j = str_hash(set->slot[i]) & (cap - 1);
			while (slots[j])
				j = (j + 1) & (cap - 1);
			slots[j] = set->slot[i];
		}
		free(set->slot);
		set->slot = slots;
		set->cap = cap;
	}
	size_t j = str_hash(s) & (set->cap - 1);
	while (set->slot[j]) {
		if (strcmp(set->slot[j], s) == 0)
			return false;
		j = (j + 1) & (set->cap - 1);
	}
	set->slot[j] = strdup(s);
	if (!set->slot[j])
		return false;
	set->n++;
	return true;
}

static bool strset_has(const StrSet *set, const char *s)
{
	if (!set->cap)
		return false;
	size_t j = str_hash(s) & (set->cap - 1);
	while (set->slot[j]) {
		if (strcmp(set->slot[j], s) == 0)
			return true;
		j = (j + 1) & (set->cap - 1);
	}
	return false;
}

static void strset_free(StrSet *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	memset(set, 0, sizeof *set);
}

/* ---- slots in parallel, results in slot order ---- */

typedef struct {
	GenParams params;
	int window; /* slots that may be ahead of the collector */
	GenProblem *ring;
	bool *ready;
	uint64_t next_slot; /* next slot to hand out */
	uint64_t collected; /* slots the collector has taken */
	uint64_t max_slots;
	bool done;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	atomic_bool stop;
} Pool;

static void *gen_worker(void *arg)
{
	Pool *pool = arg;
	Worker *w = calloc(1, sizeof *w);
	if (w)
		w->dfpn = dfpn_new(GEN_HASH_MB);
	if (!w || !w->dfpn) {
		fprintf(stderr, "tsume generate: out of memory\n");
		exit(2);
	}
	GenProblem *p = malloc(sizeof *p);
	for (;;) {
		pthread_mutex_lock(&pool->mu);
		while (!pool->done && pool->next_slot < pool->max_slots &&
		       pool->next_slot >= pool->collected + (uint64_t)pool->window)
			pthread_cond_wait(&pool->cv, &pool->mu);
		if (pool->done || pool->next_slot >= pool->max_slots) {
			pthread_mutex_unlock(&pool->mu);
			break;
		}
		uint64_t slot = pool->next_slot++;
		pthread_mutex_unlock(&pool->mu);
		run_slot(w, &pool->params, slot, p);
		pthread_mutex_lock(&pool->mu);
		pool->ring[slot % (uint64_t)pool->window] = *p;
		pool->ready[slot % (uint64_t)pool->window] = true;
		pthread_cond_broadcast(&pool->cv);
		pthread_mutex_unlock(&pool->mu);
	}
	free(p);
	dfpn_free(w->dfpn);
	free(w);
	return NULL;
}

/* ---- the worksheet ---- */

static int write_sheet(const char *path, const GenProblem *probs, unsigned long long n, int mate, unsigned long long seed)
{
	SheetProblem *sp = calloc(n ? n : 1, sizeof *sp);
	char (*usi)[GEN_MAX_N * 6 + 1] = calloc(n ? n : 1, sizeof *usi);
	if (!sp || !usi) {
		free(sp);
		free(usi);
		fprintf(stderr, "tsume generate: out of memory\n");
		return -1;
	}
	for (unsigned long long i = 0; i < n; i++) {
		size_t len = 0;
		for (int k = 0; k < probs[i].nmoves; k++) {
			char buf[6];
			len += (size_t)snprintf(usi[i] + len, sizeof usi[i] - len, "%s%s", k ? " " : "",
			                        usi_format(probs[i].moves[k], buf));
		}
		sp[i] = (SheetProblem){probs[i].sfen, usi[i], mate, (int)i + 1};
	}
	char title[128], err[256];
	snprintf(title, sizeof title, "詰将棋 %d手詰 (seed %llu)", mate, seed);
	int rc = -1;
	bool to_stdout = strcmp(path, "-") == 0;
	FILE *f = to_stdout ? stdout : fopen(path, "w");
	if (!f) {
		fprintf(stderr, "tsume generate: cannot write %s: %s\n", path, strerror(errno));
	} else if (sheet_write(f, title, sp, (size_t)n, err, sizeof err) != 0) {
		fprintf(stderr, "tsume generate: %s: %s\n", path, err);
		if (!to_stdout)
			fclose(f);
	} else if (to_stdout ? fflush(f) != 0 : fclose(f) != 0) {
		fprintf(stderr, "tsume generate: cannot write %s: %s\n", path, strerror(errno));
	} else {
		rc = 0;
	}
	free(sp);
	free(usi);
	return rc;
}

/* ---- the command ---- */

/* Set by SIGINT (the one piece of process state a signal handler needs):
 * the run stops, and what was found is written and the file closed. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	if (interrupted)
		_exit(130);
	interrupted = 1;
}

#define GENERATE_USAGE                                                                                                 \
	"usage: tsume generate --mate N --count K [--seed S] [--pieces MIN-MAX] [--level easy|medium|hard]\n"           \
	"                      [--jobs J] [--out FILE[.gz]] [--sheet FILE.html] [--quiet]\n"                               \
	"  --mate N       mate length in plies: 1, 3, 5, ... 15\n"                                                     \
	"  --count K      problems to write (1..100000)\n"                                                             \
	"  --seed S       random seed (default 1); the same seed gives the same problems\n"                            \
	"  --pieces A-B   pieces on the board (the defender's king counted) plus the attacker's hand,\n"      \
	"                 3 <= A <= 10, A <= B <= 40\n"                         \
	"                 (default 3-12)\n"                                                                             \
	"  --level L      easy, medium or hard by the difficulty figure (default: any)\n"                               \
	"  --jobs J       worker threads (default: the number of cores); the output does not depend on it\n"          \
	"  --out FILE     problem lines (default standard output; FILE.gz is written with gzip)\n"                     \
	"  --sheet FILE   also write a printable HTML worksheet with the answers on a separate page\n"                  \
	"exit status: 0 all written, 1 fewer than K found (those found are written), 2 bad usage or output error,\n"   \
	"130 interrupted by Ctrl-C (the problems found so far are written)\n"

static bool parse_uint(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
	if (!s || !*s || *s == '-' || *s == '+')
		return false;
	for (const char *p = s; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	errno = 0;
	char *end;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* FILE.gz (any case) is written with gzip */
static bool ends_with_gz(const char *s)
{
	size_t n = strlen(s);
	return n >= 3 && s[n - 3] == '.' && (s[n - 2] | 0x20) == 'g' && (s[n - 1] | 0x20) == 'z';
}

/* The two paths are one file (the same name, or one existing file). */
static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (strcmp(a, b) == 0)
		return true;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}


int cmd_generate(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"mate", required_argument, NULL, 'm'},  {"count", required_argument, NULL, 'c'},
	    {"seed", required_argument, NULL, 's'},  {"pieces", required_argument, NULL, 'p'},
	    {"level", required_argument, NULL, 'l'}, {"jobs", required_argument, NULL, 'j'},
	    {"out", required_argument, NULL, 'o'},   {"sheet", required_argument, NULL, 'S'},
	    {"quiet", no_argument, NULL, 'q'},       {"help", no_argument, NULL, 'h'},
	    {0, 0, 0, 0}};
	unsigned long long mate = 0, count = 0, seed = 1, jobs = (unsigned long long)sysconf(_SC_NPROCESSORS_ONLN);
	int min_pieces = 3, max_pieces = 12, level = LEVEL_ANY, c;
	const char *out_path = NULL, *sheet_path = NULL;
	bool quiet = false;
	optind = 1;
	opterr = 0; /* our own messages, with the "tsume generate:" prefix */
	while ((c = getopt_long(argc, argv, "m:c:s:p:l:j:o:S:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!parse_uint(optarg, 1, GEN_MAX_N, &mate) || mate % 2 == 0) {
				fprintf(stderr, "tsume generate: --mate must be an odd number of plies 1..%d, not '%s'\n", GEN_MAX_N,
				        optarg);
				return 2;
			}
			break;
		case 'c':
			if (!parse_uint(optarg, 1, 100000, &count)) {
				fprintf(stderr, "tsume generate: --count must be 1..100000, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 's':
			if (!parse_uint(optarg, 0, UINT64_MAX, &seed)) {
				fprintf(stderr, "tsume generate: --seed must be a decimal number, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'p': {
			int a, b, used = 0;
			if (sscanf(optarg, "%d-%d%n", &a, &b, &used) != 2 || optarg[used] || a < 3 || a > 10 || b < a || b > 40) {
				fprintf(stderr,
				        "tsume generate: --pieces must be MIN-MAX with 3 <= MIN <= 10 and MIN <= MAX <= 40 (problems are "
				        "grown from a few pieces; a king and one piece never mate), not '%s'\n",
				        optarg);
				return 2;
			}
			min_pieces = a;
			max_pieces = b;
			break;
		}
		case 'l':
			level = -1;
			for (int i = LEVEL_EASY; i <= LEVEL_HARD; i++)
				if (strcmp(optarg, LEVEL_NAME[i]) == 0)
					level = i;
			if (level < 0) {
				fprintf(stderr, "tsume generate: --level must be easy, medium or hard, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'j':
			if (!parse_uint(optarg, 1, 256, &jobs)) {
				fprintf(stderr, "tsume generate: --jobs must be 1..256, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'o':
			out_path = optarg;
			break;
		case 'S':
			sheet_path = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			fputs(GENERATE_USAGE, stdout);
			return 0;
		default:
			fprintf(stderr, "tsume generate: unknown option or missing value: '%s'\n", argv[optind - 1]);
			fputs(GENERATE_USAGE, stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "tsume generate: unexpected argument '%s'\n", argv[optind]);
		fputs(GENERATE_USAGE, stderr);
		return 2;
	}
	if (!mate || !count) {
		fprintf(stderr, "tsume generate: --mate and --count are required\n");
		fputs(GENERATE_USAGE, stderr);
		return 2;
	}
	if (jobs < 1)
		jobs = 1;
	if (jobs > count)
		jobs = count; /* more workers than problems only cost memory; the output is the same */
	if (out_path && sheet_path && same_file(out_path, sheet_path)) {
		fprintf(stderr, "tsume generate: --out and --sheet name the same file '%s'\n", out_path);
		return 2;
	}

	/* a regular file is written under a temporary name and renamed when
	 * complete: an earlier file of that name survives a failed or killed run
	 * (devices and pipes are written directly) */
	PioError perr;
	char tmp_path[4096];
	struct stat st_out;
	bool to_file = out_path && strcmp(out_path, "-") != 0 &&
	               (stat(out_path, &st_out) != 0 || S_ISREG(st_out.st_mode)); /* not a device or pipe */
	if (to_file && snprintf(tmp_path, sizeof tmp_path, "%s.tmp%ld", out_path, (long)getpid()) >= (int)sizeof tmp_path) {
		fprintf(stderr, "tsume generate: %s: path too long\n", out_path);
		return 2;
	}
	PioWriter *wr = pio_write_open(to_file ? tmp_path : out_path ? out_path : "-", out_path && ends_with_gz(out_path), &perr);
	if (!wr) {
		fprintf(stderr, "tsume generate: %s: %s\n", out_path ? out_path : "-", perr.message);
		return 2;
	}

	Pool pool;
	memset(&pool, 0, sizeof pool);
	pool.params.n = (int)mate;
	pool.params.min_pieces = min_pieces;
	pool.params.max_pieces = max_pieces;
	pool.params.level = level;
	pool.params.seed = seed;
	pool.params.eval_nodes = 2000 + 3000 * mate;
	pool.params.slot_evals = 3000 + 1500 * mate;
	pool.params.stop = &pool.stop;
	atomic_store(&pool.stop, false);
	pool.window = (int)jobs * 4;
	pool.max_slots = count * 20 + 100;
	pool.ring = calloc((size_t)pool.window, sizeof *pool.ring);
	pool.ready = calloc((size_t)pool.window, sizeof *pool.ready);
	if (!pool.ring || !pool.ready) {
		fprintf(stderr, "tsume generate: out of memory\n");
		return 2;
	}
	pthread_mutex_init(&pool.mu, NULL);
	pthread_cond_init(&pool.cv, NULL);
	interrupted = 0;
	struct sigaction sa, old_sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, &old_sa);
	pthread_t *threads = calloc((size_t)jobs, sizeof *threads);
	for (unsigned long long i = 0; i < jobs; i++)
		pthread_create(&threads[i], NULL, gen_worker, &pool);

	bool progress = !quiet && isatty(STDERR_FILENO);
	double t0 = now_seconds();
	StrSet patterns = {0}, positions = {0};
	unsigned long long written = 0, dup_pattern = 0, dup_position = 0, empty_slots = 0;
	int rc = 0;
	GenProblem *p = malloc(sizeof *p);
	GenProblem *kept = sheet_path ? calloc((size_t)count, sizeof *kept) : NULL;
	if (!p || (sheet_path && !kept)) {
		fprintf(stderr, "tsume generate: out of memory\n");
		return 2;
	}
	char meta[256], key[GEN_PATTERN_MAX * 2 + 64];
	for (uint64_t slot = 0; slot < pool.max_slots && written < count; slot++) {
		pthread_mutex_lock(&pool.mu);
		size_t i = (size_t)(slot % (uint64_t)pool.window);
		while (!pool.ready[i] && !interrupted) {
			struct timespec until;
			clock_gettime(CLOCK_REALTIME, &until);
			until.tv_nsec += 100000000;
			if (until.tv_nsec >= 1000000000) {
				until.tv_sec++;
				until.tv_nsec -= 1000000000;
			}
			pthread_cond_timedwait(&pool.cv, &pool.mu, &until);
		}
		if (interrupted) {
			pthread_mutex_unlock(&pool.mu);
			fprintf(stderr, "%stsume generate: interrupted; %llu problem%s found, written\n", progress ? "\n" : "",
			        written, written == 1 ? "" : "s");
			rc = 130;
			break;
		}
		*p = pool.ring[i];
		pool.ready[i] = false;
		pool.collected = slot + 1;
		pthread_cond_broadcast(&pool.cv);
		pthread_mutex_unlock(&pool.mu);
		if (!p->found) {
			empty_slots++;
			continue;
		}
		char pkey[GEN_PATTERN_MAX * 2];
		pattern_key(p, pkey, sizeof pkey);
		position_key(p, key, sizeof key);
		if (strset_has(&positions, key)) {
			dup_position++;
			continue;
		}
		if (strset_has(&patterns, pkey)) {
			dup_pattern++;
			continue;
		}
		strset_add(&positions, key);
		strset_add(&patterns, pkey);
		if (kept)
			kept[written] = *p;
		written++;
		Position root;
		sfen_parse_root(&root, p->sfen, NULL, NULL);
		snprintf(meta, sizeof meta,
		         "mate=%d ; seed=%llu ; slot=%" PRIu64 " ; nodes=%" PRIu64
		         " ; checks=%d ; sacrifice=%d ; quiet=%d ; difficulty=%.1f",
		         p->nmoves, seed, slot, p->nodes, p->checks, p->sacrifice, p->quiet, p->difficulty);
		if (pio_write(wr, &root, p->moves, p->nmoves, meta) != PIO_OK) {
			rc = 2;
			break;
		}
		if (progress) {
			double t = now_seconds() - t0;
			fprintf(stderr, "\rgenerate: %llu/%llu mate-in-%llu, %.1f s, %.1f per minute ", written, count, mate, t,
			        t > 0 ? written * 60.0 / t : 0.0);
			fflush(stderr);
		}
	}
	pthread_mutex_lock(&pool.mu);
	pool.done = true;
	atomic_store(&pool.stop, true);
	pthread_cond_broadcast(&pool.cv);
	pthread_mutex_unlock(&pool.mu);
	for (unsigned long long i = 0; i < jobs; i++)
		pthread_join(threads[i], NULL);
	double secs = now_seconds() - t0;
	if (pio_write_close(wr, &perr) != PIO_OK) {
		fprintf(stderr, "tsume generate: %s\n", perr.message);
		rc = 2;
	}
	if (to_file && rc == 2) {
		remove(tmp_path);
	} else if (to_file && rename(tmp_path, out_path) != 0) {
		fprintf(stderr, "tsume generate: %s: %s\n", out_path, strerror(errno));
		remove(tmp_path);
		rc = 2;
	}
	if (sheet_path && rc != 2 && written == 0)
		fprintf(stderr, "tsume generate: no problem found, no sheet written\n");
	else if (sheet_path && rc != 2 && write_sheet(sheet_path, kept, written, (int)mate, seed) != 0)
		rc = 2;
	free(kept);
	if (progress)
		fputc('\n', stderr);
	if (!quiet)
		fprintf(stderr,
		        "generate: %llu mate-in-%llu problems in %.1f s (%.1f per minute, %llu jobs); slots %" PRIu64
		        ": %llu empty, %llu same position, %llu same pattern\n",
		        written, mate, secs, secs > 0 ? written * 60.0 / secs : 0.0, jobs, pool.collected, empty_slots,
		        dup_position, dup_pattern);
	sigaction(SIGINT, &old_sa, NULL);
	if (rc == 0 && written < count) {
		fprintf(stderr, "tsume generate: only %llu of %llu problems found within %" PRIu64 " slots\n", written, count,
		        pool.max_slots);
		rc = 1;
	}
	strset_free(&patterns);
	strset_free(&positions);
	free(p);
	free(threads);
	free(pool.ring);
	free(pool.ready);
	pthread_mutex_destroy(&pool.mu);
	pthread_cond_destroy(&pool.cv);
	return rc;
}
