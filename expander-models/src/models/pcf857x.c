// SPDX-License-Identifier: GPL-2.0
/*
 * pcf857x.c - quasi-bidirectional expanders without registers: a write
 * sets the output latches, a read returns the pin levels.
 *
 * A latch at 1 is a weak pull-up (~100 uA) that anything outside can pull
 * low, so the pin reads 0; a latch at 0 sinks hard. Power-on: all 1.
 * Bytes alternate between the ports on 16-line parts (P07..P00, then
 * P17..P10, then P07..P00 again ...). INT (open drain) goes active when a
 * pin's level differs from what was last read or written on its port, and
 * resets when that port is read or written or the pin returns (PCF8574
 * datasheet, "Interrupt output": resetting happens "in the write mode at
 * the acknowledge bit", the ACK at which the written byte reaches the
 * pins). So the port's own output change from a write is no interrupt:
 * the model takes the write's snapshot with the new levels, and INT does
 * not pulse on the way (assumed; the datasheet draws no INT for it).
 *
 * Not modelled: the brief strong pull-up on a 0->1 write, the PCA967x
 * RESET pin, software reset (general call 0x06) and device ID (0xF8):
 * gpio-pcf857x uses none of them.
 *
 * The Gateworks PLD (gpio-gw-pld, "gateworks,pld-gpio") is a CPLD that
 * answers as an 8-line PCF8574 without INT: no datasheet of it was
 * found, and gpio-gw-pld (a byte written as the latch, a 1 to make a
 * line an input; a byte read as the levels) is all there is of it. Its
 * pins are assumed quasi-bidirectional as the PCF8574's (the driver's
 * "input = write 1" needs a weak high), and that it acknowledges every
 * byte: the driver sets I2C_M_IGNORE_NAK for a PLD that "does not
 * properly send the acknowledge bit at all times", which this model
 * does not imitate.
 */
#include <stdlib.h>

#include "models/chip.h"

struct pcf857x_desc {
	bool has_int;
};

struct pcf857x {
	struct chip c;
	unsigned int nports;
	uint16_t latch;
	uint16_t snapshot;	/* levels at the last access of each port */
	unsigned int idx;	/* data byte within the transaction */
	bool writing;		/* pins following a write: INT after it */
};

static uint16_t levels(const struct pcf857x *m)
{
	return pin_read_bits(&m->c.pins, 0, m->c.v->lines);
}

static void update_irq(struct pcf857x *m)
{
	if (m->c.has_irq)
		chip_set_irq(&m->c, levels(m) != m->snapshot);
}

/* Interrupt reset for port p: what it shows now is what was seen. */
static void port_seen(struct pcf857x *m, unsigned int p)
{
	uint16_t mask = 0xffu << (8 * p);

	m->snapshot = (m->snapshot & ~mask) | (levels(m) & mask);
	update_irq(m);
}

static void apply(struct pcf857x *m)
{
	unsigned int i;

	for (i = 0; i < m->c.v->lines; i++)
		pin_set_drive(&m->c.pins, i, m->latch & (1u << i) ?
				DRV_WEAK_HIGH : DRV_LOW);
}

static int pcf857x_start(struct i2c_target *t, bool read)
{
	struct pcf857x *m = t->priv;

	m->idx = 0;
	return 0;
}

static int pcf857x_write(struct i2c_target *t, uint8_t byte)
{
	struct pcf857x *m = t->priv;
	unsigned int p = m->idx++ % m->nports;

	m->latch = (m->latch & ~(0xffu << (8 * p))) | byte << (8 * p);
	m->writing = true;
	apply(m);
	m->writing = false;
	port_seen(m, p);
	return 0;
}

static uint8_t pcf857x_read(struct i2c_target *t)
{
	struct pcf857x *m = t->priv;
	unsigned int p = m->idx++ % m->nports;
	uint8_t v = levels(m) >> (8 * p);

	port_seen(m, p);
	return v;
}

static const struct i2c_target_ops pcf857x_ops = {
	.start = pcf857x_start,
	.write = pcf857x_write,
	.read = pcf857x_read,
};

static void pcf857x_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	struct pcf857x *m = ctx;

	if (!m->writing)
		update_irq(m);
}

static int pcf857x_init(struct chip *c, char *err, size_t errlen)
{
	struct pcf857x *m = CHIP_MODEL(c, struct pcf857x);
	const struct pcf857x_desc *d = c->v->data;

	c->has_irq = d->has_int;
	m->nports = c->v->lines / 8;
	m->latch = 0xffff;
	chip_add_target(c, c->reg, &pcf857x_ops, m);
	apply(m);
	m->snapshot = levels(m);
	c->pins.notify = pcf857x_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family pcf857x_family = {
	.size = sizeof(struct pcf857x),
	.init = pcf857x_init,
};

static const struct pcf857x_desc d_int = { true };
static const struct pcf857x_desc d_reset = { false };	/* RESET, no INT */
static const struct pcf857x_desc d_pld = { false };	/* no INT */

#define V(compat, part, lines, desc) \
	{ compat, part, &pcf857x_family, lines, &desc }

const struct chip_variant pcf857x_variants[] = {
	V("nxp,pcf8574", "pcf8574", 8, d_int),
	V("nxp,pcf8574a", "pcf8574a", 8, d_int),
	V("nxp,pca8574", "pca8574", 8, d_int),
	V("nxp,pca9670", "pca9670", 8, d_reset),
	V("nxp,pca9672", "pca9672", 8, d_int),
	V("nxp,pca9674", "pca9674", 8, d_int),
	V("nxp,pcf8575", "pcf8575", 16, d_int),
	V("nxp,pca8575", "pca8575", 16, d_int),
	V("nxp,pca9671", "pca9671", 16, d_reset),
	V("nxp,pca9673", "pca9673", 16, d_int),
	V("nxp,pca9675", "pca9675", 16, d_int),
	V("maxim,max7328", "max7328", 8, d_int),
	V("maxim,max7329", "max7329", 8, d_int),
	V("gateworks,pld-gpio", "gw-pld", 8, d_pld),
	{ NULL },
};
