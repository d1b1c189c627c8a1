/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spi_bus.h - one emulated SPI bus: chip selects with daisy chains of
 * targets on them, the bus clock, counters and the frame log record.
 *
 * A master (the pin-edge decoder for spi-gpio, the SC18IS602 bridge, a
 * unit test) drives it with select / bit / deselect; the bus reassembles
 * the frame for the log and counts it. Bus time is the device's nominal
 * clock from the DT (spi-max-frequency), capped by the master's own
 * clock when it has one: never how fast the guest toggled the pins.
 */
#ifndef EXPANDER_SPI_BUS_H
#define EXPANDER_SPI_BUS_H

#include <stdbool.h>
#include <stdint.h>

#include "buses/bus_counters.h"
#include "buses/bus_hook.h"
#include "buses/spi_target.h"

struct world;
struct spi_bus;

#define SPI_MAX_CS 8
#define SPI_FRAME_MAX 256	/* bytes kept for the log; counts go on */

/* Per chip select, from the device's DT node. */
#define SPI_CPHA 0x1
#define SPI_CPOL 0x2
struct spi_dev_cfg {
	bool present;
	unsigned int mode;	/* SPI_CPHA | SPI_CPOL */
	bool lsb_first;		/* spi-lsb-first: bit order on the wire */
	bool cs_high;		/* spi-cs-high */
	uint32_t max_hz;	/* spi-max-frequency */
};

struct spi_bus *spi_bus_new(struct world *w, const char *name,
			    uint32_t master_hz);
void spi_bus_free(struct spi_bus *b);
const char *spi_bus_name(const struct spi_bus *b);
void spi_bus_set_name(struct spi_bus *b, const char *name);

/* Device on chip select cs; -1 if cs is out of range or taken. */
int spi_bus_add_dev(struct spi_bus *b, unsigned int cs,
		    const struct spi_dev_cfg *cfg);
const struct spi_dev_cfg *spi_bus_dev(const struct spi_bus *b,
				      unsigned int cs);
/* Append t to the end of cs's daisy chain (nearest MISO). */
int spi_bus_attach(struct spi_bus *b, unsigned int cs, struct spi_target *t);

/*
 * The master's clock, 0 if it has none of its own (spi-gpio): a frame
 * runs at min(master clock, the device's spi-max-frequency).
 */
void spi_bus_set_master_hz(struct spi_bus *b, uint32_t hz);
/*
 * The bench's clock (control "speed HZ SPIBUS"): every later frame runs
 * at hz, whatever master and device say; 0 goes back to them. Like an
 * I2C bus's speed, it changes bus time only, never what goes over it.
 */
void spi_bus_set_speed(struct spi_bus *b, uint32_t hz);
uint32_t spi_bus_speed(const struct spi_bus *b);
#define SPI_SPEED_MIN 1000u
#define SPI_SPEED_MAX 100000000u
uint32_t spi_bus_frame_hz(const struct spi_bus *b, unsigned int cs);
/*
 * fn(ctx) before every 8th bit of a frame is clocked (bus_hook.h: addr
 * is the chip select); NULL: none.
 */
void spi_bus_set_byte_hook(struct spi_bus *b, bus_byte_fn fn, void *ctx);

/* Frame primitives, in the order a master issues them. */
void spi_bus_select(struct spi_bus *b, unsigned int cs);
/* MISO now (the last target's output): 0, 1 or SPI_HIZ. */
int spi_bus_miso(const struct spi_bus *b);
/* One sampling edge with MOSI = mosi; returns the MISO bit it sampled. */
int spi_bus_clock(struct spi_bus *b, int mosi);
void spi_bus_deselect(struct spi_bus *b);
/* The chip select of the frame in progress, -1 between frames. */
int spi_bus_active(const struct spi_bus *b);

/*
 * A whole frame of len bytes, full duplex, in the device's bit order
 * (what an SPI controller with a FIFO does). rx may be NULL.
 */
void spi_bus_frame(struct spi_bus *b, unsigned int cs, const uint8_t *tx,
		   uint8_t *rx, unsigned int len);

/* Level MISO shows when no target drives it (board pull-up: 1). */
#define SPI_MISO_IDLE 1

uint64_t spi_bus_now_ns(const struct spi_bus *b);
/* Counts since the last reset (bus_counters.h). */
void spi_bus_get_counters(const struct spi_bus *b, struct bus_counters *c);
void spi_bus_reset_counters(struct spi_bus *b);
uint64_t *spi_bus_pin_counter(struct spi_bus *b);
uint64_t *spi_bus_irq_counter(struct spi_bus *b);

/* Bus time of nbits clocks at hz: the one definition (LOG-FORMAT.md). */
uint64_t spi_bus_ns(uint32_t hz, unsigned int nbits);

#endif
