/*
 * problemio_internal.h -- what the reader (problemio.c) and the writer
 * (problemio_write.c) of problem collections share.  Not for other modules.
 */
#ifndef TSUME_PROBLEMIO_INTERNAL_H
#define TSUME_PROBLEMIO_INTERNAL_H

#include "problemio.h"

#include <string.h>

/* Fills *err (if not NULL): line, field, column and the message from fmt;
 * returns code. */
int pio_set_error(PioError *err, int code, long line, const char *field, int column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* A copy of s on the heap, or NULL when out of memory. */
char *pio_dup_string(const char *s);

/* true iff s (may be NULL) holds a line break. */
static inline bool pio_has_line_break(const char *s) { return s && strpbrk(s, "\r\n") != NULL; }

#endif
