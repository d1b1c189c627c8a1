#!/usr/bin/python3
"""Turn one bench run into results.csv, results.json and report.md.

Input: DIR/console.log, whose "BENCH key=value ..." lines gpiobench
printed in the guest (one per matrix cell). Host analysis only; Debian's
python3 (/usr/bin/python3), standard library for the tables.
"""
import csv
import json
import os
import sys

FIELDS = ["bus", "part", "path", "op", "lines", "chips", "n", "tx", "bytes",
          "bus_ns", "tx_per_op", "bytes_per_op", "bus_us_per_op",
          "med_us", "p95_us"]


def parse(console):
    cells = []
    with open(console, errors="replace") as f:
        for line in f:
            if not line.startswith("BENCH "):
                continue
            kv = dict(tok.split("=", 1) for tok in line.split()[1:] if "=" in tok)
            n = int(kv["n"])
            cell = {k: kv.get(k, "") for k in ("bus", "part", "path", "op")}
            for k in ("lines", "chips", "n", "tx", "bytes", "bus_ns"):
                cell[k] = int(kv.get(k, 0))
            cell["tx_per_op"] = cell["tx"] / n
            cell["bytes_per_op"] = cell["bytes"] / n
            cell["bus_us_per_op"] = cell["bus_ns"] / n / 1000
            cell["med_us"] = int(kv["med_ns"]) / 1000
            cell["p95_us"] = int(kv["p95_ns"]) / 1000
            cells.append(cell)
    return cells


def write_report(cells, out):
    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for c in cells:
            w.writerow(c)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"schema": "bench/README.md#results", "cells": cells}, f,
                  indent=1)
    lines = ["# Per-line versus multi-line access", "",
             "Transactions and bytes per operation are counted by the host "
             "models (exact); latency is the guest's, per operation "
             "(median and 95th percentile of n).", "",
             "| part | op | path | lines | tx/op | bytes/op | bus µs/op "
             "| median µs | p95 µs |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for c in cells:
        lines.append("| {part} | {op} | {path} | {lines} | {tx_per_op:g} | "
                     "{bytes_per_op:g} | {bus_us_per_op:.1f} | {med_us:.1f} | "
                     "{p95_us:.1f} |".format(**c))
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    out = sys.argv[1]
    cells = parse(os.path.join(out, "console.log"))
    if not cells:
        sys.exit("report: no BENCH lines in %s/console.log" % out)
    write_report(cells, out)
    print("report: %d cells -> %s/report.md, results.csv, results.json"
          % (len(cells), out))


if __name__ == "__main__":
    main()
