// SPDX-License-Identifier: GPL-2.0
/*
 * log.c - record writers. Records are written with stdio buffering (a
 * syscall per transaction would be the daemon's largest cost); the
 * control commands "mark" and "flush" and board_free() flush.
 */
#include <inttypes.h>

#include "log.h"

void log_header(FILE *f)
{
	fprintf(f, "# expander-models log v%d\n", LOG_VERSION);
}

void log_bus(FILE *f, const char *bus, int slot, uint32_t hz)
{
	fprintf(f, "B bus=%s slot=%d hz=%" PRIu32 "\n", bus, slot, hz);
}

void log_chip(FILE *f, const char *chip, const char *bus,
	      const char *model, const uint16_t *addrs, unsigned int naddrs,
	      unsigned int lines)
{
	unsigned int i;

	fprintf(f, "C chip=%s bus=%s model=%s addr=", chip, bus, model);
	for (i = 0; i < naddrs; i++)
		fprintf(f, "%s%02x", i ? "," : "", addrs[i]);
	fprintf(f, " lines=%u\n", lines);
}

static const char *const ack_names[] = {
	[LOG_ACK] = "ack",
	[LOG_NACK_ADDR] = "nack",
	[LOG_NACK_DATA] = "dnack",
};

void log_transaction(FILE *f, const char *bus, uint64_t seq,
		     uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		     unsigned int bytes, const struct log_seg *segs,
		     unsigned int nsegs)
{
	bool ok = true;
	unsigned int i, j;

	for (i = 0; i < nsegs; i++)
		if (segs[i].ack != LOG_ACK)
			ok = false;
	fprintf(f, "T bus=%s seq=%" PRIu64 " start_ns=%" PRIu64
		" end_ns=%" PRIu64 " dur_ns=%" PRIu64 " wall_ns=%" PRIu64
		" bytes=%u status=%s segs=", bus, seq, start_ns, end_ns,
		end_ns - start_ns, wall_ns, bytes, ok ? "ok" : "nack");
	for (i = 0; i < nsegs; i++) {
		const struct log_seg *s = &segs[i];

		fprintf(f, "%s%02x:%c:", i ? "," : "", s->addr,
			s->read ? 'R' : 'W');
		for (j = 0; j < s->len; j++)
			fprintf(f, "%02x", s->buf[j]);
		fprintf(f, ":%s", ack_names[s->ack]);
	}
	fputc('\n', f);
}

void log_pin(FILE *f, const char *chip, const char *bus, unsigned int pin,
	     char old, char now, uint64_t bus_ns, const char *clk,
	     uint64_t wall_ns)
{
	fprintf(f, "P chip=%s bus=%s pin=%u old=%c new=%c bus_ns=%" PRIu64
		" clk=%s wall_ns=%" PRIu64 "\n", chip, bus ? bus : "-", pin,
		old, now, bus_ns, clk ? clk : "-", wall_ns);
}

void log_irq(FILE *f, const char *chip, const char *bus, int old, int now,
	     uint64_t bus_ns, const char *clk, uint64_t wall_ns)
{
	fprintf(f, "I chip=%s bus=%s old=%d new=%d bus_ns=%" PRIu64
		" clk=%s wall_ns=%" PRIu64 "\n", chip, bus ? bus : "-", old,
		now, bus_ns, clk ? clk : "-", wall_ns);
}

static void hex(FILE *f, const uint8_t *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
	if (!n)
		fputc('-', f);
}

void log_spi_frame(FILE *f, const char *bus, unsigned int cs, uint64_t seq,
		   uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		   uint32_t hz, unsigned int nbits, const uint8_t *mosi,
		   const uint8_t *miso, unsigned int nbytes)
{
	fprintf(f, "S bus=%s cs=%u seq=%" PRIu64 " start_ns=%" PRIu64
		" end_ns=%" PRIu64 " dur_ns=%" PRIu64 " wall_ns=%" PRIu64
		" hz=%" PRIu32 " bits=%u mosi=", bus, cs, seq, start_ns, end_ns,
		end_ns - start_ns, wall_ns, hz, nbits);
	hex(f, mosi, nbytes);
	fputs(" miso=", f);
	hex(f, miso, nbytes);
	fputc('\n', f);
}

void log_mark(FILE *f, uint64_t seq, uint64_t wall_ns, const char *text)
{
	const char *p;

	fprintf(f, "M seq=%" PRIu64 " wall_ns=%" PRIu64 " text=", seq,
		wall_ns);
	/* One record per line, whatever the text holds. */
	for (p = text; *p; p++)
		fputc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
	fputc('\n', f);
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
