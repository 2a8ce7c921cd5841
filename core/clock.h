/*
 * clock.h -- wall time for limits and reports: seconds of the monotonic
 * clock (POSIX clock_gettime(CLOCK_MONOTONIC)), which no change of the
 * system date moves.  One copy for the solver's --time limit, verify's
 * budget and the tools' figures.
 */
#ifndef TSUME_CLOCK_H
#define TSUME_CLOCK_H

#include <time.h>

/* Seconds since an arbitrary fixed point (differences are what count),
 * with the clock's resolution (nanoseconds on Linux). */
static inline double clock_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
