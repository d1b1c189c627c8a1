// SPDX-License-Identifier: GPL-2.0
/*
 * test_fxl6408.c - FXL6408: reset values, gpio-fxl6408's probe (ID
 * check, high-Z off) and gpio-regmap's direction/value registers,
 * pulls, the interrupt status, the auto-incremented cache fill read.
 * The interrupt rules are the register-compatible TCA7408's (SCPS235,
 * registers 01h, 11h, 13h; see models/fxl6408.c).
 */
#include "check.h"
#include "fixture.h"

#define A 0x43

static struct rig r;

static struct chip *one(void)
{
	return rig_one(&r, 400000, "fcs,fxl6408", A);
}

TEST(fxl6408_probe_and_lines)
{
	struct chip *c = one();

	CHECK(c != NULL);
	CHECK_EQ(reg_read(r.b, A, 0x01) >> 5, 5);	/* Fairchild */
	/* power-on: inputs pulled up */
	CHECK_EQ(pin_level(&c->pins, 3), PIN_1);
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0xff);
	/* the driver's probe: outputs not high-Z */
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_1);	/* still inputs */
	/* gpio-regmap direction_output: value, then direction */
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x03, 0x0f), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xf0);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x05), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xf5);
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0xf5);
	/* inputs: outside drive, and the pull-down select */
	ext(c, 7, 0);
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0x75);
	ext(c, 7, -1);
	CHECK_EQ(reg_write(r.b, A, 0x0d, 0x0f), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x05);
	/* high-Z releases an output */
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x01), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);	/* its pull-up */
	CHECK_EQ(reg_read(r.b, A, 0x14), -1);
	rig_free(&r);
}

/* regmap's cache fill: one read of 0x00..0x13 from address 0. */
TEST(fxl6408_read_all_registers_in_one_transfer)
{
	static const uint8_t want[][2] = {
		{ 0x00, 0x00 }, { 0x01, 0xa2 }, { 0x03, 0x00 }, { 0x07, 0xff },
		{ 0x0b, 0xff }, { 0x0d, 0xff }, { 0x0f, 0xff }, { 0x11, 0xff },
		{ 0x13, 0x00 },
	};

	CHECK(one() != NULL);
	check_cache_fill(r.b, A, 20, want, 9);
	rig_free(&r);
}

TEST(fxl6408_interrupt_status)
{
	struct chip *c = one();

	CHECK_EQ(c->has_irq, 1);
	ext(c, 2, 0);
	CHECK_EQ(c->irq, 0);		/* masked at reset */
	CHECK_EQ(reg_write(r.b, A, 0x09, 0xff), 0);	/* default high */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0xfb), 0);
	CHECK_EQ(c->irq, 1);
	/* latched: still set after the input returned, until read */
	ext(c, 2, -1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x04);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x00);
	/* software reset through the ID register */
	CHECK_EQ(reg_write(r.b, A, 0x01, 0x01), 0);
	CHECK_EQ(reg_read(r.b, A, 0x11), 0xff);
	CHECK_EQ(reg_read(r.b, A, 0x09), 0x00);
	rig_free(&r);
}

/*
 * 13h: set when the input "changes to a value opposite to the default
 * value"; "cleared and the INT pin is de-asserted upon read"; "The
 * input must be asserted back to the default state before this bit is
 * set again."
 */
TEST(fxl6408_status_rearms_only_through_the_default_state)
{
	struct chip *c = one();

	CHECK_EQ(reg_write(r.b, A, 0x09, 0xff), 0);	/* default high */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x00), 0);	/* all unmasked */
	CHECK_EQ(c->irq, 0);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x10);
	CHECK_EQ(c->irq, 0);
	/* still away from the default: nothing new, INT stays off */
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0xef);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x00);
	/* back to the default: nothing; away again: set again */
	ext(c, 4, -1);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x00);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 1);
	/* writes to 13h have no effect */
	CHECK_EQ(reg_write(r.b, A, 0x13, 0x00), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x10);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/*
 * 11h: a masked input's interrupt does not reach INT, but "The
 * corresponding bit in the Interrupt Status Register (13h) will still
 * be asserted"; unmasking it then asserts INT.
 */
TEST(fxl6408_mask_keeps_the_status_bit)
{
	struct chip *c = one();

	CHECK_EQ(reg_write(r.b, A, 0x09, 0xff), 0);
	ext(c, 1, 0);
	CHECK_EQ(c->irq, 0);				/* masked at reset */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0xfd), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_write(r.b, A, 0x11, 0xff), 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x02);	/* read while masked */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x00), 0);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/*
 * "If the GPIO-port pin is defined as an output, this bit is never
 * set"; "Changing an I/O from an output to an input may cause a false
 * interrupt ... if the state of the pin does not match the contents of
 * the Input Default State Register."
 */
TEST(fxl6408_outputs_never_set_status)
{
	struct chip *c = one();

	CHECK_EQ(reg_write(r.b, A, 0x07, 0x00), 0);	/* high-Z off */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x09, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x03, 0x01), 0);	/* line 0 output */
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x00), 0);	/* driven low */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x00);
	ext(c, 0, 0);					/* held low outside */
	CHECK_EQ(reg_write(r.b, A, 0x03, 0x00), 0);	/* input: differs */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x01);
	rig_free(&r);
}

/*
 * 01h: "The Reset Interrupt is set B1=1 when the device is either reset
 * by the RESET pin, a power on reset, or software reset. Reset Interrupt
 * is then cleared after being read by the master." A software reset
 * leaves no interrupt status behind.
 */
TEST(fxl6408_rst_int_clears_on_read)
{
	struct chip *c = one();

	CHECK_EQ(reg_read(r.b, A, 0x01), 0xa2);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xa0);
	CHECK_EQ(reg_write(r.b, A, 0x01, 0xfe), 0);	/* 7:1 read only */
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xa0);
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x09, 0xff), 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_write(r.b, A, 0x01, 0x01), 0);	/* software reset */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xa2);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xa0);
	rig_free(&r);
}

int main(void)
{
	RUN(fxl6408_probe_and_lines);
	RUN(fxl6408_read_all_registers_in_one_transfer);
	RUN(fxl6408_interrupt_status);
	RUN(fxl6408_status_rearms_only_through_the_default_state);
	RUN(fxl6408_mask_keeps_the_status_bit);
	RUN(fxl6408_outputs_never_set_status);
	RUN(fxl6408_rst_int_clears_on_read);
	return CHECK_DONE();
}
