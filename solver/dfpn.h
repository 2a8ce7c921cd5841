/*
 * dfpn.h -- df-pn proof-number search for tsume shogi.
 *
 * Algorithm: depth-first proof-number search (Nagai 2002) with the 1+epsilon
 * threshold trick (Pawlewicz & Lew 2007) and df-pn+ style initial values
 * (the proof number of a new defender node is its number of evasions).
 * OR nodes: the attacker (the side to move at the root) plays checks only.
 * AND nodes: the defender plays every legal evasion.
 *
 *  - Transposition table with hand superiority (tt.h).
 *  - Mate in one at every new OR node (an evasion-less reply is seen when the
 *    children of an OR node are created).
 *  - Repetition: a position repeated on the current path is a non-mate for
 *    that path only (perpetual check loses for the checker).  A disproof
 *    carries the path index of the shallowest repeated position it rests on;
 *    it is stored in the TT only at that position itself, where it holds for
 *    every path (the defender can always come back to it: the GHI treatment
 *    of Kishimoto & Mueller 2004).  Below it, the disproof is kept under the
 *    node's path key in a repetition table (reptable.h, the idea of
 *    KomoringHeights), so that df-pn re-entering the same path does not
 *    search it again.
 *    Under a length budget ("mate within N", the re-searches below) a
 *    repetition of a position far up the path (dfpn_set_repetition_span) is
 *    searched like any other position instead: a shortest mate never repeats
 *    a position (along it the distance to mate falls by one every ply), so
 *    "mate within N" is the same with or without the repetition rule, and the
 *    budget ends every cycle.  Such results hold for every path and go to the
 *    TT; the rule remains a pruning for short cycles.
 *  - No threshold control (TCA): extending thresholds at transpositions
 *    from above sent the search round whole long cycles of an explored
 *    region (search.c, before search_root, has the figures).
 *  - Mate length: every proof carries its length; after the first proof the
 *    root is searched again with the budget "mate within N-2" until that
 *    fails, so the reported length is proven minimal.
 *
 * Futile interpositions (無駄合), as defined in ../shared/problems/cases.tsv:
 * a drop between the king and a checking slider is futile when the checking
 * piece can capture it at once and the defender is then still mated even if
 * the captured piece is given back to the defender's hand; "still mated"
 * allows further futile drops, recursively.  Futile drops are proven without
 * search and do not count toward the mate length; when every evasion is a
 * futile drop the check is mate.  Interpositions by a moving piece always count.
 * futile.h decides futility (and explains its memo); proof.h the proof and
 * disproof hands; pv.h the main line; search.h the search proper.
 *
 * Mate length = plies of the main line: the attacker mates as fast as
 * possible, the defender resists as long as possible.
 *
 * This header is the API; context.h is the context the files behind it
 * share, and doc/hacking.md lists those files.
 */
#ifndef TSUME_DFPN_H
#define TSUME_DFPN_H

#include "dfpn_types.h"
#include "movegen.h"
#include "position.h"

#include <stdatomic.h>
#include <stdio.h>

/* Creates a search context with hash_mb megabytes (>= 1; 0 counts as 1) of
 * tables: 1/16 for the repetition table, the rest for the TT.  Besides them
 * the context holds about 150 KB (path, move arena).  Returns NULL if the
 * memory cannot be allocated. */
Dfpn *dfpn_new(size_t hash_mb);
void dfpn_free(Dfpn *d);
/* Empties the transposition table (between unrelated problems). */
void dfpn_clear(Dfpn *d);

/* The rule names: dfpn_futile_name and dfpn_futile_parse (futile_rule.h). */

/* Sets the futile-interposition rule of d (DFPN_FUTILE_DEFAULT when created).
 * Results under one rule are not valid under another: switching empties the
 * table.  The broad, nogain and answered rules keep their verdicts in
 * caches of 2 MB (made once; broad and answered search on a context of 1/8
 * of d's hash, at least 4 MB, made on first need); returns false, the rule
 * unchanged, when the caches cannot be allocated. */
bool dfpn_set_futile(Dfpn *d, DfpnFutileRule rule);
/* The rule in force. */
DfpnFutileRule dfpn_futile(const Dfpn *d);
/* Sets futile[i] iff the evasion list->moves[i] of pos (the defender to
 * move, in check) is a futile drop under d's rule, as the main line judges
 * (futile_mark); returns the evasions that count. */
int dfpn_mark_futile(Dfpn *d, Position *pos, const MoveList *list, bool *futile);
/* true iff the defender's evasion m of pos (the defender to move, in check)
 * is a futile drop under d's rule, judged as the search judges it
 * (futile_judge_drop in futile.h); hint: -1, or plies within which every
 * evasion of pos that is not a drop is proven mated (a cheaper "not
 * futile", never another verdict).  pos is modified and restored. */
bool dfpn_is_futile_drop(Dfpn *d, Position *pos, Move m, int hint);
/* dfpn_new with the futile rule `rule` instead of DFPN_FUTILE_DEFAULT (the
 * broad and nogain rules' own sub-searches are narrow ones).  NULL when the
 * memory cannot be allocated. */
Dfpn *dfpn_new_with_rule(size_t hash_mb, DfpnFutileRule rule);

/* Searches with `threads` threads (1..DFPN_MAX_THREADS, dfpn_types.h; 1 when created):
 * the calling thread and threads - 1 helpers over one transposition table
 * and repetition table (the scheme and why it is sound: parallel.h).  The
 * results -- mate or no mate, the minimal length -- are those of one thread;
 * the main line and node counts may differ between runs.  Every search
 * uses the threads once it has run a few thousand nodes
 * (dfpn_set_helper_start); a search under a length budget (the re-searches
 * for a shorter mate, dfpn_mate_within with a finite max_len) only while
 * the table is not full, and goes on on the calling thread alone once it
 * is (limit.c): there the helpers' entries once pushed out the calling
 * thread's.  In dfpn_solve's re-searches the helpers first search the held
 * line's positions, deep to shallow (parallel.c).  Returns false, the count
 * unchanged, for a count out of range or when memory or a thread cannot be
 * had (each helper takes about 2.5 MB, and the futility rule's caches and
 * searches as large as the main one's). */
bool dfpn_set_threads(Dfpn *d, int threads);
/* The number of threads of d's searches. */
int dfpn_threads(const Dfpn *d);
/* Lockstep, for measuring what threads cost in nodes (dfpn_set_threads
 * first; slice 0, the default, turns it off): the threads of a search run
 * one at a time, each `slice` nodes (16 or more is sensible) before the
 * next thread by number takes over, so that the node counts of N threads
 * are the same from run to run and on any number of cores (the node
 * overhead of N threads against one, exactly; not the time).  Time limits
 * then measure the threads' sum.  Nothing else changes: the answers are
 * those of N threads.  Call between searches. */
void dfpn_set_lockstep(Dfpn *d, uint64_t slice);

/* With several threads, the helpers join a search once it has run `nodes`
 * nodes on the calling thread (counted from dfpn_solve or
 * dfpn_mate_within), and at least 1,024 in the current phase: the many
 * small searches of the main line and of verify run without a thread
 * wake-up, and the first time the helpers join, the whole table is made
 * resident (tt_populate in tt.h: about 0.28 s per GB here), which a search
 * must be long enough to pay for.  Default DFPN_HELPER_START_PER_MB nodes
 * per megabyte of hash (65,536 for 256 MB, about 0.3 s of search), at least
 * DFPN_HELPER_START_MIN, which is also the start once the table is
 * resident.  0: at once, in every phase -- for tests, where races should
 * show. */
void dfpn_set_helper_start(Dfpn *d, uint64_t nodes);

/* Repetitions under a length budget: a position repeating one at least
 * `plies` plies up the path (values below 4 count as 4) is searched like any
 * other position instead of counting as no mate; nearer repetitions stay
 * non-mates for their path.  Applies to the re-searches for a shorter mate and
 * to dfpn_mate_within with a finite max_len, never to the unbounded first
 * proof.  Any value gives the same answers (see above); it trades re-searching
 * long cycles against path-dependent results.  Default 64: the re-searches of
 * Microcosmos (1,525 plies) took 36.0 M nodes with it, 244.4 M with the rule
 * applied at every distance (before threshold control was added). */
void dfpn_set_repetition_span(Dfpn *d, int plies);

/* A context beside d for a check that counts under another rule without
 * touching d's table (verify's unnecessary-piece test): d itself when d's
 * rule is `rule`; else d's sibling, made on the first call (the same table
 * size, threads, helper start and repetition span), kept and freed with d,
 * its table emptied at each call (in O(1): no allocation per problem).
 * NULL when out of memory. */
Dfpn *dfpn_sibling(Dfpn *d, DfpnFutileRule rule);

/* Solves the position: the side to move is the attacker.  Fills *res and
 * returns res->status.  The table is kept between calls (call dfpn_clear for
 * a fresh start).  root is not modified.
 * As soon as a mate is proven (the first proof, then each shorter one the
 * re-searches prove), a complete line of it is taken out of the table and
 * held (DFPN_MAX_PV moves, in d), so that a limit or the stop flag can only
 * end the search on the best line held: a MATE result always has its line,
 * exactly len plies.  Where the table lost part of the first proof, it is
 * proved again past the node and time limits (not past the stop flag);
 * the walk that reads a line takes up to 96 MB while it runs. */
DfpnStatus dfpn_solve(Dfpn *d, const Position *root, const DfpnLimits *lim, DfpnResult *res);

/* dfpn_solve with one first move: at root the attacker plays `first` (one
 * of the legal checks of root, gen_checks), the rest is dfpn_solve's.  res
 * is the shortest mate beginning with first, its length proven minimal for
 * that first move (len_minimal), its line beginning with first; NOMATE: no
 * mate begins with first.  The table keeps only what holds whatever the
 * first move (the root's own values are not stored), so that calls for the
 * first moves of one root, and dfpn_solve on it, share their work.  first
 * not a legal check of root: DFPN_UNKNOWN (reason DFPN_STOP_NONE), nothing
 * searched.  The KomoringHeights MultiPV of excluded root moves, the other
 * way round: one move kept. */
DfpnStatus dfpn_solve_first(Dfpn *d, const Position *root, Move first, const DfpnLimits *lim, DfpnResult *res);

/* The line held for the shortest mate the running dfpn_solve (or the last
 * one) has proven so far (see dfpn_solve): its length, 0 when none is held
 * yet; copied to line (space for DFPN_MAX_PV moves) unless NULL.  For the
 * search's own thread (lim->progress is called there) or after the search.
 * The result's line is never longer than the last one held. */
int dfpn_held(const Dfpn *d, Move *line);

/* Is there a mate of at most max_len plies for `attacker` from pos?  pos may
 * have either side to move (the defender to move: pos is an AND node, e.g.
 * after a candidate check).  Repetitions are judged from pos on only.  The
 * table is kept, so calls on positions of one problem share their work. */
DfpnStatus dfpn_mate_within(Dfpn *d, const Position *pos, Color attacker, int max_len, const DfpnLimits *lim,
                            DfpnBound *out);

/* true iff the defender (side to move) is in check and every evasion is a
 * futile drop interposition under the narrow rule (see above; defined in
 * futile.c), i.e. the position counts as mate.
 * pos is modified during the call and restored. */
bool dfpn_is_mated(Position *pos);

/* The same under `rule`; DFPN_FUTILE_NONE asks for a plain mate (in check, no
 * legal move).  DFPN_FUTILE_BROAD and _ANSWERED make their searches' state
 * for the call (a 1 MB context; where a Dfpn is at hand dfpn_is_mated_in
 * shares its verdicts);
 * under DFPN_FUTILE_NOGAIN "mated" is the narrow test (futile.h). */
bool dfpn_is_mated_by(Position *pos, DfpnFutileRule rule);

/* The same under d's rule, with d's broad-rule verdicts. */
bool dfpn_is_mated_in(Dfpn *d, Position *pos);

/* As a line_replay callback (core/line.h): arg is a Dfpn * whose rule
 * decides (dfpn_is_mated_in), or NULL for the narrow rule (dfpn_is_mated). */
bool dfpn_line_mated(Position *pos, void *arg);

#endif
