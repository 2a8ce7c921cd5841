/*
 * generate.h -- `tsume generate`: mate-in-N teaching problems.
 *
 * Method (hill climbing by random mutation, the common approach of computer
 * tsume composition; this implementation is our own): a problem is searched
 * for in "slots" numbered
 * 0, 1, 2, ...  Slot i draws from its own random stream seeded by (seed, i):
 * a small start position around the defender's king is mutated (pieces
 * added, removed, moved, promoted; attacker's hand changed) and a mutation
 * is kept when the proven minimal mate length moves towards N.  At exactly N
 * the candidate goes through verify_problem (solver/verify/verify.h): unnecessary
 * pieces are taken away one at a time, and it is kept only when every check
 * passes (exact length, no 余詰 before the final move, no 駒余り, no
 * unnecessary piece), its key's final move is the only mating one and a
 * plain checkmate (final_move.h), and its difficulty matches the level
 * asked for.
 * The slots' results are taken in slot order, skipping a problem whose
 * position or solution pattern (moves relative to the king, mirror
 * normalised) was already taken.  Every search inside a slot is bounded by
 * nodes, not time, and starts from an empty table, so the output depends
 * only on the options and the seed -- not on --jobs or the machine.
 */
#ifndef TSUME_GENERATE_H
#define TSUME_GENERATE_H

#include "generate_opts.h"
#include "generate_search.h"
#include "generate_shard.h"

#include <stddef.h>
#include <stdint.h>

/* Runs the generate sub-command; returns the exit status: 0 all K problems
 * written, 1 fewer than K found within the slot budget (the ones found are
 * written), 2 bad usage or an output file that cannot be written, 130
 * interrupted by SIGINT (the ones found so far are written, the file is
 * closed properly). */
int cmd_generate(int argc, char **argv);

/* The run of the options o (gen_parse_options): the worker threads, the
 * slots' results taken in slot order, the problem lines written to
 * o->out_path (and the worksheet to o->sheet_path), the closing figures on
 * stderr unless o->quiet.  A shard (o->shard.count > 0) takes only its
 * slots, writes every problem found (the merge skips repeats), stops after
 * gen_shard_target of them and ends its output with gen_shard_trailer's
 * line.  known (NULL: none) holds slots searched before, whose results are
 * taken instead of searching them again (tsume merge).  prog prefixes the
 * messages about the output ("tsume generate").  Returns the exit status of
 * cmd_generate; a shard's is 0 also when its slots ran out (the merge
 * decides). */
int gen_run(const GenOptions *o, const GenKnown *known, const char *prog);

/* The slots a run of count problems may take: slots 0..budget-1. */
uint64_t gen_slot_budget(uint64_t count);

/* Writes the metadata of the problem line of slot `slot`'s problem p in a
 * run of seed `seed` to buf (size bytes): "mate=3 ; seed=5 ; slot=7 ;
 * nodes=22 ; checks=17 ; sacrifice=0 ; quiet=0 ; difficulty=8.7".  Returns
 * what snprintf returns. */
int gen_format_meta(char *buf, size_t size, const GenProblem *p, uint64_t seed, uint64_t slot);

#endif
