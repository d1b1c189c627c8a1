#!/usr/bin/python3
"""bench/causes.py and compare.py's causes: the committed table loads
(every patch of ours exists and has the subject the table gives); a row
applies by release or by series, only when one side has its change; a
changed cell gets the rows that name it, or is listed as unexplained;
--only-cause accepts a run whose every change has that one cause and
refuses one with an unexplained cell. Ends with "N passed, N failed";
`make test-host`.
"""
import io
import json
import os
import shutil
import sys
import tempfile
from contextlib import redirect_stdout

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import check  # noqa: E402
import tap  # noqa: E402
import causes  # noqa: E402
import compare  # noqa: E402

HEAD = "\t".join(causes.COLUMNS)
DRILL = ("drill/7.3/0001-Revert-gpiolib-fix-performance-regression-when-"
         "using.patch")


def table(d, *rows):
    p = os.path.join(d, "causes.tsv")
    with open(p, "w") as f:
        f.write("# test\n" + HEAD + "\n" +
                "".join("\t".join(r) + "\n" for r in rows))
    return p


def refused(d, row, why):
    try:
        causes.load(table(d, row))
    except causes.CausesError as e:
        return why in str(e), str(e)
    return False, "loaded"


def cell(path, op, tx, part="pca9555", hz=100000):
    return {"kind": "vhost", "hz": hz, "part": part, "lines": 16,
            "path": path, "op": op, "n": 100, "tx": tx, "bytes": 3 * tx,
            "segs": tx, "bus_ns": tx * 1000, "gtx": tx, "gbytes": 3 * tx,
            "gsegs": tx, "med_us": 100.0}


def run(d, name, cells, series):
    os.makedirs(os.path.join(d, name, "bench"))
    os.makedirs(os.path.join(d, name, "patches"))
    with open(os.path.join(d, name, "bench", "results.json"), "w") as f:
        json.dump({"schema_version": 1, "cells": cells}, f)
    with open(os.path.join(d, name, "patches", "series"), "w") as f:
        f.write("".join(s + "\n" for s in series))
    return os.path.join(d, name, "bench")


def main():
    rows = causes.load()
    check("the committed table loads", len(rows) >= 2, len(rows))
    check("its mainline ids are 12 hex digits",
          all(len(r["cause"]) == 12 for r in rows
              if r["kind"] == "mainline"))
    d = tempfile.mkdtemp(prefix="test_causes.")
    try:
        ok, e = refused(d, ["abc", "mainline", "6.17", "*", "*", "*", "s",
                            "e"], "12-character")
        check("a short commit id is refused", ok, e)
        ok, e = refused(d, ["2aa8ccab5ae6", "upstream", "6.17", "*", "*",
                            "*", "s", "e"], "kind")
        check("an unknown kind is refused", ok, e)
        ok, e = refused(d, ["2aa8ccab5ae6", "mainline", "v6.17", "*", "*",
                            "*", "s", "e"], "releases")
        check("a release that is no X.Y is refused", ok, e)
        ok, e = refused(d, ["7.3/upstream/9999-nothing.patch", "ours", "-",
                            "*", "*", "*", "s", "e"], "no patches/")
        check("a patch of ours that does not exist is refused", ok, e)
        ok, e = refused(d, [DRILL, "ours", "-", "*", "*", "*",
                            "another subject", "e"], "subject")
        check("a patch of ours under another subject is refused", ok, e)

        mk = ["111111111111", "mainline", "6.17", "gpio-pca953x", "sysfs",
              "set-*", "one", "e"]
        win = ["222222222222", "mainline", "6.15..6.16", "*", "cdev-*",
               "get-all", "two", "e"]
        rs = causes.load(table(d, mk, win))

        def app(ka, kb, sa=(), sb=()):
            return [r["cause"] for r in causes.applying(
                rs, {"kernel": ka, "series": set(sa)},
                {"kernel": kb, "series": set(sb)})]
        check("a mainline change applies between releases that straddle it",
              app("6.12", "7.3") == ["111111111111"], app("6.12", "7.3"))
        check("and not between two kernels that both have it",
              app("6.17", "7.3") == [], app("6.17", "7.3"))
        check("a change fixed later applies only inside its window",
              app("6.12", "6.15.4") == ["222222222222"] and
              app("6.15", "6.16") == ["222222222222"] and
              app("6.14", "6.16") == [],
              (app("6.12", "6.15.4"), app("6.15", "6.16")))
        side = causes.applying(rs, {"kernel": "7.3", "series": set()},
                               {"kernel": "6.12", "series": set()})
        check("the side that has it", side[0]["side"] == "A", side)
        r = causes.load()
        drill = [x for x in r if x["cause"] == DRILL]
        got = causes.applying(drill, {"kernel": "7.3", "series": set()},
                              {"kernel": "7.3", "series": {DRILL}})
        check("a patch of ours applies when one series has it",
              len(got) == 1 and got[0]["side"] == "B", got)
        got = causes.applying(drill, {"kernel": "7.3", "series": {DRILL}},
                              {"kernel": "7.3", "series": {DRILL}})
        check("and not when both have it", got == [], got)
        check("a row names a cell by driver, path and op",
              causes.matches(rs[0], cell("sysfs", "set-all", 1),
                             "gpio-pca953x") and
              not causes.matches(rs[0], cell("sysfs", "get-all", 1),
                                 "gpio-pca953x") and
              not causes.matches(rs[0], cell("sysfs", "set-all", 1,
                                             "pcf8574"), "gpio-pcf857x"))

        # compare.py on two made-up runs of one kernel, the drill in B:
        # a get cell the revert names changes (explained), a set cell
        # changes too (unexplained), a sysfs get stays.
        a = run(d, "A", [cell("cdev-multi", "get-all", 100),
                         cell("cdev-multi", "set-all", 100),
                         cell("sysfs", "get-all", 1600)], [])
        link = os.path.join(d, "B", "patches", "user-0001.patch")
        b = run(d, "B", [cell("cdev-multi", "get-all", 1700),
                         cell("cdev-multi", "set-all", 200),
                         cell("sysfs", "get-all", 1600)],
                ["user-0001.patch"])
        os.symlink(os.path.join(causes.PATCHES, DRILL), link)
        check("a linked user patch reads as its path under patches/",
              causes.read_series(os.path.join(d, "B", "patches", "series"))
              == {DRILL})
        with redirect_stdout(io.StringIO()):
            compare.main(d, a, b, "series", "+drill", "7.3", "7.3")
        with open(os.path.join(d, "compare.json")) as f:
            js = json.load(f)
        with open(os.path.join(d, "compare.md")) as f:
            md = f.read()
        why = {c["cell"]["op"]: c["causes"] for c in js["changed"]}
        check("the get cell has the drill as its cause",
              why.get("get-all") == [DRILL], why)
        check("the set cell is unexplained", why.get("set-all") == [] and
              len(js["unexplained"]) == 1, js["unexplained"])
        check("report: unexplained counted and listed",
              "**1 changed cells unexplained**" in md and
              "## Unexplained" in md and "**unexplained**" in md, md)
        check("report: the cause named per cell", "| ours: 0001 drill/7.3 |"
              in md, md)
        check("report: a cause's cells named and changed",
              "It names 1 cells of both runs; 1 of them change." in md, md)
        with redirect_stdout(io.StringIO()):
            rc = compare.only_cause(DRILL, d)
        check("--only-cause refuses an unexplained cell", rc == 1)
        shutil.rmtree(os.path.join(d, "B"))
        b = run(d, "B", [cell("cdev-multi", "get-all", 1700),
                         cell("cdev-multi", "set-all", 100),
                         cell("sysfs", "get-all", 1600)],
                ["user-0001.patch"])
        os.symlink(os.path.join(causes.PATCHES, DRILL), link)
        with redirect_stdout(io.StringIO()):
            compare.main(d, a, b, "series", "+drill", "7.3", "7.3")
            rc = compare.only_cause(DRILL, d)
        check("--only-cause accepts a run changed by the drill alone",
              rc == 0)
        with redirect_stdout(io.StringIO()):
            compare.main(d, a, a, "series", "series", "7.3", "7.3")
            rc = compare.only_cause(DRILL, d)
        check("--only-cause refuses a run where nothing changes", rc == 1)
    finally:
        shutil.rmtree(d)
    return tap.summary()


if __name__ == "__main__":
    sys.exit(main())
