/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ctl_server.h - the control socket: clients, their line framing and
 * output buffers. Each complete line goes to control_exec() (the
 * protocol itself, CONTROL.md); its reply is queued for the client. A
 * client whose replies pile up unread is not read from until it reads.
 */
#ifndef EXPANDER_CTL_SERVER_H
#define EXPANDER_CTL_SERVER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "board/board.h"
#include "transport/watch.h"

#define CTL_MAX_CLIENTS	16
#define CTL_LINE_MAX	1024

struct ctl_client {
	int fd;			/* -1: free slot */
	char in[CTL_LINE_MAX];
	size_t inlen;
	bool overlong;		/* discarding the rest of a too-long line */
	char *out;
	size_t outlen, outcap;
};

struct ctl_server {
	struct board *bd;
	int fd;			/* listening socket, -1: no control socket */
	char path[PATH_MAX];
	struct ctl_client c[CTL_MAX_CLIENTS];
	char *reply;		/* scratch for control_exec() */
	/* Its fds in the daemon's epoll set (ctl_server_sync). */
	struct watch w_listen, w_client[CTL_MAX_CLIENTS];
};

/* No socket yet; ctl_server_close() is safe on it. */
void ctl_server_init(struct ctl_server *s, struct board *bd);

/* Listen at path. -1 with a reason in err. */
int ctl_server_open(struct ctl_server *s, const char *path, char *err,
		    size_t errlen);

/* Send what clients still have queued (as far as they take it), close. */
void ctl_server_close(struct ctl_server *s);

/* Is the server listening? */
bool ctl_server_active(const struct ctl_server *s);

/*
 * Its watches, tagged owner for the loop; ctl_server_sync() puts the
 * listening socket and every client in the set as they are now (a
 * client with replies queued waits for POLLOUT; one with too much
 * queued is not read), after each of its handlers has run.
 */
void ctl_server_watch_init(struct ctl_server *s, int owner);
void ctl_server_sync(struct ctl_server *s, struct watchset *ws);
void ctl_server_unwatch(struct ctl_server *s, struct watchset *ws);

#endif
