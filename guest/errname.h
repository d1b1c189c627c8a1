/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errname.h - the symbolic name of an errno value, for guest tests that
 * assert the exact error ("EIO", not "Input/output error").
 */
#ifndef BENCH_ERRNAME_H
#define BENCH_ERRNAME_H

#include <errno.h>
#include <stdio.h>

static inline const char *errname(int e)
{
	static char other[16];

	switch (e) {
	case EIO: return "EIO";
	case ETIMEDOUT: return "ETIMEDOUT";
	case ENODEV: return "ENODEV";
	case ENXIO: return "ENXIO";
	case EBUSY: return "EBUSY";
	case EINTR: return "EINTR";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case ENOENT: return "ENOENT";
	case EFAULT: return "EFAULT";
	case ENOTTY: return "ENOTTY";
	case EAGAIN: return "EAGAIN";
	case EACCES: return "EACCES";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(other, sizeof(other), "E%d", e);
	return other;
}

#endif
