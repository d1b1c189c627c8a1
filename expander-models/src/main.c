// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - expander-daemon: serves the board's I2C buses to QEMU.
 *
 * One vhost-user-i2c socket per bus declared in the device tree, one
 * control socket, one poll() loop. Nothing here blocks for long: a bus
 * whose transaction holds the bus for hold_ns (pacing, injected delays)
 * parks its ring on the timer while the other buses carry on.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "bus.h"
#include "vhost_user.h"

#define PROG "expander-daemon"

#define CTL_MAX_CLIENTS	16
#define CTL_LINE_MAX	1024
#define CTL_REPLY_MAX	65536
/* Stop reading a control client's lines while this much is unsent. */
#define CTL_OUT_HIGH	(64 * 1024)

struct busconn {
	struct bus *bus;
	int slot;
	char name[32];
	char path[PATH_MAX];
	int listen_fd;
	bool again;		/* the ring yielded and wants another pass */
	struct vu_dev vu;
};

struct ctl_client {
	int fd;
	char in[CTL_LINE_MAX];
	size_t inlen;
	bool overlong;		/* discarding the rest of a too-long line */
	char *out;
	size_t outlen, outcap;
};

struct daemon {
	struct board *bd;
	unsigned int nbus;
	struct busconn bus[BOARD_MAX_BUSES];
	int ctl_fd;
	char ctl_path[PATH_MAX];
	struct ctl_client ctl[CTL_MAX_CLIENTS];
	int timer_fd, signal_fd;
	uint64_t armed;		/* the timer's deadline, UINT64_MAX: none */
	FILE *log;
	bool verbose;
	char *reply;		/* CTL_REPLY_MAX scratch for board_control */
};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
						     noreturn));

/* Startup errors: one line on stderr, exit code 2. */
static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int bus_xfer(void *ctx, struct i2c_seg *segs, unsigned int nsegs,
		    struct bus_timing *t)
{
	return bus_transfer(ctx, segs, nsegs, t);
}

/*
 * Bind a listening Unix socket at path. A socket file left behind by a
 * daemon that died is replaced; one that a live process still answers on
 * is an error, and so is any path that is not a socket.
 */
static int listen_unix(const char *path, char *err, size_t errlen)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct stat st;
	int fd, probe;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		snprintf(err, errlen, "%s: socket path too long", path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	if (lstat(path, &st) == 0) {
		if (!S_ISSOCK(st.st_mode)) {
			snprintf(err, errlen, "%s: exists and is not a socket",
				 path);
			return -1;
		}
		probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (probe >= 0 &&
		    connect(probe, (struct sockaddr *)&sa, sizeof(sa)) == 0) {
			close(probe);
			snprintf(err, errlen, "%s: socket in use by another "
				 "process", path);
			return -1;
		}
		if (probe >= 0)
			close(probe);
		unlink(path);
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(fd, 4) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* DIR as an absolute path (QEMU may run elsewhere), or as given. */
static void absolute_dir(const char *dir, char *out, size_t outlen)
{
	char buf[PATH_MAX];

	if (realpath(dir, buf))
		snprintf(out, outlen, "%s", buf);
	else
		snprintf(out, outlen, "%s", dir);
}

static void setup_buses(struct daemon *dm, const char *sock_dir)
{
	char dir[PATH_MAX];
	unsigned int i, j;
	struct busconn *bc;

	absolute_dir(sock_dir, dir, sizeof(dir));
	dm->nbus = board_nbuses(dm->bd);
	if (dm->nbus > BOARD_MAX_BUSES)
		die("%u buses, at most %d", dm->nbus, BOARD_MAX_BUSES);
	for (i = 0; i < dm->nbus; i++) {
		bc = &dm->bus[i];
		bc->bus = board_bus(dm->bd, i);
		bc->slot = bus_mmio_slot(bc->bus);
		bc->listen_fd = -1;
		if (bc->slot < 0 || bc->slot > 31)
			die("bus %s: virtio-mmio slot %d out of range",
			    bus_name(bc->bus), bc->slot);
		for (j = 0; j < i; j++)
			if (dm->bus[j].slot == bc->slot)
				die("buses %s and %s share slot %d",
				    bus_name(dm->bus[j].bus),
				    bus_name(bc->bus), bc->slot);
		snprintf(bc->name, sizeof(bc->name), "i2c-%d", bc->slot);
		if ((size_t)snprintf(bc->path, sizeof(bc->path),
				     "%s/i2c-%d.sock", dir, bc->slot) >=
		    sizeof(bc->path))
			die("%s: socket directory path too long", dir);
		vu_init(&bc->vu, bc->name, bus_xfer, bc->bus);
	}
}

static void print_qemu_args(struct daemon *dm)
{
	unsigned int i;
	struct busconn *bc;

	/* One argv element per line: `mapfile -t` or $(...) both work. */
	for (i = 0; i < dm->nbus; i++) {
		bc = &dm->bus[i];
		printf("-chardev\nsocket,id=i2c%d,path=%s\n", bc->slot,
		       bc->path);
		printf("-device\nvhost-user-i2c-device,chardev=i2c%d,"
		       "bus=virtio-mmio-bus.%d\n", bc->slot, bc->slot);
	}
}

static void write_ready(struct daemon *dm, const char *path)
{
	char tmp[PATH_MAX];
	unsigned int i;
	FILE *f;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		die("%s: path too long", path);
	f = fopen(tmp, "w");
	if (!f)
		die("%s: %s", tmp, strerror(errno));
	fprintf(f, "pid %d\n", (int)getpid());
	for (i = 0; i < dm->nbus; i++)
		fprintf(f, "bus %s slot %d socket %s\n",
			bus_name(dm->bus[i].bus), dm->bus[i].slot,
			dm->bus[i].path);
	if (dm->ctl_fd >= 0)
		fprintf(f, "control %s\n", dm->ctl_path);
	/* Renamed into place: the harness never sees half a file. */
	if (fclose(f) != 0 || rename(tmp, path) < 0)
		die("%s: %s", path, strerror(errno));
}

/* ---- control clients ---- */

static void ctl_close(struct ctl_client *c)
{
	close(c->fd);
	free(c->out);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

static int ctl_queue(struct ctl_client *c, const char *s, size_t len)
{
	size_t cap;
	char *p;

	if (c->outlen + len > c->outcap) {
		cap = c->outcap ? c->outcap : 4096;
		while (cap < c->outlen + len)
			cap *= 2;
		p = realloc(c->out, cap);
		if (!p)
			return -1;
		c->out = p;
		c->outcap = cap;
	}
	memcpy(c->out + c->outlen, s, len);
	c->outlen += len;
	return 0;
}

/* Send what the socket takes now; -1 if the client is gone. */
static int ctl_flush(struct ctl_client *c)
{
	ssize_t r;

	while (c->outlen) {
		r = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (r < 0)
			return (errno == EAGAIN || errno == EWOULDBLOCK ||
				errno == EINTR) ? 0 : -1;
		memmove(c->out, c->out + r, c->outlen - r);
		c->outlen -= r;
	}
	return 0;
}

static int ctl_line(struct daemon *dm, struct ctl_client *c, char *line)
{
	size_t len = strlen(line), n;

	if (len && line[len - 1] == '\r')
		line[len - 1] = 0;
	n = board_control(dm->bd, line, dm->reply, CTL_REPLY_MAX);
	if (n >= CTL_REPLY_MAX)
		n = strnlen(dm->reply, CTL_REPLY_MAX);
	return ctl_queue(c, dm->reply, n);
}

/* Answer every complete line in the input buffer. */
static int ctl_lines(struct daemon *dm, struct ctl_client *c)
{
	static const char too_long[] = "err line too long\n";
	char *nl, *start = c->in;
	size_t left = c->inlen;

	while ((nl = memchr(start, '\n', left))) {
		*nl = 0;
		if (c->overlong) {
			c->overlong = false;
			if (ctl_queue(c, too_long, sizeof(too_long) - 1) < 0)
				return -1;
		} else if (memchr(start, 0, nl - start)) {
			if (ctl_queue(c, "err NUL in line\n", 16) < 0)
				return -1;
		} else if (ctl_line(dm, c, start) < 0) {
			return -1;
		}
		left -= nl + 1 - start;
		start = nl + 1;
	}
	memmove(c->in, start, left);
	c->inlen = left;
	if (c->inlen == sizeof(c->in)) {
		/* No newline in a full buffer: drop it, answer at its end. */
		c->overlong = true;
		c->inlen = 0;
	}
	return 0;
}

static int ctl_read(struct daemon *dm, struct ctl_client *c)
{
	ssize_t r;

	r = recv(c->fd, c->in + c->inlen, sizeof(c->in) - c->inlen,
		 MSG_DONTWAIT);
	if (r == 0)
		return -1;
	if (r < 0)
		return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
	c->inlen += r;
	if (ctl_lines(dm, c) < 0)
		return -1;
	return ctl_flush(c);
}

static void ctl_accept(struct daemon *dm)
{
	unsigned int i;
	int fd;

	fd = accept4(dm->ctl_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	if (fd < 0)
		return;
	for (i = 0; i < CTL_MAX_CLIENTS; i++) {
		if (dm->ctl[i].fd < 0) {
			dm->ctl[i].fd = fd;
			return;
		}
	}
	send(fd, "err too many control clients\n", 29,
	     MSG_NOSIGNAL | MSG_DONTWAIT);
	close(fd);
}

/* ---- vhost-user connections ---- */

static void bus_accept(struct busconn *bc)
{
	int fd;

	fd = accept4(bc->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	if (fd < 0)
		return;
	vu_attach(&bc->vu, fd);
	transport_log(bc->name, "front-end connected");
}

static void bus_service(struct busconn *bc)
{
	if (vu_service(&bc->vu) < 0) {
		transport_log(bc->name, "front-end disconnected");
		vu_detach(&bc->vu);
		bc->again = false;
	}
}

/* Serve every ring that has work due now. */
static void run_rings(struct daemon *dm)
{
	uint64_t now = now_ns();
	struct busconn *bc;
	unsigned int i;

	for (i = 0; i < dm->nbus; i++) {
		bc = &dm->bus[i];
		if (bc->vu.sock < 0)
			continue;
		if (bc->again || bc->vu.run || vu_deadline(&bc->vu) <= now)
			bc->again = vu_run(&bc->vu, now) > 0;
	}
}

static void arm_timer(struct daemon *dm)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	uint64_t next = UINT64_MAX, t;
	unsigned int i;

	for (i = 0; i < dm->nbus; i++) {
		if (dm->bus[i].vu.sock < 0)
			continue;
		t = vu_deadline(&dm->bus[i].vu);
		if (t < next)
			next = t;
	}
	if (next == dm->armed)
		return;
	dm->armed = next;
	if (next != UINT64_MAX) {
		/* 0 would disarm: a deadline at time 0 is simply due. */
		if (next == 0)
			next = 1;
		its.it_value.tv_sec = next / 1000000000ULL;
		its.it_value.tv_nsec = next % 1000000000ULL;
	}
	timerfd_settime(dm->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

/* ---- the loop ---- */

enum src { SRC_SIGNAL, SRC_TIMER, SRC_LISTEN, SRC_CONN, SRC_KICK,
	   SRC_CTL_LISTEN, SRC_CTL };

struct watch {
	enum src src;
	unsigned int i;
	int fd;
};

#define MAX_WATCH (2 + 3 * BOARD_MAX_BUSES + 1 + CTL_MAX_CLIENTS)

static unsigned int add(struct pollfd *p, struct watch *w, unsigned int n,
			enum src src, unsigned int i, int fd, short events)
{
	p[n].fd = fd;
	p[n].events = events;
	p[n].revents = 0;
	w[n].src = src;
	w[n].i = i;
	w[n].fd = fd;
	return n + 1;
}

static unsigned int build(struct daemon *dm, struct pollfd *p,
			  struct watch *w)
{
	unsigned int i, n = 0;
	struct busconn *bc;
	struct ctl_client *c;
	int kick;

	n = add(p, w, n, SRC_SIGNAL, 0, dm->signal_fd, POLLIN);
	n = add(p, w, n, SRC_TIMER, 0, dm->timer_fd, POLLIN);
	for (i = 0; i < dm->nbus; i++) {
		bc = &dm->bus[i];
		/*
		 * One QEMU per bus: a second one waits in the backlog until
		 * the first is gone (a restarted QEMU may connect before we
		 * have seen the old one hang up).
		 */
		if (bc->vu.sock < 0) {
			n = add(p, w, n, SRC_LISTEN, i, bc->listen_fd, POLLIN);
			continue;
		}
		n = add(p, w, n, SRC_CONN, i, bc->vu.sock, POLLIN);
		kick = vu_kick_fd(&bc->vu);
		if (kick >= 0)
			n = add(p, w, n, SRC_KICK, i, kick, POLLIN);
	}
	if (dm->ctl_fd >= 0)
		n = add(p, w, n, SRC_CTL_LISTEN, 0, dm->ctl_fd, POLLIN);
	for (i = 0; i < CTL_MAX_CLIENTS; i++) {
		c = &dm->ctl[i];
		if (c->fd < 0)
			continue;
		n = add(p, w, n, SRC_CTL, i, c->fd,
			(c->outlen < CTL_OUT_HIGH ? POLLIN : 0) |
			(c->outlen ? POLLOUT : 0));
	}
	return n;
}

/* Returns false when a signal asks us to stop. */
static bool dispatch(struct daemon *dm, const struct pollfd *p,
		     const struct watch *w)
{
	struct signalfd_siginfo si;
	struct busconn *bc;
	struct ctl_client *c;
	uint64_t ticks;

	if (!p->revents)
		return true;
	switch (w->src) {
	case SRC_SIGNAL:
		if (read(dm->signal_fd, &si, sizeof(si)) == sizeof(si))
			return false;
		break;
	case SRC_TIMER:
		if (read(dm->timer_fd, &ticks, sizeof(ticks)) < 0)
			break;
		dm->armed = UINT64_MAX;
		break;		/* run_rings() does the rest */
	case SRC_LISTEN:
		bc = &dm->bus[w->i];
		if (bc->vu.sock < 0)
			bus_accept(bc);
		break;
	case SRC_CONN:
		bc = &dm->bus[w->i];
		/* Checked: an earlier event may have dropped it. */
		if (bc->vu.sock == w->fd)
			bus_service(bc);
		break;
	case SRC_KICK:
		bc = &dm->bus[w->i];
		if (bc->vu.vq.kick_fd == w->fd)
			bc->again = vu_kick(&bc->vu, now_ns()) > 0;
		break;
	case SRC_CTL_LISTEN:
		ctl_accept(dm);
		break;
	case SRC_CTL:
		c = &dm->ctl[w->i];
		if (c->fd != w->fd)
			break;
		if ((p->revents & POLLOUT) && ctl_flush(c) < 0) {
			ctl_close(c);
			break;
		}
		if ((p->revents & (POLLIN | POLLHUP | POLLERR)) &&
		    ctl_read(dm, c) < 0)
			ctl_close(c);
		break;
	}
	return true;
}

static void loop(struct daemon *dm)
{
	struct pollfd p[MAX_WATCH];
	struct watch w[MAX_WATCH];
	unsigned int n, i;
	bool again, go = true;
	int r;

	while (go) {
		run_rings(dm);
		arm_timer(dm);
		if (dm->log)
			fflush(dm->log);
		again = false;
		for (i = 0; i < dm->nbus; i++)
			again |= dm->bus[i].again || dm->bus[i].vu.run;
		n = build(dm, p, w);
		r = poll(p, n, again ? 0 : -1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			transport_log(PROG, "poll: %s", strerror(errno));
			break;
		}
		for (i = 0; i < n && go; i++)
			go = dispatch(dm, &p[i], &w[i]);
	}
}

static void cleanup(struct daemon *dm, const char *ready)
{
	unsigned int i;

	for (i = 0; i < dm->nbus; i++) {
		vu_detach(&dm->bus[i].vu);
		if (dm->bus[i].listen_fd >= 0) {
			close(dm->bus[i].listen_fd);
			unlink(dm->bus[i].path);
		}
	}
	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		if (dm->ctl[i].fd >= 0) {
			ctl_flush(&dm->ctl[i]);
			ctl_close(&dm->ctl[i]);
		}
	if (dm->ctl_fd >= 0) {
		close(dm->ctl_fd);
		unlink(dm->ctl_path);
	}
	if (ready)
		unlink(ready);
	if (dm->log) {
		board_set_log(dm->bd, NULL);
		fclose(dm->log);
	}
	board_free(dm->bd);
	free(dm->reply);
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: " PROG " --dtb FILE [--sock-dir DIR] [--log FILE] [--control PATH]\n"
"                       [--paced] [--ready-file FILE] [--verbose]\n"
"       " PROG " --dtb FILE [--sock-dir DIR] --print-qemu-args\n"
"Serves every I2C bus of the device tree as DIR/i2c-<slot>.sock\n"
"(vhost-user-i2c; DIR defaults to the current directory).\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dtb", required_argument, NULL, 'd' },
		{ "sock-dir", required_argument, NULL, 's' },
		{ "log", required_argument, NULL, 'l' },
		{ "control", required_argument, NULL, 'c' },
		{ "paced", no_argument, NULL, 'p' },
		{ "print-qemu-args", no_argument, NULL, 'q' },
		{ "ready-file", required_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dtb = NULL, *sock_dir = ".", *log_path = NULL;
	const char *ctl_path = NULL, *ready = NULL;
	bool paced = false, print = false;
	static struct daemon dm;
	char err[256];
	unsigned int i;
	sigset_t mask;
	int o;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 'd':
			dtb = optarg;
			break;
		case 's':
			sock_dir = optarg;
			break;
		case 'l':
			log_path = optarg;
			break;
		case 'c':
			ctl_path = optarg;
			break;
		case 'p':
			paced = true;
			break;
		case 'q':
			print = true;
			break;
		case 'r':
			ready = optarg;
			break;
		case 'v':
			dm.verbose = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc || !dtb) {
		usage(stderr);
		return 2;
	}

	dm.ctl_fd = dm.timer_fd = dm.signal_fd = -1;
	dm.armed = UINT64_MAX;
	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		dm.ctl[i].fd = -1;
	dm.bd = board_load(dtb, err, sizeof(err));
	if (!dm.bd) {
		/* Some of board_load()'s reasons name the file already. */
		if (!strncmp(err, dtb, strlen(dtb)))
			die("%s", err);
		die("%s: %s", dtb, err);
	}
	setup_buses(&dm, sock_dir);
	if (print) {
		print_qemu_args(&dm);
		board_free(dm.bd);
		return 0;
	}
	if (ready)
		unlink(ready);	/* a stale one would start QEMU too early */

	if (log_path) {
		dm.log = fopen(log_path, "w");
		if (!dm.log)
			die("%s: %s", log_path, strerror(errno));
		board_set_log(dm.bd, dm.log);
	}
	board_set_paced(dm.bd, paced);
	dm.reply = malloc(CTL_REPLY_MAX);
	if (!dm.reply)
		die("out of memory");

	for (i = 0; i < dm.nbus; i++) {
		dm.bus[i].listen_fd = listen_unix(dm.bus[i].path, err,
						  sizeof(err));
		if (dm.bus[i].listen_fd < 0)
			die("%s", err);
		dm.bus[i].vu.trace = dm.verbose;
	}
	if (ctl_path) {
		snprintf(dm.ctl_path, sizeof(dm.ctl_path), "%s", ctl_path);
		dm.ctl_fd = listen_unix(ctl_path, err, sizeof(err));
		if (dm.ctl_fd < 0)
			die("%s", err);
	}

	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	signal(SIGPIPE, SIG_IGN);
	dm.signal_fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	dm.timer_fd = timerfd_create(CLOCK_MONOTONIC,
				     TFD_NONBLOCK | TFD_CLOEXEC);
	if (dm.signal_fd < 0 || dm.timer_fd < 0)
		die("signalfd/timerfd: %s", strerror(errno));

	if (ready)
		write_ready(&dm, ready);
	transport_log(PROG, "serving %u bus%s", dm.nbus,
		      dm.nbus == 1 ? "" : "es");

	loop(&dm);

	cleanup(&dm, ready);
	transport_log(PROG, "stopped");
	return 0;
}
