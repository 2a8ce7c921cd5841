/*
 * fuzz_usi.c -- libFuzzer target: the USI command loop (tools/usi/usi.h) driven
 * by the input as lines on its standard input.  Searches are kept tiny:
 * USI_Hash at most 1 MB and 2,000 nodes a search; the output is discarded.
 */
#include "usi.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	if (size == 0)
		return 0;
	FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
	if (!in)
		return 0;
	const UsiConfig cfg = {.max_hash_mb = 1, .max_nodes = 2000};
	usi_run_config(in, sink, NULL, &cfg);
	fclose(in);
	return 0;
}
