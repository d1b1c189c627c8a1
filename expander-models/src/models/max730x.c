// SPDX-License-Identifier: GPL-2.0
/* max730x.c - the MAX7300/MAX7301 register file (max730x.h). */
#include "models/max730x.h"

#define FIRST	4
#define PORTS	32
#define P31	31

enum { CFG_RES, CFG_OUT, CFG_IN, CFG_IN_PU };

static unsigned int mode(const struct max730x *d, unsigned int port)
{
	return (d->portcfg[port / 4] >> (2 * (port % 4))) & 3;
}

static int level(const struct max730x *d, unsigned int port)
{
	if (port < FIRST || port >= PORTS)
		return 0;
	return pin_read_bit(&d->c->pins, port - FIRST);
}

/* P24..P30 as bits 0-6 */
static uint8_t watched(const struct max730x *d)
{
	return pin_read_bits(&d->c->pins, 24 - FIRST, 7);
}

static void apply(struct max730x *d)
{
	unsigned int port;
	bool on = d->config & 1;

	for (port = FIRST; port < PORTS; port++) {
		unsigned int i = port - FIRST, k = mode(d, port);
		bool hi = port == P31 && d->td ? d->intf :
			  d->latch & (1u << port);

		pin_set_pull(&d->c->pins, i, on && k == CFG_IN_PU ?
			     DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&d->c->pins, i, !on || k != CFG_OUT ? DRV_HIZ :
			      hi ? DRV_HIGH : DRV_LOW);
	}
}

void max730x_check(struct max730x *d)
{
	if (!d->armed || !((watched(d) ^ d->snap) & d->mask & 0x7f))
		return;
	d->armed = false;
	d->intf = true;
	apply(d);
}

void max730x_init(struct max730x *d, struct chip *c)
{
	unsigned int i;

	d->c = c;
	for (i = 1; i < 8; i++)
		d->portcfg[i] = 0xaa;
	apply(d);
}

static void set_latch(struct max730x *d, unsigned int port, int v)
{
	if (port < FIRST || port >= PORTS)
		return;
	d->latch = (d->latch & ~(1u << port)) | (uint32_t)!!v << port;
}

uint8_t max730x_read(const struct max730x *d, unsigned int r)
{
	uint8_t v = 0;
	unsigned int i;

	if (r == 0x04)
		return (d->config & 0x01) | (d->armed ? 0x80 : 0);
	if (r == 0x06)
		return (d->mask & 0x7f) | (d->intf ? 0x80 : 0);
	if (r > 0x08 && r < 0x10)
		return d->portcfg[r - 0x08];
	if (r >= 0x20 && r < 0x40)
		return level(d, r - 0x20);
	if (r >= 0x40 && r < 0x60)
		for (i = 0; i < 8; i++)
			v |= level(d, r - 0x40 + i) << i;
	return v;
}

void max730x_write(struct max730x *d, unsigned int r, uint8_t v)
{
	unsigned int i;

	if (r == 0x04) {
		d->config = v & 0x81;
		d->intf = false;
		/* the snapshot before apply(): P31's change re-checks */
		d->snap = watched(d);
		d->armed = d->td = v & 0x80;
	} else if (r == 0x06) {
		d->mask = v & 0x7f;
	} else if (r > 0x08 && r < 0x10) {
		uint8_t old = d->portcfg[r - 0x08];

		/* a reserved 00 pair keeps the port's previous mode */
		for (i = 0; i < 4; i++)
			if (!((v >> (2 * i)) & 3))
				v |= old & (3u << (2 * i));
		d->portcfg[r - 0x08] = v;
	} else if (r >= 0x20 && r < 0x40) {
		set_latch(d, r - 0x20, v & 1);
	} else if (r >= 0x40 && r < 0x60) {
		for (i = 0; i < 8; i++)
			set_latch(d, r - 0x40 + i, (v >> i) & 1);
	} else {
		return;
	}
	apply(d);
	max730x_check(d);
}
