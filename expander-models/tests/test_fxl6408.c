// SPDX-License-Identifier: GPL-2.0
/*
 * test_fxl6408.c - FXL6408: reset values, gpio-fxl6408's probe (ID
 * check, high-Z off) and gpio-regmap's direction/value registers,
 * pulls, the interrupt status, the auto-incremented cache fill read.
 */
#include "check.h"
#include "fixture.h"

#define A 0x43

static struct rig r;

static struct chip *one(void)
{
	rig_init(&r, 400000);
	return rig_add(&r, "fcs,fxl6408", A);
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
	uint8_t cmd = 0, v[20];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 20 },
	};

	CHECK(one() != NULL);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0x00], 0x00);
	CHECK_EQ(v[0x01], 0xa2);
	CHECK_EQ(v[0x03], 0x00);
	CHECK_EQ(v[0x07], 0xff);
	CHECK_EQ(v[0x0b], 0xff);
	CHECK_EQ(v[0x0d], 0xff);
	CHECK_EQ(v[0x0f], 0xff);
	CHECK_EQ(v[0x11], 0xff);
	CHECK_EQ(v[0x13], 0x00);
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

int main(void)
{
	RUN(fxl6408_probe_and_lines);
	RUN(fxl6408_read_all_registers_in_one_transfer);
	RUN(fxl6408_interrupt_status);
	return CHECK_DONE();
}
