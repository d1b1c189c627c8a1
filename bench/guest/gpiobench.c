// SPDX-License-Identifier: GPL-2.0
/*
 * gpiobench - perform one GPIO operation N times through one access path
 * and report its latency and, from the host models, what it cost on the
 * bus.
 *
 *   gpiobench [-n N] [-b BUS]... [-m TAG] PATH OP CHIP:LINES[,CHIP:LINES]...
 *
 * PATH  sysfs        legacy /sys/class/gpio, one value file per line
 *       cdev-line    GPIO v2 character device, one line request per line
 *       cdev-multi   GPIO v2 character device, one request per chip, masked
 *                    GPIO_V2_LINE_SET_VALUES_IOCTL (what a user picks today)
 *       block-dev:NAME    /dev/NAME of a registered GPIO block
 *       block-sysfs:NAME  /sys/class/gpioblock/NAME/value
 * OP    set-all   write a new value to every line (all lines change)
 *       set-mask  write the lower half of the lines only
 *       get-all   read every line (lines are inputs)
 *       toggle    all lines high, then all low, alternately
 *       rmw       read the lines, flip the first one, write it back
 * CHIP  gpiochipN (the block paths take the lines from the block itself,
 *       but the spec still names them, for the counts and the report)
 *
 * Set-up (requests, exports, directions) happens before the timed loop;
 * with -b the host counters of each named bus are reset after set-up and
 * read after the loop, so only the operations are counted. -m puts
 * markers around the loop into the host's log, for skew analysis.
 *
 * Output: one line of key=value pairs (see bench/README.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/gpio.h>

#include "ctl.h"
#include "gpioblock-abi.h"

#define MAX_LINES 64
#define MAX_CHIPS 8
#define MAX_BUSES 8

struct chip {
	char name[32];
	int fd;			/* /dev/gpiochipN */
	int req;		/* cdev-multi: the chip's line request */
	unsigned int n;		/* lines of this chip in the spec */
	unsigned int off[MAX_LINES];
	unsigned int first;	/* index of its first line in the spec */
};

struct line {
	struct chip *chip;
	unsigned int off;
	int fd;			/* cdev-line request or sysfs value file */
	int gpio;		/* sysfs: the legacy global number */
};

static struct chip chips[MAX_CHIPS];
static unsigned int nchips;
static struct line lines[MAX_LINES];
static unsigned int nlines;
static int block_fd = -1;

static void die(const char *what)
{
	fprintf(stderr, "gpiobench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: gpiobench [-n N] [-b BUS]... [-m TAG] PATH OP CHIP:LINES[,...]\n");
	exit(2);
}

/* "gpiochip0:0-7,gpiochip1:3,5" style spec -> chips[] and lines[]. */
static void parse_spec(char *spec)
{
	char *tok, *save;
	struct chip *c = NULL;

	for (tok = strtok_r(spec, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');
		unsigned int a, b;

		if (colon) {
			if (nchips == MAX_CHIPS)
				usage();
			*colon = '\0';
			c = &chips[nchips++];
			snprintf(c->name, sizeof(c->name), "%s", tok);
			c->first = nlines;
			tok = colon + 1;
		}
		if (!c)
			usage();
		if (sscanf(tok, "%u-%u", &a, &b) != 2) {
			if (sscanf(tok, "%u", &a) != 1)
				usage();
			b = a;
		}
		for (; a <= b; a++) {
			if (nlines == MAX_LINES)
				usage();
			c->off[c->n++] = a;
			lines[nlines].chip = c;
			lines[nlines++].off = a;
		}
	}
	if (!nlines)
		usage();
}

static int open_chip(struct chip *c)
{
	char path[64];

	snprintf(path, sizeof(path), "/dev/%s", c->name);
	c->fd = open(path, O_RDWR);
	if (c->fd < 0)
		die(path);
	return c->fd;
}

/* One v2 line request for n lines of chip c. */
static int request(struct chip *c, const unsigned int *off, unsigned int n,
		   int output)
{
	struct gpio_v2_line_request req;
	unsigned int i;

	memset(&req, 0, sizeof(req));
	for (i = 0; i < n; i++)
		req.offsets[i] = off[i];
	req.num_lines = n;
	snprintf(req.consumer, sizeof(req.consumer), "gpiobench");
	req.config.flags = output ? GPIO_V2_LINE_FLAG_OUTPUT :
				    GPIO_V2_LINE_FLAG_INPUT;
	if (ioctl(c->fd, GPIO_V2_GET_LINE_IOCTL, &req) < 0)
		die("GPIO_V2_GET_LINE_IOCTL");
	return req.fd;
}

static void v2_set(int fd, uint64_t mask, uint64_t bits)
{
	struct gpio_v2_line_values v = { .bits = bits, .mask = mask };

	if (ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &v) < 0)
		die("GPIO_V2_LINE_SET_VALUES_IOCTL");
}

static uint64_t v2_get(int fd, uint64_t mask)
{
	struct gpio_v2_line_values v = { .mask = mask };

	if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &v) < 0)
		die("GPIO_V2_LINE_GET_VALUES_IOCTL");
	return v.bits;
}

/* Legacy sysfs: export the line, set its direction, keep value open. */
static int sysfs_line(struct line *l, int output)
{
	char path[128], buf[32];
	int base, fd, gpio;
	glob_t g;

	/*
	 * The legacy class names a chip by its base; its "device" link
	 * leads to the gpio_device, named like the character device.
	 */
	base = -1;
	if (glob("/sys/class/gpio/gpiochip*", 0, NULL, &g) == 0) {
		size_t k;

		for (k = 0; k < g.gl_pathc && base < 0; k++) {
			char link[256];
			ssize_t m;

			snprintf(path, sizeof(path), "%s/device", g.gl_pathv[k]);
			m = readlink(path, link, sizeof(link) - 1);
			if (m <= 0)
				continue;
			link[m] = '\0';
			if (!strcmp(strrchr(link, '/') ? strrchr(link, '/') + 1 : link,
				    l->chip->name))
				base = atoi(g.gl_pathv[k] + strlen("/sys/class/gpio/gpiochip"));
		}
		globfree(&g);
	}
	if (base < 0) {
		errno = ENOENT;
		die("legacy sysfs chip");
	}
	gpio = base + l->off;
	l->gpio = gpio;
	fd = open("/sys/class/gpio/export", O_WRONLY);
	if (fd < 0)
		die("/sys/class/gpio/export");
	snprintf(buf, sizeof(buf), "%d", gpio);
	if (write(fd, buf, strlen(buf)) < 0 && errno != EBUSY)
		die("export");
	close(fd);
	snprintf(path, sizeof(path), "/sys/class/gpio/gpio%d/direction", gpio);
	fd = open(path, O_WRONLY);
	if (fd < 0 || write(fd, output ? "out" : "in", output ? 3 : 2) < 0)
		die(path);
	close(fd);
	snprintf(path, sizeof(path), "/sys/class/gpio/gpio%d/value", gpio);
	fd = open(path, O_RDWR);
	if (fd < 0)
		die(path);
	return fd;
}

static void sysfs_unexport(void)
{
	unsigned int i;
	int fd = open("/sys/class/gpio/unexport", O_WRONLY);

	for (i = 0; i < nlines; i++) {
		close(lines[i].fd);
		if (fd >= 0)
			dprintf(fd, "%d", lines[i].gpio);
	}
	if (fd >= 0)
		close(fd);
}

/* The mask of the first n lines; n is 1..64. */
static uint64_t lines_mask(unsigned int n)
{
	return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

enum path { P_SYSFS, P_LINE, P_MULTI, P_BDEV, P_BSYSFS };

static enum path path;
static char block_name[64];

static void setup(int output)
{
	unsigned int i;
	char p[128];

	switch (path) {
	case P_SYSFS:
		for (i = 0; i < nlines; i++)
			lines[i].fd = sysfs_line(&lines[i], output);
		break;
	case P_LINE:
		for (i = 0; i < nchips; i++)
			open_chip(&chips[i]);
		for (i = 0; i < nlines; i++)
			lines[i].fd = request(lines[i].chip, &lines[i].off, 1,
					      output);
		break;
	case P_MULTI:
		for (i = 0; i < nchips; i++)
			open_chip(&chips[i]);
		for (i = 0; i < nchips; i++)
			chips[i].req = request(&chips[i], chips[i].off,
					       chips[i].n, output);
		break;
	case P_BDEV:
		snprintf(p, sizeof(p), "/dev/%s", block_name);
		block_fd = open(p, O_RDWR);
		if (block_fd < 0)
			die(p);
		break;
	case P_BSYSFS:
		/* value and mask appear once the block is exported. */
		snprintf(p, sizeof(p), "/sys/class/gpioblock/%s/exported",
			 block_name);
		block_fd = open(p, O_WRONLY);
		if (block_fd < 0 || write(block_fd, "1", 1) != 1)
			die(p);
		close(block_fd);
		snprintf(p, sizeof(p), "/sys/class/gpioblock/%s/value",
			 block_name);
		block_fd = open(p, O_RDWR);
		if (block_fd < 0)
			die(p);
		break;
	}
}

/* Write the lines in mask (bit i = i-th line of the spec) to bits. */
static void put(uint64_t mask, uint64_t bits)
{
	unsigned int i;
	char buf[32];

	switch (path) {
	case P_SYSFS:
		for (i = 0; i < nlines; i++)
			if (mask >> i & 1 &&
			    pwrite(lines[i].fd, bits >> i & 1 ? "1" : "0", 1, 0) < 0)
				die("sysfs value");
		break;
	case P_LINE:
		for (i = 0; i < nlines; i++)
			if (mask >> i & 1)
				v2_set(lines[i].fd, 1, bits >> i & 1);
		break;
	case P_MULTI:
		for (i = 0; i < nchips; i++) {
			uint64_t m = (mask >> chips[i].first) &
				     lines_mask(chips[i].n);

			if (m)
				v2_set(chips[i].req, m, bits >> chips[i].first);
		}
		break;
	case P_BDEV:
		if (gpioblock_set_mask(block_fd, mask) ||
		    pwrite(block_fd, &bits, sizeof(bits), 0) != sizeof(bits))
			die("block write");
		break;
	case P_BSYSFS: {
		int n = snprintf(buf, sizeof(buf), "%llx", (unsigned long long)bits);
		char mpath[128];
		int mfd;

		snprintf(mpath, sizeof(mpath), "/sys/class/gpioblock/%s/mask",
			 block_name);
		mfd = open(mpath, O_WRONLY);
		if (mfd < 0 || dprintf(mfd, "%llx", (unsigned long long)mask) < 0)
			die(mpath);
		close(mfd);
		if (pwrite(block_fd, buf, n, 0) != n)
			die("gpioblock value");
		break;
	}
	}
}

static uint64_t get(uint64_t mask)
{
	uint64_t v = 0;
	unsigned int i;
	char buf[32];

	switch (path) {
	case P_SYSFS:
		for (i = 0; i < nlines; i++) {
			if (!(mask >> i & 1))
				continue;
			if (pread(lines[i].fd, buf, 1, 0) != 1)
				die("sysfs value");
			v |= (uint64_t)(buf[0] == '1') << i;
		}
		break;
	case P_LINE:
		for (i = 0; i < nlines; i++)
			if (mask >> i & 1)
				v |= v2_get(lines[i].fd, 1) << i;
		break;
	case P_MULTI:
		for (i = 0; i < nchips; i++) {
			uint64_t m = (mask >> chips[i].first) &
				     lines_mask(chips[i].n);

			if (m)
				v |= v2_get(chips[i].req, m) << chips[i].first;
		}
		break;
	case P_BDEV:
		if (gpioblock_set_mask(block_fd, mask) ||
		    pread(block_fd, &v, sizeof(v), 0) != sizeof(v))
			die("block read");
		break;
	case P_BSYSFS: {
		ssize_t n = pread(block_fd, buf, sizeof(buf) - 1, 0);

		if (n <= 0)
			die("gpioblock value");
		buf[n] = '\0';
		v = strtoull(buf, NULL, 16) & mask;
		break;
	}
	}
	return v;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *buses[MAX_BUSES], *tag = NULL, *op;
	unsigned int nbuses = 0, n = 100, i;
	uint64_t all, half, v = 0;
	long long *lat, tx = 0, bytes = 0, bus_ns = 0;
	char reply[512], cmd[128];
	int opt, ctl = -1, output;

	while ((opt = getopt(argc, argv, "n:b:m:")) != -1) {
		switch (opt) {
		case 'n':
			n = strtoul(optarg, NULL, 0);
			break;
		case 'b':
			if (nbuses == MAX_BUSES)
				usage();
			buses[nbuses++] = optarg;
			break;
		case 'm':
			tag = optarg;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 3 || !n)
		usage();
	if (!strcmp(argv[optind], "sysfs"))
		path = P_SYSFS;
	else if (!strcmp(argv[optind], "cdev-line"))
		path = P_LINE;
	else if (!strcmp(argv[optind], "cdev-multi"))
		path = P_MULTI;
	else if (!strncmp(argv[optind], "block-dev:", 10))
		path = P_BDEV;
	else if (!strncmp(argv[optind], "block-sysfs:", 12))
		path = P_BSYSFS;
	else
		usage();
	if (path == P_BDEV || path == P_BSYSFS)
		snprintf(block_name, sizeof(block_name), "%s",
			 strchr(argv[optind], ':') + 1);
	op = argv[optind + 1];
	parse_spec(argv[optind + 2]);
	all = lines_mask(nlines);
	half = (1ULL << (nlines + 1) / 2) - 1;
	output = strcmp(op, "get-all") != 0;
	if (strcmp(op, "set-all") && strcmp(op, "set-mask") &&
	    strcmp(op, "get-all") && strcmp(op, "toggle") && strcmp(op, "rmw"))
		usage();

	setup(output);
	lat = calloc(n, sizeof(*lat));
	if (!lat)
		die("calloc");

	if (nbuses || tag) {
		ctl = ctl_open();
		if (ctl < 0) {
			fprintf(stderr, "gpiobench: no control port\n");
			return 1;
		}
	}
	if (nbuses && ctl_cmd(ctl, "reset-counters", reply, sizeof(reply), 5000, NULL))
		die("reset-counters");
	if (tag) {
		snprintf(cmd, sizeof(cmd), "mark begin %s", tag);
		ctl_cmd(ctl, cmd, reply, sizeof(reply), 5000, NULL);
	}
	for (i = 0; i < n; i++) {
		long long t0 = now_ns();

		if (!strcmp(op, "set-all"))
			put(all, (i & 1) ? 0x5555555555555555ULL : 0xaaaaaaaaaaaaaaaaULL);
		else if (!strcmp(op, "set-mask"))
			put(half, (i & 1) ? 0 : ~0ULL);
		else if (!strcmp(op, "get-all"))
			v ^= get(all);
		else if (!strcmp(op, "toggle"))
			put(all, (i & 1) ? 0 : ~0ULL);
		else
			put(1, ~get(1));
		lat[i] = now_ns() - t0;
	}
	if (tag) {
		snprintf(cmd, sizeof(cmd), "mark end %s", tag);
		ctl_cmd(ctl, cmd, reply, sizeof(reply), 5000, NULL);
	}
	for (i = 0; i < nbuses; i++) {
		snprintf(cmd, sizeof(cmd), "counters %s", buses[i]);
		if (ctl_cmd(ctl, cmd, reply, sizeof(reply), 5000, NULL))
			die(cmd);
		tx += ctl_field(reply, "transactions");
		bytes += ctl_field(reply, "bytes");
		bus_ns += ctl_field(reply, "busy_ns");
	}
	qsort(lat, n, sizeof(*lat), cmp_ll);
	printf("path=%s op=%s lines=%u chips=%u n=%u med_ns=%lld p95_ns=%lld",
	       argv[optind], op, nlines, nchips, n, lat[n / 2],
	       lat[(n * 95 + 99) / 100 - 1]);
	if (nbuses)
		printf(" tx=%lld bytes=%lld bus_ns=%lld tx_per_op=%.3f",
		       tx, bytes, bus_ns, (double)tx / n);
	printf(" sink=%llu\n", (unsigned long long)(v & 1));
	if (path == P_SYSFS)
		sysfs_unexport();
	return 0;
}
