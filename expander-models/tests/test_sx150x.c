// SPDX-License-Identifier: GPL-2.0
/*
 * test_sx150x.c - SX1501 to SX1509: reset values, the registers
 * at the places pinctrl-sx150x.c's SX150X_123 and SX150X_456 tables put
 * them, the 16-line parts' B-then-A pairs and Sense order, pulls, edges
 * into InterruptSource and EventStatus (write 1 to clear, both at once;
 * a Sense change clears), and both banks in one transfer.
 */
#include "check.h"
#include "fixture.h"

static struct rig r;

static struct chip *one(const char *compat, uint16_t a)
{
	return rig_one(&r, 400000, compat, a);
}

TEST(sx1502_registers)
{
	struct chip *c = one("semtech,sx1502q", 0x21);
	const uint8_t a = 0x21;

	CHECK(c != NULL);
	CHECK_EQ(reg_read(r.b, a, 0x01), 0xff);	/* Dir: inputs */
	CHECK_EQ(reg_read(r.b, a, 0x05), 0xff);	/* masked */
	CHECK_EQ(reg_read(r.b, a, 0x02), 0x00);
	CHECK_EQ(reg_read(r.b, a, 0x10), 0x00);	/* PLDMode */
	CHECK_EQ(reg_read(r.b, a, 0xad), 0x00);
	CHECK_EQ(reg_read(r.b, a, 0x04), -1);	/* not in the map */
	CHECK_EQ(reg_read(r.b, a, 0x16), -1);
	/* the driver's probe: RegAdvanced, PLD mode off */
	CHECK_EQ(reg_write(r.b, a, 0xad, 0x00), 0);
	CHECK_EQ(reg_write(r.b, a, 0x10, 0x00), 0);
	/* pulls: up wins over down; Data reads the pins */
	CHECK_EQ(reg_write(r.b, a, 0x03, 0x0f), 0);
	CHECK_EQ(reg_write(r.b, a, 0x02, 0x11), 0);
	CHECK_EQ(reg_read(r.b, a, 0x00), 0xf1);
	ext(c, 4, 0);
	CHECK_EQ(reg_read(r.b, a, 0x00), 0xe1);
	ext(c, 4, -1);
	/* direction_output: Data then Dir */
	CHECK_EQ(reg_write(r.b, a, 0x00, 0x5a), 0);
	CHECK_EQ(reg_write(r.b, a, 0x01, 0x00), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x5a);
	CHECK_EQ(reg_read(r.b, a, 0x00), 0x5a);
	rig_free(&r);
}

/*
 * The 4- and 8-line parts of SX150X_456 have no RegAdvanced (0xad
 * NACKed); the 4-line parts have IO3-0 alone: RegSense 0x07, PLD
 * 0x10-0x13, RegData's IO7-4 read 0, edges and NINT as the others.
 */
TEST(sx1501_sx1504_sx1505_maps)
{
	static const struct { const char *compat; int adv, lines; } p[] = {
		{ "semtech,sx1501q", 0x00, 4 },
		{ "semtech,sx1504q", -1, 4 },
		{ "semtech,sx1505q", -1, 8 },
	};
	const uint8_t a = 0x21;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		struct chip *c = one(p[i].compat, a);

		CHECK(c != NULL);
		if (!c)
			continue;
		CHECK_EQ(reg_read(r.b, a, 0xad), p[i].adv);
		CHECK_EQ(reg_read(r.b, a, 0x06), p[i].lines == 4 ? -1 : 0);
		CHECK_EQ(reg_read(r.b, a, 0x13), 0x00);
		CHECK_EQ(reg_read(r.b, a, 0x14), p[i].lines == 4 ? -1 : 0);
		CHECK_EQ(reg_read(r.b, a, 0x01), 0xff);
		CHECK_EQ(reg_write(r.b, a, 0x00, 0x0a), 0);
		CHECK_EQ(reg_write(r.b, a, 0x01, 0xf0), 0);
		CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0xa);
		CHECK_EQ(reg_read(r.b, a, 0x00),
			 p[i].lines == 4 ? 0x0a : 0xfa);
		/* IO0 an input again, falling edges, unmasked: NINT */
		CHECK_EQ(reg_write(r.b, a, 0x01, 0xf1), 0);
		CHECK_EQ(reg_write(r.b, a, 0x07, 0x02), 0);
		CHECK_EQ(reg_write(r.b, a, 0x05, 0xfe), 0);
		ext(c, 0, 1);
		ext(c, 0, 0);
		CHECK_EQ(c->irq, 1);
		CHECK_EQ(reg_read(r.b, a, 0x08), 0x01);
		CHECK_EQ(reg_write(r.b, a, 0x08, 0x01), 0);
		CHECK_EQ(c->irq, 0);
		rig_free(&r);
	}
}

/* The 16-line map: B (IO15-8) at the even address of each pair. */
static struct chip *pairs_b_first(const char *compat, uint8_t a)
{
	struct chip *c = one(compat, a);

	CHECK(c != NULL);
	if (!c)
		return NULL;
	CHECK_EQ(reg_read(r.b, a, 0x02), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x03), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x08), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x09), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x2b), 0x00);	/* PLDTable4A */
	CHECK_EQ(reg_read(r.b, a, 0xad), 0x00);	/* RegAdvanced */
	CHECK_EQ(reg_read(r.b, a, 0x12), -1);
	CHECK_EQ(reg_read(r.b, a, 0x2c), -1);
	/* B (IO15-8) at 0x00/0x02, A (IO7-0) at 0x01/0x03 */
	CHECK_EQ(reg_write(r.b, a, 0x00, 0x81), 0);
	CHECK_EQ(reg_write(r.b, a, 0x01, 0x24), 0);
	CHECK_EQ(reg_write(r.b, a, 0x02, 0x00), 0);
	CHECK_EQ(reg_write(r.b, a, 0x03, 0x00), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x8124);
	CHECK_EQ(reg_read(r.b, a, 0x00), 0x81);
	CHECK_EQ(reg_read(r.b, a, 0x01), 0x24);
	return c;
}

TEST(sx1503_pairs_b_first)
{
	pairs_b_first("semtech,sx1503q", 0x20);
	/* the SX1503 answers only at 0x20 */
	CHECK(rig_add(&r, "semtech,sx1503q", 0x21) == NULL);
	rig_free(&r);
}

/* The SX1506: the SX1503's map (SX150X_456 of pinctrl-sx150x), at an
 * address the model does not check. */
TEST(sx1506_pairs_b_first_any_address)
{
	pairs_b_first("semtech,sx1506q", 0x22);
	rig_free(&r);
}

/* Edges: Sense picks them, the mask gates NINT, a 1 clears. */
static void edges_and_interrupt(const char *compat)
{
	struct chip *c = one(compat, 0x20);
	const uint8_t a = 0x20;

	CHECK_EQ(c->has_irq, 1);
	/* IO13 falling (0x0a = IO15-12, bits 3:2), IO2 both (0x0d) */
	CHECK_EQ(reg_write(r.b, a, 0x0a, 0x08), 0);
	CHECK_EQ(reg_write(r.b, a, 0x0d, 0x30), 0);
	ext(c, 13, 0);
	CHECK_EQ(reg_read(r.b, a, 0x10), 0x20);	/* EventStatusB */
	CHECK_EQ(c->irq, 0);			/* still masked */
	CHECK_EQ(reg_write(r.b, a, 0x10, 0x20), 0);
	CHECK_EQ(reg_read(r.b, a, 0x10), 0x00);
	/* unmask IO13 and IO2 */
	CHECK_EQ(reg_write(r.b, a, 0x08, 0xdf), 0);
	CHECK_EQ(reg_write(r.b, a, 0x09, 0xfb), 0);
	ext(c, 13, -1);				/* rising: not sensed */
	CHECK_EQ(c->irq, 0);
	ext(c, 13, 0);
	CHECK_EQ(c->irq, 1);
	ext(c, 2, 0);
	CHECK_EQ(reg_read(r.b, a, 0x0e), 0x20);
	CHECK_EQ(reg_read(r.b, a, 0x0f), 0x04);
	/* what sx150x_irq_thread_fn does: read, write the bits back */
	CHECK_EQ(reg_write(r.b, a, 0x0e, 0x20), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_write(r.b, a, 0x0f, 0x04), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 2, -1);				/* rising, sensed (both) */
	CHECK_EQ(c->irq, 1);
	ext(c, 13, -1);
	rig_free(&r);
}

TEST(sx1503_edges_and_interrupt)
{
	edges_and_interrupt("semtech,sx1503q");
}

TEST(sx1506_edges_and_interrupt)
{
	edges_and_interrupt("semtech,sx1506q");
}

/*
 * RegInterruptSource: "Writing '1' clears the bit in RegInterruptSource
 * and in RegEventStatus. When all bits are cleared, NINT signal goes
 * back high." RegEventStatus: "Writing '1' clears the bit in
 * RegEventStatus and in RegInterruptSource if relevant." Reads, of
 * those or of RegData, clear nothing.
 */
TEST(sx1503_a_one_clears_source_and_event)
{
	struct chip *c = one("semtech,sx1503q", 0x20);
	const uint8_t a = 0x20;

	CHECK_EQ(reg_write(r.b, a, 0x0d, 0x30), 0);	/* IO2 both edges */
	CHECK_EQ(reg_write(r.b, a, 0x09, 0xfb), 0);	/* IO2 unmasked */
	ext(c, 2, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x0f), 0x04);
	CHECK_EQ(reg_read(r.b, a, 0x11), 0x04);
	CHECK_EQ(reg_read(r.b, a, 0x01) & 0x04, 0);	/* RegDataA */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_write(r.b, a, 0x0f, 0x04), 0);	/* InterruptSourceA */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, a, 0x11), 0x00);	/* EventStatusA too */
	ext(c, 2, -1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_write(r.b, a, 0x11, 0x04), 0);	/* EventStatusA */
	CHECK_EQ(reg_read(r.b, a, 0x0f), 0x00);	/* InterruptSourceA too */
	CHECK_EQ(c->irq, 0);
	/* a 0 clears nothing */
	ext(c, 2, 0);
	CHECK_EQ(reg_write(r.b, a, 0x0f, 0x00), 0);
	CHECK_EQ(reg_write(r.b, a, 0x11, 0x00), 0);
	CHECK_EQ(c->irq, 1);
	rig_free(&r);
}

/*
 * RegEventStatus: "If the edge sensitivity of the IO is changed, the
 * bit(s) will be cleared automatically" (and with it NINT, once no
 * InterruptSource bit is left).
 */
TEST(sx1502_sense_change_clears_the_line)
{
	struct chip *c = one("semtech,sx1502q", 0x21);
	const uint8_t a = 0x21;

	CHECK_EQ(reg_write(r.b, a, 0x07, 0x0c), 0);	/* IO1 both */
	CHECK_EQ(reg_write(r.b, a, 0x06, 0x03), 0);	/* IO4 both */
	CHECK_EQ(reg_write(r.b, a, 0x05, 0xfd), 0);	/* IO1 unmasked */
	ext(c, 1, 0);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x09), 0x12);
	CHECK_EQ(reg_write(r.b, a, 0x07, 0x0c), 0);	/* the same: kept */
	CHECK_EQ(reg_write(r.b, a, 0x07, 0x3c), 0);	/* + IO2; IO1 kept */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x08), 0x02);
	CHECK_EQ(reg_write(r.b, a, 0x07, 0x34), 0);	/* IO1 rising only */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, a, 0x08), 0x00);
	CHECK_EQ(reg_read(r.b, a, 0x09), 0x10);	/* IO4 left */
	CHECK_EQ(reg_write(r.b, a, 0x06, 0x00), 0);	/* IO4 none */
	CHECK_EQ(reg_read(r.b, a, 0x09), 0x00);
	rig_free(&r);
}

/*
 * The pointer stays on its register: a second data byte writes or reads
 * the register of the command byte again, not the next one (the model's
 * assumption, sx150x.c); one register byte per transfer reaches both.
 */
TEST(sx1503_pointer_stays)
{
	struct chip *c = one("semtech,sx1503q", 0x20);
	uint8_t dirb[2] = { 0x02, 0x00 }, dira[2] = { 0x03, 0x00 };
	uint8_t w[3] = { 0x00, 0xc3, 0x96 }, wa[2] = { 0x01, 0x5a };
	uint8_t in[2];

	CHECK_EQ(raw_write(r.b, 0x20, dirb, 2), 0);
	CHECK_EQ(raw_write(r.b, 0x20, dira, 2), 0);
	CHECK_EQ(raw_write(r.b, 0x20, w, 3), 0);
	/* both bytes went to DataB, the last one stays; DataA keeps 0xff */
	CHECK_EQ(pin_read_bits(&c->pins, 8, 8), 0x96);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xff);
	CHECK_EQ(raw_write(r.b, 0x20, wa, 2), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x965a);
	CHECK_EQ(reg_read_block(r.b, 0x20, 0x00, in, 2), 0);
	CHECK_EQ(in[0], 0x96);
	CHECK_EQ(in[1], 0x96);
	CHECK_EQ(reg_read(r.b, 0x20, 0x01), 0x5a);
	rig_free(&r);
}

/*
 * SX1509 (SX150X_789): its addresses, the registers pinctrl-sx150x
 * touches, open drain, polarity, OSCIO through RegClock, RegMisc's
 * auto-clear on a RegData read and auto-increment, the reset key.
 */
TEST(sx1509_map)
{
	struct chip *c;
	const uint8_t a = 0x3e;
	uint8_t two[2];

	CHECK(one("semtech,sx1509q", 0x20) == NULL);	/* not its address */
	rig_free(&r);
	c = one("semtech,sx1509q", a);
	CHECK(c != NULL);
	if (!c)
		return;
	CHECK_EQ(c->pins.n, 17);
	CHECK_EQ(reg_read(r.b, a, 0x0e), 0xff);	/* DirB */
	CHECK_EQ(reg_read(r.b, a, 0x1f), 0x00);	/* RegMisc */
	CHECK_EQ(reg_read(r.b, a, 0x80), -1);
	/* probe: RegMisc auto-clear off, polarity 0 */
	CHECK_EQ(reg_write(r.b, a, 0x1f, 0x01), 0);
	CHECK_EQ(reg_write(r.b, a, 0x0c, 0x00), 0);
	/* IO1 output 1 push-pull, IO2 output 1 open drain, IO3 inverted */
	CHECK_EQ(reg_write(r.b, a, 0x0b, 0x04), 0);	/* OpenDrainA */
	CHECK_EQ(reg_write(r.b, a, 0x0d, 0x08), 0);	/* PolarityA */
	CHECK_EQ(reg_write(r.b, a, 0x11, 0xff), 0);	/* DataA */
	CHECK_EQ(reg_write(r.b, a, 0x0f, 0xf1), 0);	/* IO3-1 outputs */
	CHECK_EQ(pin_level(&c->pins, 1), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_Z);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_0);	/* 1 inverted */
	CHECK_EQ(reg_read(r.b, a, 0x11) & 0x0e, 0x0e);	/* 2 floats (1), 3 inverted back */
	/* OSCIO (line 16): 0x1f a steady 1, 0x10 a steady 0 */
	CHECK_EQ(pin_level(&c->pins, 16), PIN_Z);
	CHECK_EQ(reg_write(r.b, a, 0x1e, 0x1f), 0);
	CHECK_EQ(pin_level(&c->pins, 16), PIN_1);
	CHECK_EQ(reg_write(r.b, a, 0x1e, 0x10), 0);
	CHECK_EQ(pin_level(&c->pins, 16), PIN_0);
	/* IO0 falling edges, unmasked; RegSenseLowA 0x17 */
	CHECK_EQ(reg_write(r.b, a, 0x17, 0x02), 0);
	CHECK_EQ(reg_write(r.b, a, 0x13, 0xfe), 0);
	ext(c, 0, 1);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x11) & 1, 0);	/* auto-clear off */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x19), 0x01);
	CHECK_EQ(reg_write(r.b, a, 0x19, 0x01), 0);
	CHECK_EQ(c->irq, 0);
	/* RegMisc bit 0 = 0: a RegData read clears the bank's source */
	CHECK_EQ(reg_write(r.b, a, 0x1f, 0x00), 0);
	ext(c, 0, 1);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x11) & 1, 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, a, 0x1b), 0x01);	/* EventStatusA kept */
	/* bit 1: the pointer stays (two reads of DirB) */
	CHECK_EQ(reg_write(r.b, a, 0x1f, 0x02), 0);
	CHECK_EQ(reg_read_block(r.b, a, 0x0e, two, 2), 0);
	CHECK_EQ(two[0], 0xff);
	CHECK_EQ(two[1], 0xff);
	CHECK_EQ(reg_write(r.b, a, 0x1f, 0x00), 0);
	CHECK_EQ(reg_read_block(r.b, a, 0x0e, two, 2), 0);
	CHECK_EQ(two[1], 0xf1);				/* DirA */
	/* the reset key */
	CHECK_EQ(reg_write(r.b, a, 0x7d, 0x12), 0);
	CHECK_EQ(reg_write(r.b, a, 0x7d, 0x34), 0);
	CHECK_EQ(reg_read(r.b, a, 0x0f), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x1e), 0x00);
	CHECK_EQ(pin_level(&c->pins, 16), PIN_Z);
	rig_free(&r);
}

/* SX1507 and SX1508: the 4- and 8-line maps of SX150X_789. */
TEST(sx1507_sx1508_maps)
{
	struct chip *c = one("semtech,sx1508q", 0x21);
	const uint8_t a = 0x21;

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 9);
	CHECK_EQ(reg_write(r.b, a, 0x08, 0x05), 0);	/* RegData */
	CHECK_EQ(reg_write(r.b, a, 0x07, 0xf0), 0);	/* RegDir */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0x5);
	CHECK_EQ(reg_write(r.b, a, 0x0f, 0x1f), 0);	/* RegClock */
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);
	CHECK_EQ(reg_write(r.b, a, 0x0a, 0x02), 0);	/* SenseHigh: IO4 fall */
	CHECK_EQ(reg_write(r.b, a, 0x09, 0xef), 0);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, a, 0x0c), 0x10);
	rig_free(&r);
	c = one("semtech,sx1507q", 0x70);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 5);
	CHECK_EQ(reg_write(r.b, 0x70, 0x0d, 0x1f), 0);	/* RegClock */
	CHECK_EQ(pin_level(&c->pins, 4), PIN_1);
	CHECK_EQ(reg_write(r.b, 0x70, 0x0a, 0x01), 0);	/* IO0 rising */
	CHECK_EQ(reg_write(r.b, 0x70, 0x09, 0xfe), 0);
	ext(c, 0, 0);
	ext(c, 0, -1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x70, 0x0b), 0x01);	/* InterruptSource */
	CHECK_EQ(reg_write(r.b, 0x70, 0x0c, 0x01), 0);	/* EventStatus: both */
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

int main(void)
{
	RUN(sx1502_registers);
	RUN(sx1501_sx1504_sx1505_maps);
	RUN(sx1509_map);
	RUN(sx1507_sx1508_maps);
	RUN(sx1503_pairs_b_first);
	RUN(sx1506_pairs_b_first_any_address);
	RUN(sx1503_edges_and_interrupt);
	RUN(sx1506_edges_and_interrupt);
	RUN(sx1503_a_one_clears_source_and_event);
	RUN(sx1502_sense_change_clears_the_line);
	RUN(sx1503_pointer_stays);
	return CHECK_DONE();
}
