// SPDX-License-Identifier: GPL-2.0
/*
 * test_ds4520.c - DS4520: the register map (pull-up enable, I/O control,
 * I/O status as register pairs, I/O_8 in the second), open-drain pins
 * with pull-ups, the datasheet's two-byte examples, user memory, and the
 * addresses the unpatched gpio-ds4520 used (NACKed).
 */
#include "check.h"
#include "fixture.h"

#define A 0x50

static struct rig r;

static struct chip *one(void)
{
	return rig_one(&r, 400000, "adi,ds4520-gpio", A);
}

TEST(ds4520_pins_and_registers)
{
	struct chip *c = one();

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 9);
	/* power-on: released, no pull-ups: floating pins read 1 */
	CHECK_EQ(reg_read(r.b, A, 0xf2), 0xff);
	CHECK_EQ(reg_read(r.b, A, 0xf3), 0x01);
	CHECK_EQ(reg_read(r.b, A, 0xf0), 0x00);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_Z);
	CHECK_EQ(reg_read(r.b, A, 0xf9), 0x01);
	/* pull-down on for I/O_0 and I/O_8 */
	CHECK_EQ(reg_write(r.b, A, 0xf2, 0xfe), 0);
	CHECK_EQ(reg_write(r.b, A, 0xf3, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_0);
	CHECK_EQ(reg_read(r.b, A, 0xf8), 0xfe);
	CHECK_EQ(reg_read(r.b, A, 0xf9), 0x00);
	/* a pull-up on a released pin; the outside pulls it down */
	CHECK_EQ(reg_write(r.b, A, 0xf0, 0x02), 0);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_1);
	CHECK_EQ(c->pins.pins[1].pull, DRV_WEAK_HIGH);
	ext(c, 1, 0);
	CHECK_EQ(reg_read(r.b, A, 0xf8), 0xfc);
	/* status is read only; the second registers keep bit 0 only */
	CHECK_EQ(reg_write(r.b, A, 0xf8, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 0xf8), 0xfc);
	CHECK_EQ(reg_write(r.b, A, 0xf1, 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, 0xf1), 0x01);
	CHECK_EQ(reg_write(r.b, A, 0xf4, 0x01), 0);	/* SEE */
	CHECK_EQ(reg_read(r.b, A, 0xf4), 0x01);
	rig_free(&r);
}

/* The datasheet's examples: two status bytes, two control bytes. */
TEST(ds4520_two_byte_transfers_and_memory)
{
	uint8_t cmd = 0xf8, v[2];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 2 },
	};
	uint8_t w[3] = { 0xf2, 0x00, 0x00 };
	struct chip *c = one();

	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 9), 0);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0], 0x00);
	CHECK_EQ(v[1], 0x00);
	CHECK_EQ(reg_write(r.b, A, 0x3f, 0xa5), 0);
	CHECK_EQ(reg_read(r.b, A, 0x3f), 0xa5);
	/* where gpio-ds4520 of 6.12 at 0x50 went: 0x40, 0x42, 0x48 */
	CHECK_EQ(reg_read(r.b, A, 0x40), -1);
	CHECK_EQ(reg_read(r.b, A, 0x48), -1);
	CHECK_EQ(reg_write(r.b, A, 0x42, 0x00), -1);
	CHECK_EQ(reg_read(r.b, A, 0xfa), -1);
	rig_free(&r);
	rig_init(&r, 400000);
	CHECK(rig_add(&r, "adi,ds4520-gpio", 0x20) == NULL);
	rig_free(&r);
}

int main(void)
{
	RUN(ds4520_pins_and_registers);
	RUN(ds4520_two_byte_transfers_and_memory);
	return CHECK_DONE();
}
