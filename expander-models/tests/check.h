/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h - the smallest test harness that can fail.
 *
 * Each tests/test_*.c is one program made of TEST() functions listed in a
 * main() that calls RUN() for each. Every CHECK that fails prints where and
 * why and marks the current test failed; the program prints one KTAP-like
 * line per test and exits non-zero if any failed. tests/run.sh adds the
 * programs' counts up into the final "N passed, N failed" line. The
 * bench's host test (bench/tests/test_i2ctrace.c) uses it too.
 */
#ifndef EXPANDER_CHECK_H
#define EXPANDER_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_failed_now;
static int check_passed, check_failed;

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "  %s:%d: CHECK(%s) failed\n",	\
				__FILE__, __LINE__, #cond);		\
			check_failed_now = 1;				\
		}							\
	} while (0)

#define CHECK_EQ(a, b)							\
	do {								\
		long long _a = (long long)(a), _b = (long long)(b);	\
		if (_a != _b) {						\
			fprintf(stderr, "  %s:%d: %s == %lld, want %s == %lld\n", \
				__FILE__, __LINE__, #a, _a, #b, _b);	\
			check_failed_now = 1;				\
		}							\
	} while (0)

#define TEST(name) static void name(void)

#define RUN(name)							\
	do {								\
		check_failed_now = 0;					\
		name();							\
		printf("%s - %s\n", check_failed_now ? "not ok" : "ok", #name); \
		if (check_failed_now)					\
			check_failed++;					\
		else							\
			check_passed++;					\
	} while (0)

/* Last line of every test program; tests/run.sh sums these. */
#define CHECK_DONE()							\
	(printf("%d passed, %d failed\n", check_passed, check_failed),	\
	 check_failed ? 1 : 0)

#endif
