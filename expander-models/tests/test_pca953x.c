// SPDX-License-Identifier: GPL-2.0
/*
 * test_pca953x.c - the rest of the pca953x family: the 8-line pointer,
 * the pca9536's and pca9537's four lines, the pca9556/pca9557/pca6107/
 * max7310 reset values, the MAX7310/MAX7312 timeout register, parts with
 * and without pull-ups, the XRA1202's extra registers, and the PCAL agile
 * I/O registers exactly as gpio-pca953x addresses them (recalc_addr:
 * 0x40 + ..., for 16 and for 8 lines).
 */
#include "check.h"
#include "fixture.h"

#define A 0x20

static struct rig r;

static struct chip *one(const char *compat)
{
	return rig_one(&r, 100000, compat, A);
}

/* 8-line parts keep the pointer: extra bytes rewrite the same register. */
TEST(pca9534_pointer_stays)
{
	uint8_t w[] = { 0x01, 0x12, 0x34 }, v[2];
	uint8_t cmd = 0x03;
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 2 },
	};

	CHECK(one("nxp,pca9534") != NULL);
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	CHECK_EQ(reg_read(r.b, A, 1), 0x34);
	CHECK_EQ(reg_read(r.b, A, 2), 0x00);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0], 0xff);
	CHECK_EQ(v[1], 0xff);
	CHECK_EQ(byte_read(r.b, A), 0xff);	/* still register 3 */
	CHECK_EQ(reg_read(r.b, A, 4), -1);	/* no register 4 */
	rig_free(&r);
}

TEST(pca9534_no_pullups)
{
	struct chip *c = one("nxp,pca9534");

	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	ext(c, 0, 0);
	CHECK_EQ(reg_read(r.b, A, 0), 0xfe);
	CHECK_EQ(c->irq, 0);
	ext(c, 0, 1);
	CHECK_EQ(c->irq, 1);
	rig_free(&r);
}

TEST(pca9554_pullups)
{
	struct chip *c = one("nxp,pca9554");

	CHECK_EQ(pin_level(&c->pins, 7), PIN_1);
	rig_free(&r);
}

static void pca9536_once(const char *compat);

TEST(pca9536_four_lines)
{
	static const char *const compat[] = { "nxp,pca9536", "ti,pca9536" };
	unsigned int i;

	for (i = 0; i < 2; i++)
		pca9536_once(compat[i]);
}

static void pca9536_once(const char *compat)
{
	struct chip *c = one(compat);

	CHECK_EQ(c->pins.n, 4);
	CHECK_EQ(c->has_irq, 0);
	CHECK_EQ(reg_read(r.b, A, 1), 0xff);
	CHECK_EQ(reg_write(r.b, A, 3, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 3), 0xf0);	/* missing lines read 1 */
	CHECK_EQ(reg_write(r.b, A, 1, 0x0a), 0);
	CHECK_EQ(reg_read(r.b, A, 1), 0xfa);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0xa);
	CHECK_EQ(reg_read(r.b, A, 0), 0xfa);
	CHECK_EQ(reg_write(r.b, A, 2, 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, 2), 0x0f);
	ext(c, 0, 1);
	CHECK_EQ(c->irq, 0);			/* no INT pin */
	rig_free(&r);
}

TEST(pca9557_reset_values)
{
	struct chip *c = one("nxp,pca9557");

	CHECK_EQ(reg_read(r.b, A, 1), 0x00);
	CHECK_EQ(reg_read(r.b, A, 2), 0xf0);
	CHECK_EQ(reg_read(r.b, A, 3), 0xff);
	ext(c, 7, 1);
	ext(c, 0, 1);
	CHECK_EQ(reg_read(r.b, A, 0) & 0x81, 0x01);	/* bit 7 inverted */
	/* the driver's probe clears the polarity register */
	CHECK_EQ(reg_write(r.b, A, 2, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 0) & 0x81, 0x81);
	CHECK_EQ(c->has_irq, 0);
	rig_free(&r);
}

TEST(max7310_timeout_register)
{
	CHECK(one("maxim,max7310") != NULL);
	CHECK_EQ(reg_read(r.b, A, 2), 0xf0);
	CHECK_EQ(reg_read(r.b, A, 1), 0x00);
	CHECK_EQ(reg_read(r.b, A, 4), 0x01);
	CHECK_EQ(reg_write(r.b, A, 4, 0x00), 0);
	CHECK_EQ(reg_read(r.b, A, 4), 0x00);
	CHECK_EQ(reg_read(r.b, A, 5), -1);
	rig_free(&r);
}

/* MAX7312: the timeout register follows the pairs, at 0x08, alone. */
TEST(max7312_timeout_register)
{
	uint8_t w[] = { 0x08, 0x00, 0x01 };

	CHECK(one("maxim,max7312") != NULL);
	CHECK_EQ(reg_read(r.b, A, 0x08), 0x01);
	CHECK_EQ(reg_read(r.b, A, 0x09), -1);
	CHECK_EQ(reg_read(r.b, A, 0x04), 0x00);	/* polarity resets to 0 */
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);	/* the pointer stays */
	CHECK_EQ(reg_read(r.b, A, 0x08), 0x01);
	CHECK_EQ(reg_read(r.b, A, 0x07), 0xff);
	rig_free(&r);
}

/* PCA9537: the PCA9536's four lines, with INT. */
TEST(pca9537_four_lines_with_int)
{
	struct chip *c = one("nxp,pca9537");

	CHECK_EQ(c->pins.n, 4);
	CHECK_EQ(c->has_irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	ext(c, 2, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0), 0xfb);
	CHECK_EQ(c->irq, 0);
	ext(c, 2, 1);
	CHECK_EQ(c->irq, 1);
	ext(c, 2, 0);				/* back to what was read */
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* The PCA9557's reset values: PCA9556 (no INT) and PCA6107 (INT). */
TEST(pca9556_pca6107_reset_values)
{
	static const char *const parts[] = { "nxp,pca9556", "ti,pca6107" };
	unsigned int i;

	for (i = 0; i < 2; i++) {
		struct chip *c = one(parts[i]);

		CHECK_EQ(reg_read(r.b, A, 1), 0x00);
		CHECK_EQ(reg_read(r.b, A, 2), 0xf0);
		CHECK_EQ(reg_read(r.b, A, 3), 0xff);
		CHECK_EQ(c->has_irq, i);
		rig_free(&r);
	}
}

/* Fixed ~100k pull-ups on some parts, none on the others. */
TEST(pullups_per_part)
{
	static const struct { const char *compat; int pin; } parts[] = {
		{ "onnn,cat9554", PIN_1 }, { "onnn,pca9654", PIN_1 },
		{ "onnn,pca9655", PIN_1 }, { "maxim,max7318", PIN_1 },
		{ "nxp,pca6408", PIN_Z }, { "nxp,pca6416", PIN_Z },
		{ "maxim,max7312", PIN_Z }, { "nxp,pcal9554b", PIN_Z },
		{ "exar,xra1202", PIN_Z },
	};
	unsigned int i;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		struct chip *c = one(parts[i].compat);

		CHECK_EQ(pin_level(&c->pins, 7), parts[i].pin);
		rig_free(&r);
	}
}

/*
 * XRA1202: pull-up enable 0x04, interrupt enable 0x05, three-state 0x06,
 * interrupt status 0x07 (read-only), rising / falling edge 0x08 / 0x09,
 * input filter 0x0a (reset on); nothing above.
 */
TEST(xra1202_registers)
{
	static const uint8_t reset[] = { 0, 0, 0, 0, 0, 0, 0xff };
	struct chip *c = one("exar,xra1202");
	unsigned int i;

	for (i = 0; i < sizeof(reset); i++)
		CHECK_EQ(reg_read(r.b, A, 4 + i), reset[i]);
	CHECK_EQ(reg_read(r.b, A, 0x0b), -1);
	CHECK_EQ(c->has_irq, 0);
	CHECK_EQ(reg_write(r.b, A, 0x04, 0x80), 0);	/* pull-up on P7 */
	CHECK_EQ(pin_level(&c->pins, 7), PIN_1);
	CHECK_EQ(reg_write(r.b, A, 0x03, 0x00), 0);	/* all outputs */
	CHECK_EQ(reg_write(r.b, A, 0x01, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(reg_write(r.b, A, 0x06, 0x01), 0);	/* P0 three-stated */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, 0x07), 0x00);
	rig_free(&r);
}

TEST(tca6416_floats)
{
	struct chip *c = one("ti,tca6416");

	CHECK_EQ(c->pins.n, 16);
	CHECK_EQ(pin_level(&c->pins, 15), PIN_Z);
	CHECK_EQ(reg_read(r.b, A, 0x4c), -1);	/* no PCAL registers */
	rig_free(&r);
}

TEST(every_16_line_part_toggles)
{
	static const char *const parts[] = {
		"nxp,pca9535", "nxp,pca9539", "ti,tca6416", "ti,tca9535",
		"ti,tca9539", "nxp,pcal9555a", "nxp,pcal6416", "nxp,pca6416",
		"nxp,pcal9535", "maxim,max7312", "maxim,max7318",
		"onnn,pca9655", "ti,tcal6416",
	};
	uint8_t w[] = { 0x06, 0x12, 0x34 };
	unsigned int i;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		CHECK(one(parts[i]) != NULL);
		CHECK_EQ(raw_write(r.b, A, w, 3), 0);
		CHECK_EQ(reg_read(r.b, A, 7), 0x34);
		rig_free(&r);
	}
}

TEST(every_8_line_part_keeps_pointer)
{
	static const char *const parts[] = {
		"nxp,pca9534", "nxp,pca9538", "nxp,pca9554", "nxp,pca9557",
		"ti,tca6408", "ti,tca9538", "ti,tca9554", "maxim,max7310",
		"nxp,pca6408", "nxp,pca9556", "ti,pca6107", "onnn,cat9554",
		"onnn,pca9654", "exar,xra1202", "nxp,pcal6408",
		"nxp,pcal9554b", "ti,tcal6408",
	};
	uint8_t w[] = { 0x03, 0x12, 0x34 };
	unsigned int i;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		CHECK(one(parts[i]) != NULL);
		CHECK_EQ(raw_write(r.b, A, w, 3), 0);
		CHECK_EQ(reg_read(r.b, A, 3), 0x34);
		rig_free(&r);
	}
}

/*
 * Every part, port 0 through the registers at the part's own offsets
 * (input 0, output nb, polarity 2nb, configuration 3nb for nb ports):
 * outputs reach the pins, inputs read outside drives, polarity inverts.
 */
TEST(every_part_in_out_polarity)
{
	static const char *const parts[] = {
		"nxp,pca9534", "nxp,pca9535", "nxp,pca9536", "ti,pca9536",
		"nxp,pca9538", "nxp,pca9539", "nxp,pca9554", "nxp,pca9555",
		"nxp,pca9557", "ti,tca6408", "ti,tca6416", "ti,tca9535",
		"ti,tca9538", "ti,tca9539", "ti,tca9554", "maxim,max7310",
		"nxp,pcal9555a", "nxp,pcal6416", "nxp,pca6408", "nxp,pca6416",
		"nxp,pca9537", "nxp,pca9556", "nxp,pcal6408", "nxp,pcal9535",
		"nxp,pcal9554b", "maxim,max7312", "maxim,max7318",
		"ti,pca6107", "onnn,cat9554", "onnn,pca9654", "onnn,pca9655",
		"exar,xra1202", "ti,tcal6408", "ti,tcal6416",
	};
	unsigned int i, p;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		struct chip *c = one(parts[i]);
		unsigned int nb, lines;
		uint8_t valid;

		CHECK(c != NULL);
		if (!c)
			continue;
		lines = c->pins.n;
		nb = (lines + 7) / 8;
		valid = lines >= 8 ? 0xff : (1u << lines) - 1;
		/* pca9557/max7310 polarity resets to 0xf0 */
		CHECK_EQ(reg_write(r.b, A, 2 * nb, 0x00), 0);
		CHECK_EQ(reg_write(r.b, A, nb, 0x5a), 0);	/* output */
		CHECK_EQ(reg_write(r.b, A, 3 * nb, 0x00), 0);	/* config */
		CHECK_EQ(pin_read_bits(&c->pins, 0, 8 < lines ? 8 : lines),
			 0x5a & valid);
		CHECK_EQ(reg_read(r.b, A, 0), (0x5a & valid) | (uint8_t)~valid);
		CHECK_EQ(reg_write(r.b, A, 3 * nb, 0xff), 0);	/* inputs */
		for (p = 0; p < 8 && p < lines; p++)
			ext(c, p, (0xc3 >> p) & 1);
		CHECK_EQ(reg_read(r.b, A, 0), (0xc3 & valid) | (uint8_t)~valid);
		CHECK_EQ(reg_write(r.b, A, 2 * nb, 0xff), 0);	/* polarity */
		CHECK_EQ(reg_read(r.b, A, 0), (0x3c & valid) | (uint8_t)~valid);
		rig_free(&r);
	}
}

/* PCAL9555A: 0x40.. as pca953x_recalc_addr() computes them. */
TEST(pcal_reset_values)
{
	static const uint8_t want[][2] = {
		{ 0x40, 0xff }, { 0x43, 0xff }, { 0x44, 0x00 }, { 0x45, 0x00 },
		{ 0x46, 0x00 }, { 0x47, 0x00 }, { 0x48, 0xff }, { 0x49, 0xff },
		{ 0x4a, 0xff }, { 0x4b, 0xff }, { 0x4c, 0x00 }, { 0x4d, 0x00 },
		{ 0x4f, 0x00 },
	};
	unsigned int i;

	CHECK(one("nxp,pcal9555a") != NULL);
	for (i = 0; i < sizeof(want) / sizeof(*want); i++)
		CHECK_EQ(reg_read(r.b, A, want[i][0]), want[i][1]);
	CHECK_EQ(reg_read(r.b, A, 0x4e), -1);
	CHECK_EQ(reg_read(r.b, A, 0x50), -1);
	rig_free(&r);
}

/*
 * 8-line PCAL parts (PCAL6408A datasheet table 6; gpio-pca953x's
 * bank_shift 0): strength 0x40/0x41, latch 0x42, pull enable 0x43, pull
 * select 0x44, mask 0x45, status 0x46, output configuration 0x4f.
 */
TEST(pcal_8_line_registers)
{
	static const char *const parts[] = {
		"nxp,pcal6408", "nxp,pcal9554b", "ti,tcal6408",
	};
	static const uint8_t want[][2] = {
		{ 0x40, 0xff }, { 0x41, 0xff }, { 0x42, 0x00 }, { 0x43, 0x00 },
		{ 0x44, 0xff }, { 0x45, 0xff }, { 0x46, 0x00 }, { 0x4f, 0x00 },
	};
	unsigned int i, k;

	for (k = 0; k < sizeof(parts) / sizeof(*parts); k++) {
		struct chip *c = one(parts[k]);

		for (i = 0; i < sizeof(want) / sizeof(*want); i++)
			CHECK_EQ(reg_read(r.b, A, want[i][0]), want[i][1]);
		CHECK_EQ(reg_read(r.b, A, 0x47), -1);
		CHECK_EQ(reg_read(r.b, A, 0x4e), -1);
		ext(c, 5, 0);
		CHECK_EQ(c->irq, 0);			/* masked */
		CHECK_EQ(reg_write(r.b, A, 0x45, 0xdf), 0);
		CHECK_EQ(c->irq, 1);
		CHECK_EQ(reg_read(r.b, A, 0x46), 0x20);
		CHECK_EQ(reg_read(r.b, A, 0x00), 0xdf);
		CHECK_EQ(c->irq, 0);
		CHECK_EQ(reg_write(r.b, A, 0x44, 0x7f), 0);	/* P7 down */
		CHECK_EQ(reg_write(r.b, A, 0x43, 0x80), 0);
		CHECK_EQ(pin_level(&c->pins, 7), PIN_0);
		rig_free(&r);
	}
}

/* set_config(BIAS_PULL_DOWN / PULL_UP): select, then enable. */
TEST(pcal_pull_up_down)
{
	struct chip *c = one("nxp,pcal9555a");

	CHECK_EQ(pin_level(&c->pins, 9), PIN_Z);
	CHECK_EQ(reg_write(r.b, A, 0x49, 0xfd), 0);	/* pin 9: down */
	CHECK_EQ(reg_write(r.b, A, 0x47, 0x02), 0);	/* enable */
	CHECK_EQ(pin_level(&c->pins, 9), PIN_0);
	CHECK_EQ(reg_write(r.b, A, 0x49, 0xff), 0);	/* pin 9: up */
	CHECK_EQ(pin_level(&c->pins, 9), PIN_1);
	CHECK_EQ(reg_write(r.b, A, 0x47, 0x00), 0);	/* BIAS_DISABLE */
	CHECK_EQ(pin_level(&c->pins, 9), PIN_Z);
	rig_free(&r);
}

/* Masked by default; unmasking lets INT and INT_STAT through. */
TEST(pcal_interrupt_mask_and_status)
{
	struct chip *c = one("nxp,pcal9555a");

	ext(c, 3, 1);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x4c), 0x00);
	CHECK_EQ(reg_write(r.b, A, 0x4a, 0xf7), 0);	/* unmask pin 3 */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x4c), 0x08);
	CHECK_EQ(reg_read(r.b, A, 0x4d), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x00), 0xf7);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x4c), 0x00);
	rig_free(&r);
}

/* Input latch: a pulse is held in the input register until read. */
TEST(pcal_input_latch)
{
	struct chip *c = one("nxp,pcal9555a");

	ext(c, 2, 1);
	CHECK_EQ(reg_write(r.b, A, 0x4a, 0xfb), 0);
	CHECK_EQ(reg_write(r.b, A, 0x44, 0x04), 0);	/* latch pin 2 */
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	ext(c, 2, 0);
	ext(c, 2, 1);					/* a short pulse */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x4c), 0x04);
	CHECK_EQ(reg_read(r.b, A, 0), 0xfb);		/* latched 0 */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);		/* live again */
	/* without the latch a pulse that ends leaves nothing */
	CHECK_EQ(reg_write(r.b, A, 0x44, 0x00), 0);
	ext(c, 2, 0);
	ext(c, 2, 1);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* Output port configuration: port 1 open-drain, a 1 releases the pin. */
TEST(pcal_open_drain_port)
{
	struct chip *c = one("nxp,pcal6416");

	CHECK_EQ(reg_write(r.b, A, 0x07, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);
	CHECK_EQ(reg_write(r.b, A, 0x4f, 0x02), 0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_Z);
	CHECK_EQ(reg_write(r.b, A, 0x03, 0xfe), 0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_0);
	CHECK_EQ(reg_read(r.b, A, 0x4f), 0x02);
	rig_free(&r);
}

int main(void)
{
	RUN(pca9534_pointer_stays);
	RUN(pca9534_no_pullups);
	RUN(pca9554_pullups);
	RUN(pca9536_four_lines);
	RUN(pca9557_reset_values);
	RUN(max7310_timeout_register);
	RUN(max7312_timeout_register);
	RUN(pca9537_four_lines_with_int);
	RUN(pca9556_pca6107_reset_values);
	RUN(pullups_per_part);
	RUN(xra1202_registers);
	RUN(pcal_8_line_registers);
	RUN(tca6416_floats);
	RUN(every_16_line_part_toggles);
	RUN(every_8_line_part_keeps_pointer);
	RUN(every_part_in_out_polarity);
	RUN(pcal_reset_values);
	RUN(pcal_pull_up_down);
	RUN(pcal_interrupt_mask_and_status);
	RUN(pcal_input_latch);
	RUN(pcal_open_drain_port);
	return CHECK_DONE();
}
