// SPDX-License-Identifier: GPL-2.0
/*
 * benchctl - send control commands to the host models from the guest
 * (see ctl.h) and print the replies.
 *
 *   benchctl [-t MS] COMMAND...     e.g. benchctl "counters" "reset-counters"
 *
 * Exit status: 0 every reply ok, 1 an "err" reply, 2 no port or timeout.
 */
#include "ctl.h"

int main(int argc, char **argv)
{
	int timeout_ms = 5000, i = 1, rc = 0, fd;
	char line[16384];

	if (argc > 2 && !strcmp(argv[1], "-t")) {
		timeout_ms = atoi(argv[2]);
		i = 3;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: benchctl [-t MS] COMMAND...\n");
		return 2;
	}
	fd = ctl_open();
	if (fd < 0) {
		fprintf(stderr, "benchctl: no virtio port named %s\n", PORT_NAME);
		return 2;
	}
	for (; i < argc; i++) {
		int r = ctl_cmd(fd, argv[i], line, sizeof(line), timeout_ms,
				stdout);

		if (r < 0) {
			fprintf(stderr, "benchctl: no reply to '%s' within %d ms\n",
				argv[i], timeout_ms);
			return 2;
		}
		if (r)
			rc = 1;
	}
	return rc;
}
