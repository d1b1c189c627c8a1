// SPDX-License-Identifier: GPL-2.0
/*
 * test_sx150x.c - SX1502 and SX1503: reset values, the registers at the
 * places pinctrl-sx150x.c's SX150X_123 tables put them, the SX1503's
 * B-then-A pairs and Sense order, pulls, edges into InterruptSource and
 * EventStatus (write 1 to clear, both at once; a Sense change clears),
 * and both banks in one transfer.
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

TEST(sx1503_pairs_b_first)
{
	struct chip *c = one("semtech,sx1503q", 0x20);
	const uint8_t a = 0x20;

	CHECK(c != NULL);
	CHECK_EQ(reg_read(r.b, a, 0x02), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x03), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x08), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x09), 0xff);
	CHECK_EQ(reg_read(r.b, a, 0x2b), 0x00);	/* PLDTable4A */
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
	/* the SX1503 answers only at 0x20 */
	CHECK(rig_add(&r, "semtech,sx1503q", 0x21) == NULL);
	rig_free(&r);
}

/* Edges: Sense picks them, the mask gates NINT, a 1 clears. */
TEST(sx1503_edges_and_interrupt)
{
	struct chip *c = one("semtech,sx1503q", 0x20);
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

int main(void)
{
	RUN(sx1502_registers);
	RUN(sx1503_pairs_b_first);
	RUN(sx1503_edges_and_interrupt);
	RUN(sx1503_a_one_clears_source_and_event);
	RUN(sx1502_sense_change_clears_the_line);
	RUN(sx1503_pointer_stays);
	return CHECK_DONE();
}
