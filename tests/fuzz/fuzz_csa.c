/*
 * fuzz_csa.c -- libFuzzer target: `tsume convert` on one CSA file.  The
 * input follows a "V2.2" line so that conv_text reads it as CSA (unless it
 * holds a KIF diagram line).  Checks as in fuzz_kif.c.
 */
#include "conv.h"
#include "fuzz_conv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_convert(data, size, "V2.2\n");
	return 0;
}
