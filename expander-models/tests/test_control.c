// SPDX-License-Identifier: GPL-2.0
/*
 * test_control.c - the control protocol (CONTROL.md) on the basic board:
 * every command, its reply shape and its errors.
 */
#include "check.h"
#include "fixture.h"

static struct board *bd;

/* Run one command; returns the last line, the whole reply in ctl_out. */
static const char *ctl(const char *line)
{
	return ctl_on(bd, line);
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* The number after " KEY=" in ctl_out, or -1. */
static long long ctl_field_u64(const char *s, const char *key)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(s, pat);
	return p ? strtoll(p + strlen(pat), NULL, 0) : -1;
}

static struct bus *bus31(void)
{
	return board_slot(bd, 31);
}

TEST(help_and_unknown)
{
	CHECK(starts(ctl("help"), "ok"));
	CHECK(strstr(ctl_out, "fault nack ADDR COUNT [BUS]"));
	CHECK(starts(ctl("frobnicate"), "err unknown command frobnicate"));
	CHECK(starts(ctl(""), "err empty command"));
	CHECK(starts(ctl("   "), "err empty command"));
}

TEST(list)
{
	CHECK(!strcmp(ctl("list"), "ok 2 buses 3 chips"));
	CHECK(strstr(ctl_out, "bus i2c31 slot=31 hz=100000\n"));
	CHECK(strstr(ctl_out, "chip pca9555@20 bus=i2c31 model=pca9555 "
			  "compatible=nxp,pca9555 lines=16 addr=20\n"));
	CHECK(strstr(ctl_out, "chip tca6416@20 bus=i2c30 "));
}

TEST(counters)
{
	struct bus *b = bus31();

	CHECK(starts(ctl("reset-counters"), "ok"));
	CHECK_EQ(reg_write(b, 0x20, 0x02, 0xff), 0);	/* pin 0 goes 1 */
	CHECK_EQ(reg_read(b, 0x21, 0), -1);
	CHECK(starts(ctl("counters i2c31"), "ok"));
	CHECK(starts(ctl_out, "i2c31 transactions=2 bytes=4 segments=2 nacks=1 "
			  "pin_changes=1 irq_changes=0 busy_ns=400000 "));
	CHECK(starts(ctl("counters"), "ok"));
	CHECK(strstr(ctl_out, "i2c30 transactions=0 "));
	CHECK(starts(ctl("counters 31"), "ok"));	/* slot number works */
	CHECK(starts(ctl("counters i2c7"), "err no bus i2c7"));
	CHECK(starts(ctl("reset-counters i2c31"), "ok"));
	ctl("counters i2c31");
	CHECK(starts(ctl_out, "i2c31 transactions=0 bytes=0 "));
	CHECK_EQ(reg_write(b, 0x20, 0x02, 0xfe), 0);
}

TEST(pins_and_drive)
{
	CHECK(!strcmp(ctl("pin pca9555@20 0"), "ok 0"));	/* output 0 */
	CHECK(!strcmp(ctl("pin pca9555@20 1"), "ok 1"));
	CHECK(!strcmp(ctl("drive pca9555@20 1 0"), "ok 0"));
	CHECK(!strcmp(ctl("pins pca9555@20"), "ok 0xfffc levels="
			  "1111111111111100"));
	CHECK(!strcmp(ctl("irq pca9555@20"), "ok 1"));
	CHECK(!strcmp(ctl("drive i2c31:20 1 z"), "ok 1"));
	CHECK(!strcmp(ctl("irq i2c31:20"), "ok 0"));
	CHECK(!strcmp(ctl("drive pca9555@20 0 1"), "ok x"));
	CHECK(!strcmp(ctl("drive pca9555@20 0 z"), "ok 0"));
	CHECK(starts(ctl("pin pca9555@20 16"), "err pca9555@20: no pin 16"));
	CHECK(starts(ctl("pin pca9555@20 -1"), "err"));
	CHECK(starts(ctl("pin nosuch@20 1"), "err no chip nosuch@20"));
	CHECK(starts(ctl("drive pca9555@20 1 2"), "err usage"));
	CHECK(starts(ctl("drive pca9555@20 1"), "err usage"));
	CHECK(starts(ctl("pin i2c31:7f 1"), "err no chip"));
	CHECK(starts(ctl("pins"), "err usage"));
}

/* drive-bits: pin 0 is an output at 0, pin 1 an input with pull-up. */
TEST(drive_bits)
{
	CHECK(!strcmp(ctl("drive-bits pca9555@20 0xff00 0x5a00"),
		      "ok 0x5afe levels=0101101011111110"));
	CHECK(!strcmp(ctl("drive-bits pca9555@20 0x0003 0x0002"),
		      "ok 0x5afe levels=0101101011111110"));
	CHECK(!strcmp(ctl("drive-bits pca9555@20 0x0003 0x0001"),
		      "ok 0x5afc levels=010110101111110x"));
	CHECK(!strcmp(ctl("pin pca9555@20 9"), "ok 1"));
	CHECK(!strcmp(ctl("pin pca9555@20 8"), "ok 0"));
	CHECK(!strcmp(ctl("drive-bits i2c31:20 0xffff z"),
		      "ok 0xfffe levels=1111111111111110"));
	CHECK(starts(ctl("drive-bits pca9555@20 0x10000 0"),
		     "err pca9555@20: mask 0x10000 beyond its 16 pins"));
	CHECK(starts(ctl("drive-bits pca9555@20 0xq 0"), "err bad number"));
	CHECK(starts(ctl("drive-bits pca9555@20 1 2x"), "err bad number"));
	CHECK(starts(ctl("drive-bits pca9555@20 1"), "err usage"));
	CHECK(!strcmp(ctl("pins pca9555@20"),
		      "ok 0xfffe levels=1111111111111110"));
}

/*
 * pca9555@20 lives on one bus and tca6416@20 on the other; the tca6416
 * has no pull-ups, so its undriven inputs float.
 */
TEST(chip_by_bus_address)
{
	CHECK(!strcmp(ctl("pin i2c30:20 0"), "ok z"));
	CHECK(!strcmp(ctl("pin 30:20 0"), "ok z"));
	CHECK(!strcmp(ctl("pin i2c31:20 1"), "ok 1"));
}

TEST(faults)
{
	struct bus *b = bus31();

	CHECK(starts(ctl("fault nack 0x20 1 i2c31"), "ok"));
	CHECK_EQ(reg_read(b, 0x20, 0), -1);
	CHECK(reg_read(b, 0x20, 0) >= 0);
	CHECK(starts(ctl("fault nack 0x20 1"), "ok"));
	CHECK(starts(ctl("fault clear"), "ok"));
	CHECK(reg_read(b, 0x20, 0) >= 0);
	CHECK(starts(ctl("fault delay 1000 i2c31"), "ok"));
	CHECK(starts(ctl("fault hold 1000"), "ok"));
	CHECK(starts(ctl("fault clear i2c31"), "ok"));
	CHECK(starts(ctl("fault nack 0x80 1"), "err address"));
	CHECK(starts(ctl("fault nack 0x20"), "err usage"));
	CHECK(starts(ctl("fault delay x"), "err bad number"));
	CHECK(starts(ctl("fault delay 10 i2c9"), "err no bus"));
	CHECK(starts(ctl("fault melt"), "err unknown fault"));
	CHECK(starts(ctl("fault"), "err usage"));
}

TEST(mark_and_cpu)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	board_set_log(bd, f);
	CHECK(!strcmp(ctl("mark   phase one: 16 lines"), "ok 1"));
	CHECK(starts(ctl("mark"), "err usage"));
	CHECK(starts(ctl("flush"), "ok"));
	CHECK(strstr(buf, " text=phase one: 16 lines\n"));
	board_set_log(bd, NULL);
	fclose(f);
	free(buf);
	CHECK(starts(ctl("cpu"), "ok user_ns="));
	CHECK(strstr(ctl_out, " transactions="));
	CHECK(starts(ctl("pace 1"), "ok"));
	CHECK(starts(ctl("pace 0"), "ok"));
	CHECK(starts(ctl("pace 2"), "err usage"));
}

/*
 * speed changes the bus time of later transactions only, keeps the
 * counts, logs a new B record and refuses what no I2C bus runs at.
 */
TEST(speed)
{
	struct bus *b = bus31();
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(starts(ctl("speed"), "ok"));
	CHECK(strstr(ctl_out, "i2c31 hz=100000\ni2c30 hz=400000\n") ||
	      strstr(ctl_out, "i2c30 hz=400000\ni2c31 hz=100000\n"));
	board_set_log(bd, f);
	CHECK(starts(ctl("speed 400000 i2c31"), "ok"));
	CHECK(starts(ctl("flush"), "ok"));
	CHECK(strstr(buf, "B bus=i2c31 slot=31 hz=400000\n"));
	board_set_log(bd, NULL);
	fclose(f);
	free(buf);
	ctl("list");
	CHECK(strstr(ctl_out, "bus i2c31 slot=31 hz=400000\n"));

	/* write [reg, val]: 29 clocks, 72.5 us at 400 kHz, 29 us at 1 MHz. */
	ctl("reset-counters");
	CHECK_EQ(reg_write(b, 0x20, 0x02, 0x00), 0);
	ctl("counters i2c31");
	CHECK(starts(ctl_out, "i2c31 transactions=1 bytes=3 segments=1 nacks=0 "));
	CHECK_EQ(ctl_field_u64(ctl_out, "busy_ns"), 72500);
	CHECK(starts(ctl("speed 1000000"), "ok"));	/* every bus */
	CHECK_EQ(reg_write(b, 0x20, 0x02, 0x00), 0);
	ctl("counters i2c31");
	CHECK(starts(ctl_out, "i2c31 transactions=2 bytes=6 "));
	CHECK_EQ(ctl_field_u64(ctl_out, "busy_ns"), 72500 + 29000);
	ctl("speed");
	CHECK(strstr(ctl_out, "i2c30 hz=1000000\n"));

	CHECK(starts(ctl("speed 999 i2c31"), "err speed 999 out of range"));
	CHECK(starts(ctl("speed 3400001"), "err speed 3400001 out of range"));
	CHECK(starts(ctl("speed fast"), "err bad number fast"));
	CHECK(starts(ctl("speed 100000 i2c9"), "err no bus i2c9"));
	CHECK(starts(ctl("speed 100000 31 x"), "err usage"));
	CHECK(starts(ctl("speed 100000 31"), "ok"));	/* slot number */
	CHECK(starts(ctl("speed 400000 i2c30"), "ok"));
	ctl("speed");
	CHECK(strstr(ctl_out, "i2c31 hz=100000\n"));
	CHECK(strstr(ctl_out, "i2c30 hz=400000\n"));
}

TEST(small_buffers)
{
	char tiny[16];
	size_t n = control_exec(bd, "help", tiny, sizeof(tiny));

	CHECK(n > 0 && n < sizeof(tiny));
	CHECK(tiny[n - 1] == '\n');
	CHECK_EQ(control_exec(bd, "help", tiny, 0), 0);
}

TEST(long_and_odd_lines)
{
	char line[600];

	memset(line, 'a', sizeof(line) - 1);
	line[sizeof(line) - 1] = 0;
	CHECK(starts(ctl(line), "err line too long"));
	CHECK(!strcmp(ctl("pin pca9555@20 1\r\n"), "ok 1"));
	CHECK(starts(ctl("pin pca9555@20 1 2 3 4 5 6 7 8 9"), "err too many"));
	CHECK(starts(ctl("pin pca9555@20 1 2"), "err usage"));
}

/* The usage of CONTROL.md's table row, "\\|" read as "|"; 0 if none. */
static int md_usage(const char *line, char *use, size_t len)
{
	const char *p = line + 3;
	size_t n = 0;

	if (strncmp(line, "| `", 3))
		return 0;
	for (; *p && *p != '`' && n + 1 < len; p++)
		if (!(p[0] == '\\' && p[1] == '|'))
			use[n++] = *p;
	use[n] = 0;
	return 1;
}

/* CONTROL.md lists the commands as help does, in the same order. */
TEST(control_md_matches_help)
{
	char help[4096], line[1024], use[128], *h = help, *nl;
	FILE *f = fopen(CONTROL_MD, "r");
	unsigned int rows = 0, lines = 0;

	CHECK(f != NULL);
	if (!f)
		return;
	CHECK(!strcmp(ctl("help"), "ok"));
	snprintf(help, sizeof(help), "%s", ctl_out);
	for (nl = help; (nl = strchr(nl, '\n')); nl++)
		lines++;		/* the lines before "ok" */
	while (fgets(line, sizeof(line), f)) {
		if (!md_usage(line, use, sizeof(use)))
			continue;
		rows++;
		if (strncmp(h, use, strlen(use)) || h[strlen(use)] != ' ')
			fprintf(stderr, "  CONTROL.md has %s, help %.*s\n", use,
				(int)strcspn(h, "\n"), h);
		CHECK(!strncmp(h, use, strlen(use)) && h[strlen(use)] == ' ');
		nl = strchr(h, '\n');
		if (!nl)
			break;
		h = nl + 1;
	}
	fclose(f);
	CHECK_EQ(rows, lines);
}

int main(void)
{
	bd = board_or_exit(BOARD("basic"));
	/* pca9555@20 pin 0 an output driving 0, for the pin tests */
	reg_write(bus31(), 0x20, 0x02, 0xfe);
	reg_write(bus31(), 0x20, 0x06, 0xfe);
	RUN(help_and_unknown);
	RUN(list);
	RUN(counters);
	RUN(pins_and_drive);
	RUN(drive_bits);
	RUN(chip_by_bus_address);
	RUN(faults);
	RUN(mark_and_cpu);
	RUN(speed);
	RUN(small_buffers);
	RUN(long_and_odd_lines);
	RUN(control_md_matches_help);
	return board_done(bd);
}
