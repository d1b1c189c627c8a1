/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devices.h - which virtio device serves which part of the board: one
 * virtio-i2c device per I2C bus, one virtio-gpio device per controller. A new kind of device adds its loop
 * over the board here.
 */
#ifndef EXPANDER_DEVICES_H
#define EXPANDER_DEVICES_H

#include <stddef.h>

#include "daemon/daemon.h"

/* Add the board's devices to dm, sockets in dir. -1 with err. */
int devices_from_board(struct daemon *dm, const char *dir, char *err,
		       size_t errlen);

#endif
