// SPDX-License-Identifier: GPL-2.0
/*
 * control.c - the control protocol (CONTROL.md): one command line in,
 * zero or more lines of data out, then "ok ..." or "err <reason>".
 *
 * Every command is a row of the table at the end: its name, its
 * arguments as the usage line shows them, how many it takes, its help
 * line and its handler. Dispatch, usage errors and "help" all come from
 * that table. Commands on one chip name it first (CHIP, or CHIP N for a
 * pin): the dispatcher resolves those before the count is checked, so
 * "no chip" and "no pin" come before "usage".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "board/board.h"
#include "board/stim.h"
#include "buses/gpio_lines.h"
#include "buses/spi_bus.h"
#include "control/control.h"
#include "transport/vgpio_transport.h"

#define MAX_ARGS 8
#define ANY (-1)

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


/* One command line being run. */
struct call {
	struct board *bd;
	struct reply *r;
	char **av;		/* av[0] is the command */
	int ac;
	const char *rest;	/* the line after the command word (mark) */
	struct chip *c;		/* CHIP, resolved */
	unsigned int pin;	/* N of CHIP N, resolved */
	/* pin and drive also take a virtio-gpio controller's line. */
	struct gpio_lines *gl;
};

/* What the leading arguments are, resolved before the handler runs. */
enum lead { LEAD_NONE, LEAD_CHIP, LEAD_CHIP_PIN, LEAD_CHIP_OR_GPIO_PIN };

struct cmd {
	const char *name;
	const char *args;	/* as in "err usage: NAME ARGS" */
	enum lead lead;
	int min, max;		/* words after the name; max ANY: no limit */
	const char *help;
	size_t (*run)(struct call *x, const struct cmd *cmd);
	const struct cmd *sub;	/* subcommands (fault), NULL-terminated */
};

static size_t usage(struct reply *r, const char *prefix,
		    const struct cmd *cmd)
{
	return finish(r, "err usage: %s%s%s%s\n", prefix, cmd->name,
		      *cmd->args ? " " : "", cmd->args);
}

static bool arity_ok(const struct cmd *cmd, int nargs)
{
	return nargs >= cmd->min && (cmd->max == ANY || nargs <= cmd->max);
}

static const struct cmd *find_cmd(const struct cmd *t, const char *name)
{
	for (; t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

static const struct cmd commands[];

static void help_line(struct reply *r, const char *prefix,
		      const struct cmd *cmd)
{
	char use[64];

	snprintf(use, sizeof(use), "%s%s%s%s", prefix, cmd->name,
		 *cmd->args ? " " : "", cmd->args);
	say(r, "%-26s %s\n", use, cmd->help);
}

static size_t cmd_help(struct call *x, const struct cmd *cmd)
{
	const struct cmd *c, *s;
	char prefix[32];

	for (c = commands; c->name; c++) {
		if (!c->sub) {
			help_line(x->r, "", c);
			continue;
		}
		snprintf(prefix, sizeof(prefix), "%s ", c->name);
		for (s = c->sub; s->name; s++)
			help_line(x->r, prefix, s);
	}
	return finish(x->r, "ok\n");
}

static size_t cmd_list(struct call *x, const struct cmd *cmd)
{
	struct board *bd = x->bd;
	struct reply *r = x->r;
	struct bus *b;
	struct chip *c;
	unsigned int i, j;

	for (i = 0; i < board_nbuses(bd); i++) {
		b = board_bus(bd, i);
		say(r, "bus %s slot=%d hz=%" PRIu32 "\n", bus_name(b),
		    bus_mmio_slot(b), bus_hz(b));
	}
	for (i = 0; i < board_nspi(bd); i++)
		say(r, "spibus %s\n", spi_bus_name(board_spi(bd, i)));
	for (i = 0; i < board_nchips(bd); i++) {
		c = board_chip(bd, i);
		say(r, "chip %s bus=%s model=%s compatible=%s lines=%u addr=",
		    c->name, c->pins.bus, c->v->part, c->v->compatible,
		    c->pins.n);
		if (c->spi)
			say(r, "cs%u", c->cs);
		for (j = 0; j < c->ntargets; j++)
			say(r, "%s%02x", j ? "," : "", c->targets[j].addr);
		say(r, "\n");
	}
	return finish(r, "ok %u buses %u chips\n", board_nbuses(bd),
		      board_nchips(bd));
}

/* The buses a command applies to: the named one, or all. */
static int pick_buses(struct board *bd, const char *name, struct bus **out)
{
	unsigned int i;

	if (name) {
		out[0] = board_find_bus(bd, name);
		return out[0] ? 1 : -1;
	}
	for (i = 0; i < board_nbuses(bd); i++)
		out[i] = board_bus(bd, i);
	return board_nbuses(bd);
}

/* counters / reset-counters of one bus: I2C b, or SPI sb. */
static void counters_of(struct reply *r, struct bus *b, struct spi_bus *sb,
			bool reset)
{
	struct bus_counters c;

	if (reset) {
		if (b)
			bus_reset_counters(b);
		else
			spi_bus_reset_counters(sb);
		return;
	}
	if (b)
		bus_get_counters(b, &c);
	else
		spi_bus_get_counters(sb, &c);
	/* One key apart: an I2C bus counts NACKs, an SPI bus bits. */
	say(r, "%s transactions=%" PRIu64 " bytes=%" PRIu64
	    " segments=%" PRIu64 " %s=%" PRIu64
	    " pin_changes=%" PRIu64 " irq_changes=%" PRIu64
	    " busy_ns=%" PRIu64 " now_ns=%" PRIu64 "\n",
	    b ? bus_name(b) : spi_bus_name(sb), c.transactions, c.bytes,
	    c.segments, b ? "nacks" : "bits", b ? c.nacks : c.bits,
	    c.pin_changes, c.irq_changes, c.busy_ns,
	    b ? bus_now_ns(b) : spi_bus_now_ns(sb));
}

/*
 * counters [BUS] / reset-counters [BUS]: the named bus, I2C or SPI, or
 * every bus, the SPI ones first.
 */
static size_t counters(struct call *x, bool reset)
{
	struct bus *bs[BOARD_MAX_BUSES];
	struct spi_bus *sb = x->ac > 1 ? board_find_spi(x->bd, x->av[1]) : NULL;
	unsigned int i;
	int n;

	if (sb) {
		counters_of(x->r, NULL, sb, reset);
		return finish(x->r, "ok\n");
	}
	n = pick_buses(x->bd, x->ac > 1 ? x->av[1] : NULL, bs);
	if (n < 0)
		return finish(x->r, "err no bus %s\n", x->av[1]);
	for (i = 0; x->ac == 1 && i < board_nspi(x->bd); i++)
		counters_of(x->r, NULL, board_spi(x->bd, i), reset);
	for (i = 0; i < (unsigned int)n; i++)
		counters_of(x->r, bs[i], NULL, reset);
	return finish(x->r, "ok\n");
}

static size_t cmd_counters(struct call *x, const struct cmd *cmd)
{
	return counters(x, false);
}

static size_t cmd_reset_counters(struct call *x, const struct cmd *cmd)
{
	return counters(x, true);
}

/* The pins a pin command works on: the chip's or the controller's. */
static struct pinbank *lead_pins(struct call *x)
{
	return x->gl ? &x->gl->pins : &x->c->pins;
}

static size_t cmd_pin(struct call *x, const struct cmd *cmd)
{
	return finish(x->r, "ok %c\n",
		      pin_level_char(pin_level(lead_pins(x), x->pin)));
}

static size_t say_pins(struct chip *c, struct reply *r)
{
	unsigned int i;

	say(r, "ok 0x%0*" PRIx64 " levels=", (c->pins.n + 3) / 4,
	    pin_read_bits(&c->pins, 0, c->pins.n));
	for (i = c->pins.n; i-- > 0;)
		say(r, "%c", pin_level_char(pin_level(&c->pins, i)));
	return finish(r, "\n");
}

static size_t cmd_pins(struct call *x, const struct cmd *cmd)
{
	return say_pins(x->c, x->r);
}

static size_t cmd_drive(struct call *x, const struct cmd *cmd)
{
	const char *v = x->av[3];
	struct chip *c = x->c;

	if (strlen(v) != 1 || !strchr("01zZ", v[0]))
		return usage(x->r, "", cmd);
	/* A bench signal on a controller's line runs on its clock. */
	if (x->gl)
		gpio_lines_outside_event(x->gl);
	else
		board_outside_event(x->bd, c);
	pin_set_ext(lead_pins(x), x->pin, v[0] == '0' ? EXT_LOW :
					  v[0] == '1' ? EXT_HIGH : EXT_NONE);
	return finish(x->r, "ok %c\n",
		      pin_level_char(pin_level(lead_pins(x), x->pin)));
}

/*
 * toggle CHIP N COUNT: a burst faster than any interrupt handler. Every
 * change lands within this one command, before the guest runs again.
 */
static size_t cmd_toggle(struct call *x, const struct cmd *cmd)
{
	struct pinbank *pb = &x->c->pins;
	uint64_t k, count;

	if (parse_u64(x->av[3], &count) || count > 1000000)
		return finish(x->r, "err %s: COUNT is 0..1000000\n",
			      x->av[3]);
	board_outside_event(x->bd, x->c);
	for (k = 0; k < count; k++)
		pin_set_ext(pb, x->pin, pin_read_bit(pb, x->pin) ? EXT_LOW
								 : EXT_HIGH);
	return finish(x->r, "ok %c\n",
		      pin_level_char(pin_level(pb, x->pin)));
}

/*
 * Many pins in one command, lowest first, as that many drive commands
 * would: a test sets a whole port in one round trip.
 */
static size_t cmd_drive_bits(struct call *x, const struct cmd *cmd)
{
	const char *mask_s = x->av[2], *val_s = x->av[3];
	bool release = !strcmp(val_s, "z") || !strcmp(val_s, "Z");
	struct reply *r = x->r;
	struct chip *c = x->c;
	uint64_t mask, val = 0;
	unsigned int i;

	if (parse_u64(mask_s, &mask))
		return finish(r, "err bad number %s\n", mask_s);
	if (!release && parse_u64(val_s, &val))
		return finish(r, "err bad number %s\n", val_s);
	if (mask >> c->pins.n)
		return finish(r, "err %s: mask %s beyond its %u pins\n",
			      c->name, mask_s, c->pins.n);
	board_outside_event(x->bd, c);
	for (i = 0; i < c->pins.n; i++) {
		if (!(mask & (1ull << i)))
			continue;
		pin_set_ext(&c->pins, i, release ? EXT_NONE :
			    val & (1ull << i) ? EXT_HIGH : EXT_LOW);
	}
	return say_pins(c, r);
}

/* A number of 1..max, or an err reply naming what it is. */
static int bounded(struct call *x, const char *s, const char *what,
		   uint64_t lo, uint64_t hi, uint64_t *v, size_t *ret)
{
	if (parse_u64(s, v) || *v < lo || *v > hi) {
		*ret = finish(x->r, "err %s: %s is %" PRIu64 "..%" PRIu64 "\n",
			      s, what, lo, hi);
		return -1;
	}
	return 0;
}

/*
 * storm CHIP N HZ PERIODS: a square wave on pin N (board/stim.h says
 * on which clock); the command returns at once, the edges come later.
 */
static size_t cmd_storm(struct call *x, const struct cmd *cmd)
{
	struct stim *s = board_stim(x->bd);
	uint64_t hz, periods;
	size_t ret;

	if (bounded(x, x->av[3], "HZ", STIM_HZ_MIN, STIM_HZ_MAX, &hz, &ret) ||
	    bounded(x, x->av[4], "PERIODS", 1, STIM_PERIODS_MAX, &periods,
		    &ret))
		return ret;
	if (stim_storm(s, x->c, x->pin, hz, periods, world_wall_ns()))
		return finish(x->r, "err a storm is running (storm-stop)\n");
	return finish(x->r, "ok edges=%" PRIu64 "\n", 2 * periods);
}

static size_t say_storm(struct call *x)
{
	struct stim_storm_state st;

	stim_storm_state(board_stim(x->bd), &st);
	if (!st.c)
		return finish(x->r, "ok none\n");
	return finish(x->r, "ok chip=%s pin=%u hz=%" PRIu32 " edges=%" PRIu64
		      " made=%" PRIu64 " running=%d clock_ns=%" PRIu64
		      " bus_ns=%" PRIu64 "\n", st.c->name, st.pin, st.hz,
		      st.edges, st.made, st.running, st.clock_ns, st.bus_ns);
}

static size_t cmd_storm_state(struct call *x, const struct cmd *cmd)
{
	return say_storm(x);
}

static size_t cmd_storm_stop(struct call *x, const struct cmd *cmd)
{
	stim_storm_stop(board_stim(x->bd));
	return say_storm(x);
}

/*
 * arm CHIP N 0|1|z TX BYTE: pin N changes when the TX-th transaction to
 * CHIP from now reaches its byte BYTE (board/stim.h).
 */
static size_t cmd_arm(struct call *x, const struct cmd *cmd)
{
	const char *v = x->av[3];
	uint64_t tx, nbyte;
	size_t ret;

	if (strlen(v) != 1 || !strchr("01zZ", v[0]))
		return usage(x->r, "", cmd);
	if (bounded(x, x->av[4], "TX", 1, 1000000, &tx, &ret) ||
	    bounded(x, x->av[5], "BYTE", 0, 1000000, &nbyte, &ret))
		return ret;
	stim_arm(board_stim(x->bd), x->c, x->pin, v[0] == '0' ? EXT_LOW :
		 v[0] == '1' ? EXT_HIGH : EXT_NONE, tx, nbyte);
	return finish(x->r, "ok\n");
}

static size_t cmd_arm_state(struct call *x, const struct cmd *cmd)
{
	struct stim_arm_state a;

	stim_arm_state(board_stim(x->bd), &a);
	if (!a.c)
		return finish(x->r, "ok none\n");
	return finish(x->r, "ok chip=%s armed=%d fired=%d missed=%d seen=%"
		      PRIu64 " at_ns=%" PRIu64 "\n", a.c->name, a.armed,
		      a.fired, a.missed, a.seen, a.at_ns);
}

static size_t cmd_irq(struct call *x, const struct cmd *cmd)
{
	return finish(x->r, "ok %d\n", x->c->irq);
}

static const char *dir_name(uint8_t dir)
{
	return dir == VIRTIO_GPIO_DIRECTION_OUT ? "out" :
	       dir == VIRTIO_GPIO_DIRECTION_IN ? "in" : "none";
}

/*
 * gpio [GPIO]: every controller (or one), a line per line: its level,
 * and what its transport's protocol holds (a controller no transport
 * serves shows the protocol's power-on state).
 */
static size_t cmd_gpio(struct call *x, const struct cmd *cmd)
{
	static const struct vgpio_line idle = {
		.dir = VIRTIO_GPIO_DIRECTION_IN,
	};
	struct gpio_lines *one = NULL, *gl;
	struct reply *r = x->r;
	unsigned int i, j, n = 0;

	if (x->ac == 2 && !(one = board_find_gpio(x->bd, x->av[1])))
		return finish(r, "err no gpio controller %s\n", x->av[1]);
	for (i = 0; i < board_ngpios(x->bd); i++) {
		struct vgpio_transport *t;
		const struct vgpio *g;

		gl = board_gpio(x->bd, i);
		if (one && gl != one)
			continue;
		n++;
		t = vgpio_transport_of(gl);
		g = t ? &t->dev : NULL;
		say(r, "%s slot=%d lines=%u requests=%" PRIu64 " bad=%" PRIu64
		    " events=%" PRIu64 " bad_events=%" PRIu64 "\n", gl->name,
		    gl->slot, gl->n, g ? g->nreqs : 0, g ? g->nbad : 0,
		    g ? g->nevents : 0, g ? g->nbadevents : 0);
		for (j = 0; j < gl->n; j++) {
			const struct vgpio_line *l = g ? &g->lines[j] : &idle;

			say(r, "%s line=%u name=%s level=%c dir=%s irq=%s "
			    "unmasked=%d latched=%d delivered=%" PRIu64
			    " latched_edges=%" PRIu64 " merged=%" PRIu64 "\n",
			    gl->name, j, gl->names[j][0] ? gl->names[j] : "-",
			    pin_level_char(pin_level(&gl->pins, j)),
			    dir_name(l->dir), vgpio_irq_type_name(l->irq_type),
			    l->held, l->latched, l->delivered,
			    l->latched_edges, l->lost_edges);
		}
	}
	return finish(r, "ok %u controllers\n", n);
}

/* fault KIND ARGS... [BUS]: the kind's handler gets the numbers. */
static size_t cmd_fault(struct call *x, const struct cmd *cmd)
{
	struct bus *bs[BOARD_MAX_BUSES];
	const struct cmd *kind = find_cmd(cmd->sub, x->av[1]);
	char **av = x->av;
	uint64_t a = 0, b = 0;
	int n, i, nargs;

	if (!kind)
		return finish(x->r, "err unknown fault %s\n", av[1]);
	if (!arity_ok(kind, x->ac - 2))
		return usage(x->r, "fault ", kind);
	nargs = kind->min;	/* numbers before the optional BUS */
	if (nargs >= 1 && parse_u64(av[2], &a))
		return finish(x->r, "err bad number %s\n", av[2]);
	if (nargs == 2 && parse_u64(av[3], &b))
		return finish(x->r, "err bad number %s\n", av[3]);
	if (nargs == 2 && a > 0x7f)
		return finish(x->r, "err address %s out of range\n", av[2]);
	n = pick_buses(x->bd, x->ac > 2 + nargs ? av[2 + nargs] : NULL, bs);
	if (n < 0)
		return finish(x->r, "err no bus %s\n", av[2 + nargs]);
	for (i = 0; i < n; i++) {
		if (!strcmp(kind->name, "clear"))
			bus_fault_clear(bs[i]);
		else if (!strcmp(kind->name, "nack"))
			bus_fault_nack(bs[i], a, b);
		else if (!strcmp(kind->name, "delay"))
			bus_fault_delay(bs[i], a);
		else
			bus_fault_hold(bs[i], a);
	}
	return finish(x->r, "ok\n");
}

static size_t cmd_pace(struct call *x, const struct cmd *cmd)
{
	const char *v = x->av[1];

	if (strlen(v) != 1 || !strchr("01", v[0]))
		return usage(x->r, "", cmd);
	board_set_paced(x->bd, v[0] == '1');
	return finish(x->r, "ok\n");
}

/*
 * speed [HZ [BUS]]: without HZ, one "NAME hz=F" line per bus; with it,
 * the bus (or every bus) runs later transactions at HZ. The guest's
 * i2c-virtio has no clock of its own, so a speed is purely the host's:
 * bus times, pacing and the log change, the guest's code paths do not.
 */
/* speed HZ SPIBUS: the SPI clock of later frames; 0: the DT's again. */
static size_t spi_speed(struct spi_bus *sb, uint64_t v, struct reply *r)
{
	if (v && (v < SPI_SPEED_MIN || v > SPI_SPEED_MAX))
		return finish(r, "err speed %" PRIu64 " out of range 0, "
			      "%u..%u\n", v, SPI_SPEED_MIN, SPI_SPEED_MAX);
	spi_bus_set_speed(sb, v);
	return finish(r, "ok\n");
}

static size_t cmd_speed(struct call *x, const struct cmd *cmd)
{
	struct bus *bs[BOARD_MAX_BUSES];
	struct reply *r = x->r;
	char **av = x->av;
	int ac = x->ac, n, i;
	uint64_t v = 0;

	if (ac > 1 && parse_u64(av[1], &v))
		return finish(r, "err bad number %s\n", av[1]);
	if (ac > 2 && board_find_spi(x->bd, av[2]))
		return spi_speed(board_find_spi(x->bd, av[2]), v, r);
	if (ac > 1 && (v < BUS_HZ_MIN || v > BUS_HZ_MAX))
		return finish(r, "err speed %s out of range %u..%u\n", av[1],
			      BUS_HZ_MIN, BUS_HZ_MAX);
	n = pick_buses(x->bd, ac > 2 ? av[2] : NULL, bs);
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

static size_t cmd_mark(struct call *x, const struct cmd *cmd)
{
	return finish(x->r, "ok %" PRIu64 "\n", board_mark(x->bd, x->rest));
}

static size_t cmd_flush(struct call *x, const struct cmd *cmd)
{
	board_flush_log(x->bd);
	return finish(x->r, "ok\n");
}

static size_t cmd_cpu(struct call *x, const struct cmd *cmd)
{
	struct bus_counters c;
	struct rusage ru;
	uint64_t tx = 0;
	unsigned int i;

	getrusage(RUSAGE_SELF, &ru);
	for (i = 0; i < board_nbuses(x->bd); i++) {
		bus_get_counters(board_bus(x->bd, i), &c);
		tx += c.transactions;
	}
	return finish(x->r, "ok user_ns=%" PRIu64 " sys_ns=%" PRIu64
		      " transactions=%" PRIu64 "\n",
		      (uint64_t)ru.ru_utime.tv_sec * 1000000000ull +
		      ru.ru_utime.tv_usec * 1000ull,
		      (uint64_t)ru.ru_stime.tv_sec * 1000000000ull +
		      ru.ru_stime.tv_usec * 1000ull, tx);
}

#define CMD(n, a, l, lo, hi, fn, h) \
	{ .name = n, .args = a, .lead = l, .min = lo, .max = hi, .run = fn, \
	  .help = h }

/* fault's kinds: their numbers, then an optional BUS. */
static const struct cmd faults[] = {
	CMD("nack", "ADDR COUNT [BUS]", LEAD_NONE, 2, 3, NULL,
	    "NACK the next COUNT addressings"),
	CMD("delay", "NS [BUS]", LEAD_NONE, 1, 2, NULL,
	    "hold every transaction NS longer"),
	CMD("hold", "NS [BUS]", LEAD_NONE, 1, 2, NULL,
	    "bus stuck for NS of wall time"),
	CMD("clear", "[BUS]", LEAD_NONE, 0, 1, NULL, "no faults"),
	{ NULL },
};

/* The protocol; "help" lists it in this order (CONTROL.md too). */
static const struct cmd commands[] = {
	CMD("help", "", LEAD_NONE, 0, ANY, cmd_help, "this list"),
	CMD("list", "", LEAD_NONE, 0, ANY, cmd_list, "buses and chips"),
	CMD("counters", "[BUS]", LEAD_NONE, 0, 1, cmd_counters,
	    "deterministic counts per bus"),
	CMD("reset-counters", "[BUS]", LEAD_NONE, 0, 1, cmd_reset_counters,
	    "zero them"),
	CMD("pin", "CHIP|GPIO N", LEAD_CHIP_OR_GPIO_PIN, 2, 2, cmd_pin,
	    "resolved level of pin N: 0 1 z x"),
	CMD("pins", "CHIP", LEAD_CHIP, 1, 1, cmd_pins,
	    "all pins as a hex word (z reads 1, x 0)"),
	CMD("drive", "CHIP|GPIO N 0|1|z", LEAD_CHIP_OR_GPIO_PIN, 3, 3,
	    cmd_drive, "drive pin N from outside, z: release"),
	CMD("drive-bits", "CHIP MASK VALUE|z", LEAD_CHIP, 3, 3,
	    cmd_drive_bits, "drive the pins of MASK to VALUE's bits, or release"),
	CMD("toggle", "CHIP N COUNT", LEAD_CHIP_PIN, 3, 3, cmd_toggle,
	    "pin N to its other level COUNT times at once"),
	CMD("storm", "CHIP N HZ PERIODS", LEAD_CHIP_PIN, 4, 4, cmd_storm,
	    "square wave on pin N: 2 * PERIODS edges at HZ"),
	CMD("storm-state", "", LEAD_NONE, 0, 0, cmd_storm_state,
	    "the last storm: edges made, running"),
	CMD("storm-stop", "", LEAD_NONE, 0, 0, cmd_storm_stop,
	    "end the storm where it is"),
	CMD("arm", "CHIP N 0|1|z TX BYTE", LEAD_CHIP_PIN, 5, 5, cmd_arm,
	    "drive pin N at byte BYTE of CHIP's TX-th transaction"),
	CMD("arm-state", "", LEAD_NONE, 0, 0, cmd_arm_state,
	    "the armed change: armed, fired, missed"),
	CMD("irq", "CHIP", LEAD_CHIP, 1, 1, cmd_irq,
	    "INT output: 1 asserted, 0 not"),
	CMD("gpio", "[GPIO]", LEAD_NONE, 0, 1, cmd_gpio,
	    "virtio-gpio lines: level, interrupt state, counts"),
	{ .name = "fault", .args = "nack|delay|hold|clear ...",
	  .lead = LEAD_NONE, .min = 1, .max = ANY, .run = cmd_fault,
	  .sub = faults },
	CMD("pace", "0|1", LEAD_NONE, 1, 1, cmd_pace,
	    "hold transactions for their bus time"),
	CMD("speed", "[HZ [BUS]]", LEAD_NONE, 0, 2, cmd_speed,
	    "bus speeds, or set HZ for later transactions"),
	CMD("mark", "TEXT", LEAD_NONE, 1, ANY, cmd_mark,
	    "marker record into the log"),
	CMD("flush", "", LEAD_NONE, 0, ANY, cmd_flush, "flush the log"),
	CMD("cpu", "", LEAD_NONE, 0, ANY, cmd_cpu,
	    "daemon CPU time and transactions"),
	{ NULL },
};

/* CHIP, then N: the arguments every chip command starts with. */
static size_t resolve_lead(struct call *x, const struct cmd *cmd)
{
	uint64_t n;

	if (x->ac < 2)
		return finish(x->r, "err usage: %s CHIP ...\n", x->av[0]);
	x->c = board_find_chip(x->bd, x->av[1]);
	if (!x->c && cmd->lead == LEAD_CHIP_OR_GPIO_PIN)
		x->gl = board_find_gpio(x->bd, x->av[1]);
	if (!x->c && !x->gl)
		return finish(x->r, "err no chip %s\n", x->av[1]);
	if (cmd->lead == LEAD_CHIP)
		return 0;
	if (x->ac < 3 || parse_u64(x->av[2], &n) || n >= lead_pins(x)->n)
		return finish(x->r, "err %s: no pin %s\n",
			      x->gl ? x->gl->name : x->c->name,
			      x->ac < 3 ? "given" : x->av[2]);
	x->pin = n;
	return 0;
}

static size_t dispatch(struct call *x, char *line)
{
	char *av[MAX_ARGS + 1], *save = NULL, *tok;
	const struct cmd *cmd;
	size_t ret;

	x->av = av;
	x->ac = 0;
	for (tok = strtok_r(line, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (x->ac == MAX_ARGS)
			return finish(x->r, "err too many arguments\n");
		av[x->ac++] = tok;
	}
	if (!x->ac)
		return finish(x->r, "err empty command\n");
	cmd = find_cmd(commands, av[0]);
	if (!cmd)
		return finish(x->r, "err unknown command %s (try help)\n",
			      av[0]);
	if (cmd->lead != LEAD_NONE && (ret = resolve_lead(x, cmd)))
		return ret;
	if (!arity_ok(cmd, x->ac - 1))
		return usage(x->r, "", cmd);
	return cmd->run(x, cmd);
}

size_t control_exec(struct board *bd, const char *line, char *out,
		    size_t outlen)
{
	struct reply r = { out, 0, outlen };
	struct call x = { .bd = bd, .r = &r };
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
	x.rest = text;

	board_lock(bd);
	ret = dispatch(&x, buf);
	board_unlock(bd);
	return ret;
}
