// SPDX-License-Identifier: GPL-2.0
/*
 * max732x.c - MAX7319..MAX7327: registerless expanders with up to two
 * groups of eight ports. Group A answers at 110xxxx and holds inputs
 * (I), open-drain I/Os (P) and push-pull outputs (O); group B, where
 * present, answers at 101xxxx with eight O ports. The xxxx bits are
 * shared, which is how gpio-max732x finds the second address.
 *
 * Group A protocol (MAX7319/21/22/23 datasheets): every address ACK
 * samples the ports into a snapshot, saves then clears the transition
 * flags and deasserts INT. Reads alternate port levels and the flags
 * saved at the previous sample, resampling before every port byte.
 * Writes set the O/P latches (P: 1 = released); on merged-mask parts the
 * I bits of the same byte are the interrupt mask, on the MAX7323 the
 * second byte is. A flag is set when an I/P port differs from the
 * snapshot and stays set until the next access; INT follows the unmasked
 * flags but is held off from the address ACK to the STOP.
 *
 * Power-up (AD0/AD2 at V+, SDA or SCL): outputs high, pull-ups on the
 * I and P ports, all interrupts enabled, flags clear. The AD-dependent
 * alternatives are not modelled.
 */
#include <stdlib.h>

#include "models/chip.h"

#define PORT_NONE	0x0
#define PORT_OUTPUT	0x1
#define PORT_INPUT	0x2
#define PORT_OPENDRAIN	0x3

/* Two bits per port, port 0 lowest: the encoding of gpio-max732x.c. */
#define IO_4I4O		0x5AA5
#define IO_4P4O		0x5FF5
#define IO_8I		0xAAAA
#define IO_8P		0xFFFF
#define IO_8O		0x5555

enum int_kind { INT_NONE, INT_NO_MASK, INT_INDEP_MASK, INT_MERGED_MASK };

struct max732x_desc {
	uint16_t group_a, group_b;	/* 0: group absent */
	enum int_kind irq;
};

struct max732x {
	struct chip c;
	const struct max732x_desc *d;
	unsigned int base_a, base_b;	/* first line of each group */
	uint8_t out_a, out_b;		/* O/P latches */
	uint8_t in_bits, od_bits, out_bits;	/* group A port kinds */
	uint8_t mask;			/* 1: flag raises INT */
	uint8_t flags, saved_flags, snapshot;
	bool in_access;			/* address ACK .. STOP */
	unsigned int idx_a, idx_b;
};

static unsigned int port_kind(uint16_t code, unsigned int i)
{
	return (code >> (2 * i)) & 3;
}

static uint8_t levels_a(const struct max732x *m)
{
	return pin_read_bits(&m->c.pins, m->base_a, 8);
}

static void update_irq(struct max732x *m)
{
	if (m->d->irq != INT_NONE)
		chip_set_irq(&m->c, !m->in_access && (m->flags & m->mask));
}

static void apply(struct max732x *m)
{
	unsigned int i;

	for (i = 0; m->d->group_a && i < 8; i++) {
		unsigned int k = port_kind(m->d->group_a, i);
		bool one = m->out_a & (1u << i);
		enum pin_drive d = DRV_HIZ;

		if (k == PORT_OUTPUT)
			d = one ? DRV_HIGH : DRV_LOW;
		else if (k == PORT_OPENDRAIN)
			d = one ? DRV_HIZ : DRV_LOW;
		if (k == PORT_INPUT || k == PORT_OPENDRAIN)
			pin_set_pull(&m->c.pins, m->base_a + i, DRV_WEAK_HIGH);
		pin_set_drive(&m->c.pins, m->base_a + i, d);
	}
	for (i = 0; m->d->group_b && i < 8; i++)
		pin_set_drive(&m->c.pins, m->base_b + i,
			      m->out_b & (1u << i) ? DRV_HIGH : DRV_LOW);
}

/* The sample taken at an address ACK and before each port byte read. */
static void sample(struct max732x *m)
{
	m->saved_flags = m->flags;
	m->flags = 0;
	m->snapshot = levels_a(m);
}

static int group_a_start(struct i2c_target *t, bool read)
{
	struct max732x *m = t->priv;

	m->idx_a = 0;
	m->in_access = true;
	sample(m);
	update_irq(m);
	return 0;
}

static int group_a_write(struct i2c_target *t, uint8_t byte)
{
	struct max732x *m = t->priv;
	bool second = m->idx_a++ & 1;

	if (m->d->irq == INT_INDEP_MASK && second) {
		m->mask = byte & m->od_bits;
		return 0;
	}
	m->out_a = (m->out_a & m->in_bits) | (byte & ~m->in_bits);
	if (m->d->irq == INT_MERGED_MASK)
		m->mask = byte & m->in_bits;
	apply(m);
	return 0;
}

static uint8_t group_a_read(struct i2c_target *t)
{
	struct max732x *m = t->priv;

	if (m->idx_a++ & 1)
		return m->saved_flags;
	if (m->idx_a > 1)
		sample(m);	/* long reads: resample for every pair */
	return m->snapshot;
}

static void group_a_stop(struct i2c_target *t)
{
	struct max732x *m = t->priv;

	m->in_access = false;
	update_irq(m);	/* changes during the access assert INT now */
}

static int group_b_start(struct i2c_target *t, bool read)
{
	struct max732x *m = t->priv;

	m->idx_b = 0;
	return 0;
}

static int group_b_write(struct i2c_target *t, uint8_t byte)
{
	struct max732x *m = t->priv;

	m->out_b = byte;
	apply(m);
	return 0;
}

static uint8_t group_b_read(struct i2c_target *t)
{
	struct max732x *m = t->priv;

	return pin_read_bits(&m->c.pins, m->base_b, 8);
}

static const struct i2c_target_ops group_a_ops = {
	.start = group_a_start,
	.write = group_a_write,
	.read = group_a_read,
	.stop = group_a_stop,
};

static const struct i2c_target_ops group_b_ops = {
	.start = group_b_start,
	.write = group_b_write,
	.read = group_b_read,
};

static void max732x_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	struct max732x *m = ctx;
	unsigned int i;

	if (!m->d->group_a || pin < m->base_a || pin >= m->base_a + 8)
		return;
	i = pin - m->base_a;
	if (((m->in_bits | m->od_bits) & (1u << i)) &&
	    pin_read_bit(&m->c.pins, pin) != !!(m->snapshot & (1u << i)))
		m->flags |= 1u << i;
	update_irq(m);
}

static int max732x_init(struct chip *c, char *err, size_t errlen)
{
	struct max732x *m = CHIP_MODEL(c, struct max732x);
	const struct max732x_desc *d = c->v->data;
	uint16_t reg = c->reg;
	uint16_t addr_a = (reg & 0x0f) | 0x60, addr_b = (reg & 0x0f) | 0x50;
	unsigned int i;

	/* gpio-max732x takes the group from reg bits 6:4. */
	if ((reg & 0x70) != 0x60 && (reg & 0x70) != 0x50) {
		snprintf(err, errlen, "reg 0x%02x is neither 110xxxx nor "
			 "101xxxx", reg);
		return -1;
	}
	if (!d->group_a && (reg & 0x70) != 0x50) {
		snprintf(err, errlen, "reg 0x%02x: this part answers only at "
			 "101xxxx", reg);
		return -1;
	}
	if (!d->group_b && (reg & 0x70) != 0x60) {
		snprintf(err, errlen, "reg 0x%02x: this part answers only at "
			 "110xxxx", reg);
		return -1;
	}
	m->d = d;
	c->has_irq = d->irq != INT_NONE;
	m->base_a = 0;
	m->base_b = d->group_a ? 8 : 0;
	for (i = 0; d->group_a && i < 8; i++) {
		switch (port_kind(d->group_a, i)) {
		case PORT_INPUT:
			m->in_bits |= 1u << i;
			break;
		case PORT_OPENDRAIN:
			m->od_bits |= 1u << i;
			break;
		case PORT_OUTPUT:
			m->out_bits |= 1u << i;
			break;
		}
	}
	m->out_a = 0xff;
	m->out_b = 0xff;
	m->mask = m->in_bits | m->od_bits;
	/* The DT reg comes first: it is the address the driver probes. */
	if ((reg & 0x70) == 0x60) {
		chip_add_target(c, addr_a, &group_a_ops, m);
		if (d->group_b)
			chip_add_target(c, addr_b, &group_b_ops, m);
	} else {
		if (d->group_b)
			chip_add_target(c, addr_b, &group_b_ops, m);
		if (d->group_a)
			chip_add_target(c, addr_a, &group_a_ops, m);
	}
	apply(m);
	m->snapshot = levels_a(m);
	c->pins.notify = max732x_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family max732x_family = {
	.size = sizeof(struct max732x),
	.init = max732x_init,
};

static const struct max732x_desc d7319 = { IO_8I, 0, INT_MERGED_MASK };
static const struct max732x_desc d7320 = { 0, IO_8O, INT_NONE };
static const struct max732x_desc d7321 = { IO_8P, 0, INT_NO_MASK };
static const struct max732x_desc d7322 = { IO_4I4O, 0, INT_MERGED_MASK };
static const struct max732x_desc d7323 = { IO_4P4O, 0, INT_INDEP_MASK };
static const struct max732x_desc d7324 = { IO_8I, IO_8O, INT_MERGED_MASK };
static const struct max732x_desc d7325 = { IO_8P, IO_8O, INT_NO_MASK };
static const struct max732x_desc d7326 = { IO_4I4O, IO_8O, INT_MERGED_MASK };
static const struct max732x_desc d7327 = { IO_4P4O, IO_8O, INT_NO_MASK };

#define V(part, lines, desc) \
	{ "maxim," part, part, &max732x_family, lines, &desc }

const struct chip_variant max732x_variants[] = {
	V("max7319", 8, d7319),
	V("max7320", 8, d7320),
	V("max7321", 8, d7321),
	V("max7322", 8, d7322),
	V("max7323", 8, d7323),
	V("max7324", 16, d7324),
	V("max7325", 16, d7325),
	V("max7326", 16, d7326),
	V("max7327", 16, d7327),
	{ NULL },
};
