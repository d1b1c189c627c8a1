// SPDX-License-Identifier: GPL-2.0
/*
 * test_virtio_gpio.c - the virtio-gpio protocol module alone: requests
 * and their errors, and the eventq rules (a buffer per line held until
 * an interrupt of the armed type; edges latched while masked, levels
 * not; disabling returns the buffer INVALID), against fake line levels.
 */
#include <endian.h>

#include "check.h"
#include "transport/virtio_gpio.h"

#define N 4

static int levels[N];
static struct {
	unsigned int line;
	uint64_t token;
	uint8_t status;
} done[16];
static unsigned int ndone;
static uint8_t drv_dir[N], drv_val[N];
static unsigned int ndrive;

static int fake_level(void *ctx, unsigned int line)
{
	return levels[line];
}

static void fake_drive(void *ctx, unsigned int line, uint8_t dir,
		       uint8_t value)
{
	drv_dir[line] = dir;
	drv_val[line] = value;
	ndrive++;
}

static void fake_done(void *ctx, unsigned int line, uint64_t token,
		      uint8_t status)
{
	if (ndone < 16) {
		done[ndone].line = line;
		done[ndone].token = token;
		done[ndone].status = status;
	}
	ndone++;
}

static const struct vgpio_ops ops = {
	.level = fake_level,
	.drive = fake_drive,
	.irq_done = fake_done,
};

static struct vgpio g;
static const char *why;

static void setup(void)
{
	static const char *const names[N] = { "int-a", "", "sck", "int-b" };
	unsigned int i;

	for (i = 0; i < N; i++)
		levels[i] = 1;
	ndone = ndrive = 0;
	vgpio_free(&g);
	vgpio_init(&g, N, names, &ops, NULL);
}

/* One request; returns the used length, response in resp. */
static uint32_t req(uint16_t type, uint16_t line, uint32_t value,
		    uint8_t *resp, size_t resplen)
{
	uint8_t r[8];
	uint16_t t = htole16(type), l = htole16(line);
	uint32_t v = htole32(value);

	memcpy(r, &t, 2);
	memcpy(r + 2, &l, 2);
	memcpy(r + 4, &v, 4);
	return vgpio_request(&g, r, sizeof(r), resp, resplen, &why);
}

static int simple(uint16_t type, uint16_t line, uint32_t value)
{
	uint8_t resp[2] = { 0xee, 0xee };

	if (req(type, line, value, resp, 2) != 2)
		return -2;
	return resp[0] == VIRTIO_GPIO_STATUS_OK ? resp[1] : -1;
}

/* Arm (or, IRQ_TYPE_NONE, disarm) line's interrupt: answered OK. */
static void irq_type(uint16_t line, uint32_t type)
{
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_IRQ_TYPE, line, type), 0);
}

static const char *queue(uint16_t line, uint64_t token)
{
	uint16_t l = htole16(line);

	return vgpio_event(&g, (const uint8_t *)&l, 2, 1, token);
}

static void set_level(unsigned int line, int v)
{
	levels[line] = v;
	vgpio_line_changed(&g, line);
}

TEST(config_and_names)
{
	uint8_t cfg[8], resp[64];
	uint16_t n;
	uint32_t sz, used;

	setup();
	vgpio_config(&g, cfg);
	memcpy(&n, cfg, 2);
	memcpy(&sz, cfg + 4, 4);
	CHECK_EQ(le16toh(n), N);
	/* "int-a\0" "\0" "sck\0" "int-b\0" */
	CHECK_EQ(le32toh(sz), 6 + 1 + 4 + 6);
	used = req(VIRTIO_GPIO_MSG_GET_NAMES, 0, 0, resp, 1 + 17);
	CHECK_EQ(used, 18);
	CHECK_EQ(resp[0], VIRTIO_GPIO_STATUS_OK);
	CHECK(!memcmp(resp + 1, "int-a\0\0sck\0int-b\0", 17));
	CHECK(why == NULL);
	/* A response buffer of the wrong size is an error, not an overflow. */
	used = req(VIRTIO_GPIO_MSG_GET_NAMES, 0, 0, resp, 10);
	CHECK_EQ(used, 2);
	CHECK_EQ(resp[0], VIRTIO_GPIO_STATUS_ERR);
	CHECK(why != NULL);
}

TEST(no_names_no_block)
{
	uint8_t cfg[8], resp[4];
	uint32_t sz;

	vgpio_free(&g);
	vgpio_init(&g, 2, NULL, &ops, NULL);
	vgpio_config(&g, cfg);
	memcpy(&sz, cfg + 4, 4);
	CHECK_EQ(sz, 0);
	req(VIRTIO_GPIO_MSG_GET_NAMES, 0, 0, resp, 1);
	CHECK_EQ(resp[0], VIRTIO_GPIO_STATUS_ERR);
	CHECK_EQ(vgpio_init(&g, 0, NULL, &ops, NULL), -1);
	CHECK_EQ(vgpio_init(&g, VGPIO_MAX_LINES + 1, NULL, &ops, NULL), -1);
}

TEST(direction_and_value)
{
	setup();
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_GET_DIRECTION, 2, 0),
		 VIRTIO_GPIO_DIRECTION_IN);
	levels[2] = 0;
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_GET_VALUE, 2, 0), 0);
	/* Linux's direction_output: SET_VALUE, then SET_DIRECTION OUT. */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_VALUE, 2, 1), 0);
	CHECK_EQ(ndrive, 0);	/* still an input: nothing driven yet */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 2,
			VIRTIO_GPIO_DIRECTION_OUT), 0);
	CHECK_EQ(ndrive, 1);
	CHECK_EQ(drv_dir[2], VIRTIO_GPIO_DIRECTION_OUT);
	CHECK_EQ(drv_val[2], 1);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_VALUE, 2, 0), 0);
	CHECK_EQ(ndrive, 2);
	CHECK_EQ(drv_val[2], 0);
	/* The same value again drives nothing new. */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_VALUE, 2, 0), 0);
	CHECK_EQ(ndrive, 2);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_GET_DIRECTION, 2, 0),
		 VIRTIO_GPIO_DIRECTION_OUT);
	/* Freeing the line: direction NONE, the pin released. */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 2,
			VIRTIO_GPIO_DIRECTION_NONE), 0);
	CHECK_EQ(drv_dir[2], VIRTIO_GPIO_DIRECTION_NONE);
	CHECK_EQ(ndrive, 3);
}

TEST(malformed_requests)
{
	uint8_t resp[2], shortreq[4] = { 4, 0, 0, 0 };

	setup();
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_GET_VALUE, N, 0), -1);
	CHECK(why && strstr(why, "no such line"));
	CHECK_EQ(simple(0, 0, 0), -1);
	CHECK_EQ(simple(7, 0, 0), -1);
	CHECK_EQ(simple(0xffff, 0, 0), -1);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_VALUE, 0, 2), -1);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 0, 3), -1);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_IRQ_TYPE, 0, 5), -1);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_IRQ_TYPE, 0, 0x10), -1);
	CHECK_EQ(vgpio_request(&g, shortreq, 4, resp, 2, &why), 2);
	CHECK_EQ(resp[0], VIRTIO_GPIO_STATUS_ERR);
	/* Response too short or too long: ERR in what fits. */
	CHECK_EQ(req(VIRTIO_GPIO_MSG_GET_VALUE, 0, 0, resp, 1), 1);
	CHECK_EQ(resp[0], VIRTIO_GPIO_STATUS_ERR);
	CHECK_EQ(req(VIRTIO_GPIO_MSG_GET_VALUE, 0, 0, resp, 0), 0);
	/* Interrupt on an output, output with interrupt enabled. */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 1,
			VIRTIO_GPIO_DIRECTION_OUT), 0);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_IRQ_TYPE, 1,
			VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW), -1);
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 0,
			VIRTIO_GPIO_DIRECTION_OUT), -1);
	CHECK_EQ(g.nbad, 13);
}

TEST(level_low_held_until_active)
{
	setup();
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW);
	CHECK(queue(0, 100) == NULL);
	CHECK_EQ(ndone, 0);
	set_level(0, 0);		/* INT asserted */
	CHECK_EQ(ndone, 1);
	CHECK_EQ(done[0].token, 100);
	CHECK_EQ(done[0].status, VIRTIO_GPIO_IRQ_STATUS_VALID);
	/* Masked now: the level is not latched ... */
	set_level(0, 1);
	set_level(0, 0);
	CHECK_EQ(ndone, 1);
	/* ... but seen again when the buffer comes back while still low. */
	CHECK(queue(0, 101) == NULL);
	CHECK_EQ(ndone, 2);
	CHECK_EQ(done[1].token, 101);
	/* Handler cleared the source before unmasking: nothing. */
	set_level(0, 1);
	CHECK(queue(0, 102) == NULL);
	CHECK_EQ(ndone, 2);
	CHECK_EQ(g.lines[0].delivered, 2);
}

TEST(level_high)
{
	setup();
	levels[3] = 0;
	vgpio_line_changed(&g, 3);
	irq_type(3, VIRTIO_GPIO_IRQ_TYPE_LEVEL_HIGH);
	CHECK(queue(3, 7) == NULL);
	CHECK_EQ(ndone, 0);
	set_level(3, 1);
	CHECK_EQ(ndone, 1);
	CHECK_EQ(done[0].line, 3);
}

TEST(edge_latched_while_masked)
{
	setup();
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING);
	CHECK(queue(0, 1) == NULL);
	set_level(0, 0);
	CHECK_EQ(ndone, 1);
	/* Masked: a rising edge is not the armed kind, a falling one is. */
	set_level(0, 1);
	CHECK_EQ(g.lines[0].latched, 0);
	set_level(0, 0);
	CHECK_EQ(g.lines[0].latched, 1);
	/* More edges while latched merge into the one latch. */
	set_level(0, 1);
	set_level(0, 0);
	CHECK_EQ(g.lines[0].lost_edges, 1);
	CHECK_EQ(ndone, 1);
	/* Unmask: the latched edge is delivered at once, and only once. */
	CHECK(queue(0, 2) == NULL);
	CHECK_EQ(ndone, 2);
	CHECK_EQ(done[1].status, VIRTIO_GPIO_IRQ_STATUS_VALID);
	CHECK(queue(0, 3) == NULL);
	CHECK_EQ(ndone, 2);
}

TEST(edge_both_and_rising)
{
	setup();
	irq_type(1, VIRTIO_GPIO_IRQ_TYPE_EDGE_BOTH);
	CHECK(queue(1, 1) == NULL);
	set_level(1, 0);
	CHECK(queue(1, 2) == NULL);
	set_level(1, 1);
	CHECK_EQ(ndone, 2);
	CHECK(queue(1, 3) == NULL);
	/* Disable, change to rising: a falling edge no longer counts. */
	irq_type(1, VIRTIO_GPIO_IRQ_TYPE_NONE);
	CHECK_EQ(ndone, 3);
	CHECK_EQ(done[2].status, VIRTIO_GPIO_IRQ_STATUS_INVALID);
	irq_type(1, VIRTIO_GPIO_IRQ_TYPE_EDGE_RISING);
	CHECK(queue(1, 4) == NULL);
	set_level(1, 0);
	CHECK_EQ(ndone, 3);
	set_level(1, 1);
	CHECK_EQ(ndone, 4);
	CHECK_EQ(done[3].token, 4);
}

TEST(disable_drops_latch_and_returns_buffer)
{
	setup();
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING);
	set_level(0, 0);		/* latched: no buffer yet */
	CHECK_EQ(g.lines[0].latched, 1);
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_NONE);
	CHECK_EQ(g.lines[0].latched, 0);
	/* A buffer queued while disabled is held, and nothing fires. */
	CHECK(queue(0, 9) == NULL);
	set_level(0, 1);
	set_level(0, 0);
	CHECK_EQ(ndone, 0);
	/* Freeing the line returns it INVALID. */
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 0,
			VIRTIO_GPIO_DIRECTION_NONE), 0);
	CHECK_EQ(ndone, 1);
	CHECK_EQ(done[0].token, 9);
	CHECK_EQ(done[0].status, VIRTIO_GPIO_IRQ_STATUS_INVALID);
}

TEST(eventq_misuse)
{
	uint8_t junk[3] = { 0, 0, 0 };
	uint16_t far = htole16(N);

	setup();
	/* Unknown line: answered INVALID, the transport told why. */
	CHECK(vgpio_event(&g, (const uint8_t *)&far, 2, 1, 5) != NULL);
	CHECK_EQ(ndone, 1);
	CHECK_EQ(done[0].status, VIRTIO_GPIO_IRQ_STATUS_INVALID);
	/* A second buffer for a line that holds one. */
	CHECK(queue(2, 6) == NULL);
	CHECK(queue(2, 7) != NULL);
	CHECK_EQ(ndone, 2);
	CHECK_EQ(done[1].token, 7);
	CHECK(g.lines[2].held);
	CHECK_EQ(g.lines[2].token, 6);
	/* Wrong sizes; no room for a status: not answered at all. */
	CHECK(vgpio_event(&g, junk, 3, 1, 8) != NULL);
	CHECK_EQ(ndone, 3);
	CHECK(vgpio_event(&g, junk, 2, 0, 9) != NULL);
	CHECK_EQ(ndone, 3);
	CHECK(vgpio_event(&g, junk, 2, 2, 10) != NULL);
	CHECK_EQ(ndone, 4);
	CHECK_EQ(g.nbadevents, 5);
	/* The ring stops: every held buffer comes back. */
	vgpio_flush(&g);
	CHECK_EQ(ndone, 5);
	CHECK_EQ(done[4].token, 6);
	CHECK(!g.lines[2].held);
}

TEST(reset_forgets)
{
	setup();
	irq_type(0, VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW);
	CHECK(queue(0, 1) == NULL);
	CHECK_EQ(simple(VIRTIO_GPIO_MSG_SET_DIRECTION, 2,
			VIRTIO_GPIO_DIRECTION_OUT), 0);
	vgpio_reset(&g);
	CHECK_EQ(ndone, 0);	/* the ring is gone: nothing written */
	CHECK(!g.lines[0].held);
	CHECK_EQ(g.lines[0].irq_type, VIRTIO_GPIO_IRQ_TYPE_NONE);
	CHECK_EQ(g.lines[2].dir, VIRTIO_GPIO_DIRECTION_IN);
	CHECK_EQ(drv_dir[2], VIRTIO_GPIO_DIRECTION_IN);
	set_level(0, 0);
	CHECK_EQ(ndone, 0);
}

int main(void)
{
	RUN(config_and_names);
	RUN(no_names_no_block);
	RUN(direction_and_value);
	RUN(malformed_requests);
	RUN(level_low_held_until_active);
	RUN(level_high);
	RUN(edge_latched_while_masked);
	RUN(edge_both_and_rising);
	RUN(disable_drops_latch_and_returns_buffer);
	RUN(eventq_misuse);
	RUN(reset_forgets);
	vgpio_free(&g);
	return CHECK_DONE();
}
