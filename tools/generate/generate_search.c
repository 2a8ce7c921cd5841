/*
 * generate_search.c -- one slot of `tsume generate` (see generate_search.h
 * and, for the method, generate.h).  Changing anything here changes the
 * problems generated for a seed: tests/test_generate.py and the bundled
 * problems/teach-mate*.sfen.gz pin them.
 */
#include "generate_search.h"

#include "dfpn.h"
#include "final_move.h"
#include "movegen.h"
#include "sfen.h"
#include "verify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- the position being composed ---- */

/* The attacker is sente; the defender (gote) has its king and holds every
 * piece that is neither on the board nor in sente's hand. */
typedef struct {
	Piece board[SQ_NB];
	int hand[HAND_PT_NB]; /* sente's hand, by PieceType PAWN..GOLD */
	Square king;
} Draft;

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

/* ---- one slot ---- */

struct GenWorker {
	Dfpn *dfpn;
	Position pos;
	DfpnResult res;
	VerifyResult vr;
	FinalMoves final;
};
typedef struct GenWorker Worker;

GenWorker *gen_worker_new(void)
{
	Worker *w = calloc(1, sizeof *w);
	if (w)
		w->dfpn = dfpn_new(GEN_HASH_MB);
	/* the sub-search of the broad, nogain and answered rules made now, so
	 * that gen_run_slot's dfpn_set_futile cannot fail */
	if (w && w->dfpn && !dfpn_set_futile(w->dfpn, DFPN_FUTILE_BROAD)) {
		dfpn_free(w->dfpn);
		w->dfpn = NULL;
	}
	if (w && !w->dfpn) {
		free(w);
		w = NULL;
	}
	return w;
}

void gen_worker_free(GenWorker *w)
{
	if (w)
		dfpn_free(w->dfpn);
	free(w);
}

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
	static const PieceType T[] = {PAWN, LANCE,    KNIGHT, SILVER, GOLD,      BISHOP,
	                              ROOK, PRO_PAWN, HORSE,  DRAGON, PRO_SILVER};
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
	return used[base] < PIECE_SET_COUNT[base];
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

/* The draft as a legal position, sente to move, gote holding every piece
 * that is neither on the board nor in sente's hand; false if it is not one
 * (nifu, a piece that can never move, the defender in check, ...). */
static bool draft_position(const Draft *d, Position *pos)
{
	int hand[COLOR_NB][HAND_PT_NB] = {{0}}, used[HAND_PT_NB];
	draft_used(d, used);
	for (int pt = PAWN; pt <= GOLD; pt++) {
		hand[SENTE][pt] = d->hand[pt];
		hand[GOTE][pt] = PIECE_SET_COUNT[pt] > used[pt] ? PIECE_SET_COUNT[pt] - used[pt] : 0;
	}
	return sfen_setup(pos, d->board, hand, SENTE, NULL) == SFEN_OK;
}

/* Minimal mate length of the draft when it is at most N plies, 0 when
 * there is none that short (or a limit was hit), -1 not a legal position.
 * Bounded searches for 1, 3, ... plies: a depth bound makes the common "no
 * short mate" answer cheap, where an unbounded no-mate proof is not. */
static int evaluate(Worker *w, const Draft *d, const GenParams *gp, uint64_t *evals)
{
	if (!draft_position(d, &w->pos))
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
	if (!draft_position(d, &w->pos))
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

/* Difficulty figures of a sound problem: the draft d, its main line in p. */
static void rate(Worker *w, const Draft *d, GenProblem *p)
{
	draft_position(d, &w->pos);
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
	double figure = log2((double)p->nodes + 1.0) + log2((double)p->checks + 1.0) + (p->sacrifice ? 2.0 : 0.0) +
	                (p->quiet ? 1.5 : 0.0);
	/* to the tenth printed, so that the figure a reader sees is the one
	 * --level compared with the thresholds (6.17 would print 6.2 and yet
	 * rate below 6.2) */
	p->difficulty = round(figure * 10.0) / 10.0;
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

/* The final move of the main line (w->vr.line, on w->pos) as a teacher marks
 * by it: the only check there that mates, and a plain checkmate (the
 * defender has no legal move at all, not only futile interpositions). */
static bool teaching_final(Worker *w, const GenParams *gp, uint64_t *evals)
{
	DfpnLimits lim = {.max_nodes = gp->eval_nodes, .stop = gp->stop};
	(*evals)++;
	return final_judge(w->dfpn, &w->pos, w->vr.line, w->vr.line_len, &lim, &w->final) && !w->final.undecided &&
	       w->final.replies == 0 && w->final.alts == 0;
}

/* Takes unnecessary pieces away while the length stays N; true when the
 * draft then passes every check of verify_problem. */
static bool polish(Worker *w, Draft *d, const GenParams *gp, uint64_t *evals)
{
	for (int round = 0; round < 8; round++) {
		if (!draft_position(d, &w->pos))
			return false;
		/* mate in 1: every move is the final one, so the full check (it
		 * lists the other mating moves) and a unique mating move are asked */
		VerifySpec spec = {.stated_len = gp->n, .given = NULL, .given_len = 0, .first_failure = gp->n > 1};
		DfpnLimits lim = {.max_nodes = gp->eval_nodes * 8, .stop = gp->stop};
		(*evals) += 4;
		unsigned flags = verify_problem(w->dfpn, &w->pos, &spec, &lim, &w->vr);
		if (verify_passed(flags))
			return draft_pieces(d) >= gp->min_pieces && draft_pieces(d) <= gp->max_pieces &&
			       (gp->n > 1 || w->vr.final_alts == 0) && teaching_final(w, gp, evals);
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

/* gen_run_slot (generate_search.h). */
void gen_run_slot(Worker *w, const GenParams *gp, uint64_t slot, GenProblem *out)
{
	memset(out, 0, sizeof *out);
	dfpn_set_futile(w->dfpn, gp->futile); /* cannot fail: gen_worker_new */
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
					draft_position(&cand, &w->pos);
					sfen_format(&w->pos, p.sfen, sizeof p.sfen);
					p.nmoves = w->vr.line_len;
					memcpy(p.moves, w->vr.line, sizeof(Move) * (size_t)p.nmoves);
					/* the solver's effort from an empty table */
					p.nodes = solve_nodes(w, &cand, gp);
					rate(w, &cand, &p);
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
