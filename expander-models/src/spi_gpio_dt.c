// SPDX-License-Identifier: GPL-2.0
/*
 * spi_gpio_dt.c - "spi-gpio" nodes: an SPI bus that the guest bit-bangs
 * (Linux spi-gpio) on lines of a virtio-gpio controller of this board
 * (BOARD-DT.md, "SPI on virtio-gpio lines").
 *
 * The decoder (spi_decode.c) follows the guest's SCK, MOSI and chip
 * select lines through gpio_lines_watch(): every level change the guest
 * drives on them is one edge. It drives MISO through a pin of its own
 * wired to the MISO line, so the guest's next GET_VALUE reads the bit
 * the selected chain shows for the next sampling edge. The bus, named
 * spi<slot>-gpio after the controller of its SCK line, has no clock of
 * its own: a frame runs at its part's spi-max-frequency.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "board_impl.h"
#include "spi_decode.h"

#define SPI_GPIO_COMPAT "spi-gpio"

struct spi_gpio_watch {
	struct spi_gpio_host *h;
	unsigned int line;	/* the decoder's: SPI_LINE_* */
};

struct spi_gpio_host {
	struct spi_bus *bus;
	struct spi_decoder *dec;
	struct pinbank miso;	/* one pin on the MISO line's net */
	struct spi_gpio_watch watch[SPI_LINE_CS0 + SPI_MAX_CS];
};

static void on_edge(void *ctx, unsigned int line, int level)
{
	struct spi_gpio_watch *wt = ctx;

	spi_decoder_edge(wt->h->dec, wt->line, level);
}

static void on_miso(void *ctx, int level)
{
	struct spi_gpio_host *h = ctx;

	pin_set_drive(&h->miso, 0, level ? DRV_HIGH : DRV_LOW);
}

void spi_gpio_host_free(struct spi_gpio_host *h)
{
	if (!h)
		return;
	spi_decoder_free(h->dec);
	spi_bus_free(h->bus);
	pinbank_free(&h->miso);
	free(h);
}

static struct gpio_lines *gpio_by_phandle(struct board *bd, const void *fdt,
					  uint32_t ph)
{
	int node = fdt_node_offset_by_phandle(fdt, ph);
	unsigned int i;

	for (i = 0; node >= 0 && i < bd->ngpios; i++)
		if (bd->gpio_nodes[i] == node)
			return bd->gpios[i];
	return NULL;
}

/*
 * Entry i of a <&controller line flags> list: the controller and line,
 * checked. -1 with err.
 */
static int gpio_ref(struct board *bd, const void *fdt, int node,
		    const char *prop, unsigned int i, struct gpio_lines **gl,
		    unsigned int *line, char *err, size_t errlen)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	const fdt32_t *p;
	int len;

	p = fdt_getprop(fdt, node, prop, &len);
	if (!p || len < (int)(12 * (i + 1))) {
		snprintf(err, errlen, "%s: %s entry %u missing (want <&gpio "
			 "line flags>)", name, prop, i);
		return -1;
	}
	*gl = gpio_by_phandle(bd, fdt, fdt32_to_cpu(p[3 * i]));
	*line = fdt32_to_cpu(p[3 * i + 1]);
	if (!*gl || *line >= (*gl)->dev.n) {
		snprintf(err, errlen, "%s: %s entry %u is not a line of a "
			 "virtio-gpio controller", name, prop, i);
		return -1;
	}
	return 0;
}

static int watch(struct spi_gpio_host *h, struct gpio_lines *gl,
		 unsigned int line, unsigned int what, const char *name,
		 char *err, size_t errlen)
{
	h->watch[what].h = h;
	h->watch[what].line = what;
	if (gpio_lines_watch(gl, line, on_edge, &h->watch[what])) {
		snprintf(err, errlen, "%s: %s has too many watchers", name,
			 gl->name);
		return -1;
	}
	/* The decoder starts from the line's level, not from 0. */
	spi_decoder_edge(h->dec, what, gpio_lines_level(gl, line));
	return 0;
}

static int add_spi_gpio(struct board *bd, const void *fdt, int node,
			char *err, size_t errlen)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	struct spi_gpio_host *h;
	struct gpio_lines *gl, *sck;
	unsigned int line, i, ncs;
	char bus[32];
	int len;

	if (bd->nspigpio == BOARD_MAX_GPIOS || bd->nspi == BOARD_MAX_BUSES)
		return fail_dt(err, errlen, "%s: too many SPI buses", name);
	if (!fdt_getprop(fdt, node, "cs-gpios", &len) || len < 12)
		return fail_dt(err, errlen, "%s: no cs-gpios", name);
	ncs = len / 12;
	if (ncs > SPI_MAX_CS)
		return fail_dt(err, errlen, "%s: %u chip selects, at most %d",
			       name, ncs, SPI_MAX_CS);
	if (gpio_ref(bd, fdt, node, "sck-gpios", 0, &sck, &line, err, errlen))
		return -1;
	h = calloc(1, sizeof(*h));
	/* No w: the MISO line's own pin logs the level (P records). */
	if (!h || pinbank_init(&h->miso, NULL, 1)) {
		free(h);
		return fail_dt(err, errlen, "out of memory");
	}
	bd->spigpio[bd->nspigpio++] = h;
	snprintf(bus, sizeof(bus), "spi%d-gpio", sck->slot);
	h->bus = spi_bus_new(&bd->w, bus, 0);
	if (!h->bus)
		return fail_dt(err, errlen, "out of memory");
	h->miso.chip = spi_bus_name(h->bus);
	h->miso.bus = spi_bus_name(h->bus);
	bd->spi[bd->nspi++] = h->bus;
	/* The devices first: the decoder takes their chip select levels. */
	if (board_spi_children(bd, h->bus, fdt, node, err, errlen))
		return -1;
	h->dec = spi_decoder_new(h->bus, ncs);
	if (!h->dec)
		return fail_dt(err, errlen, "out of memory");
	if (watch(h, sck, line, SPI_LINE_SCK, name, err, errlen))
		return -1;
	if (fdt_getprop(fdt, node, "mosi-gpios", NULL) &&
	    (gpio_ref(bd, fdt, node, "mosi-gpios", 0, &gl, &line, err,
		      errlen) ||
	     watch(h, gl, line, SPI_LINE_MOSI, name, err, errlen)))
		return -1;
	for (i = 0; i < ncs; i++)
		if (gpio_ref(bd, fdt, node, "cs-gpios", i, &gl, &line, err,
			     errlen) ||
		    watch(h, gl, line, SPI_LINE_CS0 + i, name, err, errlen))
			return -1;
	if (fdt_getprop(fdt, node, "miso-gpios", NULL)) {
		if (gpio_ref(bd, fdt, node, "miso-gpios", 0, &gl, &line, err,
			     errlen))
			return -1;
		pin_set_drive(&h->miso, 0, DRV_HIGH);
		pin_wire(&h->miso, 0, &gl->pins, line);
		spi_decoder_on_miso(h->dec, on_miso, h);
	}
	return 0;
}

int board_spi_gpio_from_dt(struct board *bd, const void *fdt, char *err,
			   size_t errlen)
{
	int node;

	for (node = fdt_node_offset_by_compatible(fdt, -1, SPI_GPIO_COMPAT);
	     node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, SPI_GPIO_COMPAT))
		if (add_spi_gpio(bd, fdt, node, err, errlen))
			return -1;
	return 0;
}
