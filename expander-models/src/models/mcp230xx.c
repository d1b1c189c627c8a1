// SPDX-License-Identifier: GPL-2.0
/*
 * mcp230xx.c - Microchip MCP23008 (8 lines) and MCP23017 (16 lines, ports
 * A and B) on I2C, as pinctrl-mcp23s08 drives them (Microchip MCP23008
 * and MCP23017 datasheets, "Register" and "Sequential operation").
 *
 * Per port: IODIR (1 = input, reset 0xff), IPOL (inverts GPIO reads),
 * GPINTEN, DEFVAL, INTCON, IOCON (one register shared by both ports),
 * GPPU (100k pull-ups), INTF and INTCAP (read only), GPIO (read = pins
 * after IPOL, write = OLAT), OLAT (output latch). The MCP23008 has them at
 * 0x00..0x0a; the MCP23017 interleaves A and B (IODIRA 0x00, IODIRB 0x01,
 * ..., OLATB 0x15) while IOCON.BANK = 0 (reset) and puts A at 0x00..0x0a
 * and B at 0x10..0x1a with BANK = 1.
 *
 * The first written byte is the register address. With IOCON.SEQOP = 0
 * (reset) the pointer moves to the next address after every data byte
 * and rolls over from the last register to 0x00; with SEQOP = 1 it stays,
 * except that an MCP23017 with BANK = 0 toggles between the A and B
 * registers of a pair (this is how the driver's 16-bit regmap reaches
 * both ports in one transaction either way). Addresses past the map
 * are NACKed.
 *
 * Interrupts: an enabled input that changes (INTCON = 0) or differs from
 * DEFVAL (INTCON = 1) sets its INTF bit and captures the port into INTCAP;
 * reading GPIO or INTCAP of that port clears INTF. INT (per port, or
 * ORed with MIRROR; polarity and open drain from INTPOL/ODR are not
 * modelled) is chip->irq: any INTF bit set.
 */

#include "chip.h"

enum { IODIR, IPOL, GPINTEN, DEFVAL, INTCON, IOCON, GPPU, INTF, INTCAP,
       GPIO, OLAT, NREG };

#define IOCON_BANK	0x80
#define IOCON_SEQOP	0x20
#define IOCON_008	0x3e	/* MCP23008: bits 7, 6, 0 unimplemented */
#define IOCON_017	0xfe	/* MCP23017: bit 0 unimplemented */

struct mcp230xx {
	struct chip c;
	unsigned int nport;
	uint8_t r[2][NREG];	/* IOCON lives in r[0][IOCON] only */
	uint8_t ptr;
	bool cmd_next;
};

/* Address -> (port, register); -1 past the map. */
static int decode(const struct mcp230xx *m, uint8_t a, unsigned int *port)
{
	*port = 0;
	if (m->nport == 1)
		return a < NREG ? a : -1;
	if (!(m->r[0][IOCON] & IOCON_BANK)) {
		*port = a & 1;
		return a < 2 * NREG ? a >> 1 : -1;
	}
	*port = a >> 4;
	return (a & 0x0f) < NREG && a < 0x20 ? (a & 0x0f) : -1;
}

static uint8_t last_addr(const struct mcp230xx *m)
{
	if (m->nport == 1)
		return NREG - 1;
	return m->r[0][IOCON] & IOCON_BANK ? 0x10 + NREG - 1 : 2 * NREG - 1;
}

static uint8_t pins_of(const struct mcp230xx *m, unsigned int p)
{
	return pin_read_bits(&m->c.pins, 8 * p, 8);
}

static void update_irq(struct mcp230xx *m)
{
	unsigned int p;
	bool on = false;

	for (p = 0; p < m->nport; p++)
		on |= m->r[p][INTF] != 0;
	chip_set_irq(&m->c, on);
}

/* Interrupt-on-change: compare with the previous level or DEFVAL. */
static void check_irq(struct mcp230xx *m, unsigned int p, uint8_t before)
{
	uint8_t now = pins_of(m, p), *r = m->r[p];
	uint8_t hit = ((~r[INTCON] & (now ^ before)) |
		       (r[INTCON] & (now ^ r[DEFVAL]))) & r[GPINTEN] & r[IODIR];

	if (hit && !r[INTF]) {
		r[INTF] = hit;
		r[INTCAP] = now;
	}
	update_irq(m);
}

static void apply(struct mcp230xx *m)
{
	unsigned int i;

	for (i = 0; i < 8 * m->nport; i++) {
		uint8_t *r = m->r[i / 8], b = 1u << (i % 8);

		pin_set_pull(&m->c.pins, i,
			     r[GPPU] & b ? DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, r[IODIR] & b ? DRV_HIZ :
			      r[OLAT] & b ? DRV_HIGH : DRV_LOW);
	}
}

static uint8_t reg_read(struct mcp230xx *m, unsigned int p, int k)
{
	uint8_t *r = m->r[p], v;

	switch (k) {
	case IOCON:
		return m->r[0][IOCON];
	case GPIO:
		v = pins_of(m, p) ^ (r[IPOL] & r[IODIR]);
		r[INTF] = 0;
		update_irq(m);
		return v;
	case INTCAP:
		r[INTF] = 0;
		update_irq(m);
		return r[INTCAP];
	default:
		return r[k];
	}
}

static void reg_write(struct mcp230xx *m, unsigned int p, int k, uint8_t v)
{
	uint8_t before[2] = { pins_of(m, 0), m->nport > 1 ? pins_of(m, 1) : 0 };

	switch (k) {
	case INTF:
	case INTCAP:
		return;		/* read only */
	case IOCON:
		m->r[0][IOCON] = v & (m->nport == 1 ? IOCON_008 : IOCON_017);
		return;
	case GPIO:
		k = OLAT;
		break;
	default:
		break;
	}
	m->r[p][k] = v;
	apply(m);
	for (p = 0; p < m->nport; p++)
		check_irq(m, p, before[p]);
}

static void next_ptr(struct mcp230xx *m)
{
	uint8_t bank = m->r[0][IOCON] & IOCON_BANK;

	if (m->r[0][IOCON] & IOCON_SEQOP) {
		if (m->nport == 2 && !bank)
			m->ptr ^= 1;
		return;
	}
	if (m->ptr == last_addr(m))
		m->ptr = 0;
	else if (m->nport == 2 && bank && m->ptr == NREG - 1)
		m->ptr = 0x10;
	else
		m->ptr++;
}

static int mcp_start(struct i2c_target *t, bool read)
{
	struct mcp230xx *m = t->priv;

	if (!read)
		m->cmd_next = true;
	return 0;
}

static int mcp_write(struct i2c_target *t, uint8_t byte)
{
	struct mcp230xx *m = t->priv;
	unsigned int p;
	int k;

	if (m->cmd_next) {
		if (decode(m, byte, &p) < 0)
			return -1;
		m->ptr = byte;
		m->cmd_next = false;
		return 0;
	}
	k = decode(m, m->ptr, &p);
	next_ptr(m);	/* before a BANK change moves the map */
	reg_write(m, p, k, byte);
	return 0;
}

static uint8_t mcp_read(struct i2c_target *t)
{
	struct mcp230xx *m = t->priv;
	unsigned int p;
	int k = decode(m, m->ptr, &p);

	next_ptr(m);
	return reg_read(m, p, k);
}

static const struct i2c_target_ops mcp_ops = {
	.start = mcp_start,
	.write = mcp_write,
	.read = mcp_read,
};

static void mcp_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			    enum pin_level now)
{
	struct mcp230xx *m = ctx;
	unsigned int p = pin / 8;
	uint8_t b = 1u << (pin % 8), before = pins_of(m, p);

	/* the bit before this change, as pin_read_bit() maps levels */
	if ((old == PIN_0 || old == PIN_X) != (now == PIN_0 || now == PIN_X))
		before ^= b;
	check_irq(m, p, before);
}

static int mcp_init(struct chip *c, char *err, size_t errlen)
{
	struct mcp230xx *m = CHIP_MODEL(c, struct mcp230xx);
	unsigned int p;

	if ((c->reg & 0x78) != 0x20) {
		snprintf(err, errlen, "reg 0x%02x is not 0100xxx", c->reg);
		return -1;
	}
	m->nport = c->v->lines / 8;
	c->has_irq = true;
	for (p = 0; p < m->nport; p++)
		m->r[p][IODIR] = 0xff;
	m->cmd_next = true;
	chip_add_target(c, c->reg, &mcp_ops, m);
	apply(m);
	c->pins.notify = mcp_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family mcp230xx_family = {
	.size = sizeof(struct mcp230xx),
	.init = mcp_init,
};

const struct chip_variant mcp230xx_variants[] = {
	{ "microchip,mcp23008", "mcp23008", &mcp230xx_family, 8, NULL },
	{ "microchip,mcp23017", "mcp23017", &mcp230xx_family, 16, NULL },
	{ NULL },
};
