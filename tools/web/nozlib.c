/*
 * nozlib.c -- the zlib functions the web build links, without zlib: the
 * page unpacks a gzip file itself (the browser's DecompressionStream) before
 * tsume reads it, so that gzip data reaching these is said to be unread.
 * emscripten's zlib is a port fetched at build time, which Debian's
 * emscripten does not do; the header is the system's zlib.h (make web).
 */
#include <zlib.h>

#include <stddef.h>

static char nozlib_msg[] = "gzip data is unpacked by the page before tsume reads it: give the file by itself";

int inflateInit2_(z_streamp strm, int windowBits, const char *version, int stream_size)
{
	(void)windowBits;
	(void)version;
	(void)stream_size;
	strm->msg = NULL;
	return Z_OK;
}

int inflate(z_streamp strm, int flush)
{
	(void)flush;
	strm->msg = nozlib_msg;
	return Z_DATA_ERROR;
}

int inflateReset(z_streamp strm)
{
	(void)strm;
	return Z_OK;
}

int inflateEnd(z_streamp strm)
{
	(void)strm;
	return Z_OK;
}

gzFile gzopen(const char *path, const char *mode)
{
	(void)path;
	(void)mode;
	return NULL;
}

int gzread(gzFile file, voidp buf, unsigned len)
{
	(void)file;
	(void)buf;
	(void)len;
	return -1;
}

int gzclose(gzFile file)
{
	(void)file;
	return Z_STREAM_ERROR;
}
