// SPDX-License-Identifier: GPL-2.0
/*
 * board_gpio.c - virtio-gpio controllers from the DT and the expanders'
 * INT outputs wired to their lines (BOARD-DT.md, "Interrupts").
 *
 * A controller is a "virtio,device29" node under a virtio-mmio
 * transport; its lines are named by gpio-line-names and counted by
 * ngpios (or by the names). A chip node with an interrupts property
 * whose interrupt-parent (its own or an ancestor's, as in any DT) is a
 * controller has its INT pin joined to the net of line <first cell>:
 * chips naming the same line share one INT net, as open-drain outputs
 * on a board do.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "board_impl.h"
#include "bus.h"

#define GPIO_COMPAT "virtio,device29"

static int add_gpio(struct board *bd, const void *fdt, int node, char *err,
		    size_t errlen)
{
	const char *names[VGPIO_MAX_LINES], *p;
	const fdt32_t *ng;
	struct gpio_lines *gl;
	unsigned int n = 0, nnames = 0, i;
	int slot, len, off;

	slot = board_mmio_slot(fdt, fdt_parent_offset(fdt, node), err, errlen);
	if (slot < 0)
		return -1;
	for (i = 0; i < bd->nbuses; i++)
		if (bus_mmio_slot(bd->buses[i]) == slot)
			goto clash;
	for (i = 0; i < bd->ngpios; i++)
		if (bd->gpios[i]->slot == slot)
			goto clash;
	if (bd->ngpios == BOARD_MAX_GPIOS) {
		snprintf(err, errlen, "more than %d virtio-gpio controllers",
			 BOARD_MAX_GPIOS);
		return -1;
	}
	p = fdt_getprop(fdt, node, "gpio-line-names", &len);
	for (off = 0; p && off < len; off += strlen(p + off) + 1) {
		if (nnames == VGPIO_MAX_LINES) {
			snprintf(err, errlen, "gpio%d: more than %d line names",
				 slot, VGPIO_MAX_LINES);
			return -1;
		}
		names[nnames++] = p + off;
	}
	ng = fdt_getprop(fdt, node, "ngpios", &len);
	n = ng && len == 4 ? fdt32_to_cpu(*ng) : nnames;
	if (!n || n > VGPIO_MAX_LINES || nnames > n) {
		snprintf(err, errlen, "gpio%d: %u lines (ngpios) for %u names: "
			 "want 1..%d lines, a name for at most each", slot, n,
			 nnames, VGPIO_MAX_LINES);
		return -1;
	}
	for (i = nnames; i < n; i++)
		names[i] = "";
	gl = gpio_lines_new(&bd->w, slot, n, names);
	if (!gl) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	bd->gpio_nodes[bd->ngpios] = node;
	bd->gpios[bd->ngpios++] = gl;
	return 0;
clash:
	snprintf(err, errlen, "gpio%d: slot %d already taken", slot, slot);
	return -1;
}

int board_gpios_from_dt(struct board *bd, const void *fdt, char *err,
			size_t errlen)
{
	int node;

	for (node = fdt_node_offset_by_compatible(fdt, -1, GPIO_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, GPIO_COMPAT))
		if (add_gpio(bd, fdt, node, err, errlen))
			return -1;
	return 0;
}

/* The node's interrupt-parent, its own or the nearest ancestor's. */
static int irq_parent(const void *fdt, int node)
{
	const fdt32_t *ph;
	int len;

	for (; node >= 0; node = fdt_parent_offset(fdt, node)) {
		ph = fdt_getprop(fdt, node, "interrupt-parent", &len);
		if (ph && len == 4)
			return fdt_node_offset_by_phandle(fdt,
							  fdt32_to_cpu(*ph));
	}
	return -1;
}

int board_irqs_from_dt(struct board *bd, const void *fdt, char *err,
		       size_t errlen)
{
	unsigned int i, j, line;
	const fdt32_t *irqs;
	struct gpio_lines *gl;
	struct chip *c;
	int parent, len;

	for (i = 0; i < bd->nchips; i++) {
		c = bd->chips[i];
		irqs = fdt_getprop(fdt, bd->chip_nodes[i], "interrupts", &len);
		if (!irqs)
			continue;
		parent = irq_parent(fdt, bd->chip_nodes[i]);
		gl = NULL;
		for (j = 0; j < bd->ngpios; j++)
			if (bd->gpio_nodes[j] == parent)
				gl = bd->gpios[j];
		if (!gl) {
			snprintf(err, errlen, "%s: interrupt-parent is not a "
				 "virtio-gpio controller (%s)", c->name,
				 GPIO_COMPAT);
			return -1;
		}
		if (len < 4) {
			snprintf(err, errlen, "%s: empty interrupts", c->name);
			return -1;
		}
		line = fdt32_to_cpu(irqs[0]);
		if (line >= gl->dev.n) {
			snprintf(err, errlen, "%s: interrupts names line %u of "
				 "%s, which has %u", c->name, line, gl->name,
				 gl->dev.n);
			return -1;
		}
		if (!c->has_irq) {
			snprintf(err, errlen, "%s: interrupts, but a %s has no "
				 "INT output", c->name, c->v->part);
			return -1;
		}
		pin_wire(&c->intpin, 0, &gl->pins, line);
	}
	return 0;
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
