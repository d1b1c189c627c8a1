// SPDX-License-Identifier: GPL-2.0
/*
 * world_dt.c - the board around the chips, from a "bench,expander-world"
 * node (BOARD-DT.md): wires between pins, board pull-ups, straps. Each
 * property is a list of <&chip pin> pairs.
 */
#include <libfdt.h>
#include <string.h>

#include "board_impl.h"

#define WORLD_COMPAT "bench,expander-world"

struct pinref {
	struct pinbank *pb;
	unsigned int pin;
};

static struct chip *chip_by_node(struct board *bd, int node)
{
	unsigned int i;

	for (i = 0; i < bd->nchips; i++)
		if (bd->chip_nodes[i] == node)
			return bd->chips[i];
	return NULL;
}

static struct gpio_lines *gpio_by_node(struct board *bd, int node)
{
	unsigned int i;

	for (i = 0; i < bd->ngpios; i++)
		if (bd->gpio_nodes[i] == node)
			return bd->gpios[i];
	return NULL;
}

/*
 * Decode pair i of a <&chip pin ...> list; &chip may also be a
 * virtio-gpio controller, whose "pins" are its lines (an INT net's
 * pull-up sits there).
 */
static int pinref(struct board *bd, const void *fdt, const fdt32_t *cells,
		  unsigned int i, const char *prop, struct pinref *r,
		  char *err, size_t errlen)
{
	uint32_t ph = fdt32_to_cpu(cells[2 * i]);
	int node = fdt_node_offset_by_phandle(fdt, ph);
	struct chip *c = node >= 0 ? chip_by_node(bd, node) : NULL;
	struct gpio_lines *gl = node >= 0 ? gpio_by_node(bd, node) : NULL;

	r->pb = c ? &c->pins : gl ? &gl->pins : NULL;
	r->pin = fdt32_to_cpu(cells[2 * i + 1]);
	if (!r->pb) {
		snprintf(err, errlen, "%s: %s entry %u: phandle %u is not a "
			 "modelled chip", WORLD_COMPAT, prop, i, ph);
		return -1;
	}
	if (r->pin >= r->pb->n) {
		snprintf(err, errlen, "%s: %s entry %u: %s has no pin %u",
			 WORLD_COMPAT, prop, i, r->pb->chip, r->pin);
		return -1;
	}
	return 0;
}

static int apply_prop(struct board *bd, const void *fdt, const char *name,
		      const fdt32_t *cells, int len, char *err,
		      size_t errlen)
{
	bool wire = !strncmp(name, "wire", 4);
	bool pullup = !strcmp(name, "pull-up");
	bool tie0 = !strcmp(name, "tie-low"), tie1 = !strcmp(name, "tie-high");
	struct pinref first = { NULL, 0 }, r;
	unsigned int i, n;

	if (!wire && !pullup && !tie0 && !tie1)
		return 0;	/* compatible, phandle, name ...: not ours */
	if (len <= 0 || len % 8) {
		snprintf(err, errlen, "%s: %s must be <&chip pin> pairs",
			 WORLD_COMPAT, name);
		return -1;
	}
	n = len / 8;
	if (wire && n < 2) {
		snprintf(err, errlen, "%s: %s joins fewer than two pins",
			 WORLD_COMPAT, name);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (pinref(bd, fdt, cells, i, name, &r, err, errlen))
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

int board_world_from_dt(struct board *bd, const void *fdt, char *err,
			size_t errlen)
{
	int node, prop;

	for (node = fdt_node_offset_by_compatible(fdt, -1, WORLD_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, WORLD_COMPAT)) {
		fdt_for_each_property_offset(prop, fdt, node) {
			const char *name;
			const void *val;
			int len;

			val = fdt_getprop_by_offset(fdt, prop, &name, &len);
			if (val && apply_prop(bd, fdt, name, val, len, err,
					      errlen))
				return -1;
		}
	}
	return 0;
}
