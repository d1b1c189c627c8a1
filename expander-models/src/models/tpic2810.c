// SPDX-License-Identifier: GPL-2.0
/*
 * tpic2810.c - TI TPIC2810, an 8-bit LED driver: eight open-drain DMOS
 * low-side outputs behind a shift register and an output storage register
 * (TI SLIS109 datasheet). The first written byte is a subaddress:
 *   0x11  the next byte goes into the shift register only
 *   0x22  the shift register is transferred to the outputs (no data)
 *   0x44  the next byte goes into the shift register and to the outputs
 *         (what gpio-tpic2810 writes: i2c_smbus_write_byte_data(0x44, v))
 * any other subaddress is NACKed. A read returns the output register.
 * A 1 in the output register turns the DMOS on: the pin sinks (strong 0);
 * a 0 leaves it open (hi-Z), so the pins show the inverse of the register
 * unless something else drives them. Power-up clears every register (all
 * off); G (output enable) is taken as held low. The thermal shutdown is
 * not modelled.
 */

#include "models/chip.h"

#define CMD_WRITE	0x11
#define CMD_TRANSFER	0x22
#define CMD_WS		0x44

struct tpic2810 {
	struct chip c;
	uint8_t shift, out;
	uint8_t cmd;
	bool cmd_next;
};

static void apply(struct tpic2810 *m)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		pin_set_drive(&m->c.pins, i,
			      m->out & (1u << i) ? DRV_LOW : DRV_HIZ);
}

static int tpic2810_start(struct i2c_target *t, bool read)
{
	struct tpic2810 *m = t->priv;

	if (!read)
		m->cmd_next = true;
	return 0;
}

static int tpic2810_write(struct i2c_target *t, uint8_t byte)
{
	struct tpic2810 *m = t->priv;

	if (m->cmd_next) {
		if (byte != CMD_WRITE && byte != CMD_TRANSFER &&
		    byte != CMD_WS)
			return -1;
		m->cmd = byte;
		m->cmd_next = false;
		if (byte == CMD_TRANSFER) {
			m->out = m->shift;
			apply(m);
		}
		return 0;
	}
	if (m->cmd == CMD_TRANSFER)
		return -1;	/* the transfer command takes no data */
	m->shift = byte;
	if (m->cmd == CMD_WS) {
		m->out = byte;
		apply(m);
	}
	return 0;
}

static uint8_t tpic2810_read(struct i2c_target *t)
{
	struct tpic2810 *m = t->priv;

	return m->out;
}

static const struct i2c_target_ops tpic2810_ops = {
	.start = tpic2810_start,
	.write = tpic2810_write,
	.read = tpic2810_read,
};

static int tpic2810_init(struct chip *c, char *err, size_t errlen)
{
	struct tpic2810 *m = CHIP_MODEL(c, struct tpic2810);

	m->cmd_next = true;
	chip_add_target(c, c->reg, &tpic2810_ops, m);
	apply(m);
	return 0;
}

static const struct chip_family tpic2810_family = {
	.size = sizeof(struct tpic2810),
	.init = tpic2810_init,
};

const struct chip_variant tpic2810_variants[] = {
	{ "ti,tpic2810", "tpic2810", &tpic2810_family, 8, NULL },
	{ NULL },
};
