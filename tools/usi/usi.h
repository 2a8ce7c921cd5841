/* usi.h -- `tsume usi`: the USI protocol's `go mate` engine for shogi GUIs. */
#ifndef TSUME_USI_H
#define TSUME_USI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Bounds on what the commands may ask for (the fuzz target keeps searches tiny). */
typedef struct {
	size_t max_hash_mb; /* largest USI_Hash accepted, 0 = 1048576; also caps the default */
	uint64_t max_nodes; /* node limit of every search, 0 = none */
} UsiConfig;

/* Runs the USI loop on in/out until `quit` or the end of input.  first_line,
 * when not NULL, is a command already read (e.g. "usi").  Returns 0, or 1
 * if memory for the engine's state and its line buffer (about 1.5 MB) cannot be allocated. */
int usi_run(FILE *in, FILE *out, const char *first_line);

/* usi_run within the bounds of *cfg (NULL: none). */
int usi_run_config(FILE *in, FILE *out, const char *first_line, const UsiConfig *cfg);

#endif
