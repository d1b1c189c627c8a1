// SPDX-License-Identifier: GPL-2.0
/*
 * sx150x.c - Semtech SX1502 (8 lines) and SX1503 (16 lines), the
 * "SX150X_123" map of pinctrl-sx150x.c (Semtech SX1502/SX1503
 * datasheets, register tables). On the SX1503 every register is a pair,
 * bank B (IO15-8) first, bank A (IO7-0) at the next address:
 *
 *   SX1502  SX1503     register
 *   0x00    0x00/0x01  Data: write = output latch, read = pin levels
 *   0x01    0x02/0x03  Dir, 1 = input (reset 0xff)
 *   0x02    0x04/0x05  PullUp (reset 0x00)
 *   0x03    0x06/0x07  PullDown (reset 0x00)
 *   0x05    0x08/0x09  InterruptMask, 1 = masked (reset 0xff)
 *   0x06-07 0x0a-0x0d  Sense, 2 bits per line (01 rising, 10 falling,
 *                      11 both): SX1502 0x06 = IO7-4, 0x07 = IO3-0;
 *                      SX1503 0x0a = IO15-12, 0x0b = IO7-4,
 *                      0x0c = IO11-8, 0x0d = IO3-0 (the order the
 *                      driver's sx150x_maybe_swizzle() undoes)
 *   0x08    0x0e/0x0f  InterruptSource: a sensed edge on an unmasked
 *                      line; NINT while any bit is set
 *   0x09    0x10/0x11  EventStatus: a sensed edge on any line
 *   0x10    0x20/0x21  PLDMode (reset 0x00), stored
 *   0x11-15 0x22-0x2b  PLDTable0-4, stored
 *   0xad    0xad       RegAdvanced (reset 0x00), stored
 *
 * The register pointer stays where the command byte set it: every
 * further data byte of the transfer reads or writes that same register
 * (a two-byte read from 0x00 of the SX1503 returns bank B twice).
 * Assumed: the I2C sections of the SX1501/SX1502/SX1503 datasheet, as
 * the sources seen quote them, do not say that the address moves on,
 * where the SX1508B/SX1509B datasheet says it can (RegMisc); so
 * pinctrl-sx150x accesses these parts one byte per transfer (its block
 * access, patch upstream/0020, is for the SX1508/SX1509 only). A command
 * byte for an address outside the map is NACKed. Outputs are push-pull;
 * a line with both pull resistors enabled gets the pull-up.
 *
 * Interrupts (SX1501/SX1502/SX1503 datasheet, register table): an
 * edge that RegSense asks for (01 rising, 10 falling, 11 both, 00 none)
 * on an input sets its EventStatus bit, and its InterruptSource bit if
 * RegInterruptMask lets it; NINT is low while any InterruptSource bit is
 * set. Writing 1 to an InterruptSource bit "clears the bit in
 * RegInterruptSource and in RegEventStatus"; writing 1 to an EventStatus
 * bit "clears the bit in RegEventStatus and in RegInterruptSource if
 * relevant"; "If the edge sensitivity of the IO is changed, the bit(s)
 * will be cleared automatically". Reads clear nothing. Assumed: an edge
 * while masked does not reach InterruptSource when the line is unmasked
 * later; outputs sense no edges.
 *
 * Not modelled: the programmable logic (PLD mode lines keep the output
 * latch), the boost and auto-clear bits of RegAdvanced (the driver
 * writes 0x00, the reset value; the auto-clear on a RegData read is
 * taken to be off there), NRESET. Not checked against the datasheets:
 * the reset value of RegAdvanced, the SX1502's address range (the model
 * accepts any).
 */
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

struct sx150x_map {
	uint8_t data, dir, pullup, pulldn, mask, src, event;
	uint8_t sense[4];	/* sense register of lines 4g..4g+3 */
	uint8_t pld_first, pld_last;
	uint16_t fixed_addr;	/* the only address the part answers, or 0 */
};

#define R_ADVANCED 0xad

static const struct sx150x_map sx1502_map = {
	.data = 0x00, .dir = 0x01, .pullup = 0x02, .pulldn = 0x03,
	.mask = 0x05, .src = 0x08, .event = 0x09,
	.sense = { 0x07, 0x06 },
	.pld_first = 0x10, .pld_last = 0x15,
};

static const struct sx150x_map sx1503_map = {
	.data = 0x00, .dir = 0x02, .pullup = 0x04, .pulldn = 0x06,
	.mask = 0x08, .src = 0x0e, .event = 0x10,
	.sense = { 0x0d, 0x0b, 0x0c, 0x0a },
	.pld_first = 0x20, .pld_last = 0x2b,
	.fixed_addr = 0x20,
};

struct sx150x {
	struct chip c;
	const struct sx150x_map *map;
	unsigned int nb;	/* bytes per register: 1 or 2 */
	uint8_t reg[256];
	uint16_t last_in;
	struct regfile rf;
};

/* A register of the part's map: line bits, B (high) first. */
static uint16_t get(const struct sx150x *m, uint8_t r)
{
	return m->nb == 1 ? m->reg[r] : m->reg[r] << 8 | m->reg[r + 1];
}

static void put(struct sx150x *m, uint8_t r, uint16_t v)
{
	if (m->nb == 1) {
		m->reg[r] = v;
	} else {
		m->reg[r] = v >> 8;
		m->reg[r + 1] = v;
	}
}

/* Does address a belong to a register of kind r (r .. r + nb - 1)? */
static bool in_reg(const struct sx150x *m, uint8_t a, uint8_t r)
{
	return a >= r && a < r + m->nb;
}

static bool valid(void *model, uint8_t a)
{
	const struct sx150x *m = model;
	const struct sx150x_map *p = m->map;
	unsigned int g;

	if (a == R_ADVANCED || (a >= p->pld_first && a <= p->pld_last))
		return true;
	for (g = 0; g < m->nb * 2; g++)
		if (a == p->sense[g])
			return true;
	return in_reg(m, a, p->data) || in_reg(m, a, p->dir) ||
	       in_reg(m, a, p->pullup) || in_reg(m, a, p->pulldn) ||
	       in_reg(m, a, p->mask) || in_reg(m, a, p->src) ||
	       in_reg(m, a, p->event);
}

static void reset_regs(struct sx150x *m)
{
	memset(m->reg, 0, sizeof(m->reg));
	put(m, m->map->data, 0xffff);
	put(m, m->map->dir, 0xffff);
	put(m, m->map->mask, 0xffff);
}

static unsigned int sense_of(const struct sx150x *m, unsigned int line)
{
	return (m->reg[m->map->sense[line / 4]] >> (2 * (line % 4))) & 3;
}

static void update_irq(struct sx150x *m)
{
	chip_set_irq(&m->c, get(m, m->map->src) != 0);
}

/* Writing v to a: a line whose edge sensitivity changes loses its bits. */
static void sense_changed(struct sx150x *m, uint8_t a, uint8_t v)
{
	const struct sx150x_map *p = m->map;
	uint16_t lost = 0;
	unsigned int g, k;

	for (g = 0; g < m->nb * 2; g++) {
		if (a != p->sense[g])
			continue;
		for (k = 0; k < 4; k++)
			if (((m->reg[a] ^ v) >> (2 * k)) & 3)
				lost |= 1u << (4 * g + k);
	}
	if (!lost)
		return;
	put(m, p->event, get(m, p->event) & ~lost);
	put(m, p->src, get(m, p->src) & ~lost);
	update_irq(m);
}

/* Edges on inputs since the last look, as the Sense registers ask. */
static void check_edges(struct sx150x *m)
{
	unsigned int n = 8 * m->nb, i;
	uint16_t in = pin_read_bits(&m->c.pins, 0, n);
	uint16_t changed = (in ^ m->last_in) & get(m, m->map->dir), hit = 0;

	m->last_in = in;
	for (i = 0; i < n; i++) {
		unsigned int s = sense_of(m, i);

		if (!(changed & (1u << i)))
			continue;
		if ((in & (1u << i)) ? (s & 1) : (s & 2))
			hit |= 1u << i;
	}
	if (!hit)
		return;
	put(m, m->map->event, get(m, m->map->event) | hit);
	put(m, m->map->src, get(m, m->map->src) | (hit & ~get(m, m->map->mask)));
	update_irq(m);
}

static void apply(struct sx150x *m)
{
	const struct sx150x_map *p = m->map;
	uint16_t dir = get(m, p->dir), out = get(m, p->data);
	uint16_t up = get(m, p->pullup), down = get(m, p->pulldn);
	unsigned int i;

	for (i = 0; i < 8 * m->nb; i++) {
		uint16_t b = 1u << i;

		pin_set_pull(&m->c.pins, i, up & b ? DRV_WEAK_HIGH :
				       down & b ? DRV_WEAK_LOW : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, dir & b ? DRV_HIZ :
					out & b ? DRV_HIGH : DRV_LOW);
	}
	check_edges(m);
}

static void reg_write(void *model, uint8_t a, uint8_t byte)
{
	struct sx150x *m = model;
	const struct sx150x_map *p = m->map;

	if (!valid(m, a))
		return;
	if (in_reg(m, a, p->src) || in_reg(m, a, p->event)) {
		/* a 1 clears the bit in both registers */
		unsigned int i = in_reg(m, a, p->src) ? a - p->src :
							a - p->event;

		m->reg[p->src + i] &= ~byte;
		m->reg[p->event + i] &= ~byte;
		update_irq(m);
		return;
	}
	sense_changed(m, a, byte);
	m->reg[a] = byte;
	apply(m);
}

static uint8_t reg_read(void *model, uint8_t a)
{
	struct sx150x *m = model;

	if (!valid(m, a))
		return 0;
	if (in_reg(m, a, m->map->data)) {
		/* B (IO15-8) at the lower address of a pair */
		unsigned int first = 8 * (m->nb - 1 - (a - m->map->data));

		return pin_read_bits(&m->c.pins, first, 8);
	}
	return m->reg[a];
}

static void sx150x_pin_changed(void *ctx, unsigned int pin,
			       enum pin_level old, enum pin_level now)
{
	check_edges(ctx);
}

static const struct regfile_rules sx150x_rules = {
	.size = 256, .step = REGFILE_STAY, .valid = valid,
	.read = reg_read, .write = reg_write,
};

static int sx150x_init(struct chip *c, char *err, size_t errlen)
{
	struct sx150x *m = CHIP_MODEL(c, struct sx150x);

	m->map = c->v->data;
	m->nb = c->v->lines / 8;
	if (m->map->fixed_addr && c->reg != m->map->fixed_addr) {
		snprintf(err, errlen, "reg 0x%02x: the %s answers only at 0x%02x",
			 c->reg, c->v->part, m->map->fixed_addr);
		return -1;
	}
	c->has_irq = true;
	reset_regs(m);
	regfile_add(&m->rf, c, c->reg, &sx150x_rules, m);
	apply(m);
	m->last_in = pin_read_bits(&c->pins, 0, 8 * m->nb);
	c->pins.notify = sx150x_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family sx150x_family = {
	.size = sizeof(struct sx150x),
	.init = sx150x_init,
};

const struct chip_variant sx150x_variants[] = {
	{ "semtech,sx1502q", "sx1502", &sx150x_family, 8, &sx1502_map },
	{ "semtech,sx1503q", "sx1503", &sx150x_family, 16, &sx1503_map },
	{ NULL },
};
