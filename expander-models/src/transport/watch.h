/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watch.h - the fds the daemon's loop waits on, each with the function
 * that handles it, registered once in an epoll set and changed only when
 * a part's fds change (a front-end connects, a ring gets a kick fd, a
 * control client has output queued). Each part owns its struct watch
 * and says what it wants to hear about now with watch_set(); the loop
 * (daemon.c) calls the handler of each watch that fired.
 */
#ifndef EXPANDER_WATCH_H
#define EXPANDER_WATCH_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * fd (the part's fd, still open: the handler checks that it is still the
 * one it expects) had revents (POLLIN, POLLOUT, POLLHUP, POLLERR). arg
 * is what the watch was made with. Returns false to stop the daemon.
 */
typedef bool (*watch_fn)(void *ctx, unsigned int arg, int fd, short revents);

struct watch {
	watch_fn fn;
	void *ctx;
	unsigned int arg;
	int owner;		/* the loop's own tag: which part to re-read */
	bool dup;		/* register a dup of fd (see watch_init) */
	int fd;			/* the part's fd, -1: not watched */
	int reg;		/* the fd in the epoll set: fd, or its dup */
	uint32_t events;
};

struct watchset {
	int epfd;
};

int watchset_open(struct watchset *ws);
void watchset_close(struct watchset *ws);

/*
 * dup: the fd is shared with another process and closed by code that
 * does not tell us first (a ring's kick eventfd, closed by
 * vhost_user.c when QEMU sends another): epoll keys its entries on the
 * open file, which then outlives our fd, so the set holds a dup of it
 * that only watch_set() closes, after taking it out of the set.
 */
void watch_init(struct watch *w, watch_fn fn, void *ctx, unsigned int arg,
		int owner, bool dup);

/*
 * Watch fd for events (EPOLLIN, EPOLLOUT, EPOLLET, ...), or nothing if fd
 * is -1 or events 0. Costs a system call only when fd or events change.
 * A part calls it whenever its fds may have changed, before the loop
 * waits again; an fd closed meanwhile is simply replaced.
 */
void watch_set(struct watchset *ws, struct watch *w, int fd,
	       uint32_t events);

/* Take it out of the set (before the part goes away). */
static inline void watch_clear(struct watchset *ws, struct watch *w)
{
	watch_set(ws, w, -1, 0);
}

#endif
