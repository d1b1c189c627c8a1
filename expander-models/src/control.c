// SPDX-License-Identifier: GPL-2.0
/*
 * control.c - the control protocol (CONTROL.md): one command line in,
 * zero or more lines of data out, then "ok ..." or "err <reason>".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "board_impl.h"
#include "bus.h"
#include "log.h"

#define MAX_ARGS 8

struct reply {
	char *buf;
	size_t len, cap;
};

/* Append a line; the last 128 bytes stay free for the final ok/err. */
static void say(struct reply *r, const char *fmt, ...)
{
	size_t room = r->cap > r->len + 128 ? r->cap - r->len - 128 : 0;
	va_list ap;
	int n;

	if (!room)
		return;
	va_start(ap, fmt);
	n = vsnprintf(r->buf + r->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	r->len += (size_t)n < room ? (size_t)n : room - 1;
}

static size_t finish(struct reply *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!r->cap)
		return 0;
	if (r->len >= r->cap)
		r->len = 0;
	va_start(ap, fmt);
	n = vsnprintf(r->buf + r->len, r->cap - r->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	r->len += (size_t)n < r->cap - r->len ? (size_t)n : r->cap - r->len - 1;
	/* Whatever was cut, the reply ends in a newline. */
	if (r->len && r->buf[r->len - 1] != '\n') {
		if (r->len == r->cap - 1)
			r->len--;
		r->buf[r->len++] = '\n';
		r->buf[r->len] = 0;
	}
	return r->len;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!s || !*s || *s == '-')
		return -1;
	*v = strtoull(s, &end, 0);
	return *end ? -1 : 0;
}

static const char *const help_text[] = {
	"help                       this list",
	"list                       buses and chips",
	"counters [BUS]             deterministic counts per bus",
	"reset-counters [BUS]       zero them",
	"pin CHIP N                 resolved level of pin N: 0 1 z x",
	"pins CHIP                  all pins as a hex word (z reads 1, x 0)",
	"drive CHIP N 0|1|z         drive pin N from outside, z: release",
	"drive-bits CHIP MASK V|z   drive the pins of MASK to V's bits, or release",
	"toggle CHIP N COUNT        drive pin N to its other level COUNT times at once",
	"irq CHIP                   INT output: 1 asserted, 0 not",
	"gpio [GPIO]                virtio-gpio lines: level, irq state, counts",
	"fault nack ADDR COUNT [BUS] NACK the next COUNT addressings",
	"fault delay NS [BUS]       hold every transaction NS longer",
	"fault hold NS [BUS]        bus stuck for NS of wall time",
	"fault clear [BUS]          no faults",
	"pace 0|1                   hold transactions for their bus time",
	"speed [HZ [BUS]]           bus speeds, or set HZ for later transactions",
	"mark TEXT                  marker record into the log",
	"flush                      flush the log",
	"cpu                        daemon CPU time and transactions",
};

static void cmd_list(struct board *bd, struct reply *r)
{
	unsigned int i, j;

	for (i = 0; i < bd->nbuses; i++)
		say(r, "bus %s slot=%d hz=%" PRIu32 "\n",
		    bus_name(bd->buses[i]), bus_mmio_slot(bd->buses[i]),
		    bus_hz(bd->buses[i]));
	for (i = 0; i < bd->nspi; i++)
		say(r, "spibus %s\n", spi_bus_name(bd->spi[i]));
	for (i = 0; i < bd->nchips; i++) {
		struct chip *c = bd->chips[i];

		say(r, "chip %s bus=%s model=%s compatible=%s lines=%u addr=",
		    c->name, chip_bus_name(c), c->v->part, c->v->compatible,
		    c->pins.n);
		if (c->spi)
			say(r, "cs%u", c->cs);
		for (j = 0; j < c->ntargets; j++)
			say(r, "%s%02x", j ? "," : "", c->targets[j].addr);
		say(r, "\n");
	}
}

/* The buses a command applies to: the named one, or all. */
static int pick_buses(struct board *bd, const char *name, struct bus **out)
{
	unsigned int i;

	if (name) {
		out[0] = board_find_bus(bd, name);
		return out[0] ? 1 : -1;
	}
	for (i = 0; i < bd->nbuses; i++)
		out[i] = bd->buses[i];
	return bd->nbuses;
}

/* counters / reset-counters of SPI bus s, or of every SPI bus (NULL). */
static void spi_counters(struct board *bd, struct spi_bus *s, bool reset,
			 struct reply *r)
{
	struct spi_counters c;
	unsigned int i;

	for (i = 0; i < bd->nspi; i++) {
		if (s && bd->spi[i] != s)
			continue;
		if (reset) {
			spi_bus_reset_counters(bd->spi[i]);
			continue;
		}
		spi_bus_get_counters(bd->spi[i], &c);
		/*
		 * An SPI transaction is a frame (CS asserted .. released),
		 * one segment each: the I2C keys mean the same to a reader.
		 */
		say(r, "%s transactions=%" PRIu64 " bytes=%" PRIu64
		    " segments=%" PRIu64 " bits=%" PRIu64
		    " pin_changes=%" PRIu64 " irq_changes=%" PRIu64
		    " busy_ns=%" PRIu64 " now_ns=%" PRIu64 "\n",
		    spi_bus_name(bd->spi[i]), c.frames, c.bytes, c.frames,
		    c.bits, c.pin_changes, c.irq_changes, c.busy_ns,
		    spi_bus_now_ns(bd->spi[i]));
	}
}

static void cmd_counters(struct bus **bs, int n, struct reply *r)
{
	struct bus_counters c;
	int i;

	for (i = 0; i < n; i++) {
		bus_get_counters(bs[i], &c);
		say(r, "%s transactions=%" PRIu64 " bytes=%" PRIu64
		    " segments=%" PRIu64 " nacks=%" PRIu64
		    " pin_changes=%" PRIu64 " irq_changes=%" PRIu64
		    " busy_ns=%" PRIu64 " now_ns=%" PRIu64 "\n",
		    bus_name(bs[i]), c.transactions, c.bytes, c.segments,
		    c.nacks, c.pin_changes, c.irq_changes, c.busy_ns,
		    bus_now_ns(bs[i]));
	}
}

/*
 * speed [HZ [BUS]]: without HZ, one "NAME hz=F" line per bus; with it,
 * the bus (or every bus) runs later transactions at HZ. The guest's
 * i2c-virtio has no clock of its own, so a speed is purely the host's:
 * bus times, pacing and the log change, the guest's code paths do not.
 */
static size_t cmd_speed(struct board *bd, char **av, int ac,
			struct reply *r)
{
	struct bus *bs[BOARD_MAX_BUSES];
	uint64_t v = 0;
	int n, i;

	if (ac > 3)
		return finish(r, "err usage: speed [HZ [BUS]]\n");
	if (ac > 1 && parse_u64(av[1], &v))
		return finish(r, "err bad number %s\n", av[1]);
	if (ac > 1 && (v < BUS_HZ_MIN || v > BUS_HZ_MAX))
		return finish(r, "err speed %s out of range %u..%u\n", av[1],
			      BUS_HZ_MIN, BUS_HZ_MAX);
	n = pick_buses(bd, ac > 2 ? av[2] : NULL, bs);
	if (n < 0)
		return finish(r, "err no bus %s\n", av[2]);
	for (i = 0; i < n; i++) {
		if (ac > 1)
			bus_set_hz(bs[i], v);
		else
			say(r, "%s hz=%" PRIu32 "\n", bus_name(bs[i]),
			    bus_hz(bs[i]));
	}
	return finish(r, "ok\n");
}

static size_t cmd_fault(struct board *bd, char **av, int ac,
			struct reply *r)
{
	struct bus *bs[BOARD_MAX_BUSES];
	uint64_t a, b = 0;
	int n, i, nargs;

	if (ac < 2)
		return finish(r, "err usage: fault nack|delay|hold|clear ...\n");
	nargs = !strcmp(av[1], "nack") ? 2 : !strcmp(av[1], "clear") ? 0 :
		(!strcmp(av[1], "delay") || !strcmp(av[1], "hold")) ? 1 : -1;
	if (nargs < 0)
		return finish(r, "err unknown fault %s\n", av[1]);
	if (ac < 2 + nargs || ac > 3 + nargs)
		return finish(r, "err usage: fault %s%s [BUS]\n", av[1],
			      nargs == 2 ? " ADDR COUNT" : nargs ? " NS" : "");
	if (nargs >= 1 && parse_u64(av[2], &a))
		return finish(r, "err bad number %s\n", av[2]);
	if (nargs == 2 && parse_u64(av[3], &b))
		return finish(r, "err bad number %s\n", av[3]);
	if (nargs == 2 && a > 0x7f)
		return finish(r, "err address %s out of range\n", av[2]);
	n = pick_buses(bd, ac > 2 + nargs ? av[2 + nargs] : NULL, bs);
	if (n < 0)
		return finish(r, "err no bus %s\n", av[2 + nargs]);
	for (i = 0; i < n; i++) {
		if (!nargs)
			bus_fault_clear(bs[i]);
		else if (nargs == 2)
			bus_fault_nack(bs[i], a, b);
		else if (av[1][0] == 'd')
			bus_fault_delay(bs[i], a);
		else
			bus_fault_hold(bs[i], a);
	}
	return finish(r, "ok\n");
}

/* An external change happens now on the chip's bus clock. */
static void drive_now(struct board *bd, struct chip *c)
{
	bd->w.now_ns = chip_bus_now_ns(c);
	bd->w.clk = chip_bus_name(c);
	bd->w.wall_ns = world_wall_ns();
}

static size_t say_pins(struct chip *c, struct reply *r)
{
	unsigned int i;

	say(r, "ok 0x%0*" PRIx32 " levels=", (c->pins.n + 3) / 4,
	    pin_read_bits(&c->pins, 0, c->pins.n));
	for (i = c->pins.n; i-- > 0;)
		say(r, "%c", pin_level_char(pin_level(&c->pins, i)));
	return finish(r, "\n");
}

/*
 * Many pins in one command, lowest first, as that many drive commands
 * would: a test sets a whole port in one round trip.
 */
static size_t cmd_drive_bits(struct board *bd, struct chip *c,
			     const char *mask_s, const char *val_s,
			     struct reply *r)
{
	bool release = !strcmp(val_s, "z") || !strcmp(val_s, "Z");
	uint64_t mask, val = 0;
	unsigned int i;

	if (parse_u64(mask_s, &mask))
		return finish(r, "err bad number %s\n", mask_s);
	if (!release && parse_u64(val_s, &val))
		return finish(r, "err bad number %s\n", val_s);
	if (mask >> c->pins.n)
		return finish(r, "err %s: mask %s beyond its %u pins\n",
			      c->name, mask_s, c->pins.n);
	drive_now(bd, c);
	for (i = 0; i < c->pins.n; i++) {
		if (!(mask & (1ull << i)))
			continue;
		pin_set_ext(&c->pins, i, release ? EXT_NONE :
			    val & (1ull << i) ? EXT_HIGH : EXT_LOW);
	}
	return say_pins(c, r);
}

/*
 * pin / drive on a virtio-gpio controller's line: the net as the
 * controller sees it, and a bench signal on it (a line no chip drives).
 */
static size_t gpio_pin(struct board *bd, struct gpio_lines *gl, char **av,
		       int ac, struct reply *r)
{
	uint64_t n;

	if (strcmp(av[0], "pin") && strcmp(av[0], "drive"))
		return finish(r, "err %s: only pin and drive on a gpio "
			      "controller\n", gl->name);
	if (ac < 3 || parse_u64(av[2], &n) || n >= gl->pins.n)
		return finish(r, "err %s: no line %s\n", gl->name,
			      ac < 3 ? "given" : av[2]);
	if (av[0][0] == 'p') {
		if (ac != 3)
			return finish(r, "err usage: pin GPIO N\n");
	} else {
		if (ac != 4 || strlen(av[3]) != 1 || !strchr("01zZ", av[3][0]))
			return finish(r, "err usage: drive GPIO N 0|1|z\n");
		bd->w.wall_ns = world_wall_ns();
		bd->w.now_ns = gpio_lines_now(gl);
		bd->w.clk = gl->name;
		pin_set_ext(&gl->pins, n, av[3][0] == '0' ? EXT_LOW :
					  av[3][0] == '1' ? EXT_HIGH : EXT_NONE);
	}
	return finish(r, "ok %c\n", pin_level_char(pin_level(&gl->pins, n)));
}

static size_t cmd_pin(struct board *bd, char **av, int ac, struct reply *r)
{
	struct chip *c;
	uint64_t n;

	if (ac < 2)
		return finish(r, "err usage: %s CHIP ...\n", av[0]);
	c = board_find_chip(bd, av[1]);
	if (!c && board_find_gpio(bd, av[1]))
		return gpio_pin(bd, board_find_gpio(bd, av[1]), av, ac, r);
	if (!c)
		return finish(r, "err no chip %s\n", av[1]);
	if (!strcmp(av[0], "irq")) {
		if (ac != 2)
			return finish(r, "err usage: irq CHIP\n");
		return finish(r, "ok %d\n", c->irq);
	}
	if (!strcmp(av[0], "drive-bits")) {
		if (ac != 4)
			return finish(r, "err usage: drive-bits CHIP MASK "
				      "VALUE|z\n");
		return cmd_drive_bits(bd, c, av[2], av[3], r);
	}
	if (!strcmp(av[0], "pins")) {
		if (ac != 2)
			return finish(r, "err usage: pins CHIP\n");
		return say_pins(c, r);
	}
	if (ac < 3 || parse_u64(av[2], &n) || n >= c->pins.n)
		return finish(r, "err %s: no pin %s\n", c->name,
			      ac < 3 ? "given" : av[2]);
	if (!strcmp(av[0], "pin")) {
		if (ac != 3)
			return finish(r, "err usage: pin CHIP N\n");
		return finish(r, "ok %c\n",
			      pin_level_char(pin_level(&c->pins, n)));
	}
	if (!strcmp(av[0], "toggle")) {
		uint64_t k, count;

		if (ac != 4 || parse_u64(av[3], &count) || count > 1000000)
			return finish(r, "err usage: toggle CHIP N COUNT "
				      "(COUNT <= 1000000)\n");
		/*
		 * A burst faster than any handler: every change lands in
		 * this one command, before the guest can run again.
		 */
		drive_now(bd, c);
		for (k = 0; k < count; k++)
			pin_set_ext(&c->pins, n, pin_read_bit(&c->pins, n) ?
						 EXT_LOW : EXT_HIGH);
		return finish(r, "ok %c\n",
			      pin_level_char(pin_level(&c->pins, n)));
	}
	/* drive */
	if (ac != 4 || strlen(av[3]) != 1 || !strchr("01zZ", av[3][0]))
		return finish(r, "err usage: drive CHIP N 0|1|z\n");
	drive_now(bd, c);
	pin_set_ext(&c->pins, n, av[3][0] == '0' ? EXT_LOW :
				 av[3][0] == '1' ? EXT_HIGH : EXT_NONE);
	return finish(r, "ok %c\n", pin_level_char(pin_level(&c->pins, n)));
}

static const char *dir_name(uint8_t dir)
{
	return dir == VIRTIO_GPIO_DIRECTION_OUT ? "out" :
	       dir == VIRTIO_GPIO_DIRECTION_IN ? "in" : "none";
}

/* gpio [GPIO]: every controller (or one), a line per line. */
static size_t cmd_gpio(struct board *bd, char **av, int ac, struct reply *r)
{
	struct gpio_lines *one = NULL, *gl;
	unsigned int i, j, n = 0;

	if (ac > 2)
		return finish(r, "err usage: gpio [GPIO]\n");
	if (ac == 2 && !(one = board_find_gpio(bd, av[1])))
		return finish(r, "err no gpio controller %s\n", av[1]);
	for (i = 0; i < bd->ngpios; i++) {
		gl = bd->gpios[i];
		if (one && gl != one)
			continue;
		n++;
		say(r, "%s slot=%d lines=%u requests=%" PRIu64 " bad=%" PRIu64
		    " events=%" PRIu64 " bad_events=%" PRIu64 "\n", gl->name,
		    gl->slot, gl->dev.n, gl->dev.nreqs, gl->dev.nbad,
		    gl->dev.nevents, gl->dev.nbadevents);
		for (j = 0; j < gl->dev.n; j++) {
			const struct vgpio_line *l = &gl->dev.lines[j];

			say(r, "%s line=%u name=%s level=%c dir=%s irq=%s "
			    "unmasked=%d latched=%d delivered=%" PRIu64
			    " latched_edges=%" PRIu64 " merged=%" PRIu64 "\n",
			    gl->name, j, l->name[0] ? l->name : "-",
			    pin_level_char(pin_level(&gl->pins, j)),
			    dir_name(l->dir), vgpio_irq_type_name(l->irq_type),
			    l->held, l->latched, l->delivered,
			    l->latched_edges, l->lost_edges);
		}
	}
	return finish(r, "ok %u controllers\n", n);
}

static size_t cmd_cpu(struct board *bd, struct reply *r)
{
	struct bus_counters c;
	struct rusage ru;
	uint64_t tx = 0;
	unsigned int i;

	getrusage(RUSAGE_SELF, &ru);
	for (i = 0; i < bd->nbuses; i++) {
		bus_get_counters(bd->buses[i], &c);
		tx += c.transactions;
	}
	return finish(r, "ok user_ns=%" PRIu64 " sys_ns=%" PRIu64
		      " transactions=%" PRIu64 "\n",
		      (uint64_t)ru.ru_utime.tv_sec * 1000000000ull +
		      ru.ru_utime.tv_usec * 1000ull,
		      (uint64_t)ru.ru_stime.tv_sec * 1000000000ull +
		      ru.ru_stime.tv_usec * 1000ull, tx);
}

static size_t dispatch(struct board *bd, char *line, const char *rest,
		       struct reply *r)
{
	struct bus *bs[BOARD_MAX_BUSES];
	char *av[MAX_ARGS + 1], *save = NULL, *tok;
	unsigned int i;
	int ac = 0, n;

	for (tok = strtok_r(line, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (ac == MAX_ARGS)
			return finish(r, "err too many arguments\n");
		av[ac++] = tok;
	}
	if (!ac)
		return finish(r, "err empty command\n");
	if (!strcmp(av[0], "help")) {
		for (i = 0; i < sizeof(help_text) / sizeof(*help_text); i++)
			say(r, "%s\n", help_text[i]);
		return finish(r, "ok\n");
	}
	if (!strcmp(av[0], "list")) {
		cmd_list(bd, r);
		return finish(r, "ok %u buses %u chips\n", bd->nbuses,
			      bd->nchips);
	}
	if (!strcmp(av[0], "counters") || !strcmp(av[0], "reset-counters")) {
		if (ac > 2)
			return finish(r, "err usage: %s [BUS]\n", av[0]);
		if (ac > 1 && board_find_spi(bd, av[1])) {
			spi_counters(bd, board_find_spi(bd, av[1]),
				     av[0][0] == 'r', r);
			return finish(r, "ok\n");
		}
		n = pick_buses(bd, ac > 1 ? av[1] : NULL, bs);
		if (n < 0)
			return finish(r, "err no bus %s\n", av[1]);
		if (ac == 1)
			spi_counters(bd, NULL, av[0][0] == 'r', r);
		if (av[0][0] == 'c') {
			cmd_counters(bs, n, r);
		} else {
			for (i = 0; i < (unsigned int)n; i++)
				bus_reset_counters(bs[i]);
		}
		return finish(r, "ok\n");
	}
	if (!strcmp(av[0], "pin") || !strcmp(av[0], "pins") ||
	    !strcmp(av[0], "drive") || !strcmp(av[0], "drive-bits") ||
	    !strcmp(av[0], "irq") || !strcmp(av[0], "toggle"))
		return cmd_pin(bd, av, ac, r);
	if (!strcmp(av[0], "fault"))
		return cmd_fault(bd, av, ac, r);
	if (!strcmp(av[0], "gpio"))
		return cmd_gpio(bd, av, ac, r);
	if (!strcmp(av[0], "pace")) {
		if (ac != 2 || strlen(av[1]) != 1 || !strchr("01", av[1][0]))
			return finish(r, "err usage: pace 0|1\n");
		for (i = 0; i < bd->nbuses; i++)
			bus_set_paced(bd->buses[i], av[1][0] == '1');
		return finish(r, "ok\n");
	}
	if (!strcmp(av[0], "speed"))
		return cmd_speed(bd, av, ac, r);
	if (!strcmp(av[0], "mark")) {
		if (ac < 2)
			return finish(r, "err usage: mark TEXT\n");
		bd->marks++;
		if (bd->w.log)
			log_mark(bd->w.log, bd->marks, world_wall_ns(), rest);
		return finish(r, "ok %" PRIu64 "\n", bd->marks);
	}
	if (!strcmp(av[0], "flush")) {
		if (bd->w.log)
			fflush(bd->w.log);
		return finish(r, "ok\n");
	}
	if (!strcmp(av[0], "cpu"))
		return cmd_cpu(bd, r);
	return finish(r, "err unknown command %s (try help)\n", av[0]);
}

size_t board_control(struct board *bd, const char *line, char *out,
		     size_t outlen)
{
	struct reply r = { out, 0, outlen };
	char buf[512], text[512];
	const char *rest;
	size_t len, ret;

	if (!outlen)
		return 0;
	out[0] = 0;
	len = strcspn(line, "\r\n");
	if (len >= sizeof(buf))
		return finish(&r, "err line too long\n");
	memcpy(buf, line, len);
	buf[len] = 0;
	/* mark keeps its text verbatim: the line after the first word. */
	rest = buf + strspn(buf, " \t");
	rest += strcspn(rest, " \t");
	rest += strspn(rest, " \t");
	memcpy(text, rest, strlen(rest) + 1);

	pthread_mutex_lock(&bd->w.lock);
	ret = dispatch(bd, buf, text, &r);
	pthread_mutex_unlock(&bd->w.lock);
	return ret;
}
