// SPDX-License-Identifier: GPL-2.0
/* ctl_server.c - control socket clients and line framing (ctl_server.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "control/control.h"
#include "control/ctl_server.h"
#include "transport/sockets.h"

#define CTL_REPLY_MAX	65536
/* Stop reading a control client's lines while this much is unsent. */
#define CTL_OUT_HIGH	(64 * 1024)

void ctl_server_init(struct ctl_server *s, struct board *bd)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->bd = bd;
	s->fd = -1;
	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		s->c[i].fd = -1;
}

int ctl_server_open(struct ctl_server *s, const char *path, char *err,
		    size_t errlen)
{
	s->reply = malloc(CTL_REPLY_MAX);
	if (!s->reply) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(s->path, sizeof(s->path), "%s", path);
	s->fd = sock_listen(path, err, errlen);
	return s->fd < 0 ? -1 : 0;
}

bool ctl_server_active(const struct ctl_server *s)
{
	return s->fd >= 0;
}

static void client_close(struct ctl_client *c)
{
	close(c->fd);
	free(c->out);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

static int client_queue(struct ctl_client *c, const char *s, size_t len)
{
	size_t cap;
	char *p;

	if (c->outlen + len > c->outcap) {
		cap = c->outcap ? c->outcap : 4096;
		while (cap < c->outlen + len)
			cap *= 2;
		p = realloc(c->out, cap);
		if (!p)
			return -1;
		c->out = p;
		c->outcap = cap;
	}
	memcpy(c->out + c->outlen, s, len);
	c->outlen += len;
	return 0;
}

/* Send what the socket takes now; -1 if the client is gone. */
static int client_flush(struct ctl_client *c)
{
	ssize_t r;

	while (c->outlen) {
		r = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (r < 0)
			return (errno == EAGAIN || errno == EWOULDBLOCK ||
				errno == EINTR) ? 0 : -1;
		memmove(c->out, c->out + r, c->outlen - r);
		c->outlen -= r;
	}
	return 0;
}

static int client_line(struct ctl_server *s, struct ctl_client *c,
		       char *line)
{
	size_t len = strlen(line), n;

	if (len && line[len - 1] == '\r')
		line[len - 1] = 0;
	n = control_exec(s->bd, line, s->reply, CTL_REPLY_MAX);
	if (n >= CTL_REPLY_MAX)
		n = strnlen(s->reply, CTL_REPLY_MAX);
	return client_queue(c, s->reply, n);
}

/* Answer every complete line in the input buffer. */
static int client_lines(struct ctl_server *s, struct ctl_client *c)
{
	static const char too_long[] = "err line too long\n";
	char *nl, *start = c->in;
	size_t left = c->inlen;

	while ((nl = memchr(start, '\n', left))) {
		*nl = 0;
		if (c->overlong) {
			c->overlong = false;
			if (client_queue(c, too_long, sizeof(too_long) - 1) < 0)
				return -1;
		} else if (memchr(start, 0, nl - start)) {
			if (client_queue(c, "err NUL in line\n", 16) < 0)
				return -1;
		} else if (client_line(s, c, start) < 0) {
			return -1;
		}
		left -= nl + 1 - start;
		start = nl + 1;
	}
	memmove(c->in, start, left);
	c->inlen = left;
	if (c->inlen == sizeof(c->in)) {
		/* No newline in a full buffer: drop it, answer at its end. */
		c->overlong = true;
		c->inlen = 0;
	}
	return 0;
}

static int client_read(struct ctl_server *s, struct ctl_client *c)
{
	ssize_t r;

	r = recv(c->fd, c->in + c->inlen, sizeof(c->in) - c->inlen,
		 MSG_DONTWAIT);
	if (r == 0)
		return -1;
	if (r < 0)
		return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
	c->inlen += r;
	if (client_lines(s, c) < 0)
		return -1;
	return client_flush(c);
}

static bool on_listen(void *ctx, unsigned int arg, int fd, short revents)
{
	struct ctl_server *s = ctx;
	unsigned int i;
	int cfd;

	cfd = sock_accept(s->fd);
	if (cfd < 0)
		return true;
	for (i = 0; i < CTL_MAX_CLIENTS; i++) {
		if (s->c[i].fd < 0) {
			s->c[i].fd = cfd;
			return true;
		}
	}
	send(cfd, "err too many control clients\n", 29,
	     MSG_NOSIGNAL | MSG_DONTWAIT);
	close(cfd);
	return true;
}

static bool on_client(void *ctx, unsigned int i, int fd, short revents)
{
	struct ctl_server *s = ctx;
	struct ctl_client *c = &s->c[i];

	if (c->fd != fd)
		return true;	/* closed and reused in this round */
	if ((revents & POLLOUT) && client_flush(c) < 0) {
		client_close(c);
		return true;
	}
	if ((revents & (POLLIN | POLLHUP | POLLERR)) && client_read(s, c) < 0)
		client_close(c);
	return true;
}

void ctl_server_watch_init(struct ctl_server *s, int owner)
{
	unsigned int i;

	watch_init(&s->w_listen, on_listen, s, 0, owner, false);
	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		watch_init(&s->w_client[i], on_client, s, i, owner, false);
}

void ctl_server_sync(struct ctl_server *s, struct watchset *ws)
{
	struct ctl_client *c;
	unsigned int i;

	watch_set(ws, &s->w_listen, s->fd, EPOLLIN);
	for (i = 0; i < CTL_MAX_CLIENTS; i++) {
		c = &s->c[i];
		watch_set(ws, &s->w_client[i], c->fd,
			  (c->outlen < CTL_OUT_HIGH ? EPOLLIN : 0) |
			  (c->outlen ? EPOLLOUT : 0));
	}
}

void ctl_server_unwatch(struct ctl_server *s, struct watchset *ws)
{
	unsigned int i;

	watch_clear(ws, &s->w_listen);
	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		watch_clear(ws, &s->w_client[i]);
}

void ctl_server_close(struct ctl_server *s)
{
	unsigned int i;

	for (i = 0; i < CTL_MAX_CLIENTS; i++)
		if (s->c[i].fd >= 0) {
			client_flush(&s->c[i]);
			client_close(&s->c[i]);
		}
	if (s->fd >= 0) {
		close(s->fd);
		unlink(s->path);
	}
	s->fd = -1;
	free(s->reply);
	s->reply = NULL;
}
