/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vgpio_req.h - one virtio-gpio request to a board's controller, as
 * Linux's gpio-virtio sends it: the status and value bytes back as one
 * number (the value, or -1 for an error status).
 */
#ifndef EXPANDER_VGPIO_REQ_H
#define EXPANDER_VGPIO_REQ_H

#include <endian.h>
#include <string.h>

#include "gpio_lines.h"

static inline int vgpio_req(struct gpio_lines *gl, uint16_t type,
			    uint16_t line, uint32_t value)
{
	uint8_t r[8], resp[2];
	uint16_t t = htole16(type), l = htole16(line);
	uint32_t v = htole32(value);
	const char *why;

	memcpy(r, &t, 2);
	memcpy(r + 2, &l, 2);
	memcpy(r + 4, &v, 4);
	gpio_lines_request(gl, r, 8, resp, 2, &why);
	return resp[0] == VIRTIO_GPIO_STATUS_OK ? resp[1] : -1;
}

#endif
