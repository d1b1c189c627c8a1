// SPDX-License-Identifier: GPL-2.0
/* chip.c - model registry and the parts every model shares. */
#include <stdlib.h>
#include <string.h>

#include "chip.h"
#include "log.h"

/* The registry: every family's table of parts. */
static const struct chip_variant *const families[] = {
	pca953x_variants,
	pcf857x_variants,
	max732x_variants,
	pca9570_variants,
	tpic2810_variants,
	fxl6408_variants,
	mcp230xx_variants,
	max7300_variants,
	cy8c95x0_variants,
	adnp_variants,
	ds4520_variants,
	NULL,
};

const struct chip_variant *chip_variant_find(const char *compatible)
{
	const struct chip_variant *const *f;
	const struct chip_variant *v;

	for (f = families; *f; f++)
		for (v = *f; v->compatible; v++)
			if (!strcmp(v->compatible, compatible))
				return v;
	return NULL;
}

const struct chip_variant *chip_variant_find_lines(const char *compatible,
						   unsigned int lines)
{
	const struct chip_variant *const *f;
	const struct chip_variant *v;

	for (f = families; *f; f++)
		for (v = *f; v->compatible; v++)
			if (!strcmp(v->compatible, compatible) &&
			    v->lines == lines)
				return v;
	return NULL;
}

struct chip *chip_create(const struct chip_variant *v, uint16_t reg,
			 struct world *w, char *err, size_t errlen)
{
	struct chip *c = calloc(1, v->family->size);

	if (!c || pinbank_init(&c->pins, w, v->lines)) {
		snprintf(err, errlen, "out of memory");
		free(c);
		return NULL;
	}
	if (pinbank_init(&c->intpin, NULL, 1)) {
		snprintf(err, errlen, "out of memory");
		pinbank_free(&c->pins);
		free(c);
		return NULL;
	}
	c->v = v;
	c->w = w;
	c->reg = reg;
	snprintf(c->name, sizeof(c->name), "%s@%x", v->part, reg);
	c->pins.chip = c->name;
	c->intpin.chip = c->name;
	if (v->family->init(c, err, errlen)) {
		pinbank_free(&c->pins);
		pinbank_free(&c->intpin);
		free(c);
		return NULL;
	}
	return c;
}

void chip_destroy(struct chip *c)
{
	if (!c)
		return;
	pinbank_free(&c->pins);
	pinbank_free(&c->intpin);
	free(c);
}

void chip_add_target(struct chip *c, uint16_t addr,
		     const struct i2c_target_ops *ops, void *priv)
{
	struct i2c_target *t = &c->targets[c->ntargets++];

	t->ops = ops;
	t->addr = addr;
	t->priv = priv;
}

void chip_set_irq(struct chip *c, bool asserted)
{
	struct world *w = c->w;

	if (c->irq == asserted)
		return;
	c->irq = asserted;
	if (c->irq_changes)
		(*c->irq_changes)++;
	if (w && w->log)
		log_irq(w->log, c->name, c->pins.bus,
			!asserted, asserted, w->ev.bus_ns, w->ev.clk,
			w->ev.wall_ns);
	if (w) {
		struct world_change ch = { c->name, NULL, -1, asserted };

		world_changed(w, &ch);
	}
	/* After the I record: what the INT net does follows from it. */
	pin_set_drive(&c->intpin, 0, asserted ? DRV_LOW : DRV_HIZ);
}
