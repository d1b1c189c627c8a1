// SPDX-License-Identifier: GPL-2.0
/*
 * test_world.c - the board around the chips (BOARD-DT.md): wires, a
 * wire across two buses, board pull-ups, straps, and their errors; net
 * resolution in the pin layer.
 */
#include <inttypes.h>

#include "check.h"
#include "load_fails.h"
#include "buses/log.h"
#include "fixture.h"

static struct board *bd;

static const char *ctl(const char *line)
{
	return ctl_on(bd, line);
}

static struct bus *slot(int s)
{
	return board_slot(bd, s);
}

TEST(wire_between_chips)
{
	/* pca9555 pin 0 output low: the pcf8574 pin 0 reads it */
	CHECK_EQ(reg_write(slot(31), 0x20, 0x02, 0xfe), 0);
	CHECK_EQ(reg_write(slot(31), 0x20, 0x06, 0xfe), 0);
	CHECK_EQ(byte_read(slot(31), 0x21) & 0x01, 0);
	CHECK(!strcmp(ctl("pin pcf8574@21 0"), "ok 0"));
	CHECK_EQ(reg_write(slot(31), 0x20, 0x06, 0xff), 0);
	CHECK_EQ(byte_read(slot(31), 0x21) & 0x01, 1);
}

TEST(strap_and_pullup)
{
	CHECK(!strcmp(ctl("pin pcf8574@21 7"), "ok 0"));	/* tie-low */
	CHECK(!strcmp(ctl("pin tca6416@22 0"), "ok 1"));	/* pull-up */
	CHECK(!strcmp(ctl("pin tca6416@22 1"), "ok 1"));
	CHECK(!strcmp(ctl("pin tca6416@22 2"), "ok z"));	/* neither */
	CHECK(!strcmp(ctl("drive pcf8574@21 7 z"), "ok 1"));	/* released */
	CHECK(!strcmp(ctl("drive pcf8574@21 7 0"), "ok 0"));
}

/* A three-pin net: max7325 O8 (push-pull) drives pcf P2 and tca 3. */
TEST(three_pin_net)
{
	CHECK(!strcmp(ctl("pin tca6416@22 3"), "ok 1"));
	CHECK_EQ(byte_write(slot(31), 0x58, 0xfe), 0);
	CHECK(!strcmp(ctl("pin tca6416@22 3"), "ok 0"));
	CHECK(!strcmp(ctl("pin pcf8574@21 2"), "ok 0"));
	CHECK_EQ(byte_write(slot(31), 0x58, 0xff), 0);
	CHECK(!strcmp(ctl("pin pcf8574@21 2"), "ok 1"));
}

/*
 * The pca9554 on the 1 MHz bus drives pca9555 pin 1 on the 400 kHz bus:
 * the change is logged for both chips on the clock of the bus that
 * caused it, and raises the pca9555's INT.
 */
TEST(wire_across_buses)
{
	char *buf = NULL, want[160];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	uint64_t t0;

	CHECK_EQ(reg_read(slot(31), 0x20, 0), 0xfe | 1);	/* clear INT */
	board_set_log(bd, f);
	t0 = bus_now_ns(slot(30));
	CHECK_EQ(reg_write(slot(30), 0x20, 0x01, 0xfd), 0);
	CHECK_EQ(reg_write(slot(30), 0x20, 0x03, 0xfd), 0);
	CHECK(!strcmp(ctl("pin pca9555@20 1"), "ok 0"));
	CHECK(!strcmp(ctl("irq pca9555@20"), "ok 1"));
	fflush(f);
	/* second write's data ACK: 29000 + 28 clocks at 1 MHz */
	snprintf(want, sizeof(want), "P chip=pca9555@20 bus=i2c31 pin=1 "
		 "old=1 new=0 bus_ns=%" PRIu64 " clk=i2c30 ", t0 + 57000);
	CHECK(strstr(buf, want) != NULL);
	snprintf(want, sizeof(want), "P chip=pca9554@20 bus=i2c30 pin=1 "
		 "old=1 new=0 bus_ns=%" PRIu64 " clk=i2c30 ", t0 + 57000);
	CHECK(strstr(buf, want) != NULL);
	CHECK(strstr(buf, "I chip=pca9555@20 bus=i2c31 old=0 new=1 "));
	board_set_log(bd, NULL);
	fclose(f);
	free(buf);
}

TEST(world_errors)
{
	load_fails(BOARD("world-bad-pin"), "pcf8574@21 has no pin 8");
	load_fails(BOARD("world-bad-phandle"), "not a modelled chip");
	load_fails(BOARD("clash-max732x"), "pcf8574@58 on i2c31: address "
		   "0x58 already taken by max7325@68");
	load_fails(BOARD("bad-slot"), "not a virt virtio-mmio slot");
}

/* Net resolution rules of the pin layer, on bare pin banks. */
TEST(net_resolution)
{
	struct pinbank a = { 0 }, b = { 0 };

	CHECK_EQ(pinbank_init(&a, NULL, 2), 0);
	CHECK_EQ(pinbank_init(&b, NULL, 2), 0);
	CHECK_EQ(pin_wire(&a, 0, &b, 0), 0);
	CHECK_EQ(pin_level(&a, 0), PIN_Z);
	pin_set_drive(&a, 0, DRV_WEAK_HIGH);
	CHECK_EQ(pin_level(&b, 0), PIN_1);
	pin_set_drive(&b, 0, DRV_LOW);			/* strong beats weak */
	CHECK_EQ(pin_level(&a, 0), PIN_0);
	pin_set_drive(&a, 0, DRV_HIGH);			/* strong vs strong */
	CHECK_EQ(pin_level(&a, 0), PIN_X);
	CHECK_EQ(pin_read_bit(&a, 0), 0);
	pin_set_drive(&a, 0, DRV_HIZ);
	pin_set_drive(&b, 0, DRV_HIZ);
	pin_set_pull(&a, 0, DRV_WEAK_HIGH);
	pin_set_pull(&b, 0, DRV_WEAK_LOW);		/* weak vs weak */
	CHECK_EQ(pin_level(&a, 0), PIN_X);
	pin_set_ext(&b, 0, EXT_HIGH);
	CHECK_EQ(pin_level(&a, 0), PIN_1);
	CHECK_EQ(pin_wire(&a, 0, &b, 2), -1);		/* no such pin */
	CHECK_EQ(pin_wire(&a, 0, &b, 0), 0);		/* already joined */
	CHECK_EQ(pin_read_bit(&a, 1), 1);		/* floating reads 1 */
	pinbank_free(&a);
	CHECK_EQ(pin_level(&b, 0), PIN_1);		/* net survives */
	pinbank_free(&b);
}

/*
 * MAX7319 INT is held off from the address ACK to the STOP: here a
 * pcf8574 wired to it changes the input inside the same transaction.
 */
TEST(max732x_int_deferred_to_stop)
{
	struct rig r;
	struct chip *mx, *pcf;
	uint8_t v, w = 0xfe;
	struct i2c_seg s[2] = {
		{ .addr = 0x60, .read = true, .buf = &v, .len = 1 },
		{ .addr = 0x21, .buf = &w, .len = 1 },
	};

	mx = rig_one(&r, 100000, "maxim,max7319", 0x60);
	pcf = rig_add(&r, "nxp,pcf8574", 0x21);
	pin_wire(&mx->pins, 0, &pcf->pins, 0);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(mx->irq, 1);
	/* asserted at the STOP: 2 starts, 4 bytes, the stop clock */
	CHECK(strstr(rig_log(&r), "I chip=max7319@60 bus=i2c31 old=0 new=1 "
			      "bus_ns=390000 "));
	CHECK_EQ(word_read(r.b, 0x60), 0x01fe);
	CHECK_EQ(mx->irq, 0);
	rig_free(&r);
}

struct seen {
	unsigned int pins, irqs;
	struct world_change last_pin, last_irq;
};

static void watcher(void *ctx, const struct world_change *ch)
{
	struct seen *s = ctx;

	if (ch->pin < 0) {
		s->irqs++;
		s->last_irq = *ch;
	} else {
		s->pins++;
		s->last_pin = *ch;
	}
}

/* A watcher of the board sees every pin and INT change the bus counts. */
TEST(watch_sees_pin_and_irq_changes)
{
	struct seen seen = { 0 };
	struct bus_counters cnt;
	struct chip *pcf;
	struct rig r;

	pcf = rig_one(&r, 100000, "nxp,pcf8574", 0x21);
	CHECK_EQ(board_watch(r.bd, watcher, &seen), 0);
	ext(pcf, 0, 0);
	CHECK_EQ(seen.pins, 1);
	CHECK(!strcmp(seen.last_pin.chip, "pcf8574@21"));
	CHECK(seen.last_pin.bank == &pcf->pins);
	CHECK_EQ(seen.last_pin.pin, 0);
	CHECK_EQ(seen.last_pin.level, PIN_0);
	CHECK_EQ(seen.irqs, 1);
	CHECK_EQ(seen.last_irq.pin, -1);
	CHECK_EQ(seen.last_irq.level, 1);
	CHECK_EQ(byte_read(r.b, 0x21), 0xfe);	/* the read resets INT */
	CHECK_EQ(seen.irqs, 2);
	CHECK_EQ(seen.last_irq.level, 0);
	bus_get_counters(r.b, &cnt);
	CHECK_EQ(cnt.pin_changes, seen.pins);
	CHECK_EQ(cnt.irq_changes, seen.irqs);
	rig_free(&r);
}

int main(void)
{
	bd = board_or_exit(BOARD("world"));
	RUN(wire_between_chips);
	RUN(strap_and_pullup);
	RUN(three_pin_net);
	RUN(wire_across_buses);
	RUN(world_errors);
	RUN(net_resolution);
	RUN(max732x_int_deferred_to_stop);
	RUN(watch_sees_pin_and_irq_changes);
	return board_done(bd);
}
