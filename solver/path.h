/*
 * path.h -- the positions on the current search path (the root, then one
 * per move played by the search), for repetition detection.
 *
 * A position repeated on the path is no mate for that path (perpetual check
 * loses for the checker, dfpn.h), so every new child asks path_find whether
 * its position is already on the path.  Most answers are "no": a counting
 * filter indexed by the top PATH_FILTER_BITS bits of the key answers those
 * in one load, and only a filter hit scans the exact keys.
 *
 * Besides the position keys the path keeps, by path index, the *path key* of
 * each node (reptable.h): a hash of the moves from the search root, the key
 * under which results true on this path only are remembered.
 *
 * All functions are static inline: they run at every node of the search.
 */
#ifndef TSUME_PATH_H
#define TSUME_PATH_H

#include "position.h"
#include "reptable.h"

#include <string.h>

#define PATH_FILTER_BITS 16

typedef struct {
	uint8_t filter[1 << PATH_FILTER_BITS];       /* keys on the path by path_slot(key) */
	uint64_t keys[POS_MAX_PLY + 1];              /* position keys (pos_key) by path index */
	uint64_t hash[POS_MAX_PLY + 1];              /* path keys (reptable.h) by path index */
	uint8_t board_filter[1 << PATH_FILTER_BITS]; /* board keys on the path by path_slot(board key) */
	uint64_t board[POS_MAX_PLY + 1];             /* board keys (pos_board_key) by path index */
	Hand hand[POS_MAX_PLY + 1];                  /* the attacker's hand by path index */
	Move moves[POS_MAX_PLY + 1];                 /* the move that reached each index (MOVE_NONE at 0) */
	int len;                                     /* positions on the path; the current one is len - 1 */
} Path;

/* Empties the path. */
static inline void path_reset(Path *p)
{
	memset(p->filter, 0, sizeof p->filter);
	memset(p->board_filter, 0, sizeof p->board_filter);
	p->len = 0;
}

/* The filter slot of a position key: its top PATH_FILTER_BITS bits. */
static inline unsigned path_slot(uint64_t key) { return (unsigned)(key >> (64 - PATH_FILTER_BITS)); }

/* Adds the position with key `key` (pos_key), board key `board`
 * (pos_board_key) and the attacker's hand `hand`, reached by `move` from the
 * current end of the path (MOVE_NONE for the root, whose path key is 0).
 * Precondition: p->len <= POS_MAX_PLY. */
static inline void path_push_keys(Path *p, uint64_t key, uint64_t board, Hand hand, Move move)
{
	p->hash[p->len] = p->len ? rt_path_key(p->hash[p->len - 1], (uint32_t)move) : 0;
	p->moves[p->len] = move;
	p->board[p->len] = board;
	p->hand[p->len] = hand;
	p->keys[p->len++] = key;
	p->filter[path_slot(key)]++;
	p->board_filter[path_slot(board)]++;
}

/* path_push_keys for the position pos, whose attacker is `attacker`. */
static inline void path_push(Path *p, const Position *pos, Color attacker, Move move)
{
	path_push_keys(p, pos_key(pos), pos_board_key(pos), pos->hand[attacker], move);
}

/* Removes the last position.  Precondition: p->len > 0. */
static inline void path_pop(Path *p)
{
	uint64_t key = p->keys[--p->len];
	p->filter[path_slot(key)]--;
	p->board_filter[path_slot(p->board[p->len])]--;
}

/* Index on the path of the deepest position with this board (board key
 * `board`, the same side to move) where the attacker held at least `hand`
 * -- the position itself or one the attacker is better off in: coming back
 * to the board with no more in hand gains the attacker nothing -- or -1. */
static inline int path_find_inferior(const Path *p, uint64_t board, Hand hand)
{
	if (!p->board_filter[path_slot(board)])
		return -1;
	for (int i = p->len - 1; i >= 0; i--)
		if (p->board[i] == board && hand_ge(p->hand[i], hand))
			return i;
	return -1;
}

/* Index on the path of the position with this key (the deepest one if it
 * occurs twice), or -1 if it is not on the path. */
static inline int path_find(const Path *p, uint64_t key)
{
	if (!p->filter[path_slot(key)])
		return -1;
	for (int i = p->len - 1; i >= 0; i--)
		if (p->keys[i] == key)
			return i;
	return -1;
}

/* Makes dst the first len positions of src (0 < len <= src->len): the path
 * of an ancestor of src's last position. */
static inline void path_copy_prefix(Path *dst, const Path *src, int len)
{
	path_reset(dst);
	memcpy(dst->hash, src->hash, (size_t)len * sizeof *dst->hash);
	memcpy(dst->moves, src->moves, (size_t)len * sizeof *dst->moves);
	memcpy(dst->board, src->board, (size_t)len * sizeof *dst->board);
	memcpy(dst->hand, src->hand, (size_t)len * sizeof *dst->hand);
	for (int i = 0; i < len; i++) {
		dst->keys[i] = src->keys[i];
		dst->filter[path_slot(src->keys[i])]++;
		dst->board_filter[path_slot(src->board[i])]++;
	}
	dst->len = len;
}

static inline bool path_contains(const Path *p, uint64_t key) { return path_find(p, key) >= 0; }

/* The path key of the current (last) position.  Precondition: p->len > 0. */
static inline uint64_t path_top_hash(const Path *p) { return p->hash[p->len - 1]; }

/* The path key the position reached by `move` from the current one would
 * have (what path_push would give it).  Precondition: p->len > 0. */
static inline uint64_t path_child_hash(const Path *p, Move move)
{
	return rt_path_key(path_top_hash(p), (uint32_t)move);
}

#endif
