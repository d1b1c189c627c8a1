#!/usr/bin/python3
"""bench/compare.py on two made-up runs: exactly the cells whose counts
differ are listed, with both values; cells in one run only are named;
latency is a ratio. Ends with "N passed, N failed"; `make test-host`.
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import check  # noqa: E402
import tap  # noqa: E402
import compare  # noqa: E402

def cell(path, op, tx, nbytes, med_us, part="pca9555", kind="vhost"):
    c = {"kind": kind, "hz": 100000, "part": part, "lines": 16,
         "path": path, "op": op, "n": 100, "tx": tx, "bytes": nbytes,
         "segs": tx, "bus_ns": (tx + 9 * nbytes + tx) * 10000,
         "gtx": tx, "gbytes": nbytes, "gsegs": tx, "med_us": med_us}
    return c


def write(d, cells):
    os.makedirs(d)
    with open(os.path.join(d, "results.json"), "w") as f:
        json.dump({"schema_version": 1, "cells": cells}, f)


def main():
    d = tempfile.mkdtemp(prefix="test_compare.")
    try:
        a = [cell("cdev-multi", "set-all", 200, 800, 900),
             cell("block-dev:pca16", "set-all", 200, 800, 880),
             cell("sysfs", "set-all", 1600, 4800, 9000),
             cell("cdev-line", "get-all", 1600, 6400, 9900),
             cell("aggregator:ordered", "set-all", 200, 600, 700, "span24")]
        b = [cell("cdev-multi", "set-all", 100, 400, 450),
             cell("block-dev:pca16", "set-all", 100, 400, 440),
             cell("sysfs", "set-all", 1600, 4800, 9000),
             cell("cdev-line", "get-all", 1600, 6400, 9900),
             cell("gpiod-tools", "set-all", 2000, 6000, 50000)]
        write(os.path.join(d, "A"), a)
        write(os.path.join(d, "B"), b)
        compare.main(d, os.path.join(d, "A"), os.path.join(d, "B"),
                     "-0012", "series")
        with open(os.path.join(d, "compare.json")) as f:
            r = json.load(f)
        with open(os.path.join(d, "compare.md")) as f:
            md = f.read()
        ch = sorted(c["cell"]["path"] for c in r["changed"])
        check("exactly the two changed cells", ch == ["block-dev:pca16",
                                                     "cdev-multi"], ch)
        check("4 common cells", r["cells"] == 4)
        one = {tuple(x)[4] for x in r["only_a"] + r["only_b"]}
        check("cells in one run only named",
              one == {"aggregator:ordered", "gpiod-tools"}, one)
        check("both values, exact", "200 → 100 (-100)" in md and
              "800 → 400 (-400)" in md, md)
        lat = [c["latency_ratio"] for c in r["changed"]]
        check("latency as ratio B/A", all(abs(x - 0.5) < 1e-9 for x in lat),
              lat)
        check("counts summary", "**2 of 4 cells change on the wire**" in md)
    finally:
        shutil.rmtree(d)
    return tap.summary()


if __name__ == "__main__":
    sys.exit(main())
