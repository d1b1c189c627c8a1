/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpioline.h - request one line through the GPIO character device (v2
 * uAPI), for the guest's probe tools.
 */
#ifndef BENCH_GPIOLINE_H
#define BENCH_GPIOLINE_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/gpio.h>

/*
 * Request line OFF of CHIP (a /dev name or a path) for CONSUMER: as an
 * output driving VALUE if OUTPUT, else as it is. Returns the line
 * request's file descriptor, or -1 with errno set.
 */
static inline int gpioline_request(const char *chip, unsigned int off,
				   int output, int value, const char *consumer)
{
	struct gpio_v2_line_request req;
	char path[128];
	int fd, ret;

	snprintf(path, sizeof(path), strchr(chip, '/') ? "%s" : "/dev/%s",
		 chip);
	fd = open(path, O_RDWR);
	if (fd < 0)
		return -1;
	memset(&req, 0, sizeof(req));
	req.offsets[0] = off;
	req.num_lines = 1;
	snprintf(req.consumer, sizeof(req.consumer), "%s", consumer);
	if (output) {
		req.config.flags = GPIO_V2_LINE_FLAG_OUTPUT;
		req.config.num_attrs = 1;
		req.config.attrs[0].mask = 1;
		req.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
		req.config.attrs[0].attr.values = value;
	}
	ret = ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &req);
	close(fd);
	return ret < 0 ? -1 : req.fd;
}

#endif
