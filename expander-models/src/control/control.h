/* SPDX-License-Identifier: GPL-2.0 */
/* control.h - the control protocol on a board (CONTROL.md). */
#ifndef EXPANDER_CONTROL_H
#define EXPANDER_CONTROL_H

#include <stddef.h>

#include "board/board.h"

/*
 * Execute one line of the control protocol and write the reply, one or
 * more lines each ending in '\n', the last one "ok ..." or "err ...",
 * into out (outlen bytes, the reply is cut to fit). Never fails on
 * malformed input: that is an "err" reply. Returns the reply length.
 * Runs with the board lock held.
 */
size_t control_exec(struct board *bd, const char *line, char *out,
		    size_t outlen);

#endif
