/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devconn.h - one virtio device the daemon serves: its listening socket,
 * the QEMU connected to it (a struct vu_dev) and the device behind it.
 * Any kind of device (vdev.h); the kinds' state lives in the union.
 */
#ifndef EXPANDER_DEVCONN_H
#define EXPANDER_DEVCONN_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "transport/vdev.h"
#include "transport/vgpio_transport.h"
#include "transport/vhost_user.h"
#include "transport/virtio_i2c.h"
#include "transport/watch.h"

struct devconn {
	const struct vdev_type *type;
	int slot;		/* virtio-mmio slot, 0..63 (daemon.h) */
	char name[32];		/* "i2c-31": diagnostics, socket name */
	char label[32];		/* what the board calls it: "i2c31" */
	char path[PATH_MAX];	/* its socket */
	int listen_fd;
	bool again;		/* the device yielded and wants another pass */
	struct vu_dev vu;
	/* Its fds in the daemon's epoll set (devconn_sync). */
	struct watch w_listen, w_sock, w_kick[VDEV_MAX_QUEUES];
	union {
		struct vi2c i2c;
		struct vgpio_transport gpio;
	} dev;
};

/*
 * Name the device and its socket in dir; the backend is initialised,
 * the device (dc->dev) is the caller's to set up, on vu_queue(&dc->vu,
 * q). -1 with a reason in err.
 */
int devconn_init(struct devconn *dc, const struct vdev_type *type, int slot,
		 const char *label, const char *dir, char *err,
		 size_t errlen);

/* Create the listening socket. -1 with a reason in err. */
int devconn_listen(struct devconn *dc, char *err, size_t errlen);

/*
 * Drop the front-end, close and remove the socket, and let the device
 * go (its kind's fini()).
 */
void devconn_close(struct devconn *dc);

/* The -chardev and -device arguments, one per line. */
void devconn_print_qemu_args(const struct devconn *dc, FILE *f);
/* Its line in the ready file. */
void devconn_print_ready(const struct devconn *dc, FILE *f);

/*
 * Its watches, tagged owner for the loop (none is in the set yet); then,
 * after anything that may have changed its fds (its handlers, a run),
 * devconn_sync() puts in the set what it waits for now: the listening
 * socket, or the connection and its rings' kick fds.
 */
void devconn_watch_init(struct devconn *dc, int owner);
void devconn_sync(struct devconn *dc, struct watchset *ws);
void devconn_unwatch(struct devconn *dc, struct watchset *ws);

/* Serve the device if it has work due at now (not on a kick). */
void devconn_run(struct devconn *dc, uint64_t now);

/* Must the loop come back at once, without waiting? */
bool devconn_busy(const struct devconn *dc);

/* When the device wants to run next; UINT64_MAX if only on a kick. */
uint64_t devconn_deadline(const struct devconn *dc);

#endif
