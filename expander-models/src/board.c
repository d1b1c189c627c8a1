// SPDX-License-Identifier: GPL-2.0
/*
 * board.c - build buses and chip models from the compiled DT the guest
 * boots. A bus is a "virtio,device22" node; its parent virtio_mmio@<base>
 * gives the slot QEMU serves it on. Its children with a compatible one
 * of the models knows are the chips.
 */
#include <errno.h>
#include <libfdt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "board_impl.h"
#include "bus.h"
#include "log.h"

#define VIRT_MMIO_BASE	0x0a000000ull	/* qemu -M virt, first transport */
#define VIRT_MMIO_SIZE	0x200ull

static void *read_file(const char *path, size_t *len, char *err,
		       size_t errlen)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 65536, n = 0, r;
	char *buf = NULL, *nb;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		nb = realloc(buf, cap);
		if (!nb)
			break;
		buf = nb;
		r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (n < cap)
			break;
		cap *= 2;
	}
	if (ferror(f) || !nb) {
		snprintf(err, errlen, "%s: read error", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

int fail_dt(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

#define fail fail_dt

/* The transport node's base address, at its parent's #address-cells. */
int board_mmio_slot(const void *fdt, int mmio, char *err, size_t errlen)
{
	int parent = fdt_parent_offset(fdt, mmio);
	int ac = parent >= 0 ? fdt_address_cells(fdt, parent) : 2;
	const fdt32_t *reg;
	uint64_t base = 0;
	int len, i;

	reg = fdt_getprop(fdt, mmio, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < ac * 4)
		return fail(err, errlen, "%s: no usable reg",
			    fdt_get_name(fdt, mmio, NULL));
	for (i = 0; i < ac; i++)
		base = base << 32 | fdt32_to_cpu(reg[i]);
	if (base < VIRT_MMIO_BASE || (base - VIRT_MMIO_BASE) % VIRT_MMIO_SIZE ||
	    (base - VIRT_MMIO_BASE) / VIRT_MMIO_SIZE >= 32)
		return fail(err, errlen, "%s: reg 0x%llx is not a virt "
			    "virtio-mmio slot", fdt_get_name(fdt, mmio, NULL),
			    (unsigned long long)base);
	return (base - VIRT_MMIO_BASE) / VIRT_MMIO_SIZE;
}

/* First string of the node's compatible list that names a model. */
static const struct chip_variant *find_variant(const void *fdt, int node,
					       const char **first)
{
	const char *p;
	int len, i;

	p = fdt_getprop(fdt, node, "compatible", &len);
	*first = p;
	if (!p)
		return NULL;
	for (i = 0; i < len; i += strlen(p + i) + 1) {
		const struct chip_variant *v = chip_variant_find(p + i);

		if (v)
			return v;
	}
	return NULL;
}

static uint32_t prop_u32(const void *fdt, int node, const char *prop,
			 uint32_t dflt)
{
	const fdt32_t *p;
	int len;

	p = fdt_getprop(fdt, node, prop, &len);
	return p && len >= 4 ? fdt32_to_cpu(*p) : dflt;
}

static bool prop_bool(const void *fdt, int node, const char *prop)
{
	return fdt_getprop(fdt, node, prop, NULL) != NULL;
}

static int keep_chip(struct board *bd, struct chip *c, int node)
{
	struct chip **nc;
	int *nn;

	nc = realloc(bd->chips, (bd->nchips + 1) * sizeof(*nc));
	if (nc)
		bd->chips = nc;
	nn = realloc(bd->chip_nodes, (bd->nchips + 1) * sizeof(*nn));
	if (nn)
		bd->chip_nodes = nn;
	if (!nc || !nn)
		return -1;
	bd->chips[bd->nchips] = c;
	bd->chip_nodes[bd->nchips++] = node;
	return 0;
}

/*
 * An SPI device node: reg is the chip select; the mode, bit order and
 * clock come from the spi-* properties, the chain and address bits from
 * the driver's own properties (struct spi_chip_cfg).
 */
static int add_spi_chip(struct board *bd, struct spi_bus *sb,
			const void *fdt, int node, char *err, size_t errlen)
{
	const char *name = fdt_get_name(fdt, node, NULL), *compat;
	const struct chip_variant *v = find_variant(fdt, node, &compat);
	struct spi_chip_cfg cfg = { 0 };
	struct spi_dev_cfg dev = { 0 };
	char why[128] = "";
	unsigned int i;
	uint32_t ngpios;
	struct chip *c;

	if (!compat)
		return 0;
	if (!v)
		return fail(err, errlen, "%s on %s: unknown compatible \"%s\"",
			    name, spi_bus_name(sb), compat);
	if (!v->family->spi_create)
		return fail(err, errlen, "%s on %s: %s is not an SPI part",
			    name, spi_bus_name(sb), v->part);
	cfg.cs = prop_u32(fdt, node, "reg", ~0u);
	dev.mode = (prop_bool(fdt, node, "spi-cpha") ? SPI_CPHA : 0) |
		   (prop_bool(fdt, node, "spi-cpol") ? SPI_CPOL : 0);
	dev.lsb_first = prop_bool(fdt, node, "spi-lsb-first");
	dev.cs_high = prop_bool(fdt, node, "spi-cs-high");
	dev.max_hz = prop_u32(fdt, node, "spi-max-frequency", 0);
	if (!dev.max_hz)
		return fail(err, errlen, "%s on %s: no spi-max-frequency (the "
			    "bus clock comes from it)", name, spi_bus_name(sb));
	if (spi_bus_add_dev(sb, cfg.cs, &dev))
		return fail(err, errlen, "%s on %s: chip select %d taken or "
			    "out of range", name, spi_bus_name(sb), (int)cfg.cs);
	ngpios = prop_u32(fdt, node, "ngpios", 0);
	cfg.chain = prop_u32(fdt, node, "registers-number",
			     prop_u32(fdt, node, "#daisy-chained-devices",
				      (ngpios + 7) / 8));
	cfg.present_mask = prop_u32(fdt, node, "microchip,spi-present-mask",
				    prop_u32(fdt, node, "mcp,spi-present-mask",
					     0));
	cfg.modesel_8bit = prop_bool(fdt, node, "maxim,modesel-8bit");
	c = v->family->spi_create(v, &cfg, &bd->w, why, sizeof(why));
	if (!c)
		return fail(err, errlen, "%s on %s: %s", name,
			    spi_bus_name(sb), why);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->spi = sb;
	c->cs = cfg.cs;
	c->pins.bus = spi_bus_name(sb);
	c->pins.changes = spi_bus_pin_counter(sb);
	c->irq_changes = spi_bus_irq_counter(sb);
	for (i = 0; i < c->nspi; i++)
		spi_bus_attach(sb, cfg.cs, c->spi_targets[i]);
	if (keep_chip(bd, c, node)) {
		chip_destroy(c);
		return fail(err, errlen, "out of memory");
	}
	return 0;
}

int board_spi_children(struct board *bd, struct spi_bus *sb, const void *fdt,
		       int node, char *err, size_t errlen)
{
	int child;

	fdt_for_each_subnode(child, fdt, node)
		if (add_spi_chip(bd, sb, fdt, child, err, errlen))
			return -1;
	return 0;
}

/* The SPI bus a bridge masters: named spi<slot>-<addr>, children on it. */
static int add_spi_bus(struct board *bd, struct chip *br, const void *fdt,
		       int node, char *err, size_t errlen)
{
	char name[32];

	if (bd->nspi == BOARD_MAX_BUSES)
		return fail(err, errlen, "more than %d SPI buses",
			    BOARD_MAX_BUSES);
	snprintf(name, sizeof(name), "spi%d-%02x", bus_mmio_slot(br->bus),
		 br->reg);
	spi_bus_set_name(br->spi_master, name);
	bd->spi[bd->nspi++] = br->spi_master;
	return board_spi_children(bd, br->spi_master, fdt, node, err, errlen);
}

static int add_chip(struct board *bd, struct bus *b, const void *fdt,
		    int node, char *err, size_t errlen)
{
	const char *name = fdt_get_name(fdt, node, NULL), *compat;
	const struct chip_variant *v = find_variant(fdt, node, &compat);
	const fdt32_t *regp;
	struct chip *c, **nc;
	char why[128] = "";
	uint32_t reg;
	unsigned int i, j;
	int len, *nn;

	if (!compat)
		return 0;	/* not a device: nothing to model */
	if (!v)
		return fail(err, errlen, "%s on %s: unknown compatible \"%s\"",
			    name, bus_name(b), compat);
	if (!v->family->create)
		return fail(err, errlen, "%s on %s: %s is an SPI part", name,
			    bus_name(b), v->part);
	regp = fdt_getprop(fdt, node, "reg", &len);
	if (!regp || len < 4)
		return fail(err, errlen, "%s on %s: no reg", name, bus_name(b));
	reg = fdt32_to_cpu(regp[0]);
	if (reg > 0x7f)
		return fail(err, errlen, "%s on %s: reg 0x%x is not a 7-bit "
			    "address", name, bus_name(b), reg);
	c = v->family->create(v, reg, &bd->w, why, sizeof(why));
	if (!c)
		return fail(err, errlen, "%s on %s: %s", name, bus_name(b),
			    why);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->bus = b;
	c->pins.bus = bus_name(b);
	c->pins.changes = bus_pin_counter(b);
	c->irq_changes = bus_irq_counter(b);
	for (i = 0; i < c->ntargets; i++) {
		struct i2c_target *t = bus_target(b, c->targets[i].addr);

		if (!t && !bus_attach(b, &c->targets[i]))
			continue;
		for (j = 0; t && j < bd->nchips; j++)
			if (bd->chips[j]->bus == b &&
			    (t == &bd->chips[j]->targets[0] ||
			     t == &bd->chips[j]->targets[1]))
				break;
		fail(err, errlen, "%s on %s: address 0x%02x already taken "
		     "by %s", name, bus_name(b), c->targets[i].addr,
		     t && j < bd->nchips ? bd->chips[j]->name : "?");
		while (i--)	/* undo the addresses already attached */
			bus_detach(b, &c->targets[i]);
		chip_destroy(c);
		return -1;
	}
	nc = realloc(bd->chips, (bd->nchips + 1) * sizeof(*nc));
	nn = realloc(bd->chip_nodes, (bd->nchips + 1) * sizeof(*nn));
	if (nc)
		bd->chips = nc;
	if (nn)
		bd->chip_nodes = nn;
	if (!nc || !nn) {
		for (i = 0; i < c->ntargets; i++)
			bus_detach(b, &c->targets[i]);
		chip_destroy(c);
		return fail(err, errlen, "out of memory");
	}
	bd->chips[bd->nchips] = c;
	bd->chip_nodes[bd->nchips++] = node;
	if (c->spi_master)
		return add_spi_bus(bd, c, fdt, node, err, errlen);
	return 0;
}

static int add_bus(struct board *bd, const void *fdt, int node, char *err,
		   size_t errlen)
{
	const fdt32_t *clk;
	char name[32];
	struct bus *b;
	uint32_t hz = 100000;
	int slot, child, len;
	unsigned int i;

	slot = board_mmio_slot(fdt, fdt_parent_offset(fdt, node), err, errlen);
	if (slot < 0)
		return -1;
	for (i = 0; i < bd->nbuses; i++)
		if (bus_mmio_slot(bd->buses[i]) == slot)
			return fail(err, errlen, "two buses on slot %d", slot);
	if (bd->nbuses == BOARD_MAX_BUSES)
		return fail(err, errlen, "more than %d buses",
			    BOARD_MAX_BUSES);
	clk = fdt_getprop(fdt, node, "clock-frequency", &len);
	if (clk && len >= 4)
		hz = fdt32_to_cpu(*clk);
	if (!hz)
		return fail(err, errlen, "i2c%d: clock-frequency 0", slot);
	snprintf(name, sizeof(name), "i2c%d", slot);
	b = bus_new(&bd->w, name, slot, hz);
	if (!b)
		return fail(err, errlen, "out of memory");
	bd->buses[bd->nbuses++] = b;
	fdt_for_each_subnode(child, fdt, node)
		if (add_chip(bd, b, fdt, child, err, errlen))
			return -1;
	return 0;
}

struct board *board_load(const char *dtb_path, char *err, size_t errlen)
{
	struct board *bd;
	size_t len;
	void *fdt;
	int node, r;

	fdt = read_file(dtb_path, &len, err, errlen);
	if (!fdt)
		return NULL;
	r = fdt_check_header(fdt);
	if (r || len < fdt_totalsize(fdt)) {
		snprintf(err, errlen, "%s: not a DTB (%s)", dtb_path,
			 r ? fdt_strerror(r) : "truncated");
		free(fdt);
		return NULL;
	}
	bd = calloc(1, sizeof(*bd));
	if (!bd) {
		snprintf(err, errlen, "out of memory");
		free(fdt);
		return NULL;
	}
	world_init(&bd->w);
	for (node = fdt_node_offset_by_compatible(fdt, -1, "virtio,device22");
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "virtio,device22"))
		if (add_bus(bd, fdt, node, err, errlen))
			goto bad;
	if (board_gpios_from_dt(bd, fdt, err, errlen) ||
	    board_irqs_from_dt(bd, fdt, err, errlen) ||
	    board_spi_gpio_from_dt(bd, fdt, err, errlen))
		goto bad;
	if (board_world_from_dt(bd, fdt, err, errlen))
		goto bad;
	free(fdt);
	return bd;
bad:
	free(fdt);
	board_free(bd);
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
	free(bd->chip_nodes);
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

unsigned int board_ngpios(const struct board *bd)
{
	return bd->ngpios;
}

struct gpio_lines *board_gpio(struct board *bd, unsigned int i)
{
	return i < bd->ngpios ? bd->gpios[i] : NULL;
}

void board_set_log(struct board *bd, FILE *log)
{
	unsigned int i, j;

	pthread_mutex_lock(&bd->w.lock);
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
			uint16_t addrs[CHIP_MAX_TARGETS];

			for (j = 0; j < c->ntargets; j++)
				addrs[j] = c->targets[j].addr;
			if (c->spi)
				addrs[j++] = c->cs;
			log_chip(log, c->name, chip_bus_name(c), c->v->part,
				 addrs, j, c->pins.n);
		}
		for (i = 0; i < bd->ngpios; i++) {
			struct gpio_lines *gl = bd->gpios[i];
			const char *names[VGPIO_MAX_LINES];

			for (j = 0; j < gl->dev.n; j++)
				names[j] = gl->dev.lines[j].name;
			log_gpio(log, gl->name, gl->slot, gl->dev.n, names);
		}
		fflush(log);
	}
	pthread_mutex_unlock(&bd->w.lock);
}

void board_set_paced(struct board *bd, int paced)
{
	unsigned int i;

	pthread_mutex_lock(&bd->w.lock);
	for (i = 0; i < bd->nbuses; i++)
		bus_set_paced(bd->buses[i], paced);
	pthread_mutex_unlock(&bd->w.lock);
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

struct spi_bus *board_find_spi(struct board *bd, const char *name)
{
	unsigned int i;

	for (i = 0; i < bd->nspi; i++)
		if (!strcmp(spi_bus_name(bd->spi[i]), name))
			return bd->spi[i];
	return NULL;
}

struct chip *board_find_chip(struct board *bd, const char *spec)
{
	const char *colon = strchr(spec, ':');
	struct chip *found = NULL;
	unsigned int i, j;

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
		for (i = 0; !b && colon[1] && !*end && i < bd->nchips; i++)
			if (bd->chips[i]->spi && bd->chips[i]->cs == addr &&
			    !strcmp(spi_bus_name(bd->chips[i]->spi), busname))
				return bd->chips[i];
		if (!b || !colon[1] || *end)
			return NULL;
		for (i = 0; i < bd->nchips; i++)
			for (j = 0; j < bd->chips[i]->ntargets; j++)
				if (bd->chips[i]->bus == b &&
				    bd->chips[i]->targets[j].addr == addr)
					return bd->chips[i];
		return NULL;
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
