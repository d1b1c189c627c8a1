// SPDX-License-Identifier: GPL-2.0
/*
 * test_board.c - board_load() on small DTBs (the .dts files in tests/boards, built
 * by the Makefile with dtc): buses, slots, speeds, chips, and the errors.
 */
#include "check.h"
#include "fixture.h"

TEST(basic_board)
{
	char err[256] = "";
	struct board *bd = board_load(BOARD("basic"), err, sizeof(err));
	struct bus *b31, *b30;

	CHECK(bd != NULL);
	if (!bd) {
		fprintf(stderr, "  %s\n", err);
		return;
	}
	CHECK_EQ(board_nbuses(bd), 2);
	b31 = board_slot(bd, 31);
	b30 = board_slot(bd, 30);
	CHECK(b31 && b30);
	if (!b31 || !b30)
		goto out;
	CHECK(!strcmp(bus_name(b31), "i2c31"));
	CHECK_EQ(bus_hz(b31), 100000);
	CHECK_EQ(bus_hz(b30), 400000);
	CHECK_EQ(reg_read(b31, 0x20, 6), 0xff);
	CHECK_EQ(reg_read(b31, 0x38, 2), 0x00);	/* pca9554: 8-bit map */
	CHECK_EQ(reg_read(b30, 0x20, 0), 0xff);
	CHECK_EQ(reg_read(b30, 0x38, 0), -1);
out:
	board_free(bd);
}

TEST(unknown_compatible)
{
	char err[256] = "";
	struct board *bd = board_load(BOARD("unknown"), err, sizeof(err));

	CHECK(bd == NULL);
	CHECK(strstr(err, "eeprom@50") != NULL);
	CHECK(strstr(err, "atmel,24c02") != NULL);
	board_free(bd);
}

TEST(address_clash)
{
	char err[256] = "";
	struct board *bd = board_load(BOARD("clash"), err, sizeof(err));

	CHECK(bd == NULL);
	CHECK(strstr(err, "tca6408@20") != NULL);
	CHECK(strstr(err, "pca9555@20") != NULL);
	CHECK(strstr(err, "0x20") != NULL);
	board_free(bd);
}

TEST(missing_file)
{
	char err[256] = "";

	CHECK(board_load(BOARDS_DIR "/nonexistent.dtb", err, sizeof(err)) ==
	      NULL);
	CHECK(strstr(err, "nonexistent.dtb") != NULL);
}

TEST(not_a_dtb)
{
	char err[256] = "";

	CHECK(board_load("/etc/hostname", err, sizeof(err)) == NULL ||
	      board_load("/etc/passwd", err, sizeof(err)) == NULL);
	CHECK(err[0] != 0);
}

/* board_set_log writes the header, B and C records at once. */
TEST(log_preamble)
{
	char err[256] = "", *buf = NULL;
	size_t len = 0;
	struct board *bd = board_load(BOARD("basic"), err, sizeof(err));
	FILE *f = open_memstream(&buf, &len);

	CHECK(bd != NULL);
	if (!bd)
		return;
	board_set_log(bd, f);
	fflush(f);
	CHECK(!strncmp(buf, "# expander-models log v1\n", 25));
	CHECK(strstr(buf, "B bus=i2c31 slot=31 hz=100000\n"));
	CHECK(strstr(buf, "B bus=i2c30 slot=30 hz=400000\n"));
	CHECK(strstr(buf, "C chip=pca9555@20 bus=i2c31 model=pca9555 "
			  "addr=20 lines=16\n"));
	board_set_log(bd, NULL);
	board_free(bd);
	fclose(f);
	free(buf);
}

int main(void)
{
	RUN(basic_board);
	RUN(unknown_compatible);
	RUN(address_clash);
	RUN(missing_file);
	RUN(not_a_dtb);
	RUN(log_preamble);
	return CHECK_DONE();
}
