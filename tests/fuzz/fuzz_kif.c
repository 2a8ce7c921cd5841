/*
 * fuzz_kif.c -- libFuzzer target: `tsume convert` on one KIF file
 * (conv_text in tools/convert/convert.h; UTF-8 or CP932, detected).  A file that
 * converts must give a root that formats as SFEN and a move list that
 * replays legally from it.
 */
#include "conv.h"
#include "fuzz_conv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_convert(data, size, NULL);
	return 0;
}
