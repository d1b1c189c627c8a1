// SPDX-License-Identifier: GPL-2.0
/* daemonctl.c - the daemon as a child process, and its control socket. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "load.h"

pid_t spawn(char **argv, const char *out)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "loadgen: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

int unix_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		die("%s: %s", path, strerror(errno));
	return fd;
}

/* One control command; its reply up to and including "ok"/"err". */
void control(int fd, const char *cmd, char *out, size_t outlen)
{
	size_t n = 0;
	ssize_t r;
	char *last;

	if (write(fd, cmd, strlen(cmd)) != (ssize_t)strlen(cmd) ||
	    write(fd, "\n", 1) != 1)
		die("control: %s", strerror(errno));
	for (;;) {
		r = read(fd, out + n, outlen - 1 - n);
		if (r <= 0)
			die("control: the daemon hung up");
		n += r;
		out[n] = 0;
		if (n && out[n - 1] == '\n') {
			out[n - 1] = 0;
			last = strrchr(out, '\n');
			last = last ? last + 1 : out;
			out[n - 1] = '\n';
			if (!strncmp(last, "ok", 2) || !strncmp(last, "err", 3))
				return;
		}
		if (n == outlen - 1)
			die("control: reply too long");
	}
}

uint64_t field(const char *s, const char *key)
{
	const char *p = strstr(s, key);

	return p ? strtoull(p + strlen(key), NULL, 10) : 0;
}
