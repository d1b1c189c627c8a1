// SPDX-License-Identifier: GPL-2.0
/* dt.c - what the DT loader's files share (dt.h). */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/dt.h"
#include "models/chip_variant.h"

int dt_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

const struct chip_variant *dt_find_variant(const void *fdt, int node,
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

int dt_loader_room(struct dt_loader *ld)
{
	int *nn;

	nn = realloc(ld->chip_nodes,
		     (board_nchips(ld->bd) + 1) * sizeof(*nn));
	if (!nn)
		return dt_fail(ld->err, ld->errlen, "out of memory");
	ld->chip_nodes = nn;
	return 0;
}

struct gpio_lines *dt_gpio_by_node(struct dt_loader *ld, int node)
{
	unsigned int i;

	for (i = 0; i < board_ngpios(ld->bd); i++)
		if (ld->gpio_nodes[i] == node)
			return board_gpio(ld->bd, i);
	return NULL;
}
