// SPDX-License-Identifier: GPL-2.0
/* regfile.c - the register-pointer front end of I2C models (regfile.h). */
#include "models/regfile.h"

uint8_t regfile_wrap(uint8_t a, unsigned int first, unsigned int n)
{
	return first + (a - first + 1) % n;
}

/* The pointer after a data byte at a. */
static uint8_t next(const struct regfile *rf, uint8_t a)
{
	const struct regfile_rules *r = rf->rules;

	if (r->ai_bit && !rf->ai)
		return a;
	if (r->next)
		return r->next(rf->model, a);
	switch (r->step) {
	case REGFILE_WRAP:
		return regfile_wrap(a, 0, r->size);
	case REGFILE_STOP:
		return a + 1u < r->size ? a + 1 : a;
	default:
		return a;
	}
}

/* The command byte: the pointer set, or a NACK if it names no register. */
static int command(struct regfile *rf, uint8_t byte)
{
	const struct regfile_rules *r = rf->rules;
	bool ai = byte & r->ai_bit;
	uint8_t a = byte & ~(r->ai_bit | r->ignored);

	if (r->valid ? !r->valid(rf->model, a) : a >= r->size)
		return -1;
	rf->ptr = a;
	rf->ai = ai;
	rf->cmd_next = false;
	return 0;
}

static int regfile_write(struct i2c_target *t, uint8_t byte)
{
	struct regfile *rf = t->priv;
	uint8_t a = rf->ptr;

	if (rf->cmd_next)
		return command(rf, byte);
	rf->ptr = next(rf, a);
	rf->rules->write(rf->model, a, byte);
	return 0;
}

static uint8_t regfile_read(struct i2c_target *t)
{
	struct regfile *rf = t->priv;
	uint8_t a = rf->ptr;

	rf->ptr = next(rf, a);
	return rf->rules->read(rf->model, a);
}

/* A START with the write bit: its first byte is a command byte. */
static int regfile_start(struct i2c_target *t, bool read)
{
	struct regfile *rf = t->priv;

	if (!read)
		rf->cmd_next = true;
	return 0;
}

static const struct i2c_target_ops regfile_ops = {
	.start = regfile_start,
	.write = regfile_write,
	.read = regfile_read,
};

void regfile_add(struct regfile *rf, struct chip *c, uint16_t addr,
		 const struct regfile_rules *rules, void *model)
{
	rf->rules = rules;
	rf->model = model;
	rf->ptr = 0;
	rf->ai = false;
	rf->cmd_next = true;
	chip_add_target(c, addr, &regfile_ops, rf);
}
