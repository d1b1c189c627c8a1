// SPDX-License-Identifier: GPL-2.0
/* daemon.c - devices, control server and the poll loop (daemon.h). */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "daemon.h"
#include "transport_log.h"
#include "world.h"

#define MAX_WATCH (2 + DAEMON_MAX_DEVICES * DEVCONN_MAX_WATCH + CTL_MAX_WATCH)

void daemon_init(struct daemon *dm, struct board *bd)
{
	memset(dm, 0, sizeof(*dm));
	dm->bd = bd;
	dm->timer_fd = dm->signal_fd = -1;
	dm->armed = UINT64_MAX;
	ctl_server_init(&dm->ctl, bd);
}

struct devconn *daemon_add(struct daemon *dm, const struct vdev_type *type,
			   int slot, const char *label, const char *dir,
			   char *err, size_t errlen)
{
	struct devconn *dc;
	unsigned int i;

	if (dm->ndev == DAEMON_MAX_DEVICES) {
		snprintf(err, errlen, "more than %d devices",
			 DAEMON_MAX_DEVICES);
		return NULL;
	}
	if (slot < 0 || slot > 31) {
		snprintf(err, errlen, "%s: virtio-mmio slot %d out of range",
			 label, slot);
		return NULL;
	}
	for (i = 0; i < dm->ndev; i++)
		if (dm->dev[i].slot == slot) {
			snprintf(err, errlen, "%s and %s share slot %d",
				 dm->dev[i].label, label, slot);
			return NULL;
		}
	dc = &dm->dev[dm->ndev];
	if (devconn_init(dc, type, slot, label, dir, err, errlen))
		return NULL;
	dm->ndev++;
	return dc;
}

int daemon_prepare(struct daemon *dm, char *err, size_t errlen)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	signal(SIGPIPE, SIG_IGN);
	dm->signal_fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	dm->timer_fd = timerfd_create(CLOCK_MONOTONIC,
				      TFD_NONBLOCK | TFD_CLOEXEC);
	if (dm->signal_fd < 0 || dm->timer_fd < 0) {
		snprintf(err, errlen, "signalfd/timerfd: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Serve every device that has work due now. */
static void run_devices(struct daemon *dm)
{
	uint64_t now = world_wall_ns();
	unsigned int i;

	for (i = 0; i < dm->ndev; i++)
		devconn_run(&dm->dev[i], now);
}

static void arm_timer(struct daemon *dm)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	uint64_t next = UINT64_MAX, t;
	unsigned int i;

	for (i = 0; i < dm->ndev; i++) {
		t = devconn_deadline(&dm->dev[i]);
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

static bool on_signal(void *ctx, unsigned int arg, int fd, short revents)
{
	struct signalfd_siginfo si;

	return read(fd, &si, sizeof(si)) != sizeof(si);
}

static bool on_timer(void *ctx, unsigned int arg, int fd, short revents)
{
	struct daemon *dm = ctx;
	uint64_t ticks;

	if (read(fd, &ticks, sizeof(ticks)) >= 0)
		dm->armed = UINT64_MAX;
	return true;		/* run_devices() does the rest */
}

static void build(struct daemon *dm, struct watchset *ws)
{
	unsigned int i;

	ws->n = 0;
	watch_add(ws, dm->signal_fd, POLLIN, on_signal, dm, 0);
	watch_add(ws, dm->timer_fd, POLLIN, on_timer, dm, 0);
	for (i = 0; i < dm->ndev; i++)
		devconn_watch(&dm->dev[i], ws);
	ctl_server_watch(&dm->ctl, ws);
}

void daemon_loop(struct daemon *dm)
{
	struct pollfd p[MAX_WATCH];
	struct watch w[MAX_WATCH];
	struct watchset ws = { 0, MAX_WATCH, p, w };
	unsigned int i;
	bool again, go = true;
	int r;

	while (go) {
		run_devices(dm);
		arm_timer(dm);
		if (dm->log)
			fflush(dm->log);
		again = false;
		for (i = 0; i < dm->ndev; i++)
			again |= devconn_busy(&dm->dev[i]);
		build(dm, &ws);
		r = poll(p, ws.n, again ? 0 : -1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			transport_log("expander-daemon", "poll: %s",
				      strerror(errno));
			break;
		}
		for (i = 0; i < ws.n && go; i++)
			if (p[i].revents)
				go = w[i].fn(w[i].ctx, w[i].arg, p[i].fd,
					     p[i].revents);
	}
}

void daemon_close(struct daemon *dm)
{
	unsigned int i;

	for (i = 0; i < dm->ndev; i++)
		devconn_close(&dm->dev[i]);
	ctl_server_close(&dm->ctl);
	if (dm->timer_fd >= 0)
		close(dm->timer_fd);
	if (dm->signal_fd >= 0)
		close(dm->signal_fd);
}
