// SPDX-License-Identifier: GPL-2.0
/*
 * board_dt.c - the board from the compiled DT the guest boots. A bus is a
 * "virtio,device22" node; its parent virtio_mmio@<base> gives the slot
 * QEMU serves it on. Its children with a compatible one of the models
 * knows are the chips. A "virtio,device29" node is a virtio-gpio
 * controller; a chip whose interrupts name one of its lines has its INT
 * joined to that line's net. SPI buses (spi-gpio, SC18IS602 bridges)
 * and their parts: spi_dt.c. A "bench,expander-world" node (BOARD-DT.md)
 * adds what the board has around the chips: wires between pins, board
 * pull-ups, straps; each property a list of <&chip pin> pairs (&chip may
 * be a controller: its lines are its pins).
 */
#include <errno.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "board/board_dt.h"
#include "board/dt.h"
#include "board/spi_dt.h"
#include "buses/gpio_lines.h"
#include "models/chip_variant.h"

#define VIRT_MMIO_BASE	0x0a000000ull	/* qemu -M virt, first transport */
#define VIRT_MMIO_SIZE	0x200ull
#define WORLD_COMPAT	"bench,expander-world"
#define GPIO_COMPAT	"virtio,device29"
#define DT_MAX_DEPTH	32	/* far beyond any board's nesting */

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

/* Every node's parent, in one walk of the tree (dt.h). */
static int dt_parents(struct dt_loader *ld, size_t len)
{
	int stack[DT_MAX_DEPTH], depth = 0, node = 0;

	ld->parents = malloc(len / FDT_TAGSIZE * sizeof(*ld->parents));
	if (!ld->parents)
		return dt_fail(ld->err, ld->errlen, "out of memory");
	stack[0] = 0;
	ld->parents[0] = -1;
	while ((node = fdt_next_node(ld->fdt, node, &depth)) >= 0 &&
	       depth > 0) {
		if (depth >= DT_MAX_DEPTH)
			return dt_fail(ld->err, ld->errlen, "%s: nested deeper "
				       "than %d", fdt_get_name(ld->fdt, node,
							       NULL),
				       DT_MAX_DEPTH);
		stack[depth] = node;
		ld->parents[node / FDT_TAGSIZE] = stack[depth - 1];
	}
	return 0;
}

/* node's parent's offset, -1 at the root. */
static int dt_parent(const struct dt_loader *ld, int node)
{
	return node > 0 ? ld->parents[node / FDT_TAGSIZE] : -1;
}

/* The transport node's base address, at its parent's #address-cells. */
static int mmio_slot(const struct dt_loader *ld, int mmio)
{
	const void *fdt = ld->fdt;
	char *err = ld->err;
	size_t errlen = ld->errlen;
	int parent = dt_parent(ld, mmio);
	int ac = parent >= 0 ? fdt_address_cells(fdt, parent) : 2;
	const fdt32_t *reg;
	uint64_t base = 0;
	int len, i;

	reg = fdt_getprop(fdt, mmio, "reg", &len);
	if (!reg || ac < 1 || ac > 2 || len < ac * 4)
		return dt_fail(err, errlen, "%s: no usable reg",
			       fdt_get_name(fdt, mmio, NULL));
	for (i = 0; i < ac; i++)
		base = base << 32 | fdt32_to_cpu(reg[i]);
	if (base < VIRT_MMIO_BASE || (base - VIRT_MMIO_BASE) % VIRT_MMIO_SIZE ||
	    (base - VIRT_MMIO_BASE) / VIRT_MMIO_SIZE >= BOARD_MAX_BUSES)
		return dt_fail(err, errlen, "%s: reg 0x%llx is not a virt "
			       "virtio-mmio slot",
			       fdt_get_name(fdt, mmio, NULL),
			       (unsigned long long)base);
	return (base - VIRT_MMIO_BASE) / VIRT_MMIO_SIZE;
}

static int add_chip(struct dt_loader *ld, struct bus *b, int node)
{
	const void *fdt = ld->fdt;
	const char *name = fdt_get_name(fdt, node, NULL), *compat;
	const struct chip_variant *v = dt_find_variant(fdt, node, &compat);
	const fdt32_t *regp;
	uint32_t reg;
	struct chip *c;
	int len;

	if (!compat)
		return 0;	/* not a device: nothing to model */
	if (!v)
		return dt_fail(ld->err, ld->errlen, "%s on %s: unknown "
			       "compatible \"%s\"", name, bus_name(b), compat);
	/*
	 * A part whose line count is its firmware's (gpio-adnp's nr-gpios)
	 * has a model per count: the node's count picks it.
	 */
	regp = fdt_getprop(fdt, node, "nr-gpios", &len);
	if (regp && len == 4) {
		uint32_t lines = fdt32_to_cpu(regp[0]);
		const char *vc = v->compatible;

		v = chip_variant_find_lines(vc, lines);
		if (!v)
			return dt_fail(ld->err, ld->errlen, "%s on %s: no "
				       "model of \"%s\" with %u lines "
				       "(nr-gpios)", name, bus_name(b), vc,
				       lines);
	}
	if (!v->family->init)
		return dt_fail(ld->err, ld->errlen, "%s on %s: %s is an SPI "
			       "part", name, bus_name(b), v->part);
	regp = fdt_getprop(fdt, node, "reg", &len);
	if (!regp || len < 4)
		return dt_fail(ld->err, ld->errlen, "%s on %s: no reg", name,
			       bus_name(b));
	reg = fdt32_to_cpu(regp[0]);
	if (reg > 0x7f)
		return dt_fail(ld->err, ld->errlen, "%s on %s: reg 0x%x is not "
			       "a 7-bit address", name, bus_name(b), reg);
	if (dt_loader_room(ld))
		return -1;
	c = board_add_chip(ld->bd, b, v, reg, name, ld->err, ld->errlen);
	if (!c)
		return -1;
	ld->chip_nodes[board_nchips(ld->bd) - 1] = node;
	/* A bridge: its children are the SPI parts behind it. */
	return c->spi_master ? spi_dt_children(ld, c->spi_master, node) : 0;
}

static int add_bus(struct dt_loader *ld, int node)
{
	const void *fdt = ld->fdt;
	const fdt32_t *clk;
	struct bus *b;
	uint32_t hz = 100000;
	int slot, child, len;

	slot = mmio_slot(ld, dt_parent(ld, node));
	if (slot < 0)
		return -1;
	clk = fdt_getprop(fdt, node, "clock-frequency", &len);
	if (clk && len >= 4)
		hz = fdt32_to_cpu(*clk);
	b = board_add_bus(ld->bd, slot, hz, ld->err, ld->errlen);
	if (!b)
		return -1;
	fdt_for_each_subnode(child, fdt, node)
		if (add_chip(ld, b, child))
			return -1;
	return 0;
}

/* ---- the expander-world node: wires, pull-ups, straps ---- */

struct pinref {
	struct pinbank *pb;
	unsigned int pin;
};

static struct chip *chip_by_node(struct dt_loader *ld, int node)
{
	unsigned int i;

	for (i = 0; i < board_nchips(ld->bd); i++)
		if (ld->chip_nodes[i] == node)
			return board_chip(ld->bd, i);
	return NULL;
}

/* Decode pair i of a <&chip pin ...> list (&chip: a controller too). */
static int pinref(struct dt_loader *ld, const fdt32_t *cells, unsigned int i,
		  const char *prop, struct pinref *r)
{
	uint32_t ph = fdt32_to_cpu(cells[2 * i]);
	int node = fdt_node_offset_by_phandle(ld->fdt, ph);
	struct chip *c = node >= 0 ? chip_by_node(ld, node) : NULL;
	struct gpio_lines *gl = node >= 0 ? dt_gpio_by_node(ld, node) : NULL;

	r->pb = c ? &c->pins : gl ? &gl->pins : NULL;
	r->pin = fdt32_to_cpu(cells[2 * i + 1]);
	if (!r->pb)
		return dt_fail(ld->err, ld->errlen, "%s: %s entry %u: phandle "
			       "%u is not a modelled chip", WORLD_COMPAT, prop,
			       i, ph);
	if (r->pin >= r->pb->n)
		return dt_fail(ld->err, ld->errlen, "%s: %s entry %u: %s has "
			       "no pin %u", WORLD_COMPAT, prop, i, r->pb->chip,
			       r->pin);
	return 0;
}

static int apply_prop(struct dt_loader *ld, const char *name,
		      const fdt32_t *cells, int len)
{
	bool wire = !strncmp(name, "wire", 4);
	bool pullup = !strcmp(name, "pull-up");
	bool tie0 = !strcmp(name, "tie-low"), tie1 = !strcmp(name, "tie-high");
	struct pinref first = { NULL, 0 }, r;
	unsigned int i, n;

	if (!wire && !pullup && !tie0 && !tie1)
		return 0;	/* compatible, phandle, name ...: not ours */
	if (len <= 0 || len % 8)
		return dt_fail(ld->err, ld->errlen, "%s: %s must be <&chip "
			       "pin> pairs", WORLD_COMPAT, name);
	n = len / 8;
	if (wire && n < 2)
		return dt_fail(ld->err, ld->errlen, "%s: %s joins fewer than "
			       "two pins", WORLD_COMPAT, name);
	for (i = 0; i < n; i++) {
		if (pinref(ld, cells, i, name, &r))
			return -1;
		if (wire && i == 0)
			first = r;
		else if (wire)
			pin_wire(first.pb, first.pin, r.pb, r.pin);
		else if (pullup)
			pin_set_board_pullup(r.pb, r.pin, true);
		else
			pin_set_ext(r.pb, r.pin,
				    tie0 ? EXT_LOW : EXT_HIGH);
	}
	return 0;
}

static int add_wiring(struct dt_loader *ld)
{
	const void *fdt = ld->fdt;
	int node, prop;

	for (node = fdt_node_offset_by_compatible(fdt, -1, WORLD_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, WORLD_COMPAT)) {
		fdt_for_each_property_offset(prop, fdt, node) {
			const char *name;
			const void *val;
			int len;

			val = fdt_getprop_by_offset(fdt, prop, &name, &len);
			if (val && apply_prop(ld, name, val, len))
				return -1;
		}
	}
	return 0;
}

/* ---- virtio-gpio controllers and the chips' INT ---- */

static int add_gpio(struct dt_loader *ld, int node)
{
	const char *names[GPIO_LINES_MAX], *p;
	const void *fdt = ld->fdt;
	const fdt32_t *ng;
	unsigned int n, nnames = 0, i;
	int slot, len, off;

	slot = mmio_slot(ld, dt_parent(ld, node));
	if (slot < 0)
		return -1;
	p = fdt_getprop(fdt, node, "gpio-line-names", &len);
	for (off = 0; p && off < len; off += strlen(p + off) + 1) {
		if (nnames == GPIO_LINES_MAX)
			return dt_fail(ld->err, ld->errlen, "gpio%d: more than "
				       "%d line names", slot, GPIO_LINES_MAX);
		names[nnames++] = p + off;
	}
	ng = fdt_getprop(fdt, node, "ngpios", &len);
	n = ng && len == 4 ? fdt32_to_cpu(*ng) : nnames;
	if (nnames > n)
		return dt_fail(ld->err, ld->errlen, "gpio%d: %u line names for "
			       "ngpios %u", slot, nnames, n);
	for (i = nnames; i < n && i < GPIO_LINES_MAX; i++)
		names[i] = "";
	if (!board_add_gpio(ld->bd, slot, n, names, ld->err, ld->errlen))
		return -1;
	ld->gpio_nodes[board_ngpios(ld->bd) - 1] = node;
	return 0;
}

/* The node's interrupt-parent, its own or the nearest ancestor's. */
static int irq_parent(const struct dt_loader *ld, int node)
{
	const void *fdt = ld->fdt;
	const fdt32_t *ph;
	int len;

	for (; node >= 0; node = dt_parent(ld, node)) {
		ph = fdt_getprop(fdt, node, "interrupt-parent", &len);
		if (ph && len == 4)
			return fdt_node_offset_by_phandle(fdt,
							  fdt32_to_cpu(*ph));
	}
	return -1;
}

/*
 * Join each chip's INT to the line its interrupts names: chips naming
 * one line share its net, as open-drain outputs on a board do.
 */
static int add_irqs(struct dt_loader *ld)
{
	const fdt32_t *irqs;
	struct gpio_lines *gl;
	unsigned int i, line;
	struct chip *c;
	int len;

	for (i = 0; i < board_nchips(ld->bd); i++) {
		c = board_chip(ld->bd, i);
		irqs = fdt_getprop(ld->fdt, ld->chip_nodes[i], "interrupts",
				   &len);
		if (!irqs)
			continue;
		gl = dt_gpio_by_node(ld,
				     irq_parent(ld, ld->chip_nodes[i]));
		if (!gl)
			return dt_fail(ld->err, ld->errlen, "%s: "
				       "interrupt-parent is not a virtio-gpio "
				       "controller (%s)", c->name, GPIO_COMPAT);
		if (len < 4)
			return dt_fail(ld->err, ld->errlen, "%s: empty "
				       "interrupts", c->name);
		line = fdt32_to_cpu(irqs[0]);
		if (line >= gl->n)
			return dt_fail(ld->err, ld->errlen, "%s: interrupts "
				       "names line %u of %s, which has %u",
				       c->name, line, gl->name, gl->n);
		if (!c->has_irq)
			return dt_fail(ld->err, ld->errlen, "%s: interrupts, "
				       "but a %s has no INT output", c->name,
				       c->v->part);
		pin_wire(&c->intpin, 0, &gl->pins, line);
	}
	return 0;
}

struct board *board_load(const char *dtb_path, char *err, size_t errlen)
{
	struct dt_loader ld = { .err = err, .errlen = errlen };
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
	ld.fdt = fdt;
	ld.bd = board_new();
	if (!ld.bd) {
		snprintf(err, errlen, "out of memory");
		free(fdt);
		return NULL;
	}
	if (dt_parents(&ld, fdt_totalsize(fdt)))
		goto bad;
	for (node = fdt_node_offset_by_compatible(fdt, -1, "virtio,device22");
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "virtio,device22"))
		if (add_bus(&ld, node))
			goto bad;
	for (node = fdt_node_offset_by_compatible(fdt, -1, GPIO_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, GPIO_COMPAT))
		if (add_gpio(&ld, node))
			goto bad;
	if (spi_dt_gpio(&ld) || add_irqs(&ld) || add_wiring(&ld))
		goto bad;
	free(ld.chip_nodes);
	free(ld.parents);
	free(fdt);
	return ld.bd;
bad:
	free(ld.chip_nodes);
	free(ld.parents);
	free(fdt);
	board_free(ld.bd);
	return NULL;
}
