/* SPDX-License-Identifier: GPL-2.0 */
/* sockets.h - the daemon's listening Unix sockets. */
#ifndef EXPANDER_SOCKETS_H
#define EXPANDER_SOCKETS_H

#include <stddef.h>

/*
 * Bind a listening, non-blocking Unix socket at path. A socket file left
 * behind by a daemon that died is replaced; one that a live process
 * still answers on is an error, and so is any path that is not a
 * socket. -1 with a reason in err.
 */
int sock_listen(const char *path, char *err, size_t errlen);

/* One pending connection, non-blocking and close-on-exec; -1 if none. */
int sock_accept(int listen_fd);

/* DIR as an absolute path (QEMU may run elsewhere), or as given. */
void sock_absolute_dir(const char *dir, char *out, size_t outlen);

#endif
