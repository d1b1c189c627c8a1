/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mix.h - a recorded request mix for the load driver (loadgen.c).
 *
 * One transaction per line, written as the `segs=` field of a T record of
 * the bus log (LOG-FORMAT.md): comma-separated ADDR:DIR:DATA:ACK. For a
 * write, DATA is what is sent; for a read, its length is how many bytes
 * are read and DATA is what must come back. A whole T record (a line of a
 * bus log) is taken too: its segs= field is the transaction. Lines before
 * a line `repeat` are set-up, run once per bus; the lines after it are the
 * body, run as often as asked. `#` starts a comment line.
 */
#ifndef EXPANDER_LOAD_MIX_H
#define EXPANDER_LOAD_MIX_H

#include <stdbool.h>
#include <stdint.h>

#define MIX_SEGS	8	/* segments of one transaction */
#define MIX_DATA	32	/* data bytes of one segment */

struct mix_seg {
	uint8_t addr;
	bool read;
	uint8_t len;
	uint8_t data[MIX_DATA];
	bool nack;		/* this segment fails (nack or dnack) */
};

struct mix_tx {
	unsigned int nsegs;
	struct mix_seg seg[MIX_SEGS];
};

struct mix {
	char name[64];		/* the file's name without directory and .mix */
	struct mix_tx *tx;
	unsigned int nsetup, nbody;	/* tx[0..nsetup), then the body */
};

/* 0, or -1 with a message naming file and line in err. */
int mix_load(struct mix *m, const char *path, char *err, size_t errlen);
void mix_free(struct mix *m);

/* Bytes on the wire and bus time of one transaction (as bus.c counts). */
unsigned int mix_bytes(const struct mix_tx *t);
uint64_t mix_bus_ns(const struct mix_tx *t, uint32_t hz);

#endif
