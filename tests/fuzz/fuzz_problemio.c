/*
 * fuzz_problemio.c -- libFuzzer target: the problem-file reader
 * (core/formats/problemio.h) on whole files, plain and gzip.
 *
 * The first byte chooses how the rest reaches pio_open: 0 as it is (the
 * fuzzer may also write a gzip header itself), 1 gzip-compressed, 2
 * gzip-compressed and then cut after a length taken from the second byte,
 * 3 gzip-compressed with one byte of the stream flipped.  Every problem read
 * must format back to an SFEN, every error must name a field.
 */
#include "problemio.h"
#include "sfen.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* data as a gzip stream in a new buffer (*out_len bytes), or NULL. */
static unsigned char *gzip(const uint8_t *data, size_t size, size_t *out_len)
{
	z_stream zs;
	memset(&zs, 0, sizeof zs);
	if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return NULL;
	size_t cap = deflateBound(&zs, (uLong)size) + 32;
	unsigned char *buf = malloc(cap);
	if (!buf) {
		deflateEnd(&zs);
		return NULL;
	}
	zs.next_in = (Bytef *)(uintptr_t)data;
	zs.avail_in = (uInt)size;
	zs.next_out = buf;
	zs.avail_out = (uInt)cap;
	if (deflate(&zs, Z_FINISH) != Z_STREAM_END) {
		deflateEnd(&zs);
		free(buf);
		return NULL;
	}
	*out_len = zs.total_out;
	deflateEnd(&zs);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static PioProblem prob; /* ~250 KB */
	static char path[64];
	if (!path[0]) {
		core_init();
		snprintf(path, sizeof path, "/tmp/tsume-fuzz-pio.%ld", (long)getpid());
	}
	if (size < 2)
		return 0;
	int mode = data[0] & 3;
	unsigned cut = data[1];
	data += 2;
	size -= 2;
	const unsigned char *bytes = data;
	unsigned char *z = NULL;
	size_t len = size;
	if (mode != 0) {
		z = gzip(data, size, &len);
		if (!z)
			return 0;
		bytes = z;
		if (mode == 2 && len > 0)
			len = cut % len;
		else if (mode == 3 && len > 0)
			z[cut % len] ^= (unsigned char)(1 + (cut >> 4));
	}
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0)
		abort();
	free(z);

	PioError err;
	PioReader *r = pio_open(path, &err);
	if (!r)
		abort(); /* the file exists */
	for (int i = 0; i < 100000; i++) {
		int rc = pio_next(r, &prob, &err);
		if (rc == PIO_END)
			break;
		if (rc == PIO_OK) {
			char sfen[160];
			if (sfen_format(&prob.root, sfen, sizeof sfen) < 0 || prob.n_moves < 0 ||
			    prob.n_moves > POS_MAX_PLY || prob.n_meta < 0 || prob.n_meta > PIO_META_MAX)
				abort();
			long v;
			(void)pio_meta_int(&prob, "mate", &v);
		} else if (!err.field || strlen(err.message) >= sizeof err.message) {
			abort();
		}
	}
	pio_close(r);
	unlink(path);
	return 0;
}
