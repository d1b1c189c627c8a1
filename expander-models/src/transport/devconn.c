// SPDX-License-Identifier: GPL-2.0
/* devconn.c - one served virtio device and its front-end (devconn.h). */
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "buses/world.h"
#include "transport/devconn.h"
#include "transport/sockets.h"
#include "transport/transport_log.h"

int devconn_init(struct devconn *dc, const struct vdev_type *type, int slot,
		 const char *label, const char *dir, char *err,
		 size_t errlen)
{
	memset(dc, 0, sizeof(*dc));
	dc->type = type;
	dc->slot = slot;
	dc->listen_fd = -1;
	snprintf(dc->label, sizeof(dc->label), "%s", label);
	snprintf(dc->name, sizeof(dc->name), "%s-%d", type->prefix, slot);
	if ((size_t)snprintf(dc->path, sizeof(dc->path), "%s/%s.sock", dir,
			     dc->name) >= sizeof(dc->path)) {
		snprintf(err, errlen, "%s: socket directory path too long",
			 dir);
		return -1;
	}
	vu_init(&dc->vu, dc->name, type, &dc->dev);
	return 0;
}

int devconn_listen(struct devconn *dc, char *err, size_t errlen)
{
	dc->listen_fd = sock_listen(dc->path, err, errlen);
	return dc->listen_fd < 0 ? -1 : 0;
}

void devconn_close(struct devconn *dc)
{
	vu_detach(&dc->vu);
	if (dc->type->fini)
		dc->type->fini(&dc->dev);
	if (dc->listen_fd >= 0) {
		close(dc->listen_fd);
		unlink(dc->path);
	}
	dc->listen_fd = -1;
}

void devconn_print_qemu_args(const struct devconn *dc, FILE *f)
{
	const char *p = dc->type->prefix;

	fprintf(f, "-chardev\nsocket,id=%s%d,path=%s\n", p, dc->slot,
		dc->path);
	fprintf(f, "-device\n%s,chardev=%s%d,bus=virtio-mmio-bus.%d\n",
		dc->type->qemu_device, p, dc->slot, dc->slot);
}

void devconn_print_ready(const struct devconn *dc, FILE *f)
{
	fprintf(f, "%s %s slot %d socket %s\n", dc->type->ready_word,
		dc->label, dc->slot, dc->path);
}

static bool on_listen(void *ctx, unsigned int arg, int fd, short revents)
{
	struct devconn *dc = ctx;
	int s;

	if (vu_sock(&dc->vu) >= 0)
		return true;
	s = sock_accept(dc->listen_fd);
	if (s < 0)
		return true;
	vu_attach(&dc->vu, s);
	transport_log(dc->name, "front-end connected");
	return true;
}

static bool on_message(void *ctx, unsigned int arg, int fd, short revents)
{
	struct devconn *dc = ctx;

	/* Checked: an earlier event may have dropped it. */
	if (vu_sock(&dc->vu) != fd)
		return true;
	if (vu_service(&dc->vu) < 0) {
		transport_log(dc->name, "front-end disconnected");
		vu_detach(&dc->vu);
		dc->again = false;
	}
	return true;
}

/*
 * Kick fds are watched edge-triggered for as long as they exist, busy or
 * not: a kick that comes while the ring must not be served (a hold runs,
 * the ring is stopped) is left alone, and the pass that ends the hold or
 * starts the ring (vu_due(), vhost_user.c's run flag) serves what it
 * announced. No epoll change per held transaction, and no read of the
 * kick's count: each kick is an edge of its own.
 */
static bool on_kick(void *ctx, unsigned int q, int fd, short revents)
{
	struct devconn *dc = ctx;

	if (vu_kick_fd(&dc->vu, q) == fd)
		dc->again = vu_kicked(&dc->vu, q, world_wall_ns()) > 0;
	return true;
}

void devconn_watch_init(struct devconn *dc, int owner)
{
	unsigned int q;

	watch_init(&dc->w_listen, on_listen, dc, 0, owner, false);
	watch_init(&dc->w_sock, on_message, dc, 0, owner, false);
	for (q = 0; q < VDEV_MAX_QUEUES; q++)
		watch_init(&dc->w_kick[q], on_kick, dc, q, owner, true);
}

void devconn_sync(struct devconn *dc, struct watchset *ws)
{
	int sock = vu_sock(&dc->vu);
	unsigned int q;

	/*
	 * One QEMU per device: a second one waits in the backlog until the
	 * first is gone (a restarted QEMU may connect before we have seen
	 * the old one hang up).
	 */
	watch_set(ws, &dc->w_listen, sock < 0 ? dc->listen_fd : -1, EPOLLIN);
	watch_set(ws, &dc->w_sock, sock, EPOLLIN);
	for (q = 0; q < VDEV_MAX_QUEUES; q++)
		watch_set(ws, &dc->w_kick[q],
			  sock >= 0 && q < vu_nqueues(&dc->vu) ?
			  vu_queue_kick_fd(&dc->vu, q) : -1,
			  EPOLLIN | EPOLLET);
}

void devconn_unwatch(struct devconn *dc, struct watchset *ws)
{
	unsigned int q;

	watch_clear(ws, &dc->w_listen);
	watch_clear(ws, &dc->w_sock);
	for (q = 0; q < VDEV_MAX_QUEUES; q++)
		watch_clear(ws, &dc->w_kick[q]);
}

void devconn_run(struct devconn *dc, uint64_t now)
{
	if (vu_sock(&dc->vu) < 0)
		return;
	if (dc->again || vu_due(&dc->vu, now))
		dc->again = vu_run(&dc->vu, now) > 0;
}

bool devconn_busy(const struct devconn *dc)
{
	return dc->again || vu_pending(&dc->vu);
}

uint64_t devconn_deadline(const struct devconn *dc)
{
	if (vu_sock(&dc->vu) < 0)
		return UINT64_MAX;
	return vu_deadline(&dc->vu);
}
