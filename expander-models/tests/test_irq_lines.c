// SPDX-License-Identifier: GPL-2.0
/*
 * test_irq_lines.c - expander INT outputs on virtio-gpio lines, through
 * the board (tests/boards/irq.dts): an input change asserts INT, the
 * line's net goes low, an armed interrupt is delivered; the chip's read
 * releases it. Two chips on one INT net, edge and level lines, guest-
 * driven lines and their watchers, the log's V/G/E records, control's
 * gpio command, and the DT errors.
 */
#include <stdlib.h>

#include "board/board.h"
#include "board/board_dt.h"
#include "check.h"
#include "control/control.h"
#include "buses/gpio_lines.h"
#include "load_fails.h"
#include "vgpio_req.h"

#define BOARD(name) BOARDS_DIR "/" name ".dtb"

static struct board *bd;
static struct gpio_lines *gl;
static struct vgpio_rig rig;
static bool served;
static char out[8192];
static char *logbuf;
static size_t loglen;
static FILE *logf;

static const char *ctl(const char *line)
{
	size_t n = control_exec(bd, line, out, sizeof(out));

	if (n)
		out[n - 1] = 0;
	return out;
}

static int request(uint16_t type, uint16_t line, uint32_t value)
{
	return vgpio_req(&rig, type, line, value);
}

static void unmask(uint16_t line)
{
	CHECK(vgpio_unmask(&rig, line) == NULL);
}

/* What pca953x's handler starts with: read both input ports. */
static void read_inputs(struct bus *b, uint16_t addr)
{
	uint8_t reg = 0, val[2];
	struct i2c_seg s[2] = {
		{ addr, false, &reg, 1, 0 },
		{ addr, true, val, 2, 0 },
	};
	struct bus_timing t;

	bus_transfer(b, s, 2, &t);
}

static void read_byte(struct bus *b, uint16_t addr)
{
	uint8_t v;
	struct i2c_seg s = { addr, true, &v, 1, 0 };
	struct bus_timing t;

	bus_transfer(b, &s, 1, &t);
}

/* What setup() made: gone (before the next one, and at the end). */
static void teardown(void)
{
	if (served)
		vgpio_rig_free(&rig);
	board_free(bd);
	if (logf)
		fclose(logf);
	free(logbuf);
	logbuf = NULL;
}

static void setup(void)
{
	char err[256];

	teardown();
	bd = board_load(BOARD("irq"), err, sizeof(err));
	if (!bd) {
		printf("# %s\n", err);
		exit(1);
	}
	logf = open_memstream(&logbuf, &loglen);
	board_set_log(bd, logf);
	gl = board_gpio(bd, 0);
	if (vgpio_rig_init(&rig, gl)) {
		printf("# cannot serve %s\n", gl->name);
		exit(1);
	}
	served = true;
}

/* A fresh board with line's interrupt armed (type) and unmasked. */
static struct bus *armed(uint16_t line, uint32_t type)
{
	setup();
	CHECK_EQ(request(VIRTIO_GPIO_MSG_IRQ_TYPE, line, type), 0);
	unmask(line);
	return board_bus(bd, 0);
}

TEST(controller_from_dt)
{
	setup();
	CHECK_EQ(board_ngpios(bd), 1);
	CHECK_EQ(gl->slot, 14);
	CHECK_EQ(gl->n, 5);
	CHECK_EQ(gpio_lines_find(gl, "int-max"), 2);
	CHECK_EQ(gpio_lines_find(gl, "nothing"), -1);
	/* INT nets idle high through their pull-ups; line 4 floats. */
	CHECK(!strcmp(ctl("pin gpio14 0"), "ok 1"));
	CHECK(!strcmp(ctl("pin 14 4"), "ok z"));
	fflush(logf);
	CHECK(strstr(logbuf, "V gpio=gpio14 slot=14 lines=5 names=int-shared,"
		      "int-pcf,int-max,free,\n") != NULL);
}

TEST(level_low_shared_net)
{
	struct bus *b;

	b = armed(0, VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW);
	CHECK_EQ(vgpio_ndone(&rig), 0);
	/* An input of the first chip changes: its INT pulls the net low. */
	CHECK(!strcmp(ctl("drive pca9555@20 3 0"), "ok 0"));
	CHECK(!strcmp(ctl("irq pca9555@20"), "ok 1"));
	CHECK(!strcmp(ctl("pin gpio14 0"), "ok 0"));
	CHECK_EQ(vgpio_ndone(&rig), 1);
	CHECK_EQ(vgpio_done_status(&rig, 0), VIRTIO_GPIO_IRQ_STATUS_VALID);
	/* The second chip asserts too while the line is masked. */
	ctl("drive pca9555@21 5 0");
	/* The handler reads the first chip: the net stays low (second). */
	read_inputs(b, 0x20);
	CHECK(!strcmp(ctl("irq pca9555@20"), "ok 0"));
	CHECK(!strcmp(ctl("pin gpio14 0"), "ok 0"));
	/* Unmasked while still low: delivered again at once (level). */
	unmask(0);
	CHECK_EQ(vgpio_ndone(&rig), 2);
	read_inputs(b, 0x21);
	CHECK(!strcmp(ctl("pin gpio14 0"), "ok 1"));
	unmask(0);
	CHECK_EQ(vgpio_ndone(&rig), 2);
	CHECK(strstr(ctl("gpio gpio14"), "gpio14 line=0 name=int-shared "
		     "level=1 dir=in irq=low unmasked=1 latched=0 "
		     "delivered=2") != NULL);
	fflush(logf);
	CHECK(strstr(logbuf, "E gpio=gpio14 line=0 ev=deliver level=0 ") != NULL);
	CHECK(strstr(logbuf, "G gpio=gpio14 req=irq-type line=0 value=8 "
		      "status=ok") != NULL);
}

TEST(falling_edge_latched)
{
	struct bus *b;

	b = armed(1, VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING);
	ctl("drive pcf8574@22 0 0");
	CHECK_EQ(vgpio_ndone(&rig), 1);
	CHECK_EQ(vgpio_done_line(&rig, 0), 1);
	/* Read by the handler: INT released, net back high. */
	read_byte(b, 0x22);
	CHECK(!strcmp(ctl("pin gpio14 1"), "ok 1"));
	/* Another change before the unmask: the edge is latched ... */
	ctl("drive pcf8574@22 0 1");
	CHECK(!strcmp(ctl("pin gpio14 1"), "ok 0"));
	CHECK_EQ(vgpio_ndone(&rig), 1);
	/* ... and delivered when the buffer comes back. */
	unmask(1);
	CHECK_EQ(vgpio_ndone(&rig), 2);
	/* max7321 through the inherited interrupt-parent, line 2. */
	CHECK_EQ(request(VIRTIO_GPIO_MSG_IRQ_TYPE, 2,
			 VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING), 0);
	unmask(2);
	ctl("drive max7321@68 4 0");
	CHECK_EQ(vgpio_ndone(&rig), 3);
	CHECK_EQ(vgpio_done_line(&rig, 2), 2);
}

/*
 * A burst of changes in one control command, faster than any handler:
 * pcf8574 (falling edge): the first edge is delivered, one more is
 * latched and the rest merged into it; the pca9555 (level low): one
 * delivery, levels are not latched.
 */
TEST(burst_is_bounded)
{
	struct bus *b;

	b = armed(1, VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING);
	CHECK(!strcmp(ctl("toggle pcf8574@22 5 101"), "ok 0"));
	CHECK_EQ(vgpio_ndone(&rig), 1);
	CHECK_EQ(rig.t.dev.lines[1].latched, 1);
	CHECK_EQ(rig.t.dev.lines[1].latched_edges, 1);
	CHECK_EQ(rig.t.dev.lines[1].lost_edges, 49);
	read_byte(b, 0x22);
	unmask(1);
	CHECK_EQ(vgpio_ndone(&rig), 2);
	read_byte(b, 0x22);
	unmask(1);
	CHECK_EQ(vgpio_ndone(&rig), 2);

	CHECK_EQ(request(VIRTIO_GPIO_MSG_IRQ_TYPE, 0,
			 VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW), 0);
	unmask(0);
	CHECK(!strcmp(ctl("toggle pca9555@20 2 100"), "ok 1"));
	CHECK_EQ(vgpio_ndone(&rig), 3);
	CHECK(!strcmp(ctl("irq pca9555@20"), "ok 0"));
	unmask(0);
	CHECK_EQ(vgpio_ndone(&rig), 3);
	CHECK(!strcmp(ctl("toggle pca9555@20 2"),
		      "err usage: toggle CHIP N COUNT"));
}

static unsigned int nwatch;
static int watch_level;

static void watcher(void *ctx, unsigned int line, int level)
{
	nwatch++;
	watch_level = level;
}

TEST(guest_driven_line_watch)
{
	setup();
	CHECK_EQ(gpio_lines_watch(gl, 4, watcher, NULL), 0);
	CHECK_EQ(gpio_lines_watch(gl, 5, watcher, NULL), -1);
	nwatch = 0;
	/* Line 4 floats (reads 1): driving it low is the first change. */
	CHECK_EQ(request(VIRTIO_GPIO_MSG_SET_VALUE, 4, 0), 0);
	CHECK_EQ(nwatch, 0);
	CHECK_EQ(request(VIRTIO_GPIO_MSG_SET_DIRECTION, 4,
			 VIRTIO_GPIO_DIRECTION_OUT), 0);
	CHECK_EQ(nwatch, 1);
	CHECK_EQ(watch_level, 0);
	CHECK(!strcmp(ctl("pin gpio14 4"), "ok 0"));
	CHECK_EQ(request(VIRTIO_GPIO_MSG_SET_VALUE, 4, 1), 0);
	CHECK_EQ(nwatch, 2);
	CHECK_EQ(watch_level, 1);
	CHECK(!strcmp(ctl("pin gpio14 4"), "ok 1"));
	/* A host drive is not the guest's: no call. */
	ctl("drive gpio14 4 0");
	CHECK_EQ(nwatch, 2);
	CHECK(!strcmp(ctl("pin gpio14 4"), "ok x"));
	CHECK_EQ(request(VIRTIO_GPIO_MSG_GET_VALUE, 4, 0), 0);
	CHECK(!strcmp(ctl("drive gpio14 9 1"), "err gpio14: no pin 9"));
	CHECK(!strcmp(ctl("pins gpio14"), "err no chip gpio14"));
}

TEST(dt_errors)
{
	load_fails(BOARD("irq-no-int"), "a pca9536 has no INT output");
	load_fails(BOARD("irq-bad-line"), "names line 2 of gpio14, which has 2");
	load_fails(BOARD("irq-bad-parent"), "interrupt-parent is not a "
		   "virtio-gpio controller");
}

int main(void)
{
	RUN(controller_from_dt);
	RUN(level_low_shared_net);
	RUN(falling_edge_latched);
	RUN(burst_is_bounded);
	RUN(guest_driven_line_watch);
	RUN(dt_errors);
	teardown();
	return CHECK_DONE();
}
