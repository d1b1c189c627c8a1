// SPDX-License-Identifier: GPL-2.0
/* devices.c - the board's parts as virtio devices (devices.h). */
#include "buses/bus.h"
#include "buses/gpio_lines.h"
#include "daemon/devices.h"

static int bus_xfer(void *ctx, struct i2c_seg *segs, unsigned int nsegs,
		    struct bus_timing *t)
{
	return bus_transfer(ctx, segs, nsegs, t);
}

int devices_from_board(struct daemon *dm, const char *dir, char *err,
		       size_t errlen)
{
	struct gpio_lines *gl;
	struct devconn *dc;
	struct bus *b;
	unsigned int i;

	for (i = 0; i < board_nbuses(dm->bd); i++) {
		b = board_bus(dm->bd, i);
		dc = daemon_add(dm, &virtio_i2c_type, bus_mmio_slot(b),
				bus_name(b), dir, err, errlen);
		if (!dc)
			return -1;
		vi2c_init(&dc->dev.i2c, vu_queue(&dc->vu, 0), bus_xfer, b);
	}
	for (i = 0; i < board_ngpios(dm->bd); i++) {
		gl = board_gpio(dm->bd, i);
		dc = daemon_add(dm, &vgpio_transport_type, gl->slot, gl->name,
				dir, err, errlen);
		if (!dc)
			return -1;
		if (vgpio_transport_init(&dc->dev.gpio, gl,
					 vu_queue(&dc->vu, 0),
					 vu_queue(&dc->vu, 1))) {
			snprintf(err, errlen, "%s: out of memory", gl->name);
			return -1;
		}
	}
	return 0;
}
