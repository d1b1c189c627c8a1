/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i2c_target.h - what a chip model shows to the bus it sits on.
 *
 * The bus owns the protocol (START, address, ACK, repeated START, STOP,
 * timing, logging); a target only sees the events a real target's
 * serial interface sees once its address has matched. One chip may own
 * several targets (max732x parts answer at two addresses).
 */
#ifndef EXPANDER_I2C_TARGET_H
#define EXPANDER_I2C_TARGET_H

#include <stdbool.h>
#include <stdint.h>

struct i2c_target;

struct i2c_target_ops {
	/*
	 * START or repeated START carrying our address. Return 0 to ACK
	 * the address byte, -1 to NACK it.
	 */
	int (*start)(struct i2c_target *t, bool read);
	/* One data byte from the controller: 0 to ACK, -1 to NACK. */
	int (*write)(struct i2c_target *t, uint8_t byte);
	/* One data byte to the controller (it ACKs all but the last). */
	uint8_t (*read)(struct i2c_target *t);
	/* STOP ending a transaction that addressed us at least once. */
	void (*stop)(struct i2c_target *t);
};

struct i2c_target {
	const struct i2c_target_ops *ops;
	uint16_t addr;		/* 7-bit address it answers at */
	void *priv;		/* the model */
	/* Owned by the bus: addressed since the last STOP. */
	bool addressed;
	struct i2c_target *next;
};

#endif
