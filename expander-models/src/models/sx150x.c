// SPDX-License-Identifier: GPL-2.0
/*
 * sx150x.c - Semtech SX1501, SX1502, SX1503 (4, 8, 16 lines), the
 * "SX150X_123" map of pinctrl-sx150x.c (Semtech SX1501/SX1502/SX1503
 * datasheet, register tables), and SX1504, SX1505, SX1506 of its
 * "SX150X_456" map (SX1504/SX1505/SX1506 datasheet): the same registers
 * at the same places, RegAdvanced on the SX1506 alone of those three
 * (pinctrl-sx150x's tables; the 4-line parts: the 8-line map for IO3-0,
 * RegSense 0x07 alone, PLD registers 0x10-0x13). On the SX1503 every register is a pair,
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
 * access, patch pinctrl-sx150x/0002, is for the SX1508/SX1509 only). A command
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
 * The 4-line parts (SX1501, SX1504): their registers keep all 8 bits
 * written (reset as the 8-line parts'); RegData's IO7-4 read 0. Both are
 * assumptions (the datasheet's register table was not checked for the
 * unused bits), as is that the SX1504/SX1505/SX1506 answer at any
 * address (the SX1503 answers at 0x20 alone).
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
	bool no_advanced;	/* SX1504/SX1505: no RegAdvanced */
	uint16_t fixed_addr;	/* the only address the part answers, or 0 */
	/* SX150X_789: its registers beyond the others' */
	bool x789;
	uint8_t odrain, polarity, clock, misc;
	uint8_t last;		/* stored registers: 0 .. last, 0x7d-0x7f */
	uint16_t addrs[4];	/* the addresses it answers */
};

#define R_ADVANCED 0xad

static const struct sx150x_map sx1502_map = {
	.data = 0x00, .dir = 0x01, .pullup = 0x02, .pulldn = 0x03,
	.mask = 0x05, .src = 0x08, .event = 0x09,
	.sense = { 0x07, 0x06 },
	.pld_first = 0x10, .pld_last = 0x15,
};

/* SX1505: the SX1502's map without RegAdvanced (SX150X_456). */
static const struct sx150x_map sx1505_map = {
	.data = 0x00, .dir = 0x01, .pullup = 0x02, .pulldn = 0x03,
	.mask = 0x05, .src = 0x08, .event = 0x09,
	.sense = { 0x07, 0x06 },
	.pld_first = 0x10, .pld_last = 0x15, .no_advanced = true,
};

/*
 * SX1501 (SX150X_123) and SX1504 (SX150X_456, no RegAdvanced): the
 * SX1502's map for IO3-0, RegSense 0x07 alone, PLD registers 0x10-0x13.
 */
static const struct sx150x_map sx1501_map = {
	.data = 0x00, .dir = 0x01, .pullup = 0x02, .pulldn = 0x03,
	.mask = 0x05, .src = 0x08, .event = 0x09,
	.sense = { 0x07 },
	.pld_first = 0x10, .pld_last = 0x13,
};

static const struct sx150x_map sx1504_map = {
	.data = 0x00, .dir = 0x01, .pullup = 0x02, .pulldn = 0x03,
	.mask = 0x05, .src = 0x08, .event = 0x09,
	.sense = { 0x07 },
	.pld_first = 0x10, .pld_last = 0x13, .no_advanced = true,
};

static const struct sx150x_map sx1503_map = {
	.data = 0x00, .dir = 0x02, .pullup = 0x04, .pulldn = 0x06,
	.mask = 0x08, .src = 0x0e, .event = 0x10,
	.sense = { 0x0d, 0x0b, 0x0c, 0x0a },
	.pld_first = 0x20, .pld_last = 0x2b,
	.fixed_addr = 0x20,
};

/*
 * The SX1506 (SX1504/SX1505/SX1506 datasheet, pinctrl-sx150x's
 * SX150X_456 table): the SX1503's map, RegAdvanced included; its
 * address table was not checked, so the model takes any address.
 */
static const struct sx150x_map sx1506_map = {
	.data = 0x00, .dir = 0x02, .pullup = 0x04, .pulldn = 0x06,
	.mask = 0x08, .src = 0x0e, .event = 0x10,
	.sense = { 0x0d, 0x0b, 0x0c, 0x0a },
	.pld_first = 0x20, .pld_last = 0x2b,
};

/*
 * SX1507/SX1508/SX1509 (SX150X_789; SX1507/SX1508/SX1509 datasheet,
 * register table; pinctrl-sx150x's tables): RegInputDisable, RegLongSlew,
 * RegLowDrive, RegPullUp, RegPullDown, RegOpenDrain, RegPolarity, RegDir,
 * RegData, RegInterruptMask, RegSense (IO15-12 first), RegInterruptSource,
 * RegEventStatus, then RegLevelShifter (SX1508/9), RegClock, RegMisc, the
 * LED driver, debounce and keypad registers (stored, without effect) up to
 * 0x7c, RegReset 0x7d (0x12 then 0x34: every register to its reset value),
 * 0x7e-0x7f stored. The OSCIO pin is one more line (4, 8, 16): RegClock
 * bit 4 makes it an output, bits 3-0 0xf a steady 1, 0x0 a steady 0 (any
 * other value is a clock, not modelled: low). RegMisc bit 0 0: reading
 * RegData also clears RegInterruptSource of that bank (reset: on; the
 * driver turns it off), bit 1 1: the pointer stays. RegOpenDrain: an
 * output at 1 is released. RegPolarity: inverts a line both ways (RegData
 * reads pins XOR polarity, an output drives RegData XOR polarity; edges
 * are sensed on the pins): assumed, the datasheet's table only says
 * "polarity inversion". Addresses: SX1508 0x20-0x23, SX1507/SX1509 0x3e,
 * 0x3f, 0x70, 0x71 (datasheet table 7).
 */
static const struct sx150x_map sx1507_map = {
	.x789 = true, .odrain = 0x05, .polarity = 0x06,
	.pullup = 0x03, .pulldn = 0x04, .dir = 0x07, .data = 0x08,
	.mask = 0x09, .sense = { 0x0a }, .src = 0x0b, .event = 0x0c,
	.clock = 0x0d, .misc = 0x0e, .last = 0x7c,
	.addrs = { 0x3e, 0x3f, 0x70, 0x71 },
};

static const struct sx150x_map sx1508_map = {
	.x789 = true, .odrain = 0x05, .polarity = 0x06,
	.pullup = 0x03, .pulldn = 0x04, .dir = 0x07, .data = 0x08,
	.mask = 0x09, .sense = { 0x0b, 0x0a }, .src = 0x0c, .event = 0x0d,
	.clock = 0x0f, .misc = 0x10, .last = 0x7c,
	.addrs = { 0x20, 0x21, 0x22, 0x23 },
};

static const struct sx150x_map sx1509_map = {
	.x789 = true, .odrain = 0x0a, .polarity = 0x0c,
	.pullup = 0x06, .pulldn = 0x08, .dir = 0x0e, .data = 0x10,
	.mask = 0x12, .sense = { 0x17, 0x16, 0x15, 0x14 }, .src = 0x18,
	.event = 0x1a, .clock = 0x1e, .misc = 0x1f, .last = 0x7c,
	.addrs = { 0x3e, 0x3f, 0x70, 0x71 },
};

#define R_RESET		0x7d
#define MISC_NO_AUTOCLEAR	0x01
#define MISC_NO_INCREMENT	0x02

struct sx150x {
	struct chip c;
	const struct sx150x_map *map;
	unsigned int n;		/* lines: 4, 8 or 16 */
	unsigned int nb;	/* bytes per register: 1 or 2 */
	uint8_t reg[256];
	uint16_t last_in;
	uint8_t reset_key;	/* RegReset: 0x12 came last */
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

	if (p->x789)
		return a <= p->last || (a >= R_RESET && a <= 0x7f);
	if ((a == R_ADVANCED && !p->no_advanced) ||
	    (a >= p->pld_first && a <= p->pld_last))
		return true;
	for (g = 0; g < (m->n + 3) / 4; g++)
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

	for (g = 0; g < (m->n + 3) / 4; g++) {
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
	unsigned int n = m->n, i;
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
	uint16_t od = 0;
	unsigned int i;

	if (p->x789) {
		uint8_t clk = m->reg[p->clock];

		out ^= get(m, p->polarity);
		od = get(m, p->odrain);
		/* OSCIO, the line after the GPIOs */
		pin_set_drive(&m->c.pins, m->n, !(clk & 0x10) ? DRV_HIZ :
			      (clk & 0x0f) == 0x0f ? DRV_HIGH : DRV_LOW);
	}
	for (i = 0; i < m->n; i++) {
		uint16_t b = 1u << i;

		pin_set_pull(&m->c.pins, i, up & b ? DRV_WEAK_HIGH :
				       down & b ? DRV_WEAK_LOW : DRV_HIZ);
		pin_set_drive(&m->c.pins, i, dir & b ? DRV_HIZ :
			      !(out & b) ? DRV_LOW :
			      od & b ? DRV_HIZ : DRV_HIGH);
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
	if (p->x789 && a == R_RESET) {
		/* 0x12 then 0x34: every register to its reset value */
		if (m->reset_key == 0x12 && byte == 0x34) {
			reset_regs(m);
			m->reset_key = 0;
			update_irq(m);
			apply(m);
			return;
		}
		m->reset_key = byte;
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
		/* B (IO15-8) at the lower address of a pair; IO7-4 of a
		 * 4-line part read 0 */
		unsigned int k = a - m->map->data, first = 8 * (m->nb - 1 - k);
		uint8_t v = pin_read_bits(&m->c.pins, first,
					  m->n < 8 ? m->n : 8);

		if (!m->map->x789)
			return v;
		v ^= m->reg[m->map->polarity + k];
		if (!(m->reg[m->map->misc] & MISC_NO_AUTOCLEAR) &&
		    m->reg[m->map->src + k]) {
			/* RegMisc bit 0 = 0: the read clears the bank's source */
			m->reg[m->map->src + k] = 0;
			update_irq(m);
		}
		return v;
	}
	if (m->map->x789 && a == R_RESET)
		return 0;
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

/* SX150X_789: RegMisc bit 1 keeps the pointer; it wraps at 0x7f. */
static uint8_t next_789(void *model, uint8_t a)
{
	const struct sx150x *m = model;

	if (m->reg[m->map->misc] & MISC_NO_INCREMENT)
		return a;
	return regfile_wrap(a, 0, 0x80);
}

static const struct regfile_rules sx789_rules = {
	.size = 0x80, .valid = valid, .next = next_789,
	.read = reg_read, .write = reg_write,
};

static int sx150x_init(struct chip *c, char *err, size_t errlen)
{
	struct sx150x *m = CHIP_MODEL(c, struct sx150x);

	const struct sx150x_map *p = c->v->data;
	unsigned int k;

	m->map = p;
	m->n = c->v->lines - p->x789;	/* OSCIO is no GPIO of RegData */
	m->nb = (m->n + 7) / 8;
	if (p->fixed_addr && c->reg != p->fixed_addr) {
		snprintf(err, errlen, "reg 0x%02x: the %s answers only at 0x%02x",
			 c->reg, c->v->part, p->fixed_addr);
		return -1;
	}
	for (k = 0; p->x789 && k < 4 && p->addrs[k] != c->reg; k++)
		;
	if (k == 4) {
		snprintf(err, errlen, "reg 0x%02x: the %s answers at 0x%02x, "
			 "0x%02x, 0x%02x, 0x%02x", c->reg, c->v->part,
			 p->addrs[0], p->addrs[1], p->addrs[2], p->addrs[3]);
		return -1;
	}
	c->has_irq = true;
	reset_regs(m);
	regfile_add(&m->rf, c, c->reg, p->x789 ? &sx789_rules : &sx150x_rules,
		    m);
	apply(m);
	m->last_in = pin_read_bits(&c->pins, 0, m->n);
	c->pins.notify = sx150x_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family sx150x_family = {
	.size = sizeof(struct sx150x),
	.init = sx150x_init,
};

const struct chip_variant sx150x_variants[] = {
	{ "semtech,sx1501q", "sx1501", &sx150x_family, 4, &sx1501_map },
	{ "semtech,sx1502q", "sx1502", &sx150x_family, 8, &sx1502_map },
	{ "semtech,sx1503q", "sx1503", &sx150x_family, 16, &sx1503_map },
	{ "semtech,sx1504q", "sx1504", &sx150x_family, 4, &sx1504_map },
	{ "semtech,sx1505q", "sx1505", &sx150x_family, 8, &sx1505_map },
	{ "semtech,sx1506q", "sx1506", &sx150x_family, 16, &sx1506_map },
	{ "semtech,sx1507q", "sx1507", &sx150x_family, 5, &sx1507_map },
	{ "semtech,sx1508q", "sx1508", &sx150x_family, 9, &sx1508_map },
	{ "semtech,sx1509q", "sx1509", &sx150x_family, 17, &sx1509_map },
	{ NULL },
};
