// SPDX-License-Identifier: GPL-2.0
/*
 * faultprobe - one GPIO access with a bus fault injected right before it,
 * printing the outcome as the guest fault tests assert it.
 *
 *   faultprobe [-f "CMD"] read PATH               read(2) a file (sysfs)
 *   faultprobe [-f "CMD"] write PATH TEXT         write(2) TEXT to a file
 *   faultprobe [-f "CMD"] block-get DEV           read(2) /dev/DEV
 *   faultprobe [-f "CMD"] block-set DEV MASK VAL  mask ioctl, write(2)
 *   faultprobe [-f "CMD"] line-get CHIP OFF       GPIO v2 uAPI get
 *   faultprobe [-f "CMD"] line-set CHIP OFF VAL   GPIO v2 uAPI set
 *   faultprobe [-f "CMD"] i2c-read BUS ADDR LEN   I2C_RDWR read of LEN
 *                         (1-8) bytes from ADDR on /dev/i2c-BUS
 *
 * Everything that precedes the access itself (open, line request, mask)
 * happens first; then CMD goes to the host models' control interface
 * (e.g. "fault nack 0x20 1000 16"), then the access runs. That way the
 * fault hits exactly the operation under test, not the set-up.
 *
 * Output, one line: "ok", "ok VALUE" (hexadecimal) or the errno name
 * ("EIO", "ETIMEDOUT", ...), and on stderr how long the access took.
 * Exit status 0 on "ok", 1 on an errno, 2 on a usage or set-up error.
 */
/* strerrorname_np() in errname.h */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>

#include "ctl.h"
#include "errname.h"
#include "gpioline.h"
#include "gpioblock-abi.h"

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return (!*s || *s == '-' || errno || *end) ? -1 : 0;
}

static int setup_fail(const char *what)
{
	fprintf(stderr, "faultprobe: %s: %s\n", what, strerror(errno));
	return 2;
}

static int inject(const char *cmd)
{
	char reply[512];
	int fd, r;

	if (!cmd)
		return 0;
	fd = ctl_open();
	if (fd < 0) {
		fprintf(stderr, "faultprobe: no control port\n");
		return -1;
	}
	r = ctl_cmd(fd, cmd, reply, sizeof(reply), 5000, NULL);
	close(fd);
	if (r) {
		fprintf(stderr, "faultprobe: '%s': %s\n", cmd,
			r < 0 ? "no reply" : reply);
		return -1;
	}
	return 0;
}

/* Report one access: ret < 0 means errno is set. */
static int report(long long t0, int ret, int has_value, uint64_t v)
{
	int e = errno;

	fprintf(stderr, "faultprobe: access took %lld ms\n", now_ms() - t0);
	if (ret < 0) {
		printf("%s\n", errname(e));
		return 1;
	}
	if (has_value)
		printf("ok 0x%" PRIx64 "\n", v);
	else
		printf("ok\n");
	return 0;
}

int main(int argc, char **argv)
{
	const char *cmd = NULL, *op;
	struct gpio_v2_line_values lv;
	uint64_t mask = 0, v = 0;
	char buf[128];
	long long t0;
	ssize_t n;
	int fd, ret;

	if (argc > 2 && !strcmp(argv[1], "-f")) {
		cmd = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 3)
		goto usage;
	op = argv[1];

	if (!strcmp(op, "read") && argc == 3) {
		fd = open(argv[2], O_RDONLY);
		if (fd < 0)
			return setup_fail(argv[2]);
		if (inject(cmd))
			return 2;
		t0 = now_ms();
		n = read(fd, buf, sizeof(buf) - 1);
		if (n > 0) {
			buf[n] = '\0';
			ret = parse_u64(strtok(buf, "\n") ?: "", &v);
			return report(t0, ret ? (errno = EBADMSG, -1) : 0, 1, v);
		}
		return report(t0, n < 0 ? -1 : (errno = ENODATA, -1), 0, 0);
	}
	if (!strcmp(op, "write") && argc == 4) {
		fd = open(argv[2], O_WRONLY);
		if (fd < 0)
			return setup_fail(argv[2]);
		if (inject(cmd))
			return 2;
		t0 = now_ms();
		n = write(fd, argv[3], strlen(argv[3]));
		return report(t0, n < 0 ? -1 : 0, 0, 0);
	}
	if (!strcmp(op, "block-get") && argc == 3) {
		snprintf(buf, sizeof(buf), GPIOBLOCK_DIR "%s", argv[2]);
		fd = open(buf, O_RDONLY);
		if (fd < 0)
			return setup_fail(buf);
		if (inject(cmd))
			return 2;
		t0 = now_ms();
		n = read(fd, &v, sizeof(v));
		return report(t0, n == sizeof(v) ? 0 : -1, 1, v);
	}
	if (!strcmp(op, "block-set") && argc == 5) {
		if (parse_u64(argv[3], &mask) || parse_u64(argv[4], &v))
			goto usage;
		snprintf(buf, sizeof(buf), GPIOBLOCK_DIR "%s", argv[2]);
		fd = open(buf, O_RDWR);
		if (fd < 0)
			return setup_fail(buf);
		if (gpioblock_set_mask(fd, mask))
			return setup_fail("GPIOBLOCK_SET_MASK_IOCTL");
		if (inject(cmd))
			return 2;
		t0 = now_ms();
		n = write(fd, &v, sizeof(v));
		return report(t0, n == sizeof(v) ? 0 : -1, 0, 0);
	}
	if ((!strcmp(op, "line-get") && argc == 4) ||
	    (!strcmp(op, "line-set") && argc == 5)) {
		int set = argc == 5;

		if (parse_u64(argv[3], &mask) || mask > 63 ||
		    (set && parse_u64(argv[4], &v)))
			goto usage;
		/* A line to set is requested driving the other level. */
		fd = gpioline_request(argv[2], mask, set, !v, "faultprobe");
		if (fd < 0)
			return setup_fail("GPIO_V2_GET_LINE_IOCTL");
		if (inject(cmd))
			return 2;
		memset(&lv, 0, sizeof(lv));
		lv.mask = 1;
		lv.bits = v & 1;
		t0 = now_ms();
		ret = ioctl(fd, set ? GPIO_V2_LINE_SET_VALUES_IOCTL :
				      GPIO_V2_LINE_GET_VALUES_IOCTL, &lv);
		return report(t0, ret, !set, lv.bits & 1);
	}
	if (!strcmp(op, "i2c-read") && argc == 5) {
		/*
		 * i2c-dev marks the messages of I2C_RDWR I2C_M_DMA_SAFE (its
		 * own kernel copies), which an adapter driver may hand to
		 * the device as they are.
		 */
		uint8_t data[8];
		struct i2c_msg msg = { .flags = I2C_M_RD, .buf = data };
		struct i2c_rdwr_ioctl_data rdwr = { .msgs = &msg, .nmsgs = 1 };
		uint64_t addr, len;
		unsigned int i;

		if (parse_u64(argv[3], &addr) || addr > 0x7f ||
		    parse_u64(argv[4], &len) || !len || len > sizeof(data))
			goto usage;
		msg.addr = addr;
		msg.len = len;
		snprintf(buf, sizeof(buf), "/dev/i2c-%s", argv[2]);
		fd = open(buf, O_RDWR);
		if (fd < 0)
			return setup_fail(buf);
		if (inject(cmd))
			return 2;
		t0 = now_ms();
		ret = ioctl(fd, I2C_RDWR, &rdwr);
		for (v = 0, i = 0; ret >= 0 && i < len; i++)
			v = v << 8 | data[i];
		return report(t0, ret < 0 ? -1 : 0, 1, v);
	}
usage:
	fprintf(stderr, "usage: faultprobe [-f CMD] read PATH | write PATH TEXT |\n"
		"       block-get DEV | block-set DEV MASK VALUE |\n"
		"       line-get CHIP OFFSET | line-set CHIP OFFSET VALUE |\n"
		"       i2c-read BUS ADDR LEN\n");
	return 2;
}
