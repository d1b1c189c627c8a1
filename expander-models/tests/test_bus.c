// SPDX-License-Identifier: GPL-2.0
/*
 * test_bus.c - the bus layer: addressing, NACKs, the bus clock (exact ns
 * at 100 kHz, 400 kHz and 1 MHz), fault injection, pacing, counters and
 * the T/P record format.
 */
#include <inttypes.h>

#include "check.h"
#include "buses/log.h"
#include "fixture.h"

#define A 0x20

TEST(clock_definition)
{
	/* [START] addr reg val [STOP]: 1 + 3 * 9 + 1 = 29 clocks */
	CHECK_EQ(bus_i2c_ns(100000, 1, 3, 1), 290000);
	CHECK_EQ(bus_i2c_ns(400000, 1, 3, 1), 72500);
	CHECK_EQ(bus_i2c_ns(1000000, 1, 3, 1), 29000);
	/* regmap read: S addr reg Sr addr data P: 2 + 4 * 9 + 1 = 39 */
	CHECK_EQ(bus_i2c_ns(100000, 2, 4, 1), 390000);
	CHECK_EQ(bus_i2c_ns(400000, 2, 4, 1), 97500);
	CHECK_EQ(bus_i2c_ns(1000000, 2, 4, 1), 39000);
}

static void timed_write(uint32_t hz, uint64_t want)
{
	uint8_t w[2] = { 0x02, 0x00 };
	struct i2c_seg s = { .addr = A, .buf = w, .len = 2 };
	struct bus_timing t;
	struct rig r;

	rig_init(&r, hz);
	rig_add(&r, "nxp,pca9555", A);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(s.status, 0);
	CHECK_EQ(t.bus_ns, want);
	CHECK_EQ(t.hold_ns, 0);
	CHECK_EQ(bus_now_ns(r.b), want);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(bus_now_ns(r.b), 2 * want);
	rig_free(&r);
}

TEST(transaction_time_100k)
{
	timed_write(100000, 290000);
}

TEST(transaction_time_400k)
{
	timed_write(400000, 72500);
}

TEST(transaction_time_1m)
{
	timed_write(1000000, 29000);
}

/*
 * [reg] Sr read 1 byte, on a lone PCA9555 at A on a bus of hz: what
 * bus_transfer() returns, with s's statuses and the timing in t.
 */
static int reg_then_read(uint32_t hz, uint8_t reg, struct i2c_seg s[2],
			 struct bus_timing *t)
{
	static uint8_t cmd, v;
	struct rig r;
	int ret;

	cmd = reg;
	s[0] = (struct i2c_seg){ .addr = A, .buf = &cmd, .len = 1 };
	s[1] = (struct i2c_seg){ .addr = A, .read = true, .buf = &v, .len = 1 };
	rig_init(&r, hz);
	rig_add(&r, "nxp,pca9555", A);
	ret = bus_transfer(r.b, s, 2, t);
	rig_free(&r);
	return ret;
}

TEST(read_transaction_time)
{
	struct i2c_seg s[2];
	struct bus_timing t;

	CHECK_EQ(reg_then_read(400000, 0, s, &t), 0);
	CHECK_EQ(t.bus_ns, 97500);
}

/* Pin changes carry the time of the ACK of the data byte. */
TEST(pin_change_at_data_ack)
{
	uint8_t out[] = { 0x02, 0x00, 0x00 }, w[] = { 0x06, 0xfe, 0xfc };
	uint64_t ns = 0;
	unsigned int pin = 99;
	const char *p;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	CHECK_EQ(raw_write(r.b, A, out, 3), 0);	/* 38 clocks: 380000 ns */
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	/* pin 0 at: 380000 + (1 + 3 * 9) clocks; pin 8 one byte later */
	p = strstr(rig_log(&r), "P chip=pca9555@20 bus=i2c31 pin=0 ");
	CHECK(p && sscanf(p, "P chip=pca9555@20 bus=i2c31 pin=%u old=1 new=0 "
			  "bus_ns=%" SCNu64, &pin, &ns) == 2);
	CHECK_EQ(ns, 380000 + 280000);
	p = strstr(rig_log(&r), "P chip=pca9555@20 bus=i2c31 pin=8 ");
	CHECK(p && sscanf(p, "P chip=pca9555@20 bus=i2c31 pin=%u old=1 new=0 "
			  "bus_ns=%" SCNu64, &pin, &ns) == 2);
	CHECK_EQ(ns, 380000 + 370000);
	rig_free(&r);
}

TEST(nack_on_missing_address)
{
	uint8_t w[2] = { 0x02, 0x00 }, v;
	struct i2c_seg s[2] = {
		{ .addr = 0x21, .buf = w, .len = 2 },
		{ .addr = A, .read = true, .buf = &v, .len = 1 },
	};
	struct bus_counters k;
	struct bus_timing t;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	CHECK_EQ(bus_transfer(r.b, s, 2, &t), -1);
	CHECK_EQ(s[0].status, -1);
	CHECK_EQ(s[1].status, -1);
	/* START, the address byte with its NACK, STOP */
	CHECK_EQ(t.bus_ns, 110000);
	bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 1);
	CHECK_EQ(k.nacks, 1);
	CHECK_EQ(k.bytes, 1);
	CHECK_EQ(k.segments, 1);
	CHECK(strstr(rig_log(&r), " bytes=1 status=nack segs=21:W::nack\n"));
	rig_free(&r);
}

/* 0-length segment: address phase only (i2cdetect's quick write). */
TEST(quick_command)
{
	struct i2c_seg s = { .addr = A, .len = 0 };
	struct i2c_seg m = { .addr = 0x30, .len = 0 };
	struct bus_timing t;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(t.bus_ns, 110000);
	CHECK_EQ(bus_transfer(r.b, &m, 1, &t), -1);
	CHECK(strstr(rig_log(&r), "segs=20:W::ack\n"));
	CHECK(strstr(rig_log(&r), "segs=30:W::nack\n"));
	rig_free(&r);
}

TEST(ten_bit_address_nacked)
{
	struct i2c_seg s = { .addr = 0x120, .len = 0 };
	struct rig r;

	rig_init(&r, 100000);
	CHECK_EQ(bus_transfer(r.b, &s, 1, NULL), -1);
	rig_free(&r);
}

TEST(fault_nack_count)
{
	struct bus_counters k;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	bus_fault_nack(r.b, A, 2);
	CHECK_EQ(reg_read(r.b, A, 0), -1);
	CHECK_EQ(reg_read(r.b, A, 0), -1);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	bus_get_counters(r.b, &k);
	CHECK_EQ(k.nacks, 2);
	bus_fault_nack(r.b, A, 5);
	bus_fault_clear(r.b);
	CHECK_EQ(reg_read(r.b, A, 0), 0xff);
	rig_free(&r);
}

TEST(fault_delay_hold_and_pacing)
{
	struct i2c_seg s = { .addr = A, .len = 0 };
	struct bus_timing t;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	bus_set_paced(r.b, true);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(t.hold_ns, 110000);
	/* Pacing alone stretches nothing: the record has no stretch_ns. */
	CHECK(strstr(rig_log(&r), "segs=20:W::ack\n"));
	bus_fault_delay(r.b, 5000);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(t.hold_ns, 115000);
	CHECK(strstr(rig_log(&r), "segs=20:W::ack stretch_ns=5000\n"));
	bus_set_paced(r.b, false);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(t.hold_ns, 5000);
	bus_fault_hold(r.b, 1000000000ull);	/* stuck for a second */
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK(t.hold_ns > 900000000ull && t.hold_ns <= 1000000000ull);
	bus_fault_clear(r.b);
	CHECK_EQ(bus_transfer(r.b, &s, 1, &t), 0);
	CHECK_EQ(t.hold_ns, 0);
	rig_free(&r);
}

TEST(data_nack_stops_transaction)
{
	struct i2c_seg s[2];
	struct bus_timing t;

	CHECK_EQ(reg_then_read(100000, 0x09, s, &t), -1);
	CHECK_EQ(s[0].status, -1);
	CHECK_EQ(s[1].status, -1);
	CHECK_EQ(t.bus_ns, bus_i2c_ns(100000, 1, 2, 1));
}

TEST(address_taken)
{
	struct rig r;

	rig_init(&r, 100000);
	CHECK(rig_add(&r, "nxp,pca9555", A) != NULL);
	CHECK(rig_add(&r, "nxp,pca9554", A) == NULL);
	rig_free(&r);
}

/* The exact T record, bar the host time. */
TEST(transaction_record_format)
{
	uint8_t reg = 0x06, v[2];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &reg, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 2 },
	};
	char want[256];
	const char *p, *w;
	struct rig r;

	rig_init(&r, 100000);
	rig_add(&r, "nxp,pca9555", A);
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x3c), 0);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	p = strstr(rig_log(&r), "T bus=i2c31 seq=2 ");
	CHECK(p != NULL);
	if (!p)
		goto out;
	w = strstr(p, " wall_ns=");
	CHECK(w != NULL);
	snprintf(want, sizeof(want), "T bus=i2c31 seq=2 start_ns=290000 "
		 "end_ns=770000 dur_ns=480000");
	CHECK(!strncmp(p, want, strlen(want)));
	CHECK(w && !strncmp(strchr(w + 1, ' '),
			    " bytes=5 status=ok segs=20:W:06:ack,20:R:ff3c:ack\n",
			    50));
out:
	rig_free(&r);
}

TEST(mark_record)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	log_mark(f, 3, 42, "phase two\nsecond line");
	fclose(f);
	CHECK(!strcmp(buf, "M seq=3 wall_ns=42 text=phase two second line\n"));
	free(buf);
}

int main(void)
{
	RUN(clock_definition);
	RUN(transaction_time_100k);
	RUN(transaction_time_400k);
	RUN(transaction_time_1m);
	RUN(read_transaction_time);
	RUN(pin_change_at_data_ack);
	RUN(nack_on_missing_address);
	RUN(quick_command);
	RUN(ten_bit_address_nacked);
	RUN(fault_nack_count);
	RUN(fault_delay_hold_and_pacing);
	RUN(data_nack_stops_transaction);
	RUN(address_taken);
	RUN(transaction_record_format);
	RUN(mark_record);
	return CHECK_DONE();
}
