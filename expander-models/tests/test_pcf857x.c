// SPDX-License-Identifier: GPL-2.0
/*
 * test_pcf857x.c - quasi-bidirectional parts as gpio-pcf857x drives
 * them: i2c_smbus_{read,write}_byte on 8-line parts, 2-byte
 * i2c_master_{send,recv} on 16-line parts.
 */
#include "check.h"
#include "fixture.h"

#define A 0x20

static struct rig r;

static struct chip *one(const char *compat, uint16_t addr)
{
	return rig_one(&r, 100000, compat, addr);
}

TEST(pcf8574_power_on_high)
{
	struct chip *c = one("nxp,pcf8574", A);

	CHECK_EQ(byte_read(r.b, A), 0xff);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* A 1 is a weak pull-up: an outside driver pulls it low, it reads 0. */
TEST(quasi_bidirectional_input)
{
	struct chip *c = one("nxp,pcf8574", A);

	ext(c, 4, 0);
	CHECK_EQ(pin_level(&c->pins, 4), PIN_0);	/* no contention */
	CHECK_EQ(byte_read(r.b, A), 0xef);
	ext(c, 4, 1);
	CHECK_EQ(pin_level(&c->pins, 4), PIN_1);
	ext(c, 4, -1);
	CHECK_EQ(pin_level(&c->pins, 4), PIN_1);
	rig_free(&r);
}

/* A 0 sinks hard: an outside high fights it. */
TEST(quasi_output_low)
{
	struct chip *c = one("nxp,pcf8574", A);
	struct bus_counters k;

	CHECK_EQ(byte_write(r.b, A, 0x7e), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x7e);
	CHECK_EQ(byte_read(r.b, A), 0x7e);
	ext(c, 0, 1);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_X);
	bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 2);
	CHECK_EQ(k.bytes, 4);
	rig_free(&r);
}

TEST(interrupt_on_change_cleared_by_read)
{
	struct chip *c = one("nxp,pcf8574", A);

	ext(c, 2, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(byte_read(r.b, A), 0xfb);
	CHECK_EQ(c->irq, 0);
	ext(c, 2, -1);
	CHECK_EQ(c->irq, 1);
	ext(c, 2, 0);			/* back to what was read */
	CHECK_EQ(c->irq, 0);
	ext(c, 2, -1);
	CHECK_EQ(byte_write(r.b, A, 0xff), 0);	/* a write resets it too */
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/*
 * "Resetting occurs ... in the write mode at the acknowledge bit": the
 * write that moves the port's own pins resets the interrupt as it moves
 * them, so INT does not go active, not even for no time (no I record).
 * An interrupt pending on the other port of a 16-line part stays: that
 * port was not written.
 */
TEST(own_write_is_no_interrupt)
{
	struct chip *c = one("nxp,pcf8574", A);

	CHECK_EQ(byte_write(r.b, A, 0x0f), 0);
	CHECK_EQ(byte_write(r.b, A, 0xf0), 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(count_lines(rig_log(&r), "I chip="), 0);
	rig_free(&r);
	c = one("nxp,pcf8575", A);
	CHECK_EQ(word_write(r.b, A, 0x0fff), 0);	/* P17-P14 low */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(count_lines(rig_log(&r), "I chip="), 0);
	ext(c, 8, 0);			/* port 1: pending */
	CHECK_EQ(byte_write(r.b, A, 0x0f), 0);	/* port 0 only */
	CHECK_EQ(c->irq, 1);
	rig_free(&r);
}

/* pcf8575 set: one 2-byte write, P0x then P1x. */
TEST(pcf8575_word)
{
	struct chip *c = one("nxp,pcf8575", A);
	uint8_t three[] = { 0x00, 0x0f, 0xf0 };

	CHECK_EQ(c->pins.n, 16);
	CHECK_EQ(word_write(r.b, A, 0xbeef), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0xbeef);
	CHECK_EQ(word_read(r.b, A), 0xbeef);
	/* a third byte goes to port 0 again */
	CHECK_EQ(raw_write(r.b, A, three, 3), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x0ff0);
	rig_free(&r);
}

/* Reading port 0 resets only its half of the interrupt. */
TEST(pcf8575_interrupt_per_port)
{
	struct chip *c = one("nxp,pca9675", A);

	ext(c, 1, 0);
	ext(c, 9, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(byte_read(r.b, A), 0xfd);	/* port 0 only */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(word_read(r.b, A), 0xfdfd);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

TEST(no_int_parts)
{
	struct chip *c = one("nxp,pca9670", A);

	CHECK_EQ(c->has_irq, 0);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
	c = one("nxp,pca9671", A);
	CHECK_EQ(c->pins.n, 16);
	CHECK_EQ(c->has_irq, 0);
	rig_free(&r);
}

TEST(every_part_probes)
{
	static const char *const parts[] = {
		"nxp,pcf8574", "nxp,pcf8574a", "nxp,pca8574", "nxp,pca9670",
		"nxp,pca9672", "nxp,pca9674", "nxp,pcf8575", "nxp,pca8575",
		"nxp,pca9671", "nxp,pca9673", "nxp,pca9675", "maxim,max7328",
		"maxim,max7329", "gateworks,pld-gpio",
	};
	unsigned int i;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		struct chip *c = one(parts[i], 0x38);

		CHECK(c != NULL);
		/* the driver's probe: one read of the chip's width */
		if (c && c->pins.n == 8)
			CHECK_EQ(byte_read(r.b, 0x38), 0xff);
		else
			CHECK_EQ(word_read(r.b, 0x38), 0xffff);
		rig_free(&r);
	}
}

/*
 * Every part, quasi-bidirectional on every line: a written 0 sinks, a
 * written 1 is a weak high that an outside low overrides and that reads
 * back as that low; INT (where the part has one) follows and a read
 * releases it.
 */
TEST(every_part_quasi_bidirectional)
{
	static const struct { const char *compat; bool irq; } parts[] = {
		{ "nxp,pcf8574", true }, { "nxp,pcf8574a", true },
		{ "nxp,pca8574", true }, { "nxp,pca9670", false },
		{ "nxp,pca9672", true }, { "nxp,pca9674", true },
		{ "nxp,pcf8575", true }, { "nxp,pca8575", true },
		{ "nxp,pca9671", false }, { "nxp,pca9673", true },
		{ "nxp,pca9675", true }, { "maxim,max7328", true },
		{ "maxim,max7329", true }, { "gateworks,pld-gpio", false },
	};
	unsigned int i, n;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		struct chip *c = one(parts[i].compat, A);

		CHECK(c != NULL);
		if (!c)
			continue;
		n = c->pins.n;
		if (n == 8)
			CHECK_EQ(byte_write(r.b, A, 0xf0), 0);
		else
			CHECK_EQ(word_write(r.b, A, 0xf0f0), 0);
		CHECK_EQ(pin_read_bits(&c->pins, 0, n),
			 n == 8 ? 0xf0u : 0xf0f0u);
		ext(c, n - 1, 0);	/* a weak 1 pulled low */
		CHECK_EQ(pin_level(&c->pins, n - 1), PIN_0);
		CHECK_EQ(c->irq, parts[i].irq);
		if (n == 8)
			CHECK_EQ(byte_read(r.b, A), 0x70);
		else
			CHECK_EQ(word_read(r.b, A), 0x70f0);
		CHECK_EQ(c->irq, 0);
		ext(c, 0, 1);		/* a strong 0 fought: contention */
		CHECK_EQ(pin_level(&c->pins, 0), PIN_X);
		rig_free(&r);
	}
}

/*
 * gpio-gw-pld's sequences (i2c_smbus_write_byte / read_byte): a line
 * made an input writes the whole latch with its bit at 1, a get reads
 * the byte; the PLD has no INT.
 */
TEST(gw_pld_driver_sequences)
{
	struct chip *c = one("gateworks,pld-gpio", 0x56);

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 8);
	CHECK_EQ(c->has_irq, 0);
	CHECK_EQ(byte_write(r.b, 0x56, 0xfe), 0);	/* line 0 output 0 */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	ext(c, 5, 0);					/* an input driven */
	CHECK_EQ(byte_read(r.b, 0x56), 0xde);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(byte_write(r.b, 0x56, 0xff), 0);	/* line 0 input */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);	/* weak high */
	rig_free(&r);
}

int main(void)
{
	RUN(pcf8574_power_on_high);
	RUN(quasi_bidirectional_input);
	RUN(quasi_output_low);
	RUN(interrupt_on_change_cleared_by_read);
	RUN(own_write_is_no_interrupt);
	RUN(pcf8575_word);
	RUN(pcf8575_interrupt_per_port);
	RUN(no_int_parts);
	RUN(every_part_probes);
	RUN(every_part_quasi_bidirectional);
	RUN(gw_pld_driver_sequences);
	return CHECK_DONE();
}
