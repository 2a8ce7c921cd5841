/*
 * problemio.h -- problem sets: one problem a line, plain text or gzip.
 *
 * A line is
 *
 *   [position] [sfen] BOARD SIDE HAND [MOVENUMBER] [moves M1 ... Mn] [# comment]
 *   [position] [sfen] ... [; key=value ; key=value ...]
 *
 * as in the ShogiBoardQ sets ("SFEN moves USI...") and `tsume convert`'s
 * output ("SFEN moves ... ; mate=7 ; source=foo.kif").  The position is
 * the problem (the side to move is the attacker); the moves, if any, are its
 * stated answer, each checked legal.  Also accepted: "startpos"; blank lines
 * and lines whose first non-blank character is '#' (skipped); CRLF line ends;
 * a UTF-8 byte-order mark (at the start of any line, so concatenated files
 * work).  '#' ends the problem text when it comes before any ';'.
 *
 * Metadata: after the first ';', pairs key=value.  A key is letters, digits,
 * '_', '-', '.'; a value runs to the next ';' or to the next blank followed
 * by another "key=", blanks trimmed ("; mate=7 name=SOS by X" gives mate=7,
 * name=SOS by X).  Up to PIO_META_MAX pairs of PIO_VALUE_MAX bytes are kept;
 * more pairs, or longer values, are dropped / cut at a UTF-8 character
 * boundary and flagged in meta_truncated, not treated as errors.  The key
 * "mate" (the stated length, read by verify and sheet) is always kept,
 * wherever it comes (past PIO_META_MAX pairs in place of the last pair
 * kept); it must hold a whole number 1..POS_MAX_PLY and come once:
 * "mate=abc", "mate=-1", "mate=" and a second "mate=" are line errors
 * (field "metadata", the value's column; the key's for a second one).
 *
 * A KIF or CSA file (conv.h; told by its name or its first bytes,
 * conv_detect) is one problem: line 1, converted by conv_file with the
 * hands as the file states them and read as the line "SFEN moves ... ;
 * mate=N ; source=FILE": the moves read are the stated line, N the length
 * the file states (手数：N手, まで N手), else the number of moves read, and
 * the problem is marked kifu (where N and the moves differ, verify judges
 * the stated answer).  A conversion error is a PIO_ERR_LINE with the
 * file's line (0 = the whole file), as is a file that states a length other
 * than an even number of moves it holds (a move lost: no answer).  Standard
 * input ("-") is always read as problem lines.  A file whose first 4 KB
 * look binary (a NUL byte and one control byte in 32) gives one
 * PIO_ERR_STREAM ("binary data ..."), not an error a line.
 *
 * gzip is detected by content, as gzopen does: a file that starts with the
 * gzip magic bytes is inflated (zlib's inflate), its members one after the
 * other as gzip -d reads concatenated members; any other file is read as it
 * is.  Bytes after the last member that do not start another one (text
 * appended to a gzip file) are a stream error naming their byte, not
 * ignored.  Memory is constant (one line buffer) whatever the size of the
 * file; a line longer than PIO_LINE_MAX bytes is reported as an error and
 * skipped without being held; so is a line holding a NUL byte (field
 * "line", the byte's column).  A truncated or corrupt gzip stream is
 * reported once (zlib's message; field "gzip") and ends the stream; a
 * partial last line cut by it is not returned as a problem.  Lines are
 * returned as they are inflated, so damage that still inflates is found
 * only by the CRC check at the end of its member.
 */
#ifndef TSUME_PROBLEMIO_H
#define TSUME_PROBLEMIO_H

#include "position.h"

#include <stdbool.h>
#include <stddef.h>

#define PIO_LINE_MAX 65536 /* longest line in bytes, without its end of line */
#define PIO_META_MAX 8     /* metadata pairs kept per problem */
#define PIO_KEY_MAX 32     /* longest key in bytes */
#define PIO_VALUE_MAX 200  /* longest value in bytes (longer ones are cut) */

/* Status codes (zlib style: 0 ok, positive normal outcome, negative error). */
#define PIO_OK 0
#define PIO_END 1           /* end of the stream: no more problems */
#define PIO_ERR_LINE (-1)   /* this line is bad; the next call reads on */
#define PIO_ERR_STREAM (-2) /* cannot open / read error / corrupt gzip: the stream ends */
#define PIO_ERR_ARG (-3)    /* bad argument (writer: metadata with a line break, n out of range) */

typedef struct {
	char key[PIO_KEY_MAX + 1];
	char value[PIO_VALUE_MAX + 1];
} PioMeta;

/* One problem.  About 250 KB (a Position and a line): allocate it once and
 * reuse it; it owns no heap memory and may be copied with '='. */
typedef struct {
	long line;     /* 1-based line number in the file */
	Position root; /* the position before the moves (ply 0) */
	int n_moves;   /* 0 .. POS_MAX_PLY */
	Move moves[POS_MAX_PLY];
	int n_meta;
	PioMeta meta[PIO_META_MAX];
	bool meta_truncated;         /* some pairs dropped or values cut */
	bool kifu;                   /* read from a KIF or CSA file (conv.h): mate=N is the
	                                length the file states (手数, まで), which may differ
	                                from the moves read -- a verdict, not a bad line */
	bool defender_rest;          /* a KIF whose diagram has no line for the defender's
	                                hand: the defender holds the rest (conv.h) */
	char text[PIO_LINE_MAX + 1]; /* the line, without its end of line and BOM */
} PioProblem;

typedef struct {
	long line;         /* 1-based line number, 0 when not about a line (open, close) */
	const char *field; /* "board", "side", "hand", "move number", "moves", "position" (from
	                      sfen.h), "metadata", "line", "file" or "gzip" */
	int column;        /* 1-based byte column in the line (after a BOM), 0 if none */
	char message[320]; /* the reason, with field and column; no file name or line number
	                      (print "FILE:LINE: message") */
} PioError;

typedef struct PioReader PioReader;

/* Opens a problem file for reading, plain or gzip ("-" = standard input).
 * Returns NULL on failure (file missing, out of memory) with *err filled
 * (if err is not NULL). */
PioReader *pio_open(const char *path, PioError *err);

/* Reads the next problem into *out.  Returns PIO_OK with *out filled;
 * PIO_END at the end of the stream (and on every later call); PIO_ERR_LINE
 * for a bad line (*err has its line number and reason; *out is undefined;
 * call again to read on); PIO_ERR_STREAM when the file cannot be read on
 * (read error, truncated or corrupt gzip): *err says why, and the next call
 * returns PIO_END.  Blank and comment lines are skipped. */
int pio_next(PioReader *r, PioProblem *out, PioError *err);

/* The path given to pio_open, and the number of lines read so far. */
const char *pio_path(const PioReader *r);
long pio_lines_read(const PioReader *r);

/* Closes the file and frees the reader (NULL is allowed). */
void pio_close(PioReader *r);

/* Is the problem's stated answer one length: its line (if any) an odd
 * number of plies (a mate ends with the attacker's move), mate=N (if any)
 * odd, and both the same?  Returns true if so; false with the reason in why
 * (size bytes), e.g. "stated answer: mate=5 but its line has 3 plies" (verify
 * and sheet take such a problem as a bad line).  For a problem of a KIF or
 * CSA file (p->kifu) the line and the length the file states may differ:
 * that is for verify to judge (wrong length, not a mating line). */
bool pio_stated_consistent(const PioProblem *p, char *why, size_t size);

/* The value of the first metadata pair with this key, or NULL. */
const char *pio_meta_get(const PioProblem *p, const char *key);

/* The value of key as a whole decimal number 0..INT32_MAX in *out.  Returns
 * true on success; false if the key is missing or its value is not such a
 * number (*out untouched). */
bool pio_meta_int(const PioProblem *p, const char *key, long *out);

/* Formats the line pio_write writes, without its end of line, into buf
 * (size bytes, NUL-terminated).  Returns its length in bytes, or -1 if it
 * does not fit, or for meta with a line break or n out of 0..POS_MAX_PLY. */
int pio_format(const Position *root, const Move *moves, int n, const char *meta, char *buf, size_t size);

#endif
