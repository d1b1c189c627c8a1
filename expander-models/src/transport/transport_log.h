/* SPDX-License-Identifier: GPL-2.0 */
/*
 * transport_log.h - the transport's diagnostics (vhost-user messages,
 * rings, connections): one line each, "who: message", on stderr by
 * default. Not the bus log (log.h): nothing here is a record.
 */
#ifndef EXPANDER_TRANSPORT_LOG_H
#define EXPANDER_TRANSPORT_LOG_H

#include <stdarg.h>
#include <stdio.h>

/* Where the lines go; NULL silences them (unit tests use a memstream). */
void transport_log_to(FILE *f);
void transport_log(const char *who, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void transport_log_va(const char *who, const char *fmt, va_list ap);

#endif
