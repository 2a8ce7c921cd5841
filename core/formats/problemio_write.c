/* problemio_write.c -- problem lines written, plain or gzip (see
 * problemio_write.h). */
#include "problemio_write.h"
#include "problemio_internal.h"

#include "notation.h"
#include "sfen.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* Opens path ("-" = the stream fd) through zlib with mode. */
static gzFile open_gz(const char *path, int fd, const char *mode)
{
	if (strcmp(path, "-") != 0)
		return gzopen(path, mode);
	int copy = dup(fd);
	if (copy < 0)
		return NULL;
	gzFile gz = gzdopen(copy, mode);
	if (!gz)
		close(copy);
	return gz;
}

struct PioWriter {
	gzFile gz;
	char *path;
	bool failed;
	char reason[160];
	char line[PIO_LINE_MAX + 2]; /* the line being written, end of line included */
};

PioWriter *pio_write_open(const char *path, bool gzip, PioError *err)
{
	PioWriter *w = malloc(sizeof *w);
	if (!w) {
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	w->path = pio_dup_string(path);
	if (!w->path) {
		free(w);
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "out of memory");
		return NULL;
	}
	errno = 0;
	/* "T": zlib writes the bytes as they are (no gzip wrapper) */
	w->gz = open_gz(path, STDOUT_FILENO, gzip ? "wb9" : "wbT");
	if (!w->gz) {
		pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "cannot open for writing: %s",
		              errno ? strerror(errno) : "out of memory");
		free(w->path);
		free(w);
		return NULL;
	}
	w->failed = false;
	w->reason[0] = '\0';
	return w;
}

/* Writes len bytes; a failure is remembered for pio_write_close. */
static int put(PioWriter *w, const char *s, size_t len)
{
	if (w->failed)
		return PIO_ERR_STREAM;
	if (len == 0)
		return PIO_OK;
	if (gzwrite(w->gz, s, (unsigned)len) != (int)len) {
		int errnum = Z_OK;
		const char *msg = gzerror(w->gz, &errnum);
		snprintf(w->reason, sizeof w->reason, "write error: %s",
		         errnum == Z_ERRNO ? strerror(errno) : (msg && *msg ? msg : "unknown"));
		w->failed = true;
		return PIO_ERR_STREAM;
	}
	return PIO_OK;
}

int pio_write(PioWriter *w, const Position *root, const Move *moves, int n, const char *meta)
{
	int len = pio_format(root, moves, n, meta, w->line, sizeof w->line - 1);
	if (len < 0)
		return PIO_ERR_ARG;
	w->line[len] = '\n';
	return put(w, w->line, (size_t)len + 1);
}

int pio_write_comment(PioWriter *w, const char *text)
{
	if (pio_has_line_break(text))
		return PIO_ERR_ARG;
	int rc = put(w, "# ", 2);
	if (rc == PIO_OK)
		rc = put(w, text, strlen(text));
	if (rc == PIO_OK)
		rc = put(w, "\n", 1);
	return rc;
}

int pio_write_close(PioWriter *w, PioError *err)
{
	if (!w)
		return PIO_OK;
	int rc = PIO_OK;
	if (w->failed)
		rc = pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "%s: %s", w->path, w->reason);
	errno = 0;
	int zrc = gzclose(w->gz);
	if (zrc != Z_OK && rc == PIO_OK)
		rc = pio_set_error(err, PIO_ERR_STREAM, 0, "file", 0, "%s: cannot close: %s", w->path,
		                   zrc == Z_ERRNO && errno ? strerror(errno) : "write error");
	free(w->path);
	free(w);
	return rc;
}
