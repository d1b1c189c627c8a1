// SPDX-License-Identifier: GPL-2.0
/*
 * test_regfile.c - the register-pointer front end (src/models/regfile.c)
 * alone, under a model of 16 plain registers, driven through the
 * i2c_target_ops it gives the bus: command byte and NACK, each pointer
 * rule, the AI bit, ignored command bits, a repeated START, and that a
 * model's own next() sees the address before the byte's access.
 */
#include "check.h"
#include "models/regfile.h"

#define NREG 16

struct fake {
	uint8_t r[NREG];
	unsigned int reads, writes;
	uint8_t last_next;	/* r[0] when next() was last asked */
};

static bool fake_valid(void *model, uint8_t a)
{
	return a < NREG && a != 5;	/* a hole in the map */
}

static uint8_t fake_read(void *model, uint8_t a)
{
	struct fake *f = model;

	f->reads++;
	return a < NREG ? f->r[a] : 0xee;
}

static void fake_write(void *model, uint8_t a, uint8_t v)
{
	struct fake *f = model;

	f->writes++;
	if (a < NREG)
		f->r[a] = v;
}

/* Within pairs (0<->1, 2<->3, ...), as a 16-line pca953x does. */
static uint8_t fake_pair(void *model, uint8_t a)
{
	struct fake *f = model;

	f->last_next = f->r[0];
	return regfile_wrap(a, a & ~1u, 2);
}

static struct chip chip;
static struct regfile rf;
static struct regfile_rules rules;
static struct fake f;
static struct i2c_target *t;

/* A fresh front end on registers 0xa0, 0xa1, ... with these rules. */
static void setup(enum regfile_step step, uint8_t ai_bit, uint8_t ignored,
		  bool (*valid)(void *, uint8_t),
		  uint8_t (*next)(void *, uint8_t))
{
	unsigned int i;

	memset(&chip, 0, sizeof(chip));
	memset(&f, 0, sizeof(f));
	for (i = 0; i < NREG; i++)
		f.r[i] = 0xa0 + i;
	rules = (struct regfile_rules){
		.size = NREG, .step = step, .ai_bit = ai_bit,
		.ignored = ignored, .valid = valid, .next = next,
		.read = fake_read, .write = fake_write,
	};
	regfile_add(&rf, &chip, 0x20, &rules, &f);
	t = &chip.targets[0];
}

/* START with the write bit, then bytes; -1 at the first NACK. */
static int wr(const uint8_t *p, unsigned int n)
{
	unsigned int i;

	t->ops->start(t, false);
	for (i = 0; i < n; i++)
		if (t->ops->write(t, p[i]))
			return -1;
	return 0;
}

/* (Repeated) START with the read bit, then n bytes: want's? */
static bool reads(const uint8_t *want, unsigned int n)
{
	unsigned int i;
	bool same = true;

	t->ops->start(t, true);
	for (i = 0; i < n; i++) {
		uint8_t v = t->ops->read(t);

		if (v != want[i]) {
			fprintf(stderr, "  read %u: 0x%02x, want 0x%02x\n", i,
				v, want[i]);
			same = false;
		}
	}
	return same;
}

#define WRITE(...) wr((const uint8_t[]){ __VA_ARGS__ }, \
			sizeof((const uint8_t[]){ __VA_ARGS__ }))
#define READS(...) reads((const uint8_t[]){ __VA_ARGS__ }, \
			 sizeof((const uint8_t[]){ __VA_ARGS__ }))

TEST(regfile_wrap_helper)
{
	CHECK_EQ(regfile_wrap(0x02, 0x02, 2), 0x03);
	CHECK_EQ(regfile_wrap(0x03, 0x02, 2), 0x02);
	CHECK_EQ(regfile_wrap(0x0c, 0x08, 5), 0x08);
	CHECK_EQ(regfile_wrap(0xff, 0, 256), 0x00);
	CHECK_EQ(regfile_wrap(0x41, 0x40, 1), 0x40);
}

/* Whole map: the pointer walks and wraps at size; holes are NACKed. */
TEST(regfile_wrap_rule)
{
	setup(REGFILE_WRAP, 0, 0, fake_valid, NULL);
	CHECK_EQ(WRITE(0x0e, 0x11, 0x22, 0x33), 0);
	CHECK(f.r[0x0e] == 0x11 && f.r[0x0f] == 0x22 && f.r[0x00] == 0x33);
	/* a repeated START keeps the pointer: [0x0f] Sr read 3 */
	CHECK_EQ(WRITE(0x0f), 0);
	CHECK(READS(0x22, 0x33, 0xa1));
	/* a read with no command byte goes on from the pointer */
	CHECK(READS(0xa2));
	/* NACKed command bytes change nothing */
	CHECK_EQ(WRITE(0x05), -1);
	CHECK_EQ(WRITE(NREG), -1);
	CHECK(READS(0xa3));
	CHECK_EQ(f.writes, 3);
	CHECK_EQ(f.reads, 5);
}

/* Stop at the last address; command bytes from size up NACKed. */
TEST(regfile_stop_rule)
{
	setup(REGFILE_STOP, 0, 0, NULL, NULL);
	CHECK_EQ(WRITE(0x0e), 0);
	CHECK(READS(0xae, 0xaf, 0xaf, 0xaf));
	CHECK_EQ(WRITE(NREG), -1);
	CHECK_EQ(WRITE(0x05), 0);	/* no valid(): all below size */
}

/* The AI bit: without it the pointer stays; ignored bits drop out. */
TEST(regfile_ai_bit_and_ignored_bits)
{
	setup(REGFILE_WRAP, 0x80, 0, NULL, NULL);
	CHECK_EQ(WRITE(0x02, 0x55, 0x66), 0);
	CHECK_EQ(f.r[2], 0x66);
	CHECK_EQ(f.r[3], 0xa3);
	CHECK_EQ(WRITE(0x82, 0x55, 0x66), 0);
	CHECK_EQ(f.r[2], 0x55);
	CHECK_EQ(f.r[3], 0x66);
	CHECK(READS(0xa4, 0xa5));	/* AI holds for the reads after it */
	setup(REGFILE_STAY, 0, 0x70, NULL, NULL);
	CHECK_EQ(WRITE(0x73, 0x55), 0);
	CHECK_EQ(f.r[3], 0x55);
	CHECK(READS(0x55, 0x55));
}

/* The model's next(): asked before the byte is written. */
TEST(regfile_model_next_before_access)
{
	setup(REGFILE_STAY, 0, 0, NULL, fake_pair);
	CHECK_EQ(WRITE(0x00, 0x11, 0x22, 0x33), 0);
	CHECK(f.r[0] == 0x33 && f.r[1] == 0x22);
	CHECK_EQ(f.last_next, 0x11);	/* r[0] before 0x33 went in */
	CHECK_EQ(WRITE(0x07), 0);
	CHECK(READS(0xa7, 0xa6, 0xa7));
}

int main(void)
{
	RUN(regfile_wrap_helper);
	RUN(regfile_wrap_rule);
	RUN(regfile_stop_rule);
	RUN(regfile_ai_bit_and_ignored_bits);
	RUN(regfile_model_next_before_access);
	return CHECK_DONE();
}
