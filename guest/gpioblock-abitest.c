// SPDX-License-Identifier: GPL-2.0
/*
 * gpioblock-abitest - KTAP checks of the /dev/gpioblock/<block> ABI as
 * Documentation/ABI/testing/dev-gpioblock states it, against the blocks
 * of dts/series.dtsi on bus 15 (a PCA9555 at 0x20: "cdevout" = port 0,
 * outputs, "cdevin" = port 1, inputs; a PCF8574 at 0x21: "leds" = its
 * lines led-d, led-c, led-b, led-a by name, i.e. offsets 3, 2, 1, 0),
 * and "simin", 4 input lines of a gpio-sim bank, whose interrupts let the
 * edge request (GPIOBLOCK_EDGE_REQUEST_IOCTL) be tested on real edges. gpio-sim is a module: loading it here
 * also shows the block's deferred probe completing.
 *
 * Pin levels and transaction counts come from the host models through
 * the control port, so every write is checked where a logic analyser
 * would see it and every count is exact.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <glob.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/gpio-block.h>

#include "ctl.h"

#define BUS "i2c15"
#define PCA "i2c15:20"
#define PCF "i2c15:21"
static int ctl = -1;
static int nr, failed;

/*
 * The plan is the number of checks run: the output waits in a buffer
 * until the end, then goes out behind its "1..N" (KTAP wants the plan
 * first).
 */
static FILE *console;
static char *held;
static size_t held_len;

static void hold_output(void)
{
	FILE *f = open_memstream(&held, &held_len);

	console = stdout;
	if (f)
		stdout = f;
}

static int release_output(int rc)
{
	if (stdout != console) {
		fclose(stdout);
		stdout = console;
	}
	printf("1..%d\n", nr);
	if (held)
		fwrite(held, 1, held_len, stdout);
	free(held);
	return rc;
}

static void result(int ok, const char *desc)
{
	printf("%sok %d %s\n", ok ? "" : "not ", ++nr, desc);
	if (!ok)
		failed = 1;
}

static void check_u64(const char *desc, uint64_t got, uint64_t want)
{
	if (got != want)
		printf("# %s: got 0x%" PRIx64 ", want 0x%" PRIx64 "\n",
		       desc, got, want);
	result(got == want, desc);
}

/* A call that must fail with one errno. */
static void check_errno(const char *desc, int ret, int want)
{
	int ok = ret < 0 && errno == want;

	if (!ok)
		printf("# %s: returned %d, errno %d (%s), want %s\n", desc,
		       ret, ret < 0 ? errno : 0, ret < 0 ? strerror(errno) : "-",
		       strerror(want));
	result(ok, desc);
}

static long long host(const char *cmd, const char *key)
{
	char reply[1024];

	if (ctl_cmd(ctl, cmd, reply, sizeof(reply), 5000, NULL))
		return -1;
	if (!key) {	/* "ok 0xHHHH levels=..." */
		const char *ok = strstr(reply, "ok ");

		return ok ? strtoll(ok + 3, NULL, 0) : -1;
	}
	return ctl_field(reply, key);
}

static long long tx(void)
{
	return host("counters " BUS, "transactions");
}

static void reset(void)
{
	host("reset-counters " BUS, NULL);
}

static int open_block(const char *name, int flags)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/dev/gpioblock/%s", name);
	fd = open(path, flags);
	if (fd < 0)
		printf("# open %s: %s\n", path, strerror(errno));
	return fd;
}

static int wr(int fd, uint64_t v)
{
	return write(fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1;
}

static uint64_t rd(int fd)
{
	uint64_t v = ~0ULL;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		printf("# read: %s\n", strerror(errno));
	return v;
}

static void info_checks(int out, int in)
{
	struct gpioblock_info bi = { 0 };
	struct gpioblock_line_info li = { .index = 3 };
	uint64_t mask = 0;
	int ok;

	result(!ioctl(out, GPIOBLOCK_GET_INFO_IOCTL, &bi) &&
	       !strcmp(bi.name, "cdevout") && bi.ngpio == 8 && bi.nchips == 1,
	       "GET_INFO: name cdevout, 8 lines, 1 chip");
	if (ioctl(out, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li))
		printf("# GET_LINE_INFO: %s\n", strerror(errno));
	/* gpio-pca953x labels its chip with the I2C client's name. */
	ok = li.offset == 3 && (li.flags & GPIOBLOCK_LINE_OUTPUT) &&
	     li.chip == 0 && strstr(li.chip_label, "-0020") &&
	     !strncmp(li.chip_name, "gpiochip", 8);
	if (!ok)
		printf("# line 3: offset %u flags %#x chip %u chip_name '%s' chip_label '%s'\n",
		       li.offset, li.flags, li.chip, li.chip_name,
		       li.chip_label);
	result(ok, "GET_LINE_INFO line 3: chip N-0020 offset 3, output");
	li.index = 0;
	result(!ioctl(in, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li) &&
	       li.offset == 8 && !(li.flags & GPIOBLOCK_LINE_OUTPUT),
	       "GET_LINE_INFO cdevin line 0: offset 8, input");
	li.index = 8;
	check_errno("GET_LINE_INFO beyond ngpio: EINVAL",
		    ioctl(out, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li), EINVAL);
	result(!ioctl(out, GPIOBLOCK_GET_MASK_IOCTL, &mask) && mask == 0xff,
	       "a new file's mask is all lines (0xff)");
	mask = 0x100;
	check_errno("SET_MASK with a bit beyond the block: EINVAL",
		    ioctl(out, GPIOBLOCK_SET_MASK_IOCTL, &mask), EINVAL);
}

/* Two open files of one block, each with its own mask. */
static void mask_checks(int out)
{
	int other = open_block("cdevout", O_RDWR);
	uint64_t m1 = 0x0f, m2 = 0xf0, v = 0;
	/* read() and write() never wait: poll() says both are ready. */
	struct pollfd p = { .fd = out, .events = POLLIN | POLLRDNORM |
					POLLOUT | POLLWRNORM };
	int ret;

	ioctl(out, GPIOBLOCK_SET_MASK_IOCTL, &m1);
	ioctl(other, GPIOBLOCK_SET_MASK_IOCTL, &m2);
	reset();
	result(!wr(out, 0xff), "write 0xff under mask 0x0f");
	check_u64("pins 0-7 on the model: 0x0f", host("pins " PCA, NULL) & 0xff,
		  0x0f);
	/*
	 * Patch 0012 writes the output pair (ports 0 and 1) in one
	 * transaction. Output port 1 is not in the regmap cache yet (its
	 * lines are the input block's and were never written), so the
	 * first write reads it first: 2; every later write: 1.
	 */
	check_u64("first write: 2 transactions (fills output port 1's cache)",
		  tx(), 2);
	reset();
	result(!wr(out, 0xff), "write 0xff again");
	check_u64("one 8-line write: 1 transaction", tx(), 1);
	reset();
	result(!wr(other, 0xa5), "write 0xa5 through a second file, mask 0xf0");
	check_u64("the first file's lines kept: pins 0xaf",
		  host("pins " PCA, NULL) & 0xff, 0xaf);
	check_u64("masked write: 1 transaction", tx(), 1);
	check_u64("read under mask 0x0f: 0x0f", rd(out), 0x0f);
	check_u64("read under mask 0xf0: 0xa0", rd(other), 0xa0);
	check_errno("read of 4 bytes: EINVAL", read(out, &v, 4), EINVAL);
	check_errno("write of 4 bytes: EINVAL", write(out, &v, 4), EINVAL);
	result(pread(other, &v, sizeof(v), 100) == sizeof(v) && v == 0xa0,
	       "pread ignores its offset");
	ret = poll(&p, 1, 0);
	if (ret != 1 || p.revents != (POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM))
		printf("# poll: returned %d, revents %#x\n", ret, p.revents);
	result(ret == 1 &&
	       p.revents == (POLLIN | POLLRDNORM | POLLOUT | POLLWRNORM),
	       "poll on the block file: readable and writable, no events");
	close(other);
}

static void input_checks(int in)
{
	const uint64_t pattern = 0x5a;
	int nb = open_block("cdevin", O_RDONLY | O_NONBLOCK);
	char cmd[64];
	int i;

	for (i = 0; i < 8; i++) {
		snprintf(cmd, sizeof(cmd), "drive " PCA " %d %d", 8 + i,
			 (int)(pattern >> i) & 1);
		host(cmd, NULL);
	}
	reset();
	check_u64("input block reads the host-driven pins", rd(in), pattern);
	check_u64("one 8-line read: 1 transaction", tx(), 1);
	check_u64("O_NONBLOCK read returns the value at once", rd(nb), pattern);
	reset();
	check_errno("write to an input block: EPERM", wr(in, 0xff), EPERM);
	check_u64("refused write: no transaction", tx(), 0);
	for (i = 0; i < 8; i++) {
		snprintf(cmd, sizeof(cmd), "drive " PCA " %d z", 8 + i);
		host(cmd, NULL);
	}
	close(nb);
}

/* "leds": lines by name, led-d first, on a PCF8574 (offsets 3, 2, 1, 0). */
static void named_checks(void)
{
	struct gpioblock_line_info li = { .index = 0 };
	int fd = open_block("leds", O_RDWR);

	result(!ioctl(fd, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li) &&
	       li.offset == 3 && !strcmp(li.name, "led-d"),
	       "leds line 0 is led-d, PCF8574 offset 3");
	check_u64("output-high at probe: pins 0-3 high",
		  host("pins " PCF, NULL) & 0x0f, 0x0f);
	reset();
	result(!wr(fd, 0x1), "write 0x1: only led-d high");
	check_u64("pins: offset 3 high, 0-2 low, 4-7 untouched (high)",
		  host("pins " PCF, NULL), 0xf8);
	check_u64("PCF8574 block write: 1 transaction", tx(), 1);
	close(fd);
}

/* Set the simulated pull of gpio-sim line N: the "outside world". */
static int sim_pull(int n, const char *pull)
{
	char pat[96];
	glob_t g;
	int ret = -1;

	snprintf(pat, sizeof(pat),
		 "/sys/devices/platform/gpio-sim/gpiochip*/sim_gpio%d/pull", n);
	if (!glob(pat, 0, NULL, &g) && g.gl_pathc == 1) {
		int fd = open(g.gl_pathv[0], O_WRONLY);

		if (fd >= 0 && write(fd, pull, strlen(pull)) > 0)
			ret = 0;
		if (fd >= 0)
			close(fd);
	}
	globfree(&g);
	if (ret)
		printf("# cannot set %s on sim line %d\n", pull, n);
	return ret;
}

static int readable(int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLRDNORM };

	if (poll(&p, 1, timeout_ms) < 0)
		return -1;
	return p.revents;
}

static int exists(const char *path)
{
	struct stat st;

	return !stat(path, &st);
}

/* Request edges on a block; returns the event fd, or -errno. */
static int edges(const char *name, uint64_t mask, uint32_t flags,
		 uint32_t pad)
{
	struct gpioblock_edge_request req = { .mask = mask, .flags = flags };
	int fd = open_block(name, O_RDONLY), ret;

	req.padding[4] = pad;
	ret = ioctl(fd, GPIOBLOCK_EDGE_REQUEST_IOCTL, &req);
	ret = ret ? -errno : req.fd;
	close(fd);
	return ret;
}

/* Wait up to timeout_ms for one event; id 0 if none. */
static struct gpioblock_event event(int fd, int timeout_ms)
{
	struct gpioblock_event ev = { 0 };

	if (readable(fd, timeout_ms) & POLLIN &&
	    read(fd, &ev, sizeof(ev)) != sizeof(ev))
		ev.id = 0;
	return ev;
}

static void edge_checks(void)
{
	struct gpioblock_line_info li = { .index = 0 };
	struct gpioblock_event ev, ev2;
	long long deadline;
	int fd, fd2, blk;
	char small[8];

	result(!exists("/dev/gpioblock/simin"),
	       "simin waits while gpio-sim is not loaded");
	if (system("modprobe gpio-sim"))
		printf("# modprobe gpio-sim failed\n");
	/* Deferred probe retries when the bank's driver binds. */
	deadline = now_ms() + 5000;
	while (!exists("/dev/gpioblock/simin") && now_ms() < deadline)
		usleep(20000);
	result(exists("/dev/gpioblock/simin"),
	       "loading gpio-sim completes the deferred probe");

	/* Requests the kernel must refuse, each with its errno. */
	check_u64("edge request, empty mask: EINVAL",
		  edges("simin", 0, GPIOBLOCK_EDGE_RISING, 0), -EINVAL);
	check_u64("edge request, bit beyond the block: EINVAL",
		  edges("simin", 0x10, GPIOBLOCK_EDGE_RISING, 0), -EINVAL);
	check_u64("edge request, no edge flag: EINVAL",
		  edges("simin", 0x1, 0, 0), -EINVAL);
	check_u64("edge request, unknown flag: EINVAL",
		  edges("simin", 0x1, 0x4, 0), -EINVAL);
	check_u64("edge request, padding not zero: EINVAL",
		  edges("simin", 0x1, GPIOBLOCK_EDGE_RISING, 1), -EINVAL);
	check_u64("edge request on output lines: EPERM",
		  edges("cdevout", 0x1, GPIOBLOCK_EDGE_RISING, 0), -EPERM);
	check_u64("edge request on lines without interrupt: ENXIO",
		  edges("cdevin", 0x1, GPIOBLOCK_EDGE_RISING, 0), -ENXIO);
	blk = open_block("simin", O_RDONLY);
	li.padding[0] = 1;
	check_errno("line info with padding not zero: EINVAL",
		    ioctl(blk, GPIOBLOCK_GET_LINE_INFO_IOCTL, &li), EINVAL);
	close(blk);

	fd = edges("simin", 0x5, GPIOBLOCK_EDGE_RISING | GPIOBLOCK_EDGE_FALLING,
		   0);
	result(fd >= 0, "edge request on lines 0 and 2, both edges");
	check_u64("a second request on line 2: EBUSY",
		  edges("simin", 0x4, GPIOBLOCK_EDGE_RISING, 0), -EBUSY);
	check_u64("no event before any edge", readable(fd, 0), 0);
	check_errno("read of less than one event: EINVAL",
		    read(fd, small, sizeof(small)), EINVAL);
	fcntl(fd, F_SETFL, O_NONBLOCK);
	check_errno("read with nothing queued, O_NONBLOCK: EAGAIN",
		    read(fd, &ev, sizeof(ev)), EAGAIN);
	fcntl(fd, F_SETFL, 0);

	sim_pull(2, "pull-up");
	ev = event(fd, 2000);
	result(ev.id == GPIOBLOCK_EVENT_RISING_EDGE && ev.line == 2 &&
	       ev.seqno == 1 && ev.line_seqno == 1 && ev.timestamp_ns,
	       "rising edge on line 2: event line 2, seqno 1, line_seqno 1");
	sim_pull(1, "pull-up");
	check_u64("edge on line 1 (not watched): no event", readable(fd, 200),
		  0);
	sim_pull(2, "pull-down");
	ev2 = event(fd, 2000);
	result(ev2.id == GPIOBLOCK_EVENT_FALLING_EDGE && ev2.line == 2 &&
	       ev2.seqno == 2 && ev2.line_seqno == 2 &&
	       ev2.timestamp_ns > ev.timestamp_ns,
	       "falling edge on line 2: seqno 2, later timestamp");
	sim_pull(0, "pull-up");
	ev = event(fd, 2000);
	result(ev.id == GPIOBLOCK_EVENT_RISING_EDGE && ev.line == 0 &&
	       ev.seqno == 3 && ev.line_seqno == 1,
	       "rising edge on line 0: seqno 3, its line_seqno 1");
	sim_pull(0, "pull-down");
	sim_pull(1, "pull-down");
	event(fd, 2000);
	close(fd);
	fd2 = edges("simin", 0x4, GPIOBLOCK_EDGE_RISING, 0);
	result(fd2 >= 0, "closing the request frees line 2 for another");
	close(fd2);
}

int main(void)
{
	int out, in;

	hold_output();
	ctl = ctl_open();
	out = open_block("cdevout", O_RDWR);
	in = open_block("cdevin", O_RDWR);
	if (ctl < 0 || out < 0 || in < 0) {
		printf("# set-up failed: control port %d, blocks %d %d\n",
		       ctl, out, in);
		result(0, "set-up: control port and both blocks open");
		return release_output(1);
	}
	info_checks(out, in);
	mask_checks(out);
	input_checks(in);
	named_checks();
	edge_checks();
	return release_output(failed);
}
