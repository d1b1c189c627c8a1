/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rig.h - a bus with chip models on it, built without a DTB, plus the
 * transactions the Linux drivers issue, segment for segment:
 *   regmap (pca953x, no AI): write [reg, val]; write [reg], Sr, read 1
 *   i2c_smbus_{read,write}_byte (pcf857x 8-bit, max732x): one byte
 *   i2c_master_{send,recv} of 2 bytes (pcf857x 16-bit, max732x word)
 * The log goes into memory so tests can read it back.
 */
#ifndef EXPANDER_RIG_H
#define EXPANDER_RIG_H

#include <stdlib.h>
#include <string.h>

#include "bus.h"
#include "chip.h"
#include "world.h"

struct rig {
	struct world w;
	struct bus *b;
	struct chip *c[8];
	unsigned int n;
	char *logbuf;
	size_t loglen;
};

static inline void rig_init(struct rig *r, uint32_t hz)
{
	memset(r, 0, sizeof(*r));
	world_init(&r->w);
	r->w.log = open_memstream(&r->logbuf, &r->loglen);
	r->b = bus_new(&r->w, "i2c31", 31, hz);
}

static inline struct chip *rig_add(struct rig *r, const char *compat,
				   uint16_t addr)
{
	const struct chip_variant *v = chip_variant_find(compat);
	FILE *log = r->w.log;
	char err[128];
	struct chip *c;
	uint16_t clash;

	if (!v)
		return NULL;
	/* Power-on settling is not logged: board_load() has no log yet. */
	r->w.log = NULL;
	c = chip_create(v, addr, &r->w, err, sizeof(err));
	r->w.log = log;
	if (!c)
		return NULL;
	if (chip_place(c, r->b, &clash)) {
		chip_destroy(c);
		return NULL;
	}
	r->c[r->n++] = c;
	return c;
}

/* The log so far, as one string. */
static inline const char *rig_log(struct rig *r)
{
	fflush(r->w.log);
	return r->logbuf ? r->logbuf : "";
}

static inline void rig_free(struct rig *r)
{
	unsigned int i;

	for (i = 0; i < r->n; i++)
		chip_destroy(r->c[i]);
	bus_free(r->b);
	fclose(r->w.log);
	free(r->logbuf);
	world_destroy(&r->w);
}

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
