/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpioblock-abi.h - the guest tools' view of the block GPIO character
 * device. The ABI itself is <linux/gpio-block.h> from patches/; a kernel
 * built without the series has no such header, and the block paths then
 * fail with ENOSYS instead of the tools failing to build.
 */
#ifndef BENCH_GPIOBLOCK_ABI_H
#define BENCH_GPIOBLOCK_ABI_H

#include <errno.h>
#include <stdint.h>
#include <sys/ioctl.h>

#if __has_include(<linux/gpio-block.h>)
#include <linux/gpio-block.h>
#define HAVE_GPIOBLOCK 1
#else
#define HAVE_GPIOBLOCK 0
#endif

/* Where the block character devices live: /dev/gpioblock/<name>. */
#define GPIOBLOCK_DIR "/dev/gpioblock/"

/* Set the calling file's mask on an open /dev/gpioblock/<block>. */
static inline int gpioblock_set_mask(int fd, uint64_t mask)
{
#if HAVE_GPIOBLOCK
	return ioctl(fd, GPIOBLOCK_SET_MASK_IOCTL, &mask);
#else
	(void)fd;
	(void)mask;
	errno = ENOSYS;
	return -1;
#endif
}

#endif
