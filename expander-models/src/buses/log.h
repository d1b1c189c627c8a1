/* SPDX-License-Identifier: GPL-2.0 */
/*
 * log.h - the machine-readable log: one line per record, "KIND key=value
 * ...", described in LOG-FORMAT.md. Only this file knows the syntax.
 */
#ifndef EXPANDER_LOG_H
#define EXPANDER_LOG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define LOG_VERSION 1

enum log_ack {
	LOG_ACK,		/* every byte of the segment ACKed */
	LOG_NACK_ADDR,		/* the address byte was NACKed */
	LOG_NACK_DATA,		/* the last byte listed was NACKed */
};

/* One segment as it went out on the bus. */
struct log_seg {
	uint16_t addr;
	bool read;
	const uint8_t *buf;
	uint32_t len;		/* data bytes that went on the bus */
	enum log_ack ack;
};

void log_header(FILE *f);
void log_bus(FILE *f, const char *bus, int slot, uint32_t hz);
void log_chip(FILE *f, const char *chip, const char *bus,
	      const char *model, const uint16_t *addrs, unsigned int naddrs,
	      unsigned int lines);
void log_transaction(FILE *f, const char *bus, uint64_t seq,
		     uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		     unsigned int bytes, const struct log_seg *segs,
		     unsigned int nsegs, uint64_t stretch_ns);
void log_pin(FILE *f, const char *chip, const char *bus, unsigned int pin,
	     char old, char now, uint64_t bus_ns, const char *clk,
	     uint64_t wall_ns);
void log_irq(FILE *f, const char *chip, const char *bus, int old, int now,
	     uint64_t bus_ns, const char *clk, uint64_t wall_ns);
/*
 * One SPI frame (CS assert .. release): nbits clocks; mosi/miso hold
 * nbytes bytes in the device's bit order (a partial last byte in its
 * first bits).
 */
void log_spi_frame(FILE *f, const char *bus, unsigned int cs, uint64_t seq,
		   uint64_t start_ns, uint64_t end_ns, uint64_t wall_ns,
		   uint32_t hz, unsigned int nbits, const uint8_t *mosi,
		   const uint8_t *miso, unsigned int nbytes);
void log_mark(FILE *f, uint64_t seq, uint64_t wall_ns, const char *text);
/* virtio-gpio controllers: V once, G per request, E per interrupt event. */
void log_gpio(FILE *f, const char *gpio, int slot, unsigned int lines,
	      const char *const *names);
void log_gpio_req(FILE *f, const char *gpio, const char *req,
		  unsigned int line, uint32_t value, bool ok, uint8_t out,
		  uint64_t wall_ns);
void log_gpio_irq(FILE *f, const char *gpio, unsigned int line,
		  const char *what, int level, uint64_t bus_ns,
		  const char *clk, uint64_t wall_ns);

#endif
