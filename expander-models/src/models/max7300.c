// SPDX-License-Identifier: GPL-2.0
/*
 * max7300.c - Maxim MAX7300: 28 I/O ports P4..P31 behind a command
 * (register address) byte, the I2C twin of the SPI MAX7301 (gpio-max7300
 * and gpio-max730x.c). Line N of the gpiochip is port P(N + 4).
 *
 *   0x04        configuration: bit 0 S (0 = shutdown, reset), bit 7 M
 *               (transition detection; stored, not modelled)
 *   0x06        transition detection mask (stored)
 *   0x09..0x0f  port configuration, 2 bits per port, P4..P7 in 0x09:
 *               01 output, 10 input, 11 input with pull-up; reset 0xaa
 *               (00 is reserved: the port keeps its previous mode)
 *   0x20..0x3f  one port in bit 0 (0x24 = P4); write sets the output
 *               latch, read returns the pin level
 *   0x40..0x5f  eight ports P(n)..P(n+7) at 0x40 + n: write sets those
 *               latches, read returns the pins; ports past P31 read 0
 * Addresses 0x00..0x03 and P0..P3 read 0; other addresses ignore
 * writes and read 0 (0x00 is the no-op register). In shutdown every
 * port is released (input, no pull-up) while the registers keep their
 * values. The pointer moves on by one after each data byte. The
 * transition detection and INT on P31 are not modelled.
 */

#include "models/chip.h"
#include "models/regfile.h"

#define R_CONFIG	0x04
#define R_MASK		0x06
#define R_PORTCFG	0x08	/* + port / 4 */
#define R_PORT1		0x20
#define R_PORT8		0x40
#define R_LAST		0x5f
#define FIRST_PORT	4
#define NPORT		32

enum { CFG_RES, CFG_OUT, CFG_IN, CFG_IN_PU };

struct max7300 {
	struct chip c;
	uint8_t config, mask, portcfg[8];
	uint32_t latch;		/* output latches, bit = port */
	struct regfile rf;
};

static unsigned int mode(const struct max7300 *m, unsigned int port)
{
	return (m->portcfg[port / 4] >> (2 * (port % 4))) & 3;
}

static void apply(struct max7300 *m)
{
	unsigned int port;

	for (port = FIRST_PORT; port < NPORT; port++) {
		unsigned int i = port - FIRST_PORT, k = mode(m, port);
		bool on = m->config & 1;

		pin_set_pull(&m->c.pins, i, on && k == CFG_IN_PU ?
			     DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, !on || k != CFG_OUT ? DRV_HIZ :
			      m->latch & (1u << port) ? DRV_HIGH : DRV_LOW);
	}
}

static int level(const struct max7300 *m, unsigned int port)
{
	if (port < FIRST_PORT || port >= NPORT)
		return 0;
	return pin_read_bit(&m->c.pins, port - FIRST_PORT);
}

static void set_latch(struct max7300 *m, unsigned int port, int v)
{
	if (port < FIRST_PORT || port >= NPORT)
		return;
	if (v)
		m->latch |= 1u << port;
	else
		m->latch &= ~(1u << port);
}

static void reg_write(void *model, uint8_t r, uint8_t v)
{
	struct max7300 *m = model;
	unsigned int i;

	if (r == R_CONFIG) {
		m->config = v & 0x81;
	} else if (r == R_MASK) {
		m->mask = v;
	} else if (r > R_PORTCFG && r < R_PORTCFG + 8) {
		uint8_t old = m->portcfg[r - R_PORTCFG];

		/* a reserved 00 pair keeps the port's previous mode */
		for (i = 0; i < 4; i++)
			if (!((v >> (2 * i)) & 3))
				v |= old & (3u << (2 * i));
		m->portcfg[r - R_PORTCFG] = v;
	} else if (r >= R_PORT1 && r < R_PORT8) {
		set_latch(m, r - R_PORT1, v & 1);
	} else if (r >= R_PORT8 && r <= R_LAST) {
		for (i = 0; i < 8; i++)
			set_latch(m, r - R_PORT8 + i, (v >> i) & 1);
	} else {
		return;
	}
	apply(m);
}

static uint8_t reg_read(void *model, uint8_t r)
{
	const struct max7300 *m = model;
	uint8_t v = 0;
	unsigned int i;

	if (r == R_CONFIG)
		return m->config;
	if (r == R_MASK)
		return m->mask;
	if (r > R_PORTCFG && r < R_PORTCFG + 8)
		return m->portcfg[r - R_PORTCFG];
	if (r >= R_PORT1 && r < R_PORT8)
		return level(m, r - R_PORT1);
	if (r >= R_PORT8 && r <= R_LAST)
		for (i = 0; i < 8; i++)
			v |= level(m, r - R_PORT8 + i) << i;
	return v;
}

/* Command bit 7 is not an address bit; the pointer wraps at 0x7f. */
static const struct regfile_rules max7300_rules = {
	.size = 0x80, .step = REGFILE_WRAP, .ignored = 0x80,
	.read = reg_read, .write = reg_write,
};

static int max7300_init(struct chip *c, char *err, size_t errlen)
{
	struct max7300 *m = CHIP_MODEL(c, struct max7300);
	unsigned int i;

	if ((c->reg & 0x70) != 0x40) {
		snprintf(err, errlen, "reg 0x%02x is not 100xxxx", c->reg);
		return -1;
	}
	for (i = 1; i < 8; i++)
		m->portcfg[i] = 0xaa;
	regfile_add(&m->rf, c, c->reg, &max7300_rules, m);
	apply(m);
	return 0;
}

static const struct chip_family max7300_family = {
	.size = sizeof(struct max7300),
	.init = max7300_init,
};

/* gpio-max7300 has no of_match table: binds through its i2c id table. */
const struct chip_variant max7300_variants[] = {
	{ "maxim,max7300", "max7300", &max7300_family, 28, NULL },
	{ NULL },
};
