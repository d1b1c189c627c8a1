/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bus.h - one emulated I2C bus: the targets on it, its clock, its log.
 *
 * This is the boundary between transport and model. A transport (the
 * vhost-user-i2c backend, a unit test, the fuzzer) hands the bus whole
 * transactions as lists of segments; the bus runs them against the chip
 * models, advances the bus clock and logs them. Nothing below this line
 * knows about virtio.
 */
#ifndef EXPANDER_BUS_H
#define EXPANDER_BUS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "buses/bus_counters.h"
#include "buses/bus_hook.h"

struct bus;
struct i2c_target;

/* One message of a transaction: START (or repeated START), address, data. */
struct i2c_seg {
	uint16_t addr;		/* 7-bit address; 10-bit is not modelled (NACK) */
	bool read;
	uint8_t *buf;		/* len bytes: filled on read, consumed on write */
	uint32_t len;		/* 0 is a quick command: address phase only */
	int status;		/* out: 0 ACKed throughout, -1 NACK or not run */
};

/*
 * Run one transaction: START, the segments separated by repeated STARTs,
 * STOP. A NACK ends the transaction (the controller sends STOP); that
 * segment and every later one get status -1. Returns 0 if every segment
 * completed, -1 otherwise. *t (may be NULL) gets the timing below.
 */
struct bus_timing {
	uint64_t bus_ns;	/* the transaction's duration on the bus clock */
	/*
	 * Wall time the transport must let pass before it completes the
	 * request: bus_ns when pacing is on, plus any injected delay or
	 * bus hold. 0 means complete at once.
	 */
	uint64_t hold_ns;
};

int bus_transfer(struct bus *b, struct i2c_seg *segs, unsigned int nsegs,
		 struct bus_timing *t);

/* Current bus clock, in ns since the daemon started. */
uint64_t bus_now_ns(const struct bus *b);

/* Bus speed in Hz (DT clock-frequency, default 100000). */
uint32_t bus_hz(const struct bus *b);

/*
 * Change the bus speed (control: speed). Only transactions that start
 * afterwards run at the new speed; the clock keeps its time. The range
 * covers standard mode to high-speed mode.
 */
#define BUS_HZ_MIN 1000u
#define BUS_HZ_MAX 3400000u
int bus_set_hz(struct bus *b, uint32_t hz);

/* virtio-mmio slot of the bus, from the DT (0..63; QEMU has 0..31). */
int bus_mmio_slot(const struct bus *b);

const char *bus_name(const struct bus *b);

/*
 * Bus time of a stretch of a transaction at f_SCL = hz: 9 clocks per
 * byte (address bytes, repeated-start address bytes and data bytes: 8
 * bits and the ACK), one clock per START or repeated START, one per
 * STOP. The one place the bus clock of LOG-FORMAT.md is computed.
 */
uint64_t bus_i2c_ns(uint32_t hz, unsigned int starts, unsigned int bytes,
		    unsigned int stops);

struct world;

/* Construction, for board.c and for tests that build a bus by hand. */
struct bus *bus_new(struct world *w, const char *name, int slot,
		    uint32_t hz);
void bus_free(struct bus *b);
/* Put a target on the bus; -1 if its address is taken or invalid. */
int bus_attach(struct bus *b, struct i2c_target *t);
void bus_detach(struct bus *b, struct i2c_target *t);
struct i2c_target *bus_target(struct bus *b, uint16_t addr);
void bus_set_paced(struct bus *b, bool paced);
/*
 * fn(ctx) before every byte of every transaction (bus_hook.h), with the
 * event clock (world.h) at that byte's ACK; NULL: none.
 */
void bus_set_byte_hook(struct bus *b, bus_byte_fn fn, void *ctx);

/* Counts since the last reset (bus_counters.h). */
void bus_get_counters(const struct bus *b, struct bus_counters *c);
void bus_reset_counters(struct bus *b);
/* Counters the chips' pins and interrupt outputs bump. */
uint64_t *bus_pin_counter(struct bus *b);
uint64_t *bus_irq_counter(struct bus *b);

/*
 * Fault injection (control: fault ...). nack: the next count address
 * phases to addr are NACKed. delay: every transaction holds ns more.
 * hold: the bus is stuck for ns of wall time from now; transactions
 * complete no earlier than that.
 */
void bus_fault_nack(struct bus *b, uint16_t addr, unsigned int count);
void bus_fault_delay(struct bus *b, uint64_t ns);
void bus_fault_hold(struct bus *b, uint64_t ns);
void bus_fault_clear(struct bus *b);

#endif
