/* SPDX-License-Identifier: GPL-2.0 */
/*
 * daemon.h - the daemon's devices, its control server and the poll loop
 * that serves them. Nothing in the loop blocks for long: a device whose
 * request holds its bus for hold_ns (pacing, injected delays) parks its
 * ring on the timer while the others carry on.
 */
#ifndef EXPANDER_DAEMON_H
#define EXPANDER_DAEMON_H

#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "ctl_server.h"
#include "devconn.h"

#define DAEMON_MAX_DEVICES 32	/* one per virtio-mmio slot */

struct daemon {
	struct board *bd;
	unsigned int ndev;
	struct devconn dev[DAEMON_MAX_DEVICES];
	struct ctl_server ctl;
	int timer_fd, signal_fd;
	uint64_t armed;		/* the timer's deadline, UINT64_MAX: none */
	FILE *log;		/* the bus log, flushed every round */
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

/* Block SIGTERM/SIGINT into a signalfd, create the timer. -1 on error. */
int daemon_prepare(struct daemon *dm, char *err, size_t errlen);

/* Serve until SIGTERM or SIGINT. */
void daemon_loop(struct daemon *dm);

/* Close every socket and connection. */
void daemon_close(struct daemon *dm);

#endif
