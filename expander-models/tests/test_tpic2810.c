// SPDX-License-Identifier: GPL-2.0
/*
 * test_tpic2810.c - TPIC2810: the subaddresses 0x11/0x22/0x44, open
 * drain outputs that sink for a 1, reads of the output register, and
 * gpio-tpic2810's write (i2c_smbus_write_byte_data(0x44, v)).
 */
#include "check.h"
#include "fixture.h"

#define A 0x60

static struct rig r;

static int cmd_write(uint8_t cmd, uint8_t v)
{
	uint8_t b[2] = { cmd, v };

	return raw_write(r.b, A, b, 2);
}

TEST(tpic2810_write_and_transfer)
{
	struct chip *c;

	c = rig_one(&r, 100000, "ti,tpic2810", A);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 8);
	/* power-up: all off, every drain open */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	CHECK_EQ(byte_read(r.b, A), 0x00);
	/* 0x44: shift register and outputs at once */
	CHECK_EQ(cmd_write(0x44, 0x81), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 7), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_Z);
	CHECK_EQ(byte_read(r.b, A), 0x81);
	/* 0x11 loads the shift register only; 0x22 transfers it */
	CHECK_EQ(cmd_write(0x11, 0x0f), 0);
	CHECK_EQ(byte_read(r.b, A), 0x81);
	CHECK_EQ(byte_write(r.b, A, 0x22), 0);
	CHECK_EQ(byte_read(r.b, A), 0x0f);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xf0);	/* z reads 1 */
	/* open drain: a board pull-up makes a released pin a 1 */
	pin_set_board_pullup(&c->pins, 6, true);
	CHECK_EQ(pin_level(&c->pins, 6), PIN_1);
	CHECK_EQ(cmd_write(0x22, 0x00), -1);	/* transfer takes no data */
	CHECK_EQ(cmd_write(0x33, 0x00), -1);	/* unknown subaddress */
	CHECK_EQ(byte_read(r.b, A), 0x0f);
	rig_free(&r);
}

int main(void)
{
	RUN(tpic2810_write_and_transfer);
	return CHECK_DONE();
}
