// SPDX-License-Identifier: GPL-2.0
/* chip.c - model registry and the parts every model shares. */
#include <string.h>

#include "bus.h"
#include "chip.h"
#include "log.h"
#include "spi_bus.h"

static const struct chip_variant *const families[] = {
	pca953x_variants,
	pcf857x_variants,
	max732x_variants,
	hc595_variants,
	hc165_variants,
	max7301_variants,
	mc33880_variants,
	mcp23s08_variants,
	xra1403_variants,
	max3191x_variants,
	sc18is602_variants,
	NULL,
};

const struct chip_variant *const *chip_families(void)
{
	return families;
}

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

int chip_init_lines(struct chip *c, const struct chip_variant *v,
		    struct world *w, uint16_t reg, unsigned int lines)
{
	c->v = v;
	c->w = w;
	c->reg = reg;
	snprintf(c->name, sizeof(c->name), "%s@%x", v->part, reg);
	c->pins.chip = c->name;
	if (pinbank_init(&c->intpin, NULL, 1))
		return -1;
	c->intpin.chip = c->name;
	if (pinbank_init(&c->pins, w, lines)) {
		pinbank_free(&c->intpin);
		return -1;
	}
	return 0;
}

int chip_init(struct chip *c, const struct chip_variant *v,
	      struct world *w, uint16_t reg)
{
	return chip_init_lines(c, v, w, reg, v->lines);
}

void chip_fini(struct chip *c)
{
	pinbank_free(&c->pins);
	pinbank_free(&c->intpin);
}

void chip_destroy(struct chip *c)
{
	if (c)
		c->v->family->destroy(c);
}

void chip_add_target(struct chip *c, uint16_t addr,
		     const struct i2c_target_ops *ops, void *priv)
{
	struct i2c_target *t = &c->targets[c->ntargets++];

	t->ops = ops;
	t->addr = addr;
	t->priv = priv;
}

const char *chip_bus_name(const struct chip *c)
{
	if (c->bus)
		return bus_name(c->bus);
	return c->spi ? spi_bus_name(c->spi) : NULL;
}

uint64_t chip_bus_now_ns(const struct chip *c)
{
	if (c->bus)
		return bus_now_ns(c->bus);
	return c->spi ? spi_bus_now_ns(c->spi) : 0;
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
		log_irq(w->log, c->name, chip_bus_name(c),
			!asserted, asserted, w->now_ns, w->clk, w->wall_ns);
	/* After the I record: what the net does follows from it. */
	pin_set_drive(&c->intpin, 0, asserted ? DRV_LOW : DRV_HIZ);
}
