// SPDX-License-Identifier: GPL-2.0
/*
 * gpioblock - command line access to a block GPIO character device.
 *
 *   gpioblock info DEV                 block and per-line information
 *   gpioblock get DEV [MASK]           read the block (under MASK)
 *   gpioblock set DEV MASK VALUE       drive the lines in MASK to VALUE
 *   gpioblock watch DEV MASK EDGES COUNT TIMEOUT_MS
 *                                      request edge events on the lines in
 *                                      MASK (EDGES: rising, falling, both),
 *                                      print "armed", then COUNT events
 *
 * DEV is a path (/dev/gpioblock/leds) or a block name (leds). MASK and
 * VALUE are numbers as strtoull() takes them with base 0 ("0x0f", "15").
 * Values are printed in hexadecimal, one digit per four lines ("0x00ff").
 *
 * "watch" prints one line per event:
 *   event LINE rising|falling SEQNO LINE_SEQNO TIMESTAMP_NS
 * and waits at most TIMEOUT_MS in total. "armed" on stdout (flushed) says
 * that the interrupts are requested: edges from then on are reported.
 *
 * Exit status 0 on success, 1 on any error (message with errno on stderr,
 * for watch also the errno of GPIOBLOCK_EDGE_REQUEST_IOCTL); "watch" also
 * exits 1 on timeout ("timeout" on stdout) and once a chip of the block
 * has gone ("hangup" on stdout).
 *
 * The ABI is <linux/gpio-block.h>, from the kernel's exported uapi headers.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/gpio-block.h>

#include "gpioblock-abi.h"

static const char *prog = "gpioblock";

static int usage(void)
{
	fprintf(stderr,
		"usage: %s info DEV\n"
		"       %s get DEV [MASK]\n"
		"       %s set DEV MASK VALUE\n"
		"       %s watch DEV MASK rising|falling|both COUNT TIMEOUT_MS\n",
		prog, prog, prog, prog);
	return 1;
}

static int fail(const char *what, const char *arg)
{
	fprintf(stderr, "%s: %s %s: %s\n", prog, what, arg ? arg : "",
		strerror(errno));
	return 1;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	return 0;
}

static int open_block(const char *dev, int flags)
{
	char path[256];

	if (strchr(dev, '/'))
		snprintf(path, sizeof(path), "%s", dev);
	else
		snprintf(path, sizeof(path), GPIOBLOCK_DIR "%s", dev);
	return open(path, flags);
}

static int ngpio_of(int fd, unsigned int *ngpio)
{
	struct gpioblock_info info;

	memset(&info, 0, sizeof(info));
	if (ioctl(fd, GPIOBLOCK_GET_INFO_IOCTL, &info) < 0)
		return -1;
	*ngpio = info.ngpio;
	return 0;
}

static void print_word(uint64_t v, unsigned int ngpio)
{
	printf("0x%0*" PRIx64 "\n", (int)((ngpio + 3) / 4), v);
}

/* A number argument: 0, or EINVAL and a message naming what it is. */
static int number(const char *s, uint64_t *v, const char *what)
{
	if (!parse_u64(s, v))
		return 0;
	errno = EINVAL;
	return fail(what, s);
}

/* n of len bytes read or written: 0, or a message (a short one is EIO). */
static int whole(ssize_t n, size_t len, const char *what, const char *dev)
{
	if (n >= 0 && (size_t)n == len)
		return 0;
	if (n >= 0)
		errno = EIO;
	return fail(what, dev);
}

static int cmd_info(const char *dev)
{
	struct gpioblock_line_info li;
	struct gpioblock_info info;
	unsigned int i;
	int fd;

	fd = open_block(dev, O_RDONLY);
	if (fd < 0)
		return fail("open", dev);
	memset(&info, 0, sizeof(info));
	if (ioctl(fd, GPIOBLOCK_GET_INFO_IOCTL, &info) < 0)
		return fail("GPIOBLOCK_GET_INFO_IOCTL", dev);

	printf("name %s\nngpio %u\nnchips %u\n", info.name, info.ngpio,
	       info.nchips);
	for (i = 0; i < info.ngpio; i++) {
		memset(&li, 0, sizeof(li));
		li.index = i;
		if (ioctl(fd, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li) < 0)
			return fail("GPIOBLOCK_GET_LINE_INFO_IOCTL", dev);
		printf("line %u chip %u %s (%s) offset %u name \"%s\"%s%s%s\n",
		       li.index, li.chip, li.chip_name, li.chip_label,
		       li.offset, li.name,
		       li.flags & GPIOBLOCK_LINE_OUTPUT ? " output" : " input",
		       li.flags & GPIOBLOCK_LINE_ACTIVE_LOW ? " active-low" : "",
		       li.flags & GPIOBLOCK_LINE_IRQ ? " irq" : "");
	}
	close(fd);
	return 0;
}

static int cmd_get(const char *dev, const char *mask_s)
{
	unsigned int ngpio;
	uint64_t mask, v;
	ssize_t n;
	int fd;

	fd = open_block(dev, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return fail("open", dev);
	if (ngpio_of(fd, &ngpio))
		return fail("GPIOBLOCK_GET_INFO_IOCTL", dev);
	if (mask_s) {
		if (number(mask_s, &mask, "bad mask"))
			return 1;
		if (ioctl(fd, GPIOBLOCK_SET_MASK_IOCTL, &mask) < 0)
			return fail("GPIOBLOCK_SET_MASK_IOCTL", mask_s);
	}
	n = read(fd, &v, sizeof(v));
	if (whole(n, sizeof(v), "read", dev))
		return 1;
	print_word(v, ngpio);
	close(fd);
	return 0;
}

static int cmd_set(const char *dev, const char *mask_s, const char *val_s)
{
	uint64_t mask, v;
	ssize_t n;
	int fd;

	if (number(mask_s, &mask, "bad mask") ||
	    number(val_s, &v, "bad value"))
		return 1;
	fd = open_block(dev, O_RDWR);
	if (fd < 0)
		return fail("open", dev);
	if (ioctl(fd, GPIOBLOCK_SET_MASK_IOCTL, &mask) < 0)
		return fail("GPIOBLOCK_SET_MASK_IOCTL", mask_s);
	n = write(fd, &v, sizeof(v));
	if (whole(n, sizeof(v), "write", dev))
		return 1;
	close(fd);
	return 0;
}

static int cmd_watch(const char *dev, const char *mask_s, const char *edges,
		     const char *count_s, const char *timeout_s)
{
	struct gpioblock_edge_request req;
	struct gpioblock_event ev;
	uint64_t mask, count, timeout, got = 0;
	struct pollfd pfd;
	ssize_t n;
	int fd, ret;

	if (parse_u64(mask_s, &mask) || parse_u64(count_s, &count) ||
	    parse_u64(timeout_s, &timeout) || timeout > INT32_MAX) {
		errno = EINVAL;
		return fail("bad number", mask_s);
	}
	memset(&req, 0, sizeof(req));
	req.mask = mask;
	if (!strcmp(edges, "rising"))
		req.flags = GPIOBLOCK_EDGE_RISING;
	else if (!strcmp(edges, "falling"))
		req.flags = GPIOBLOCK_EDGE_FALLING;
	else if (!strcmp(edges, "both"))
		req.flags = GPIOBLOCK_EDGE_RISING | GPIOBLOCK_EDGE_FALLING;
	else
		return usage();

	fd = open_block(dev, O_RDONLY);
	if (fd < 0)
		return fail("open", dev);
	if (ioctl(fd, GPIOBLOCK_EDGE_REQUEST_IOCTL, &req))
		return fail("GPIOBLOCK_EDGE_REQUEST_IOCTL", dev);
	close(fd);
	printf("armed\n");
	fflush(stdout);

	pfd.fd = req.fd;
	pfd.events = POLLIN;
	while (got < count) {
		pfd.revents = 0;
		ret = poll(&pfd, 1, (int)timeout);
		if (ret < 0)
			return fail("poll", dev);
		if (ret == 0) {
			printf("timeout\n");
			return 1;
		}
		if (!(pfd.revents & POLLIN) &&
		    (pfd.revents & (POLLERR | POLLHUP))) {
			printf("hangup\n");
			return 1;
		}
		n = read(req.fd, &ev, sizeof(ev));
		if (whole(n, sizeof(ev), "read event", dev))
			return 1;
		printf("event %u %s %u %u %llu\n", ev.line,
		       ev.id == GPIOBLOCK_EVENT_RISING_EDGE ? "rising" :
							     "falling",
		       ev.seqno, ev.line_seqno,
		       (unsigned long long)ev.timestamp_ns);
		fflush(stdout);
		got++;
	}
	close(req.fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return usage();

	if (!strcmp(argv[1], "info") && argc == 3)
		return cmd_info(argv[2]);
	if (!strcmp(argv[1], "get") && (argc == 3 || argc == 4))
		return cmd_get(argv[2], argc == 4 ? argv[3] : NULL);
	if (!strcmp(argv[1], "set") && argc == 5)
		return cmd_set(argv[2], argv[3], argv[4]);
	if (!strcmp(argv[1], "watch") && argc == 7)
		return cmd_watch(argv[2], argv[3], argv[4], argv[5], argv[6]);
	return usage();
}
