// SPDX-License-Identifier: GPL-2.0
/*
 * test_adnp.c - the Avionic Design N-bit expander as gpio-adnp drives
 * it: 48 lines in the layout for 64 (8 bytes per kind), the driver's
 * direction and value sequences byte for byte, interrupt status, the
 * bytes and commands the part lacks.
 */
#include "check.h"
#include "fixture.h"

#define A 0x41
#define DDR 0x00
#define PLR 0x08
#define IER 0x10
#define ISR 0x18
#define PTR 0x20

static struct rig r;

static struct chip *one(void)
{
	return rig_one(&r, 400000, "ad,gpio-adnp", A);
}

/* gpio-adnp's direction_output(line, value), its five transactions. */
static int direction_output(unsigned int line, int value)
{
	uint8_t reg = line / 8, bit = 1u << (line % 8);
	int v = reg_read(r.b, A, DDR + reg);

	if (v < 0 || reg_write(r.b, A, DDR + reg, v | bit))
		return -1;
	v = reg_read(r.b, A, DDR + reg);
	if (v < 0 || !(v & bit))
		return -1;
	v = reg_read(r.b, A, PLR + reg);
	if (v < 0)
		return -1;
	return reg_write(r.b, A, PLR + reg, value ? v | bit : v & ~bit);
}

TEST(adnp_layout_and_driver_sequences)
{
	struct chip *c = one();
	struct bus_counters n0, n1;

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 48);
	CHECK_EQ(c->has_irq, 1);
	/* power-on: inputs, nothing drives: floating pins read 1 */
	CHECK_EQ(reg_read(r.b, A, DDR + 5), 0x00);
	CHECK_EQ(pin_level(&c->pins, 47), PIN_Z);
	bus_get_counters(r.b, &n0);
	CHECK_EQ(direction_output(47, 0), 0);
	bus_get_counters(r.b, &n1);
	CHECK_EQ(n1.transactions - n0.transactions, 5);
	CHECK_EQ(pin_level(&c->pins, 47), PIN_0);
	CHECK_EQ(direction_output(8, 1), 0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);
	CHECK_EQ(reg_read(r.b, A, DDR + 1), 0x01);
	CHECK_EQ(reg_read(r.b, A, DDR + 5), 0x80);
	/* PLR reads the pins: line 8 high, 9-15 floating inputs */
	CHECK_EQ(reg_read(r.b, A, PLR + 1), 0xff);
	/* direction_input: clear, read back */
	CHECK_EQ(reg_write(r.b, A, DDR + 5, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, DDR + 5), 0x00);
	ext(c, 40, 0);
	CHECK_EQ(reg_read(r.b, A, PLR + 5), 0xfe);
	/* bytes 6 and 7 of each kind have no lines; past PTR is NACKed */
	CHECK_EQ(reg_write(r.b, A, DDR + 6, 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, DDR + 6), 0x00);
	CHECK_EQ(reg_read(r.b, A, PLR + 7), 0x00);
	CHECK_EQ(reg_write(r.b, A, PTR + 2, 0x5a), 0);
	CHECK_EQ(reg_read(r.b, A, PTR + 2), 0x5a);
	CHECK_EQ(reg_read(r.b, A, 0x28), -1);
	rig_free(&r);
}

TEST(adnp_interrupt_status_and_pointer)
{
	struct chip *c = one();
	uint8_t cmd = PLR, v[2];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 2 },
	};

	CHECK_EQ(reg_write(r.b, A, IER + 0, 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x00);
	ext(c, 3, 0);
	ext(c, 3, -1);
	ext(c, 12, 0);
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x08);	/* latched */
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x00);	/* cleared */
	CHECK_EQ(reg_read(r.b, A, ISR + 1), 0x10);
	CHECK_EQ(reg_read(r.b, A, IER + 0), 0xff);
	/* an output changing is no input change */
	CHECK_EQ(direction_output(0, 0), 0);
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x00);
	/* the pointer stays: a two-byte read repeats the register */
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0], 0xfe);
	CHECK_EQ(v[1], 0xfe);
	rig_free(&r);
}

/*
 * INT (assumed from the driver: rising edge, isr & ier): active high,
 * push-pull; high while an ISR bit with its IER bit is set, so reading
 * ISR drops it and the next change raises it again.
 */
TEST(adnp_int_follows_isr_and_ier)
{
	struct chip *c = one();

	CHECK(c->has_irq);
	CHECK_EQ(pin_level(&c->intpin, 0), PIN_0);
	ext(c, 3, 0);
	CHECK(!c->irq);				/* IER 0: latched, no INT */
	CHECK_EQ(reg_write(r.b, A, IER + 0, 0x08), 0);
	CHECK(c->irq);				/* enabling shows it */
	CHECK_EQ(pin_level(&c->intpin, 0), PIN_1);
	CHECK_EQ(reg_read(r.b, A, PLR + 0) & 0x08, 0);
	CHECK(c->irq);				/* PLR clears nothing */
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x08);
	CHECK(!c->irq);				/* reading ISR drops it */
	CHECK_EQ(pin_level(&c->intpin, 0), PIN_0);
	ext(c, 3, 1);
	CHECK(c->irq);				/* the next change: again */
	CHECK_EQ(reg_write(r.b, A, IER + 0, 0x00), 0);
	CHECK(!c->irq);				/* masked: off, still latched */
	CHECK_EQ(reg_read(r.b, A, ISR + 0), 0x08);
	ext(c, 4, 0);
	CHECK(!c->irq);				/* a line not enabled */
	rig_free(&r);
}

/*
 * nr-gpios picks the layout: 16 lines are 2 bytes per kind (DDR 0x00,
 * PLR 0x02, IER 0x04, ISR 0x06, PTR 0x08); without it the part has 48.
 */
TEST(adnp_nr_gpios_picks_the_layout)
{
	struct board *bd = board_or_exit(BOARD("adnp"));
	struct bus *b = board_slot(bd, 5);
	struct chip *c16, *c48, *cdef;
	char err[256];

	CHECK(b != NULL);
	c48 = board_chip_at(bd, b, 0x41);
	c16 = board_chip_at(bd, b, 0x42);
	cdef = board_chip_at(bd, b, 0x43);
	CHECK(c48 && c16 && cdef);
	CHECK_EQ(c48->pins.n, 48);
	CHECK_EQ(c16->pins.n, 16);
	CHECK_EQ(cdef->pins.n, 48);
	/* line 9 of the 16-line part: byte 1 of DDR (0x01) and PLR (0x03) */
	CHECK_EQ(reg_write(b, 0x42, 0x01, 0x02), 0);
	CHECK_EQ(reg_write(b, 0x42, 0x03, 0x00), 0);
	CHECK_EQ(pin_level(&c16->pins, 9), PIN_0);
	ext(c16, 2, 0);
	CHECK_EQ(reg_read(b, 0x42, 0x02), 0xfb);
	CHECK_EQ(reg_read(b, 0x42, 0x0a), -1);	/* past PTR */
	board_free(bd);
	CHECK(board_load(BOARD("adnp-bad-lines"), err, sizeof(err)) == NULL);
	CHECK(strstr(err, "with 12 lines (nr-gpios)") != NULL);
}

int main(void)
{
	RUN(adnp_layout_and_driver_sequences);
	RUN(adnp_interrupt_status_and_pointer);
	RUN(adnp_int_follows_isr_and_ier);
	RUN(adnp_nr_gpios_picks_the_layout);
	return CHECK_DONE();
}
