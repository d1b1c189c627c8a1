/* SPDX-License-Identifier: GPL-2.0 */
/* max3191x.h - the diagnostics a test can set on a MAX3191x chain. */
#ifndef EXPANDER_MAX3191X_H
#define EXPANDER_MAX3191X_H

#include <stdbool.h>

struct chip;

/*
 * Part n of the chain (0 = on MISO): field supply undervoltage alarms
 * UV1 / UV2 and overtemperature, as the status byte reports them.
 */
int max3191x_set_alarms(struct chip *c, unsigned int n, bool uv1, bool uv2,
			bool ot);

/* The CRC field of the status byte for inputs in (bits 7:3). */
unsigned int max3191x_crc(unsigned int in);

#endif
