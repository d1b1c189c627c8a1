// SPDX-License-Identifier: GPL-2.0
/*
 * pca9570.c - PCA9570 (4 lines) and PCA9571 (8 lines): remote general
 * purpose outputs without registers (NXP PCA9570 datasheet, "I/O
 * programming"). Every written byte becomes the port (P7..P4 ignored on
 * the PCA9570) once ACKed; every read byte is the state at the pins, P7..P4
 * reading 1 on the PCA9570. The outputs are push-pull and high at power-on.
 * The device ID read through the general call address is not modelled.
 *
 * The SLG7XL45106 (a Dialog GreenPAK programmed as an 8-output expander,
 * gpio-pca9570's third part) has one register instead: a command byte
 * 0xDB, then the output byte; a read of 0xDB returns it. No datasheet
 * of it was found: the register is gpio-pca9570's and the Kria boards'
 * device trees' (reset lines), and what the model adds is assumed
 * (expander-models/README.md, its row): power-on 0x00, push-pull
 * outputs, reads return the latch, any other command byte NACKed.
 */

#include "models/chip.h"
#include "models/regfile.h"

#define SLG_GPO		0xdb

struct pca9570 {
	struct chip c;
	struct regfile rf;	/* SLG7XL45106 */
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

static bool slg_valid(void *model, uint8_t a)
{
	return a == SLG_GPO;
}

static uint8_t slg_read(void *model, uint8_t a)
{
	struct pca9570 *m = model;

	return m->out;
}

static void slg_write(void *model, uint8_t a, uint8_t v)
{
	struct pca9570 *m = model;

	m->out = v;
	apply(m);
}

static const struct regfile_rules slg_rules = {
	.size = 256, .step = REGFILE_STAY, .valid = slg_valid,
	.read = slg_read, .write = slg_write,
};

static int slg_init(struct chip *c, char *err, size_t errlen)
{
	struct pca9570 *m = CHIP_MODEL(c, struct pca9570);

	m->out = 0x00;
	regfile_add(&m->rf, c, c->reg, &slg_rules, m);
	apply(m);
	return 0;
}

static const struct chip_family slg_family = {
	.size = sizeof(struct pca9570),
	.init = slg_init,
};

const struct chip_variant pca9570_variants[] = {
	{ "nxp,pca9570", "pca9570", &pca9570_family, 4, NULL },
	{ "nxp,pca9571", "pca9571", &pca9570_family, 8, NULL },
	{ "dlg,slg7xl45106", "slg7xl45106", &slg_family, 8, NULL },
	{ NULL },
};
