// SPDX-License-Identifier: GPL-2.0
/*
 * ds4520.c - Maxim (Analog Devices) DS4520: nine open-drain I/Os with
 * selectable pull-ups and 64 bytes of user EEPROM, at 1010A2A1A0 (DS4520
 * datasheet, "Detailed Description", "Memory Map"):
 *   0x00-0x3f user memory (stored; EEPROM write times not modelled)
 *   0xf0/0xf1 pull-up enable 0/1: I/O_0..7, I/O_8 in bit 0
 *   0xf2/0xf3 I/O control 0/1: the pull-down transistor of each I/O
 *   0xf4      configuration: SEE (bit 0) stored; whether the registers
 *             above write their EEPROM or only the SRAM shadow is not
 *             modelled (both keep the value here)
 *   0xf8/0xf9 I/O status 0/1: the pin levels (read only)
 * The register pointer moves on by one after every data byte (the
 * datasheet's examples read both status registers, and write both I/O
 * control registers, in one transfer); addresses outside the map read 0
 * and ignore writes once reached that way, and as a command byte they
 * are NACKed.
 *
 * Not checked against the datasheet, which this model could not be
 * compared with in full: the polarity of the I/O control bits (here 0 =
 * pull-down on, the pin low; 1 = off, released: the usual sense of an
 * open-drain output register, "to pull the output low or place the
 * pulldown transistor into a high-impedance state"), and the power-on
 * state (here the factory EEPROM as all released, pull-ups off, so
 * undriven pins float). No INT pin.
 */
#include <stdio.h>
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

#define R_MEM_END	0x3f
#define R_PULLUP	0xf0
#define R_IOCTL		0xf2
#define R_CONFIG	0xf4
#define R_STATUS	0xf8
#define NLINES		9

struct ds4520 {
	struct chip c;
	uint8_t mem[R_MEM_END + 1];
	uint16_t pullup, ioctl;		/* 9 bits each */
	uint8_t config;
	struct regfile rf;
};

static bool in_map(void *model, uint8_t r)
{
	return r <= R_MEM_END || (r >= R_PULLUP && r <= R_CONFIG) ||
	       r == R_STATUS || r == R_STATUS + 1;
}

static void apply(struct ds4520 *m)
{
	unsigned int i;

	for (i = 0; i < NLINES; i++) {
		uint16_t b = 1u << i;

		pin_set_pull(&m->c.pins, i,
			     m->pullup & b ? DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, m->ioctl & b ? DRV_HIZ : DRV_LOW);
	}
}

/* Register pair r (low byte at r, bit 8 at r + 1) as one 9-bit word. */
static uint8_t word_byte(uint16_t w, uint8_t r, uint8_t base)
{
	return r == base ? w & 0xff : (w >> 8) & 1;
}

static void word_set(uint16_t *w, uint8_t r, uint8_t base, uint8_t v)
{
	if (r == base)
		*w = (*w & 0x100) | v;
	else
		*w = (*w & 0xff) | (v & 1) << 8;
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct ds4520 *m = model;

	if (r <= R_MEM_END)
		return m->mem[r];
	if (r == R_PULLUP || r == R_PULLUP + 1)
		return word_byte(m->pullup, r, R_PULLUP);
	if (r == R_IOCTL || r == R_IOCTL + 1)
		return word_byte(m->ioctl, r, R_IOCTL);
	if (r == R_CONFIG)
		return m->config;
	if (r == R_STATUS || r == R_STATUS + 1)
		return word_byte(pin_read_bits(&m->c.pins, 0, NLINES), r,
				 R_STATUS);
	return 0;
}

static void reg_write(void *model, uint8_t r, uint8_t v)
{
	struct ds4520 *m = model;

	if (r <= R_MEM_END) {
		m->mem[r] = v;
	} else if (r == R_PULLUP || r == R_PULLUP + 1) {
		word_set(&m->pullup, r, R_PULLUP, v);
		apply(m);
	} else if (r == R_IOCTL || r == R_IOCTL + 1) {
		word_set(&m->ioctl, r, R_IOCTL, v);
		apply(m);
	} else if (r == R_CONFIG) {
		m->config = v & 1;
	}
}

static const struct regfile_rules ds_rules = {
	.size = 256, .step = REGFILE_WRAP, .valid = in_map,
	.read = reg_read, .write = reg_write,
};

static int ds_init(struct chip *c, char *err, size_t errlen)
{
	struct ds4520 *m = CHIP_MODEL(c, struct ds4520);

	if ((c->reg & 0x78) != 0x50) {
		snprintf(err, errlen, "reg 0x%02x is not 1010xxx", c->reg);
		return -1;
	}
	m->ioctl = 0x1ff;
	regfile_add(&m->rf, c, c->reg, &ds_rules, m);
	apply(m);
	return 0;
}

static const struct chip_family ds4520_family = {
	.size = sizeof(struct ds4520),
	.init = ds_init,
};

const struct chip_variant ds4520_variants[] = {
	{ "adi,ds4520-gpio", "ds4520", &ds4520_family, NLINES, NULL },
	{ NULL },
};
