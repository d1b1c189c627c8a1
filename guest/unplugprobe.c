// SPDX-License-Identifier: GPL-2.0
/*
 * unplugprobe - take a GPIO provider away under an open file and a reader
 * sleeping in poll(), and print what user space sees afterwards.
 *
 *   unplugprobe block DEV FILE TEXT          /dev/gpioblock/DEV
 *   unplugprobe line CHIP OFFSET FILE TEXT   a line request on /dev/CHIP
 *
 * The probe opens the file (or requests the line as an output), starts a
 * child that sleeps in poll() on a second file of the same block (or on
 * the line request), writes TEXT to FILE (a sysfs unbind or delete_device
 * file, for example) and then reports, one per line:
 *
 *   unplug ok|ERRNO        the write to FILE
 *   waiter REVENTS|timeout what the sleeping poll() returned (within 5 s)
 *   read ERRNO|ok          read(2), or GPIO_V2_LINE_GET_VALUES_IOCTL
 *   write ERRNO|ok         write(2), or GPIO_V2_LINE_SET_VALUES_IOCTL
 *   ioctl ERRNO|ok         GPIOBLOCK_GET_INFO_IOCTL, or
 *                          GPIO_V2_LINE_SET_CONFIG_IOCTL
 *   poll REVENTS           poll() on the open file, no wait
 *
 * REVENTS is "POLLERR|POLLHUP" and the like, "none" for 0.
 * Exit status 0 if all of that could be run, 2 on a set-up error.
 */
/* strerrorname_np() in errname.h */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/gpio.h>

#include "errname.h"
#include "gpioline.h"
#include "gpioblock-abi.h"

static void print_revents(const char *what, short re)
{
	static const struct { short bit; const char *name; } names[] = {
		{ POLLIN, "POLLIN" }, { POLLOUT, "POLLOUT" },
		{ POLLERR, "POLLERR" }, { POLLHUP, "POLLHUP" },
		{ POLLNVAL, "POLLNVAL" },
	};
	const char *sep = "";
	unsigned int i;

	printf("%s ", what);
	if (!re)
		printf("none");
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (re & names[i].bit) {
			printf("%s%s", sep, names[i].name);
			sep = "|";
		}
	}
	printf("\n");
}

static void print_result(const char *what, int ret)
{
	printf("%s %s\n", what, ret < 0 ? errname(errno) : "ok");
}

/* Fork a child that sleeps in poll() on fd and sends its revents back. */
static pid_t start_waiter(int fd, int *result)
{
	int ready[2], res[2];
	pid_t pid;
	char c;

	if (pipe(ready) || pipe(res))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		/*
		 * No events asked for: a block file is always readable, so
		 * only what poll() reports unasked, POLLERR and POLLHUP on
		 * removal, ends the sleep.
		 */
		struct pollfd p = { .fd = fd, .events = 0 };
		short re;

		if (write(ready[1], "r", 1) != 1)
			_exit(1);
		re = poll(&p, 1, 10000) > 0 ? p.revents : 0;
		_exit(write(res[1], &re, sizeof(re)) == sizeof(re) ? 0 : 1);
	}
	close(ready[1]);
	close(res[1]);
	if (read(ready[0], &c, 1) != 1)
		return -1;
	close(ready[0]);
	/* Let the child get into poll() and sleep there. */
	usleep(300 * 1000);
	*result = res[0];
	return pid;
}

static int unplug(const char *file, const char *text)
{
	int fd = open(file, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n < 0 ? -1 : 0;
}

static void report_waiter(int res, pid_t pid)
{
	struct pollfd p = { .fd = res, .events = POLLIN };
	short re;

	if (poll(&p, 1, 5000) == 1 && read(res, &re, sizeof(re)) == sizeof(re))
		print_revents("waiter", re);
	else
		printf("waiter timeout\n");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/*
 * With a child asleep in poll() on fd, write TEXT to FILE; print what the
 * write and the sleeper saw. Returns -1 if the child cannot be started.
 */
static int unplug_under_waiter(int fd, const char *file, const char *text)
{
	pid_t pid;
	int res;

	pid = start_waiter(fd, &res);
	if (pid < 0) {
		perror("waiter");
		return -1;
	}
	print_result("unplug", unplug(file, text));
	report_waiter(res, pid);
	return 0;
}

/* What poll() on fd says now, without waiting. */
static void report_poll(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	poll(&p, 1, 0);
	print_revents("poll", p.revents);
}

static int probe_block(const char *dev, const char *file, const char *text)
{
	struct gpioblock_info info;
	char path[128];
	uint64_t v = 0;
	int fd, fd2;

	snprintf(path, sizeof(path), GPIOBLOCK_DIR "%s", dev);
	fd = open(path, O_RDWR);
	fd2 = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0 || fd2 < 0) {
		perror(path);
		return 2;
	}
	if (unplug_under_waiter(fd2, file, text))
		return 2;
	print_result("read", read(fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1);
	print_result("write", write(fd, &v, sizeof(v)) == sizeof(v) ? 0 : -1);
	memset(&info, 0, sizeof(info));
	print_result("ioctl", ioctl(fd, GPIOBLOCK_GET_INFO_IOCTL, &info));
	report_poll(fd);
	close(fd2);
	close(fd);
	return 0;
}

static int probe_line(const char *chip, unsigned int off, const char *file,
		      const char *text)
{
	struct gpio_v2_line_config cfg;
	struct gpio_v2_line_values lv;
	int fd;

	fd = gpioline_request(chip, off, 1, 0, "unplugprobe");
	if (fd < 0) {
		perror("GPIO_V2_GET_LINE_IOCTL");
		return 2;
	}
	if (unplug_under_waiter(fd, file, text))
		return 2;
	memset(&lv, 0, sizeof(lv));
	lv.mask = 1;
	print_result("read", ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &lv));
	print_result("write", ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &lv));
	memset(&cfg, 0, sizeof(cfg));
	cfg.flags = GPIO_V2_LINE_FLAG_OUTPUT;
	print_result("ioctl", ioctl(fd, GPIO_V2_LINE_SET_CONFIG_IOCTL, &cfg));
	report_poll(fd);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 5 && !strcmp(argv[1], "block"))
		return probe_block(argv[2], argv[3], argv[4]);
	if (argc == 6 && !strcmp(argv[1], "line"))
		return probe_line(argv[2], strtoul(argv[3], NULL, 0), argv[4],
				  argv[5]);
	fprintf(stderr, "usage: unplugprobe block DEV FILE TEXT\n"
		"       unplugprobe line CHIP OFFSET FILE TEXT\n");
	return 2;
}
