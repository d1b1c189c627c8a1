// SPDX-License-Identifier: GPL-2.0
/* watch.c - fds registered once in an epoll set (watch.h). */
#include <errno.h>
#include <fcntl.h>
#include <sys/epoll.h>
#include <string.h>
#include <unistd.h>

#include "transport/transport_log.h"
#include "transport/watch.h"

int watchset_open(struct watchset *ws)
{
	ws->epfd = epoll_create1(EPOLL_CLOEXEC);
	return ws->epfd < 0 ? -1 : 0;
}

void watchset_close(struct watchset *ws)
{
	if (ws->epfd >= 0)
		close(ws->epfd);
	ws->epfd = -1;
}

void watch_init(struct watch *w, watch_fn fn, void *ctx, unsigned int arg,
		int owner, bool dup)
{
	*w = (struct watch){ .fn = fn, .ctx = ctx, .arg = arg,
			     .owner = owner, .dup = dup, .fd = -1,
			     .reg = -1 };
}

void watch_set(struct watchset *ws, struct watch *w, int fd,
	       uint32_t events)
{
	struct epoll_event ev = { .events = events, .data.ptr = w };

	if (fd < 0 || !events) {
		fd = -1;
		events = 0;
	}
	if (fd == w->fd && events == w->events)
		return;
	if (fd == w->fd) {
		/* Same fd, other events. */
		if (epoll_ctl(ws->epfd, EPOLL_CTL_MOD, w->reg, &ev) == 0) {
			w->events = events;
			return;
		}
		/* Its file is gone from the set: register afresh. */
	}
	if (w->reg >= 0) {
		/* Fails harmlessly if the part closed it already. */
		epoll_ctl(ws->epfd, EPOLL_CTL_DEL, w->reg, NULL);
		if (w->dup)
			close(w->reg);
	}
	w->fd = w->reg = -1;
	w->events = 0;
	if (fd < 0)
		return;
	w->reg = w->dup ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : fd;
	if (w->reg < 0 || epoll_ctl(ws->epfd, EPOLL_CTL_ADD, w->reg, &ev)) {
		transport_log("expander-daemon", "epoll: fd %d: %s", fd,
			      strerror(errno));
		if (w->dup && w->reg >= 0)
			close(w->reg);
		w->reg = -1;
		return;
	}
	w->fd = fd;
	w->events = events;
}
