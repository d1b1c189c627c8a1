/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chip.h - what every chip model has in common, and the table from DT
 * compatible to model. A family (pca953x, pcf857x, max732x) is one
 * model driven by per-part descriptions; board.c only sees this file.
 */
#ifndef EXPANDER_CHIP_H
#define EXPANDER_CHIP_H

#include <stddef.h>
#include <stdint.h>

#include "i2c_target.h"
#include "pins.h"

struct bus;
struct chip;
struct chip_family;
struct spi_bus;
struct spi_target;

/* What an SPI part's DT node says beyond its chip select. */
struct spi_chip_cfg {
	unsigned int cs;	/* reg */
	/*
	 * Parts in the daisy chain or registers in a chain: gpio-74x164
	 * registers-number, gpio-pisosr ngpios / 8, gpio-max3191x
	 * #daisy-chained-devices; 1 when absent.
	 */
	unsigned int chain;
	uint32_t present_mask;	/* microchip,spi-present-mask */
	bool modesel_8bit;	/* maxim,modesel-8bit */
};

struct chip_variant {
	const char *compatible;	/* exactly as in the Linux of_match table */
	const char *part;	/* "pca9555" */
	const struct chip_family *family;
	unsigned int lines;
	const void *data;	/* the family's description of the part */
};

struct chip_family {
	const char *name;
	/*
	 * Build the model in its power-on state, answering at the DT reg
	 * (and at any second address the part has). NULL on a bad reg,
	 * with a reason in err.
	 */
	struct chip *(*create)(const struct chip_variant *v, uint16_t reg,
			       struct world *w, char *err, size_t errlen);
	void (*destroy)(struct chip *c);
	/*
	 * SPI parts instead of create(): the model in its power-on state,
	 * its targets in c->spi_targets (MOSI side first).
	 */
	struct chip *(*spi_create)(const struct chip_variant *v,
				   const struct spi_chip_cfg *cfg,
				   struct world *w, char *err, size_t errlen);
};

#define CHIP_MAX_TARGETS 2
#define CHIP_MAX_SPI 8

struct chip {
	char name[64];		/* DT node name: "pca9555@20" */
	const struct chip_variant *v;
	struct world *w;
	struct bus *bus;
	uint16_t reg;
	unsigned int ntargets;
	struct i2c_target targets[CHIP_MAX_TARGETS];
	struct pinbank pins;
	/* INT output (active low, open drain): true while asserted. */
	bool irq;
	bool has_irq;
	/*
	 * The INT pin on the pin layer: low while asserted, released
	 * otherwise. The DT's interrupts property wires it to a line of a
	 * virtio-gpio controller (gpio_lines.h); not logged as a P record
	 * (the I record says it), the line's net is.
	 */
	struct pinbank intpin;
	uint64_t *irq_changes;
	/* SPI parts: the bus and chip select, the targets of the chain. */
	struct spi_bus *spi;
	unsigned int cs;
	unsigned int nspi;
	struct spi_target *spi_targets[CHIP_MAX_SPI];
	/* An I2C-to-SPI bridge: the SPI bus it masters. */
	struct spi_bus *spi_master;
};

const struct chip_variant *chip_variant_find(const char *compatible);
/* Every known variant, NULL-terminated by compatible (for listings). */
const struct chip_variant *const *chip_families(void);

/* Common part of a model's create(): names, pins, targets. */
int chip_init(struct chip *c, const struct chip_variant *v,
	      struct world *w, uint16_t reg);
/* As chip_init() with a line count of its own (chains of N parts). */
int chip_init_lines(struct chip *c, const struct chip_variant *v,
		    struct world *w, uint16_t reg, unsigned int lines);
void chip_fini(struct chip *c);
void chip_destroy(struct chip *c);

/* Name and clock of the bus the chip sits on, I2C or SPI. */
const char *chip_bus_name(const struct chip *c);
uint64_t chip_bus_now_ns(const struct chip *c);

/* Drive the INT output; logs and counts a change. */
void chip_set_irq(struct chip *c, bool asserted);

/* Attach a target to the chip at addr, served by ops with priv. */
void chip_add_target(struct chip *c, uint16_t addr,
		     const struct i2c_target_ops *ops, void *priv);

extern const struct chip_variant pca953x_variants[];
extern const struct chip_variant pcf857x_variants[];
extern const struct chip_variant max732x_variants[];
extern const struct chip_variant hc595_variants[];
extern const struct chip_variant hc165_variants[];
extern const struct chip_variant max7301_variants[];
extern const struct chip_variant mc33880_variants[];
extern const struct chip_variant mcp23s08_variants[];
extern const struct chip_variant xra1403_variants[];
extern const struct chip_variant max3191x_variants[];
extern const struct chip_variant sc18is602_variants[];

#endif
