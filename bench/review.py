#!/usr/bin/python3
"""`make review`: what a posted patch changes on the bus, as a reply to
paste under it.

    review.py R BASE_DIR PATCHED_DIR KERNEL
    review.py --only-cause CAUSE R   (make drill) every changed cell of
                              R/review.json named by CAUSE's row of
                              bench/causes.tsv, and none failing anew

R is the review's folder (scripts/review.sh: patches/, subjects,
base-name, plan.txt, select); BASE_DIR and PATCHED_DIR hold the merged
console of each side's bench (bench-shards.sh). Empty BASE_DIR and
PATCHED_DIR: the plan found nothing on the board the patches can reach,
and the reply says so.

Compared per cell, exactly (counts are deterministic): the vhost-user
and i2c-stub cells (transactions and bytes per operation), the
per-driver minimum cells (one multi-line request), the SPI cells
(frames), the per-edge interrupt cells (transactions per edge, and the
events user space read: fewer is "lost events", more "more events",
before any cost), the guest suite's mid-read cases (MIDREAD, pass or
fail). Latency
is compared where a cell has both medians: "beyond noise" when the
patched median, divided by the drift between the two runs (the geometric
mean of the ratios of the cells whose counts did not change), lies
outside the base's own spread (its fastest and its 95th percentile
operation) and differs by more than the run's noise: the largest move,
over the drift, of the cells whose counts stayed, and at least a factor
of 2 (on a 2-core host shared with kernel builds, medians of 8 to 24
operations of cells no patch touches moved by up to 9x between two
runs). A cell or case that fails on the patched side only is
a new failure; on the base side only, fixed.

Writes R/reply.txt (plain text, at most 72 columns), R/review.json and
R/kcidb.json (KCIDB's I/O schema v4: one checkout, one build, one test
per verdict row).
"""
import json
import math
import os
import re
import subprocess
import sys
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import consolelog  # noqa: E402
from textfile import read, write  # noqa: E402
from report import phys_min  # noqa: E402

WIDTH = 72
NOISE = 2.0


def rows(console):
    """{key: {"tx", "bytes", "min", "med", "lo", "hi", "what"}} of one
    side, and the failed records."""
    out, failed = {}, []
    if not os.path.exists(console):
        return out, failed
    gc = consolelog.guestconsole
    lines = gc.read(console)
    for c in gc.records(lines, "BENCH", consolelog.CELL_INT, strict=False):
        n = c["n"]
        host = c.get("tx") is not None
        tx = c["tx"] if host else c["gtx"]
        nb = c["bytes"] if host else c["gbytes"]
        key = ("cell", c["kind"], c["part"], c["lines"], c["path"], c["op"],
               c["hz"])
        out[key] = {"tx": tx / n, "bytes": nb / n,
                    "min": phys_min(c["part"], c["lines"], c["op"])
                    if c["kind"] == "vhost" else None,
                    "med": us(c["med_ns"]), "lo": us(c["min_ns"]),
                    "hi": us(c["p95_ns"]),
                    "what": "%s%s %d lines %s %s" % (
                        "" if c["kind"] == "vhost" else c["kind"] + " ",
                        c["part"], c["lines"], short_path(c["path"]),
                        c["op"])}
    for c in gc.records(lines, "MIN", ("n", "tx", "bytes")):
        n = c["n"]
        part = c["part"].split("@")[0]
        key = ("min", c["part"], c["op"])
        out[key] = {"tx": c["tx"] / n, "bytes": c["bytes"] / n,
                    "min": int(c["min"]) if c.get("min", "").isdigit()
                    else None, "med": None, "lo": None, "hi": None,
                    "what": "%s %s, one request" % (part, c["op"])}
    for c in gc.records(lines, "SPI", ("hz", "n", "tx", "bytes")):
        n = c["n"]
        key = ("spi", c["part"], c["path"], c["op"], c["hz"])
        out[key] = {"tx": c["tx"] / n, "bytes": c["bytes"] / n, "min": None,
                    "med": None, "lo": None, "hi": None,
                    "what": "%s %s %s (frames)" % (c["part"],
                                                   short_path(c["path"]),
                                                   c["op"])}
    seen = {}
    for c in gc.records(lines, "IRQE", ("tx", "bytes", "events")):
        k = (c["part"], c["req"], c["bus"])
        seen[k] = seen.get(k, 0) + 1
        key = ("edge",) + k + (seen[k],)
        out[key] = {"tx": c["tx"], "bytes": c["bytes"], "min": None,
                    "events": c["events"],
                    "med": None, "lo": None, "hi": None,
                    "what": "%s edge %d (%s)" % (c["part"], seen[k],
                                                 c["req"])}
    for line in lines:
        line = line.strip()
        if line.startswith("BENCH-FAIL"):
            failed.append(line.split(" ", 1)[1])
        elif line.startswith("MIDREAD ok=0 case="):
            failed.append("mid-read: " + line[len("MIDREAD ok=0 case="):])
    return out, failed


def us(ns):
    return ns / 1000 if ns is not None else None


def short_path(p):
    return {"cdev-line": "line", "cdev-multi": "multi"}.get(p, p)


def num(v):
    return "%g" % v if v is not None else "-"


def verdicts(A, B, fa, fb):
    # The two sides ran minutes apart on a shared host, so every median
    # may move alike: a cell's latency ratio counts against the geometric
    # mean of the ratios of the cells whose counts did not change (the
    # run-to-run drift), not against 1. What those cells moved beyond the
    # drift is the run's own noise: a latency change counts only beyond
    # the largest of them (and beyond NOISE), so no cell whose counts
    # stayed is ever named, and on a loaded host only a large change is.
    # i2c-stub cells: guest-only operations of microseconds, whose
    # medians move with the host's scheduling more than with a patch.
    rs = [B[k]["med"] / A[k]["med"] for k in A
          if k in B and A[k]["med"] and B[k]["med"] and k[1] != "stub" and
          (A[k]["tx"], A[k]["bytes"]) == (B[k]["tx"], B[k]["bytes"])]
    drift = math.exp(sum(math.log(r) for r in rs) / len(rs)) if rs else 1.0
    noise = max([NOISE] + [max(r / drift, drift / r) for r in rs])
    res = []
    for k in sorted(set(A) | set(B), key=str):
        a, b = A.get(k), B.get(k)
        if a is None or b is None:
            res.append({"key": k, "verdict": "only in " +
                        ("patched" if a is None else "base"),
                        "a": a, "b": b})
            continue
        if a.get("events") != b.get("events"):
            # an edge that user space no longer sees (or now does) says
            # more than what it cost
            v = "lost events" if (b["events"] or 0) < (a["events"] or 0) \
                else "more events"
        elif (a["tx"], a["bytes"]) != (b["tx"], b["bytes"]):
            v = "cheaper" if (b["tx"], b["bytes"]) < (a["tx"], a["bytes"]) \
                else "costlier"
        else:
            v = "unchanged"
        lat = None
        if a["med"] and b["med"] and k[1] != "stub":
            r = b["med"] / a["med"]
            d = r / drift
            if a["lo"] is not None and a["hi"] is not None and \
                    (b["med"] / drift < a["lo"] or
                     b["med"] / drift > a["hi"]) and \
                    (d > noise or d < 1 / noise):
                lat = d
        res.append({"key": k, "verdict": v, "a": a, "b": b,
                    "latency_ratio": lat})
    new_fail = sorted(set(fb) - set(fa))
    return res, new_fail, sorted(set(fa) - set(fb)), (noise, len(rs))


def git_head():
    try:
        return subprocess.run(["git", "-C", HERE, "rev-parse", "--short=12",
                               "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def wrap(text, indent=""):
    return textwrap.wrap(text, WIDTH, initial_indent=indent,
                         subsequent_indent=indent + "  ") or [""]


def reply(r_dir, kernel, base, subjects, plan, res, new_fail, version,
          fixed=(), noise=(NOISE, 0)):
    it = "this patch" if len(subjects) == 1 else "these patches"
    out = ["Bus cost of %s on emulated I2C/SPI GPIO expanders" % it, ""]
    out += wrap("Kernel: Linux %s (%s; base %s), bench %s." % (
        version, kernel, "pristine release" if base == "mainline"
        else "release plus the bench's series", git_head()))
    out.append("Patches:")
    for s in subjects:
        out += wrap(s, "  ")
    out.append("")
    changed = [x for x in res if x["verdict"] in ("cheaper", "costlier")]
    events = [x for x in res if x["verdict"].endswith("events")]
    lat = [x for x in res if x.get("latency_ratio")]
    same = [x for x in res if x["verdict"] == "unchanged"]
    only = [x for x in res if x["verdict"].startswith("only")]
    if not res and not new_fail and not fixed:
        out += wrap("Nothing on the bench's board can change: " +
                    "; ".join(plan))
        return out
    out += wrap("Cells measured: %d (%s)." % (len(res), "; ".join(
        p for p in plan if not p.startswith(("files:", "parts:")))))
    out.append("")
    if changed:
        out += wrap("Changed by %s (per operation or edge: " % it +
                    "transactions/bytes, base -> patched, physical "
                    "minimum):")
        out.append("")
        for x in changed:
            a, b = x["a"], x["b"]
            line = "  %s: %s/%s -> %s/%s, min %s" % (
                x["b"]["what"], num(a["tx"]), num(a["bytes"]),
                num(b["tx"]), num(b["bytes"]), num(b["min"]))
            out += textwrap.wrap(line, WIDTH, subsequent_indent="      ")
        out.append("")
    if events:
        out += wrap("Events that user space read per edge changed "
                    "(base -> patched; transactions/bytes beside):")
        out.append("")
        for x in events:
            a, b = x["a"], x["b"]
            line = "  %s: %s -> %s events, %s/%s -> %s/%s" % (
                b["what"], a["events"], b["events"], num(a["tx"]),
                num(a["bytes"]), num(b["tx"]), num(b["bytes"]))
            out += textwrap.wrap(line, WIDTH, subsequent_indent="      ")
        out.append("")
    if noise[1]:
        out += wrap("Latency noise of this run: x%.1f (the largest move "
                    "of the %d cells whose counts stayed, over their "
                    "drift; at least x%g)%s." % (
                        noise[0], noise[1], NOISE,
                        ": the host was loaded, smaller latency changes "
                        "cannot be told" if noise[0] > 2 * NOISE else ""))
        out.append("")
    if lat:
        out += wrap("Latency beyond that noise (median patched / base "
                    "over the drift, outside the base's spread):")
        for x in lat:
            out += textwrap.wrap("  %s: x%.2f" % (x["b"]["what"],
                                                  x["latency_ratio"]),
                                 WIDTH, subsequent_indent="      ")
        out.append("")
    if new_fail:
        out += wrap("New failures (fail patched, pass on the base):")
        for f in new_fail:
            out += textwrap.wrap("  " + f, WIDTH, subsequent_indent="      ")
        out.append("")
    if fixed:
        out += wrap("Fixed (fail on the base, pass patched):")
        for f in fixed:
            out += textwrap.wrap("  " + f, WIDTH, subsequent_indent="      ")
        out.append("")
    out.append("Verdict:")
    nc = sum(x["verdict"] == "cheaper" for x in changed)
    ncost = len(changed) - nc
    out += wrap("cheaper: %d cells%s" % (nc, " (caused by %s)" % it
                                         if nc else ""), "  ")
    out += wrap("costlier: %d cells%s" % (ncost, " (caused by %s)" % it
                                          if ncost else ""), "  ")
    for v in ("lost events", "more events"):
        k = sum(x["verdict"] == v for x in events)
        if k:
            out += wrap("%s: %d edge cells (caused by %s)" % (v, k, it),
                        "  ")
    out += wrap("unchanged: %d cells" % len(same), "  ")
    out += wrap("new failure: %d" % len(new_fail), "  ")
    if fixed:
        out += wrap("fixed: %d (caused by %s)" % (len(fixed), it), "  ")
    if only:
        out += wrap("in one side only: %d cells" % len(only), "  ")
    return out


def kcidb(r_dir, kernel, base, subjects, res, new_fail, version):
    origin = "expanderbench"
    ts = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    cid = "%s:%s" % (origin, os.path.basename(r_dir))
    bid = cid + ":build"
    tests = []
    for i, x in enumerate(res):
        status = {"cheaper": "PASS", "unchanged": "PASS",
                  "more events": "PASS", "costlier": "FAIL",
                  "lost events": "FAIL"}.get(x["verdict"], "SKIP")
        tests.append({"build_id": bid, "id": "%s:%d" % (cid, i),
                      "origin": origin, "path": "gpio.bus_cost." +
                      re.sub(r"[^A-Za-z0-9_]+", "_", x["b"]["what"]
                             if x["b"] else x["a"]["what"]),
                      "status": status, "start_time": ts,
                      "misc": {"verdict": x["verdict"],
                               "base": x["a"], "patched": x["b"]}})
    for i, f in enumerate(new_fail):
        tests.append({"build_id": bid, "id": "%s:fail%d" % (cid, i),
                      "origin": origin, "path": "gpio.bus_cost.failure",
                      "status": "FAIL", "start_time": ts,
                      "misc": {"record": f}})
    return {"version": {"major": 4, "minor": 0},
            "checkouts": [{"id": cid, "origin": origin,
                           "tree_name": "linux-%s-%s" % (kernel, base),
                           "git_commit_name": version,
                           "patchset_files": [
                               {"name": s, "url": "file:patches/%04d.patch"
                                % (i + 1)} for i, s in enumerate(subjects)],
                           "start_time": ts, "valid": True}],
            "builds": [{"checkout_id": cid, "id": bid, "origin": origin,
                        "architecture": "arm", "config_name":
                        "allnoconfig+bench fragments",
                        "start_time": ts, "valid": True}],
            "tests": tests}


def as_cell(key):
    """A review key as bench/causes.py matches cells: the minimum cells
    are one multi-line request (cdev-multi); per-edge cells path irq."""
    if key[0] == "cell":
        return {"kind": key[1], "part": key[2], "lines": key[3],
                "path": key[4], "op": key[5], "hz": key[6]}
    if key[0] == "min":
        return {"kind": "vhost", "part": key[1].split("@")[0],
                "path": "cdev-multi", "op": key[2]}
    if key[0] == "spi":
        return {"kind": "spi", "part": key[1], "path": key[2],
                "op": key[3]}
    return {"kind": "irq", "part": key[1], "path": "irq", "op": key[2]}


def only_cause(cause, r_dir):
    """0 if R's review changed cells, each one named by CAUSE's row of
    bench/causes.tsv, and nothing failed anew; 1 with the reasons."""
    import causes
    sys.path.insert(0, os.path.join(HERE, ".."))
    from catalogue import core
    rows = [r for r in causes.load() if r["cause"] == cause]
    if not rows:
        print("review: no row of bench/causes.tsv for %s" % cause)
        return 1
    driver = {p.name: p["driver"] for p in core.load()}
    with open(os.path.join(r_dir, "review.json")) as f:
        js = json.load(f)
    changed = [c for c in js["cells"]
               if c["verdict"] in ("cheaper", "costlier", "lost events",
                                   "more events")]
    bad = ["new failure: %s" % f for f in js["new_failures"]]
    if not changed:
        bad.append("no cell changes")
    named = 0
    for c in js["cells"]:
        cell = as_cell(c["key"])
        hit = any(causes.matches(r, cell, driver.get(cell["part"]))
                  for r in rows)
        named += hit
        if c in changed and not hit:
            bad.append("changed, not named by %s: %s" % (
                cause, " ".join(str(k) for k in c["key"])))
    for b in bad:
        print("review: " + b)
    print("review: %d of %d cells changed, %d named by %s's row; %s" % (
        len(changed), len(js["cells"]), named, os.path.basename(cause),
        "every change is one it names" if not bad else
        "%d problem(s)" % len(bad)))
    return 1 if bad else 0


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) == 4 and argv[1] == "--only-cause":
        return only_cause(argv[2], argv[3])
    if len(argv) != 5:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    r_dir, da, db, kernel = argv[1:]
    subjects = read(os.path.join(r_dir, "subjects")).splitlines()
    base = read(os.path.join(r_dir, "base-name")).strip()
    plan = read(os.path.join(r_dir, "plan.txt")).splitlines()
    if da:
        A, fa = rows(os.path.join(da, "console.log"))
        B, fb = rows(os.path.join(db, "console.log"))
        version = consolelog.guest_kernel(os.path.join(db, "console.log"))
    else:
        A = B = {}
        fa = fb = []
        version = kernel
    res, new_fail, fixed, noise = verdicts(A, B, fa, fb)
    text = reply(r_dir, kernel, base, subjects, plan, res, new_fail, version,
                 fixed, noise)
    assert all(len(l) <= WIDTH for l in text), [l for l in text
                                                if len(l) > WIDTH]
    write(os.path.join(r_dir, "reply.txt"), "\n".join(text) + "\n")
    js = {"kernel": kernel, "version": version, "base": base,
          "bench": git_head(), "subjects": subjects, "plan": plan,
          "cells": [{"key": list(x["key"]), "verdict": x["verdict"],
                     "base": x["a"], "patched": x["b"],
                     "latency_ratio": x.get("latency_ratio")}
                    for x in res],
          "new_failures": new_fail, "fixed": fixed,
          "latency_noise": noise[0], "latency_noise_cells": noise[1]}
    with open(os.path.join(r_dir, "review.json"), "w") as f:
        json.dump(js, f, indent=1)
    with open(os.path.join(r_dir, "kcidb.json"), "w") as f:
        json.dump(kcidb(r_dir, kernel, base, subjects, res, new_fail,
                        version), f, indent=1)
    print("\n".join(text))
    print("review: %s/reply.txt, review.json, kcidb.json" % r_dir)
    return 1 if new_fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
