/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pins.h - the electrical side of the chips: what each pin drives, what
 * the outside world drives onto it, and the level that results.
 *
 * A chip model never computes a pin level itself: it says how it drives
 * (strong low/high, weak pull, hi-Z) and reads back the resolved level.
 * Pins joined by a wire share one net and one level. Every change of a
 * resolved level is counted and logged with the bus time of the event
 * that caused it, then reported to the chip (input change detection).
 */
#ifndef EXPANDER_PINS_H
#define EXPANDER_PINS_H

#include <stdbool.h>
#include <stdint.h>

#include "buses/world.h"

enum pin_level {
	PIN_0 = 0,
	PIN_1 = 1,
	PIN_Z = 2,	/* nothing drives or pulls the net: floating */
	PIN_X = 3,	/* contention: opposing drivers of equal strength */
};

/* How the chip itself drives a pin. */
enum pin_drive {
	DRV_HIZ,	/* input, or open-drain output released */
	DRV_LOW,	/* push-pull low, open-drain low, quasi-bidir low */
	DRV_HIGH,	/* push-pull high */
	DRV_WEAK_HIGH,	/* quasi-bidirectional 1 (pcf857x), pull-up resistor */
	DRV_WEAK_LOW,	/* pull-down resistor */
};

/* External drive from the control interface (a test bench signal). */
enum pin_ext {
	EXT_NONE,
	EXT_LOW,
	EXT_HIGH,
};

struct net;
struct pinbank;

struct pin {
	struct pinbank *bank;
	unsigned int index;
	enum pin_drive drive;	/* the chip's output stage */
	enum pin_drive pull;	/* the chip's internal resistor: HIZ = none */
	enum pin_ext ext;
	bool board_pullup;	/* resistor on the board (DT world node) */
	enum pin_level level;	/* resolved, as last reported */
	struct net *net;
	struct pin *net_next;	/* next pin on the same net */
};

struct pinbank {
	struct world *w;
	const char *chip;	/* names for the log */
	const char *bus;
	unsigned int n;
	struct pin *pins;
	uint64_t *changes;	/* counter to bump per change (may be NULL) */
	/* Called after a pin's resolved level changed (may be NULL). */
	void (*notify)(void *ctx, unsigned int pin, enum pin_level old,
		       enum pin_level now);
	void *ctx;
};

int pinbank_init(struct pinbank *pb, struct world *w, unsigned int n);
void pinbank_free(struct pinbank *pb);

/* Change what the chip drives / pulls on pin i; resolves and logs. */
void pin_set_drive(struct pinbank *pb, unsigned int i, enum pin_drive d);
void pin_set_pull(struct pinbank *pb, unsigned int i, enum pin_drive pull);
void pin_set_ext(struct pinbank *pb, unsigned int i, enum pin_ext e);
void pin_set_board_pullup(struct pinbank *pb, unsigned int i, bool on);

/* Join two pins (possibly of different chips) with a wire. */
int pin_wire(struct pinbank *a, unsigned int ia, struct pinbank *b,
	     unsigned int ib);

enum pin_level pin_level(const struct pinbank *pb, unsigned int i);

/*
 * The bit a CMOS input buffer of the chip reads. A floating pin reads 1
 * and a contended one 0: real silicon is undefined there, and a fixed
 * answer keeps runs deterministic (LOG-FORMAT.md shows z and x as such).
 */
int pin_read_bit(const struct pinbank *pb, unsigned int i);

/* Levels of pins [first, first+count) (at most 64) as bits, via pin_read_bit(). */
uint64_t pin_read_bits(const struct pinbank *pb, unsigned int first,
		       unsigned int count);

char pin_level_char(enum pin_level l);

#endif
