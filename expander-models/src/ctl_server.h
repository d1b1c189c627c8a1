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

#include "board.h"
#include "watch.h"

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

/* Add the listening socket and every client to this round's set. */
void ctl_server_watch(struct ctl_server *s, struct watchset *ws);

#define CTL_MAX_WATCH (1 + CTL_MAX_CLIENTS)

#endif
