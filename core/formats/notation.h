/*
 * notation.h -- move text.  USI: "7g7f", "8h2b+", "P*5e" (drop letters
 * upper case for both colours), as in the USI protocol specification.
 */
#ifndef TSUME_NOTATION_H
#define TSUME_NOTATION_H

#include "position.h"

/* Writes the USI text of m into buf (at least 6 bytes); returns buf. */
char *usi_format(Move m, char buf[6]);

/* Parses one USI move from text (stops at a space or the end); *len receives
 * the characters consumed.  The result carries to/from/drop/promote but not
 * the moved or captured piece; use gen_find_legal to complete and check it.
 * Returns MOVE_NONE on a syntax error. */
Move usi_parse(const char *text, int *len);

#endif
