/*
 * bytesource.h -- the bytes of a file (or a stream), as they are or, when
 * it starts with the gzip magic bytes, inflated with zlib's inflate member
 * after member, as gzip -d reads concatenated members.  Unlike gzread, data
 * after the last member that does not start another one is an error, not
 * ignored; a truncated or corrupt stream is an error raised after the bytes
 * inflated before it.  Memory is the struct itself (about 200 KB), whatever
 * the file.  The problem-set reader (problemio.c) reads through it.
 */
#ifndef TSUME_BYTESOURCE_H
#define TSUME_BYTESOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <zlib.h>

#define BS_RAW_IN (1u << 16)  /* bytes read from the file at a time */
#define BS_RAW_OUT (1u << 17) /* bytes inflated at a time */

/* An error of the byte source: its field ("file": a read error; "gzip")
 * and message (naming the file and, for data after the stream, the byte);
 * field NULL: none. */
typedef struct {
	const char *field;
	char message[224];
} ByteSourceError;

typedef struct {
	int fd;                     /* read with read(2); the caller's, not closed here */
	const char *name;           /* the file's name in messages ("standard input") */
	bool started;               /* the first bytes were read: gzip is known */
	bool gzip;                  /* the file starts with the gzip magic bytes */
	bool zinit;                 /* zs is initialised (inflateInit2) */
	bool member_end;            /* a gzip member has ended: another one follows, or nothing */
	bool in_eof;                /* read(2) has said end of file */
	bool end;                   /* no more bytes: the end of the data, or failed */
	ByteSourceError pending;    /* an error found while inflating, raised after the bytes before it */
	ByteSourceError failed;     /* the error raised: the data ends */
	unsigned long long in_read; /* bytes read from the file */
	z_stream zs;                /* next_in / avail_in: the bytes read, not yet used */
	const unsigned char *out;   /* the bytes ready: out[out_pos .. out_len) */
	size_t out_pos, out_len;
	unsigned char in[BS_RAW_IN];
	unsigned char inflated[BS_RAW_OUT];
} ByteSource;

/* Starts reading fd (name: the file's name in messages, kept, not
 * copied).  Nothing is read yet: the first bytes are read by bs_next (a
 * terminal on standard input is not waited for at the open). */
void bs_init(ByteSource *s, int fd, const char *name);

/* Makes the next bytes of the data ready at s->out[s->out_pos ..
 * s->out_len).  false at the end of the data, or when an error is raised
 * (s->failed.field set). */
bool bs_next(ByteSource *s);

/* Frees zlib's state (not the fd). */
void bs_end(ByteSource *s);

#endif
