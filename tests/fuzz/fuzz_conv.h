/*
 * fuzz_conv.h -- the body shared by the KIF and CSA fuzz targets.
 */
#ifndef TSUME_FUZZ_CONV_H
#define TSUME_FUZZ_CONV_H

#include "conv.h"
#include "movegen.h"
#include "sfen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Converts prefix + data, without and (if that worked) with --rest, and
 * checks the result; aborts on an inconsistency. */
static inline void fuzz_convert(const uint8_t *data, size_t size, const char *prefix)
{
	static ConvProblem out; /* ~185 KB */
	static Position pos;
	static bool ready;
	if (!ready) {
		core_init();
		ready = true;
	}
	size_t plen = prefix ? strlen(prefix) : 0;
	char *buf = malloc(plen + size + 1);
	if (!buf)
		return;
	memcpy(buf, prefix ? prefix : "", plen);
	memcpy(buf + plen, data, size);
	for (int rest = 0; rest < 2; rest++) {
		if (conv_text(buf, plen + size, rest, &out) != 0) {
			if (strlen(out.error) >= sizeof out.error || out.line < 0)
				abort();
			break;
		}
		char sfen[160];
		if (out.n_moves < 0 || out.n_moves > POS_MAX_PLY || sfen_format(&out.root, sfen, sizeof sfen) < 0)
			abort();
		pos = out.root;
		for (int i = 0; i < out.n_moves; i++) {
			if (!gen_is_legal(&pos, out.moves[i]))
				abort();
			pos_do_move(&pos, out.moves[i]);
		}
	}
	free(buf);
}

#endif
