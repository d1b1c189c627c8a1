/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spi_target.h - what a chip model shows to the SPI bus it sits on.
 *
 * The SPI counterpart of i2c_target.h. The bus (spi_bus.c) owns chip
 * select, clock modes, bit order, timing and the log; a target only sees
 * what a real part's serial interface sees between the fall and the rise
 * of its chip select: one bit in on every sampling clock edge, one bit
 * out ahead of it. Whether the frame came from pin edges (spi_decode.c)
 * or from an I2C-to-SPI bridge (models/sc18is602.c), the target cannot
 * tell.
 *
 * Targets on one chip select form a daisy chain: the controller's MOSI
 * feeds the first target's serial input, each target's serial output
 * feeds the next one's input, the last one's output is MISO. A part
 * that is a chain itself (74HC595 x N) is N targets.
 */
#ifndef EXPANDER_SPI_TARGET_H
#define EXPANDER_SPI_TARGET_H

#include <stdint.h>

struct spi_target;

/* Serial output level: 0, 1, or not driven (MISO then floats). */
#define SPI_HIZ (-1)

struct spi_target_ops {
	/* Chip select asserted: a frame begins. */
	void (*select)(struct spi_target *t);
	/*
	 * The level on the serial output now, which the next sampling
	 * edge will see: 0, 1 or SPI_HIZ. Must not change state.
	 */
	int (*dout)(const struct spi_target *t);
	/* Sampling edge: one bit in on the serial input. */
	void (*clock)(struct spi_target *t, int din);
	/* Chip select released after nbits sampling edges. */
	void (*deselect)(struct spi_target *t, unsigned int nbits);
};

struct spi_target {
	const struct spi_target_ops *ops;
	void *priv;		/* the model */
	struct spi_target *next;	/* downstream in the daisy chain */
};

/*
 * The serial interface of the simple parts: a shift register of width
 * bits clocked in MSB first (sr = sr << 1 | din) whose MSB is the serial
 * output, so that parts of one kind daisy-chain. Embed it first in a
 * part's per-stage struct and put spi_shift_dout / spi_shift_clock in
 * its ops; t.priv is the struct spi_shift.
 */
struct spi_shift {
	struct spi_target t;
	uint32_t sr;
	unsigned int width;	/* 1..32 */
};

void spi_shift_init(struct spi_shift *s, const struct spi_target_ops *ops,
		    unsigned int width);
int spi_shift_dout(const struct spi_target *t);
void spi_shift_clock(struct spi_target *t, int din);

/*
 * Helper for parts that think in words (8 or 16 bits, MSB first): the
 * model gets a whole word when its last bit is in and returns the word
 * it shifts out next. A frame that ends mid-word drops the partial word.
 */
struct spi_word_ops {
	unsigned int width;	/* bits per word: 1..32 */
	/* CS fell: the first word out (or SPI_HIZ for not driven). */
	int64_t (*select)(void *m);
	/* Word index idx came in; return the next word out (or SPI_HIZ). */
	int64_t (*word)(void *m, uint32_t in, unsigned int idx);
	/* CS rose after nbits clocks. */
	void (*deselect)(void *m, unsigned int nbits);
};

struct spi_word_target {
	struct spi_target t;
	const struct spi_word_ops *wops;
	void *m;
	uint32_t in;
	int64_t out;
	unsigned int bit;	/* bits of the current word so far */
	unsigned int idx;	/* words completed in this frame */
};

void spi_word_target_init(struct spi_word_target *wt,
			  const struct spi_word_ops *wops, void *m);

#endif
