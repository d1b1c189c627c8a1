// SPDX-License-Identifier: GPL-2.0
/*
 * test_i2ctrace.c - host test of the guest's tracepoint counting
 * (guest/i2ctrace.h) on trace lines as a 6.12 guest prints them:
 * what goes on the wire per transfer, for i2c-virtio (i2c_* events,
 * SMBus emulated over i2c_transfer) and i2c-stub (smbus_* only).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"		/* expander-models/tests: the host tests' */
#include "i2ctrace.h"

#define PFX "       gpiobench-73      [000] .....     1.578562: "

/* The trace lines counted as the guest counts them: what it sums. */
static void expect(const char *const *lines, long long tx, long long bytes,
		   long long segs, int lost)
{
	static struct i2ctrace t;
	struct i2ctrace_count sum;

	memset(&t, 0, sizeof(t));
	for (; *lines; lines++)
		i2ctrace_line(&t, *lines);
	i2ctrace_sum(&t, &sum);
	CHECK_EQ(sum.tx, tx);
	CHECK_EQ(sum.bytes, bytes);
	CHECK_EQ(sum.segs, segs);
	CHECK_EQ(t.lost, lost);
}

/* pca9555 output pair in one write: address, command, 2 data. */
static const char *const pair_write_lines[] = {
	PFX "i2c_write: i2c-3 #0 a=020 f=0000 l=3 [02-aa-aa]\n",
	PFX "i2c_result: i2c-3 n=1 ret=1\n", NULL };
/* regmap read: write [reg], Sr, read 2: 2 address bytes + 3. */
static const char *const pair_read_lines[] = {
	PFX "i2c_write: i2c-3 #0 a=020 f=0000 l=1 [00]\n",
	PFX "i2c_read: i2c-3 #1 a=020 f=0001 l=2\n",
	PFX "i2c_reply: i2c-3 #1 a=020 f=0001 l=2 [00-00]\n",
	PFX "i2c_result: i2c-3 n=2 ret=2\n", NULL };
/* SMBus receive byte emulated on i2c-virtio: counted once. */
static const char *const emulated_lines[] = {
	PFX "smbus_read: i2c-3 a=038 f=0000 c=0 BYTE\n",
	PFX "i2c_read: i2c-3 #0 a=038 f=0001 l=1\n",
	PFX "i2c_reply: i2c-3 #0 a=038 f=0001 l=1 [ff]\n",
	PFX "i2c_result: i2c-3 n=1 ret=1\n",
	PFX "smbus_reply: i2c-3 a=038 f=0000 c=0 BYTE l=0 []\n",
	PFX "smbus_result: i2c-3 a=038 f=0000 c=0 BYTE rd res=0\n",
	NULL };
/* i2c-stub, pca9555 regmap over SMBus I2C block: l counts block[0]. */
static const char *const stub_lines[] = {
	PFX "smbus_write: i2c-4 a=020 f=0000 c=2 I2C_BLOCK_DATA l=2 [01-aa]\n",
	PFX "smbus_result: i2c-4 a=020 f=0000 c=2 I2C_BLOCK_DATA wr res=0\n",
	PFX "smbus_read: i2c-4 a=020 f=0000 c=0 I2C_BLOCK_DATA\n",
	PFX "smbus_reply: i2c-4 a=020 f=0000 c=0 I2C_BLOCK_DATA l=2 [01-ff]\n",
	PFX "smbus_result: i2c-4 a=020 f=0000 c=0 I2C_BLOCK_DATA rd res=0\n",
	PFX "smbus_result: i2c-4 a=022 f=0000 c=ff BYTE wr res=0\n",
	PFX "smbus_reply: i2c-4 a=020 f=0000 c=1 BYTE_DATA l=1 [12]\n",
	PFX "smbus_result: i2c-4 a=020 f=0000 c=1 BYTE_DATA rd res=0\n",
	NULL };
/* Two adapters in one window, and a ring buffer that overflowed. */
static const char *const both_lines[] = {
	"# entries-in-buffer/entries-written: 176/180   #P:1\n",
	PFX "i2c_write: i2c-3 #0 a=020 f=0000 l=3 [02-aa-aa]\n",
	PFX "i2c_result: i2c-3 n=1 ret=1\n",
	PFX "smbus_write: i2c-4 a=020 f=0000 c=2 I2C_BLOCK_DATA l=2 [01-aa]\n",
	PFX "smbus_result: i2c-4 a=020 f=0000 c=2 I2C_BLOCK_DATA wr res=0\n",
	NULL };
static const char *const header_lines[] = {
	"# entries-in-buffer/entries-written: 176/176   #P:1\n",
	"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n",
	NULL };

/* Each case: its trace lines and what they sum to. */
#define CASE(name, lines, tx, bytes, segs, lost) \
	TEST(name) { expect(lines, tx, bytes, segs, lost); }

CASE(pair_write, pair_write_lines, 1, 4, 1, 0)
CASE(pair_read, pair_read_lines, 1, 5, 2, 0)
CASE(emulated_smbus_counted_once, emulated_lines, 1, 2, 1, 0)
/* 3 + 4 + 2 (send byte) + 4 (read byte data) */
CASE(i2c_stub_smbus_protocols, stub_lines, 4, 13, 6, 0)
CASE(two_adapters_lost_events_flagged, both_lines, 2, 7, 2, 1)
CASE(headers_count_nothing, header_lines, 0, 0, 0, 0)

int main(void)
{
	RUN(pair_write);
	RUN(pair_read);
	RUN(emulated_smbus_counted_once);
	RUN(i2c_stub_smbus_protocols);
	RUN(two_adapters_lost_events_flagged);
	RUN(headers_count_nothing);
	return CHECK_DONE();
}
