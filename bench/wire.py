#!/usr/bin/python3
"""The wire itself: SCL and SDA of an I2C bus rebuilt from the host log's
transactions (expander-models/LOG-FORMAT.md, T records) at the bus clock,
as VCD wires that PulseView or `sigrok-cli -P i2c` decode into the same
transactions, addresses and bytes.

Timing follows the log's own definition (bus_i2c_ns() in
expander-models/src/buses/bus.c): a transaction is 1 clock per START or
repeated START, 9 per byte (8 bits and the ACK) and 1 for the STOP, clock
k of a transaction starting at start + k * 1e9 // hz. A byte's ACK clock
therefore ends exactly when the log says its pin changes happen, so pin
wires line up with the clock edge that latched them. Inside one clock:

    bit      SDA changes at 1/4 (SCL low), SCL rises at 1/2, falls at 1
    START    SDA falls at 1/2 (SCL high since idle), SCL falls at 1
    Sr       SDA rises at 1/8, SCL rises at 3/8, SDA falls at 5/8,
             SCL falls at 1
    STOP     SDA falls at 1/8, SCL rises at 3/8, SDA rises at 5/8

A transaction with `stretch_ns` (a delay or hold fault: a target holding
the bus) keeps SCL low that long after its last ACK, before the STOP;
the time after it moves on by the same amount (`Timeline`).

Other buses: a function like i2c_edges() per bus kind, named in
EDGES_OF. SPI (SCK, MOSI, MISO, CS) goes there once the models log an
SPI bus; nothing else here knows which kind of bus it draws.
"""
import bisect
import os
import sys

import buslog
import consolelog

SCL, SDA = "scl", "sda"


def parse_segs(text):
    """'20:W:0206:ack,20:R:ff:ack' -> [(addr, read, bytes, ack)]."""
    out = []
    for s in text.split(","):
        addr, rw, data, ack = s.split(":")
        out.append((int(addr, 16), rw == "R", bytes.fromhex(data), ack))
    return out


def i2c_clocks(segs):
    """Clocks of a transaction: as bus_i2c_ns() counts them."""
    return sum(1 + 9 * (1 + len(data)) for _, _, data, _ in segs) + 1


def i2c_edges(start, hz, segs, stretch=0):
    """[(t_ns, wire, level)] of one transaction on the bus clock, and the
    time its STOP ends (stretch included). Both wires are high (idle) at
    start and at the end."""
    edges = []
    k = [0]             # next clock of the transaction
    extra = [0]         # stretch inserted so far

    def clock():
        """Begin and end of the next clock."""
        a = start + k[0] * 1000000000 // hz + extra[0]
        k[0] += 1
        return a, start + k[0] * 1000000000 // hz + extra[0]

    def bit(level):
        a, b = clock()
        edges.append((a + (b - a) // 4, SDA, level))
        edges.append((a + (b - a) // 2, SCL, 1))
        edges.append((b, SCL, 0))

    def byte(value, ack_level):
        for i in range(7, -1, -1):
            bit((value >> i) & 1)
        bit(ack_level)

    for n, (addr, read, data, ack) in enumerate(segs):
        a, b = clock()
        if n:           # repeated START: SCL is low after the last ACK
            edges += [(a + (b - a) // 8, SDA, 1),
                      (a + 3 * (b - a) // 8, SCL, 1),
                      (a + 5 * (b - a) // 8, SDA, 0)]
        else:
            edges.append((a + (b - a) // 2, SDA, 0))
        edges.append((b, SCL, 0))
        byte(addr << 1 | read, 1 if ack == "nack" else 0)
        for i, v in enumerate(data):
            last = i == len(data) - 1
            if read:    # the master ACKs all but the last byte it reads
                byte(v, 1 if last else 0)
            else:
                byte(v, 1 if last and ack == "dnack" else 0)
    extra[0] = stretch
    a, b = clock()
    edges += [(a + (b - a) // 8, SDA, 0), (a + 3 * (b - a) // 8, SCL, 1),
              (a + 5 * (b - a) // 8, SDA, 1)]
    return edges, b


EDGES_OF = {"i2c": i2c_edges}


def describe(segs):
    """One transaction as a maintainer reads it from an analyser:
    'S 20 W 02 ff ff P', 'S 20 W 00 Sr 20 R [ff] P'."""
    out = []
    for n, (addr, read, data, ack) in enumerate(segs):
        out.append("%s %02x %s" % ("Sr" if n else "S", addr,
                                   "R" if read else "W"))
        if ack == "nack":
            out.append("NACK")
        if data:
            hexes = " ".join("%02x" % v for v in data)
            out.append("[%s]" % hexes if read else hexes)
        if ack == "dnack":
            out.append("NACK")
    out.append("P")
    return " ".join(out)


class Timeline:
    """Bus time to VCD time on one bus: bus time from t0, plus every
    stretch of the transactions drawn before it."""

    def __init__(self, t0):
        self.t0 = t0
        self.at = []            # bus_ns of each stretched transaction's end
        self.sum = [0]          # stretch before the end of at[i], cumulative

    def add(self, end_ns, stretch):
        if stretch:
            self.at.append(end_ns)
            self.sum.append(self.sum[-1] + stretch)

    def __call__(self, bus_ns):
        """A pin change at bus_ns (the end of an ACK clock) happens before
        the stretch of its own transaction, which comes after the last
        ACK: only stretches of transactions that ended before count."""
        return bus_ns - self.t0 + self.sum[bisect.bisect_right(self.at,
                                                                bus_ns)]


def add_bus(vcd, scope, prefix, txs, t0):
    """SCL and SDA wires `<prefix>_scl`, `<prefix>_sda` in scope, for
    txs = [(start_ns, end_ns, hz, segs, stretch)] on one bus, times from
    t0. Returns the Timeline that maps this bus's times to the VCD's."""
    scl = vcd.wire(scope, prefix + "_scl", "1")
    sda = vcd.wire(scope, prefix + "_sda", "1")
    ids = {SCL: scl, SDA: sda}
    tl = Timeline(t0)
    for start, end, hz, segs, stretch in txs:
        edges, _ = i2c_edges(tl(start), hz, parse_segs(segs), stretch)
        for t, w, level in edges:
            vcd.change(t, ids[w], str(level))
        tl.add(end, stretch)
    if txs:
        # One more sample after the last STOP, or a decoder that reads
        # the file up to its last change never sees the STOP complete.
        hz = txs[-1][2]
        vcd.change(tl(txs[-1][1]) + 1000000000 // hz, scl, "1")
    return tl


def bus_txs(bus, i, j):
    """Transactions i..j-1 of a buslog.Bus as add_bus() takes them."""
    return [(bus.tx[k][0], bus.tx[k][1]) + bus.wire[k] for k in range(i, j)]


def cell_txs(buses, win, n, nops):
    """The first nops of a cell's n operations, per bus: {bus: txs}, as
    buslog.ops() splits the window (equal runs of transactions)."""
    out = {}
    for name, a, b in buslog.windows(win):
        bl = buses.get(name)
        if bl is None:
            continue
        i = bisect.bisect_left(bl.tx_start, a)
        j = bisect.bisect_left(bl.tx_start, b)
        if j == i or (j - i) % n:
            continue
        out[name] = bus_txs(bl, i, i + (j - i) // n * min(nops, n))
    return out


def add_cell(vcd, scope, buses, win, n, nops, pins=True):
    """A cell's first nops operations: per bus SCL, SDA and (pins=True)
    the pins its transactions changed, times from the cell's first
    transaction on that bus. Returns {bus: (scl, sda) channel names}."""
    chans = {}
    for name, txs in sorted(cell_txs(buses, win, n, nops).items()):
        prefix = buslog.scope_name("%s_%s" % (scope, name))
        tl = add_bus(vcd, scope, prefix, txs, txs[0][0])
        chans[name] = (prefix + "_scl", prefix + "_sda")
        if not pins:
            continue
        bl = buses[name]
        p = bisect.bisect_left(bl.pin_ns, txs[0][0])
        q = bisect.bisect_right(bl.pin_ns, txs[-1][1])
        for ns, _, chip, pin, old, new in bl.pins[p:q]:
            vid = vcd.wire(scope, buslog.pin_wire(prefix, chip, pin), old)
            vcd.change(tl(ns), vid, new)
    return chans


def sigrok_command(path, scl, sda):
    """The command that decodes one bus of a VCD written here."""
    return ("sigrok-cli -i %s -I vcd -P i2c:scl=%s:sda=%s -A i2c=addr-data"
            % (path, scl, sda))


USAGE = """usage: wire.py DIR KEY=VALUE... [ops=N] [out=FILE]
The cells of the bench run in DIR (console.log, bus.log) whose keys all
match (hz, part, path, op, lines, kind; path=block-dev matches any
block-dev:NAME), their first N operations (default 2) as SCL, SDA and
pin wires, one scope per cell: DIR/wire.vcd or FILE."""


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__ + "\n" + USAGE)
        sys.exit(0)
    if len(argv) < 3:
        sys.exit(USAGE)
    out_dir, want = argv[1], dict(a.split("=", 1) for a in argv[2:]
                                  if "=" in a)
    nops = int(want.pop("ops", 2))
    path = want.pop("out", os.path.join(out_dir, "wire.vcd"))
    for f in ("console.log", "bus.log"):
        if not os.path.exists(os.path.join(out_dir, f)):
            sys.exit("wire: no %s in %s: run make bench first" % (f, out_dir))
    cells = consolelog.parse(os.path.join(out_dir, "console.log"))[0]

    def match(c):
        for k, v in want.items():
            have = str(c.get(k))
            if have != v and not (k == "path" and have.split(":")[0] == v):
                return False
        return c["win"]

    chosen = [c for c in cells if match(c)]
    if not chosen:
        sys.exit("wire: no cell with %s in %s/console.log" % (
            " ".join("%s=%s" % kv for kv in want.items()), out_dir))
    if len(chosen) > 16:
        sys.exit("wire: %d cells match; name more keys (at most 16)"
                 % len(chosen))
    buses = buslog.read(os.path.join(out_dir, "bus.log"))[0]
    vcd = buslog.Vcd("expander-bench: SCL, SDA and pins of %d cell(s), "
                     "first %d operations, bus time" % (len(chosen), nops), 1)
    for c in chosen:
        scope = buslog.scope_name("%s_%s_%s_%d_%dk" % (
            c["part"], c["path"], c["op"], c["lines"], c["hz"] // 1000))
        for bus, (scl, sda) in add_cell(vcd, scope, buses, c["win"], c["n"],
                                        nops).items():
            print("%s on %s: %s" % (scope, bus,
                                    sigrok_command(path, scl, sda)))
    vcd.write(path)
    print("wire: %d cell(s) -> %s" % (len(chosen), path))


if __name__ == "__main__":
    main(sys.argv)
