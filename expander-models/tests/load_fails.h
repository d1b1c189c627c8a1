/* SPDX-License-Identifier: GPL-2.0 */
/*
 * load_fails.h - a board DT that must be refused, and the reason it must
 * give (board_load()'s error names the node and what is wrong).
 */
#ifndef EXPANDER_LOAD_FAILS_H
#define EXPANDER_LOAD_FAILS_H

#include <stdio.h>
#include <string.h>

#include "board/board.h"
#include "board/board_dt.h"
#include "check.h"

static inline void load_fails(const char *name, const char *why)
{
	char err[256] = "";
	struct board *b = board_load(name, err, sizeof(err));

	CHECK(b == NULL);
	if (!strstr(err, why))
		fprintf(stderr, "  error was: %s (want %s)\n", err, why);
	CHECK(strstr(err, why) != NULL);
	board_free(b);
}

#endif
