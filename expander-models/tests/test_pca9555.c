// SPDX-License-Identifier: GPL-2.0
/*
 * test_pca9555.c - the PCA9555 as gpio-pca953x drives it (16 lines, no
 * AI bit: regmap use_single_read/write), checked against the datasheet.
 */
#include "check.h"
#include "fixture.h"

#define A 0x20

static struct rig r;
static struct chip *c;

static void setup(void)
{
	c = rig_one(&r, 100000, "nxp,pca9555", A);
}

TEST(power_on_registers)
{
	setup();
	CHECK(c != NULL);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);	/* inputs pulled up */
	CHECK_EQ(reg_read(r.b, A, 1), 0xff);
	CHECK_EQ(reg_read(r.b, A, 2), 0xff);
	CHECK_EQ(reg_read(r.b, A, 3), 0xff);
	CHECK_EQ(reg_read(r.b, A, 4), 0x00);
	CHECK_EQ(reg_read(r.b, A, 5), 0x00);
	CHECK_EQ(reg_read(r.b, A, 6), 0xff);
	CHECK_EQ(reg_read(r.b, A, 7), 0xff);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* gpio direction_output(3, 0): output bit, then direction bit. */
TEST(per_line_output)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x02, 0xf7), 0);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_1);	/* still an input */
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xf7), 0);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_1);
	CHECK_EQ(reg_read(r.b, A, 0) & 0x08, 0);	/* input reads the pin */
	/* set(3, 1): one write, one pin change. */
	CHECK_EQ(reg_write(r.b, A, 0x02, 0xff), 0);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_1);
	CHECK_EQ(count_lines(rig_log(&r), "P chip=pca9555@20 bus=i2c31 pin=3 "), 2);
	CHECK_EQ(count_lines(rig_log(&r), "P "), 2);
	rig_free(&r);
}

/* Consecutive bytes toggle within the register pair, both ways. */
TEST(pointer_toggles_in_pair)
{
	uint8_t w1[] = { 0x02, 0xaa, 0x55 }, w2[] = { 0x03, 0x11, 0x22, 0x33 };
	uint8_t cmd = 0x06, v[3];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 3 },
	};

	setup();
	CHECK_EQ(raw_write(r.b, A, w1, 3), 0);
	CHECK_EQ(reg_read(r.b, A, 2), 0xaa);
	CHECK_EQ(reg_read(r.b, A, 3), 0x55);
	CHECK_EQ(raw_write(r.b, A, w2, 4), 0);
	CHECK_EQ(reg_read(r.b, A, 3), 0x33);	/* 3, 2, 3 */
	CHECK_EQ(reg_read(r.b, A, 2), 0x22);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x0f), 0);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0], 0xff);
	CHECK_EQ(v[1], 0x0f);
	CHECK_EQ(v[2], 0xff);
	rig_free(&r);
}

/* A read without a new command byte reads the register last named. */
TEST(pointer_kept_across_transactions)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x5a), 0);
	/* pointer is now 5 (toggled after the data byte) */
	CHECK_EQ(byte_read(r.b, A), 0x00);
	CHECK_EQ(byte_read(r.b, A), 0x5a);	/* toggled back to 4 */
	rig_free(&r);
}

/* set_multiple on a no-AI 16-bit part: two single-byte transactions. */
TEST(set_multiple_two_transactions)
{
	struct bus_counters k;

	setup();
	CHECK_EQ(reg_write(r.b, A, 0x06, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x00), 0);
	bus_reset_counters(r.b);
	CHECK_EQ(reg_write(r.b, A, 0x02, 0x0f), 0);
	CHECK_EQ(reg_write(r.b, A, 0x03, 0xf0), 0);
	bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 2);
	CHECK_EQ(k.bytes, 6);
	CHECK_EQ(k.pin_changes, 8);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0xf00f);
	rig_free(&r);
}

/* The datasheet's other way: both ports in one transaction. */
TEST(both_ports_one_transaction)
{
	uint8_t w[] = { 0x02, 0x0f, 0xf0 };
	struct bus_counters k;

	setup();
	CHECK_EQ(reg_write(r.b, A, 0x06, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x00), 0);
	bus_reset_counters(r.b);
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 1);
	CHECK_EQ(k.bytes, 4);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0xf00f);
	rig_free(&r);
}

TEST(polarity_inversion)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x81), 0);
	CHECK_EQ(reg_read(r.b, A, 0), 0x7e);
	ext(c, 0, 0);
	CHECK_EQ(reg_read(r.b, A, 0), 0x7f);
	CHECK_EQ(reg_read(r.b, A, 1), 0xff);
	rig_free(&r);
}

TEST(input_pulled_low_and_interrupt)
{
	setup();
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	ext(c, 5, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 1), 0xff);	/* other port: still set */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0), 0xdf);	/* this port: cleared */
	CHECK_EQ(c->irq, 0);
	ext(c, 5, -1);				/* released: pull-up wins */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(pin_level(&c->pins, 5), PIN_1);
	ext(c, 5, 0);				/* back as read: INT resets */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(count_lines(rig_log(&r), "I chip=pca9555@20"), 4);
	rig_free(&r);
}

TEST(outputs_do_not_interrupt)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xfe), 0);
	CHECK_EQ(reg_write(r.b, A, 0x02, 0xfe), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

TEST(output_fights_external_drive)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xfe), 0);	/* pin 0 drives 1 */
	ext(c, 0, 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_X);
	ext(c, 0, -1);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	rig_free(&r);
}

TEST(bad_command_byte_nacked)
{
	uint8_t w[] = { 0x08, 0x00 };
	uint8_t ai[] = { 0x82, 0x00 };

	setup();
	CHECK_EQ(raw_write(r.b, A, w, 2), -1);
	CHECK_EQ(raw_write(r.b, A, ai, 2), -1);	/* no AI bit on this part */
	CHECK(strstr(rig_log(&r), "segs=20:W:08:dnack\n") != NULL);
	rig_free(&r);
}

TEST(input_register_write_ignored)
{
	setup();
	CHECK_EQ(reg_write(r.b, A, 0x00, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	rig_free(&r);
}

int main(void)
{
	RUN(power_on_registers);
	RUN(per_line_output);
	RUN(pointer_toggles_in_pair);
	RUN(pointer_kept_across_transactions);
	RUN(set_multiple_two_transactions);
	RUN(both_ports_one_transaction);
	RUN(polarity_inversion);
	RUN(input_pulled_low_and_interrupt);
	RUN(outputs_do_not_interrupt);
	RUN(output_fights_external_drive);
	RUN(bad_command_byte_nacked);
	RUN(input_register_write_ignored);
	return CHECK_DONE();
}
