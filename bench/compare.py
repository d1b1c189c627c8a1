#!/usr/bin/python3
"""`make compare`: what a patch set changes on the wire, cell by cell.

    compare.py OUT A_DIR B_DIR LABEL_A LABEL_B

A_DIR and B_DIR are two bench runs (report.py already ran in each: their
results.json) of the same matrix on the same board, each on its own
kernel. Writes OUT/compare.md and OUT/compare.json: every cell whose
transactions, bytes or bus time differ between A and B, with the exact
numbers (counts are deterministic), and the latency of every cell as the
ratio B / A of the medians (never absolute times: the two runs share a
host whose load moves). Cells present in one run only are listed.
"""
import json
import math
import os
import sys

KEY = ("kind", "hz", "part", "lines", "path", "op", "n")
EXACT = ("tx", "bytes", "segs", "bus_ns")


def load(d):
    with open(os.path.join(d, "results.json")) as f:
        data = json.load(f)
    return {tuple(c[k] for k in KEY): c for c in data["cells"]}


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt_delta(a, b):
    if a is None or b is None:
        return "%s → %s" % (a, b)
    return "%s → %s (%+d)" % (a, b, b - a)


def counts(c):
    """Host counts, or the guest's for stub cells (no host counters)."""
    if c["kind"] == "stub":
        return {"tx": c["gtx"], "bytes": c["gbytes"], "segs": c["gsegs"],
                "bus_ns": None}
    return {k: c[k] for k in EXACT}


def main(out, da, db, la, lb):
    A, B = load(da), load(db)
    common = [k for k in A if k in B]
    only_a = [k for k in A if k not in B]
    only_b = [k for k in B if k not in A]
    changed, ratios = [], []
    for k in common:
        ca, cb = counts(A[k]), counts(B[k])
        ra = A[k].get("med_us")
        rb = B[k].get("med_us")
        ratio = rb / ra if ra and rb else None
        if ratio:
            ratios.append(ratio)
        if ca != cb:
            changed.append((k, ca, cb, ratio))
    gm = geomean(ratios)
    r_changed = [r for _, _, _, r in changed if r]
    r_same = [r for k in common for r in [
        B[k]["med_us"] / A[k]["med_us"]
        if A[k].get("med_us") and B[k].get("med_us") else None]
        if r and k not in {c[0] for c in changed}]

    lines = ["# Two kernels, one board: what B changes against A", "",
             "- A: `%s` (%s)" % (la, da),
             "- B: `%s` (%s)" % (lb, db), "",
             "Same matrix, same board DT and models, one kernel each. "
             "Transactions, bytes, segments and bus time are exact host "
             "counts over each cell's n operations (i2c-stub cells: the "
             "guest's tracepoint counts); latency is the ratio B / A of "
             "the median per operation, from two runs on a shared host: "
             "read it as a ratio, not as a time.", "",
             "**%d of %d cells change on the wire**; %d identical." % (
                 len(changed), len(common), len(common) - len(changed))]
    if gm:
        lines.append("Latency B / A, geometric mean of the median ratios: "
                     "%.3f over all %d cells; %s over the changed cells; "
                     "%s over the unchanged ones (what the two runs' noise "
                     "alone gives)." % (
                         gm, len(ratios),
                         "%.3f" % geomean(r_changed) if r_changed else "–",
                         "%.3f" % geomean(r_same) if r_same else "–"))
    if only_a or only_b:
        lines.append("Cells in one run only: %d in A, %d in B (%s)." % (
            len(only_a), len(only_b), ", ".join(
                "%s %s %s %s" % (k[2], k[3], k[4], k[5])
                for k in (only_a + only_b)[:8])))
    lines.append("")
    if changed:
        lines += ["## Cells that change", "",
                  "| kind | kHz | part | lines | path | op | n | "
                  "tx A → B | bytes A → B | bus µs A → B | tx/op A → B | "
                  "latency B/A |",
                  "|---|---:|---|---:|---|---|---:|---:|---:|---:|---:|---:|"]
        for k, ca, cb, r in sorted(changed, key=lambda x: (
                x[0][0], x[0][1], x[0][2], x[0][3], x[0][4], x[0][5])):
            kind, hz, part, nl, path, op, n = k
            bus = ("%.1f → %.1f" % (ca["bus_ns"] / 1000, cb["bus_ns"] / 1000)
                   if ca["bus_ns"] is not None and cb["bus_ns"] is not None
                   else "–")
            lines.append("| %s | %g | %s | %d | %s | %s | %d | %s | %s | %s "
                         "| %g → %g | %s |" % (
                             kind, hz / 1000, part, nl, path, op, n,
                             fmt_delta(ca["tx"], cb["tx"]),
                             fmt_delta(ca["bytes"], cb["bytes"]), bus,
                             ca["tx"] / n, cb["tx"] / n,
                             "%.2f" % r if r else "–"))
        lines.append("")
        # The same, folded: which (part, path, op) change, at every speed
        # and line count alike or not.
        fold = {}
        for k, ca, cb, r in changed:
            fold.setdefault((k[0], k[2], k[4], k[5]), []).append(
                (k[3], ca["tx"] / k[6], cb["tx"] / k[6]))
        lines += ["## In short", ""]
        for (kind, part, path, op), v in sorted(fold.items()):
            per = sorted({(nl, a, b) for nl, a, b in v})
            lines.append("- %s%s %s %s: %s" % (
                "" if kind == "vhost" else kind + " ", part, path, op,
                "; ".join("%d lines %g → %g tx/op" % p for p in per)))
        lines.append("")
    with open(os.path.join(out, "compare.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "compare.json"), "w") as f:
        json.dump({"a": la, "b": lb, "cells": len(common),
                   "latency_geomean": gm,
                   "only_a": [list(k) for k in only_a],
                   "only_b": [list(k) for k in only_b],
                   "changed": [{"cell": dict(zip(KEY, k)), "a": ca, "b": cb,
                                "latency_ratio": r}
                               for k, ca, cb, r in changed]}, f, indent=1)
    print("\n".join(lines[:12]))
    print("compare: %s/compare.md, compare.json" % out)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit("usage: compare.py OUT A_DIR B_DIR LABEL_A LABEL_B")
    main(*sys.argv[1:])
