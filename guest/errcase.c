// SPDX-License-Identifier: GPL-2.0
/*
 * errcase - make one system call the way a bad-input case wants it and
 * print what came back: "ok N" (the return value) or the errno's name
 * ("EINVAL"). The table of cases and their expected results lives in the
 * guest test (46-bad-input); this tool only makes the call, so a case
 * reads as "call, expected answer" there.
 *
 *   errcase write PATH DATA          one write() of DATA ("\n" is a newline)
 *   errcase read DEV SIZE [bad]      one read() of SIZE bytes (to a bad
 *                                    address with "bad")
 *   errcase writen DEV SIZE [bad|ro] one write() of SIZE zero bytes (from a
 *                                    bad address; on a read-only open)
 *   errcase ioctl DEV CMD ARG        one ioctl(); CMD below, ARG is
 *                                    null, bad, ro (read-only page),
 *                                    buf (zeroed buffer), u64:V, idx:N
 *   errcase linereq CHIP OFFSET      request one line of /dev/gpiochipN as
 *                                    an input (v2 ABI), then release it
 *
 * CMD: info, lineinfo, setmask, getmask (the block ioctls), info32 and
 * setmask32 (their numbers with a 4-byte size), unknown (type 0xB4,
 * number 0x7f), chipinfo (the GPIO chip ioctl), tcgets (a tty ioctl).
 *
 * A bad address is a page that was mapped and then unmapped, so it is
 * bad for certain (not just unlikely to be mapped).
 */
/* strerrorname_np() in errname.h */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include <linux/gpio.h>
#include <linux/gpio-block.h>

#include "errname.h"

#define PAGE 4096

static void *bad_page(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || munmap(p, PAGE))
		exit(2);
	return p;
}

static void *ro_page(void)
{
	void *p = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	if (p == MAP_FAILED)
		exit(2);
	return p;
}

static int report(long ret)
{
	if (ret < 0)
		printf("%s\n", errname(errno));
	else
		printf("ok %ld\n", ret);
	return 0;
}

static int open_or_die(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0) {
		printf("open %s: %s\n", path, errname(errno));
		exit(1);
	}
	return fd;
}

/* DATA with "\n" turned into a newline, so a case can say "12\n". */
static size_t unescape(const char *in, char *out, size_t len)
{
	size_t n = 0;

	while (*in && n < len) {
		if (in[0] == '\\' && in[1] == 'n') {
			out[n++] = '\n';
			in += 2;
		} else {
			out[n++] = *in++;
		}
	}
	return n;
}

static unsigned long ioctl_cmd(const char *name)
{
	static const struct {
		const char *name;
		unsigned long cmd;
	} cmds[] = {
		{ "info", GPIOBLOCK_GET_INFO_IOCTL },
		{ "lineinfo", GPIOBLOCK_GET_LINE_INFO_IOCTL },
		{ "setmask", GPIOBLOCK_SET_MASK_IOCTL },
		{ "getmask", GPIOBLOCK_GET_MASK_IOCTL },
		{ "info32", _IOR(0xB4, 0x40, uint32_t) },
		{ "setmask32", _IOW(0xB4, 0x42, uint32_t) },
		{ "unknown", _IO(0xB4, 0x7f) },
		{ "chipinfo", GPIO_GET_CHIPINFO_IOCTL },
		{ "tcgets", TCGETS },
	};
	size_t i;

	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(name, cmds[i].name))
			return cmds[i].cmd;
	fprintf(stderr, "errcase: unknown ioctl %s\n", name);
	exit(2);
}

static void *ioctl_arg(const char *arg, void *buf)
{
	if (!strcmp(arg, "null"))
		return NULL;
	if (!strcmp(arg, "bad"))
		return bad_page();
	if (!strcmp(arg, "ro"))
		return ro_page();
	if (!strcmp(arg, "buf"))
		return buf;
	if (!strncmp(arg, "u64:", 4)) {
		uint64_t v = strtoull(arg + 4, NULL, 0);

		memcpy(buf, &v, sizeof(v));
		return buf;
	}
	if (!strncmp(arg, "idx:", 4)) {
		uint32_t idx = strtoul(arg + 4, NULL, 0);

		memcpy(buf, &idx, sizeof(idx));	/* gpioblock_line_info.index */
		return buf;
	}
	fprintf(stderr, "errcase: unknown argument %s\n", arg);
	exit(2);
}

int main(int argc, char **argv)
{
	static uint64_t buf[64];
	char data[256];
	const char *op = argc > 1 ? argv[1] : "";
	int fd;

	if (!strcmp(op, "write") && argc == 4) {
		size_t n = unescape(argv[3], data, sizeof(data));

		fd = open_or_die(argv[2], O_WRONLY);
		return report(write(fd, data, n));
	}
	if (!strcmp(op, "read") && (argc == 4 || argc == 5)) {
		size_t n = strtoul(argv[3], NULL, 0);
		void *to = argc == 5 ? bad_page() : buf;

		fd = open_or_die(argv[2], O_RDONLY);
		return report(read(fd, to, n));
	}
	if (!strcmp(op, "writen") && (argc == 4 || argc == 5)) {
		size_t n = strtoul(argv[3], NULL, 0);
		int ro = argc == 5 && !strcmp(argv[4], "ro");
		void *from = argc == 5 && !ro ? bad_page() : buf;

		fd = open_or_die(argv[2], ro ? O_RDONLY : O_RDWR);
		return report(write(fd, from, n));
	}
	if (!strcmp(op, "ioctl") && argc == 5) {
		unsigned long cmd = ioctl_cmd(argv[3]);
		void *arg = ioctl_arg(argv[4], buf);

		fd = open_or_die(argv[2], O_RDWR);
		return report(ioctl(fd, cmd, arg));
	}
	if (!strcmp(op, "linereq") && argc == 4) {
		struct gpio_v2_line_request req;

		memset(&req, 0, sizeof(req));
		req.num_lines = 1;
		req.offsets[0] = strtoul(argv[3], NULL, 0);
		req.config.flags = GPIO_V2_LINE_FLAG_INPUT;
		strcpy(req.consumer, "errcase");
		fd = open_or_die(argv[2], O_RDWR);
		return report(ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req));
	}
	fprintf(stderr, "usage: errcase write PATH DATA | read DEV SIZE [bad] |\n"
		"       writen DEV SIZE [bad|ro] | ioctl DEV CMD ARG |\n"
		"       linereq CHIP OFFSET\n");
	return 2;
}
