// SPDX-License-Identifier: GPL-2.0
/* util.c - the load driver's clock and its way out (load.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

#include "load.h"

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "loadgen: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}
