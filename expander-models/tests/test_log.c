// SPDX-License-Identifier: GPL-2.0
/*
 * test_log.c - every record of src/buses/log.c, byte for byte, against the
 * printf formats that LOG-FORMAT.md describes (the writer builds lines
 * by hand for speed; these formats are what it must equal), over edge
 * values and a few thousand pseudo-random ones.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "buses/log.h"

static char *got, *want;
static size_t gotlen, wantlen;
static FILE *g, *w;

static void open_both(void)
{
	g = open_memstream(&got, &gotlen);
	w = open_memstream(&want, &wantlen);
}

/* Flush both and compare; frees them. */
static int same(void)
{
	int r;

	fclose(g);
	fclose(w);
	r = gotlen == wantlen && !memcmp(got, want, gotlen);
	if (!r) {
		/* The first line that differs, not megabytes of them. */
		size_t i = 0, sol = 0;

		while (i < gotlen && i < wantlen && got[i] == want[i])
			if (got[i++] == '\n')
				sol = i;
		fprintf(stderr, "  got:  %.*s\n  want: %.*s\n",
			(int)strcspn(got + sol, "\n"), got + sol,
			(int)strcspn(want + sol, "\n"), want + sol);
	}
	free(got);
	free(want);
	return r;
}

static const char *const ack[] = { "ack", "nack", "dnack" };

static void ref_transaction(FILE *f, const char *bus, uint64_t seq,
			    uint64_t start, uint64_t end, uint64_t wall,
			    unsigned int bytes, const struct log_seg *s,
			    unsigned int n, uint64_t stretch)
{
	unsigned int i, j;
	bool ok = true;

	for (i = 0; i < n; i++)
		ok &= s[i].ack == LOG_ACK;
	fprintf(f, "T bus=%s seq=%" PRIu64 " start_ns=%" PRIu64
		" end_ns=%" PRIu64 " dur_ns=%" PRIu64 " wall_ns=%" PRIu64
		" bytes=%u status=%s segs=", bus, seq, start, end, end - start,
		wall, bytes, ok ? "ok" : "nack");
	for (i = 0; i < n; i++) {
		fprintf(f, "%s%02x:%c:", i ? "," : "", s[i].addr,
			s[i].read ? 'R' : 'W');
		for (j = 0; j < s[i].len; j++)
			fprintf(f, "%02x", s[i].buf[j]);
		fprintf(f, ":%s", ack[s[i].ack]);
	}
	if (stretch)
		fprintf(f, " stretch_ns=%" PRIu64, stretch);
	fputc('\n', f);
}

static uint64_t rnd_state = 88172645463325252ull;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/* A value of any width: 0, a few digits, or all 64 bits. */
static uint64_t rnd_val(void)
{
	return rnd() >> (rnd() % 64);
}

static const uint64_t edges[] = { 0, 1, 9, 10, 99, 100, 999999999,
				  1000000000, UINT32_MAX, UINT64_MAX / 10,
				  UINT64_MAX - 1, UINT64_MAX };
#define NEDGES (sizeof(edges) / sizeof(edges[0]))

TEST(header_bus_chip)
{
	uint16_t addrs[3] = { 0x20, 0x5, 0x7f };
	unsigned int i;

	open_both();
	log_header(g);
	fprintf(w, "# expander-models log v%d\n", LOG_VERSION);
	for (i = 0; i < NEDGES; i++) {
		log_bus(g, "i2c31", (int)edges[i], (uint32_t)edges[i]);
		fprintf(w, "B bus=%s slot=%d hz=%" PRIu32 "\n", "i2c31",
			(int)edges[i], (uint32_t)edges[i]);
	}
	for (i = 0; i <= 3; i++) {
		log_chip(g, "max7325@60", "i2c26", "max7325", addrs, i, 16);
		fprintf(w, "C chip=%s bus=%s model=%s addr=", "max7325@60",
			"i2c26", "max7325");
		for (unsigned int j = 0; j < i; j++)
			fprintf(w, "%s%02x", j ? "," : "", addrs[j]);
		fprintf(w, " lines=%u\n", 16);
	}
	CHECK(same());
}

TEST(transactions)
{
	uint8_t data[3000];
	struct log_seg s[8];
	unsigned int i, k, n, bytes;
	uint64_t wall, stretch;

	for (i = 0; i < sizeof(data); i++)
		data[i] = rnd();
	open_both();
	for (k = 0; k < 3000; k++) {
		uint64_t a = k < NEDGES ? edges[k] : rnd_val();
		uint64_t b = k < NEDGES ? edges[NEDGES - 1 - k] : rnd_val();
		uint64_t start = a < b ? a : b, end = a < b ? b : a;
		uint64_t seq = k < NEDGES ? edges[k] : rnd_val();

		n = k % 9;	/* 0 to 8 segments */
		for (i = 0; i < n; i++) {
			s[i].addr = rnd() % 0x80;
			s[i].read = rnd() & 1;
			s[i].len = k % 50 == 0 ? 1500 : rnd() % 5;
			s[i].buf = data + rnd() % 1000;
			s[i].ack = rnd() % 3;
		}
		wall = rnd_val();
		bytes = rnd();
		/* stretch_ns: only under a fault, then any value */
		stretch = k % 7 ? 0 : k < 7 * NEDGES ? edges[k / 7] : rnd_val();
		log_transaction(g, k & 1 ? "i2c0" : "i2c31", seq, start, end,
				wall, bytes, s, n, stretch);
		ref_transaction(w, k & 1 ? "i2c0" : "i2c31", seq, start, end,
				wall, bytes, s, n, stretch);
	}
	CHECK(same());
}

TEST(pins_irqs_marks)
{
	static const char levels[] = "01zx";
	unsigned int k;

	open_both();
	for (k = 0; k < 2000; k++) {
		uint64_t t = k < NEDGES ? edges[k] : rnd_val();
		uint64_t wall = rnd_val();
		unsigned int pin = k < NEDGES ? (unsigned int)edges[k] : rnd();
		const char *bus = k % 3 ? "i2c21" : NULL;
		const char *clk = k % 5 ? "i2c22" : NULL;
		char o = levels[rnd() % 4], n = levels[rnd() % 4];
		int io = (int)rnd(), in = k & 1;

		log_pin(g, "pca9555@22", bus, pin, o, n, t, clk, wall);
		fprintf(w, "P chip=%s bus=%s pin=%u old=%c new=%c bus_ns=%"
			PRIu64 " clk=%s wall_ns=%" PRIu64 "\n", "pca9555@22",
			bus ? bus : "-", pin, o, n, t, clk ? clk : "-", wall);
		log_irq(g, "pcf8574@20", bus, io, in, t, clk, wall);
		fprintf(w, "I chip=%s bus=%s old=%d new=%d bus_ns=%" PRIu64
			" clk=%s wall_ns=%" PRIu64 "\n", "pcf8574@20",
			bus ? bus : "-", io, in, t, clk ? clk : "-", wall);
	}
	log_mark(g, 1, 81234567999999ull, "block write,\n16 lines\r");
	fprintf(w, "M seq=1 wall_ns=81234567999999 text=block write, 16 "
		"lines \n");
	log_mark(g, UINT64_MAX, 0, "");
	fprintf(w, "M seq=%" PRIu64 " wall_ns=0 text=\n", UINT64_MAX);
	CHECK(same());
}

int main(void)
{
	RUN(header_bus_chip);
	RUN(transactions);
	RUN(pins_irqs_marks);
	return CHECK_DONE();
}
