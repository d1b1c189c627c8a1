// SPDX-License-Identifier: GPL-2.0
/*
 * irqprobe - drive an expander input from the host and see what its
 * interrupt brings to user space, with the I2C cost of the handler.
 *
 *   irqprobe edges [-n N] CHIP OFF EDGES GLINE BUS HCHIP PIN V...
 *   irqprobe block [-n N] DEV MASK GLINE BUS HCHIP PIN V...
 *   irqprobe hold CHIP OFF
 *   irqprobe holdblock DEV MASK
 *   irqprobe drive GLINE HCHIP PIN V
 *   irqprobe watch CHIP OFF
 *   irqprobe read CHIP OFF BUS
 *   irqprobe storm CHIP OFF GLINE BUS HCHIP PIN HZ PERIODS
 *   irqprobe midread CHIP OFF[,OFF2] EDGES GLINE BUS HCHIP PIN[,PIN2] V1 V2 TX BYTE
 *
 * edges: request line OFF of /dev/CHIP as an input with edge detection
 * EDGES (rising, falling, both; none: no edge detection; OFF "-": no
 * request at all). Then for each V (0, 1 or z), N times over: zero the
 * counters of host bus BUS, have the host drive pin PIN of HCHIP (its
 * control name, e.g. i2c13:20) to V (tK: toggle it K times in one host
 * command, faster than any handler), wait up to a second for an edge
 * event, then for the host's virtio-gpio line GLINE of gpio14 to have
 * delivered its interrupt and taken its buffer back (the expander's
 * handler has finished: every transaction it made is counted), and
 * print one line per step:
 *
 *   step=V events=E edges=rising,... tx=T bytes=B irqs=D bus_ns=N lat_us=L rtt_us=R
 *
 * events/edges: what the line request read (only what came, never
 * waited for beyond the handler's end); tx/bytes/bus_ns: bus BUS's
 * counters for the step (bus_ns: their bus time); irqs: interrupts the
 * host delivered on GLINE; lat_us: from
 * sending the drive command to reading the event (0 without one);
 * rtt_us: the drive command's own round trip. Everything but lat_us and
 * rtt_us is deterministic (bus_ns too: the bus clock, LOG-FORMAT.md).
 *
 * block: the same with /dev/gpioblock/DEV, a block GPIO device, watching
 * the lines of MASK for both edges (GPIOBLOCK_EDGE_REQUEST_IOCTL); a step
 * prints readable=0|1 (an event queued within the step) instead of events.
 *
 * hold: request line OFF with both edges, print "ready", sleep in
 * poll() until the line request ends (POLLERR/POLLHUP) or 20 s pass,
 * print the revents and what GPIO_V2_LINE_GET_VALUES_IOCTL says then.
 *
 * holdblock: the same for an edge request on the lines MASK of
 * /dev/gpioblock/DEV; "read" is then what read(2) of its events says.
 *
 * drive: one step without any file of its own (for gpiomon beside it):
 * drive, wait for the handler as above, print irqs=D.
 *
 * watch: request line OFF with both edges, print "ready" once the
 * request holds, then each event's kind (rising, falling) on a line of
 * its own as it comes, until SIGTERM: a watcher beside another command
 * that a shell can wait for without polling (read "ready" from a pipe).
 * SIGTERM ends the read and the request is released by close(), as a
 * program that handles its signals does: a watcher that dies of its
 * signal releases it in its exit path, with the signal pending, which
 * is a case of its own (51-irq-drivers' SIGKILL check).
 *
 * read: zero BUS's counters, request line OFF as an input, read its
 * value once, release it, wait 200 ms and print tx=T: the transactions
 * of one value read and whatever it woke (a handler's thread runs at
 * once; one woken later would count in the next read's window, never in
 * neither).
 *
 * storm: request line OFF with both edges (the largest event buffer),
 * zero BUS's counters, have the host run a square wave on PIN of HCHIP
 * (control storm: 2 * PERIODS edges at HZ on the storm clock) and read
 * events while it runs; once it has ended, wait for the chip to settle
 * (its INT released, GLINE holding its buffer again and no delivery for
 * 200 ms; at most 5 s), read what came, and print one line:
 *
 *   storm hz=F periods=P edges=E made=M events=N rising=R falling=F
 *   seqno=S last=rising|falling|- irqs=D tx=T bytes=B level=L pin=P
 *   settled=0|1 storm_us=U
 *
 * made: edges the host made; events: read by user space; seqno: the
 * last event's line_seqno (events the kernel queued, dropped ones
 * included); irqs: interrupts GLINE delivered; tx/bytes: BUS's for the
 * storm and the settling; level: the line's value read after it, pin:
 * the host's level of PIN then (they must agree); storm_us: from the
 * storm command to its end as the guest saw it.
 *
 * midread: request line OFF with EDGES, arm the host to drive PIN to V2
 * at byte BYTE of HCHIP's TX-th transaction (control arm: in the middle
 * of the handler's reads), drive PIN to V1, let the chip settle (as
 * storm) and print what came. With OFF,OFF2 and PIN,PIN2 both lines are
 * requested (one request) and the armed change drives PIN2 instead:
 * another line's edge in the middle of the handler's reads for the
 * first; edges then names each event's line ("3:falling,5:rising"),
 * level and pin stay the first line's:
 *
 *   midread events=N edges=rising,... fired=0|1 missed=0|1 irqs=D
 *   tx=T bytes=B level=L pin=P settled=0|1
 *
 * Exit status 0 if every step ran, 2 on a set-up or control error.
 */
/* strerrorname_np() in errname.h */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <time.h>

#include <linux/gpio.h>

#include "ctl.h"
#include "errname.h"
#include "gpioblock-abi.h"

#define GPIO_CTL "gpio14"

static int ctl;

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void die(const char *what)
{
	printf("# irqprobe: %s\n", what);
	exit(2);
}

static int cmd(const char *c, char *reply, size_t len)
{
	int r = ctl_cmd(ctl, c, reply, len, 5000, NULL);

	if (r < 0)
		die("no reply from the host");
	return r;
}

/*
 * delivered=, unmasked= and latched= of virtio-gpio line gline (latched:
 * NULL if not wanted).
 */
static void gline_state3(unsigned int gline, long long *delivered,
			 long long *unmasked, long long *latched)
{
	char reply[16384], key[48], *p;

	if (cmd("gpio " GPIO_CTL, reply, sizeof(reply)))
		die("gpio command failed");
	snprintf(key, sizeof(key), GPIO_CTL " line=%u ", gline);
	p = strstr(reply, key);
	if (!p)
		die("no such virtio-gpio line");
	*strchrnul(p, '\n') = 0;
	*delivered = ctl_field(p, "delivered");
	*unmasked = ctl_field(p, "unmasked");
	if (latched)
		*latched = ctl_field(p, "latched");
}

static void gline_state(unsigned int gline, long long *delivered,
			long long *unmasked)
{
	gline_state3(gline, delivered, unmasked, NULL);
}

/*
 * The handler is done once the line has delivered more than before and
 * holds its buffer again (unmasked). None comes if, holding its buffer,
 * the line delivered nothing and latched nothing: the daemon changes a
 * pin, and so INT and the line, within the command that drives it,
 * before its reply, so once that reply is in a quiet line stays quiet (a
 * chip whose own registers mask the edge, as the SX150x's sense bits do,
 * costs no wait). 1 if either holds; *delivered the line's count.
 */
static int handler_settled(unsigned int gline, long long before,
			   long long *delivered)
{
	long long u, l;

	gline_state3(gline, delivered, &u, &l);
	return u == 1 && (*delivered > before || l == 0);
}

/* Interrupts delivered since before, once handler_settled() or after 1 s. */
static long long wait_handler(unsigned int gline, long long before)
{
	long long deadline = now_ms() + 1000, d;

	while (!handler_settled(gline, before, &d) && now_ms() <= deadline)
		usleep(2000);
	return d - before;
}

static void bus_counts(const char *bus, long long *tx, long long *bytes,
		       long long *busy_ns)
{
	char c[64], reply[1024];

	snprintf(c, sizeof(c), "counters %s", bus);
	if (cmd(c, reply, sizeof(reply)))
		die("counters failed");
	*tx = ctl_field(reply, "transactions");
	*bytes = ctl_field(reply, "bytes");
	*busy_ns = ctl_field(reply, "busy_ns");
}

/*
 * Send "drive HCHIP PIN V" (or toggle) and watch fd (< 0: none) for an
 * event meanwhile. Returns the microseconds from sending to fd becoming
 * readable, 0 if it did not before the expander's handler ended (the
 * host's line GLINE delivered more than before and took its buffer
 * back) or a second passed; *rtt the command's own round trip.
 */
static long long drive_and_wait(const char *hchip, const char *pin,
				const char *v, int fd, unsigned int gline,
				long long before, long long *rtt)
{
	struct pollfd p[2] = { { .fd = ctl, .events = POLLIN },
			       { .fd = fd, .events = POLLIN } };
	long long t0, lat = 0, deadline, d;
	char c[128], line[256];
	size_t n;

	if (v[0] == 't')
		n = snprintf(c, sizeof(c), "toggle %s %s %s\n", hchip, pin,
			     v + 1);
	else
		n = snprintf(c, sizeof(c), "drive %s %s %s\n", hchip, pin, v);
	t0 = now_us();
	if (write(ctl, c, n) != (ssize_t)n)
		die("control write failed");
	/* The reply, and the event if it comes first. */
	while (fd >= 0 && !lat && poll(p, 2, 5000) > 0) {
		if (p[1].revents & POLLIN)
			lat = now_us() - t0;
		if (p[0].revents & POLLIN)
			break;
	}
	deadline = now_ms() + 5000;
	if (ctl_read_line(ctl, line, sizeof(line), deadline))
		die("no reply to drive");
	*rtt = now_us() - t0;
	if (strncmp(line, "ok", 2)) {
		printf("# irqprobe: %s: %s\n", c, line);
		exit(2);
	}
	/*
	 * No event yet: until it comes, or the handler ends without one;
	 * not at all if no interrupt is on its way.
	 */
	deadline = now_ms() + 1000;
	while (fd >= 0 && !lat && now_ms() < deadline) {
		if (poll(&p[1], 1, 2) == 1) {
			lat = now_us() - t0;
			break;
		}
		if (handler_settled(gline, before, &d))
			break;	/* handler done, or none coming */
	}
	return lat;
}

/*
 * ioctl ioc with req on the device at path (opened with flags), closed
 * again: the request's fd lives on. Cannot open: die(no_open); the
 * ioctl fails: "# irqprobe: what: error" and exit 2.
 */
static void request_on(const char *path, int flags, unsigned long ioc,
		       void *req, const char *no_open, const char *what)
{
	int fd = open(path, flags), ret;

	if (fd < 0)
		die(no_open);
	ret = ioctl(fd, ioc, req);
	close(fd);
	if (ret < 0) {
		printf("# irqprobe: %s: %s\n", what, errname(errno));
		exit(2);
	}
}

/* Request the lines OFFS ("3" or "3,5") of CHIP as inputs with EDGES. */
static int request_lines_edges(const char *chip, const char *offs,
			       const char *edges, unsigned int bufsz)
{
	struct gpio_v2_line_request req;
	char path[128], *end;

	snprintf(path, sizeof(path), "/dev/%s", chip);
	memset(&req, 0, sizeof(req));
	do {
		if (req.num_lines == 2)
			die("at most two lines");
		req.offsets[req.num_lines++] = strtoul(offs, &end, 0);
		offs = end + 1;
	} while (*end == ',');
	strcpy(req.consumer, "irqprobe");
	req.event_buffer_size = bufsz;
	req.config.flags = GPIO_V2_LINE_FLAG_INPUT;
	if (!strcmp(edges, "rising") || !strcmp(edges, "both"))
		req.config.flags |= GPIO_V2_LINE_FLAG_EDGE_RISING;
	if (!strcmp(edges, "falling") || !strcmp(edges, "both"))
		req.config.flags |= GPIO_V2_LINE_FLAG_EDGE_FALLING;
	request_on(path, O_RDWR, GPIO_V2_GET_LINE_IOCTL, &req,
		   "cannot open the chip", "line request");
	return req.fd;
}

static int request_edges_buf(const char *chip, unsigned int off,
			     const char *edges, unsigned int bufsz)
{
	char offs[16];

	snprintf(offs, sizeof(offs), "%u", off);
	return request_lines_edges(chip, offs, edges, bufsz);
}

static int request_edges(const char *chip, unsigned int off,
			 const char *edges)
{
	return request_edges_buf(chip, off, edges, 0);
}

/* Watch the lines MASK of /dev/gpioblock/DEV for both edges. */
static int request_block_edges(const char *dev, const char *mask)
{
	struct gpioblock_edge_request req;
	char path[128];

	snprintf(path, sizeof(path), "/dev/gpioblock/%s", dev);
	memset(&req, 0, sizeof(req));
	req.mask = strtoull(mask, NULL, 0);
	req.flags = GPIOBLOCK_EDGE_RISING | GPIOBLOCK_EDGE_FALLING;
	request_on(path, O_RDONLY, GPIOBLOCK_EDGE_REQUEST_IOCTL, &req,
		   "cannot open the block", "block edge request");
	return req.fd;
}

/* Read every event already queued; their kinds into edges. */
static int drain_events(int fd, char *edges, size_t len)
{
	struct gpio_v2_line_event ev;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n = 0;

	edges[0] = 0;
	while (fd >= 0 && poll(&p, 1, 0) == 1 &&
	       read(fd, &ev, sizeof(ev)) == sizeof(ev)) {
		size_t k = strlen(edges);

		snprintf(edges + k, len - k, "%s%s", n ? "," : "",
			 ev.id == GPIO_V2_LINE_EVENT_RISING_EDGE ? "rising"
								 : "falling");
		n++;
	}
	if (!n)
		snprintf(edges, len, "-");
	return n;
}

static int edges_or_block(int argc, char **argv, int block)
{
	const char *bus, *hchip, *pin;
	unsigned int gline;
	int fd = -1, i, rep, n = 1;
	char edges[256], reset[64];

	if (argc > 2 && !strcmp(argv[0], "-n")) {
		n = atoi(argv[1]);
		argc -= 2;
		argv += 2;
	}
	if (argc < 7 + !block)
		die("usage");
	if (block) {
		fd = request_block_edges(argv[0], argv[1]);
		argv += 2;
		argc -= 2;
	} else {
		if (strcmp(argv[0], "-"))
			fd = request_edges(argv[0], atoi(argv[1]), argv[2]);
		argv += 3;
		argc -= 3;
	}
	gline = atoi(argv[0]);
	bus = argv[1];
	hchip = argv[2];
	pin = argv[3];
	snprintf(reset, sizeof(reset), "reset-counters %s", bus);
	for (rep = 0; rep < n; rep++) {
		for (i = 4; i < argc; i++) {
			long long before, u, irqs, tx, bytes, busy, lat, rtt;
			char reply[256];
			int ev;

			gline_state(gline, &before, &u);
			if (cmd(reset, reply, sizeof(reply)))
				die("reset-counters failed");
			lat = drive_and_wait(hchip, pin, argv[i], fd, gline,
					     before, &rtt);
			irqs = wait_handler(gline, before);
			bus_counts(bus, &tx, &bytes, &busy);
			if (block) {
				struct pollfd p = { .fd = fd, .events = POLLIN };
				struct gpioblock_event e;

				ev = poll(&p, 1, 0) == 1 &&
				     (p.revents & POLLIN);
				if (ev && read(fd, &e, sizeof(e)) != sizeof(e))
					die("block event read failed");
				printf("step=%s readable=%d tx=%lld bytes=%lld "
				       "irqs=%lld bus_ns=%lld lat_us=%lld "
				       "rtt_us=%lld\n", argv[i], ev, tx, bytes,
				       irqs, busy, ev ? lat : 0, rtt);
			} else {
				ev = drain_events(fd, edges, sizeof(edges));
				printf("step=%s events=%d edges=%s tx=%lld "
				       "bytes=%lld irqs=%lld bus_ns=%lld "
				       "lat_us=%lld rtt_us=%lld\n", argv[i], ev,
				       edges, tx, bytes, irqs, busy,
				       ev ? lat : 0, rtt);
			}
			fflush(stdout);
		}
	}
	return 0;
}

/* Sleep in poll() on fd until the request ends or 20 s pass. */
static void wait_for_end(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int r;

	printf("ready\n");
	fflush(stdout);
	r = poll(&p, 1, 20000);
	printf("waiter %s\n", r == 0 ? "timeout" :
	       (p.revents & (POLLERR | POLLHUP)) == (POLLERR | POLLHUP) ?
	       "POLLERR|POLLHUP" : p.revents & POLLIN ? "POLLIN" : "other");
}

static int hold(int argc, char **argv)
{
	struct gpio_v2_line_values vals = { .mask = 1 };
	int fd, r;

	if (argc != 2)
		die("usage");
	fd = request_edges(argv[0], atoi(argv[1]), "both");
	wait_for_end(fd);
	r = ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &vals);
	printf("read %s\n", r < 0 ? errname(errno) : "ok");
	close(fd);
	return 0;
}

static int hold_block(int argc, char **argv)
{
	struct gpioblock_event e;
	int fd;
	ssize_t r;

	if (argc != 2)
		die("usage");
	fd = request_block_edges(argv[0], argv[1]);
	wait_for_end(fd);
	r = read(fd, &e, sizeof(e));
	printf("read %s\n", r < 0 ? errname(errno) : "ok");
	close(fd);
	return 0;
}

static int drive_one(int argc, char **argv)
{
	long long before, u, rtt;

	if (argc != 4)
		die("usage");
	gline_state(atoi(argv[0]), &before, &u);
	drive_and_wait(argv[1], argv[2], argv[3], -1, 0, 0, &rtt);
	printf("irqs=%lld\n", wait_handler(atoi(argv[0]), before));
	return 0;
}

/* What a storm brought to user space so far. */
struct storm_seen {
	int events, rising, falling;
	unsigned int seqno;
	const char *last;
	char list[256];		/* the kinds in order, as far as they fit */
	int offsets;		/* list names each event's line too */
};

static void storm_drain(int fd, struct storm_seen *s)
{
	struct gpio_v2_line_event ev;
	struct pollfd p = { .fd = fd, .events = POLLIN };

	while (poll(&p, 1, 0) == 1 &&
	       read(fd, &ev, sizeof(ev)) == sizeof(ev)) {
		s->events++;
		s->seqno = ev.line_seqno;
		if (ev.id == GPIO_V2_LINE_EVENT_RISING_EDGE) {
			s->rising++;
			s->last = "rising";
		} else {
			s->falling++;
			s->last = "falling";
		}
		if (strlen(s->list) + 20 >= sizeof(s->list))
			continue;
		if (s->events > 1)
			strcat(s->list, ",");
		if (s->offsets)
			sprintf(s->list + strlen(s->list), "%u:", ev.offset);
		strcat(s->list, s->last);
	}
}

/* The host's "ok ..." reply to c, cut at its end; dies on err. */
static void ask(const char *c, char *reply, size_t len)
{
	if (cmd(c, reply, len)) {
		printf("# irqprobe: %s: %s\n", c, reply);
		exit(2);
	}
}

/*
 * Wait for the chip to settle: its INT released (host: irq), GLINE
 * holding its buffer again and no delivery for 200 ms; at most 5 s.
 * Events read meanwhile go to s; *delivered: GLINE's count at the end.
 * 1 if it settled.
 */
static int settle(int fd, struct storm_seen *s, unsigned int gline,
		  const char *hchip, long long *delivered)
{
	long long deadline = now_ms() + 5000, quiet = now_ms(), d, u;
	char c[128], reply[64];

	snprintf(c, sizeof(c), "irq %s", hchip);
	*delivered = -1;
	while (now_ms() < deadline) {
		usleep(10000);
		storm_drain(fd, s);
		gline_state(gline, &d, &u);
		if (d != *delivered) {
			*delivered = d;
			quiet = now_ms();
		}
		ask(c, reply, sizeof(reply));
		if (!strcmp(reply, "ok 0") && u == 1 &&
		    now_ms() - quiet >= 200)
			return 1;
	}
	return 0;
}

static void on_term(int sig)
{
	(void)sig;
}

static int watch(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_term };	/* no SA_RESTART */
	struct gpio_v2_line_event ev;
	int fd;

	if (argc != 2)
		die("usage");
	sigaction(SIGTERM, &sa, NULL);
	fd = request_edges(argv[0], atoi(argv[1]), "both");
	printf("ready\n");
	fflush(stdout);
	while (read(fd, &ev, sizeof(ev)) == sizeof(ev)) {
		printf("%s\n", ev.id == GPIO_V2_LINE_EVENT_RISING_EDGE ?
		       "rising" : "falling");
		fflush(stdout);
	}
	close(fd);
	return 0;
}

static int read_once(int argc, char **argv)
{
	struct gpio_v2_line_values vals = { .mask = 1 };
	long long tx, bytes, busy;
	char c[64], reply[256];
	int fd;

	if (argc != 3)
		die("usage");
	snprintf(c, sizeof(c), "reset-counters %s", argv[2]);
	ask(c, reply, sizeof(reply));
	fd = request_edges(argv[0], atoi(argv[1]), "none");
	if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &vals) < 0)
		die("GET_VALUES failed");
	close(fd);
	usleep(200000);
	bus_counts(argv[2], &tx, &bytes, &busy);
	printf("tx=%lld\n", tx);
	return 0;
}

static int storm(int argc, char **argv)
{
	const char *bus, *hchip, *pin;
	struct storm_seen s = { .last = "-" };
	struct gpio_v2_line_values vals = { .mask = 1 };
	long long before, u, last_d, t0, t_end, deadline;
	long long tx, bytes, busy, made = 0;
	char c[160], reply[512];
	unsigned int gline;
	int fd, settled = 0;

	if (argc != 8)
		die("usage");
	/* The largest buffer gpiolib allows: 16 events per line, 1 line. */
	fd = request_edges_buf(argv[0], atoi(argv[1]), "both", 1024);
	gline = atoi(argv[2]);
	bus = argv[3];
	hchip = argv[4];
	pin = argv[5];
	snprintf(c, sizeof(c), "reset-counters %s", bus);
	ask(c, reply, sizeof(reply));
	gline_state(gline, &before, &u);
	snprintf(c, sizeof(c), "storm %s %s %s %s", hchip, pin, argv[6],
		 argv[7]);
	t0 = now_us();
	ask(c, reply, sizeof(reply));
	/* While it runs: read what comes, ask the host every 5 ms. */
	deadline = now_ms() + 60000;
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		poll(&p, 1, 5);
		storm_drain(fd, &s);
		ask("storm-state", reply, sizeof(reply));
		made = ctl_field(reply, "made");
		if (ctl_field(reply, "running") == 0)
			break;
		if (now_ms() > deadline)
			die("the storm did not end within 60 s");
	}
	t_end = now_us();
	settled = settle(fd, &s, gline, hchip, &last_d);
	storm_drain(fd, &s);
	bus_counts(bus, &tx, &bytes, &busy);
	if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &vals) < 0)
		die("GET_VALUES failed");
	snprintf(c, sizeof(c), "pin %s %s", hchip, pin);
	ask(c, reply, sizeof(reply));
	printf("storm hz=%s periods=%s edges=%lld made=%lld events=%d "
	       "rising=%d falling=%d seqno=%u last=%s irqs=%lld tx=%lld "
	       "bytes=%lld level=%d pin=%s settled=%d storm_us=%lld\n",
	       argv[6], argv[7], 2 * atoll(argv[7]), made, s.events,
	       s.rising, s.falling, s.seqno, s.last, last_d - before, tx,
	       bytes, (int)(vals.bits & 1), reply + 3, settled, t_end - t0);
	close(fd);
	return 0;
}

static int midread(int argc, char **argv)
{
	struct storm_seen s = { .last = "-" };
	struct gpio_v2_line_values vals = { .mask = 1 };
	long long before, u, delivered, tx, bytes, busy;
	char c[160], reply[512];
	const char *hchip, *armed;
	char pin[16];
	unsigned int gline;
	int fd, settled;

	if (argc != 11)
		die("usage");
	s.offsets = strchr(argv[1], ',') != NULL;
	if (s.offsets != (strchr(argv[6], ',') != NULL))
		die("midread: two lines want two pins");
	fd = request_lines_edges(argv[0], argv[1], argv[2], 64);
	gline = atoi(argv[3]);
	hchip = argv[5];
	/* PIN, or PIN of PIN,PIN2; the armed change drives PIN2 if given. */
	snprintf(pin, sizeof(pin), "%.*s", (int)strcspn(argv[6], ","), argv[6]);
	armed = s.offsets ? strchr(argv[6], ',') + 1 : pin;
	snprintf(c, sizeof(c), "reset-counters %s", argv[4]);
	ask(c, reply, sizeof(reply));
	gline_state(gline, &before, &u);
	snprintf(c, sizeof(c), "arm %s %s %s %s %s", hchip, armed, argv[8],
		 argv[9], argv[10]);
	ask(c, reply, sizeof(reply));
	snprintf(c, sizeof(c), "drive %s %s %s", hchip, pin, argv[7]);
	ask(c, reply, sizeof(reply));
	settled = settle(fd, &s, gline, hchip, &delivered);
	storm_drain(fd, &s);
	bus_counts(argv[4], &tx, &bytes, &busy);
	ask("arm-state", reply, sizeof(reply));
	printf("midread events=%d edges=%s fired=%lld missed=%lld ", s.events,
	       s.events ? s.list : "-", ctl_field(reply, "fired"),
	       ctl_field(reply, "missed"));
	if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &vals) < 0)
		die("GET_VALUES failed");
	snprintf(c, sizeof(c), "pin %s %s", hchip, pin);
	ask(c, reply, sizeof(reply));
	printf("irqs=%lld tx=%lld bytes=%lld level=%d pin=%s settled=%d\n",
	       delivered - before, tx, bytes, (int)(vals.bits & 1),
	       reply + 3, settled);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		die("usage: irqprobe edges|block|hold|holdblock|watch|drive|read|storm|midread ...");
	if (!strcmp(argv[1], "hold"))
		return hold(argc - 2, argv + 2);
	if (!strcmp(argv[1], "holdblock"))
		return hold_block(argc - 2, argv + 2);
	if (!strcmp(argv[1], "watch"))
		return watch(argc - 2, argv + 2);
	ctl = ctl_open();
	if (ctl < 0)
		die("no control port");
	if (!strcmp(argv[1], "edges"))
		return edges_or_block(argc - 2, argv + 2, 0);
	if (!strcmp(argv[1], "block"))
		return edges_or_block(argc - 2, argv + 2, 1);
	if (!strcmp(argv[1], "drive"))
		return drive_one(argc - 2, argv + 2);
	if (!strcmp(argv[1], "read"))
		return read_once(argc - 2, argv + 2);
	if (!strcmp(argv[1], "storm"))
		return storm(argc - 2, argv + 2);
	if (!strcmp(argv[1], "midread"))
		return midread(argc - 2, argv + 2);
	die("usage: irqprobe edges|block|hold|holdblock|watch|drive|read|storm|midread ...");
	return 2;
}
