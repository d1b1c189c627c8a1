// SPDX-License-Identifier: GPL-2.0
/*
 * test_aw9523.c - AW9523B: reset values, pinctrl-aw9523's probe (soft
 * reset, ID, GPIO mode, inputs, interrupts off), port 0 open drain and
 * push-pull, LED mode, the interrupt, the cache fill read of 0x00..0x7e
 * and both ports in one transfer.
 */
#include "check.h"
#include "fixture.h"

#define A 0x58

static struct rig r;

static struct chip *one(void)
{
	return rig_one(&r, 400000, "awinic,aw9523-pinctrl", A);
}

/* The driver's aw9523_hw_init(), register by register. */
static void probe(void)
{
	CHECK_EQ(reg_write(r.b, A, 0x7f, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x23);
	CHECK_EQ(reg_write(r.b, A, 0x12, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x13, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x04, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0xff), 0);
}

TEST(aw9523_reset_values)
{
	struct chip *c = one();

	CHECK(c != NULL);
	/* power-on: every pin a GPIO output, low */
	CHECK_EQ(reg_read(r.b, A, 0x04), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x05), 0x00);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x0000);
	CHECK_EQ(reg_read(r.b, A, 0x06), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x23);
	CHECK_EQ(reg_read(r.b, A, 0x11), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x12), 0xff);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0xff);
	/* the ID is read only; past 0x7f the command byte is NACKed */
	CHECK_EQ(reg_write(r.b, A, 0x10, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x23);
	CHECK_EQ(reg_read(r.b, A, 0x80), -1);
	/* a bad address in the 0x58..0x5b range is refused */
	CHECK(rig_add(&r, "awinic,aw9523-pinctrl", 0x20) == NULL);
	rig_free(&r);
}

TEST(aw9523_probe_then_lines)
{
	struct chip *c = one();

	CHECK_EQ(reg_write(r.b, A, 0x02, 0x5a), 0);
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x10), 0);
	probe();
	/* the soft reset cleared the output latch; all inputs now */
	CHECK_EQ(reg_read(r.b, A, 0x02), 0x00);
	ext(c, 3, 0);
	ext(c, 12, 0);
	CHECK_EQ(reg_read(r.b, A, 0x00), 0xf7);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xef);
	ext(c, 3, -1);
	ext(c, 12, -1);
	/* P1 is push-pull: output 1 drives high, 0 low */
	CHECK_EQ(reg_write(r.b, A, 0x03, 0x01), 0);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0xfc), 0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 9), PIN_0);
	/* P0 open drain after probe: a 1 releases the pin */
	CHECK_EQ(reg_write(r.b, A, 0x02, 0x01), 0);
	CHECK_EQ(reg_write(r.b, A, 0x04, 0xfc), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_0);
	ext(c, 0, 0);
	CHECK_EQ(reg_read(r.b, A, 0x00) & 0x01, 0);
	ext(c, 0, -1);
	/* GPOMD: push-pull, what gpiolib's PIN_CONFIG_DRIVE_PUSH_PULL sets */
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x10), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	rig_free(&r);
}

TEST(aw9523_led_mode)
{
	struct chip *c = one();

	probe();
	/* P0_2, P1_1 and P1_5 in LED mode: they sink while DIM > 0 */
	CHECK_EQ(reg_write(r.b, A, 0x12, 0xfb), 0);
	CHECK_EQ(reg_write(r.b, A, 0x13, 0xdd), 0);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_Z);
	CHECK_EQ(reg_write(r.b, A, 0x26, 0x80), 0);	/* DIM6 = P0_2 */
	CHECK_EQ(reg_write(r.b, A, 0x21, 0x01), 0);	/* DIM1 = P1_1 */
	CHECK_EQ(reg_write(r.b, A, 0x2d, 0xff), 0);	/* DIM13 = P1_5 */
	CHECK_EQ(pin_level(&c->pins, 2), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 9), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 13), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 10), PIN_Z);
	CHECK_EQ(reg_read(r.b, A, 0x2d), 0xff);
	CHECK_EQ(reg_write(r.b, A, 0x26, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_Z);
	/* back to GPIO mode: the pin follows its configuration (input) */
	CHECK_EQ(reg_write(r.b, A, 0x13, 0xff), 0);
	CHECK_EQ(pin_level(&c->pins, 9), PIN_Z);
	rig_free(&r);
}

TEST(aw9523_interrupt)
{
	struct chip *c = one();

	CHECK_EQ(c->has_irq, 1);
	probe();
	CHECK_EQ(reg_read(r.b, A, 0x00), 0xff);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 0);		/* every interrupt disabled by probe */
	ext(c, 4, -1);
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xef), 0);	/* enable P0_4 */
	ext(c, 5, 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 1);
	ext(c, 4, -1);			/* held until an input is read */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xff);
	CHECK_EQ(c->irq, 0);
	/* an output does not interrupt */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0xef), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 5, -1);
	rig_free(&r);
}

/* regmap's cache fill (num_reg_defaults_raw 0x7f): one read from 0x00. */
TEST(aw9523_read_all_registers_in_one_transfer)
{
	/* 0x08: a hole */
	static const uint8_t want[][2] = {
		{ 0x00, 0xff }, { 0x04, 0xff }, { 0x07, 0xff }, { 0x08, 0x00 },
		{ 0x10, 0x23 }, { 0x12, 0xff }, { 0x2f, 0x42 }, { 0x7e, 0x00 },
	};

	CHECK(one() != NULL);
	probe();
	CHECK_EQ(reg_write(r.b, A, 0x2f, 0x42), 0);
	check_cache_fill(r.b, A, 0x7f, want, 8);
	rig_free(&r);
}

/* The block minimum: both output ports in one write, both inputs in one read. */
TEST(aw9523_both_ports_in_one_transfer)
{
	struct chip *c = one();
	uint8_t w[3] = { 0x02, 0xa5, 0x3c }, in[2];

	probe();
	CHECK_EQ(reg_write(r.b, A, 0x11, 0x10), 0);
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x00), 0);
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x3ca5);
	CHECK_EQ(reg_read_block(r.b, A, 0x00, in, 2), 0);
	CHECK_EQ(in[0], 0xa5);
	CHECK_EQ(in[1], 0x3c);
	rig_free(&r);
}

int main(void)
{
	RUN(aw9523_reset_values);
	RUN(aw9523_probe_then_lines);
	RUN(aw9523_led_mode);
	RUN(aw9523_interrupt);
	RUN(aw9523_read_all_registers_in_one_transfer);
	RUN(aw9523_both_ports_in_one_transfer);
	return CHECK_DONE();
}
