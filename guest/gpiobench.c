// SPDX-License-Identifier: GPL-2.0
/*
 * gpiobench - perform one GPIO operation N times through one access path
 * and report its latency and, from the host models, what it cost on the
 * bus.
 *
 *   gpiobench [-n N] [-w W] [-b BUS]... [-m TAG] [-t] [-i] PATH OP[,OP]... CHIP:LINES[,...]
 *   gpiobench [-n N] -P PATH2 -S SPEC2 PATH OP[,OP]... CHIP:LINES[,...]
 *
 * PATH  sysfs        legacy /sys/class/gpio, one value file per line
 *       cdev-line    GPIO v2 character device, one line request per line
 *       cdev-multi   GPIO v2 character device, one request per chip, masked
 *                    GPIO_V2_LINE_SET_VALUES_IOCTL (what a user picks today)
 *       block-dev:NAME    /dev/gpioblock/NAME of a registered GPIO block
 *       block-sysfs:NAME  /sys/class/gpioblock/NAME/value
 *       aggregator:NAME   cdev-multi on a gpio-aggregator chip (run-bench
 *                    makes it; NAME says how its lines are laid out)
 *       gpiod-tools  libgpiod's gpioset / gpioget, one process per chip
 *                    and operation, several lines each, as a user calls
 *                    them (libgpiod 1.6 syntax: gpioset CHIP OFF=V...;
 *                    its tools use the v1 line-handle ioctls)
 *       gpiod2-tools the same with libgpiod 2.1's tools (GPIOD2_BIN:
 *                    gpioset -t0 -c CHIP OFF=V..., gpioget --numeric -c
 *                    CHIP OFF...; v2 line requests), as Debian 13 ships
 * OP    set-all   write a new value to every line (all lines change)
 *       set-mask  write the lower half of the lines only
 *       get-all   read every line (they are outputs: the port is read)
 *       toggle    all lines high, then all low, alternately
 *       rmw       read the lines, flip the first one, write it back
 * CHIP  gpiochipN (the block paths take the lines from the block itself,
 *       but the spec still names them, for the counts and the report)
 *
 * Set-up (requests, exports, all lines outputs) happens once; then per
 * operation two warm-up runs (regmap cache fills and the like are
 * one-off costs, not the operation's; -w 1: one, the value before the
 * loop's first, where each run is slow and the chip already warm) and
 * the timed loop of N. With -b the host counters of the named buses
 * and the daemon's CPU time are read around the loop (host_snap()), and
 * the buses' clocks at both ends are printed (win=) to find the loop's
 * transactions in the log; -t counts the same window from the guest's
 * i2c/smbus tracepoints (i2ctrace.h); -m puts "begin TAG OP" and "end
 * TAG OP" markers around the loop into the host's log. -i sets the lines
 * up as inputs instead (sysfs and cdev paths; only get-all then), for
 * input-only ports such as those of the MAX7319 and MAX7322. -P/-S: a
 * second path and its lines; each operation then runs alternately
 * through both, latency only.
 *
 * Output: one line of key=value pairs per operation (bench/README.md).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/gpio.h>

#include "ctl.h"
#include "gpioblock-abi.h"
#include "i2ctrace.h"

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
	int base;		/* sysfs: legacy number of line 0, -1 unknown */
};

enum path { P_SYSFS, P_LINE, P_MULTI, P_BDEV, P_BSYSFS, P_TOOLS };

/* libgpiod 2.1's tools, beside Debian 12's 1.6 ones (scripts/mkrootfs.sh) */
#define GPIOD2_BIN "/usr/lib/gpiod2/bin/"

struct line {
	struct chip *chip;
	unsigned int off;
	int fd;			/* cdev-line request or sysfs value file */
	int gpio;		/* sysfs: the legacy global number */
};

/*
 * One access path to a set of lines: what PATH and CHIP:LINES name.
 * gpiobench holds two for -P, and A is the one in use.
 */
struct access {
	const char *name;		/* PATH as given */
	enum path path;
	int tools_v2;			/* gpiod2-tools: libgpiod 2.1's syntax */
	char block_name[64];
	struct chip chips[MAX_CHIPS];
	unsigned int nchips;
	struct line lines[MAX_LINES];
	unsigned int nlines;
	int block_fd;
	int mask_fd;			/* block-sysfs: the block's mask file */
	uint64_t block_mask;		/* ~0: not set yet */
};

static struct access acc[2];
static struct access *A = &acc[0];


static void die(const char *what)
{
	fprintf(stderr, "gpiobench: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: gpiobench [-n N] [-w W] [-b BUS]... [-m TAG] [-t] [-i] PATH OP[,OP]... CHIP:LINES[,...]\n"
			"       gpiobench [-n N] -P PATH2 -S SPEC2 PATH OP[,OP]... CHIP:LINES[,...]\n");
	exit(2);
}

/* "gpiochip0:0-7,gpiochip1:3,5" style spec -> A->chips[] and A->lines[]. */
static void parse_spec(char *spec)
{
	char *tok, *save;
	struct chip *c = NULL;

	for (tok = strtok_r(spec, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');
		unsigned int a, b;

		if (colon) {
			if (A->nchips == MAX_CHIPS)
				usage();
			*colon = '\0';
			c = &A->chips[A->nchips++];
			snprintf(c->name, sizeof(c->name), "%s", tok);
			c->base = -1;
			c->first = A->nlines;
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
			if (A->nlines == MAX_LINES)
				usage();
			c->off[c->n++] = a;
			A->lines[A->nlines].chip = c;
			A->lines[A->nlines++].off = a;
		}
	}
	if (!A->nlines)
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

/* -i: the lines are inputs (input-only ports); only get-all runs. */
static int as_input;
static unsigned int warmups = 2;	/* -w */

/*
 * One v2 line request for n lines of chip c, as outputs: every operation
 * can then run on it, reads included (drivers read the port whatever the
 * direction, and some parts have output-only ports). With -i, inputs.
 */
static int request(struct chip *c, const unsigned int *off, unsigned int n)
{
	struct gpio_v2_line_request req;
	unsigned int i;

	memset(&req, 0, sizeof(req));
	for (i = 0; i < n; i++)
		req.offsets[i] = off[i];
	req.num_lines = n;
	snprintf(req.consumer, sizeof(req.consumer), "gpiobench");
	req.config.flags = as_input ? GPIO_V2_LINE_FLAG_INPUT :
				      GPIO_V2_LINE_FLAG_OUTPUT;
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

/*
 * The legacy number base of chip c (/dev/gpiochipN). In 6.12 the legacy
 * class device /sys/class/gpio/gpiochipBASE is created under the
 * gpio_chip's parent device (the I2C client), or under the gpio_device
 * itself when the chip has no parent; the gpio_device gpiochipN is a
 * child of that same parent. So: the class device whose "device" link
 * resolves to gpiochipN's parent (or to gpiochipN) is ours.
 */
static int legacy_base(struct chip *c)
{
	char path[PATH_MAX], gdev[PATH_MAX], parent[PATH_MAX], dev[PATH_MAX];
	int base = -1;
	glob_t g;
	size_t k;

	if (c->base >= 0)
		return c->base;
	snprintf(path, sizeof(path), "/sys/bus/gpio/devices/%s", c->name);
	if (!realpath(path, gdev))
		die(path);
	memcpy(parent, gdev, sizeof(parent));
	*strrchr(parent, '/') = '\0';	/* gdev is absolute and resolved */
	if (glob("/sys/class/gpio/gpiochip*", 0, NULL, &g) == 0) {
		for (k = 0; k < g.gl_pathc && base < 0; k++) {
			FILE *f;

			snprintf(path, sizeof(path), "%s/device", g.gl_pathv[k]);
			if (!realpath(path, dev) ||
			    (strcmp(dev, parent) && strcmp(dev, gdev)))
				continue;
			snprintf(path, sizeof(path), "%s/base", g.gl_pathv[k]);
			f = fopen(path, "r");
			if (!f || fscanf(f, "%d", &base) != 1)
				die(path);
			fclose(f);
		}
		globfree(&g);
	}
	if (base < 0) {
		errno = ENOENT;
		die("legacy sysfs chip");
	}
	c->base = base;
	return base;
}

/* Legacy sysfs: export the line, make it an output, keep value open. */
static int sysfs_line(struct line *l)
{
	char path[128], buf[32];
	int fd, gpio;

	gpio = legacy_base(l->chip) + l->off;
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
	if (fd < 0 || write(fd, as_input ? "in" : "out", as_input ? 2 : 3) < 0)
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

	for (i = 0; i < A->nlines; i++) {
		close(A->lines[i].fd);
		if (fd >= 0)
			dprintf(fd, "%d", A->lines[i].gpio);
	}
	if (fd >= 0)
		close(fd);
}

/* The mask of the first n lines; n is 1..64. */
static uint64_t lines_mask(unsigned int n)
{
	return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

/* The bits of v (bit i = i-th line of the spec) on chip c, from bit 0. */
static uint64_t chip_bits(const struct chip *c, uint64_t v)
{
	return (v >> c->first) & lines_mask(c->n);
}

/*
 * The block paths' mask is state (per open file, or per block in sysfs):
 * a user sets it when it changes, not before every access.
 */
static void set_block_mask(uint64_t mask)
{
	if (mask == A->block_mask)
		return;
	if (A->path == P_BDEV && gpioblock_set_mask(A->block_fd, mask))
		die("GPIOBLOCK_SET_MASK_IOCTL");
	if (A->path == P_BSYSFS && dprintf(A->mask_fd, "%llx",
					(unsigned long long)mask) < 0)
		die("gpioblock mask");
	A->block_mask = mask;
}

/*
 * gpiod-tools: run gpioset or gpioget on the lines of chip c in mask
 * (bit i = the chip's i-th line of the spec); gpioget's values come back
 * through a pipe, in the order asked for.
 */
static uint64_t tool(struct chip *c, uint64_t mask, uint64_t bits, int set)
{
	char args[MAX_LINES][16], out[256] = "";
	char *argv[MAX_LINES + 5];
	unsigned int i, n = 0, k;
	uint64_t v = 0;
	int fds[2], status;
	ssize_t len = 0, r;
	pid_t pid;
	char *p;

	if (A->tools_v2) {
		/* -t0: set, then exit at once (2.1 holds the lines otherwise) */
		argv[n++] = set ? GPIOD2_BIN "gpioset" : GPIOD2_BIN "gpioget";
		argv[n++] = set ? "-t0" : "--numeric";
		argv[n++] = "-c";
	} else {
		argv[n++] = set ? "gpioset" : "gpioget";
	}
	argv[n++] = c->name;
	for (i = 0; i < c->n; i++) {
		if (!(mask >> i & 1))
			continue;
		if (set)
			snprintf(args[i], sizeof(args[i]), "%u=%u", c->off[i],
				 (unsigned int)(bits >> i & 1));
		else
			snprintf(args[i], sizeof(args[i]), "%u", c->off[i]);
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	if (pipe(fds))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		dup2(fds[1], 1);
		close(fds[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	while ((r = read(fds[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += r;
	close(fds[0]);
	out[len] = '\0';
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "gpiobench: %s %s failed (status %d): %s\n",
			argv[0], c->name, status, out);
		exit(1);
	}
	for (i = 0, p = out; !set && i < c->n; i++) {
		if (!(mask >> i & 1))
			continue;
		k = strtoul(p, &p, 10);
		v |= (uint64_t)(k & 1) << i;
	}
	return v;
}

static void setup(void)
{
	unsigned int i;
	char p[128];

	switch (A->path) {
	case P_SYSFS:
		for (i = 0; i < A->nlines; i++)
			A->lines[i].fd = sysfs_line(&A->lines[i]);
		break;
	case P_LINE:
		for (i = 0; i < A->nchips; i++)
			open_chip(&A->chips[i]);
		for (i = 0; i < A->nlines; i++)
			A->lines[i].fd = request(A->lines[i].chip, &A->lines[i].off, 1);
		break;
	case P_MULTI:
		for (i = 0; i < A->nchips; i++)
			open_chip(&A->chips[i]);
		for (i = 0; i < A->nchips; i++)
			A->chips[i].req = request(&A->chips[i], A->chips[i].off,
					       A->chips[i].n);
		break;
	case P_TOOLS:
		break;		/* every operation requests and releases */
	case P_BDEV:
		snprintf(p, sizeof(p), GPIOBLOCK_DIR "%s", A->block_name);
		A->block_fd = open(p, O_RDWR);
		if (A->block_fd < 0)
			die(p);
		break;
	case P_BSYSFS:
		/* value and mask appear once the block is exported. */
		snprintf(p, sizeof(p), "/sys/class/gpioblock/%s/exported",
			 A->block_name);
		A->block_fd = open(p, O_WRONLY);
		if (A->block_fd < 0 || write(A->block_fd, "1", 1) != 1)
			die(p);
		close(A->block_fd);
		snprintf(p, sizeof(p), "/sys/class/gpioblock/%s/value",
			 A->block_name);
		A->block_fd = open(p, O_RDWR);
		if (A->block_fd < 0)
			die(p);
		snprintf(p, sizeof(p), "/sys/class/gpioblock/%s/mask",
			 A->block_name);
		A->mask_fd = open(p, O_WRONLY);
		if (A->mask_fd < 0)
			die(p);
		break;
	}
}

/*
 * cdev-multi and gpiod-tools: per chip with lines in mask, one masked
 * request (or one gpioset/gpioget run) that writes bits (set) or reads
 * them, returned in the spec's bit order (get).
 */
static uint64_t by_chip(uint64_t mask, uint64_t bits, int set)
{
	uint64_t v = 0, m, b;
	unsigned int i;
	struct chip *c;

	for (i = 0; i < A->nchips; i++) {
		c = &A->chips[i];
		m = chip_bits(c, mask);
		b = bits >> c->first;
		if (!m)
			continue;
		if (A->path == P_TOOLS)
			v |= tool(c, m, b, set) << c->first;
		else if (set)
			v2_set(c->req, m, b);
		else
			v |= v2_get(c->req, m) << c->first;
	}
	return v;
}

/* Write the lines in mask (bit i = i-th line of the spec) to bits. */
static void put(uint64_t mask, uint64_t bits)
{
	unsigned int i;
	char buf[32];

	switch (A->path) {
	case P_SYSFS:
		for (i = 0; i < A->nlines; i++)
			if (mask >> i & 1 &&
			    pwrite(A->lines[i].fd, bits >> i & 1 ? "1" : "0", 1, 0) < 0)
				die("sysfs value");
		break;
	case P_LINE:
		for (i = 0; i < A->nlines; i++)
			if (mask >> i & 1)
				v2_set(A->lines[i].fd, 1, bits >> i & 1);
		break;
	case P_MULTI:
	case P_TOOLS:
		by_chip(mask, bits, 1);
		break;
	case P_BDEV:
		set_block_mask(mask);
		if (pwrite(A->block_fd, &bits, sizeof(bits), 0) != sizeof(bits))
			die("block write");
		break;
	case P_BSYSFS: {
		int n = snprintf(buf, sizeof(buf), "%llx",
				 (unsigned long long)(bits & mask));

		set_block_mask(mask);
		if (pwrite(A->block_fd, buf, n, 0) != n)
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

	switch (A->path) {
	case P_SYSFS:
		for (i = 0; i < A->nlines; i++) {
			if (!(mask >> i & 1))
				continue;
			if (pread(A->lines[i].fd, buf, 1, 0) != 1)
				die("sysfs value");
			v |= (uint64_t)(buf[0] == '1') << i;
		}
		break;
	case P_LINE:
		for (i = 0; i < A->nlines; i++)
			if (mask >> i & 1)
				v |= v2_get(A->lines[i].fd, 1) << i;
		break;
	case P_MULTI:
	case P_TOOLS:
		v = by_chip(mask, 0, 0);
		break;
	case P_BDEV:
		set_block_mask(mask);
		if (pread(A->block_fd, &v, sizeof(v), 0) != sizeof(v))
			die("block read");
		break;
	case P_BSYSFS: {
		ssize_t n;

		set_block_mask(mask);
		n = pread(A->block_fd, buf, sizeof(buf) - 1, 0);

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

/* One operation; i alternates the values so that every write changes. */
static uint64_t run_op(const char *op, long i, uint64_t all, uint64_t half)
{
	if (!strcmp(op, "set-all"))
		put(all, (i & 1) ? 0x5555555555555555ULL : 0xaaaaaaaaaaaaaaaaULL);
	else if (!strcmp(op, "set-mask"))
		put(half, (i & 1) ? 0 : ~0ULL);
	else if (!strcmp(op, "get-all"))
		return get(all);
	else if (!strcmp(op, "toggle"))
		put(all, (i & 1) ? 0 : ~0ULL);
	else
		put(1, ~get(1));
	return 0;
}

/*
 * Of the last control command: "counters" answers a line per bus, I2C
 * (up to 32, about 100 bytes each) and SPI (up to 200 bytes each).
 */
static char reply[16384];

static void ctl_do(int ctl, const char *cmd)
{
	if (ctl_cmd(ctl, cmd, reply, sizeof(reply), 5000, NULL)) {
		errno = EPROTO;
		die(cmd);
	}
}

/* A field of a reply line; a missing one is a protocol error. */
static long long field(const char *line, const char *key)
{
	long long v = ctl_field(line, key);

	if (v < 0) {
		errno = EPROTO;
		die(key);
	}
	return v;
}

/* The host's view of the buses named with -b, at one moment. */
struct host {
	long long tx, bytes, segs, bus_ns, cpu_ns, cpu_tx;
	long long now[MAX_BUSES];	/* each bus's clock */
};

static const char *buses[MAX_BUSES];
static unsigned int nbuses;

/*
 * Two commands, "counters" (every bus, one reply) and "cpu", sent in one
 * write and answered in order: a control round trip costs milliseconds
 * in the emulated guest. Counters are never reset: an operation's cost
 * is the difference of two snapshots, and its transactions in the log
 * are those between the two clock values.
 */
static void host_snap(int ctl, struct host *h)
{
	char *line, *save = NULL, cpu[256];
	unsigned int i;

	memset(h, 0, sizeof(*h));
	ctl_do(ctl, "counters\ncpu");
	if (ctl_read_line(ctl, cpu, sizeof(cpu), now_ms() + 5000) ||
	    strncmp(cpu, "ok ", 3)) {
		errno = EPROTO;
		die("cpu");
	}
	for (line = strtok_r(reply, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		for (i = 0; i < nbuses; i++) {
			size_t k = strlen(buses[i]);

			if (strncmp(line, buses[i], k) || line[k] != ' ')
				continue;
			h->tx += field(line, "transactions");
			h->bytes += field(line, "bytes");
			h->segs += field(line, "segments");
			h->bus_ns += field(line, "busy_ns");
			h->now[i] = field(line, "now_ns");
		}
	}
	h->cpu_ns = field(cpu, "user_ns") + field(cpu, "sys_ns");
	h->cpu_tx = field(cpu, "transactions");
}

/* Time n operations op; print one line of results. */
/*
 * -P: the operation alternately through two paths, to compare their
 * latency under the same conditions (the host is shared: load comes
 * and goes in seconds). Latency only: counts would mix the two.
 */
static void bench_pair(const char *op, unsigned int n)
{
	uint64_t all = lines_mask(A->nlines), half = lines_mask((A->nlines + 1) / 2);
	long long *lat[2];
	uint64_t v = 0;
	unsigned int i, k;

	lat[0] = calloc(n, sizeof(long long));
	lat[1] = calloc(n, sizeof(long long));
	if (!lat[0] || !lat[1])
		die("calloc");
	for (k = 0; k < 2; k++) {
		A = &acc[k];
		v ^= run_op(op, 0, all, half);
		v ^= run_op(op, 1, all, half);
	}
	for (i = 0; i < n; i++) {
		for (k = 0; k < 2; k++) {
			/* alternate which path goes first */
			unsigned int j = k ^ (i & 1);
			long long t0;

			A = &acc[j];
			t0 = now_ns();
			v ^= run_op(op, i, all, half);
			lat[j][i] = now_ns() - t0;
		}
	}
	A = &acc[0];
	printf("path=%s path2=%s op=%s lines=%u n=%u", acc[0].name, acc[1].name,
	       op, A->nlines, n);
	for (k = 0; k < 2; k++) {
		qsort(lat[k], n, sizeof(long long), cmp_ll);
		/* PATH2's keys start with "b_" */
		printf(" %smin_ns=%lld %smed_ns=%lld %sp95_ns=%lld",
		       k ? "b_" : "", lat[k][0], k ? "b_" : "", lat[k][n / 2],
		       k ? "b_" : "", lat[k][(n * 95 + 99) / 100 - 1]);
		free(lat[k]);
	}
	printf(" sink=%llu\n", (unsigned long long)(v & 1));
	fflush(stdout);
}

static void bench(int ctl, const char *pathname, const char *op, unsigned int n,
		  const char *tag, int trace, struct host *h0)
{
	uint64_t all = lines_mask(A->nlines), half = lines_mask((A->nlines + 1) / 2);
	struct i2ctrace_count gt;
	struct host h1;
	long long *lat;
	uint64_t v = 0;
	unsigned int i;
	char cmd[128];
	int lost = 0;

	lat = calloc(n, sizeof(*lat));
	if (!lat)
		die("calloc");
	/*
	 * Warm-up, uncounted: both values of the alternating operations, or
	 * (-w 1) the one before the loop's first, so that its first
	 * operation changes the lines as every later one does.
	 */
	for (i = 2 - warmups; i < 2; i++)
		v ^= run_op(op, i, all, half);
	if (nbuses)
		host_snap(ctl, h0);
	if (tag) {
		snprintf(cmd, sizeof(cmd), "mark begin %s %s", tag, op);
		ctl_do(ctl, cmd);
	}
	if (trace && i2ctrace_start())
		die(TRACEFS);
	for (i = 0; i < n; i++) {
		long long t0 = now_ns();

		v ^= run_op(op, i, all, half);
		lat[i] = now_ns() - t0;
	}
	if (trace && i2ctrace_stop(&gt, &lost))
		die(TRACEFS);
	if (tag) {
		snprintf(cmd, sizeof(cmd), "mark end %s %s", tag, op);
		ctl_do(ctl, cmd);
	}
	qsort(lat, n, sizeof(*lat), cmp_ll);
	printf("path=%s op=%s lines=%u chips=%u n=%u min_ns=%lld med_ns=%lld p95_ns=%lld",
	       pathname, op, A->nlines, A->nchips, n, lat[0], lat[n / 2],
	       lat[(n * 95 + 99) / 100 - 1]);
	if (nbuses) {
		host_snap(ctl, &h1);
		printf(" tx=%lld bytes=%lld segs=%lld bus_ns=%lld cpu_ns=%lld cpu_tx=%lld win=",
		       h1.tx - h0->tx, h1.bytes - h0->bytes, h1.segs - h0->segs,
		       h1.bus_ns - h0->bus_ns, h1.cpu_ns - h0->cpu_ns,
		       h1.cpu_tx - h0->cpu_tx);
		for (i = 0; i < nbuses; i++)
			printf("%s%s:%lld:%lld", i ? "," : "", buses[i],
			       h0->now[i], h1.now[i]);
	}
	if (trace)
		printf(" gtx=%lld gbytes=%lld gsegs=%lld glost=%d",
		       gt.tx, gt.bytes, gt.segs, lost);
	printf(" sink=%llu\n", (unsigned long long)(v & 1));
	fflush(stdout);
	free(lat);
}

static int valid_op(const char *op)
{
	return !strcmp(op, "set-all") || !strcmp(op, "set-mask") ||
	       !strcmp(op, "get-all") || !strcmp(op, "toggle") ||
	       !strcmp(op, "rmw");
}

/* PATH -> a's path and block name; 0, or -1 if PATH is unknown. */
static int parse_path(struct access *a, const char *name)
{
	a->name = name;
	a->block_fd = -1;
	a->mask_fd = -1;
	a->block_mask = ~0ULL;
	if (!strcmp(name, "sysfs"))
		a->path = P_SYSFS;
	else if (!strcmp(name, "cdev-line"))
		a->path = P_LINE;
	else if (!strcmp(name, "cdev-multi") || !strncmp(name, "aggregator:", 11))
		a->path = P_MULTI;
	else if (!strcmp(name, "gpiod-tools") || !strcmp(name, "gpiod2-tools"))
		a->path = P_TOOLS;
	else if (!strncmp(name, "block-dev:", 10))
		a->path = P_BDEV;
	else if (!strncmp(name, "block-sysfs:", 12))
		a->path = P_BSYSFS;
	else
		return -1;
	a->tools_v2 = !strcmp(name, "gpiod2-tools");
	if (a->path == P_BDEV || a->path == P_BSYSFS)
		snprintf(a->block_name, sizeof(a->block_name), "%s",
			 strchr(name, ':') + 1);
	return 0;
}

int main(int argc, char **argv)
{
	const char *tag = NULL, *path2 = NULL;
	char *ops, *op, *save = NULL, *spec2 = NULL;
	unsigned int n = 100, k;
	struct host h0;
	int opt, ctl = -1, trace = 0;

	while ((opt = getopt(argc, argv, "n:w:b:m:tiP:S:")) != -1) {
		switch (opt) {
		case 'n':
			n = strtoul(optarg, NULL, 0);
			break;
		case 'w':
			warmups = strtoul(optarg, NULL, 0);
			if (warmups > 2)
				usage();
			break;
		case 'b':
			if (nbuses == MAX_BUSES)
				usage();
			buses[nbuses++] = optarg;
			break;
		case 'm':
			tag = optarg;
			break;
		case 't':
			trace = 1;
			break;
		case 'i':
			as_input = 1;
			break;
		case 'P':
			path2 = optarg;
			break;
		case 'S':
			spec2 = optarg;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 3 || !n || !path2 != !spec2 ||
	    (path2 && (nbuses || trace || tag)))
		usage();
	if (parse_path(&acc[0], argv[optind]) ||
	    (path2 && parse_path(&acc[1], path2)))
		usage();
	ops = strdup(argv[optind + 1]);
	for (op = strtok_r(ops, ",", &save); op; op = strtok_r(NULL, ",", &save))
		if (!valid_op(op) || (as_input && strcmp(op, "get-all")))
			usage();
	parse_spec(argv[optind + 2]);
	setup();
	if (path2) {
		A = &acc[1];
		parse_spec(spec2);
		setup();
		if (A->nlines != acc[0].nlines)
			usage();
		A = &acc[0];
	}
	if (nbuses || tag) {
		ctl = ctl_open();
		if (ctl < 0) {
			fprintf(stderr, "gpiobench: no control port\n");
			return 1;
		}
	}
	strcpy(ops, argv[optind + 1]);
	for (op = strtok_r(ops, ",", &save); op; op = strtok_r(NULL, ",", &save)) {
		if (path2)
			bench_pair(op, n);
		else
			bench(ctl, argv[optind], op, n, tag, trace, &h0);
	}
	for (k = 0; k < 2; k++) {
		A = &acc[k];
		if (A->path == P_SYSFS && A->nlines)
			sysfs_unexport();
	}
	return 0;
}
