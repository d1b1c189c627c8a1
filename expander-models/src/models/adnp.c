// SPDX-License-Identifier: GPL-2.0
/*
 * adnp.c - the Avionic Design N-bit GPIO expander (compatible
 * "ad,gpio-adnp"), custom firmware without a datasheet: this model
 * follows what drivers/gpio/gpio-adnp.c of Linux 6.12 does with it, and
 * nothing else.
 *
 * The driver gives each kind of register 2^S bytes, S = log2 of the line
 * count rounded up to a power of two, minus 3 (its reg_shift; "a
 * controller [with] 48 pins [...] will need to accommodate" a layout for
 * 64, its Kconfig help says), kind k at k << S:
 *   0 DDR  direction, 1 = output
 *   1 PLR  write: output latch; read: pin levels
 *   2 IER  interrupt enable
 *   3 ISR  interrupt status
 *   4 PTR  never used by the driver: stored
 * Byte i of a kind holds lines 8i..8i+7 (gpio-adnp of 6.12 takes the
 * byte as offset >> S, right only when S = 3, 33 to 64 lines; patch
 * gpio-fixes/0009 makes it offset / 8). The line count is the firmware's:
 * the board's nr-gpios picks one of the variants below (8, 16, 32, 48;
 * 48 without it).
 * Every access is one SMBus byte: a register write is [reg, value], a
 * read [reg], repeated START, one byte.
 *
 * Chosen here, as the driver does not say: power-on all inputs, latches
 * 0, no pulls (undriven inputs float); ISR latches an input that changed
 * and is cleared by reading it; bytes of lines the part lacks read 0 and
 * ignore writes; command bytes past PTR are NACKed; the pointer stays on
 * its register (the driver never reads or writes two bytes in one
 * transfer).
 *
 * INT, assumed from what gpio-adnp asks of it (no datasheet): active
 * high, push-pull (the driver requests IRQF_TRIGGER_RISING and only
 * that), high while an ISR bit is set whose IER bit is set (the driver
 * masks pending with isr & ier and writes IER from its irq_mask and
 * irq_unmask), so reading ISR, which clears it, drops INT, and the next
 * change raises it again: a rising edge per interrupt.
 */
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

enum { DDR, PLR, IER, ISR, PTR, NKIND };

#define MAXBYTES	8

struct adnp {
	struct chip c;
	unsigned int shift;		/* the driver's reg_shift */
	unsigned int nbytes;		/* bytes with lines */
	uint8_t r[NKIND][MAXBYTES];	/* PLR holds the latch */
	uint8_t last_in[MAXBYTES];
	struct regfile rf;
};

static uint8_t pins_of(const struct adnp *m, unsigned int i)
{
	unsigned int n = m->c.pins.n - 8 * i;

	return pin_read_bits(&m->c.pins, 8 * i, n < 8 ? n : 8);
}

/* INT: an ISR bit whose IER bit is set. */
static void update_irq(struct adnp *m)
{
	unsigned int i;
	bool on = false;

	for (i = 0; i < m->nbytes; i++)
		on |= (m->r[ISR][i] & m->r[IER][i]) != 0;
	chip_set_irq(&m->c, on);
}

static void latch_changes(struct adnp *m)
{
	unsigned int i;

	for (i = 0; i < m->nbytes; i++) {
		uint8_t now = pins_of(m, i);

		m->r[ISR][i] |= (now ^ m->last_in[i]) & ~m->r[DDR][i];
		m->last_in[i] = now;
	}
	update_irq(m);
}

static void apply(struct adnp *m)
{
	unsigned int i;

	for (i = 0; i < m->c.pins.n; i++) {
		uint8_t b = 1u << (i % 8);
		const unsigned int k = i / 8;

		pin_set_drive(&m->c.pins, i, !(m->r[DDR][k] & b) ? DRV_HIZ :
			      m->r[PLR][k] & b ? DRV_HIGH : DRV_LOW);
	}
	latch_changes(m);
}

static bool cmd_valid(void *model, uint8_t r)
{
	const struct adnp *m = model;

	return r >> m->shift < NKIND;
}

static void reg_write(void *model, uint8_t r, uint8_t byte)
{
	struct adnp *m = model;
	unsigned int kind = r >> m->shift, i = r & ((1u << m->shift) - 1);

	if (i >= m->nbytes || kind == ISR)
		return;
	m->r[kind][i] = byte;
	if (kind == DDR || kind == PLR)
		apply(m);
	else if (kind == IER)
		update_irq(m);
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct adnp *m = model;
	unsigned int kind = r >> m->shift, i = r & ((1u << m->shift) - 1);
	uint8_t v;

	if (i >= m->nbytes)
		return 0;
	switch (kind) {
	case PLR:
		return pins_of(m, i);
	case ISR:
		latch_changes(m);
		v = m->r[ISR][i];
		m->r[ISR][i] = 0;
		update_irq(m);
		return v;
	default:
		return m->r[kind][i];
	}
}

static void adnp_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			     enum pin_level now)
{
	latch_changes(ctx);
}

static const struct regfile_rules adnp_rules = {
	.size = 256, .step = REGFILE_STAY, .valid = cmd_valid,
	.read = reg_read, .write = reg_write,
};

static int adnp_init(struct chip *c, char *err, size_t errlen)
{
	struct adnp *m = CHIP_MODEL(c, struct adnp);
	unsigned int i;

	/* get_count_order(lines) - 3, as gpio-adnp computes it */
	while ((8u << m->shift) < c->v->lines)
		m->shift++;
	m->nbytes = (c->v->lines + 7) / 8;
	c->has_irq = true;
	chip_int_active_high(c);
	regfile_add(&m->rf, c, c->reg, &adnp_rules, m);
	apply(m);
	for (i = 0; i < m->nbytes; i++)
		m->last_in[i] = pins_of(m, i);
	memset(m->r[ISR], 0, sizeof(m->r[ISR]));
	c->pins.notify = adnp_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family adnp_family = {
	.size = sizeof(struct adnp),
	.init = adnp_init,
};

/* The first is the part without nr-gpios; the DT's nr-gpios picks one. */
const struct chip_variant adnp_variants[] = {
	{ "ad,gpio-adnp", "gpio-adnp", &adnp_family, 48, NULL },
	{ "ad,gpio-adnp", "gpio-adnp", &adnp_family, 8, NULL },
	{ "ad,gpio-adnp", "gpio-adnp", &adnp_family, 16, NULL },
	{ "ad,gpio-adnp", "gpio-adnp", &adnp_family, 32, NULL },
	{ NULL },
};
