/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stim.h - what the bench does to a chip's input pin from outside when
 * a control command's arrival is not precise enough (CONTROL.md: storm,
 * arm):
 *
 * - a storm: a square wave, the pin toggled every half period for a
 *   number of periods, on the storm's clock (below);
 * - an armed change: the pin driven when a given transaction (frame) to
 *   the chip reaches a given byte, i.e. while a driver is in the middle
 *   of reading the chip.
 *
 * The storm's clock: the board has no time of its own. A bus's clock
 * moves only with its transactions (bus_i2c_ns()), which an unpaced bus
 * puts on the wire in no wall time at all. So the storm clock runs with
 * the wall clock (the daemon's loop calls stim_tick()) plus, on top,
 * the bus time of every transaction on the storm chip's bus, byte by
 * byte (the bus's byte hook, bus_hook.h): an edge that falls due in the
 * middle of a transaction changes the pin before the byte it falls in
 * reaches the chip (I2C: a byte takes effect at its ACK, where the hook
 * runs; SPI: before the next 8 bits, where the hook runs), as a square
 * wave would against a real bus, to the byte. Run storms unpaced
 * (pace 0): on a paced bus the bus time would count twice.
 *
 * Neither knows vhost-user; the pin layer tells the chips and the
 * board's watchers of every edge, as for a drive command. Callers of
 * every function hold the board lock (stim_tick() takes it itself).
 */
#ifndef EXPANDER_STIM_H
#define EXPANDER_STIM_H

#include <stdbool.h>
#include <stdint.h>

#include "buses/bus_hook.h"
#include "buses/pins.h"

struct chip;
struct world;
struct stim;

struct stim *stim_new(struct world *w);
void stim_free(struct stim *s);

/* Every bus of the board calls this before each byte (board.c). */
void stim_on_byte(void *ctx, const struct bus_byte *bb);

/* Bounds of a storm: edges are 2 * periods, each a pin change. */
#define STIM_HZ_MIN 1u
#define STIM_HZ_MAX 1000000u
#define STIM_PERIODS_MAX 100000u

/*
 * Start a square wave on pin of c: the pin goes to the level it does
 * not have now, and again every 1 / (2 hz) s of the storm clock, 2 *
 * periods changes in all (it ends at the level it started from). -1
 * if a storm is running (stim_storm_stop() first) or out of bounds.
 */
int stim_storm(struct stim *s, struct chip *c, unsigned int pin,
	       uint32_t hz, uint32_t periods, uint64_t wall_now);
/* End the storm where it is (the pin stays where it is). */
void stim_storm_stop(struct stim *s);

struct stim_storm_state {
	const struct chip *c;	/* NULL: no storm since start */
	unsigned int pin;
	uint32_t hz;
	uint64_t edges, made;	/* planned, done */
	bool running;
	uint64_t clock_ns;	/* the storm clock since its start */
	uint64_t bus_ns;	/* of which the chip's bus clock */
};
void stim_storm_state(const struct stim *s, struct stim_storm_state *st);

/*
 * For the daemon's loop: the wall time the next edge falls due at
 * (UINT64_MAX: none), and the storm clock brought to wall_now, every
 * edge due by then made.
 */
uint64_t stim_deadline(const struct stim *s);
void stim_tick(struct stim *s, uint64_t wall_now);

/*
 * Arm a change of pin of c to e (EXT_LOW, EXT_HIGH, EXT_NONE): made
 * when the tx-th transaction (1: the next) addressed to c (I2C: its
 * first segment to one of c's addresses; SPI: a frame on c's chip
 * select) reaches byte nbyte (0: before its first address byte; bytes
 * counted from the START, address bytes included; SPI: 8 bits each),
 * before that byte reaches any chip. A transaction that ends first
 * leaves it missed. A new arm replaces an old one.
 */
int stim_arm(struct stim *s, struct chip *c, unsigned int pin,
	     enum pin_ext e, uint32_t tx, uint32_t nbyte);
void stim_disarm(struct stim *s);

struct stim_arm_state {
	const struct chip *c;	/* NULL: never armed */
	bool armed, fired, missed;
	uint64_t seen;		/* the chip's transactions since armed */
	uint64_t at_ns;		/* bus clock when it fired */
};
void stim_arm_state(const struct stim *s, struct stim_arm_state *st);

#endif
