// SPDX-License-Identifier: GPL-2.0
/*
 * log.c - record writers. Records are written with stdio buffering (a
 * syscall per transaction would be the daemon's largest cost); the
 * control commands "mark" and "flush" and board_free() flush.
 *
 * A record is built in a buffer on the stack with the few conversions
 * the format needs (decimal, two hex digits) and handed to stdio in one
 * fwrite: formatting it with printf a field or a byte at a time cost more
 * than the rest of a transaction. tests/test_log.c holds every record
 * against the printf formats of LOG-FORMAT.md.
 */
#include <inttypes.h>
#include <string.h>

#include "buses/log.h"

/* A line is written out in pieces when it is longer than this. */
#define LB_SIZE 2048

struct lb {
	FILE *f;
	size_t n;
	char b[LB_SIZE];
};

static void lb_flush(struct lb *l)
{
	if (l->n)
		fwrite(l->b, 1, l->n, l->f);
	l->n = 0;
}

/* Room for k more bytes (k <= LB_SIZE). */
static inline char *lb_room(struct lb *l, size_t k)
{
	if (__builtin_expect(l->n + k > LB_SIZE, 0))
		lb_flush(l);
	return l->b + l->n;
}

static void lb_mem_slow(struct lb *l, const char *s, size_t len)
{
	size_t k;

	while (len) {
		k = len < LB_SIZE ? len : LB_SIZE;
		memcpy(lb_room(l, k), s, k);
		l->n += k;
		s += k;
		len -= k;
	}
}

static inline void lb_mem(struct lb *l, const char *s, size_t len)
{
	if (__builtin_expect(len > LB_SIZE - l->n, 0)) {
		lb_mem_slow(l, s, len);
		return;
	}
	memcpy(l->b + l->n, s, len);
	l->n += len;
}

static inline void lb_str(struct lb *l, const char *s)
{
	lb_mem(l, s, strlen(s));
}

/* A literal: its length is known at compile time. */
#define lb_lit(l, s) lb_mem(l, s, sizeof(s) - 1)

static inline void lb_char(struct lb *l, char c)
{
	*lb_room(l, 1) = c;
	l->n++;
}

static const char digits2[201] =
	"0001020304050607080910111213141516171819"
	"2021222324252627282930313233343536373839"
	"4041424344454647484950515253545556575859"
	"6061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* Decimal, written in place two digits at a time. */
static void lb_u64(struct lb *l, uint64_t v)
{
	static const uint64_t pow10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
		10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
		100000000000ull, 1000000000000ull, 10000000000000ull,
		100000000000000ull, 1000000000000000ull,
		10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull,
	};
	unsigned int len = 1;
	char *p;

	while (len < 20 && v >= pow10[len])
		len++;
	p = lb_room(l, len) + len;
	l->n += len;
	while (v >= 100) {
		unsigned int k = (v % 100) * 2;

		v /= 100;
		*--p = digits2[k + 1];
		*--p = digits2[k];
	}
	if (v >= 10) {
		*--p = digits2[v * 2 + 1];
		*--p = digits2[v * 2];
	} else {
		*--p = '0' + v;
	}
}

static inline void lb_int(struct lb *l, int v)
{
	if (v < 0) {
		lb_char(l, '-');
		lb_u64(l, -(int64_t)v);
	} else {
		lb_u64(l, v);
	}
}

static const char hexdig[16] = "0123456789abcdef";

/* %02x; a value above 0xff (not an I2C address) as printf writes it. */
static void lb_hex2(struct lb *l, unsigned int v)
{
	char tmp[8], *p;
	unsigned int i = sizeof(tmp);

	if (v <= 0xff) {
		p = lb_room(l, 2);
		p[0] = hexdig[v >> 4];
		p[1] = hexdig[v & 15];
		l->n += 2;
		return;
	}
	do {
		tmp[--i] = hexdig[v & 15];
		v >>= 4;
	} while (v);
	lb_mem(l, tmp + i, sizeof(tmp) - i);
}

/* Data bytes as hex, a buffer's worth at a time. */
static void lb_hexbytes(struct lb *l, const uint8_t *buf, uint32_t len)
{
	uint32_t k, j;
	char *p;

	while (len) {
		k = len < LB_SIZE / 2 ? len : LB_SIZE / 2;
		p = lb_room(l, 2 * k);
		for (j = 0; j < k; j++) {
			*p++ = hexdig[buf[j] >> 4];
			*p++ = hexdig[buf[j] & 15];
		}
		l->n += 2 * k;
		buf += k;
		len -= k;
	}
}

static inline void lb_start(struct lb *l, FILE *f)
{
	l->f = f;
	l->n = 0;
}

void log_header(FILE *f)
{
	fprintf(f, "# expander-models log v%d\n", LOG_VERSION);
}

void log_bus(FILE *f, const char *bus, int slot, uint32_t hz)
{
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "B bus=");
	lb_str(&l, bus);
	lb_lit(&l, " slot=");
	lb_int(&l, slot);
	lb_lit(&l, " hz=");
	lb_u64(&l, hz);
	lb_char(&l, '\n');
	lb_flush(&l);
}

void log_chip(FILE *f, const char *chip, const char *bus,
	      const char *model, const uint16_t *addrs, unsigned int naddrs,
	      unsigned int lines)
{
	unsigned int i;
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "C chip=");
	lb_str(&l, chip);
	lb_lit(&l, " bus=");
	lb_str(&l, bus);
	lb_lit(&l, " model=");
	lb_str(&l, model);
	lb_lit(&l, " addr=");
	for (i = 0; i < naddrs; i++) {
		if (i)
			lb_char(&l, ',');
		lb_hex2(&l, addrs[i]);
	}
	lb_lit(&l, " lines=");
	lb_u64(&l, lines);
	lb_char(&l, '\n');
	lb_flush(&l);
}

/* The fields T and S records share after the bus (and chip select). */
static void lb_span(struct lb *l, uint64_t seq, uint64_t start_ns,
		    uint64_t end_ns, uint64_t wall_ns)
{
	lb_lit(l, " seq=");
	lb_u64(l, seq);
	lb_lit(l, " start_ns=");
	lb_u64(l, start_ns);
	lb_lit(l, " end_ns=");
	lb_u64(l, end_ns);
	lb_lit(l, " dur_ns=");
	lb_u64(l, end_ns - start_ns);
	lb_lit(l, " wall_ns=");
	lb_u64(l, wall_ns);
}

static const char *const ack_names[] = {
	[LOG_ACK] = ":ack",
	[LOG_NACK_ADDR] = ":nack",
	[LOG_NACK_DATA] = ":dnack",
};

void log_transaction(FILE *f, const char *bus, uint64_t seq,
		     uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		     unsigned int bytes, const struct log_seg *segs,
		     unsigned int nsegs, uint64_t stretch_ns)
{
	bool ok = true;
	unsigned int i;
	struct lb l;

	for (i = 0; i < nsegs; i++)
		if (segs[i].ack != LOG_ACK)
			ok = false;
	lb_start(&l, f);
	lb_lit(&l, "T bus=");
	lb_str(&l, bus);
	lb_span(&l, seq, start_ns, end_ns, wall_ns);
	lb_lit(&l, " bytes=");
	lb_u64(&l, bytes);
	if (ok)
		lb_lit(&l, " status=ok segs=");
	else
		lb_lit(&l, " status=nack segs=");
	for (i = 0; i < nsegs; i++) {
		const struct log_seg *s = &segs[i];

		if (i)
			lb_char(&l, ',');
		lb_hex2(&l, s->addr);
		lb_mem(&l, s->read ? ":R:" : ":W:", 3);
		lb_hexbytes(&l, s->buf, s->len);
		lb_str(&l, ack_names[s->ack]);
	}
	/* Only under a delay or hold fault: other records stay as they were. */
	if (stretch_ns) {
		lb_lit(&l, " stretch_ns=");
		lb_u64(&l, stretch_ns);
	}
	lb_char(&l, '\n');
	lb_flush(&l);
}

/* The fields P and I records share after old/new. */
static void lb_times(struct lb *l, uint64_t bus_ns, const char *clk,
		     uint64_t wall_ns)
{
	lb_lit(l, " bus_ns=");
	lb_u64(l, bus_ns);
	lb_lit(l, " clk=");
	lb_str(l, clk ? clk : "-");
	lb_lit(l, " wall_ns=");
	lb_u64(l, wall_ns);
	lb_char(l, '\n');
}

void log_pin(FILE *f, const char *chip, const char *bus, unsigned int pin,
	     char old, char now, uint64_t bus_ns, const char *clk,
	     uint64_t wall_ns)
{
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "P chip=");
	lb_str(&l, chip);
	lb_lit(&l, " bus=");
	lb_str(&l, bus ? bus : "-");
	lb_lit(&l, " pin=");
	lb_u64(&l, pin);
	lb_lit(&l, " old=");
	lb_char(&l, old);
	lb_lit(&l, " new=");
	lb_char(&l, now);
	lb_times(&l, bus_ns, clk, wall_ns);
	lb_flush(&l);
}

void log_irq(FILE *f, const char *chip, const char *bus, int old, int now,
	     uint64_t bus_ns, const char *clk, uint64_t wall_ns)
{
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "I chip=");
	lb_str(&l, chip);
	lb_lit(&l, " bus=");
	lb_str(&l, bus ? bus : "-");
	lb_lit(&l, " old=");
	lb_int(&l, old);
	lb_lit(&l, " new=");
	lb_int(&l, now);
	lb_times(&l, bus_ns, clk, wall_ns);
	lb_flush(&l);
}

/* Frame bytes as hex, "-" for none (a frame of fewer than 8 bits). */
static void lb_frame(struct lb *l, const uint8_t *p, unsigned int n)
{
	if (n)
		lb_hexbytes(l, p, n);
	else
		lb_char(l, '-');
}

void log_spi_frame(FILE *f, const char *bus, unsigned int cs, uint64_t seq,
		   uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		   uint32_t hz, unsigned int nbits, const uint8_t *mosi,
		   const uint8_t *miso, unsigned int nbytes)
{
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "S bus=");
	lb_str(&l, bus);
	lb_lit(&l, " cs=");
	lb_u64(&l, cs);
	lb_span(&l, seq, start_ns, end_ns, wall_ns);
	lb_lit(&l, " hz=");
	lb_u64(&l, hz);
	lb_lit(&l, " bits=");
	lb_u64(&l, nbits);
	lb_lit(&l, " mosi=");
	lb_frame(&l, mosi, nbytes);
	lb_lit(&l, " miso=");
	lb_frame(&l, miso, nbytes);
	lb_char(&l, '\n');
	lb_flush(&l);
}

void log_mark(FILE *f, uint64_t seq, uint64_t wall_ns, const char *text)
{
	const char *p;
	struct lb l;

	lb_start(&l, f);
	lb_lit(&l, "M seq=");
	lb_u64(&l, seq);
	lb_lit(&l, " wall_ns=");
	lb_u64(&l, wall_ns);
	lb_lit(&l, " text=");
	/* One record per line, whatever the text holds. */
	for (p = text; *p; p++)
		lb_char(&l, *p == '\n' || *p == '\r' ? ' ' : *p);
	lb_char(&l, '\n');
	lb_flush(&l);
	fflush(f);
}

/* A line name as one token: no spaces, commas or '=' in a record. */
static void put_name(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == ' ' || *s == ',' || *s == '=' || *s == '\n' ?
		      '_' : *s, f);
}

void log_gpio(FILE *f, const char *gpio, int slot, unsigned int lines,
	      const char *const *names)
{
	unsigned int i;

	fprintf(f, "V gpio=%s slot=%d lines=%u names=", gpio, slot, lines);
	for (i = 0; i < lines; i++) {
		if (i)
			fputc(',', f);
		put_name(f, names[i]);
	}
	fputc('\n', f);
}

void log_gpio_req(FILE *f, const char *gpio, const char *req,
		  unsigned int line, uint32_t value, bool ok, uint8_t out,
		  uint64_t wall_ns)
{
	fprintf(f, "G gpio=%s req=%s line=%u value=%" PRIu32
		" status=%s out=%u wall_ns=%" PRIu64 "\n", gpio, req, line,
		value, ok ? "ok" : "err", out, wall_ns);
}

void log_gpio_irq(FILE *f, const char *gpio, unsigned int line,
		  const char *what, int level, uint64_t bus_ns,
		  const char *clk, uint64_t wall_ns)
{
	fprintf(f, "E gpio=%s line=%u ev=%s level=%d bus_ns=%" PRIu64
		" clk=%s wall_ns=%" PRIu64 "\n", gpio, line, what, level,
		bus_ns, clk ? clk : "-", wall_ns);
}
