/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bus_counters.h - what a bus counts, deterministically, since its last
 * reset (control: counters): one set for I2C and SPI. An SPI
 * transaction is a frame (CS asserted .. released), one segment each,
 * so that the I2C keys mean the same to a reader.
 */
#ifndef EXPANDER_BUS_COUNTERS_H
#define EXPANDER_BUS_COUNTERS_H

#include <stdint.h>

struct bus_counters {
	uint64_t transactions;	/* SPI: frames */
	uint64_t bytes;		/* address and data; SPI: ceil(bits / 8) */
	uint64_t segments;	/* that went on the wire; SPI: frames */
	uint64_t nacks;		/* I2C: transactions ended by a NACK */
	uint64_t bits;		/* SPI: sampling edges */
	uint64_t pin_changes;	/* of chips on this bus */
	uint64_t irq_changes;	/* INT outputs of chips on this bus */
	uint64_t busy_ns;	/* sum of transaction bus times */
};

#endif
