/*
 * futile_end.h -- a mating line that ends in check, not in a plain mate:
 * the defender is left only interpositions that the futile-interposition
 * rule in force calls futile (無駄合, futile.h), so the line is mate under
 * that rule, while a shogi GUI that replays it shows the defender in check
 * with legal replies.  Telling the user so, and the line played on with
 * those interpositions made and answered, down to a mate with no legal
 * reply (the line a board counts: rule none).
 */
#ifndef TSUME_FUTILE_END_H
#define TSUME_FUTILE_END_H

#include "dfpn.h"

/* The defender's legal replies after line[0..n) from root (a mating line of
 * a search under some rule: every reply left is futile under it): 0 for a
 * plain mate; squares: the squares they go to, as up to `max` USI squares
 * ("9e") in squares[] (space for max entries of 3 bytes) and their number in
 * *n_squares (all, even past max).  line must be legal from root. */
int futile_end_replies(const Position *root, const Move *line, int n, char (*squares)[3], int max, int *n_squares);

/* line[0..n) (a mating line from root ending with the defender in check and
 * futile replies only: futile_end_replies > 0) played on to a plain mate:
 * out[0..n) = line, then the defender's reply whose plain mate is longest
 * and that mate, searched with every interposition counted (rule none, on
 * d's sibling context: d's table is not touched), each reply within
 * max_nodes nodes (0: no limit) and stop (may be NULL).  out: space for
 * DFPN_MAX_PV moves.  Returns the played-out line's length, more than n;
 * 0 when a limit stopped a search, a reply has no mate (no rule calls such
 * a reply futile), d's rule is none (its mates are plain) or memory failed. */
int futile_end_play_out(Dfpn *d, const Position *root, const Move *line, int n, uint64_t max_nodes, atomic_bool *stop,
                        Move *out);

#endif
