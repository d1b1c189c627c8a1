/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ctl.h - the guest's side of the host models' control interface.
 *
 * The host daemon's control socket is wired to a virtio-serial port named
 * "bench.control". A command is one line; the reply is zero or more lines
 * and then one that starts with "ok" or "err". A reply that does not come
 * within the timeout is an error: a test must never hang on a dead host.
 */
#ifndef BENCH_CTL_H
#define BENCH_CTL_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PORT_NAME "bench.control"

static inline int ctl_open(void)
{
	char path[300], name[64];
	struct dirent *de;
	DIR *d = opendir("/sys/class/virtio-ports");
	int fd = -1;

	if (!d)
		return -1;
	while ((de = readdir(d)) && fd < 0) {
		FILE *f;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/virtio-ports/%s/name",
			 de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(name, sizeof(name), f) &&
		    !strncmp(name, PORT_NAME, strlen(PORT_NAME))) {
			snprintf(path, sizeof(path), "/dev/%s", de->d_name);
			fd = open(path, O_RDWR | O_NOCTTY);
		}
		fclose(f);
	}
	closedir(d);
	return fd;
}

static inline long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/*
 * What the port delivered beyond the last line returned. A reply is
 * read in chunks, not a byte per read(): in an emulated guest every
 * system call costs tens of microseconds, and a counters reply is
 * hundreds of bytes. One control port per process.
 */
static struct {
	char buf[1024];
	size_t pos, len;
} ctl_rx;

/* Read one line into buf; 0 on success, -1 on timeout or error. */
static inline int ctl_read_line(int fd, char *buf, size_t len, long long deadline)
{
	size_t n = 0;

	while (n + 1 < len) {
		char c;

		if (ctl_rx.pos == ctl_rx.len) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			long long left = deadline - now_ms();
			ssize_t r;

			if (left <= 0 || poll(&p, 1, left) <= 0)
				return -1;
			r = read(fd, ctl_rx.buf, sizeof(ctl_rx.buf));
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				return -1;
			ctl_rx.pos = 0;
			ctl_rx.len = r;
		}
		c = ctl_rx.buf[ctl_rx.pos++];
		if (c == '\n')
			break;
		buf[n++] = c;
	}
	buf[n] = '\0';
	return 0;
}

/*
 * Send one command and collect its whole reply into reply (lines joined
 * by '\n', the "ok"/"err" one last); each line also goes to echo if not
 * NULL. Returns 0 for ok, 1 for err, -1 on timeout, I/O error or a reply
 * longer than len.
 */
static inline int ctl_cmd(int fd, const char *cmd, char *reply, size_t len,
			  int timeout_ms, FILE *echo)
{
	long long deadline = now_ms() + timeout_ms;
	size_t n = strlen(cmd), used = 0;

	if (write(fd, cmd, n) != (ssize_t)n || write(fd, "\n", 1) != 1)
		return -1;
	for (;;) {
		char *line = reply + used;

		if (used + 2 >= len ||
		    ctl_read_line(fd, line, len - used, deadline))
			return -1;
		if (echo)
			fprintf(echo, "%s\n", line);
		if (!strncmp(line, "ok", 2))
			return 0;
		if (!strncmp(line, "err", 3))
			return 1;
		used += strlen(line);
		reply[used++] = '\n';
	}
}

/* The value of "key=" in a reply line, or -1. */
static inline long long ctl_field(const char *line, const char *key)
{
	size_t k = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ' || p[-1] == '\n') &&
		    p[k] == '=')
			return strtoll(p + k + 1, NULL, 0);
		p += k;
	}
	return -1;
}

#endif
