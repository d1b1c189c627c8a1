// SPDX-License-Identifier: GPL-2.0
/*
 * cy8c95x0.c - Cypress (Infineon) CY8C9520A/40A/60A: 20, 40 or 60 I/Os in
 * ports GPort0..7 of 8 bits, GPort2 of 4 (and GPort5 of the CY8C9540A of
 * 4): line n of pinctrl-cy8c95x0 is port bit n below 20, bit n + 4 above
 * (CY8C95x0A datasheet, "Register Map"; the driver's
 * CY8C95X0_PIN_TO_OFFSET). Registers:
 *   0x00-0x07 input port 0-7: pins, XOR the port's inversion (read only)
 *   0x08-0x0f output port 0-7 (reset 0xff)
 *   0x10-0x17 interrupt status port 0-7: an unmasked input that changed;
 *             cleared by reading it
 *   0x18      port select (bits 2:0): which port 0x19-0x23 show
 *   0x19-0x23 per port: interrupt mask (reset 0xff), PWM select,
 *             inversion, pin direction (1 = input, reset 0x00), and the
 *             drive modes resistive pull-up (reset 0xff), resistive
 *             pull-down, open drain high, open drain low, strong, slow
 *             strong, high impedance. A pin has exactly one drive mode:
 *             writing 1 to a bit of a drive mode register clears it in
 *             the other six, writing 0 changes nothing.
 *   0x28-0x2d PWM select, config, period, pulse width, divider, enable:
 *             stored, without effect (no PWM, no EEPROM)
 *   0x2e      device ID/status: family in bits 7:4 (2, 4, 6), read only
 *   0x2f      watchdog, 0x30 command: stored, without effect
 * The register pointer moves on by one after every data byte (up to
 * 0x3f); 0x24-0x27 and 0x31-0x3f read 0 and ignore writes (the driver's
 * regcache fill reads them); a command byte from 0x40 up is NACKed (the
 * datasheet gives bytes from 0x80 to the EEPROM when all of A1-A6 are
 * used for soft addressing: not modelled).
 *
 * Drive modes (per pin, output latch 1 / 0): pull-up: weak high / strong
 * low (the power-on "quasi-bidirectional" state); pull-down: strong high
 * / weak low; open drain high: strong high / released; open drain low:
 * released / strong low; strong and slow strong: strong both; high
 * impedance: released. A pin whose direction bit says input has its
 * output stage off; the pull resistor of the two resistive modes stays.
 * Not checked against the datasheet: that a direction bit alone releases
 * a strong output (pinctrl-cy8c95x0 also writes the high impedance mode
 * for inputs that were push-pull, "only setting the direction register
 * isn't sufficient"), that reads move the pointer on too (the datasheet
 * says so of a burst write crossing the Enable register 0x2d) and that
 * it stops at 0x3f, the reserved registers' contents, and bits 3:0 of
 * the ID (0 here). INT: any interrupt status bit.
 */
#include <stdio.h>
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

#define R_INPUT		0x00
#define R_OUTPUT	0x08
#define R_INTSTAT	0x10
#define R_PORTSEL	0x18
#define R_INTMASK	0x19
#define R_SELPWM	0x1a
#define R_INVERT	0x1b
#define R_DIR		0x1c
#define R_DRV_PU	0x1d
#define R_DRV_PD	0x1e
#define R_DRV_ODH	0x1f
#define R_DRV_ODL	0x20
#define R_DRV_STRONG	0x21
#define R_DRV_SLOW	0x22
#define R_DRV_HIZ	0x23
#define R_PWMSEL	0x28
#define R_DEVID		0x2e
#define R_COMMAND	0x30
#define R_LAST		0x3f

#define NPAGED		(R_DRV_HIZ - R_INTMASK + 1)
#define PAGED(r)	((r) - R_INTMASK)
#define MAXPORT		8

struct cy8c95x0 {
	struct chip c;
	unsigned int nport;
	uint8_t out[MAXPORT];
	uint8_t stat[MAXPORT];
	uint8_t paged[MAXPORT][NPAGED];
	uint8_t misc[R_LAST + 1];	/* 0x28-0x30, stored only */
	uint8_t portsel;
	uint8_t last_in[MAXPORT];	/* pins at the last look: changes */
	struct regfile rf;
};

/* The port bits that have a pin: GPort2 (and GPort5 of 40 lines) 4 wide. */
static uint8_t port_bits(const struct cy8c95x0 *m, unsigned int p)
{
	if (p >= m->nport)
		return 0;
	if (p == 2 || (p == 5 && m->c.v->lines == 40))
		return 0x0f;
	return 0xff;
}

/* Port p bit b -> pin (line) number, as the driver counts lines. */
static unsigned int pin_of(unsigned int p, unsigned int b)
{
	unsigned int off = 8 * p + b;

	return off >= 24 ? off - 4 : off;
}

static uint8_t pins_of(const struct cy8c95x0 *m, unsigned int p)
{
	uint8_t v = 0, bits = port_bits(m, p);
	unsigned int b;

	for (b = 0; b < 8; b++)
		if (bits & (1u << b) && pin_read_bit(&m->c.pins, pin_of(p, b)))
			v |= 1u << b;
	return v;
}

static void update_irq(struct cy8c95x0 *m)
{
	unsigned int p;
	bool on = false;

	for (p = 0; p < m->nport; p++) {
		uint8_t now = pins_of(m, p), *r = m->paged[p];

		m->stat[p] |= (now ^ m->last_in[p]) & r[PAGED(R_DIR)] &
			      ~r[PAGED(R_INTMASK)];
		m->last_in[p] = now;
		on |= m->stat[p] != 0;
	}
	chip_set_irq(&m->c, on);
}

/* What the drive mode makes of latch bit hi (1) or lo (0). */
static enum pin_drive drive_of(const uint8_t *r, uint8_t b, bool hi,
			       enum pin_drive *pull)
{
	*pull = DRV_HIZ;
	if (r[PAGED(R_DRV_PU)] & b) {
		*pull = DRV_WEAK_HIGH;
		return hi ? DRV_WEAK_HIGH : DRV_LOW;
	}
	if (r[PAGED(R_DRV_PD)] & b) {
		*pull = DRV_WEAK_LOW;
		return hi ? DRV_HIGH : DRV_WEAK_LOW;
	}
	if (r[PAGED(R_DRV_ODH)] & b)
		return hi ? DRV_HIGH : DRV_HIZ;
	if (r[PAGED(R_DRV_ODL)] & b)
		return hi ? DRV_HIZ : DRV_LOW;
	if (r[PAGED(R_DRV_STRONG)] & b || r[PAGED(R_DRV_SLOW)] & b)
		return hi ? DRV_HIGH : DRV_LOW;
	return DRV_HIZ;
}

static void apply(struct cy8c95x0 *m)
{
	unsigned int p, b;

	for (p = 0; p < m->nport; p++) {
		const uint8_t *r = m->paged[p];

		for (b = 0; b < 8; b++) {
			uint8_t bit = 1u << b;
			enum pin_drive d, pull;
			unsigned int pin = pin_of(p, b);

			if (!(port_bits(m, p) & bit))
				continue;
			d = drive_of(r, bit, m->out[p] & bit, &pull);
			if (r[PAGED(R_DIR)] & bit)
				d = pull;	/* input: only the resistor */
			pin_set_drive(&m->c.pins, pin, d);
		}
	}
	update_irq(m);
}

static void reset_regs(struct cy8c95x0 *m)
{
	unsigned int p;

	memset(m->out, 0xff, sizeof(m->out));
	memset(m->stat, 0, sizeof(m->stat));
	memset(m->paged, 0, sizeof(m->paged));
	memset(m->misc, 0, sizeof(m->misc));
	for (p = 0; p < MAXPORT; p++) {
		m->paged[p][PAGED(R_INTMASK)] = 0xff;
		m->paged[p][PAGED(R_DRV_PU)] = 0xff;
	}
	m->portsel = 0;
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct cy8c95x0 *m = model;
	unsigned int p = r & 7;
	uint8_t v;

	if (r < R_OUTPUT)
		return pins_of(m, p) ^ (m->paged[p][PAGED(R_INVERT)] &
					port_bits(m, p));
	if (r < R_INTSTAT)
		return m->out[p];
	if (r < R_PORTSEL) {
		update_irq(m);
		v = m->stat[p];
		m->stat[p] = 0;
		update_irq(m);
		return v;
	}
	if (r == R_PORTSEL)
		return m->portsel;
	if (r <= R_DRV_HIZ)
		return m->portsel < m->nport ?
		       m->paged[m->portsel][PAGED(r)] : 0;
	if (r == R_DEVID)
		return (m->c.v->lines / 10) << 4;
	if (r >= R_PWMSEL && r <= R_COMMAND)
		return m->misc[r];
	return 0;	/* reserved */
}

static void reg_write(void *model, uint8_t r, uint8_t v)
{
	struct cy8c95x0 *m = model;
	unsigned int p = m->portsel, k;
	uint8_t *pg;

	if (r >= R_OUTPUT && r < R_INTSTAT) {
		m->out[r & 7] = v;
	} else if (r == R_PORTSEL) {
		m->portsel = v & 7;
		return;
	} else if (r >= R_INTMASK && r <= R_DRV_HIZ) {
		if (p >= m->nport)
			return;
		pg = m->paged[p];
		if (r < R_DRV_PU) {
			pg[PAGED(r)] = v;
		} else {
			/* one drive mode per pin: a 1 takes the pin over */
			for (k = R_DRV_PU; k <= R_DRV_HIZ; k++)
				pg[PAGED(k)] &= ~v;
			pg[PAGED(r)] |= v;
		}
	} else if (r >= R_PWMSEL && r <= R_COMMAND && r != R_DEVID) {
		m->misc[r] = v;
		return;
	} else {
		return;	/* input, status, ID, reserved: read only */
	}
	apply(m);
}

static void cy_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			   enum pin_level now)
{
	update_irq(ctx);
}

/* The pointer stops at 0x3f; command bytes from 0x40 up are NACKed. */
static const struct regfile_rules cy_rules = {
	.size = R_LAST + 1, .step = REGFILE_STOP,
	.read = reg_read, .write = reg_write,
};

static int cy_init(struct chip *c, char *err, size_t errlen)
{
	struct cy8c95x0 *m = CHIP_MODEL(c, struct cy8c95x0);
	unsigned int p;

	if ((c->reg & 0x7e) != 0x20) {
		snprintf(err, errlen, "reg 0x%02x is not 010000x", c->reg);
		return -1;
	}
	/* the driver's nport: DIV_ROUND_UP(PIN_TO_OFFSET(lines), 8) */
	m->nport = (c->v->lines + 4 + 7) / 8;
	c->has_irq = true;
	/* INT is active high: the binding's example, IRQ_TYPE_LEVEL_HIGH */
	chip_int_active_high(c);
	reset_regs(m);
	regfile_add(&m->rf, c, c->reg, &cy_rules, m);
	apply(m);
	for (p = 0; p < m->nport; p++)
		m->last_in[p] = pins_of(m, p);
	c->pins.notify = cy_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family cy8c95x0_family = {
	.size = sizeof(struct cy8c95x0),
	.init = cy_init,
};

const struct chip_variant cy8c95x0_variants[] = {
	{ "cypress,cy8c9520", "cy8c9520", &cy8c95x0_family, 20, NULL },
	{ "cypress,cy8c9540", "cy8c9540", &cy8c95x0_family, 40, NULL },
	{ "cypress,cy8c9560", "cy8c9560", &cy8c95x0_family, 60, NULL },
	{ NULL },
};
