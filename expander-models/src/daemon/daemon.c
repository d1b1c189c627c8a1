// SPDX-License-Identifier: GPL-2.0
/* daemon.c - devices, control server and the loop (daemon.h). */
#include <errno.h>
#include <signal.h>
#include <stdio_ext.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "board/stim.h"
#include "buses/world.h"
#include "daemon/daemon.h"
#include "transport/transport_log.h"

/* Watch owners other than a device's index. */
#define OWNER_LOOP	-1
#define OWNER_CTL	-2

/* Events taken from the epoll set per round. */
#define MAX_EVENTS 64

void daemon_init(struct daemon *dm, struct board *bd)
{
	memset(dm, 0, sizeof(*dm));
	dm->bd = bd;
	dm->timer_fd = dm->signal_fd = dm->log_timer_fd = dm->ws.epfd = -1;
	dm->armed = UINT64_MAX;
	dm->log_due = UINT64_MAX;
	ctl_server_init(&dm->ctl, bd);
}

/* A device woken from outside its own events (vu_wake()). */
static void on_wake(void *ctx)
{
	struct daemon *dm = ctx;

	dm->rescan = true;
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
	if (slot < 0 || slot >= DAEMON_MAX_DEVICES) {
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
	devconn_watch_init(dc, dm->ndev);
	vu_set_wake(&dc->vu, on_wake, dm);
	dm->ndev++;
	return dc;
}

/* Re-read what the loop keeps of device i, and its fds. */
static void refresh(struct daemon *dm, unsigned int i)
{
	struct devconn *dc = &dm->dev[i];
	uint64_t bit = 1ULL << i, t;

	devconn_sync(dc, &dm->ws);
	if (devconn_busy(dc))
		dm->busy |= bit;
	else
		dm->busy &= ~bit;
	t = devconn_deadline(dc);
	dm->deadline[i] = t;
	if (t != UINT64_MAX)
		dm->timed |= bit;
	else
		dm->timed &= ~bit;
}

static bool on_signal(void *ctx, unsigned int arg, int fd, short revents)
{
	struct signalfd_siginfo si;

	return read(fd, &si, sizeof(si)) != sizeof(si);
}

/*
 * The timers are watched edge-triggered: every expiry is an event of
 * its own, so their count is never read (a system call less per paced
 * transaction). A one-shot timer that fired is disarmed.
 */
static bool on_timer(void *ctx, unsigned int arg, int fd, short revents)
{
	struct daemon *dm = ctx;

	dm->armed = UINT64_MAX;
	return true;		/* the next round does the rest */
}

static bool on_log_timer(void *ctx, unsigned int arg, int fd, short revents)
{
	struct daemon *dm = ctx;

	fflush(dm->log);
	dm->log_due = UINT64_MAX;
	return true;
}

/* Arm timer fd at the absolute time t (UINT64_MAX: disarm). */
static void set_timer(int fd, uint64_t t)
{
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };

	if (t != UINT64_MAX) {
		/* 0 would disarm: a deadline at time 0 is simply due. */
		if (t == 0)
			t = 1;
		its.it_value.tv_sec = t / 1000000000ULL;
		its.it_value.tv_nsec = t % 1000000000ULL;
	}
	timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL);
}

int daemon_prepare(struct daemon *dm, char *err, size_t errlen)
{
	sigset_t mask;
	unsigned int i;

	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	signal(SIGPIPE, SIG_IGN);
	dm->signal_fd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	dm->timer_fd = timerfd_create(CLOCK_MONOTONIC,
				      TFD_NONBLOCK | TFD_CLOEXEC);
	dm->log_timer_fd = timerfd_create(CLOCK_MONOTONIC,
					  TFD_NONBLOCK | TFD_CLOEXEC);
	if (dm->signal_fd < 0 || dm->timer_fd < 0 || dm->log_timer_fd < 0 ||
	    watchset_open(&dm->ws) < 0) {
		snprintf(err, errlen, "signalfd/timerfd/epoll: %s",
			 strerror(errno));
		return -1;
	}
	watch_init(&dm->w_signal, on_signal, dm, 0, OWNER_LOOP, false);
	watch_init(&dm->w_timer, on_timer, dm, 0, OWNER_LOOP, false);
	watch_set(&dm->ws, &dm->w_signal, dm->signal_fd, EPOLLIN);
	watch_init(&dm->w_log_timer, on_log_timer, dm, 0, OWNER_LOOP, false);
	watch_set(&dm->ws, &dm->w_timer, dm->timer_fd, EPOLLIN | EPOLLET);
	watch_set(&dm->ws, &dm->w_log_timer, dm->log_timer_fd,
		  EPOLLIN | EPOLLET);
	ctl_server_watch_init(&dm->ctl, OWNER_CTL);
	ctl_server_sync(&dm->ctl, &dm->ws);
	for (i = 0; i < dm->ndev; i++)
		refresh(dm, i);
	return 0;
}

/* Serve the devices that are busy or whose deadline has come. */
static void run_devices(struct daemon *dm, uint64_t now)
{
	uint64_t todo = dm->busy, t = dm->timed;
	unsigned int i;

	while (t) {
		i = __builtin_ctzll(t);
		t &= t - 1;
		if (dm->deadline[i] <= now)
			todo |= 1ULL << i;
	}
	while (todo) {
		i = __builtin_ctzll(todo);
		todo &= todo - 1;
		devconn_run(&dm->dev[i], now);
		refresh(dm, i);
	}
}

/*
 * The log is flushed when a record has waited DAEMON_LOG_FLUSH_NS (its
 * own timer, armed once per flush), not every round: a write per
 * transaction cost more than the transaction. mark, flush (control) and
 * the daemon's exit flush at once.
 */
static void log_tick(struct daemon *dm, uint64_t now)
{
	if (dm->log && dm->log_due == UINT64_MAX && __fpending(dm->log)) {
		dm->log_due = now + DAEMON_LOG_FLUSH_NS;
		set_timer(dm->log_timer_fd, dm->log_due);
	}
}

/* The timer at the earliest deadline; a system call only if it moved. */
static void arm_timer(struct daemon *dm)
{
	uint64_t next = UINT64_MAX, t = dm->timed;
	unsigned int i;

	while (t) {
		i = __builtin_ctzll(t);
		t &= t - 1;
		if (dm->deadline[i] < next)
			next = dm->deadline[i];
	}
	/* A storm's next edge (board/stim.h). */
	if (stim_deadline(board_stim(dm->bd)) < next)
		next = stim_deadline(board_stim(dm->bd));
	if (next == dm->armed)
		return;
	dm->armed = next;
	set_timer(dm->timer_fd, next);
}

/* After a watch's handler: bring what it may have changed up to date. */
static void after(struct daemon *dm, const struct watch *w)
{
	if (w->owner >= 0)
		refresh(dm, w->owner);
	else if (w->owner == OWNER_CTL)
		ctl_server_sync(&dm->ctl, &dm->ws);
}

void daemon_loop(struct daemon *dm)
{
	struct epoll_event ev[MAX_EVENTS];
	bool go = true;
	uint64_t now;
	unsigned int i;
	int n, k;

	while (go) {
		now = world_wall_ns();
		if (stim_deadline(board_stim(dm->bd)) != UINT64_MAX)
			stim_tick(board_stim(dm->bd), now);
		run_devices(dm, now);
		log_tick(dm, now);
		arm_timer(dm);
		n = epoll_wait(dm->ws.epfd, ev, MAX_EVENTS, dm->busy ? 0 : -1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			transport_log("expander-daemon", "epoll_wait: %s",
				      strerror(errno));
			break;
		}
		for (k = 0; k < n && go; k++) {
			struct watch *w = ev[k].data.ptr;

			/* Taken out of the set by an earlier handler. */
			if (w->fd < 0)
				continue;
			go = w->fn(w->ctx, w->arg, w->fd, ev[k].events);
			after(dm, w);
		}
		if (dm->rescan) {
			dm->rescan = false;
			for (i = 0; i < dm->ndev; i++)
				refresh(dm, i);
		}
	}
}

void daemon_close(struct daemon *dm)
{
	unsigned int i;

	for (i = 0; i < dm->ndev; i++) {
		if (dm->ws.epfd >= 0)
			devconn_unwatch(&dm->dev[i], &dm->ws);
		devconn_close(&dm->dev[i]);
	}
	if (dm->ws.epfd >= 0)
		ctl_server_unwatch(&dm->ctl, &dm->ws);
	ctl_server_close(&dm->ctl);
	if (dm->timer_fd >= 0)
		close(dm->timer_fd);
	if (dm->log_timer_fd >= 0)
		close(dm->log_timer_fd);
	if (dm->signal_fd >= 0)
		close(dm->signal_fd);
	watchset_close(&dm->ws);
}
