/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fixture.h - what the host tests build on:
 *  - a rig: a bus with chip models on it, built without a DTB;
 *  - a board from tests/boards/NAME.dts (compiled by the Makefile), its
 *    buses by slot, and control lines run on it;
 *  - the transactions the Linux drivers issue, segment for segment:
 *   regmap (pca953x, no AI): write [reg, val]; write [reg], Sr, read 1
 *   i2c_smbus_{read,write}_byte (pcf857x 8-bit, max732x): one byte
 *   i2c_master_{send,recv} of 2 bytes (pcf857x 16-bit, max732x word)
 * The log goes into memory so tests can read it back.
 */
#ifndef EXPANDER_FIXTURE_H
#define EXPANDER_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "board/board_dt.h"
#include "models/chip_variant.h"
#include "check.h"
#include "control/control.h"

/* A board with one bus, i2c31, and the chips added to it. */
struct rig {
	struct board *bd;
	struct bus *b;
	struct chip *c[8];
	unsigned int n;
	FILE *log;
	char *logbuf;
	size_t loglen;
};

static inline void rig_init(struct rig *r, uint32_t hz)
{
	char err[128];

	memset(r, 0, sizeof(*r));
	r->bd = board_new();
	r->b = board_add_bus(r->bd, 31, hz, err, sizeof(err));
	r->log = open_memstream(&r->logbuf, &r->loglen);
	board_set_log(r->bd, r->log);
}

/* The model of compat at addr on the rig's bus; NULL if it cannot be. */
static inline struct chip *rig_add(struct rig *r, const char *compat,
				   uint16_t addr)
{
	const struct chip_variant *v = chip_variant_find(compat);
	char name[64], err[128];
	struct chip *c;

	if (!v)
		return NULL;
	snprintf(name, sizeof(name), "%s@%x", v->part, addr);
	c = board_add_chip(r->bd, r->b, v, addr, name, err, sizeof(err));
	if (c)
		r->c[r->n++] = c;
	return c;
}

/* A fresh rig at hz with one chip, compat at addr; NULL if it cannot be. */
static inline struct chip *rig_one(struct rig *r, uint32_t hz,
				   const char *compat, uint16_t addr)
{
	rig_init(r, hz);
	return rig_add(r, compat, addr);
}

/* The log so far, as one string. */
static inline const char *rig_log(struct rig *r)
{
	fflush(r->log);
	return r->logbuf ? r->logbuf : "";
}

static inline void rig_free(struct rig *r)
{
	board_set_log(r->bd, NULL);
	board_free(r->bd);
	fclose(r->log);
	free(r->logbuf);
}

/* ---- boards ---- */

#define BOARD(name) BOARDS_DIR "/" name ".dtb"

/* The board at path (BOARD("basic")); without it a test program stops. */
static inline struct board *board_or_exit(const char *path)
{
	char err[256];
	struct board *bd = board_load(path, err, sizeof(err));

	if (!bd) {
		printf("could not load board: %s\n", err);
		exit(1);
	}
	return bd;
}

/* The end of a test program on a board: free it, the summary line. */
static inline int board_done(struct board *bd)
{
	board_free(bd);
	return CHECK_DONE();
}

/* The bus on virtio-mmio slot of bd, or NULL. */
static inline struct bus *board_slot(struct board *bd, int slot)
{
	unsigned int i;

	for (i = 0; i < board_nbuses(bd); i++)
		if (bus_mmio_slot(board_bus(bd, i)) == slot)
			return board_bus(bd, i);
	return NULL;
}

/* The whole reply of the last ctl_on(), its final newline removed. */
static char ctl_out[4096];

/* Run one control line on bd; returns the last line (the ok/err one). */
static inline const char *ctl_on(struct board *bd, const char *line)
{
	size_t n = control_exec(bd, line, ctl_out, sizeof(ctl_out));
	char *last;

	if (!n || ctl_out[n - 1] != '\n')
		return "(no newline)";
	ctl_out[n - 1] = 0;
	last = strrchr(ctl_out, '\n');
	return last ? last + 1 : ctl_out;
}

/* ---- driver transactions ---- */

/* regmap_write() without AI: one transaction, [reg, val]. */
static inline int reg_write(struct bus *b, uint16_t addr, uint8_t reg,
			    uint8_t val)
{
	uint8_t buf[2] = { reg, val };
	struct i2c_seg s = { .addr = addr, .buf = buf, .len = 2 };

	return bus_transfer(b, &s, 1, NULL);
}

/* regmap_read(): write [reg], repeated START, read one byte. */
static inline int reg_read(struct bus *b, uint16_t addr, uint8_t reg)
{
	uint8_t r = reg, v = 0;
	struct i2c_seg s[2] = {
		{ .addr = addr, .buf = &r, .len = 1 },
		{ .addr = addr, .read = true, .buf = &v, .len = 1 },
	};

	return bus_transfer(b, s, 2, NULL) ? -1 : v;
}

/* A command byte, repeated START, n bytes read (regmap's raw/bulk read). */
static inline int reg_read_block(struct bus *b, uint16_t addr, uint8_t reg,
				 uint8_t *buf, uint32_t n)
{
	struct i2c_seg s[2] = {
		{ .addr = addr, .buf = &reg, .len = 1 },
		{ .addr = addr, .read = true, .buf = buf, .len = n },
	};

	return bus_transfer(b, s, 2, NULL);
}

/*
 * regmap's cache fill: n registers read from 0x00 in one transfer, and
 * the registers of want (register, value; nwant of them) read so.
 */
static inline void check_cache_fill(struct bus *b, uint16_t addr,
				    unsigned int n, const uint8_t (*want)[2],
				    unsigned int nwant)
{
	uint8_t v[256];
	unsigned int i;

	CHECK_EQ(reg_read_block(b, addr, 0x00, v, n), 0);
	for (i = 0; i < nwant; i++)
		if (v[want[i][0]] != want[i][1]) {
			fprintf(stderr, "  register 0x%02x read 0x%02x, want "
				"0x%02x\n", want[i][0], v[want[i][0]],
				want[i][1]);
			CHECK(0);
		}
}

/* Plain write / read of n bytes in one segment (master_send/recv). */
static inline int raw_write(struct bus *b, uint16_t addr, const uint8_t *p,
			    uint32_t n)
{
	struct i2c_seg s = { .addr = addr, .buf = (uint8_t *)p, .len = n };

	return bus_transfer(b, &s, 1, NULL);
}

static inline int raw_read(struct bus *b, uint16_t addr, uint8_t *p,
			   uint32_t n)
{
	struct i2c_seg s = { .addr = addr, .read = true, .buf = p, .len = n };

	return bus_transfer(b, &s, 1, NULL);
}

static inline int byte_write(struct bus *b, uint16_t addr, uint8_t v)
{
	return raw_write(b, addr, &v, 1);
}

static inline int byte_read(struct bus *b, uint16_t addr)
{
	uint8_t v;

	return raw_read(b, addr, &v, 1) ? -1 : v;
}

static inline int word_read(struct bus *b, uint16_t addr)
{
	uint8_t v[2];

	return raw_read(b, addr, v, 2) ? -1 : v[0] | v[1] << 8;
}

static inline int word_write(struct bus *b, uint16_t addr, uint16_t w)
{
	uint8_t v[2] = { w & 0xff, w >> 8 };

	return raw_write(b, addr, v, 2);
}

/* External drive of a pin, as the control interface does it. */
static inline void ext(struct chip *c, unsigned int pin, int v)
{
	pin_set_ext(&c->pins, pin, v < 0 ? EXT_NONE : v ? EXT_HIGH : EXT_LOW);
}

static inline unsigned int count_lines(const char *log, const char *prefix)
{
	unsigned int n = 0;
	size_t pl = strlen(prefix);
	const char *p = log;

	while (p && *p) {
		if (!strncmp(p, prefix, pl))
			n++;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return n;
}

#endif
