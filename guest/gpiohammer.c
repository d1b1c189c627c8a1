// SPDX-License-Identifier: GPL-2.0
/*
 * gpiohammer - several processes write, read and re-mask GPIO lines of the
 * same chips at once for a bounded time, each owning its own lines, and
 * the end state tells whether a driver's read-modify-write lost an update.
 *
 *   gpiohammer SECONDS WORKER...
 *
 * WORKER is one process:
 *   dev:NAME:MASK      /dev/NAME, owns the block bits in MASK; every write
 *                      goes through a fresh random per-open mask within
 *                      MASK (GPIOBLOCK_SET_MASK_IOCTL)
 *   sysfs:NAME:MASK    /sys/class/gpioblock/NAME, owns MASK; writes the
 *                      shared sysfs mask then value (one such worker per
 *                      block: that mask is shared by design)
 *   line:CHIP:O,O,...  /dev/CHIP (gpiochipN), owns those offsets through
 *                      one v2 line request, random partial SET_VALUES
 *   flip:CHIP:O,O,...  as line, but every write turns the lines around:
 *                      inputs (SET_CONFIG), read (the pull-ups: all 1),
 *                      then outputs again with the new values. On
 *                      quasi-bidirectional chips (pcf857x) an input is a
 *                      1 written into the same output shadow that the
 *                      other writers change.
 *
 * Every worker first drives all its lines, so that its shadow copy is the
 * truth from then on, then loops until the deadline: random write, and
 * every fourth round a read of all its lines compared with the shadow.
 * At the end each worker reports its lines as "gpiochipN offset value";
 * the parent prints, per chip,
 *
 *   expect gpiochipN MASK VALUE
 *
 * (the lines the workers own and the values last written), one
 * "worker SPEC writes=N reads=N errors=N" line per worker, and exits 1 if
 * a read-back differed or a call failed. The caller compares the expect
 * lines with the host model's pins.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/gpio.h>
#include <linux/gpio-block.h>

#include "gpioblock-abi.h"

#define MAX_WORKERS	16
#define MAX_CHIPS	16
#define MAX_LINES	64

enum kind { DEV, SYSFS, LINE };

struct worker {
	enum kind kind;
	const char *spec;
	char name[64];		/* block name or gpiochipN */
	uint64_t own;		/* DEV/SYSFS: block bits; LINE: request bits */
	unsigned int offsets[MAX_LINES];	/* LINE: chip offsets */
	unsigned int nlines;	/* LINE */
	bool flip;		/* LINE: turn around on every write */
	uint64_t shadow;	/* what this worker last wrote */
	unsigned long writes, reads, errors;
	int fd;			/* DEV: block; LINE: line request */
};

static uint64_t rng;

static uint64_t rnd(void)
{
	/* xorshift64: a fixed seed per worker keeps runs comparable. */
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void complain(struct worker *w, const char *what)
{
	w->errors++;
	if (w->errors <= 5)
		fprintf(stderr, "gpiohammer: %s: %s: %s\n", w->spec, what,
			strerror(errno));
}

static int sysfs_write(const char *block, const char *attr, uint64_t v)
{
	char path[128], buf[32];
	int fd, n, ret;

	snprintf(path, sizeof(path), "/sys/class/gpioblock/%s/%s", block, attr);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%" PRIx64 "\n", v);
	ret = write(fd, buf, n) == n ? 0 : -1;
	close(fd);
	return ret;
}

static int sysfs_read(const char *block, uint64_t *v)
{
	char path[128], buf[32];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/sys/class/gpioblock/%s/value", block);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*v = strtoull(buf, NULL, 16);
	return 0;
}

/*
 * Turn a flip worker's lines into inputs, check they read the pull-ups,
 * then make them outputs again, the lines in mask at v, the others at
 * their last values.
 */
static int line_flip(struct worker *w, uint64_t mask, uint64_t v)
{
	struct gpio_v2_line_values lv = { .mask = w->own };
	struct gpio_v2_line_config cfg;

	memset(&cfg, 0, sizeof(cfg));
	cfg.flags = GPIO_V2_LINE_FLAG_INPUT;
	if (ioctl(w->fd, GPIO_V2_LINE_SET_CONFIG_IOCTL, &cfg) < 0 ||
	    ioctl(w->fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &lv) < 0)
		return -1;
	if ((lv.bits & w->own) != w->own && ++w->errors <= 5)
		fprintf(stderr, "gpiohammer: %s: inputs read 0x%" PRIx64
			", want the pull-ups 0x%" PRIx64 "\n", w->spec,
			lv.bits & w->own, w->own);

	cfg.flags = GPIO_V2_LINE_FLAG_OUTPUT;
	cfg.num_attrs = 1;
	cfg.attrs[0].mask = w->own;
	cfg.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
	cfg.attrs[0].attr.values = (w->shadow & ~mask) | (v & mask);
	return ioctl(w->fd, GPIO_V2_LINE_SET_CONFIG_IOCTL, &cfg);
}

/* Drive the lines in mask (a subset of w->own) to v. */
static int do_write(struct worker *w, uint64_t mask, uint64_t v)
{
	struct gpio_v2_line_values lv;

	if (w->flip)
		return line_flip(w, mask, v);
	switch (w->kind) {
	case DEV:
		if (ioctl(w->fd, GPIOBLOCK_SET_MASK_IOCTL, &mask) < 0)
			return -1;
		return write(w->fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1;
	case SYSFS:
		if (sysfs_write(w->name, "mask", mask))
			return -1;
		return sysfs_write(w->name, "value", v & mask);
	case LINE:
		lv.mask = mask;
		lv.bits = v;
		return ioctl(w->fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &lv);
	}
	return -1;
}

/* Read all of the worker's lines. */
static int do_read(struct worker *w, uint64_t *v)
{
	struct gpio_v2_line_values lv;
	uint64_t mask = w->own;

	switch (w->kind) {
	case DEV:
		if (ioctl(w->fd, GPIOBLOCK_SET_MASK_IOCTL, &mask) < 0)
			return -1;
		return read(w->fd, v, sizeof(*v)) == sizeof(*v) ? 0 : -1;
	case SYSFS:
		if (sysfs_write(w->name, "mask", mask))
			return -1;
		return sysfs_read(w->name, v);
	case LINE:
		lv.mask = mask;
		lv.bits = 0;
		if (ioctl(w->fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &lv) < 0)
			return -1;
		*v = lv.bits & mask;
		return 0;
	}
	return -1;
}

static int setup(struct worker *w)
{
	struct gpio_v2_line_request req;
	char path[128];
	unsigned int i;
	int fd;

	switch (w->kind) {
	case DEV:
		snprintf(path, sizeof(path), GPIOBLOCK_DIR "%s", w->name);
		w->fd = open(path, O_RDWR);
		return w->fd < 0 ? -1 : 0;
	case SYSFS:
		return sysfs_write(w->name, "exported", 1);
	case LINE:
		snprintf(path, sizeof(path), "/dev/%s", w->name);
		fd = open(path, O_RDWR);
		if (fd < 0)
			return -1;
		memset(&req, 0, sizeof(req));
		for (i = 0; i < w->nlines; i++)
			req.offsets[i] = w->offsets[i];
		req.num_lines = w->nlines;
		req.config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
		snprintf(req.consumer, sizeof(req.consumer), "gpiohammer");
		if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req) < 0) {
			close(fd);
			return -1;
		}
		close(fd);
		w->fd = req.fd;
		return 0;
	}
	return -1;
}

/* Report "gpiochipN offset value" for every line the worker owns. */
static void report_lines(struct worker *w, int out)
{
	struct gpioblock_line_info li;
	char path[128], buf[128];
	unsigned int i;
	int fd = -1, n;

	if (w->kind != LINE) {
		snprintf(path, sizeof(path), GPIOBLOCK_DIR "%s", w->name);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			complain(w, "open for line info");
			return;
		}
	}
	for (i = 0; i < MAX_LINES; i++) {
		const char *chip = w->name;
		unsigned int offset;

		if (!(w->own & (1ULL << i)))
			continue;
		if (w->kind == LINE) {
			offset = w->offsets[i];
		} else {
			memset(&li, 0, sizeof(li));
			li.index = i;
			if (ioctl(fd, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li) < 0) {
				complain(w, "GPIOBLOCK_GET_LINE_INFO_IOCTL");
				continue;
			}
			chip = li.chip_name;
			offset = li.offset;
		}
		/* One write per line: atomic on the pipe. */
		n = snprintf(buf, sizeof(buf), "line %s %u %u\n", chip, offset,
			     (unsigned int)((w->shadow >> i) & 1));
		if (write(out, buf, n) != n)
			complain(w, "report");
	}
	if (fd >= 0)
		close(fd);
}

static void run_worker(struct worker *w, int idx, double deadline, int out)
{
	unsigned long round = 0;
	char buf[256];
	uint64_t v;
	int n;

	rng = 0x9e3779b97f4a7c15ULL * (idx + 1);
	if (setup(w)) {
		complain(w, "setup");
		goto done;
	}
	/* Own every line before the shadow means anything. */
	w->shadow = rnd() & w->own;
	if (do_write(w, w->own, w->shadow))
		complain(w, "first write");

	while (now() < deadline) {
		uint64_t mask = rnd() & w->own, val = rnd();

		round++;
		if (!mask)
			continue;
		if (do_write(w, mask, val)) {
			complain(w, "write");
			continue;
		}
		w->writes++;
		w->shadow = (w->shadow & ~mask) | (val & mask);
		if (round % 4)
			continue;
		if (do_read(w, &v)) {
			complain(w, "read");
			continue;
		}
		w->reads++;
		if (v != w->shadow && ++w->errors <= 5) {
			fprintf(stderr, "gpiohammer: %s: read 0x%" PRIx64
				", last wrote 0x%" PRIx64 "\n", w->spec, v,
				w->shadow);
		}
	}
	report_lines(w, out);
done:
	n = snprintf(buf, sizeof(buf), "worker %s writes=%lu reads=%lu errors=%lu\n",
		     w->spec, w->writes, w->reads, w->errors);
	if (write(out, buf, n) != n)
		exit(1);
	exit(w->errors ? 1 : 0);
}

static int parse(struct worker *w, char *spec)
{
	char *kind = strtok(spec, ":"), *name = strtok(NULL, ":");
	char *rest = strtok(NULL, ":"), *tok;

	if (!kind || !name || !rest || strlen(name) >= sizeof(w->name))
		return -1;
	snprintf(w->name, sizeof(w->name), "%s", name);
	if (!strcmp(kind, "dev") || !strcmp(kind, "sysfs")) {
		w->kind = !strcmp(kind, "dev") ? DEV : SYSFS;
		w->own = strtoull(rest, NULL, 0);
		return w->own ? 0 : -1;
	}
	if (strcmp(kind, "line") && strcmp(kind, "flip"))
		return -1;
	w->kind = LINE;
	w->flip = !strcmp(kind, "flip");
	for (tok = strtok(rest, ","); tok; tok = strtok(NULL, ",")) {
		if (w->nlines == GPIO_V2_LINES_MAX)
			return -1;
		w->offsets[w->nlines++] = strtoul(tok, NULL, 0);
	}
	w->own = w->nlines == 64 ? ~0ULL : (1ULL << w->nlines) - 1;
	return w->nlines ? 0 : -1;
}

struct chip_expect {
	char name[64];
	uint64_t mask, value;
};

static struct chip_expect *chip_of(struct chip_expect *chips, int *n,
				   const char *name)
{
	int i;

	for (i = 0; i < *n; i++)
		if (!strcmp(chips[i].name, name))
			return &chips[i];
	if (*n == MAX_CHIPS)
		return NULL;
	snprintf(chips[*n].name, sizeof(chips[*n].name), "%s", name);
	return &chips[(*n)++];
}

int main(int argc, char **argv)
{
	static struct worker workers[MAX_WORKERS];
	struct chip_expect chips[MAX_CHIPS];
	int nw = argc - 2, nchips = 0, i, pfd[2], failed = 0, status;
	char line[256];
	double deadline;
	FILE *in;

	if (argc < 3 || nw > MAX_WORKERS || atoi(argv[1]) <= 0) {
		fprintf(stderr, "usage: gpiohammer SECONDS WORKER...\n");
		return 2;
	}
	for (i = 0; i < nw; i++) {
		char *copy = strdup(argv[i + 2]);

		workers[i].spec = argv[i + 2];
		if (!copy || parse(&workers[i], copy)) {
			fprintf(stderr, "gpiohammer: bad worker %s\n", argv[i + 2]);
			return 2;
		}
	}
	if (pipe(pfd))
		return 2;
	deadline = now() + atoi(argv[1]);
	for (i = 0; i < nw; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return 2;
		if (!pid) {
			close(pfd[0]);
			run_worker(&workers[i], i, deadline, pfd[1]);
		}
	}
	close(pfd[1]);

	in = fdopen(pfd[0], "r");
	while (in && fgets(line, sizeof(line), in)) {
		char chip[64];
		unsigned int off, val;
		struct chip_expect *c;

		if (sscanf(line, "line %63s %u %u", chip, &off, &val) == 3) {
			c = chip_of(chips, &nchips, chip);
			if (!c || off >= 64 || (c->mask & (1ULL << off))) {
				fprintf(stderr, "gpiohammer: %s line %u twice\n",
					chip, off);
				failed = 1;
				continue;
			}
			c->mask |= 1ULL << off;
			c->value |= (uint64_t)val << off;
		} else {
			fputs(line, stdout);
		}
	}
	for (i = 0; i < nw; i++)
		if (wait(&status) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failed = 1;
	for (i = 0; i < nchips; i++)
		printf("expect %s 0x%04" PRIx64 " 0x%04" PRIx64 "\n",
		       chips[i].name, chips[i].mask, chips[i].value);
	return failed;
}
