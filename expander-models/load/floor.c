// SPDX-License-Identifier: GPL-2.0
/* floor.c - what waking once per transaction costs here (load.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "load.h"

/*
 * The floor under any daemon that wakes once per transaction: a child
 * that waits in epoll for an edge-triggered kick eventfd and writes a
 * call eventfd, nothing else, timed as the daemon is (its own CPU time).
 * With hold_ns, it also holds each completion that long on a timerfd, as
 * the daemon does when it paces (--paced).
 */
static uint64_t cpu_self_ns(void)
{
	struct rusage r;

	getrusage(RUSAGE_SELF, &r);
	return (r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1000000000ull +
	       (r.ru_utime.tv_usec + r.ru_stime.tv_usec) * 1000ull;
}

int floor_run(uint64_t n, uint64_t hold_ns)
{
	int kick = eventfd(0, EFD_CLOEXEC), call = eventfd(0, EFD_CLOEXEC);
	uint64_t one = 1, v, i, t0, t1, c0, d;
	pid_t pid;
	int status;

	if (kick < 0 || call < 0)
		die("eventfd: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		struct epoll_event e = { .events = EPOLLIN | EPOLLET };
		int ep = epoll_create1(EPOLL_CLOEXEC);
		int tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);

		if (ep < 0 || tfd < 0 ||
		    epoll_ctl(ep, EPOLL_CTL_ADD, kick, &e) < 0 ||
		    epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &e) < 0)
			_exit(1);
		c0 = cpu_self_ns();
		t0 = now_ns();
		for (i = 0; i < n; i++) {
			if (epoll_wait(ep, &e, 1, TIMEOUT_MS) != 1)
				_exit(1);
			if (hold_ns) {
				struct itimerspec its = { { 0, 0 }, { 0, 0 } };

				d = now_ns() + hold_ns;
				its.it_value.tv_sec = d / 1000000000ull;
				its.it_value.tv_nsec = d % 1000000000ull;
				if (timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its,
						    NULL) < 0 ||
				    epoll_wait(ep, &e, 1, TIMEOUT_MS) != 1)
					_exit(1);
			}
			if (write(call, &one, 8) != 8)
				_exit(1);
		}
		t1 = now_ns();
		printf("result tag=%s mix=- buses=1 mode=serial log=0 "
		       "paced=%d hz=0 tx=%llu cpu_ns=%llu wall_ns=%llu "
		       "errors=0\n", hold_ns ? "floor-paced" : "floor",
		       hold_ns != 0, (unsigned long long)n,
		       (unsigned long long)(cpu_self_ns() - c0),
		       (unsigned long long)(t1 - t0));
		fflush(stdout);
		_exit(0);
	}
	for (i = 0; i < n; i++)
		if (write(kick, &one, 8) != 8 || read(call, &v, 8) != 8)
			die("floor: %s", strerror(errno));
	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       !WEXITSTATUS(status) ? 0 : 1;
}
