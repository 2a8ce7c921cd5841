/*
 * fuzz_sfen.c -- libFuzzer target: the SFEN parser (core/formats/sfen.h).
 *
 * The input is one position text.  A position that parses must format to an
 * SFEN that parses again to the same SFEN, and its move generators must run
 * (assertions are on in the fuzz build: pos_is_ok after every do/undo).
 */
#include "movegen.h"
#include "sfen.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static Position pos, again;
	static bool ready;
	if (!ready) {
		core_init();
		ready = true;
	}
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	SfenError err;
	const char *moves = NULL;
	if (sfen_parse_root(&pos, text, &err, &moves) == SFEN_OK) {
		if (moves)
			sfen_play_moves(&pos, moves, (int)(moves - text) + 1, NULL, POS_MAX_PLY, &err);
		char a[160], b[160];
		if (sfen_format(&pos, a, sizeof a) < 0)
			abort();
		if (sfen_parse(&again, a, &err) != SFEN_OK || sfen_format(&again, b, sizeof b) < 0 || strcmp(a, b) != 0)
			abort(); /* what we write must read back as the same position */
		MoveList list;
		gen_legal(&pos, &list);
		gen_checks(&pos, &list);
		if (pos_in_check(&pos))
			gen_evasions(&pos, &list);
	} else if (strlen(err.message) >= sizeof err.message || !err.field) {
		abort();
	}
	free(text);
	return 0;
}
