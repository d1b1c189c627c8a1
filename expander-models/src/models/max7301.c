// SPDX-License-Identifier: GPL-2.0
/*
 * max7301.c - MAX7301, 28-port GPIO expander on a 4-wire serial
 * interface, as gpio-max7301 / gpio-max730x drive it.
 *
 * Interface: a 16-bit shift register clocked on SCLK rising edges while
 * CS is low; DOUT is its MSB (the bit that went in 16 clocks earlier;
 * never high impedance). On the rising edge of CS the last 16 bits are
 * the command: D15 = 1 read, D14-D8 register, D7-D0 data. A write
 * executes; a read loads the register into D7-D0 of the shift register,
 * to be clocked out by the next frame (a No-Op, command 0x00, or any
 * other command). A frame of fewer than 16 clocks does nothing.
 *
 * Registers (ports P4-P31; the driver's line n is port n + 4):
 *   0x04 configuration: bit 0 = 1 normal operation, 0 shutdown (all
 *        ports high impedance); bit 7 transition detection (stored).
 *        Power-on 0x00: shutdown.
 *   0x06 transition detection mask (stored)
 *   0x09-0x0F port configuration, 2 bits per port, P4-P7 in 0x09:
 *        01 output, 10 input, 11 input with pull-up, 00 reserved
 *        (kept as it was). Power-on 0xAA: inputs without pull-up.
 *   0x20-0x3F one port each in bit 0 (0x24 = P4): write sets the output
 *        latch, read returns the pin level
 *   0x40-0x5F eight ports, starting at port reg - 0x40, in D0-D7
 * Not modelled: transition detection and its interrupt (the driver
 * disables it at probe), ports P0-P3 (do not exist on the 28-pin part:
 * they read 0), the MAX7301's 36-pin variant's ports.
 */
#include <stddef.h>

#include "buses/spi_target.h"
#include "models/chip.h"

#define PORTS 32
#define FIRST 4

struct max7301 {
	struct chip c;
	struct spi_shift s;	/* 16 bits: DOUT = D15 */
	uint8_t config;
	uint8_t mask;
	uint8_t portcfg[8];	/* index reg - 0x08; [0] unused */
	uint32_t latch;		/* output latches, bit = port */
};

static unsigned int port_mode(const struct max7301 *m, unsigned int p)
{
	return (m->portcfg[p / 4] >> (2 * (p % 4))) & 3;
}

static void apply(struct max7301 *m)
{
	unsigned int p;

	for (p = FIRST; p < PORTS; p++) {
		unsigned int mode = port_mode(m, p), i = p - FIRST;
		bool on = m->config & 1;

		pin_set_pull(&m->c.pins, i, on && mode == 3 ?
			     DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, !on || mode != 1 ? DRV_HIZ :
			      m->latch & (1u << p) ? DRV_HIGH : DRV_LOW);
	}
}

static int port_level(const struct max7301 *m, unsigned int p)
{
	return p >= FIRST && p < PORTS ? pin_read_bit(&m->c.pins, p - FIRST)
				       : 0;
}

static uint8_t reg_read(const struct max7301 *m, unsigned int reg)
{
	unsigned int i;
	uint8_t v = 0;

	if (reg == 0x04)
		return m->config;
	if (reg == 0x06)
		return m->mask;
	if (reg >= 0x09 && reg <= 0x0f)
		return m->portcfg[reg - 0x08];
	if (reg >= 0x20 && reg <= 0x3f)
		return port_level(m, reg - 0x20);
	if (reg >= 0x40 && reg <= 0x5f) {
		for (i = 0; i < 8; i++)
			v |= port_level(m, reg - 0x40 + i) << i;
		return v;
	}
	return 0;
}

static void set_latch(struct max7301 *m, unsigned int p, int v)
{
	if (p < PORTS)
		m->latch = (m->latch & ~(1u << p)) | (uint32_t)!!v << p;
}

static void reg_write(struct max7301 *m, unsigned int reg, uint8_t v)
{
	unsigned int i;

	if (reg == 0x04) {
		m->config = v;
	} else if (reg == 0x06) {
		m->mask = v;
	} else if (reg >= 0x09 && reg <= 0x0f) {
		uint8_t old = m->portcfg[reg - 0x08], nv = 0;

		for (i = 0; i < 4; i++) {	/* 00 is reserved: keep */
			uint8_t f = (v >> (2 * i)) & 3;

			nv |= (f ? f : (old >> (2 * i)) & 3) << (2 * i);
		}
		m->portcfg[reg - 0x08] = nv;
	} else if (reg >= 0x20 && reg <= 0x3f) {
		set_latch(m, reg - 0x20, v & 1);
	} else if (reg >= 0x40 && reg <= 0x5f) {
		for (i = 0; i < 8; i++)
			set_latch(m, reg - 0x40 + i, (v >> i) & 1);
	} else {
		return;
	}
	apply(m);
}

static void max7301_deselect(struct spi_target *t, unsigned int nbits)
{
	struct max7301 *m = (struct max7301 *)((char *)t -
					       offsetof(struct max7301, s.t));
	unsigned int reg = (m->s.sr >> 8) & 0x7f;

	if (nbits < 16)
		return;
	if (m->s.sr & 0x8000)
		m->s.sr = (m->s.sr & 0xff00) | reg_read(m, reg);
	else
		reg_write(m, reg, m->s.sr & 0xff);
}

static const struct spi_target_ops max7301_ops = {
	.dout = spi_shift_dout,
	.clock = spi_shift_clock,
	.deselect = max7301_deselect,
};

static int max7301_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			    char *err, size_t errlen)
{
	struct max7301 *m = CHIP_MODEL(c, struct max7301);
	unsigned int i;

	for (i = 1; i < 8; i++)
		m->portcfg[i] = 0xaa;
	spi_shift_init(&m->s, &max7301_ops, 16);
	m->c.spi_targets[0] = &m->s.t;
	m->c.nspi = 1;
	apply(m);
	return 0;
}

static const struct chip_family max7301_family = {
	.size = sizeof(struct max7301),
	.spi_init = max7301_spi_init,
};

const struct chip_variant max7301_variants[] = {
	{ "maxim,max7301", "max7301", &max7301_family, 28, NULL },
	{ NULL },
};
