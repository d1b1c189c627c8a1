#!/usr/bin/python3
"""The per-driver minimum table of a bench run, beside the cover letter's.

Input: DIR/console.log, the "MIN key=value ..." lines of
rootfs-overlay/usr/lib/bench/run-minimum (every I2C part of
gpio-suite/parts.table, one multi-line request on all its outputs and
on all its inputs) and run-spi's "SPI ..." cdev-multi cells; the table
"Bus cost per operation" of patches/KERNEL/bus-cost.txt
(KERNEL: the kernel the run's console names, else the environment's, as
the Makefile exports it), its minimum
columns as the catalogue of parts gives them (catalogue/parts.tsv;
bench/letter.py prints the whole table from it).
Output: DIR/minimum.md (also appended to DIR/report.md when that
exists) and DIR/minimum.csv. A cover letter row whose series figure
differs from the measured one is marked, as is a part above its
minimum.

    bench/minreport.py build/7.3/bench [COVER_LETTER]
"""
import argparse
import os
import re
import sys

import consolelog
import irqreport
import spireport
from irqreport import table

HERE = os.path.dirname(os.path.abspath(__file__))
# The package catalogue/ from the repository's top.
sys.path.insert(0, os.path.join(HERE, ".."))
from catalogue import board, tables  # noqa: E402


def cover(console):
    """patches/KERNEL/bus-cost.txt of the kernel the run ran."""
    k = consolelog.kernel_series(console, os.environ.get("KERNEL", "7.3"))
    return os.path.join(HERE, "..", "patches", k, "bus-cost.txt")


KEYS_INT = ("hz", "nlines", "n", "tx", "bytes", "bus_ns", "min")
OPS = ("get-all", "set-all")
ROW = re.compile(r"^  ((?:gpio|pinctrl)-\S+)\s+(\S+)\s+(\d+)\s+(i2c|spi)"
                 r"((?:\s+(?:\d+|-|x)){6})\s+(\S+)\s*$")


def cover_rows(path):
    """[{driver, part, lines, bus, (col, op): value, patches}] of the
    cover letter's table; col is minimum, 6.12 or series."""
    rows = []
    with open(path) as f:
        for line in f:
            m = ROW.match(line.rstrip("\n"))
            if not m:
                continue
            v = m.group(5).split()
            r = {"driver": m.group(1), "part": m.group(2),
                 "lines": int(m.group(3)), "bus": m.group(4),
                 "patches": m.group(6)}
            for i, col in enumerate(("minimum", "6.12", "series")):
                r[(col, "get-all")] = v[2 * i]
                r[(col, "set-all")] = v[2 * i + 1]
            rows.append(r)
    return rows


def with_catalogue_minimum(cover, b=None):
    """The letter's rows, their minimum columns the catalogue's where it
    has the row (catalogue/tables.py letter_rows)."""
    cat = {(r["part"], r["lines"], r["bus"]): r
           for r in tables.letter_rows(b or board.Board())}
    for c in cover:
        r = cat.get((c["part"], c["lines"], c["bus"]))
        for op in OPS if r else ():
            c[("minimum", op)] = r[("minimum", op)]
    return cover


def measured(console):
    """{(part, chip lines, bus): {op: (per-op tx, bytes, bus µs,
    minimum, hz)}} from the MIN lines (I2C) and the SPI cdev-multi cells
    at the lowest SPI clock (keyed by node name, lines None: the SPI
    minimums come from the cover letter)."""
    out = {}
    for r in consolelog.records(console, "MIN", KEYS_INT):
        if r["n"] <= 0:
            continue
        name, at = r["part"].split("@", 1)
        key = (name, r["nlines"], "i2c")
        c = out.setdefault(key, {"at": [], "drv": r["drv"]})
        if at not in c["at"]:
            c["at"].append(at)
        c.setdefault(r["op"], (spireport.per_op(r, "tx"),
                               spireport.per_op(r, "bytes"),
                               r["bus_ns"] / r["n"] / 1000.0, r["min"],
                               r["hz"]))
    spi = [r for r in spireport.parse(console) if r["path"] == "cdev-multi"]
    lo = min((r["hz"] for r in spi), default=0)
    for r in spi:
        if r["hz"] != lo:
            continue
        name = r["part"].split("@", 1)[0]
        c = out.setdefault((name, None, "spi"),
                           {"at": [r["part"]], "drv": r["drv"]})
        c.setdefault(r["op"], (spireport.per_op(r, "tx"),
                               spireport.per_op(r, "bytes"),
                               r["bus_ns"] / r["n"] / 1000.0, None, lo))
    return out


def fmt_us(v):
    return "%.1f" % v


def driver_table(cover, got):
    """The cover letter's rows with the measured cost beside them."""
    rows, diff = [], 0
    for c in cover:
        m = got.get((c["part"], c["lines"] if c["bus"] == "i2c" else None,
                     c["bus"]), {})
        row = [c["driver"], c["part"], c["lines"], c["bus"]]
        for op in OPS:
            want = c[("series", op)]
            have = m.get(op)
            if have is None:
                shown = "-" if want == "-" else "not run"
                ok = want == "-"
            else:
                shown = str(have[0])
                ok = shown == want
            if not ok:
                diff += 1
                shown = "**%s** (letter: %s)" % (shown, want)
            row += [c[("minimum", op)], c[("6.12", op)], shown]
        for op in OPS:
            have = m.get(op)
            row.append(fmt_us(have[2]) if have else "-")
        row.append(c["patches"])
        rows.append(row)
    return rows, diff


def part_table(got):
    """Every measured I2C part: transactions and bytes per operation
    against minimum.sh's minimum."""
    rows, above = [], 0
    for (name, lines, bus), c in got.items():
        if bus != "i2c":
            continue
        row = [name, ", ".join(c["at"]), c["drv"], lines]
        for op in OPS:
            have = c.get(op)
            if not have:
                row += ["-", "-", "-"]
                continue
            tx, nbytes, _, mn, _ = have
            mark = "" if str(tx) == str(mn) else " (above)"
            above += bool(mark)
            row += ["%s%s" % (tx, mark), mn, nbytes]
        rows.append(row)
    return rows, above


def report(got, cover_path, out_dir):
    """minimum.md/.csv from measured()'s counts and the cover letter."""
    cover = with_catalogue_minimum(cover_rows(cover_path))
    if not cover:
        sys.exit("minreport: no table \"Bus cost per operation\" in %s"
                 % cover_path)
    drows, diff = driver_table(cover, got)
    prows, above = part_table(got)
    hz = sorted({v[4] for (_, _, bus), c in got.items() for k, v in c.items()
                 if k in OPS and bus == "i2c"})
    md = ["## Bus cost per driver: the minimum, 6.12, the series", "",
          "One GPIO v2 multi-line request on all the inputs (`get`) and on "
          "all the outputs (`set`) of each part: one get_multiple() or "
          "set_multiple() call, what a block makes too. Transactions (I2C) "
          "or frames (SPI) per operation, counted on the host. *minimum* "
          "is the catalogue's (catalogue/parts.tsv), *6.12* and *letter* "
          "the cover letter's table "
          "(patches/KERNEL/bus-cost.txt); *measured* is this "
          "run (I2C at %s); a measured figure that differs from the letter's "
          "is in bold (%d here). Bus µs per operation at that I2C clock "
          "and the lower SPI clock." % (
              ", ".join("%g kHz" % (h / 1000) for h in hz) or "-", diff),
          ""]
    head = ["driver", "part", "lines", "bus",
            "get min", "get 6.12", "get measured",
            "set min", "set 6.12", "set measured",
            "get bus µs", "set bus µs", "patches"]
    md += [table(head, drows), ""]
    md += ["### Every I2C part", "",
           "gpio-suite/parts.table's parts, minimum from "
           "the catalogue as gpio-suite/minimum.sh reads it (what "
           "31-driver-minimum asserts; its "
           "KTAP TODOs are the parts marked above it: %d operations "
           "here)." % above, ""]
    phead = ["part", "bus:addr", "driver", "lines",
             "get tx/op", "get min", "get bytes/op",
             "set tx/op", "set min", "set bytes/op"]
    md += [table(phead, prows), ""]
    irqreport.write_section(out_dir, "minimum", md, head, drows)
    return len(drows), len(prows), diff


def main():
    ap = argparse.ArgumentParser(
        prog="minreport.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bench_dir", metavar="BENCH_DIR")
    ap.add_argument("cover", metavar="COVER_LETTER", nargs="?",
                    help="the table to compare with (default: "
                    "patches/KERNEL/bus-cost.txt)")
    a = ap.parse_args()
    got = measured(os.path.join(a.bench_dir, "console.log"))
    if not any(bus == "i2c" for _, _, bus in got) and consolelog.left_out(
            os.path.join(a.bench_dir, "console.log"), "MIN"):
        print("minreport: no MIN lines: the run's selection left them out")
        return 0
    if not any(bus == "i2c" for _, _, bus in got):
        print("minreport: no MIN lines in the console", file=sys.stderr)
        return 1
    nd, np_, diff = report(got, a.cover or cover(
        os.path.join(a.bench_dir, "console.log")), a.bench_dir)
    print("minreport: %d driver rows (%d differ from the cover letter), "
          "%d parts, %s" % (nd, diff, np_,
                            os.path.join(a.bench_dir, "minimum.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
