#!/usr/bin/python3
"""`make count CMD=...`: what one guest command put on the wire.

The guest's /init (mode count) writes the log markers "count: begin" and
"count: end" (control `mark`) around the command; this reads RUN/bus.log
(expander-models/LOG-FORMAT.md) and prints, per bus, the transactions,
bytes and bus time between the two, then every transaction decoded as a
logic analyser shows it (S addr R/W data ... P, [read bytes]), with the
chip that answered. It also writes RUN/count.vcd (SCL, SDA and the pins
that changed, per bus, bus time from the bus's first transaction) and
prints the sigrok-cli command that decodes it.

    count.py RUN
"""
import argparse
import bisect
import os
import sys

import buslog
import wire

BEGIN, END = "count: begin", "count: end"


def marks_and_chips(path):
    """Wall times of the begin and end markers (the last pair) and
    {(bus, addr): chip} from the C records."""
    begin = end = None
    chips = {}
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("M "):
                head, text = line.rstrip("\n").split(" text=", 1)
                wall = int(dict(kv.split("=", 1)
                                for kv in head.split()[1:])["wall_ns"])
                if text == BEGIN:
                    begin, end = wall, None
                elif text == END:
                    end = wall
            elif line.startswith("C "):
                f_ = dict(kv.split("=", 1) for kv in line.split()[1:])
                for a in f_["addr"].split(","):
                    chips[(f_["bus"], int(a, 16))] = f_["chip"]
    return begin, end, chips


def main(run):
    log = os.path.join(run, "bus.log")
    begin, end, chips = marks_and_chips(log)
    if begin is None or end is None:
        sys.exit("count: no '%s' ... '%s' markers in %s: the command did not "
                 "run to its end" % (BEGIN, END, log))
    buses, _ = buslog.read(log)
    vcd = buslog.Vcd("expander-bench: make count, bus time from each bus's "
                     "first transaction of the command", 1)
    vcd_path = os.path.join(run, "count.vcd")
    total = 0
    decode = []
    for name in sorted(buses, key=lambda n: int(n[3:]) if n[3:].isdigit()
                       else 0):
        b = buses[name]
        walls = [t[3] for t in b.tx]
        i = bisect.bisect_left(walls, begin)
        j = bisect.bisect_left(walls, end)
        if i == j:
            continue
        txs = wire.bus_txs(b, i, j)
        nbytes = sum(t[2] for t in b.tx[i:j])
        busy = sum(t[1] - t[0] for t in b.tx[i:j])
        speeds = sorted({t[2] for t in txs})
        total += j - i
        print("%s: %d transactions, %d bytes, %.1f µs bus time at %s" % (
            name, j - i, nbytes, busy / 1000,
            ", ".join("%g kHz" % (hz / 1000) for hz in speeds)))
        t0 = b.tx[i][0]
        for k, (start, end_ns, hz, segs, stretch) in enumerate(txs):
            parsed = wire.parse_segs(segs)
            who = sorted({chips.get((name, a), "%02x?" % a)
                          for a, _, _, _ in parsed})
            print("  %3d  %9.1f µs  %-40s %s%s" % (
                k + 1, (start - t0) / 1000, wire.describe(parsed),
                ",".join(who),
                "  (stretched %.1f µs)" % (stretch / 1000) if stretch
                else ""))
        prefix = buslog.scope_name(name)
        tl = wire.add_bus(vcd, prefix, prefix, txs, t0)
        p = bisect.bisect_left(b.pin_ns, t0)
        q = bisect.bisect_right(b.pin_ns, b.tx[j - 1][1])
        for ns, _, chip, pin, old, new in b.pins[p:q]:
            vid = vcd.wire(prefix, buslog.pin_wire(prefix, chip, pin), old)
            vcd.change(tl(ns), vid, new)
        decode.append(wire.sigrok_command(vcd_path, prefix + "_scl",
                                          prefix + "_sda"))
    if not total:
        print("count: the command put nothing on any bus")
        return
    vcd.write(vcd_path)
    print("count: %d transactions in all; wires in %s, decode with:"
          % (total, vcd_path))
    for d in decode:
        print("  " + d)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(
        prog="count.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", metavar="RUN",
                    help="the run directory of make count (its bus.log)")
    main(ap.parse_args().run)
