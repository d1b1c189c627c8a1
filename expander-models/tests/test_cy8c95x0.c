// SPDX-License-Identifier: GPL-2.0
/*
 * test_cy8c95x0.c - CY8C9520/40/60: device ID, the port layout (GPort2
 * of 4 bits), the port-select paged registers as pinctrl-cy8c95x0 uses
 * them, the exclusive drive modes, direction, interrupt status, the
 * auto-incremented pointer.
 */
#include "check.h"
#include "fixture.h"

#define A 0x20

static struct rig r;

static struct chip *one(const char *compat)
{
	return rig_one(&r, 400000, compat, A);
}

/* pinctrl-cy8c95x0's paged write: port select, then the register. */
static int paged_write(uint8_t port, uint8_t reg, uint8_t v)
{
	if (reg_write(r.b, A, 0x18, port))
		return -1;
	return reg_write(r.b, A, reg, v);
}

static int paged_read(uint8_t port, uint8_t reg)
{
	if (reg_write(r.b, A, 0x18, port))
		return -1;
	return reg_read(r.b, A, reg);
}

/* Every part: ID, power-on pins (pulled up), which port bits exist. */
TEST(cy8c95x0_every_part_id_and_ports)
{
	static const struct {
		const char *compat;
		unsigned int lines, id;
		uint8_t in[8];	/* input ports at power-on */
	} parts[] = {
		{ "cypress,cy8c9520", 20, 0x20,
		  { 0xff, 0xff, 0x0f, 0, 0, 0, 0, 0 } },
		{ "cypress,cy8c9540", 40, 0x40,
		  { 0xff, 0xff, 0x0f, 0xff, 0xff, 0x0f, 0, 0 } },
		{ "cypress,cy8c9560", 60, 0x60,
		  { 0xff, 0xff, 0x0f, 0xff, 0xff, 0xff, 0xff, 0xff } },
	};
	unsigned int i, p;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		struct chip *c = one(parts[i].compat);

		CHECK(c != NULL);
		CHECK_EQ(c->pins.n, parts[i].lines);
		CHECK_EQ(reg_read(r.b, A, 0x2e), (int)parts[i].id);
		for (p = 0; p < 8; p++) {
			CHECK_EQ(reg_read(r.b, A, p), parts[i].in[p]);
			CHECK_EQ(reg_read(r.b, A, 0x08 + p), 0xff);
		}
		/* power-on: outputs, latch 1, resistive pull-up */
		CHECK_EQ(pin_level(&c->pins, parts[i].lines - 1), PIN_1);
		CHECK_EQ(c->pins.pins[0].drive, DRV_WEAK_HIGH);
		CHECK_EQ(paged_read(0, 0x1c), 0x00);
		CHECK_EQ(paged_read(0, 0x1d), 0xff);
		CHECK_EQ(paged_read(0, 0x19), 0xff);
		rig_free(&r);
	}
	rig_init(&r, 400000);
	CHECK(rig_add(&r, "cypress,cy8c9520", 0x22) == NULL);
	rig_free(&r);
}

/* Line n >= 20 is port bit n + 4: line 20 of a CY8C9540 is GPort3 bit 0. */
TEST(cy8c9540_line_to_port_and_paged_registers)
{
	struct chip *c = one("cypress,cy8c9540");

	/* the driver's direction_output: output latch, then direction */
	CHECK_EQ(reg_write(r.b, A, 0x0b, 0xfe), 0);	/* GPort3 bit 0 = 0 */
	CHECK_EQ(paged_write(3, 0x1c, 0x00), 0);
	CHECK_EQ(pin_level(&c->pins, 20), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 19), PIN_1);	/* GPort2 bit 3 */
	/* GPort2 bit 3 is line 19 */
	CHECK_EQ(reg_write(r.b, A, 0x0a, 0xf7), 0);
	CHECK_EQ(pin_level(&c->pins, 19), PIN_0);
	/* each port has its own paged registers */
	CHECK_EQ(paged_write(1, 0x1c, 0xaa), 0);
	CHECK_EQ(paged_read(0, 0x1c), 0x00);
	CHECK_EQ(paged_read(1, 0x1c), 0xaa);
	CHECK_EQ(reg_read(r.b, A, 0x18), 1);
	/* ports past the part's read 0 and keep nothing */
	CHECK_EQ(paged_write(7, 0x1b, 0x55), 0);
	CHECK_EQ(reg_read(r.b, A, 0x1b), 0x00);
	rig_free(&r);
}

/* Pins a and b drive da and db. */
static void drives(const struct chip *c, unsigned int a, enum pin_drive da,
		   unsigned int b, enum pin_drive db)
{
	CHECK_EQ(c->pins.pins[a].drive, da);
	CHECK_EQ(c->pins.pins[b].drive, db);
}

/* A pin has one drive mode; a 1 written to a mode takes the pin over. */
TEST(cy8c95x0_drive_modes)
{
	struct chip *c = one("cypress,cy8c9520");

	CHECK_EQ(paged_write(0, 0x21, 0x0f), 0);	/* strong */
	CHECK_EQ(reg_read(r.b, A, 0x1d), 0xf0);	/* pull-up lost them */
	CHECK_EQ(reg_read(r.b, A, 0x21), 0x0f);
	CHECK_EQ(reg_write(r.b, A, 0x21, 0x00), 0);	/* a 0 changes nothing */
	CHECK_EQ(reg_read(r.b, A, 0x21), 0x0f);
	CHECK_EQ(reg_write(r.b, A, 0x08, 0x00), 0);
	drives(c, 0, DRV_LOW, 4, DRV_LOW);	/* pull-up: strong 0 */
	CHECK_EQ(reg_write(r.b, A, 0x08, 0xff), 0);
	drives(c, 0, DRV_HIGH, 4, DRV_WEAK_HIGH);
	/* open drain low: 1 releases; open drain high: 0 releases */
	CHECK_EQ(reg_write(r.b, A, 0x20, 0x01), 0);
	CHECK_EQ(reg_write(r.b, A, 0x1f, 0x02), 0);
	drives(c, 0, DRV_HIZ, 1, DRV_HIGH);
	CHECK_EQ(reg_write(r.b, A, 0x08, 0x00), 0);
	drives(c, 0, DRV_LOW, 1, DRV_HIZ);
	/* pull-down: 0 is the resistor, high impedance: nothing */
	CHECK_EQ(reg_write(r.b, A, 0x1e, 0x04), 0);
	CHECK_EQ(reg_write(r.b, A, 0x23, 0x08), 0);
	drives(c, 2, DRV_WEAK_LOW, 3, DRV_HIZ);
	CHECK_EQ(reg_read(r.b, A, 0x1d), 0xf0);
	CHECK_EQ(reg_read(r.b, A, 0x21), 0x00);
	rig_free(&r);
}

/* Input: the output stage off, the resistive modes' resistor stays. */
TEST(cy8c95x0_direction_and_inversion)
{
	struct chip *c = one("cypress,cy8c9520");

	CHECK_EQ(reg_write(r.b, A, 0x09, 0x00), 0);	/* GPort1 latch 0 */
	CHECK_EQ(pin_level(&c->pins, 8), PIN_0);
	CHECK_EQ(paged_write(1, 0x1c, 0xff), 0);	/* inputs */
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);	/* pulled up */
	ext(c, 9, 0);
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xfd);
	CHECK_EQ(paged_write(1, 0x1b, 0x0f), 0);	/* inversion */
	CHECK_EQ(reg_read(r.b, A, 0x01), 0xf2);
	/* strong mode, input: released */
	CHECK_EQ(paged_write(1, 0x21, 0x80), 0);
	CHECK_EQ(c->pins.pins[15].drive, DRV_HIZ);
	rig_free(&r);
}

TEST(cy8c95x0_interrupt_status)
{
	struct chip *c = one("cypress,cy8c9520");

	CHECK_EQ(c->has_irq, 1);
	CHECK_EQ(pin_level(&c->intpin, 0), PIN_0);	/* active high */
	CHECK_EQ(paged_write(0, 0x1c, 0x0f), 0);	/* 0-3 inputs */
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 0);				/* masked */
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x00);
	CHECK_EQ(paged_write(0, 0x19, 0xfd), 0);	/* unmask bit 1 */
	ext(c, 1, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(pin_level(&c->intpin, 0), PIN_1);
	ext(c, 1, -1);				/* latched until read */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x02);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x10), 0x00);
	/* an output's pin changing is no interrupt */
	CHECK_EQ(paged_write(0, 0x19, 0x00), 0);
	CHECK_EQ(reg_write(r.b, A, 0x08, 0x0f), 0);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* One transfer: the pointer moves on; 0x40 up is NACKed. */
TEST(cy8c95x0_pointer_increments)
{
	uint8_t cmd = 0x08, v[3];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 3 },
	};
	uint8_t w[4] = { 0x08, 0x11, 0x22, 0x03 };

	CHECK(one("cypress,cy8c9520") != NULL);
	CHECK_EQ(raw_write(r.b, A, w, 4), 0);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[0], 0x11);
	CHECK_EQ(v[1], 0x22);
	CHECK_EQ(v[2], 0x03);
	CHECK_EQ(reg_read(r.b, A, 0x24), 0x00);	/* reserved */
	CHECK_EQ(reg_read(r.b, A, 0x3f), 0x00);
	CHECK_EQ(reg_read(r.b, A, 0x40), -1);
	CHECK_EQ(reg_write(r.b, A, 0x2e, 0x00), 0);	/* ID read only */
	CHECK_EQ(reg_read(r.b, A, 0x2e), 0x20);
	rig_free(&r);
}

int main(void)
{
	RUN(cy8c95x0_every_part_id_and_ports);
	RUN(cy8c9540_line_to_port_and_paged_registers);
	RUN(cy8c95x0_drive_modes);
	RUN(cy8c95x0_direction_and_inversion);
	RUN(cy8c95x0_interrupt_status);
	RUN(cy8c95x0_pointer_increments);
	return CHECK_DONE();
}
