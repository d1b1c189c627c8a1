// SPDX-License-Identifier: GPL-2.0
/* transport_log.c - the transport's diagnostic lines (transport_log.h). */
#include <stdbool.h>

#include "transport/transport_log.h"

static FILE *log_file;
static bool log_set;

void transport_log_to(FILE *f)
{
	log_file = f;
	log_set = true;
}

void transport_log_va(const char *who, const char *fmt, va_list ap)
{
	FILE *f = log_set ? log_file : stderr;

	if (!f)
		return;
	fprintf(f, "%s: ", who ? who : "vhost-user");
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	fflush(f);
}

void transport_log(const char *who, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	transport_log_va(who, fmt, ap);
	va_end(ap);
}
