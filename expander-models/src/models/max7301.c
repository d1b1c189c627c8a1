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
 * Registers, ports and transition detection: the register file in
 * max730x.c (max730x.h), shared with the I2C MAX7300. Not modelled: the
 * 36-pin variant's other ports.
 */
#include <stddef.h>

#include "buses/spi_target.h"
#include "models/chip.h"
#include "models/max730x.h"

struct max7301 {
	struct chip c;
	struct spi_shift s;	/* 16 bits: DOUT = D15 */
	struct max730x regs;
};

static void max7301_deselect(struct spi_target *t, unsigned int nbits)
{
	struct max7301 *m = (struct max7301 *)((char *)t -
					       offsetof(struct max7301, s.t));
	unsigned int reg = (m->s.sr >> 8) & 0x7f;

	if (nbits < 16)
		return;
	if (m->s.sr & 0x8000)
		m->s.sr = (m->s.sr & 0xff00) | max730x_read(&m->regs, reg);
	else
		max730x_write(&m->regs, reg, m->s.sr & 0xff);
}

static void max7301_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	max730x_check(ctx);
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

	max730x_init(&m->regs, c);
	spi_shift_init(&m->s, &max7301_ops, 16);
	m->c.spi_targets[0] = &m->s.t;
	m->c.nspi = 1;
	c->pins.notify = max7301_pin_changed;
	c->pins.ctx = &m->regs;
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
