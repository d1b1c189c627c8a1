// SPDX-License-Identifier: GPL-2.0
/*
 * pca9570.c - PCA9570 (4 lines) and PCA9571 (8 lines): remote general
 * purpose outputs without registers (NXP PCA9570 datasheet, "I/O
 * programming"). Every written byte becomes the port (P7..P4 ignored on
 * the PCA9570) once ACKed; every read byte is the state at the pins, P7..P4
 * reading 1 on the PCA9570. The outputs are push-pull and high at power-on.
 * The device ID read through the general call address is not modelled.
 */

#include "models/chip.h"

struct pca9570 {
	struct chip c;
	uint8_t out;
};

static uint8_t valid(const struct pca9570 *m)
{
	return (1u << m->c.v->lines) - 1;
}

static void apply(struct pca9570 *m)
{
	unsigned int i;

	for (i = 0; i < m->c.v->lines; i++)
		pin_set_drive(&m->c.pins, i,
			      m->out & (1u << i) ? DRV_HIGH : DRV_LOW);
}

static int pca9570_start(struct i2c_target *t, bool read)
{
	return 0;
}

static int pca9570_write(struct i2c_target *t, uint8_t byte)
{
	struct pca9570 *m = t->priv;

	m->out = byte & valid(m);
	apply(m);
	return 0;
}

static uint8_t pca9570_read(struct i2c_target *t)
{
	struct pca9570 *m = t->priv;

	return pin_read_bits(&m->c.pins, 0, m->c.v->lines) | (uint8_t)~valid(m);
}

static const struct i2c_target_ops pca9570_ops = {
	.start = pca9570_start,
	.write = pca9570_write,
	.read = pca9570_read,
};

static int pca9570_init(struct chip *c, char *err, size_t errlen)
{
	struct pca9570 *m = CHIP_MODEL(c, struct pca9570);

	m->out = valid(m);
	chip_add_target(c, c->reg, &pca9570_ops, m);
	apply(m);
	return 0;
}

static const struct chip_family pca9570_family = {
	.size = sizeof(struct pca9570),
	.init = pca9570_init,
};

const struct chip_variant pca9570_variants[] = {
	{ "nxp,pca9570", "pca9570", &pca9570_family, 4, NULL },
	{ "nxp,pca9571", "pca9571", &pca9570_family, 8, NULL },
	{ NULL },
};
