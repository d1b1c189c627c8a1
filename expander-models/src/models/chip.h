/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chip.h - what every chip model has in common. A family (pca953x,
 * pcf857x, max732x) is one model driven by per-part descriptions;
 * board.c only sees this file and chip_variant.h (the table from DT
 * compatible to model).
 *
 * A new family: a struct whose first member is "struct chip c", an
 * init() that sets the power-on state and adds the chip's targets (an
 * SPI family: spi_init(), and spi_lines() if its line count varies), a
 * NULL-terminated table of struct chip_variant, and one line in the
 * registry (chip_variant.h and chip_variant.c). Allocation, pins and
 * freeing are chip.c's, placement on a bus board.c's.
 */
#ifndef EXPANDER_CHIP_H
#define EXPANDER_CHIP_H

#include <stddef.h>
#include <stdint.h>

#include "buses/i2c_target.h"
#include "buses/pins.h"

struct bus;
struct chip;
struct chip_family;
struct spi_bus;
struct spi_target;

/* What an SPI part's DT node says beyond its bus settings. */
struct spi_chip_cfg {
	unsigned int cs;	/* reg */
	/*
	 * Parts in the daisy chain or registers in a chain: gpio-74x164
	 * registers-number, gpio-pisosr ngpios / 8, gpio-max3191x
	 * #daisy-chained-devices; 0 when absent (one).
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
	size_t size;		/* of the model's struct, struct chip first */
	/*
	 * Bring the zeroed model to its power-on state, answering at c->reg
	 * (chip_add_target; and at any second address the part has). Its
	 * pins exist already. -1 on a bad reg, with a reason in err.
	 */
	int (*init)(struct chip *c, char *err, size_t errlen);
	/*
	 * SPI parts instead of init(): the power-on state for cfg, the
	 * chain's targets in c->spi_targets (MOSI side first, c->nspi).
	 */
	int (*spi_init)(struct chip *c, const struct spi_chip_cfg *cfg,
			char *err, size_t errlen);
	/*
	 * The lines of an SPI part for cfg (a chain of several parts, the
	 * MCP23S08's present mask); NULL: v->lines. 0 with a reason in
	 * err if cfg cannot be.
	 */
	unsigned int (*spi_lines)(const struct chip_variant *v,
				  const struct spi_chip_cfg *cfg, char *err,
				  size_t errlen);
	/* What init() took besides the chip (a bridge's SPI bus); or NULL. */
	void (*fini)(struct chip *c);
};

/* The model struct around a struct chip named c. */
#define CHIP_MODEL(chip, type) ((type *)((char *)(chip) - offsetof(type, c)))

#define CHIP_MAX_TARGETS 2
#define CHIP_MAX_SPI 8

struct chip {
	char name[64];		/* DT node name: "pca9555@20" */
	const struct chip_variant *v;
	struct world *w;
	struct bus *bus;	/* set by the board that places it */
	uint16_t reg;
	unsigned int ntargets;
	struct i2c_target targets[CHIP_MAX_TARGETS];
	struct pinbank pins;
	/* INT output (active low, open drain): true while asserted. */
	bool irq;
	bool has_irq;
	/*
	 * INT active high, push-pull instead (chip_int_active_high()):
	 * driven high while asserted, low otherwise; or active low,
	 * push-pull (irq_push_pull alone): low while asserted, driven high
	 * otherwise (chip_set_int_drive()).
	 */
	bool irq_active_high;
	bool irq_push_pull;
	/*
	 * The INT pin on the pin layer: low while asserted, released
	 * otherwise. The DT's interrupts property wires it to a line of a
	 * virtio-gpio controller (gpio_lines.h). It has no log of its own
	 * (the I record says it); the line's net has.
	 */
	struct pinbank intpin;
	uint64_t *irq_changes;
	/* SPI parts: the bus and chip select, the targets of the chain. */
	struct spi_bus *spi;
	unsigned int cs;
	unsigned int nspi;
	struct spi_target *spi_targets[CHIP_MAX_SPI];
	/* An I2C-to-SPI bridge: the SPI bus it masters (its own). */
	struct spi_bus *spi_master;
};

/*
 * The model of part v in its power-on state, answering at reg (the DT
 * reg), not yet on a bus. NULL with a reason in err.
 */
struct chip *chip_create(const struct chip_variant *v, uint16_t reg,
			 struct world *w, char *err, size_t errlen);
/*
 * The model of SPI part v for cfg in its power-on state, not yet on a
 * bus. NULL with a reason in err.
 */
struct chip *chip_create_spi(const struct chip_variant *v,
			     const struct spi_chip_cfg *cfg, struct world *w,
			     char *err, size_t errlen);
/* Freed (its targets off any bus first); NULL is fine. */
void chip_destroy(struct chip *c);

/* The clock of the bus the chip sits on, I2C or SPI. */
uint64_t chip_bus_now_ns(const struct chip *c);

/* Drive the INT output; logs and counts a change. */
void chip_set_irq(struct chip *c, bool asserted);
/*
 * For a family's init(): the part's INT is active high and push-pull
 * (driven low at once while not asserted), not active low, open drain.
 */
void chip_int_active_high(struct chip *c);
/*
 * How the part drives INT now (a part whose registers choose, e.g. the
 * MCP23xxx's IOCON.ODR and INTPOL): active high or low, push-pull or
 * open drain (open drain is active low: an active-high open-drain pin
 * is taken as push-pull). The pin follows at once.
 */
void chip_set_int_drive(struct chip *c, bool active_high, bool push_pull);

/* Attach a target to the chip at addr, served by ops with priv. */
void chip_add_target(struct chip *c, uint16_t addr,
		     const struct i2c_target_ops *ops, void *priv);

#endif
