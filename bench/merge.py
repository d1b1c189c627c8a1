#!/usr/bin/python3
"""Merge the shards of one bench run into the run directory that
report.py and the other readers take: one console.log, one bus.log.

    merge.py OUT SHARD_DIR...

Each SHARD_DIR holds what scripts/vm.sh wrote for one guest of the run
(console.log, bus.log; "rc", its exit status, from bench-shards.sh) and
"select", the selection that guest ran (bench/plan.py). Shards run at
once, each with its own daemon, so their bus clocks all start at 0; the
merged bus log moves shard k's bus times by k * SHIFT_NS (LOG-FORMAT.md's
start_ns, end_ns, bus_ns), and the console's win= fields with them, so
that each cell still finds its own transactions and every bus's records
stay in time order. Host wall times are left as they are.

The console's records come in the order one guest would have printed
them: the vhost-user matrix by bus speed, then part in matrix.table's
order (the mainline cells after the parts of their speed), then the
other units in run-bench's order; within a unit, as the guest printed
them. Nothing is dropped: a line this script cannot place keeps its
shard's order after the placed ones. A shard that failed (rc not 0, or
no console) is named on a "BENCH-FAIL kind=shard" line, which report.py
lists among the failed cells.
"""
import os
import re
import sys

import plan
from textfile import read


SHIFT_NS = 10 ** 15
EXTRAS = ("stub", "irq", "irq-edges", "irq-storm", "spi", "minimum")
# The console tag of each unit's records.
TAG_UNIT = {"STUB": "stub", "IRQ": "irq", "IRQE": "irq-edges",
            "STORM": "irq-storm", "SPI": "spi", "MIN": "minimum"}
FAIL_UNIT = {"stub": "stub", "irq": "irq", "irq-edges": "irq-edges",
             "irq-storm": "irq-storm", "spi": "spi", "min": "minimum"}
TIME_KEYS = re.compile(r"\b(start_ns|end_ns|bus_ns)=(\d+)")


def shift_log_line(line, off):
    if not off or line[:1] not in "TPIES":
        return line
    return TIME_KEYS.sub(lambda m: "%s=%d" % (m.group(1),
                                              int(m.group(2)) + off), line)


def shift_win(line, off):
    m = re.search(r"\bwin=(\S+)", line)
    if not off or not m:
        return line
    parts = []
    for w in m.group(1).split(","):
        name, a, b = w.rsplit(":", 2)
        parts.append("%s:%d:%d" % (name, int(a) + off, int(b) + off))
    return line[:m.start(1)] + ",".join(parts) + line[m.end(1):]


def fields(line):
    return dict(kv.split("=", 1) for kv in line.split() if "=" in kv)


def order_key(line, speeds, parts):
    """(unit rank, speed rank, part rank) of a record line, or None."""
    tag = line.split(" ", 1)[0]
    f = fields(line)
    if tag in ("BENCH", "PAIR", "BENCH-FAIL"):
        kind = f.get("kind", "vhost")
        if kind == "vhost":
            hz = int(f["hz"]) if f.get("hz", "").isdigit() else 0
            s = speeds.index(hz) if hz in speeds else len(speeds)
            path = f.get("path", "")
            if path.startswith(("aggregator:", "gpiod")):
                return (0, s, len(parts))
            p = parts.index(f.get("part")) if f.get("part") in parts \
                else len(parts)
            return (0, s, p)
        unit = FAIL_UNIT.get(kind)
        if unit:
            return (1 + EXTRAS.index(unit), 0, 0)
        return None
    if tag in TAG_UNIT:
        return (1 + EXTRAS.index(TAG_UNIT[tag]), 0, 0)
    return None


def main(out, shards):
    consoles, logs, failed = [], [], []
    for k, d in enumerate(shards):
        con = os.path.join(d, "console.log")
        rc_file = os.path.join(d, "rc")
        rc = read(rc_file).strip() if os.path.exists(rc_file) else "0"
        lines = read(con).splitlines() \
            if os.path.exists(con) else []
        if rc != "0" or not lines:
            sel = os.path.join(d, "select")
            what = " ".join(l.strip() for l in read(sel).splitlines()
                            if not l.startswith("#")) \
                if os.path.exists(sel) else "?"
            failed.append("BENCH-FAIL kind=shard shard=%d rc=%s select: %s"
                          % (k + 1, rc if rc != "0" else "no-console",
                             what))
        consoles.append([shift_win(l, k * SHIFT_NS) for l in lines])
        log = os.path.join(d, "bus.log")
        logs.append(log if os.path.exists(log) else None)

    # The speeds and parts in the order the guest prints them: from the
    # shards' "# bench: ..., speeds A B C" and their first cells.
    speeds, parts = [], []
    for lines in consoles:
        for l in lines:
            m = re.search(r"# bench: \S+, N=.* speeds ([\d ]+)$", l)
            if m and not speeds:
                speeds = [int(x) for x in m.group(1).split()]
    parts = plan.matrix_parts() + ["span24"]

    head, placed, rest = [], [], []
    seq = 0
    for k, lines in enumerate(consoles):
        for l in lines:
            key = order_key(l.strip(), speeds, parts)
            seq += 1
            if key is None:
                (head if k == 0 else rest).append(l)
            else:
                placed.append((key, k, seq, l))
    placed.sort()
    merged = head + [l for _, _, _, l in placed] + rest + failed
    with open(os.path.join(out, "console.log"), "w") as f:
        f.write("\n".join(merged) + "\n")

    with open(os.path.join(out, "bus.log"), "w") as f:
        for k, log in enumerate(logs):
            if log is None:
                continue
            f.write("# shard %d of %d: bus times + %d ns\n" % (
                k + 1, len(shards), k * SHIFT_NS))
            with open(log, errors="replace") as g:
                for line in g:
                    f.write(shift_log_line(line, k * SHIFT_NS))
    print("merge: %d shards, %d console lines (%d records), %d failed -> "
          "%s/console.log, bus.log" % (len(shards), len(merged),
                                       len(placed), len(failed), out))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help")
                 else 2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
