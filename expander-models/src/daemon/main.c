// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - expander-daemon: serves the board's devices to QEMU.
 *
 * The command line and the order of start-up; the devices
 * (devices.c), their connections (devconn.c), the control socket
 * (ctl_server.c) and the poll loop (daemon.c) do the work.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/board.h"
#include "board/board_dt.h"
#include "daemon/daemon.h"
#include "daemon/devices.h"
#include "transport/sockets.h"
#include "transport/transport_log.h"

#define PROG "expander-daemon"

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
						     noreturn));

/* Startup errors: one line on stderr, exit code 2. */
static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void write_ready(struct daemon *dm, const char *path)
{
	char tmp[PATH_MAX];
	unsigned int i;
	FILE *f;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		die("%s: path too long", path);
	f = fopen(tmp, "w");
	if (!f)
		die("%s: %s", tmp, strerror(errno));
	fprintf(f, "pid %d\n", (int)getpid());
	for (i = 0; i < dm->ndev; i++)
		devconn_print_ready(&dm->dev[i], f);
	if (ctl_server_active(&dm->ctl))
		fprintf(f, "control %s\n", dm->ctl.path);
	/* Renamed into place: the harness never sees half a file. */
	if (fclose(f) != 0 || rename(tmp, path) < 0)
		die("%s: %s", path, strerror(errno));
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: " PROG " --dtb FILE [--sock-dir DIR] [--log FILE] [--control PATH]\n"
"                       [--paced] [--ready-file FILE] [--verbose]\n"
"       " PROG " --dtb FILE [--sock-dir DIR] --print-qemu-args\n"
"Serves the board of the device tree to QEMU for the bench's guest\n"
"(Linux 7.3 or 6.12): every I2C bus as DIR/i2c-<slot>.sock\n"
"(vhost-user-i2c), every virtio-gpio controller as DIR/gpio-<slot>.sock\n"
"(vhost-user-gpio: the expanders' INT lines, the spi-gpio SPI buses);\n"
"DIR defaults to the current directory. --print-qemu-args prints the\n"
"QEMU options that plug them in.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dtb", required_argument, NULL, 'd' },
		{ "sock-dir", required_argument, NULL, 's' },
		{ "log", required_argument, NULL, 'l' },
		{ "control", required_argument, NULL, 'c' },
		{ "paced", no_argument, NULL, 'p' },
		{ "print-qemu-args", no_argument, NULL, 'q' },
		{ "ready-file", required_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dtb = NULL, *sock_dir = ".", *log_path = NULL;
	const char *ctl_path = NULL, *ready = NULL;
	bool paced = false, print = false, verbose = false;
	static struct daemon dm;
	char err[256], dir[PATH_MAX];
	struct board *bd;
	unsigned int i;
	int o;

	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 'd':
			dtb = optarg;
			break;
		case 's':
			sock_dir = optarg;
			break;
		case 'l':
			log_path = optarg;
			break;
		case 'c':
			ctl_path = optarg;
			break;
		case 'p':
			paced = true;
			break;
		case 'q':
			print = true;
			break;
		case 'r':
			ready = optarg;
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc || !dtb) {
		usage(stderr);
		return 2;
	}

	bd = board_load(dtb, err, sizeof(err));
	if (!bd) {
		/* Some of board_load()'s reasons name the file already. */
		if (!strncmp(err, dtb, strlen(dtb)))
			die("%s", err);
		die("%s: %s", dtb, err);
	}
	daemon_init(&dm, bd);
	sock_absolute_dir(sock_dir, dir, sizeof(dir));
	if (devices_from_board(&dm, dir, err, sizeof(err)))
		die("%s", err);
	if (print) {
		for (i = 0; i < dm.ndev; i++)
			devconn_print_qemu_args(&dm.dev[i], stdout);
		board_free(bd);
		return 0;
	}
	if (ready)
		unlink(ready);	/* a stale one would start QEMU too early */

	if (log_path) {
		dm.log = fopen(log_path, "w");
		if (!dm.log)
			die("%s: %s", log_path, strerror(errno));
		/* Fewer, larger writes: the loop flushes it (daemon.h). */
		setvbuf(dm.log, NULL, _IOFBF, 1 << 16);
		board_set_log(bd, dm.log);
	}
	board_set_paced(bd, paced);

	for (i = 0; i < dm.ndev; i++) {
		if (devconn_listen(&dm.dev[i], err, sizeof(err)))
			die("%s", err);
		vu_set_trace(&dm.dev[i].vu, verbose);
	}
	if (ctl_path && ctl_server_open(&dm.ctl, ctl_path, err, sizeof(err)))
		die("%s", err);
	if (daemon_prepare(&dm, err, sizeof(err)))
		die("%s", err);

	if (ready)
		write_ready(&dm, ready);
	transport_log(PROG, "serving %u device%s", dm.ndev,
		      dm.ndev == 1 ? "" : "s");

	daemon_loop(&dm);

	daemon_close(&dm);
	if (ready)
		unlink(ready);
	if (dm.log) {
		board_set_log(bd, NULL);
		fclose(dm.log);
	}
	board_free(bd);
	transport_log(PROG, "stopped");
	return 0;
}
