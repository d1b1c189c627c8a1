// SPDX-License-Identifier: GPL-2.0
/*
 * mc33880.c - MC33880, eight low-side (open-drain) switches with fault
 * reporting on an 8-bit SPI interface, as gpio-mc33880 drives it.
 *
 * SI is clocked into an 8-bit shift register on the rising SCLK edge;
 * SO is its MSB, so parts daisy-chain. When CS falls, the fault status
 * is loaded into the shift register and comes out first; when CS rises,
 * the last 8 bits in are the command: bit n = 1 turns output n on
 * (pulls it low). A frame that is not a multiple of 8 clocks is ignored
 * (the part's framing check), outputs keep their state.
 *
 * Fault status, bit n for output n: 1 when the output is on and the pin
 * is not low (short to the supply) or off and the pin is low (short to
 * ground, or an open load pulled down by the off-state diagnostic
 * current). The loads are modelled as weak pull-ups, so an off output
 * with nothing else on it reads 1 and reports no fault.
 * Power-on: all outputs off.
 */
#include <stddef.h>

#include "buses/spi_target.h"
#include "models/chip.h"

struct mc33880 {
	struct chip c;
	struct spi_shift s;
	uint8_t on;
};

static uint8_t faults(const struct mc33880 *m)
{
	uint8_t f = 0;
	unsigned int i;

	for (i = 0; i < 8; i++) {
		enum pin_level l = pin_level(&m->c.pins, i);
		bool on = m->on & (1u << i);

		if ((on && l != PIN_0) || (!on && l == PIN_0))
			f |= 1u << i;
	}
	return f;
}

static void apply(struct mc33880 *m)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		pin_set_drive(&m->c.pins, i, m->on & (1u << i) ?
			      DRV_LOW : DRV_HIZ);
}

static struct mc33880 *of(const struct spi_target *t)
{
	return (struct mc33880 *)((char *)t - offsetof(struct mc33880, s.t));
}

static void mc33880_select(struct spi_target *t)
{
	struct mc33880 *m = of(t);

	m->s.sr = faults(m);
}

static void mc33880_deselect(struct spi_target *t, unsigned int nbits)
{
	struct mc33880 *m = of(t);

	if (!nbits || nbits % 8)
		return;
	m->on = m->s.sr;
	apply(m);
}

static const struct spi_target_ops mc33880_ops = {
	.select = mc33880_select,
	.dout = spi_shift_dout,
	.clock = spi_shift_clock,
	.deselect = mc33880_deselect,
};

static int mc33880_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			    char *err, size_t errlen)
{
	struct mc33880 *m = CHIP_MODEL(c, struct mc33880);
	unsigned int i;

	spi_shift_init(&m->s, &mc33880_ops, 8);
	m->c.spi_targets[0] = &m->s.t;
	m->c.nspi = 1;
	for (i = 0; i < 8; i++)
		pin_set_pull(&m->c.pins, i, DRV_WEAK_HIGH);	/* the load */
	apply(m);
	return 0;
}

static const struct chip_family mc33880_family = {
	.size = sizeof(struct mc33880),
	.spi_init = mc33880_spi_init,
};

/* gpio-mc33880 matches "fsl,mc33880" (patch gpio-mc33880/0003). */
const struct chip_variant mc33880_variants[] = {
	{ "fsl,mc33880", "mc33880", &mc33880_family, 8, NULL },
	{ NULL },
};
