/* SPDX-License-Identifier: GPL-2.0 */
/*
 * max730x.h - the register file of one Maxim MAX7300 (I2C, max7300.c) or
 * MAX7301 (SPI, max7301.c): the two parts differ only in their serial
 * interface (MAX7300 and MAX7301 datasheets, register tables), so the
 * ports, their configuration and the transition detection live here
 * once. Ports P4..P31; the driver's line N is port P(N + 4).
 *
 *   0x04        configuration: bit 0 S (0 = shutdown, reset), bit 7 M
 *               (transition detection enable; reads 0 once a transition
 *               disarmed it); the other bits read 0
 *   0x06        transition detection mask: bits 0-6 watch P24..P30;
 *               bit 7 reads INT (the latched detection), writes to it
 *               are ignored
 *   0x09..0x0f  port configuration, 2 bits per port, P4..P7 in 0x09:
 *               01 output, 10 input, 11 input with pull-up; reset 0xaa
 *               (00 is reserved: the port keeps its previous mode)
 *   0x20..0x3f  one port in bit 0 (0x24 = P4): write sets the output
 *               latch, read returns the pin level
 *   0x40..0x5f  eight ports P(n)..P(n+7) at 0x40 + n: write sets those
 *               latches, read returns the pins; ports past P31 read 0
 * Addresses 0x00..0x03 and P0..P3 read 0; other addresses ignore writes
 * and read 0. In shutdown every port is released (input, no pull-up)
 * while the registers keep their values.
 *
 * Transition detection (the datasheets' "Transition Detection" section,
 * as this model reads it): writing the configuration register with M = 1
 * takes a snapshot of P24..P30 and arms the detection; while armed, a
 * level of a masked port that differs from the snapshot (however short)
 * latches INT high and disarms (M reads 0). INT is port P31, used as an
 * output: from the first write of M = 1 until a write of M = 0, an
 * output-configured P31 drives INT instead of its latch (low while INT
 * is clear). A write of the configuration register clears INT; with
 * M = 1 it also re-arms with a new snapshot. Assumed where this reading
 * is not sure of the datasheet (its text was not at hand to re-check):
 * that a write with M = 0 clears INT too; that bit 7 of the mask
 * register reads INT and a read clears nothing; that detection watches
 * pin levels whatever the port's mode. gpio-max730x writes M = 0 at
 * probe and never sets it: the guest never sees it.
 */
#ifndef EXPANDER_MAX730X_H
#define EXPANDER_MAX730X_H

#include <stdbool.h>
#include <stdint.h>

#include "models/chip.h"

struct max730x {
	struct chip *c;
	uint8_t config, mask, portcfg[8];
	uint32_t latch;		/* output latches, bit = port */
	uint8_t snap;		/* P24..P30 at the last arming */
	bool armed;		/* M: watching */
	bool td;		/* M written 1 since the last M = 0: P31 is INT */
	bool intf;		/* INT latched */
};

/* Power-on state on c's pins (port P4 = pin 0). */
void max730x_init(struct max730x *d, struct chip *c);
uint8_t max730x_read(const struct max730x *d, unsigned int reg);
void max730x_write(struct max730x *d, unsigned int reg, uint8_t v);
/* A pin changed from outside: transition detection. */
void max730x_check(struct max730x *d);

#endif
