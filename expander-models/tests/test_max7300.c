// SPDX-License-Identifier: GPL-2.0
/*
 * test_max7300.c - MAX7300: shutdown at power-on, port configuration
 * 2 bits per port, single and eight-port registers, and gpio-max730x's
 * probe and per-line sequences (i2c_smbus_{read,write}_byte_data);
 * transition detection on P24..P30 with INT on P31 (max730x.h).
 */
#include "check.h"
#include "fixture.h"

#define A 0x40

static struct rig r;

TEST(max7300_driver_sequences)
{
	struct chip *c;
	unsigned int i;

	c = rig_one(&r, 400000, "maxim,max7300", A);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 28);
	CHECK_EQ(reg_read(r.b, A, 0x04), 0x00);		/* shutdown */
	CHECK_EQ(reg_read(r.b, A, 0x09), 0xaa);
	/* probe: normal operation, every port input without pull-up */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x01), 0);
	for (i = 0x09; i <= 0x0f; i++)
		CHECK_EQ(reg_write(r.b, A, i, 0xaa), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	/* direction_output(line 0 = P4, 1): latch, then config */
	CHECK_EQ(reg_write(r.b, A, 0x24, 0x01), 0);
	CHECK_EQ(reg_write(r.b, A, 0x09, 0xa9), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(reg_write(r.b, A, 0x24, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	/* input with pull-up on P31 (line 27), read alone and by eight */
	CHECK_EQ(reg_write(r.b, A, 0x0f, 0xea), 0);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);
	CHECK_EQ(reg_read(r.b, A, 0x3f), 0x01);
	ext(c, 27, 0);
	CHECK_EQ(reg_read(r.b, A, 0x3f), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x5c), 0x07);	/* P28..P31, P32+ read 0 */
	CHECK_EQ(reg_read(r.b, A, 0x44) & 1, 0);	/* P4 low */
	CHECK_EQ(reg_read(r.b, A, 0x20), 0x00);	/* P0 does not exist */
	/* eight-port write to P4..P11 reaches the output port only */
	CHECK_EQ(reg_write(r.b, A, 0x44, 0xff), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_Z);
	/* 00 is reserved: P4 keeps its output mode */
	CHECK_EQ(reg_write(r.b, A, 0x09, 0xa8), 0);
	CHECK_EQ(reg_read(r.b, A, 0x09), 0xa9);
	/* shutdown releases every port */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	rig_free(&r);
}

/*
 * Transition detection: M = 1 snapshots P24..P30 and arms; a masked
 * port leaving the snapshot latches INT on P31 (an output) and clears
 * M; the port returning keeps INT; a configuration write clears it.
 */
TEST(max7300_transition_detection)
{
	struct chip *c = rig_one(&r, 400000, "maxim,max7300", A);

	CHECK(c != NULL);
	CHECK_EQ(reg_write(r.b, A, 0x0e, 0xbf), 0);	/* P24 up, P25-27 in */
	CHECK_EQ(reg_write(r.b, A, 0x0f, 0x6a), 0);	/* P31 out, P28-30 in */
	CHECK_EQ(reg_write(r.b, A, 0x3f, 0x01), 0);	/* P31 latch 1 */
	CHECK_EQ(reg_write(r.b, A, 0x06, 0xff), 0);	/* P24..P30; bit 7 RO */
	CHECK_EQ(reg_read(r.b, A, 0x06), 0x7f);
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x01), 0);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);	/* the latch */
	CHECK_EQ(reg_write(r.b, A, 0x06, 0x01), 0);	/* P24 alone */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x81), 0);	/* arm */
	CHECK_EQ(reg_read(r.b, A, 0x04), 0x81);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_0);	/* INT clear */
	ext(c, 21, 0);					/* P25: not masked */
	CHECK_EQ(pin_level(&c->pins, 27), PIN_0);
	ext(c, 20, 0);					/* P24 falls */
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);
	CHECK_EQ(reg_read(r.b, A, 0x04), 0x01);	/* disarmed */
	CHECK_EQ(reg_read(r.b, A, 0x06), 0x81);	/* INT */
	ext(c, 20, -1);					/* back: INT stays */
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);
	CHECK_EQ(reg_read(r.b, A, 0x06), 0x81);	/* a read clears nothing */
	/* re-arm: INT clear, a new snapshot (P24 high) */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x81), 0);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_0);
	ext(c, 20, 1);					/* driven high: no change */
	CHECK_EQ(pin_level(&c->pins, 27), PIN_0);
	ext(c, 20, 0);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);
	/* M = 0: INT clear, P31 its latch again */
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x01), 0);
	CHECK_EQ(reg_read(r.b, A, 0x06), 0x01);
	CHECK_EQ(pin_level(&c->pins, 27), PIN_1);
	rig_free(&r);
}

int main(void)
{
	RUN(max7300_driver_sequences);
	RUN(max7300_transition_detection);
	return CHECK_DONE();
}
