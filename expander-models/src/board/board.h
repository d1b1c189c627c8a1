/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board.h - the buses, chips and wires of one board, and the lock, log
 * and clock they share (world.h). board_dt.h builds a board from the
 * compiled DT that the guest boots (the only list); the control
 * protocol (control.c) and the daemon use it through these two files.
 */
#ifndef EXPANDER_BOARD_H
#define EXPANDER_BOARD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "buses/bus.h"
#include "buses/world.h"
#include "models/chip.h"

/*
 * QEMU's virt machine has 32 virtio-mmio slots; slots 32-63 are for
 * boards that only the host-side load driver serves (load/).
 */
#define BOARD_MAX_BUSES 64
#define BOARD_MAX_GPIOS 4

struct board;
struct gpio_lines;
struct spi_bus;
struct spi_dev_cfg;
struct spi_gpio_host;
struct stim;

/* The board and everything on it; NULL is fine. */
void board_free(struct board *bd);

/* Building a board (board_dt.c): an empty one, then buses and chips. */
struct board *board_new(void);
/* A bus on virtio-mmio slot at hz, named "i2c<slot>". NULL with err. */
struct bus *board_add_bus(struct board *bd, int slot, uint32_t hz,
			  char *err, size_t errlen);
/*
 * The model of part v at reg on bus b, named name (the DT node's), in
 * its power-on state (not logged). NULL with err: a bad reg, or an
 * address another chip has.
 */
struct chip *board_add_chip(struct board *bd, struct bus *b,
			    const struct chip_variant *v, uint16_t reg,
			    const char *name, char *err, size_t errlen);

/*
 * The model of SPI part v on chip select cfg->cs of sb, the device's
 * bus settings (mode, bit order, clock) in dev, named name. NULL with
 * err: no clock, the chip select taken or out of range, a bad cfg.
 * A bridge (board_add_chip of a part with an SPI side) puts its SPI bus,
 * named spi<slot>-<addr>, on the board itself.
 */
struct chip *board_add_spi_chip(struct board *bd, struct spi_bus *sb,
				const struct chip_variant *v,
				const struct spi_chip_cfg *cfg,
				const struct spi_dev_cfg *dev, const char *name,
				char *err, size_t errlen);
/*
 * An SPI bus on the board, for lookups, lists and counters; its owner
 * (a bridge's chip, an spi-gpio host) frees it. -1 with err: a name
 * taken, too many.
 */
int board_add_spi(struct board *bd, struct spi_bus *sb, char *err,
		  size_t errlen);
/*
 * An spi-gpio host (spi_gpio.h) with its bus named name on the board,
 * which owns it. NULL with err: a name taken, too many.
 */
struct spi_gpio_host *board_add_spi_gpio(struct board *bd, const char *name,
					 char *err, size_t errlen);

/*
 * A virtio-gpio controller (gpio_lines.h) on virtio-mmio slot with n
 * lines named names[i], named "gpio<slot>". NULL with err: a slot taken,
 * too many controllers, a bad line count.
 */
struct gpio_lines *board_add_gpio(struct board *bd, int slot, unsigned int n,
				  const char *const *names, char *err,
				  size_t errlen);

unsigned int board_nbuses(const struct board *bd);
struct bus *board_bus(struct board *bd, unsigned int i);
unsigned int board_nchips(const struct board *bd);
struct chip *board_chip(struct board *bd, unsigned int i);

unsigned int board_ngpios(const struct board *bd);
struct gpio_lines *board_gpio(struct board *bd, unsigned int i);
/* GPIO as a name ("gpio14") or a slot number ("14"); NULL if none. */
struct gpio_lines *board_find_gpio(struct board *bd, const char *name);

unsigned int board_nspi(const struct board *bd);
struct spi_bus *board_spi(struct board *bd, unsigned int i);
/* An SPI bus by name ("spi7-28", "spi14-gpio"); NULL if none. */
struct spi_bus *board_find_spi(struct board *bd, const char *name);

/* BUS as a name ("i2c31") or a slot number ("31"); NULL if none. */
struct bus *board_find_bus(struct board *bd, const char *name);
/*
 * CHIP as a node name ("pca9555@20"), BUS:ADDR ("i2c31:20") or, on an
 * SPI bus, BUS:CS ("spi7-28:0").
 */
struct chip *board_find_chip(struct board *bd, const char *spec);
/* The chip answering at addr on bus b, or NULL. */
struct chip *board_chip_at(struct board *bd, const struct bus *b,
			   uint16_t addr);

/* The board-wide lock (world.h): held by every bus transaction. */
void board_lock(struct board *bd);
void board_unlock(struct board *bd);

/* Transaction and pin-change records go here (NULL: no log). */
void board_set_log(struct board *bd, FILE *log);
/* An M record with the next mark number, which it returns. */
uint64_t board_mark(struct board *bd, const char *text);
void board_flush_log(struct board *bd);

/*
 * A change from outside the chips (control: drive) happens now, at the
 * present time of c's bus clock: the records it causes carry that.
 */
void board_outside_event(struct board *bd, struct chip *c);

/*
 * Follow every pin and INT change of the board (world.h): fn runs in the
 * daemon's thread, with the board lock held. -1 if too many watch.
 */
int board_watch(struct board *bd, world_watch_fn fn, void *ctx);

/* The board's storms and armed pin changes (stim.h). */
struct stim *board_stim(struct board *bd);

/* Pace every bus in real time (see struct bus_timing). */
void board_set_paced(struct board *bd, int paced);

#endif
