// SPDX-License-Identifier: GPL-2.0
/*
 * spi_dt.c - SPI buses and parts from the DT (BOARD-DT.md, "SPI"). An
 * "spi-gpio" node is a bus the guest bit-bangs on virtio-gpio lines
 * (spi_gpio.h), named spi<slot>-gpio after the controller of its SCK
 * line; an SC18IS602 bridge is a bus behind I2C (its chip, board.c).
 * The children of either are the SPI parts: reg is the chip select, the
 * mode, bit order and clock come from the spi-* properties, a chain's
 * length and address bits from the driver's own (struct spi_chip_cfg).
 */
#include <libfdt.h>
#include <stdio.h>

#include "board/dt.h"
#include "board/spi_dt.h"
#include "buses/gpio_lines.h"
#include "buses/spi_bus.h"
#include "buses/spi_decode.h"
#include "buses/spi_gpio.h"

#define SPI_GPIO_COMPAT "spi-gpio"

static uint32_t prop_u32(const void *fdt, int node, const char *prop,
			 uint32_t dflt)
{
	const fdt32_t *p;
	int len;

	p = fdt_getprop(fdt, node, prop, &len);
	return p && len >= 4 ? fdt32_to_cpu(*p) : dflt;
}

/* A uint8 property (/bits/ 8 in the source), read as the kernel's
 * device_property_read_u8() does: its first byte. A 32-bit cell there
 * reads as its high byte, 0, in the kernel too.
 */
static uint32_t prop_u8(const void *fdt, int node, const char *prop,
			uint32_t dflt)
{
	const uint8_t *p;
	int len;

	p = fdt_getprop(fdt, node, prop, &len);
	return p && len >= 1 ? p[0] : dflt;
}

static bool prop_bool(const void *fdt, int node, const char *prop)
{
	return fdt_getprop(fdt, node, prop, NULL) != NULL;
}

static int add_spi_chip(struct dt_loader *ld, struct spi_bus *sb, int node)
{
	const void *fdt = ld->fdt;
	const char *name = fdt_get_name(fdt, node, NULL), *compat;
	const struct chip_variant *v = dt_find_variant(fdt, node, &compat);
	struct spi_chip_cfg cfg = { 0 };
	struct spi_dev_cfg dev = { 0 };
	uint32_t ngpios;

	if (!compat)
		return 0;	/* not a device: nothing to model */
	if (!v)
		return dt_fail(ld->err, ld->errlen, "%s on %s: unknown "
			       "compatible \"%s\"", name, spi_bus_name(sb),
			       compat);
	if (!v->family->spi_init)
		return dt_fail(ld->err, ld->errlen, "%s on %s: %s is not an "
			       "SPI part", name, spi_bus_name(sb), v->part);
	cfg.cs = prop_u32(fdt, node, "reg", ~0u);
	dev.mode = (prop_bool(fdt, node, "spi-cpha") ? SPI_CPHA : 0) |
		   (prop_bool(fdt, node, "spi-cpol") ? SPI_CPOL : 0);
	dev.lsb_first = prop_bool(fdt, node, "spi-lsb-first");
	dev.cs_high = prop_bool(fdt, node, "spi-cs-high");
	dev.max_hz = prop_u32(fdt, node, "spi-max-frequency", 0);
	ngpios = prop_u32(fdt, node, "ngpios", 0);
	cfg.chain = prop_u32(fdt, node, "registers-number",
			     prop_u32(fdt, node, "#daisy-chained-devices",
				      (ngpios + 7) / 8));
	/* uint8 in the binding (microchip,mcp23s08.yaml) */
	cfg.present_mask = prop_u8(fdt, node, "microchip,spi-present-mask",
				   prop_u8(fdt, node, "mcp,spi-present-mask", 0));
	cfg.modesel_8bit = prop_bool(fdt, node, "maxim,modesel-8bit");
	if (dt_loader_room(ld))
		return -1;
	if (!board_add_spi_chip(ld->bd, sb, v, &cfg, &dev, name, ld->err,
				ld->errlen))
		return -1;
	ld->chip_nodes[board_nchips(ld->bd) - 1] = node;
	return 0;
}

int spi_dt_children(struct dt_loader *ld, struct spi_bus *sb, int node)
{
	int child;

	fdt_for_each_subnode(child, ld->fdt, node)
		if (add_spi_chip(ld, sb, child))
			return -1;
	return 0;
}

/*
 * Entry i of a <&controller line flags> list: the controller and line,
 * checked. -1 with err.
 */
static int gpio_ref(struct dt_loader *ld, int node, const char *prop,
		    unsigned int i, struct gpio_lines **gl,
		    unsigned int *line)
{
	const char *name = fdt_get_name(ld->fdt, node, NULL);
	const fdt32_t *p;
	int len;

	p = fdt_getprop(ld->fdt, node, prop, &len);
	if (!p || len < (int)(12 * (i + 1)))
		return dt_fail(ld->err, ld->errlen, "%s: %s entry %u missing "
			       "(want <&gpio line flags>)", name, prop, i);
	*gl = dt_gpio_by_node(ld, fdt_node_offset_by_phandle(ld->fdt,
						fdt32_to_cpu(p[3 * i])));
	*line = fdt32_to_cpu(p[3 * i + 1]);
	if (!*gl || *line >= (*gl)->n)
		return dt_fail(ld->err, ld->errlen, "%s: %s entry %u is not a "
			       "line of a virtio-gpio controller", name, prop,
			       i);
	return 0;
}

/* Follow prop's entry i as the decoder's what. */
static int watch(struct dt_loader *ld, struct spi_gpio_host *h, int node,
		 const char *prop, unsigned int i, unsigned int what)
{
	struct gpio_lines *gl;
	unsigned int line;

	if (gpio_ref(ld, node, prop, i, &gl, &line))
		return -1;
	if (spi_gpio_host_watch(h, gl, line, what))
		return dt_fail(ld->err, ld->errlen, "%s: %s has too many "
			       "watchers", fdt_get_name(ld->fdt, node, NULL),
			       gl->name);
	return 0;
}

static int add_spi_gpio(struct dt_loader *ld, int node)
{
	const char *name = fdt_get_name(ld->fdt, node, NULL);
	struct spi_gpio_host *h;
	struct gpio_lines *sck;
	unsigned int line, i, ncs;
	char bus[32];
	int len;

	if (!fdt_getprop(ld->fdt, node, "cs-gpios", &len) || len < 12)
		return dt_fail(ld->err, ld->errlen, "%s: no cs-gpios", name);
	ncs = len / 12;
	if (ncs > SPI_MAX_CS)
		return dt_fail(ld->err, ld->errlen, "%s: %u chip selects, at "
			       "most %d", name, ncs, SPI_MAX_CS);
	if (gpio_ref(ld, node, "sck-gpios", 0, &sck, &line))
		return -1;
	snprintf(bus, sizeof(bus), "spi%d-gpio", sck->slot);
	h = board_add_spi_gpio(ld->bd, bus, ld->err, ld->errlen);
	if (!h)
		return -1;
	/* The devices first: the decoder takes their chip select levels. */
	if (spi_dt_children(ld, spi_gpio_host_bus(h), node))
		return -1;
	if (spi_gpio_host_start(h, ncs))
		return dt_fail(ld->err, ld->errlen, "out of memory");
	if (watch(ld, h, node, "sck-gpios", 0, SPI_LINE_SCK))
		return -1;
	if (fdt_getprop(ld->fdt, node, "mosi-gpios", NULL) &&
	    watch(ld, h, node, "mosi-gpios", 0, SPI_LINE_MOSI))
		return -1;
	for (i = 0; i < ncs; i++)
		if (watch(ld, h, node, "cs-gpios", i, SPI_LINE_CS0 + i))
			return -1;
	if (fdt_getprop(ld->fdt, node, "miso-gpios", NULL)) {
		struct gpio_lines *gl;

		if (gpio_ref(ld, node, "miso-gpios", 0, &gl, &line))
			return -1;
		spi_gpio_host_miso(h, gl, line);
	}
	return 0;
}

int spi_dt_gpio(struct dt_loader *ld)
{
	const void *fdt = ld->fdt;
	int node;

	for (node = fdt_node_offset_by_compatible(fdt, -1, SPI_GPIO_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, SPI_GPIO_COMPAT))
		if (add_spi_gpio(ld, node))
			return -1;
	return 0;
}
