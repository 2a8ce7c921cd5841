/* bytesource.c -- a file's bytes, plain or inflated gzip members (see
 * bytesource.h). */
#include "bytesource.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stddef.h>
#include <unistd.h>

void bs_init(ByteSource *r, int fd, const char *name)
{
	memset(r, 0, offsetof(ByteSource, in));
	r->fd = fd;
	r->name = name;
	r->zs.next_in = r->in;
	r->out = r->in;
}

void bs_end(ByteSource *r)
{
	if (r->zinit)
		inflateEnd(&r->zs);
	r->zinit = false;
}

/* Notes an error of the byte source, raised once the bytes before it are
 * read (the first one noted counts). */
static void note_error(ByteSource *r, const char *field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note_error(ByteSource *r, const char *field, const char *fmt, ...)
{
	if (r->pending.field)
		return;
	r->pending.field = field;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->pending.message, sizeof r->pending.message, fmt, ap);
	va_end(ap);
}

/* The file's name in a gzip message (zlib's gzerror said the same). */
static const char *shown_path(const ByteSource *r) { return r->name; }

/* Reads more of the file after the bytes not yet used (moved to the start
 * of r->in).  1: bytes read; 0: the end of the file; -1: a read error
 * (noted). */
static int read_more(ByteSource *r)
{
	if (r->in_eof)
		return 0;
	size_t have = r->zs.avail_in;
	if (have == BS_RAW_IN)
		return 1; /* full: nothing to read into */
	if (have && r->zs.next_in != r->in)
		memmove(r->in, r->zs.next_in, have);
	r->zs.next_in = r->in;
	ssize_t n;
	do
		n = read(r->fd, r->in + have, BS_RAW_IN - have);
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		note_error(r, "file", "read error: %s", strerror(errno));
		r->in_eof = true;
		return -1;
	}
	if (n == 0) {
		r->in_eof = true;
		return 0;
	}
	r->zs.avail_in = (uInt)(have + (size_t)n);
	r->in_read += (unsigned long long)n;
	return 1;
}

/* After a member, at a zero byte: skips zero bytes; true when they run to
 * the end of the file (padding, as tape and block devices leave it, which
 * gzip -d ignores), false at the first other byte (left to read). */
static bool zero_padding(ByteSource *r)
{
	for (;;) {
		while (r->zs.avail_in > 0 && r->zs.next_in[0] == 0) {
			r->zs.next_in++;
			r->zs.avail_in--;
		}
		if (r->zs.avail_in > 0)
			return false;
		if (read_more(r) <= 0)
			return !r->pending.field;
	}
}

/* Inflates into r->inflated up to the end of a member (as gzread does):
 * after one, the next bytes must start another gzip member, or be the end
 * of the file.  A truncated stream keeps the bytes inflated before its end;
 * a corrupt one (a bad CRC, bad deflate data, data after the last member)
 * drops the bytes of this call, as gzread does.  Returns the bytes made. */
static size_t inflate_more(ByteSource *r)
{
	r->zs.next_out = r->inflated;
	r->zs.avail_out = BS_RAW_OUT;
	while (r->zs.avail_out > 0) {
		if (r->member_end) {
			while (r->zs.avail_in < 2 && read_more(r) > 0)
				;
			if (r->pending.field || r->zs.avail_in == 0)
				break; /* a read error, or the end of the file after the last member */
			if (r->zs.next_in[0] == 0 && zero_padding(r))
				break; /* zero bytes to the end of the file: padding, as gzip -d reads it */
			if (r->zs.avail_in < 2 || r->zs.next_in[0] != 0x1f || r->zs.next_in[1] != 0x8b) {
				note_error(r, "gzip",
				           "gzip: %s: data after the end of the gzip stream (byte %llu of the file), "
				           "not a gzip member",
				           shown_path(r), r->in_read - r->zs.avail_in + 1);
				break;
			}
			inflateReset(&r->zs); /* the next member */
			r->member_end = false;
		}
		if (r->zs.avail_in == 0 && read_more(r) <= 0) {
			note_error(r, "gzip", "gzip: %s: unexpected end of file", shown_path(r));
			break;
		}
		int ret = inflate(&r->zs, Z_NO_FLUSH);
		if (ret == Z_STREAM_END) {
			r->member_end = true;
			break;
		}
		if (ret != Z_OK) { /* Z_DATA_ERROR, Z_MEM_ERROR ...; no Z_BUF_ERROR: input and space were given */
			const char *why = r->zs.msg ? r->zs.msg : "compressed data error";
			note_error(r, "gzip", "gzip: %s: %s", shown_path(r),
			           ret == Z_MEM_ERROR ? "out of memory" : why);
			return 0;
		}
	}
	return BS_RAW_OUT - r->zs.avail_out;
}

bool bs_next(ByteSource *r)
{
	r->out_pos = r->out_len = 0;
	if (!r->started) {
		/* gzip or not by the first two bytes, as gzopen tells (read at the
		 * first read, not at pio_open: standard input may be a terminal) */
		r->started = true;
		while (r->zs.avail_in < 2 && read_more(r) > 0)
			;
		r->gzip = r->zs.avail_in >= 2 && r->zs.next_in[0] == 0x1f && r->zs.next_in[1] == 0x8b;
		if (r->gzip && inflateInit2(&r->zs, 15 + 16) != Z_OK) /* gzip only */
			note_error(r, "file", "out of memory");
		r->zinit = r->gzip && !r->pending.field;
	}
	while (!r->end) {
		if (!r->gzip) {
			if (r->zs.avail_in > 0 || read_more(r) > 0) {
				r->out = r->zs.next_in;
				r->out_len = r->zs.avail_in;
				r->zs.avail_in = 0;
				return true;
			}
		} else if (r->zinit) {
			r->out = r->inflated;
			r->out_len = inflate_more(r);
			if (r->out_len > 0)
				return true;
			if (!r->pending.field && !(r->member_end && r->in_eof && r->zs.avail_in == 0))
				continue; /* a member ended without a byte: on to the next */
		}
		r->end = true;
		r->failed = r->pending; /* no field: the end of the data */
	}
	return false;
}
