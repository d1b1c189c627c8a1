// SPDX-License-Identifier: GPL-2.0
/* chip.c - the parts every model shares (chip.h). */
#include <stdlib.h>
#include <string.h>

#include "buses/bus.h"
#include "buses/log.h"
#include "buses/spi_bus.h"
#include "models/chip.h"

/* A zeroed model of v with its pins, named for reg; NULL if out of memory. */
static struct chip *chip_alloc(const struct chip_variant *v, uint16_t reg,
			       unsigned int lines, struct world *w)
{
	struct chip *c = calloc(1, v->family->size);

	if (!c || pinbank_init(&c->pins, w, lines)) {
		free(c);
		return NULL;
	}
	if (pinbank_init(&c->intpin, NULL, 1)) {
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
	return c;
}

/* The pins and the memory (the family's fini() is chip_destroy()'s). */
static void chip_free(struct chip *c)
{
	pinbank_free(&c->pins);
	pinbank_free(&c->intpin);
	free(c);
}

struct chip *chip_create(const struct chip_variant *v, uint16_t reg,
			 struct world *w, char *err, size_t errlen)
{
	struct chip *c;

	if (!v->family->init) {
		snprintf(err, errlen, "%s is an SPI part", v->part);
		return NULL;
	}
	c = chip_alloc(v, reg, v->lines, w);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (v->family->init(c, err, errlen)) {
		chip_free(c);
		return NULL;
	}
	return c;
}

struct chip *chip_create_spi(const struct chip_variant *v,
			     const struct spi_chip_cfg *cfg, struct world *w,
			     char *err, size_t errlen)
{
	const struct chip_family *f = v->family;
	unsigned int lines = v->lines;
	struct chip *c;

	if (!f->spi_init) {
		snprintf(err, errlen, "%s is not an SPI part", v->part);
		return NULL;
	}
	if (f->spi_lines)
		lines = f->spi_lines(v, cfg, err, errlen);
	if (!lines)
		return NULL;
	c = chip_alloc(v, cfg->cs, lines, w);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->cs = cfg->cs;
	if (f->spi_init(c, cfg, err, errlen)) {
		chip_free(c);
		return NULL;
	}
	return c;
}

void chip_destroy(struct chip *c)
{
	if (!c)
		return;
	if (c->v->family->fini)
		c->v->family->fini(c);
	chip_free(c);
}

uint64_t chip_bus_now_ns(const struct chip *c)
{
	if (c->bus)
		return bus_now_ns(c->bus);
	return c->spi ? spi_bus_now_ns(c->spi) : 0;
}

void chip_add_target(struct chip *c, uint16_t addr,
		     const struct i2c_target_ops *ops, void *priv)
{
	struct i2c_target *t = &c->targets[c->ntargets++];

	t->ops = ops;
	t->addr = addr;
	t->priv = priv;
}

/* The INT pin as the part drives it for c->irq (chip.h). */
static void int_pin_follow(struct chip *c)
{
	enum pin_drive idle = c->irq_push_pull ? DRV_HIGH : DRV_HIZ;

	if (c->irq_active_high)
		pin_set_drive(&c->intpin, 0, c->irq ? DRV_HIGH : DRV_LOW);
	else
		pin_set_drive(&c->intpin, 0, c->irq ? DRV_LOW : idle);
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
	int_pin_follow(c);
}

void chip_set_int_drive(struct chip *c, bool active_high, bool push_pull)
{
	c->irq_active_high = active_high;
	c->irq_push_pull = push_pull || active_high;
	int_pin_follow(c);
}

void chip_int_active_high(struct chip *c)
{
	chip_set_int_drive(c, true, true);
}
