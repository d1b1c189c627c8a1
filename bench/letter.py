#!/usr/bin/python3
"""The table "Bus cost per operation" of a kernel's topic series
(patches/KERNEL/bus-cost.txt), made anew: its rows
and the minimum columns from the catalogue of parts and the board
(catalogue/tables.py letter_rows), the series columns measured by a
bench run when one is given (its console's MIN and SPI lines, as
minreport.py reads them) or else the catalogue's expectation (what the
guest suite asserts), the 6.12 and patches columns from the table as
it is (a new row gets "?" there, for its author to measure).

    bench/letter.py KERNEL [BENCH_DIR]    print the table
"""
import argparse
import os
import sys

import minreport  # it puts the package catalogue/ on the path
from catalogue import board, tables

HERE = os.path.dirname(os.path.abspath(__file__))

OPS = ("get-all", "set-all")
HEAD = ["  driver            part       lines  bus   minimum   6.12     "
        "series   patches",
        "                                            get set   get set  "
        "get set"]


def letter_path(kernel):
    return os.path.join(HERE, "..", "patches", kernel, "bus-cost.txt")


def key(r):
    return r["part"], r["lines"], r["bus"]


def rows(kernel, bench_dir=None, b=None):
    """The table's rows, [{driver, part, lines, bus, (col, op): value,
    patches}], col minimum, 6.12 or series."""
    have = {key(r): r for r in minreport.cover_rows(letter_path(kernel))}
    got = minreport.measured(os.path.join(bench_dir, "console.log")) \
        if bench_dir else None
    out = []
    for r in tables.letter_rows(b or board.Board()):
        old = have.get(key(r), {})
        r["patches"] = old.get("patches", "?")
        for op in OPS:
            r[("6.12", op)] = old.get(("6.12", op), "?")
            if got is not None:
                m = got.get((r["part"], r["lines"] if r["bus"] == "i2c"
                             else None, r["bus"]), {})
                r[("series", op)] = str(m[op][0]) if op in m else (
                    "-" if r[("minimum", op)] == "-" else "?")
        out.append(r)
    return out


def format_row(r):
    cells = [r[(col, op)] for col in ("minimum", "6.12", "series")
             for op in OPS]
    return "  %-18s%-10s%6d  %-3s%6s%4s%6s%4s%5s%4s  %s" % (
        r["driver"], r["part"], r["lines"], r["bus"], *cells, r["patches"])


def table(kernel, bench_dir=None, b=None):
    return HEAD + [format_row(r) for r in rows(kernel, bench_dir, b)]


def main():
    ap = argparse.ArgumentParser(
        prog="letter.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kernel", metavar="KERNEL", help="7.3 or 6.12")
    ap.add_argument("bench_dir", metavar="BENCH_DIR", nargs="?",
                    help="a bench run whose measures fill the series columns")
    a = ap.parse_args()
    print("\n".join(table(a.kernel, *([a.bench_dir] if a.bench_dir
                                        else []))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
