/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errname.h - the symbolic name of an errno value, for guest tests that
 * assert the exact error ("EIO", not "Input/output error"). glibc's
 * strerrorname_np() knows them all; an includer defines _GNU_SOURCE
 * before its first system header.
 */
#ifndef BENCH_ERRNAME_H
#define BENCH_ERRNAME_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

static inline const char *errname(int e)
{
	static char other[16];
	const char *name = strerrorname_np(e);

	if (name)
		return name;
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

#endif
