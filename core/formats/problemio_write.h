/*
 * problemio_write.h -- problem collections written: one problem a line,
 * "SFEN[ moves ...][ ; key=value ...]", plain or gzip (the format
 * problemio.h reads).
 */
#ifndef TSUME_PROBLEMIO_WRITE_H
#define TSUME_PROBLEMIO_WRITE_H

#include "problemio.h"

typedef struct PioWriter PioWriter;

/* Opens path for writing problem lines ("-" = standard output): gzip
 * (level 9) when gzip is true, plain text otherwise.  Returns NULL with *err
 * filled on failure. */
PioWriter *pio_write_open(const char *path, bool gzip, PioError *err);

/* Writes one line: "SFEN[ moves M1 ... Mn][ ; META]\n", the SFEN of root as
 * sfen_format writes it (no "sfen" prefix), the moves in USI.  meta (NULL or
 * "" for none) is written as given, e.g. "mate=7 ; source=a.kif"; it must not
 * contain a line break.  Returns PIO_OK, PIO_ERR_ARG (meta with a line break,
 * n < 0 or n > POS_MAX_PLY: nothing written) or PIO_ERR_STREAM (write error;
 * the reason is given by pio_write_close). */
int pio_write(PioWriter *w, const Position *root, const Move *moves, int n, const char *meta);

/* Writes "# TEXT\n" (TEXT must not contain a line break). Returns as pio_write. */
int pio_write_comment(PioWriter *w, const char *text);

/* Flushes and closes the file and frees the writer.  Returns PIO_OK, or
 * PIO_ERR_STREAM with *err filled if any write or the close failed (a full
 * disk shows up here).  NULL w returns PIO_OK. */
int pio_write_close(PioWriter *w, PioError *err);

#endif
