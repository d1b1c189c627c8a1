// SPDX-License-Identifier: GPL-2.0
/*
 * test_irq_midread.c - an edge that comes while a driver is still
 * reading the chip for the previous one, per INT-capable model on the
 * board's irqchip drivers: each test runs the driver's handler reads as
 * the guest's driver issues them (the reads listed in the guest test
 * 51-irq-drivers) and changes the pin between two of them, or between
 * two bytes of one transaction with an armed change (control arm,
 * src/board/stim.h), and checks what the chip keeps of that second edge
 * and what INT does, as the part's datasheet says. Where the datasheet
 * is silent, the part's row in expander-models/README.md (catalogue/
 * parts.tsv) says what the model assumes. The guest test
 * 53-irq-midread makes the same changes under the real drivers.
 */
#include "board/stim.h"
#include "check.h"
#include "fixture.h"

static struct rig r;

static struct chip *one(const char *compat, uint16_t addr)
{
	if (r.bd)
		rig_free(&r);
	return rig_one(&r, 100000, compat, addr);
}

/* The change of pin to v (0, 1, -1 released) at byte nbyte of c's tx-th
 * transaction from now (control arm). */
static void arm(struct chip *c, unsigned int pin, int v, unsigned int tx,
		unsigned int nbyte)
{
	CHECK_EQ(stim_arm(board_stim(r.bd), c, pin, v < 0 ? EXT_NONE :
			  v ? EXT_HIGH : EXT_LOW, tx, nbyte), 0);
}

static int fired(void)
{
	struct stim_arm_state a;

	stim_arm_state(board_stim(r.bd), &a);
	return a.fired;
}

/* n (up to 8) bytes from register reg in one transaction (regmap's
 * bulk read). */
static uint64_t bulk(uint16_t addr, uint8_t reg, unsigned int n)
{
	uint8_t v[8] = { 0 };
	unsigned int i;
	uint64_t w = 0;

	CHECK_EQ(reg_read_block(r.b, addr, reg, v, n), 0);
	for (i = 0; i < n; i++)
		w |= (uint64_t)v[i] << (8 * i);
	return w;
}

/* n bytes read without a command byte (pcf857x, max732x). */
static unsigned int recv(uint16_t addr, unsigned int n)
{
	uint8_t v[2] = { 0 };
	struct i2c_seg s = { .addr = addr, .read = true, .buf = v, .len = n };

	CHECK_EQ(bus_transfer(r.b, &s, 1, NULL), 0);
	return v[0] | (n > 1 ? v[1] << 8 : 0);
}

/*
 * PCA9555 (gpio-pca953x's handler: both input ports in one transaction,
 * W 00 Sr R 2: bytes 0 address, 1 command, 2 address, 3 port 0, 4 port
 * 1). Datasheet, "Interrupt output": the interrupt resets "when data on
 * the port is changed to the original setting or data is read from the
 * port that generated the interrupt", at the ACK of that port's byte.
 * An edge of port 0 after port 0's byte was read is a change against
 * what was read: INT stays asserted and the next read shows it (kept).
 * The pin returning before its port's byte resets INT: both edges are
 * gone (the datasheet keeps nothing; the read shows the level).
 */
TEST(pca9555_edge_after_its_port_was_read_is_kept)
{
	struct chip *c = one("nxp,pca9555", 0x20);

	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	arm(c, 3, 1, 1, 4);		/* back high between the two bytes */
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xfff7);
	CHECK_EQ(fired(), 1);
	CHECK_EQ(c->irq, 1);		/* kept */
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xffff);
	CHECK_EQ(c->irq, 0);
	/* Back before port 0's byte: nothing left, INT released. */
	ext(c, 3, 0);
	arm(c, 3, 1, 1, 3);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xffff);
	CHECK_EQ(c->irq, 0);
}

/*
 * TCA6424A (the handler: the three input ports in one auto-incremented
 * read, command 0x80: bytes 3, 4, 5 are ports 0, 1, 2). The same rule
 * per port (TCA6424A datasheet, "Interrupt Output (INT)"): a port 0
 * edge after port 0's byte keeps INT through the bytes of ports 1 and 2.
 */
TEST(tca6424_edge_after_its_port_was_read_is_kept)
{
	struct chip *c = one("ti,tca6424", 0x22);

	ext(c, 3, 0);
	arm(c, 3, 1, 1, 4);
	CHECK_EQ(bulk(0x22, 0x80, 3), 0xfffff7);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(bulk(0x22, 0x80, 3), 0xffffff);
	CHECK_EQ(c->irq, 0);
}

/*
 * PCA9505 (the handler: the five input ports in one auto-incremented
 * read, command 0x80: bytes 3 to 7 are ports 0 to 4; its mask registers
 * 0x20-0x24 come up all ones, masked, and the driver unmasks them with
 * patch gpio-fixes/0012). The same per-port rule as the PCA9555's (PCA9505
 * datasheet, "Interrupt output"; the model's pca953x.c): a port 0 edge
 * after port 0's byte keeps INT through the bytes of ports 1 to 4.
 */
TEST(pca9505_edge_after_its_port_was_read_is_kept)
{
	struct chip *c = one("nxp,pca9505", 0x20);
	unsigned int i;

	for (i = 0; i < 5; i++)
		CHECK_EQ(reg_write(r.b, 0x20, 0x20 + i, 0x00), 0);
	ext(c, 3, 0);
	arm(c, 3, 1, 1, 4);
	CHECK_EQ(bulk(0x20, 0x80, 5), 0xfffffffff7ull);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(bulk(0x20, 0x80, 5), 0xffffffffffull);
	CHECK_EQ(c->irq, 0);
}

/*
 * FXL6408 (no irqchip in gpio-fxl6408; the TCA7408's register text,
 * which the model follows, fxl6408.c): a status bit is set when an
 * input "changes to a value opposite to the default value", reading the
 * status clears it, and "the input must be asserted back to the default
 * state before this bit is set again". An edge back to the default
 * between the status read and the input read is no interrupt (nothing
 * to keep); the next departure is one.
 */
TEST(fxl6408_only_a_departure_interrupts)
{
	struct chip *c = one("fcs,fxl6408", 0x43);

	CHECK_EQ(reg_write(r.b, 0x43, 0x09, 0xff), 0);	/* default high */
	CHECK_EQ(reg_write(r.b, 0x43, 0x11, 0xf7), 0);	/* unmask 3 */
	reg_read(r.b, 0x43, 0x13);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x43, 0x13), 0x08);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 1);			/* back to default, between */
	CHECK_EQ(reg_read(r.b, 0x43, 0x0f) & 0x08, 0x08);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);			/* away again: an interrupt */
	CHECK_EQ(c->irq, 1);
}

/*
 * PCAL9555A (the handler: interrupt status pair 0x4c, then the input
 * pair 0x00, two transactions; gpio-pca953x sets the input latch of the
 * lines it unmasks). Datasheet, "Input latch register": a latched input
 * that "goes back to its initial logic state before the Input Port
 * register is read" keeps "the logic value that initiated the
 * interrupt" and INT "is not cleared" until that read: the first edge
 * is kept across a second one that comes between the status read and
 * the input read. What the read does with the second edge the datasheet
 * does not say; assumed (README row): the read takes the pin's level as
 * the new reference, so the return is no new interrupt.
 * Without the latch the second edge just undoes the first: the input
 * read shows the level, INT resets.
 */
TEST(pcal9555a_latch_keeps_the_first_edge)
{
	struct chip *c = one("nxp,pcal9555a", 0x20);

	ext(c, 3, 1);
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xffff);
	CHECK_EQ(reg_write(r.b, 0x20, 0x4a, 0xf7), 0);	/* unmask line 3 */
	CHECK_EQ(reg_write(r.b, 0x20, 0x44, 0x08), 0);	/* latch it */
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(bulk(0x20, 0x4c, 2), 0x0008);		/* status */
	ext(c, 3, 1);			/* the second edge, between */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xfff7);		/* the first kept */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(bulk(0x20, 0x4c, 2), 0x0000);
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xffff);
	/* Latch off: the second edge undoes the first. */
	CHECK_EQ(reg_write(r.b, 0x20, 0x44, 0x00), 0);
	ext(c, 3, 0);
	CHECK_EQ(bulk(0x20, 0x4c, 2), 0x0008);
	ext(c, 3, 1);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(bulk(0x20, 0x00, 2), 0xffff);
}

/*
 * PCF8575 (gpio-pcf857x's handler: one 2-byte read, P07-P00 then
 * P17-P10). Datasheet, "Interrupt output": INT resets when "data is
 * read from, or written to, the port that generated the interrupt",
 * per port: a P03 edge after the first byte is a change against what
 * was read of port 0, INT stays asserted (kept); a P13 edge before the
 * second byte is in that byte's read.
 */
TEST(pcf8575_edge_after_its_port_was_read_is_kept)
{
	struct chip *c = one("nxp,pcf8575", 0x20);

	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	arm(c, 3, 1, 1, 2);
	CHECK_EQ(recv(0x20, 2), 0xfff7);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(recv(0x20, 2), 0xffff);
	CHECK_EQ(c->irq, 0);
	arm(c, 11, 0, 1, 2);
	CHECK_EQ(recv(0x20, 2), 0xf7ff);
	CHECK_EQ(c->irq, 0);
}

/*
 * MAX7321 (gpio-max732x's handler: one read of the port and the
 * transition flags). Datasheet ("Transition (interrupt) detection"):
 * the address ACK samples the port and clears the flags, INT is held
 * off until the STOP; a transition during the read is flagged against
 * that sample and asserts INT after the STOP: kept, and the next read's
 * flags name it.
 */
TEST(max7321_edge_during_the_read_is_flagged)
{
	struct chip *c = one("maxim,max7321", 0x68);

	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	arm(c, 3, 1, 1, 2);		/* between port byte and flags */
	CHECK_EQ(recv(0x68, 2), 0x08f7);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(recv(0x68, 2), 0x08ff);
	CHECK_EQ(c->irq, 0);
}

/*
 * MCP23017 (pinctrl-mcp23s08's handler: INTF, INTCAP, GPIO, three
 * transactions; interrupt-on-change, INTCON = 0). DS20001952C 3.6.4:
 * "Subsequent interrupt conditions on the port will not cause an
 * interrupt to occur as long as the interrupt is not cleared by a read
 * of INTCAP or GPIO"; 3.6.5: the reference is the level after the
 * clear. A second edge between the INTF and INTCAP reads is not kept
 * (INTCAP holds the first, the read clears, the new level is the
 * reference); the GPIO read shows it. One between the INTCAP and GPIO
 * reads is a new interrupt that the GPIO read clears at once: the chip
 * keeps it only in the GPIO value read.
 */
TEST(mcp23017_second_edge_is_in_gpio_only)
{
	struct chip *c = one("microchip,mcp23017", 0x20);

	CHECK_EQ(reg_write(r.b, 0x20, 0x0c, 0x08), 0);	/* GPPUA */
	CHECK_EQ(reg_write(r.b, 0x20, 0x04, 0x08), 0);	/* GPINTENA */
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x08);	/* INTFA */
	ext(c, 3, -1);			/* back high, between */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x10), 0xf7);	/* INTCAPA */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x12), 0xff);	/* GPIOA */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);
	/* Between INTCAP and GPIO: an interrupt the GPIO read clears. */
	ext(c, 3, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x08);
	CHECK_EQ(reg_read(r.b, 0x20, 0x10), 0xf7);
	ext(c, 3, -1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x12), 0xff);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);
}

/*
 * The same with the handler's one sequential read (IOCON.SEQOP clear:
 * DS20001952C 3.2.2.3, "the master clocks the next byte pointed to by
 * the address pointer"): INTFA, INTFB, INTCAPA, INTCAPB, GPIOA, GPIOB
 * from 0x0e in one transaction (bytes 0-2: address, register, address
 * again; INTFA is byte 3). The edge back armed before the INTCAPA byte
 * (byte 5): INTF and INTCAP keep the first edge, the INTCAPA byte clears
 * the interrupt, and only the GPIOA byte shows the second one. One
 * armed before the GPIOA byte (byte 7) is a new interrupt that the
 * GPIOA byte clears at once: the read's GPIOA is its only trace.
 */
TEST(mcp23017_second_edge_in_one_sequential_read)
{
	struct chip *c = one("microchip,mcp23017", 0x20);
	uint64_t w;

	CHECK_EQ(reg_write(r.b, 0x20, 0x0c, 0x08), 0);	/* GPPUA */
	CHECK_EQ(reg_write(r.b, 0x20, 0x04, 0x08), 0);	/* GPINTENA */
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	arm(c, 3, -1, 1, 5);
	w = bulk(0x20, 0x0e, 6);
	CHECK_EQ(fired(), 1);
	CHECK_EQ(w & 0xff, 0x08);			/* INTFA */
	CHECK_EQ((w >> 16) & 0xff, 0xf7);		/* INTCAPA */
	CHECK_EQ((w >> 32) & 0xff, 0xff);		/* GPIOA */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);
	/* Before the GPIOA byte: an interrupt that byte clears. */
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	arm(c, 3, -1, 1, 7);
	w = bulk(0x20, 0x0e, 6);
	CHECK_EQ(fired(), 1);
	CHECK_EQ(w & 0xff, 0x08);
	CHECK_EQ((w >> 16) & 0xff, 0xf7);
	CHECK_EQ((w >> 32) & 0xff, 0xff);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);
}

/*
 * SX1503 (pinctrl-sx150x's handler: InterruptSource read, then the
 * bits read written back as 1s, one byte per transfer: the part keeps
 * its register pointer, models/sx150x.c). Datasheet, RegInterruptSource:
 * "Writing '1' clears the bit"; NINT stays low while a bit is set. An
 * edge of another line between the read and the write sets its own bit,
 * which the write does not clear: INT stays (kept). A second edge of
 * the same line is merged into its bit and cleared with it (the
 * datasheet keeps one bit per line).
 */
TEST(sx1503_other_line_between_read_and_clear_is_kept)
{
	struct chip *c = one("semtech,sx1503q", 0x20);

	CHECK_EQ(reg_write(r.b, 0x20, 0x0d, 0xff), 0);	/* IO3-0 both */
	CHECK_EQ(reg_write(r.b, 0x20, 0x09, 0xf3), 0);	/* unmask 2, 3 */
	ext(c, 3, 1);
	ext(c, 2, 1);
	CHECK_EQ(reg_write(r.b, 0x20, 0x0f, 0xff), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);	/* B, then A */
	CHECK_EQ(reg_read(r.b, 0x20, 0x0f), 0x08);
	ext(c, 2, 0);			/* line 2, between */
	ext(c, 3, 1);			/* line 3 again: merged */
	CHECK_EQ(reg_write(r.b, 0x20, 0x0f, 0x08), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0e), 0x00);
	CHECK_EQ(reg_read(r.b, 0x20, 0x0f), 0x04);
	CHECK_EQ(reg_write(r.b, 0x20, 0x0f, 0x04), 0);
	CHECK_EQ(c->irq, 0);
}

/*
 * CY8C9520A (pinctrl-cy8c95x0's handler: the three interrupt status
 * ports, then the input port of the line). Datasheet, "Interrupt Status
 * Registers": a status register is cleared by reading it; a change
 * after the read sets the bit again and INT (active high here) comes
 * back: kept, for the handler's next run.
 */
TEST(cy8c9520_edge_after_the_status_read_is_kept)
{
	struct chip *c = one("cypress,cy8c9520", 0x20);

	CHECK_EQ(reg_write(r.b, 0x20, 0x18, 0x00), 0);	/* port 0 */
	CHECK_EQ(reg_write(r.b, 0x20, 0x1c, 0x08), 0);	/* line 3 in */
	CHECK_EQ(reg_write(r.b, 0x20, 0x19, 0xf7), 0);	/* unmasked */
	ext(c, 3, 1);
	CHECK_EQ(bulk(0x20, 0x10, 3), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x10), 0x08);
	CHECK_EQ(reg_read(r.b, 0x20, 0x11), 0x00);
	ext(c, 3, 1);			/* between status and input */
	CHECK_EQ(reg_read(r.b, 0x20, 0x12), 0x00);
	CHECK_EQ(reg_read(r.b, 0x20, 0x00) & 0x08, 0x08);
	CHECK_EQ(c->irq, 1);		/* kept */
	CHECK_EQ(reg_read(r.b, 0x20, 0x10), 0x08);
	CHECK_EQ(c->irq, 0);
}

/*
 * gpio-adnp (no datasheet; its handler per byte: PLR, ISR, IER). The
 * model's assumption (README row): ISR latches a change and a read of
 * it clears it. A second change between the PLR and the ISR read is
 * merged into the ISR bit (not kept); one after the ISR read sets it
 * again, INT rises again (kept).
 */
TEST(adnp_edge_after_the_isr_read_is_kept)
{
	struct chip *c = one("ad,gpio-adnp", 0x20);

	ext(c, 3, 1);
	CHECK_EQ(reg_write(r.b, 0x20, 0x10, 0x08), 0);	/* IER */
	reg_read(r.b, 0x20, 0x18);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x08) & 0x08, 0);	/* PLR */
	ext(c, 3, 1);			/* merged */
	CHECK_EQ(reg_read(r.b, 0x20, 0x18), 0x08);	/* ISR */
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);			/* after the ISR read */
	CHECK_EQ(reg_read(r.b, 0x20, 0x10), 0x08);	/* IER */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x18), 0x08);
	CHECK_EQ(c->irq, 0);
}

/*
 * AW9523B (pinctrl-aw9523's handler: input P0, then input P1). The
 * datasheet's register table: reading an input register clears the
 * interrupt, which register it does not say; assumed (README row):
 * either one, for every port. So a P0 change between the P0 and P1
 * reads is cleared by the P1 read: the chip does not keep it past it,
 * only the next P0 read shows it.
 */
TEST(aw9523_p1_read_clears_a_p0_edge)
{
	struct chip *c = one("awinic,aw9523-pinctrl", 0x58);

	CHECK_EQ(reg_write(r.b, 0x58, 0x04, 0xff), 0);	/* P0 inputs */
	CHECK_EQ(reg_write(r.b, 0x58, 0x05, 0xff), 0);
	ext(c, 3, 1);
	reg_read(r.b, 0x58, 0x00);
	CHECK_EQ(c->irq, 0);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, 0x58, 0x00) & 0x08, 0);
	ext(c, 3, 1);			/* between the two reads */
	CHECK_EQ(c->irq, 1);
	reg_read(r.b, 0x58, 0x01);
	CHECK_EQ(c->irq, 0);		/* not kept */
	CHECK_EQ(reg_read(r.b, 0x58, 0x00) & 0x08, 0x08);
}

int main(void)
{
	RUN(pca9555_edge_after_its_port_was_read_is_kept);
	RUN(tca6424_edge_after_its_port_was_read_is_kept);
	RUN(pca9505_edge_after_its_port_was_read_is_kept);
	RUN(fxl6408_only_a_departure_interrupts);
	RUN(pcal9555a_latch_keeps_the_first_edge);
	RUN(pcf8575_edge_after_its_port_was_read_is_kept);
	RUN(max7321_edge_during_the_read_is_flagged);
	RUN(mcp23017_second_edge_is_in_gpio_only);
	RUN(mcp23017_second_edge_in_one_sequential_read);
	RUN(sx1503_other_line_between_read_and_clear_is_kept);
	RUN(cy8c9520_edge_after_the_status_read_is_kept);
	RUN(adnp_edge_after_the_isr_read_is_kept);
	RUN(aw9523_p1_read_clears_a_p0_edge);
	rig_free(&r);
	return CHECK_DONE();
}
