/* SPDX-License-Identifier: GPL-2.0 */
/*
 * daemon.h - the daemon's devices, its control server and the loop that
 * serves them. Nothing in the loop blocks for long: a device whose
 * request holds its bus for hold_ns (pacing, injected delays) parks its
 * ring on the timer while the others carry on.
 *
 * What a round costs does not grow with the number of devices: fds are
 * registered once in an epoll set and changed only when they change
 * (watch.h), and the loop keeps what it knows of each device (whether
 * it must be served at once, when its deadline is) up to date for the
 * devices it has just served, so that a round touches only those.
 */
#ifndef EXPANDER_DAEMON_H
#define EXPANDER_DAEMON_H

#include <stdint.h>
#include <stdio.h>

#include "board/board.h"
#include "control/ctl_server.h"
#include "transport/devconn.h"

/*
 * One per virtio-mmio slot: QEMU's virt machine has 32; slots 32-63 are
 * for boards that only the host-side load driver serves (load/).
 */
#define DAEMON_MAX_DEVICES 64

/* The bus log is flushed at most this long after a record is written. */
#define DAEMON_LOG_FLUSH_NS (100ULL * 1000 * 1000)

struct daemon {
	struct board *bd;
	unsigned int ndev;
	struct devconn dev[DAEMON_MAX_DEVICES];
	struct ctl_server ctl;
	struct watchset ws;
	struct watch w_signal, w_timer, w_log_timer;
	int timer_fd, signal_fd;
	uint64_t armed;		/* the timer's deadline, UINT64_MAX: none */
	int log_timer_fd;	/* fires at log_due */
	/* Per device (bit i: dev[i]), as of its last refresh in daemon.c. */
	uint64_t busy;		/* to be served at once (yielded, or due) */
	uint64_t timed;		/* has a deadline, in deadline[i] */
	uint64_t deadline[DAEMON_MAX_DEVICES];
	bool rescan;		/* a device was woken (vu_wake): look at all */
	FILE *log;		/* the bus log */
	uint64_t log_due;	/* flush by then; UINT64_MAX: nothing pending */
};

void daemon_init(struct daemon *dm, struct board *bd);

/*
 * A device of kind type on slot, named label by the board, its socket
 * in dir. The caller sets up the device in the returned connection's
 * dev. NULL with a reason in err (slot out of range or taken, too many).
 */
struct devconn *daemon_add(struct daemon *dm, const struct vdev_type *type,
			   int slot, const char *label, const char *dir,
			   char *err, size_t errlen);

/* Block SIGTERM/SIGINT into a signalfd, create the timers. -1 on error. */
int daemon_prepare(struct daemon *dm, char *err, size_t errlen);

/* Serve until SIGTERM or SIGINT. */
void daemon_loop(struct daemon *dm);

/* Close every socket and connection. */
void daemon_close(struct daemon *dm);

#endif
