/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i2ctrace.h - count I2C transactions, bus bytes and segments from the
 * guest kernel's own i2c and smbus tracepoints (tracefs), the guest-side
 * cross-check of the host's bus counters.
 *
 * The caller enables events/i2c and events/smbus once; i2ctrace_start()
 * empties the ring buffer and turns tracing on, i2ctrace_stop() turns it
 * off and tallies what was recorded in between.
 *
 * An adapter with master_xfer (i2c-virtio) fires i2c_* for every
 * transfer, and smbus_* as well for SMBus calls that the core emulates
 * over i2c_transfer(); an SMBus-only adapter (i2c-stub) fires smbus_*
 * alone. So per adapter: i2c_result events if there are any, else
 * smbus_result events. One transfer or one SMBus call is one START ..
 * STOP on the wire.
 */
#ifndef BENCH_I2CTRACE_H
#define BENCH_I2CTRACE_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TRACEFS "/sys/kernel/tracing"
#define I2CTRACE_ADAPTERS 64

struct i2ctrace_count {
	long long tx, bytes, segs;
};

struct i2ctrace {
	struct i2ctrace_count i2c[I2CTRACE_ADAPTERS];
	struct i2ctrace_count smbus[I2CTRACE_ADAPTERS];
	unsigned int last_len[I2CTRACE_ADAPTERS];	/* smbus_write/reply l= */
	int lost;		/* the ring buffer overflowed */
};

static inline int i2ctrace_write(const char *file, const char *s)
{
	int fd = open(file, O_WRONLY | O_TRUNC);
	int ok;

	if (fd < 0)
		return -1;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -1;
}

static inline int i2ctrace_start(void)
{
	/* Opening "trace" for writing with O_TRUNC empties the buffer. */
	if (i2ctrace_write(TRACEFS "/trace", ""))
		return -1;
	return i2ctrace_write(TRACEFS "/tracing_on", "1");
}

/*
 * Bytes and segments on the wire of one SMBus call, by protocol: the
 * address byte of every segment, the command byte, the data. len is
 * the tracepoint's l= for block transfers (count byte included).
 */
static inline void i2ctrace_smbus(struct i2ctrace_count *c, const char *proto,
				  int read, unsigned int len)
{
	unsigned int bytes, segs;

	if (!strcmp(proto, "QUICK")) {
		bytes = 1, segs = 1;
	} else if (!strcmp(proto, "BYTE")) {
		bytes = 2, segs = 1;	/* send or receive byte */
	} else if (!strcmp(proto, "BYTE_DATA")) {
		bytes = read ? 4 : 3, segs = read ? 2 : 1;
	} else if (!strcmp(proto, "WORD_DATA")) {
		bytes = read ? 5 : 4, segs = read ? 2 : 1;
	} else if (!strcmp(proto, "PROC_CALL")) {
		bytes = 7, segs = 2;
	} else if (!strcmp(proto, "I2C_BLOCK_DATA") ||
		   !strcmp(proto, "I2C_BLOCK_BROKEN")) {
		/* no count byte on the wire */
		bytes = (read ? 3 : 2) + (len ? len - 1 : 0);
		segs = read ? 2 : 1;
	} else {			/* BLOCK_DATA, BLOCK_PROC_CALL */
		bytes = (read ? 3 : 2) + len;
		segs = read ? 2 : 1;
	}
	c->tx++;
	c->bytes += bytes;
	c->segs += segs;
}

static inline void i2ctrace_line(struct i2ctrace *t, const char *line)
{
	unsigned int addr, flags, cmd, len, num;
	char proto[32], rw[4];
	const char *p;
	int nr, res;

	if (!strncmp(line, "# entries-in-buffer/entries-written:", 36)) {
		long in, written;

		if (sscanf(line + 36, "%ld/%ld", &in, &written) == 2 &&
		    in != written)
			t->lost = 1;
		return;
	}
	if ((p = strstr(line, " i2c_write: ")) || (p = strstr(line, " i2c_read: "))) {
		p = strchr(p + 1, ' ') + 1;
		if (sscanf(p, "i2c-%d #%u a=%x f=%x l=%u", &nr, &num, &addr,
			   &flags, &len) == 5 && nr >= 0 && nr < I2CTRACE_ADAPTERS) {
			t->i2c[nr].bytes += 1 + len;
			t->i2c[nr].segs++;
		}
	} else if ((p = strstr(line, " i2c_result: "))) {
		if (sscanf(p + 13, "i2c-%d", &nr) == 1 && nr >= 0 &&
		    nr < I2CTRACE_ADAPTERS)
			t->i2c[nr].tx++;
	} else if ((p = strstr(line, " smbus_write: ")) ||
		   (p = strstr(line, " smbus_reply: "))) {
		p = strchr(p + 1, ' ') + 1;
		if (sscanf(p, "i2c-%d a=%x f=%x c=%x %31s l=%u", &nr, &addr,
			   &flags, &cmd, proto, &len) == 6 && nr >= 0 &&
		    nr < I2CTRACE_ADAPTERS)
			t->last_len[nr] = len;
	} else if ((p = strstr(line, " smbus_result: "))) {
		if (sscanf(p + 15, "i2c-%d a=%x f=%x c=%x %31s %3s res=%d", &nr,
			   &addr, &flags, &cmd, proto, rw, &res) == 7 &&
		    nr >= 0 && nr < I2CTRACE_ADAPTERS) {
			i2ctrace_smbus(&t->smbus[nr], proto, !strcmp(rw, "rd"),
				       t->last_len[nr]);
			t->last_len[nr] = 0;
		}
	}
}

/* All adapters: i2c events where there are any, else smbus events. */
static inline void i2ctrace_sum(const struct i2ctrace *t,
				struct i2ctrace_count *sum)
{
	int i;

	memset(sum, 0, sizeof(*sum));
	for (i = 0; i < I2CTRACE_ADAPTERS; i++) {
		const struct i2ctrace_count *c = t->i2c[i].tx ? &t->i2c[i] :
						 &t->smbus[i];

		sum->tx += c->tx;
		sum->bytes += c->bytes;
		sum->segs += c->segs;
	}
}

/* Stop tracing and add up the recorded window into *sum; 0 on success. */
static inline int i2ctrace_stop(struct i2ctrace_count *sum, int *lost)
{
	static struct i2ctrace t;
	char line[512];
	FILE *f;

	if (i2ctrace_write(TRACEFS "/tracing_on", "0"))
		return -1;
	memset(&t, 0, sizeof(t));
	f = fopen(TRACEFS "/trace", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		i2ctrace_line(&t, line);
	fclose(f);
	i2ctrace_sum(&t, sum);
	*lost = t.lost;
	return 0;
}

#endif
