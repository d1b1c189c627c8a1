#!/usr/bin/python3
"""`make compare`: what a patch set or a release changes on the wire,
cell by cell, and why.

    compare.py OUT A_DIR B_DIR LABEL_A LABEL_B [KERNEL_A KERNEL_B]
    compare.py --only-cause CAUSE OUT

A_DIR and B_DIR are two bench runs (report.py already ran in each: their
results.json) of the same matrix on the same board, each on its own
kernel. Writes OUT/compare.md and OUT/compare.json: every cell whose
transactions, bytes or bus time differ between A and B, with the exact
numbers (counts are deterministic), and the latency of every cell as the
ratio B / A of the medians (never absolute times: the two runs share a
host whose load moves). Cells present in one run only are listed.

With KERNEL_A and KERNEL_B (the releases, e.g. 6.12 and 7.3; the same
one for two patch sets) each changed cell gets its causes from
bench/causes.tsv (bench/causes.py): the mainline changes between the two
releases and the patches of ours in one side's series only (A_DIR/../
patches/series); a changed cell that no cause explains is listed as
unexplained.

--only-cause CAUSE OUT (make drill): exit 0 only if OUT/compare.json
has changed cells, every one explained by CAUSE (a patch under patches/)
and by nothing else, and none unexplained.
"""
import argparse
import json
import math
import os
import sys

import causes

HERE = os.path.dirname(os.path.abspath(__file__))
# The package catalogue/ from the repository's top: a part's driver.
sys.path.insert(0, os.path.join(HERE, ".."))
from catalogue import core  # noqa: E402

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


def side(d, kernel):
    series = os.path.join(d, "..", "patches", "series")
    return {"kernel": kernel,
            "series": causes.read_series(series)
            if os.path.exists(series) else set()}


def explain(common, da, db, ka, kb):
    """The applying rows of causes.tsv and, per cell key of both runs, the
    rows that name it (whether it changed or not)."""
    if not ka:
        return [], {}
    rows = causes.applying(causes.load(), side(da, ka), side(db, kb))
    driver = {p.name: p["driver"] for p in core.load()}
    why = {}
    for k in common:
        cell = dict(zip(KEY, k))
        why[k] = [r for r in rows
                  if causes.matches(r, cell, driver.get(cell["part"]))]
    return rows, why


def cause_cell(rs):
    if not rs:
        return "**unexplained**"
    return "; ".join(short(r) for r in rs)


def short(r):
    if r["kind"] == "mainline":
        return r["cause"]
    return "ours: " + os.path.basename(r["files"][0]).split("-")[0] + \
        " " + os.path.dirname(r["files"][0])


def main(out, da, db, la, lb, ka=None, kb=None):
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
    rows, why = explain(common, da, db, ka, kb)
    changed_keys = {k for k, _, _, _ in changed}
    unexplained = [k for k, _, _, _ in changed if ka and not why[k]]
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
    if ka:
        lines.append("Causes (bench/causes.tsv, kernels %s and %s): "
                     "**%d changed cells unexplained**%s." % (
                         ka, kb, len(unexplained),
                         "" if unexplained else ", every change has its "
                         "cause"))
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
    if ka:
        lines += ["## Causes", "",
                  "The changes one kernel has and the other has not "
                  "(bench/causes.tsv), with the cells each explains:", ""]
        for r in rows:
            named = [k for k in why if r in why[k]]
            n = sum(1 for k in named if k in changed_keys)
            lines.append("- %s, in %s only: %s. It names %d cells of both "
                         "runs; %d of them change." % (
                             causes.label(r), r["side"], r["effect"],
                             len(named), n))
        if not rows:
            lines.append("- none: the two sides have the same changes")
        lines.append("")
    if changed:
        cause_head = " cause |" if ka else ""
        lines += ["## Cells that change", "",
                  "| kind | kHz | part | lines | path | op | n | "
                  "tx A → B | bytes A → B | bus µs A → B | tx/op A → B | "
                  "latency B/A |" + cause_head,
                  "|---|---:|---|---:|---|---|---:|---:|---:|---:|---:|---:|"
                  + ("---|" if ka else "")]
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
                             "%.2f" % r if r else "–") +
                         (" %s |" % cause_cell(why[k]) if ka else ""))
        lines.append("")
        # The same, folded: which (part, path, op) change, at every speed
        # and line count alike or not.
        fold = {}
        for k, ca, cb, r in changed:
            fold.setdefault((k[0], k[2], k[4], k[5]), []).append(
                (k[3], ca["tx"] / k[6], cb["tx"] / k[6]))
        lines += ["## In short", ""]
        fold_why = {}
        for k, _, _, _ in changed:
            for r in why.get(k, []):
                fold_why.setdefault((k[0], k[2], k[4], k[5]), [])
                if short(r) not in fold_why[(k[0], k[2], k[4], k[5])]:
                    fold_why[(k[0], k[2], k[4], k[5])].append(short(r))
        for (kind, part, path, op), v in sorted(fold.items()):
            per = sorted({(nl, a, b) for nl, a, b in v})
            lines.append("- %s%s %s %s: %s%s" % (
                "" if kind == "vhost" else kind + " ", part, path, op,
                "; ".join("%d lines %g → %g tx/op" % p for p in per),
                (" (%s)" % ("; ".join(fold_why[(kind, part, path, op)])
                            if (kind, part, path, op) in fold_why
                            else "**unexplained**")) if ka else ""))
        lines.append("")
    if unexplained:
        lines += ["## Unexplained", "",
                  "Changed cells that no row of bench/causes.tsv explains "
                  "(find the change, add its row):", ""]
        for k in sorted(unexplained):
            lines.append("- %s %g kHz %s %d lines %s %s" % (
                k[0], k[1] / 1000, k[2], k[3], k[4], k[5]))
        lines.append("")
    if only_a or only_b:
        lines += ["## Cells in one run only", "",
                  "| run | kind | kHz | part | lines | path | op | tx/op |",
                  "|---|---|---:|---|---:|---|---|---:|"]
        for tag, ks, R in (("A " + la, only_a, A), ("B " + lb, only_b, B)):
            for k in sorted(ks):
                c = counts(R[k])
                lines.append("| %s | %s | %g | %s | %d | %s | %s | %g |" % (
                    tag, k[0], k[1] / 1000, k[2], k[3], k[4], k[5],
                    c["tx"] / k[6] if c["tx"] is not None else float("nan")))
        lines.append("")
    with open(os.path.join(out, "compare.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "compare.json"), "w") as f:
        json.dump({"a": la, "b": lb, "cells": len(common),
                   "latency_geomean": gm,
                   "only_a": [list(k) for k in only_a],
                   "only_b": [list(k) for k in only_b],
                   "kernels": [ka, kb] if ka else None,
                   "causes": [{"cause": r["cause"], "kind": r["kind"],
                               "subject": r["subject"], "side": r["side"]}
                              for r in rows],
                   "unexplained": [list(k) for k in unexplained],
                   "changed": [{"cell": dict(zip(KEY, k)), "a": ca, "b": cb,
                                "latency_ratio": r,
                                "causes": [x["cause"]
                                           for x in why.get(k, [])]}
                               for k, ca, cb, r in changed]}, f, indent=1)
    print("\n".join(lines[:13]))
    print("compare: %s/compare.md, compare.json" % out)


def only_cause(cause, out):
    """0 if every changed cell of OUT's compare.json has CAUSE as its one
    cause and none is unexplained; 1 with the reasons otherwise."""
    with open(os.path.join(out, "compare.json")) as f:
        r = json.load(f)
    bad = []
    if not r["changed"]:
        bad.append("no cell changes")
    if r.get("kernels") is None:
        bad.append("compare.json has no causes (an old compare.py?)")
    for c in r["changed"]:
        if c["causes"] != [cause]:
            bad.append("%s: causes %s" % (
                " ".join(str(c["cell"][k]) for k in KEY),
                c["causes"] or "none (unexplained)"))
    for line in bad:
        print("compare: " + line)
    print("compare: %d changed cells, %s" % (
        len(r["changed"]), "each by %s alone" % cause if not bad else
        "%d not by %s alone" % (len(bad), cause)))
    return 1 if bad else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(
        prog="compare.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="compare.py OUT A_DIR B_DIR LABEL_A LABEL_B "
        "[KERNEL_A KERNEL_B]\n       compare.py --only-cause CAUSE OUT")
    ap.add_argument("--only-cause", metavar="CAUSE")
    ap.add_argument("args", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.only_cause is not None:
        if len(a.args) != 1:
            ap.error("--only-cause CAUSE OUT")
        sys.exit(only_cause(a.only_cause, a.args[0]))
    if len(a.args) not in (5, 7):
        ap.error("want OUT A_DIR B_DIR LABEL_A LABEL_B [KERNEL_A KERNEL_B]")
    main(*a.args)
