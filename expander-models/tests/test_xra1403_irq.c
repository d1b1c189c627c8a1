// SPDX-License-Identifier: GPL-2.0
/*
 * test_xra1403_irq.c - XRA1403 interrupts against the Exar datasheets'
 * Table 3 ("Interrupt generation and clearing", XRA1402/XRA1403): per
 * input with IER set, REIR = FEIR = 0 interrupts on either edge and
 * clears when the input changes back to its state at the last GSR read
 * or when GSR is read; REIR and/or FEIR latch the chosen edges until
 * GSR is read. INT after every frame, and no effect of a read whose
 * data byte the controller did not clock out whole.
 */
#include "check.h"
#include "spi_rig.h"

enum { GSR1 = 0x00, GSR2 = 0x01, GCR1 = 0x06, PUR1 = 0x08, IER1 = 0x0a,
       IER2 = 0x0b, ISR1 = 0x0e, ISR2 = 0x0f, REIR1 = 0x10, FEIR1 = 0x12,
       OCR1 = 0x02 };

static struct spi_rig r;

static struct chip *xra(void)
{
	struct spi_chip_cfg cfg = { .cs = 0 };

	spi_rig_init(&r);
	return spi_rig_add(&r, "exar,xra1403", &cfg, 1000000);
}

static void wr(uint8_t reg, uint8_t v)
{
	uint8_t tx[2] = { reg << 1, v };

	spi_bus_frame(r.b, 0, tx, NULL, 2);
}

static int rd(uint8_t reg)
{
	uint8_t tx[2] = { 0x80 | reg << 1, 0 }, rx[2];

	spi_bus_frame(r.b, 0, tx, rx, 2);
	return rx[1];
}

static void drive(struct chip *c, unsigned int pin, int v)
{
	pin_set_ext(&c->pins, pin, v < 0 ? EXT_NONE : v ? EXT_HIGH : EXT_LOW);
}

/* A read frame of nbits clocks: the command, then part of the data. */
static void partial_read(uint8_t reg, unsigned int nbits)
{
	uint8_t cmd = 0x80 | reg << 1;
	unsigned int i;

	spi_bus_select(r.b, 0);
	for (i = 0; i < nbits; i++)
		spi_bus_clock(r.b, i < 8 ? (cmd >> (7 - i)) & 1 : 0);
	spi_bus_deselect(r.b);
}

/*
 * REIR = FEIR = 0: "A rising or falling edge on the input", cleared by
 * "Reading the GSR register or if the input changes back to its
 * previous state (state of input during last read to GSR)".
 */
TEST(either_edge_clears_when_the_input_returns)
{
	struct chip *c = xra();

	wr(PUR1, 0x01);
	wr(IER1, 0x01);
	CHECK_EQ(c->irq, 0);
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(ISR1), 0x01);
	CHECK_EQ(c->irq, 1);			/* reading ISR clears nothing */
	drive(c, 0, -1);			/* back as GSR last read it */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(ISR1), 0x00);
	/* changed, then read: the new reference is the level read */
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(GSR1), 0xfe);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(ISR1), 0x00);
	drive(c, 0, -1);			/* now that is a change */
	CHECK_EQ(c->irq, 1);
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/* GSR1 is P0-P7's, GSR2 P8-P15's: each clears its own port. */
TEST(each_gsr_clears_its_port)
{
	struct chip *c = xra();

	wr(IER1, 0x01);
	wr(IER2, 0x01);
	drive(c, 0, 0);
	drive(c, 8, 0);
	CHECK_EQ(rd(ISR1), 0x01);
	CHECK_EQ(rd(ISR2), 0x01);
	CHECK_EQ(rd(GSR2), 0xfe);
	CHECK_EQ(rd(ISR2), 0x00);
	CHECK_EQ(rd(ISR1), 0x01);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(GSR1), 0xfe);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/* REIR: "A rising edge on the input", cleared by reading GSR only. */
TEST(rising_edge_latches_until_gsr)
{
	struct chip *c = xra();

	drive(c, 1, 0);
	wr(REIR1, 0x02);
	wr(IER1, 0x02);
	CHECK_EQ(c->irq, 0);
	drive(c, 1, 1);
	CHECK_EQ(c->irq, 1);
	drive(c, 1, 0);				/* back: still latched */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(ISR1), 0x02);
	CHECK_EQ(rd(GSR1) & 0x02, 0);
	CHECK_EQ(c->irq, 0);
	drive(c, 1, -1);			/* floats high: rising */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(GSR1) & 0x02, 0x02);
	CHECK_EQ(c->irq, 0);
	drive(c, 1, 0);				/* falling: not chosen */
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/* FEIR alone: falling edges; both set: either edge, latched. */
TEST(falling_and_both_edges_latch)
{
	struct chip *c = xra();

	wr(FEIR1, 0x01);
	wr(IER1, 0x01);
	drive(c, 0, 1);				/* floating 1 -> 1: no edge */
	CHECK_EQ(c->irq, 0);
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	drive(c, 0, 1);
	CHECK_EQ(c->irq, 1);
	rd(GSR1);
	CHECK_EQ(c->irq, 0);
	wr(REIR1, 0x01);			/* and rising */
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	rd(GSR1);
	CHECK_EQ(c->irq, 0);
	drive(c, 0, 1);
	CHECK_EQ(c->irq, 1);
	drive(c, 0, 0);				/* back: still latched */
	CHECK_EQ(c->irq, 1);
	rd(GSR1);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/* Table 3: GCR = 1 (input) and IER = 1, or no interrupt. */
TEST(outputs_and_disabled_inputs_do_not_interrupt)
{
	struct chip *c = xra();

	drive(c, 0, 0);				/* IER clear: nothing */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(ISR1), 0x00);
	drive(c, 0, -1);
	wr(OCR1, 0x00);
	wr(GCR1, 0xfe);				/* P0 an output, low */
	wr(IER1, 0x01);
	CHECK_EQ(c->irq, 0);
	wr(OCR1, 0x01);
	wr(OCR1, 0x00);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(ISR1), 0x00);
	spi_rig_free(&r);
}

/*
 * GSR is read when its byte went out: a frame of the command alone, or
 * one that stops inside the data byte, clears nothing; a frame reading
 * another register neither.
 */
TEST(no_effect_of_a_gsr_byte_not_clocked_out)
{
	struct chip *c = xra();

	wr(FEIR1, 0x01);
	wr(IER1, 0x01);
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	partial_read(GSR1, 8);
	CHECK_EQ(c->irq, 1);
	partial_read(GSR1, 15);
	CHECK_EQ(c->irq, 1);
	rd(ISR1);
	rd(IER1);
	CHECK_EQ(c->irq, 1);
	partial_read(GSR1, 16);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/*
 * An edge while a handler reads the chip: ISR, then the GSR of the
 * port (no driver of the board has an irqchip for the XRA1403; the
 * order is the one Table 3 implies). A second line's edge of the same
 * port between the two reads is cleared by the GSR read with the first
 * (Table 3: reading GSR clears the port's interrupts): the chip keeps
 * it only as the level that read returns. An edge of the other port
 * stays pending until its own GSR read.
 */
TEST(edge_between_the_isr_and_gsr_reads)
{
	struct chip *c = xra();

	wr(IER1, 0x03);
	wr(IER2, 0x01);
	drive(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(ISR1), 0x01);
	drive(c, 1, 0);				/* same port */
	drive(c, 8, 0);				/* the other port */
	CHECK_EQ(rd(GSR1), 0xfc);
	CHECK_EQ(rd(ISR1), 0x00);		/* not kept */
	CHECK_EQ(c->irq, 1);			/* port 2's kept */
	CHECK_EQ(rd(ISR2), 0x01);
	CHECK_EQ(rd(GSR2), 0xfe);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

int main(void)
{
	RUN(either_edge_clears_when_the_input_returns);
	RUN(each_gsr_clears_its_port);
	RUN(rising_edge_latches_until_gsr);
	RUN(falling_and_both_edges_latch);
	RUN(outputs_and_disabled_inputs_do_not_interrupt);
	RUN(no_effect_of_a_gsr_byte_not_clocked_out);
	RUN(edge_between_the_isr_and_gsr_reads);
	return CHECK_DONE();
}
