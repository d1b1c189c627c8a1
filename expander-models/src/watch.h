/* SPDX-License-Identifier: GPL-2.0 */
/*
 * watch.h - the fds the daemon's poll loop waits on in one round, each
 * with the function that handles it. The loop (daemon.c) builds the set
 * afresh every round from its parts: each part adds what it wants to
 * hear about now (a device's socket and kick fds, the control clients).
 */
#ifndef EXPANDER_WATCH_H
#define EXPANDER_WATCH_H

#include <poll.h>
#include <stdbool.h>

/*
 * fd (the one added, still open: the handler checks that it is still
 * the part's fd) had revents. arg is what was added with it. Returns
 * false to stop the daemon.
 */
typedef bool (*watch_fn)(void *ctx, unsigned int arg, int fd, short revents);

struct watch {
	watch_fn fn;
	void *ctx;
	unsigned int arg;
};

struct watchset {
	unsigned int n, max;
	struct pollfd *p;
	struct watch *w;
};

static inline void watch_add(struct watchset *ws, int fd, short events,
			     watch_fn fn, void *ctx, unsigned int arg)
{
	if (ws->n == ws->max)
		return;
	ws->p[ws->n] = (struct pollfd){ .fd = fd, .events = events };
	ws->w[ws->n] = (struct watch){ fn, ctx, arg };
	ws->n++;
}

#endif
