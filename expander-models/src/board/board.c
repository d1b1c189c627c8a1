// SPDX-License-Identifier: GPL-2.0
/* board.c - one board's buses and chips (board.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "board/stim.h"
#include "buses/gpio_lines.h"
#include "buses/log.h"
#include "buses/spi_bus.h"
#include "buses/spi_gpio.h"

struct board {
	struct world w;
	unsigned int nbuses;
	struct bus *buses[BOARD_MAX_BUSES];
	unsigned int nchips;
	struct chip **chips;
	unsigned int ngpios;
	struct gpio_lines *gpios[BOARD_MAX_GPIOS];
	uint64_t marks;
	/* SPI buses: behind bridges (their chips own them) and spi-gpio's. */
	unsigned int nspi;
	struct spi_bus *spi[BOARD_MAX_BUSES];
	unsigned int nspigpio;
	struct spi_gpio_host *spigpio[BOARD_MAX_GPIOS];
	struct stim *stim;	/* storms and armed changes (stim.h) */
};

static void *fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return NULL;
}

struct board *board_new(void)
{
	struct board *bd = calloc(1, sizeof(*bd));

	if (!bd)
		return NULL;
	world_init(&bd->w);
	bd->stim = stim_new(&bd->w);
	if (!bd->stim) {
		world_destroy(&bd->w);
		free(bd);
		return NULL;
	}
	return bd;
}

struct bus *board_add_bus(struct board *bd, int slot, uint32_t hz,
			  char *err, size_t errlen)
{
	char name[32];
	struct bus *b;
	unsigned int i;

	for (i = 0; i < bd->nbuses; i++)
		if (bus_mmio_slot(bd->buses[i]) == slot)
			return fail(err, errlen, "two buses on slot %d", slot);
	for (i = 0; i < bd->ngpios; i++)
		if (bd->gpios[i]->slot == slot)
			return fail(err, errlen, "a bus and a gpio controller "
				    "on slot %d", slot);
	if (bd->nbuses == BOARD_MAX_BUSES)
		return fail(err, errlen, "more than %d buses",
			    BOARD_MAX_BUSES);
	if (!hz)
		return fail(err, errlen, "i2c%d: clock-frequency 0", slot);
	snprintf(name, sizeof(name), "i2c%d", slot);
	b = bus_new(&bd->w, name, slot, hz);
	if (!b)
		return fail(err, errlen, "out of memory");
	bus_set_byte_hook(b, stim_on_byte, bd->stim);
	bd->buses[bd->nbuses++] = b;
	return b;
}

static void unplace(struct chip *c, unsigned int n)
{
	while (n--)
		bus_detach(c->bus, &c->targets[n]);
}

/*
 * Put the chip's targets on bus b and count its pin and INT changes
 * there. -1 if an address is taken (*clash says which; nothing is left
 * attached then).
 */
static int place(struct chip *c, struct bus *b, uint16_t *clash)
{
	unsigned int i;

	c->bus = b;
	for (i = 0; i < c->ntargets; i++) {
		if (bus_attach(b, &c->targets[i])) {
			*clash = c->targets[i].addr;
			unplace(c, i);
			return -1;
		}
	}
	c->pins.bus = bus_name(b);
	c->pins.changes = bus_pin_counter(b);
	c->irq_changes = bus_irq_counter(b);
	return 0;
}

static int keep_chip(struct board *bd, struct chip *c)
{
	struct chip **nc;

	nc = realloc(bd->chips, (bd->nchips + 1) * sizeof(*nc));
	if (!nc)
		return -1;
	bd->chips = nc;
	bd->chips[bd->nchips++] = c;
	return 0;
}

/* A bridge's SPI bus, named spi<slot>-<addr>, goes on the board. */
static int bridge_bus(struct board *bd, struct chip *c, char *err,
		      size_t errlen)
{
	char name[32];

	snprintf(name, sizeof(name), "spi%d-%02x", bus_mmio_slot(c->bus),
		 c->reg);
	spi_bus_set_name(c->spi_master, name);
	return board_add_spi(bd, c->spi_master, err, errlen);
}

struct chip *board_add_chip(struct board *bd, struct bus *b,
			    const struct chip_variant *v, uint16_t reg,
			    const char *name, char *err, size_t errlen)
{
	struct chip *c, *other;
	FILE *log = bd->w.log;
	char why[128] = "";
	uint16_t clash;

	/* A chip's power-on settling is no event: it is not logged. */
	bd->w.log = NULL;
	c = chip_create(v, reg, &bd->w, why, sizeof(why));
	bd->w.log = log;
	if (!c)
		return fail(err, errlen, "%s on %s: %s", name, bus_name(b),
			    why);
	snprintf(c->name, sizeof(c->name), "%s", name);
	if (place(c, b, &clash)) {
		other = board_chip_at(bd, b, clash);
		fail(err, errlen, "%s on %s: address 0x%02x already taken "
		     "by %s", name, bus_name(b), clash,
		     other ? other->name : "?");
		chip_destroy(c);
		return NULL;
	}
	if (keep_chip(bd, c)) {
		unplace(c, c->ntargets);
		chip_destroy(c);
		return fail(err, errlen, "out of memory");
	}
	if (c->spi_master && bridge_bus(bd, c, err, errlen))
		return NULL;	/* the board has the chip: board_free() */
	return c;
}

struct chip *board_add_spi_chip(struct board *bd, struct spi_bus *sb,
				const struct chip_variant *v,
				const struct spi_chip_cfg *cfg,
				const struct spi_dev_cfg *dev, const char *name,
				char *err, size_t errlen)
{
	FILE *log = bd->w.log;
	char why[128] = "";
	struct chip *c;
	unsigned int i;

	if (!dev->max_hz)
		return fail(err, errlen, "%s on %s: no spi-max-frequency (the "
			    "bus clock comes from it)", name, spi_bus_name(sb));
	if (spi_bus_add_dev(sb, cfg->cs, dev))
		return fail(err, errlen, "%s on %s: chip select %d taken or "
			    "out of range", name, spi_bus_name(sb),
			    (int)cfg->cs);
	bd->w.log = NULL;
	c = chip_create_spi(v, cfg, &bd->w, why, sizeof(why));
	bd->w.log = log;
	if (!c)
		return fail(err, errlen, "%s on %s: %s", name,
			    spi_bus_name(sb), why);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->spi = sb;
	c->pins.bus = spi_bus_name(sb);
	c->pins.changes = spi_bus_pin_counter(sb);
	c->irq_changes = spi_bus_irq_counter(sb);
	if (keep_chip(bd, c)) {
		chip_destroy(c);
		return fail(err, errlen, "out of memory");
	}
	for (i = 0; i < c->nspi; i++)
		spi_bus_attach(sb, cfg->cs, c->spi_targets[i]);
	return c;
}

int board_add_spi(struct board *bd, struct spi_bus *sb, char *err,
		  size_t errlen)
{
	unsigned int i;

	for (i = 0; i < bd->nspi; i++)
		if (!strcmp(spi_bus_name(bd->spi[i]), spi_bus_name(sb))) {
			fail(err, errlen, "two SPI buses named %s",
			     spi_bus_name(sb));
			return -1;
		}
	if (bd->nspi == BOARD_MAX_BUSES) {
		fail(err, errlen, "more than %d SPI buses", BOARD_MAX_BUSES);
		return -1;
	}
	spi_bus_set_byte_hook(sb, stim_on_byte, bd->stim);
	bd->spi[bd->nspi++] = sb;
	return 0;
}

struct spi_gpio_host *board_add_spi_gpio(struct board *bd, const char *name,
					 char *err, size_t errlen)
{
	struct spi_gpio_host *h;

	if (bd->nspigpio == BOARD_MAX_GPIOS)
		return fail(err, errlen, "more than %d spi-gpio buses",
			    BOARD_MAX_GPIOS);
	h = spi_gpio_host_new(&bd->w, name);
	if (!h)
		return fail(err, errlen, "out of memory");
	if (board_add_spi(bd, spi_gpio_host_bus(h), err, errlen)) {
		spi_gpio_host_free(h);
		return NULL;
	}
	bd->spigpio[bd->nspigpio++] = h;
	return h;
}

unsigned int board_nspi(const struct board *bd)
{
	return bd->nspi;
}

struct spi_bus *board_spi(struct board *bd, unsigned int i)
{
	return i < bd->nspi ? bd->spi[i] : NULL;
}

struct spi_bus *board_find_spi(struct board *bd, const char *name)
{
	unsigned int i;

	for (i = 0; i < bd->nspi; i++)
		if (!strcmp(spi_bus_name(bd->spi[i]), name))
			return bd->spi[i];
	return NULL;
}

struct gpio_lines *board_add_gpio(struct board *bd, int slot, unsigned int n,
				  const char *const *names, char *err,
				  size_t errlen)
{
	struct gpio_lines *gl;
	unsigned int i;

	for (i = 0; i < bd->nbuses; i++)
		if (bus_mmio_slot(bd->buses[i]) == slot)
			return fail(err, errlen, "gpio%d: slot %d already "
				    "taken by a bus", slot, slot);
	for (i = 0; i < bd->ngpios; i++)
		if (bd->gpios[i]->slot == slot)
			return fail(err, errlen, "two gpio controllers on "
				    "slot %d", slot);
	if (bd->ngpios == BOARD_MAX_GPIOS)
		return fail(err, errlen, "more than %d gpio controllers",
			    BOARD_MAX_GPIOS);
	if (!n || n > GPIO_LINES_MAX)
		return fail(err, errlen, "gpio%d: %u lines, want 1..%d", slot,
			    n, GPIO_LINES_MAX);
	gl = gpio_lines_new(&bd->w, slot, n, names);
	if (!gl)
		return fail(err, errlen, "out of memory");
	bd->gpios[bd->ngpios++] = gl;
	return gl;
}

unsigned int board_ngpios(const struct board *bd)
{
	return bd->ngpios;
}

struct gpio_lines *board_gpio(struct board *bd, unsigned int i)
{
	return i < bd->ngpios ? bd->gpios[i] : NULL;
}

struct gpio_lines *board_find_gpio(struct board *bd, const char *name)
{
	unsigned int i;
	char *end;
	long slot;

	for (i = 0; i < bd->ngpios; i++)
		if (!strcmp(bd->gpios[i]->name, name))
			return bd->gpios[i];
	slot = strtol(name, &end, 10);
	for (i = 0; *name && !*end && i < bd->ngpios; i++)
		if (bd->gpios[i]->slot == slot)
			return bd->gpios[i];
	return NULL;
}

void board_free(struct board *bd)
{
	unsigned int i;

	if (!bd)
		return;
	if (bd->w.log)
		fflush(bd->w.log);
	for (i = 0; i < bd->nchips; i++)
		chip_destroy(bd->chips[i]);
	for (i = 0; i < bd->nspigpio; i++)
		spi_gpio_host_free(bd->spigpio[i]);
	for (i = 0; i < bd->ngpios; i++)
		gpio_lines_free(bd->gpios[i]);
	for (i = 0; i < bd->nbuses; i++)
		bus_free(bd->buses[i]);
	free(bd->chips);
	stim_free(bd->stim);
	world_destroy(&bd->w);
	free(bd);
}

unsigned int board_nbuses(const struct board *bd)
{
	return bd->nbuses;
}

struct bus *board_bus(struct board *bd, unsigned int i)
{
	return i < bd->nbuses ? bd->buses[i] : NULL;
}

unsigned int board_nchips(const struct board *bd)
{
	return bd->nchips;
}

struct chip *board_chip(struct board *bd, unsigned int i)
{
	return i < bd->nchips ? bd->chips[i] : NULL;
}

void board_lock(struct board *bd)
{
	pthread_mutex_lock(&bd->w.lock);
}

void board_unlock(struct board *bd)
{
	pthread_mutex_unlock(&bd->w.lock);
}

void board_set_log(struct board *bd, FILE *log)
{
	unsigned int i, j;

	board_lock(bd);
	if (bd->w.log)
		fflush(bd->w.log);
	bd->w.log = log;
	if (log) {
		log_header(log);
		for (i = 0; i < bd->nbuses; i++)
			log_bus(log, bus_name(bd->buses[i]),
				bus_mmio_slot(bd->buses[i]),
				bus_hz(bd->buses[i]));
		for (i = 0; i < bd->nchips; i++) {
			struct chip *c = bd->chips[i];
			uint16_t addrs[CHIP_MAX_TARGETS + 1];

			for (j = 0; j < c->ntargets; j++)
				addrs[j] = c->targets[j].addr;
			if (c->spi)
				addrs[j++] = c->cs;
			log_chip(log, c->name, c->pins.bus, c->v->part,
				 addrs, j, c->pins.n);
		}
		for (i = 0; i < bd->ngpios; i++) {
			struct gpio_lines *gl = bd->gpios[i];
			const char *names[GPIO_LINES_MAX];

			for (j = 0; j < gl->n; j++)
				names[j] = gl->names[j];
			log_gpio(log, gl->name, gl->slot, gl->n, names);
		}
		fflush(log);
	}
	board_unlock(bd);
}

uint64_t board_mark(struct board *bd, const char *text)
{
	bd->marks++;
	if (bd->w.log)
		log_mark(bd->w.log, bd->marks, world_wall_ns(), text);
	return bd->marks;
}

void board_flush_log(struct board *bd)
{
	if (bd->w.log)
		fflush(bd->w.log);
}

void board_outside_event(struct board *bd, struct chip *c)
{
	world_set_event(&bd->w, c->pins.bus, chip_bus_now_ns(c),
			world_wall_ns());
}

int board_watch(struct board *bd, world_watch_fn fn, void *ctx)
{
	return world_watch(&bd->w, fn, ctx);
}

struct stim *board_stim(struct board *bd)
{
	return bd->stim;
}

void board_set_paced(struct board *bd, int paced)
{
	unsigned int i;

	board_lock(bd);
	for (i = 0; i < bd->nbuses; i++)
		bus_set_paced(bd->buses[i], paced);
	board_unlock(bd);
}

struct bus *board_find_bus(struct board *bd, const char *name)
{
	unsigned int i;
	char *end;
	long slot;

	for (i = 0; i < bd->nbuses; i++)
		if (!strcmp(bus_name(bd->buses[i]), name))
			return bd->buses[i];
	slot = strtol(name, &end, 10);
	for (i = 0; *name && !*end && i < bd->nbuses; i++)
		if (bus_mmio_slot(bd->buses[i]) == slot)
			return bd->buses[i];
	return NULL;
}

struct chip *board_chip_at(struct board *bd, const struct bus *b,
			   uint16_t addr)
{
	unsigned int i, j;

	for (i = 0; i < bd->nchips; i++)
		for (j = 0; j < bd->chips[i]->ntargets; j++)
			if (bd->chips[i]->bus == b &&
			    bd->chips[i]->targets[j].addr == addr)
				return bd->chips[i];
	return NULL;
}

struct chip *board_find_chip(struct board *bd, const char *spec)
{
	const char *colon = strchr(spec, ':');
	struct chip *found = NULL;
	unsigned int i;

	if (colon) {
		char busname[32];
		struct bus *b;
		unsigned long addr;
		char *end;

		if ((size_t)(colon - spec) >= sizeof(busname))
			return NULL;
		memcpy(busname, spec, colon - spec);
		busname[colon - spec] = 0;
		b = board_find_bus(bd, busname);
		addr = strtoul(colon + 1, &end, 16);
		/* SPI: BUS:CS, the chip select in hex as well. */
		for (i = 0; !b && colon[1] && !*end && i < bd->nchips; i++)
			if (bd->chips[i]->spi && bd->chips[i]->cs == addr &&
			    !strcmp(spi_bus_name(bd->chips[i]->spi), busname))
				return bd->chips[i];
		if (!b || !colon[1] || *end || addr > 0x7f)
			return NULL;
		return board_chip_at(bd, b, addr);
	}
	for (i = 0; i < bd->nchips; i++) {
		if (strcmp(bd->chips[i]->name, spec))
			continue;
		if (found)
			return NULL;	/* same name on two buses: ambiguous */
		found = bd->chips[i];
	}
	return found;
}
