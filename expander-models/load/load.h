/* SPDX-License-Identifier: GPL-2.0 */
/*
 * load.h - the load driver's pieces (README.md): loadgen.c the fake
 * guest and its runs, daemonctl.c the daemon process and its control
 * socket, board_gen.c generated boards, floor.c the wake-up floor.
 */
#ifndef EXPANDER_LOAD_H
#define EXPANDER_LOAD_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define TIMEOUT_MS	10000	/* nothing may take this long: a hang */
#define LOAD_MAX_BUSES	64	/* BOARD_MAX_BUSES in src/board/board.h */

uint64_t now_ns(void);
/* One line on stderr, exit 2. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
					      noreturn));

/* A board DTS on stdout: nbus buses, nchips chips (board_gen.c). */
void make_board(unsigned int nbus, unsigned int nchips, uint32_t hz);

/* The daemon (daemonctl.c): argv run with stdout and stderr to out. */
pid_t spawn(char **argv, const char *out);
int unix_connect(const char *path);
/* One control command on fd; its reply up to its "ok"/"err" line. */
void control(int fd, const char *cmd, char *out, size_t outlen);
/* The number after key in s, 0 if key is not there. */
uint64_t field(const char *s, const char *key);

/* n round trips of a server that only wakes (floor.c); 0 or 1. */
int floor_run(uint64_t n, uint64_t hold_ns);

#endif
