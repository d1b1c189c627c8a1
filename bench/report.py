#!/usr/bin/python3
"""Turn one bench run into results.csv, results.json, report.md, PNG plots
and VCD files (bench/README.md describes them all).

Input: DIR/console.log ("BENCH key=value ..." lines that run-bench and
gpiobench printed in the guest, one per cell; "STUB" lines; "# bench:"
stage times) and DIR/bus.log (the host's log, LOG-FORMAT.md). If DIR
holds a results.json from an earlier run, it becomes results.prev.json
and the report compares the two. Debian's python3 (/usr/bin/python3).
"""
import argparse
import csv
import json
import math
import os
import sys

import buslog
import consolelog
from matrix import OPS, PATHS, path_kind
import mainline
import shardtime
import wire

# The package catalogue/ from the repository's top.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from catalogue import core  # noqa: E402

SCHEMA_VERSION = 1
FIELDS = ["kind", "hz", "part", "path", "op", "lines", "chips", "n",
          "tx", "bytes", "segs", "bus_ns", "gtx", "gbytes", "gsegs", "glost",
          "agree", "tx_per_op", "bytes_per_op", "bus_us_per_op",
          "gbus_us_per_op", "phys_min_tx", "min_us", "med_us", "p95_us",
          "cpu_ns_per_tx", "pins_per_op", "skew_bus_us", "skew_wall_us"]

# I2C addresses behind each part's lines, in the order of the bench's
# line specs: the bench's parts of the catalogue (catalogue/parts.tsv),
# one address per 8-line port group of a part with two address groups
# (a max7325: group A, lines 0-7, at reg, group B at reg - 0x10); the
# 24-line span is a pcf8574 (lines 0-7) and a pcf8575 (8-23), two chips.
ADDRESS_OF_LINE = {
    p.name: (lambda i: i // 8) if len(p.groups()) > 1 else (lambda i: 0)
    for p in core.load() if p["bench"] != "-"}
ADDRESS_OF_LINE["span24"] = lambda i: 0 if i < 8 else 1


def op_lines(op, nl):
    if op == "set-mask":
        return range((nl + 1) // 2)
    if op == "rmw":
        return range(1)
    return range(nl)


def phys_min(part, nl, op):
    """Fewest transactions the operation can take on the wire: one per
    I2C address whose ports it touches (every part here takes all its
    ports at one address in one transaction); a read-modify-write is a
    read and a write."""
    if op == "rmw":
        return 2
    f = ADDRESS_OF_LINE[part]
    return len({f(i) for i in op_lines(op, nl)})


def bus_us(hz, segs, nbytes, tx):
    """The bus clock (expander-models/LOG-FORMAT.md): 1 clock per START
    or repeated START, 9 per byte, 1 per STOP."""
    return (segs + 9 * nbytes + tx) * 1e6 / hz if hz else None


def derive(cells, buses):
    for c in cells:
        n = c["n"]
        host = c["tx"] is not None
        c["min_us"] = c["min_ns"] / 1000 if c["min_ns"] is not None \
            else None
        c["med_us"] = c["med_ns"] / 1000
        c["p95_us"] = c["p95_ns"] / 1000
        c["phys_min_tx"] = phys_min(c["part"], c["lines"], c["op"])
        c["tx_per_op"] = (c["tx"] if host else c["gtx"]) / n
        c["bytes_per_op"] = (c["bytes"] if host else c["gbytes"]) / n
        c["bus_us_per_op"] = c["bus_ns"] / n / 1000 if host else None
        c["gbus_us_per_op"] = (bus_us(c["hz"], c["gsegs"], c["gbytes"],
                                      c["gtx"]) / n if c["hz"] else None)
        c["agree"] = (host and c["tx"] == c["gtx"] and
                      c["bytes"] == c["gbytes"] and c["segs"] == c["gsegs"]
                      and abs(c["bus_us_per_op"] - c["gbus_us_per_op"]) < 0.01
                      and c["glost"] == 0) if host else None
        c["cpu_ns_per_tx"] = (c["cpu_ns"] / c["cpu_tx"]
                              if host and c["cpu_tx"] else None)
        c["pins_per_op"] = c["skew_bus_us"] = c["skew_wall_us"] = None
        c["_ops"] = None
        if host and buses is not None and c["win"]:
            cops = buslog.ops(buses, c["win"], n)
            c["_ops"] = cops
            pins, sb, sw = buslog.skew(cops)
            c["pins_per_op"] = pins
            c["skew_bus_us"] = sb / 1000 if sb is not None else None
            c["skew_wall_us"] = sw / 1000 if sw is not None else None


def fmt(v, spec="{:g}"):
    return "–" if v is None else spec.format(v)


def index(cells, kind="vhost", hz=None):
    """(part, lines, path kind, op) -> cell, at one speed."""
    return {(c["part"], c["lines"], path_kind(c["path"]), c["op"]): c
            for c in cells if c["kind"] == kind and (hz is None or
                                                       c["hz"] == hz)}


def combos(cells):
    seen = []
    for c in cells:
        k = (c["part"], c["lines"])
        if c["kind"] == "vhost" and k not in seen:
            seen.append(k)
    return seen


def largest(cells):
    """Each part's largest line count: [(part, lines)]."""
    best = {}
    for part, nl in combos(cells):
        best[part] = max(best.get(part, 0), nl)
    return list(best.items())


def table(head, rows, align=None):
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join(align or ["---"] + ["---:"] * (len(head) - 1)) + "|"]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return out


def section_counts(cells, speeds, out):
    lo = index(cells, hz=speeds[0])
    same = all(
        all((c["tx"], c["bytes"], c["segs"]) ==
            (lo[k]["tx"], lo[k]["bytes"], lo[k]["segs"])
            for k, c in index(cells, hz=hz).items() if k in lo)
        for hz in speeds)
    out += ["## Transactions per operation", "",
            "Counted by the host models; the guest's tracepoints agree "
            "(next section). %s The row *physical minimum* is one "
            "transaction per I2C address the operation touches (two for "
            "a read-modify-write)." % (
                "Identical at every bus speed (checked cell by cell)."
                if same else "**Counts differ between bus speeds.**"), ""]
    rows = []
    for part, nl in combos(cells):
        for pk in PATHS:
            r = [part, nl, pk]
            for op in OPS:
                c = lo.get((part, nl, pk, op))
                r.append(fmt(c and c["tx_per_op"]))
            rows.append(r)
        rows.append([part, nl, "**physical minimum**"] +
                    ["**%d**" % phys_min(part, nl, op) for op in OPS])
    out += table(["part", "lines", "path"] + OPS, rows,
                 ["---", "---:", "---"] + ["---:"] * 5)
    out.append("")


def speed_rows(cells, speeds, ops, show, first=None):
    """Rows part, lines, path, op, [first(c) at the lowest speed], then
    show(c) per speed, for each part's largest line count."""
    rows = []
    ix = {hz: index(cells, hz=hz) for hz in speeds}
    for part, nl in largest(cells):
        for pk in PATHS:
            for op in ops:
                r = [part, nl, pk, op]
                for hz in speeds:
                    c = ix[hz].get((part, nl, pk, op))
                    if first and hz == speeds[0]:
                        r.append(first(c))
                    r.append(show(c))
                rows.append(r)
    return rows


def section_bytes(cells, speeds, out):
    out += ["## Bus bytes and bus time per operation", "",
            "Bytes on the wire (address bytes included) and bus time "
            "(9 clocks per byte, 1 per START and STOP), from the host "
            "counters, at each part's largest line count.", ""]
    rows = speed_rows(cells, speeds, ("set-all", "get-all"),
                      lambda c: fmt(c and c["bus_us_per_op"], "{:.1f}"),
                      lambda c: fmt(c and c["bytes_per_op"]))
    head = ["part", "lines", "path", "op", "bytes/op"] + \
        ["bus µs/op %g kHz" % (hz / 1000) for hz in speeds]
    out += table(head, rows, ["---", "---:", "---", "---"] +
                 ["---:"] * (len(head) - 4))
    out.append("")


def section_observations(cells, speeds, out):
    """What a maintainer reads first: per-line against block at each
    part's largest line count, and where bytes per transaction differ
    between the two per-line paths."""
    lo = index(cells, hz=speeds[0])
    rows = []
    for part, nl in largest(cells):
        pl = lo.get((part, nl, "cdev-line", "set-all"))
        bd = lo.get((part, nl, "block-dev", "set-all"))
        if not pl or not bd:
            continue
        rows.append([part, nl, fmt(pl["tx_per_op"]), fmt(bd["tx_per_op"]),
                     "%.0f / %.0f" % (pl["bus_us_per_op"], bd["bus_us_per_op"]),
                     "%.1f" % (pl["bus_us_per_op"] / bd["bus_us_per_op"]),
                     "%.0f / %.0f" % (pl["med_us"], bd["med_us"]),
                     "%.1f" % (pl["med_us"] / bd["med_us"])])
    out += ["## At a glance", "",
            "set-all of every line, %g kHz: one line request per line "
            "(cdev-line) against /dev/gpioblock/<name>." % (speeds[0] / 1000), ""]
    out += table(["part", "lines", "tx/op per-line", "tx/op block",
                  "bus µs/op per-line / block", "bus time ×",
                  "median µs per-line / block", "latency ×"], rows,
                 ["---"] + ["---:"] * 7)
    notes = []
    for part, nl in largest(cells):
        for op in ("set-all", "get-all"):
            a = lo.get((part, nl, "sysfs", op))
            b = lo.get((part, nl, "cdev-line", op))
            if a and b and a["bytes"] * b["tx"] != b["bytes"] * a["tx"]:
                notes.append("%s %s: %g bytes per transaction through "
                             "sysfs, %g through cdev-line" % (
                                 part, op, a["bytes"] / a["tx"],
                                 b["bytes"] / b["tx"]))
    if notes:
        out += ["", "Per-line paths that put different bytes on the wire "
                "for the same line: " + "; ".join(notes) + ". (pca953x: "
                "sysfs goes through set()/get(), one register; the v2 "
                "character device through set_multiple()/get_multiple() "
                "even for one line, which with patch gpio-pca953x/0001 moves the "
                "register pair.)"]
    out.append("")


def section_agree(cells, out):
    host = [c for c in cells if c["kind"] == "vhost"]
    bad = [c for c in host if not c["agree"]]
    out += ["## Host log against guest tracepoints", "",
            "Per cell: transactions, bus bytes and segments from the host's "
            "counters against the guest's i2c/smbus tracepoints over the "
            "same window, and bus time from each (guest: computed from its "
            "bytes and segments at the bus speed).", "",
            "**%d of %d cells agree exactly%s.**" % (
                len(host) - len(bad), len(host),
                "" if not bad else "; these do not"), ""]
    if bad:
        out += table(["hz", "part", "lines", "path", "op", "host tx/bytes/segs",
                      "guest tx/bytes/segs", "lost"],
                     [[c["hz"], c["part"], c["lines"], c["path"], c["op"],
                       "%s/%s/%s" % (c["tx"], c["bytes"], c["segs"]),
                       "%s/%s/%s" % (c["gtx"], c["gbytes"], c["gsegs"]),
                       c["glost"]] for c in bad])
        out.append("")


def section_latency(cells, speeds, out):
    out += ["## Guest latency per operation", "",
            "Median and 95th percentile over n operations, in µs, with the "
            "models pacing every transaction in real time (PACED=1). The "
            "guest is emulated (TCG) on a shared host: compare ratios "
            "within one run, not absolute values.", ""]
    rows = speed_rows(cells, speeds, ("set-all", "get-all", "rmw"),
                      lambda c: "%s / %s" % (fmt(c and c["med_us"], "{:.0f}"),
                                             fmt(c and c["p95_us"], "{:.0f}")))
    out += table(["part", "lines", "path", "op"] +
                 ["%g kHz med / p95" % (hz / 1000) for hz in speeds], rows,
                 ["---", "---:", "---", "---"] + ["---:"] * len(speeds))
    out.append("")


def section_cpu(cells, out):
    by = {}
    for c in cells:
        if c["cpu_ns_per_tx"] is not None:
            by.setdefault(path_kind(c["path"]), []).append(c["cpu_ns_per_tx"])
    out += ["## Daemon CPU time per transaction", "",
            "Host CPU time of expander-daemon (control `cpu`: user + system) "
            "over each cell's operations, divided by its transactions; "
            "median and range over the cells of each path.", ""]
    out += table(["path", "cells", "median µs/tx", "min", "max"],
                 [[pk, len(v), "%.1f" % (buslog.median(v) / 1000),
                   "%.1f" % (min(v) / 1000), "%.1f" % (max(v) / 1000)]
                  for pk, v in ((p, by.get(p, [])) for p in PATHS) if v])
    out.append("")


def not_measured(out, title, why):
    """A claim the run has no data for is said to be so, under its own
    title: never left out, never confirmed or refuted on nothing."""
    out += [title, "", "**Not measured**: %s." % why, ""]


def latency_method(cells, pairs):
    """How the latency medians were obtained: repetitions per path and
    the spread they had (min and 95th percentile over the median)."""
    by = {}
    for c in cells:
        if c["kind"] == "vhost" and c["med_ns"]:
            by.setdefault(path_kind(c["path"]), []).append(c)
    parts = []
    for pk, cs in sorted(by.items()):
        ns = sorted({c["n"] for c in cs})
        lo = [c["min_ns"] / c["med_ns"] for c in cs if c["min_ns"]]
        hi = [c["p95_ns"] / c["med_ns"] for c in cs if c["p95_ns"]]
        parts.append("%s n = %s (fastest %.2f, 95th percentile %.2f of "
                     "the median, medians over %d cells)" % (
                         pk, "/".join(map(str, ns)),
                         buslog.median(lo) if lo else float("nan"),
                         buslog.median(hi) if hi else float("nan"), len(cs)))
    pn = sorted({str(p["n"]) for p in pairs})
    return ("Latency: each cell's median of its n timed operations, after "
            "2 untimed warm-ups (libgpiod's tools: 1; counts do not depend "
            "on n: they are exact per operation); per path: %s. The paired "
            "runs of claim 2: n "
            "= %s per path, alternating." % ("; ".join(parts) or "none",
                                              ", ".join(pn) or "none"))


def claim_minimum(cells, out):
    blocks = [c for c in cells if c["kind"] == "vhost" and
              path_kind(c["path"]).startswith("block")]
    over = [c for c in blocks if c["tx_per_op"] != c["phys_min_tx"]]
    parts = sorted({c["part"] for c in blocks})
    title = "### 1. Block access costs the physical minimum of transactions"
    if not blocks:
        return not_measured(out, title, "the run has no block-dev or "
                            "block-sysfs cell on the host models")
    out += [title,
            "",
            "%s: %d of %d block cells (/dev/gpioblock/<name> and "
            "/sys/class/gpioblock, parts %s, every operation, line count "
            "and speed) take exactly the physical minimum." % (
                "**Confirmed**" if not over else "**Refuted**",
                len(blocks) - len(over), len(blocks), ", ".join(parts)), ""]
    if over:
        out += table(["hz", "part", "lines", "path", "op", "tx/op", "minimum"],
                     [[c["hz"], c["part"], c["lines"], c["path"], c["op"],
                       c["tx_per_op"], c["phys_min_tx"]] for c in over])
        out.append("")


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def pair_ratios(pairs, key):
    """(hz, part, lines, op) -> /dev/gpioblock/<name> key / cdev-multi key, from
    the paired runs (the two paths alternately, operation by operation)."""
    return {(p["hz"], p["part"], p["lines"], p["op"]):
            p["b_" + key] / p[key] for p in pairs if p[key]}


def claim_latency(cells, pairs, out):
    med = pair_ratios(pairs, "med_ns")
    if not med:
        return not_measured(
            out, "### 2. /dev/gpioblock/<name> costs no more latency than "
            "the multi-line character device", "the run has no paired "
            "cells (PAIR lines of run-bench: block-dev and cdev-multi "
            "alternated in one gpiobench)")
    fast = pair_ratios(pairs, "min_ns")
    rs = sorted(med.values())
    gm = geomean(rs)
    worst = sorted(med.items(), key=lambda kv: -kv[1])[:5]
    apart = block_ratios(cells, "med_us")
    ok = gm <= 1.05
    out += ["### 2. /dev/gpioblock/<name> costs no more latency than the multi-line "
            "character device", "",
            "Ratio of median latencies, /dev/gpioblock/<name> over cdev-multi (GPIO "
            "v2, one masked request per chip) for the same lines, from "
            "paired runs: one gpiobench process alternates the two paths "
            "operation by operation (n = %s each), so both see the same "
            "host load. %d cells (every part, line count, operation and "
            "speed): geometric mean **%.3f**, median %.3f, range %.3f .. "
            "%.3f; %d cells above 1.10, %d below 0.90. Fastest operation "
            "instead of the median: geometric mean %.3f. The same ratio "
            "from the unpaired cells (measured seconds apart): geometric "
            "mean %.3f. Verdict (geometric mean of the paired median ratios "
            "at most 1.05, the noise allowed for an emulated guest on a "
            "shared host): **%s**." % (
                ", ".join(sorted({str(p["n"]) for p in pairs})), len(rs), gm,
                buslog.median(rs), rs[0], rs[-1], sum(r > 1.10 for r in rs),
                sum(r < 0.90 for r in rs), geomean(list(fast.values())),
                geomean(list(apart.values())) if apart else float("nan"),
                "confirmed" if ok else "refuted"), "",
            "Highest paired median ratios: " + "; ".join(
                "%.2f (%s %d lines %s, %g kHz)" % (r, p, nl, op, hz / 1000)
                for (hz, p, nl, op), r in worst) + ".", ""]


def claim_skew(cells, out):
    rows, good, total = [], 0, 0
    for c in cells:
        if (c["kind"] != "vhost" or c["op"] not in ("set-all", "toggle") or
                c["lines"] < 2 or c["lines"] > 8 or c["part"] == "span24" or
                c["skew_bus_us"] is None):
            continue
        nl = c["lines"]
        t_tx = c["bus_us_per_op"] / c["tx_per_op"]
        per_line = path_kind(c["path"]) in ("sysfs", "cdev-line")
        want = (nl - 1) * t_tx if per_line else 0.0
        ok = abs(c["skew_bus_us"] - want) < 0.01 and c["pins_per_op"] == nl
        total += 1
        good += ok
        if c["hz"] == 100000 and c["op"] == "set-all":
            rows.append([c["part"], nl, c["path"], c["pins_per_op"],
                         "%.1f" % c["skew_bus_us"], "%.1f" % want,
                         fmt(c["skew_wall_us"], "{:.0f}"),
                         "yes" if ok else "**no**"])
    title = ("### 3. Skew inside one port: zero for block access, (N-1) "
             "transaction times per line")
    if not total:
        return not_measured(out, title, "the run has no set-all or toggle "
                            "cell of 2 to 8 lines with pin changes in the "
                            "host log")
    out += [title, "",
            "From the host log: per operation, the last pin change minus "
            "the first, on the bus clock (pins change at the ACK of the "
            "data byte that carries them) and on host wall time; median "
            "over the operations. Cells: set-all and toggle, 2 to 8 lines "
            "of one port of one chip, every part and speed. Expected: 0 "
            "for cdev-multi and the block paths, (N-1) x the bus time of "
            "one transaction for sysfs and cdev-line.", "",
            "**%s**: %d of %d cells match exactly." % (
                "Confirmed" if good == total else "Refuted",
                good, total), ""]
    out += table(["part", "lines", "path", "pins/op", "skew bus µs",
                  "expected µs", "skew wall µs", "match"], rows,
                 ["---", "---:", "---", "---:", "---:", "---:", "---:", "---"])
    out += ["", "(Table: set-all at 100 kHz.)", ""]


def section_stub(cells, stubs, out):
    st = index(cells, kind="stub")
    vh = index(cells, hz=min(c["hz"] for c in cells if c["kind"] == "vhost"))
    out += ["## i2c-stub: the guest's own bus, no host behind it", "",
            "The pca953x parts instantiated on `i2c-stub` (new_device) run "
            "the same operations; their counts come from the guest's "
            "tracepoints only (smbus_* events: the stub has no plain-I2C "
            "transfer, so the pca953x regmap uses SMBus I2C-block "
            "transfers). Beside them the vhost-user counts of the same "
            "part, lines, path and operation.", ""]
    rows = []
    for (part, nl, pk, op), c in sorted(st.items(),
                                        key=lambda kv: (kv[0][0], kv[0][1],
                                                        PATHS.index(kv[0][2]),
                                                        OPS.index(kv[0][3]))):
        v = vh.get((part, nl, pk, op))
        same = v and v["tx_per_op"] == c["tx_per_op"] and \
            v["bytes_per_op"] == c["bytes_per_op"]
        rows.append([part, nl, pk, op, fmt(c["tx_per_op"]),
                     fmt(c["bytes_per_op"]), fmt(v and v["tx_per_op"]),
                     fmt(v and v["bytes_per_op"]),
                     "same" if same else "**differs**"])
    out += table(["part", "lines", "path", "op", "stub tx/op",
                  "stub bytes/op", "vhost tx/op", "vhost bytes/op", ""],
                 rows, ["---", "---:", "---", "---"] + ["---:"] * 4 + ["---"])
    differ = sorted({(r[0], r[2]) for r in rows if r[-1] != "same"})
    out += ["", "Same counts in %d of %d cells. Where they differ: %s." % (
        sum(r[-1] == "same" for r in rows), len(rows),
        ", ".join("%s %s" % d for d in differ) or "nowhere"), "",
        STUB_DIFF]
    out += ["", "What the guest saw when it put the byte-only parts on the "
            "stub:", ""]
    for s in stubs:
        out.append("- `" + " ".join("%s=%s" % kv for kv in s.items()) + "`")
    out += ["", STUB_WHY, ""]


STUB_DIFF = """Why they differ: patch gpio-pca953x/0001 gives the
two-bank parts (pca9555) a register-pair regmap, one transaction for
both ports, only on adapters that can do plain I2C transfers; an
SMBus-only adapter such as i2c-stub keeps the single-register regmap
of stock 6.12. There every set_multiple()/get_multiple() of a pca9555
costs one transaction per port register (2 instead of 1; cdev-line
goes through set_multiple() even for one line), which is what stock
6.12 puts on any bus. Single-line sysfs access (set()/get(), one
register) and the one-bank tca6408 count the same on both buses."""


STUB_WHY = """Why i2c-stub cannot serve pcf857x and max732x (checked against
the 6.12 sources and the STUB lines above): i2c-stub is an SMBus
register file, a pointer and 256 registers per address, without a
`master_xfer`. gpio-pcf857x drives 16-line parts (pcf8575) with
`i2c_master_send()`/`i2c_master_recv()` and refuses an adapter without
I2C_FUNC_I2C before any transfer (probe -EIO, dev_dbg only): the device
stays unbound and its probe puts no SMBus call on the stub.
gpio-max732x takes its port layout from platform data or its DT node;
a `new_device` client has neither, so probe returns -EINVAL, again
without a bus access. The 8-line pcf8574 binds, since it uses SMBus
send/receive byte, but the stub takes a sent byte as the new register
pointer and a received byte from the register at the pointer: lines
made inputs (all 1s written) read as register contents (0s) instead of
the pulled-up pins a pcf8574 returns. Its counts stand (one SMBus call
per driver access, as on the vhost-user bus), its values do not. A
shim with a latch mode for byte-only addresses would fix that; no
patch is added here (patches/ belongs to the kernel series)."""


def block_ratios(cells, key):
    """(hz, part, lines, op) -> block-dev key / cdev-multi key."""
    by = {}
    for c in cells:
        if c["kind"] == "vhost" and c.get(key):
            k = (c["hz"], c["part"], c["lines"], c["op"])
            by.setdefault(k, {})[path_kind(c["path"])] = c[key]
    return {k: v["block-dev"] / v["cdev-multi"] for k, v in by.items()
            if "block-dev" in v and "cdev-multi" in v}


def section_runs(cells, prev, pairs, prev_pairs, out):
    """Counts must be identical run to run; latency ratios compared."""
    if not prev:
        return
    key = ("kind", "hz", "part", "lines", "path", "op", "n")
    # A previous run of an older report (another schema) has nothing to
    # compare with: only its cells with every key count.
    need = key + ("tx_per_op", "bytes_per_op")
    pk = {tuple(c[k] for k in key): c for c in prev
          if all(k in c for k in need)}
    matched = [(c, pk[tuple(c[k] for k in key)]) for c in cells
               if tuple(c[k] for k in key) in pk]
    out += ["## Against the previous run (results.prev.json)", ""]
    if not matched:
        out += ["No cells with the same matrix and n: not compared.", ""]
        return
    diff = [c for c, p in matched
            if (c["tx_per_op"], c["bytes_per_op"]) !=
            (p["tx_per_op"], p["bytes_per_op"])]
    out.append("Counts (tx/op, bytes/op): identical in %d of %d cells%s." % (
        len(matched) - len(diff), len(matched),
        "" if not diff else "; differing: " + ", ".join(
            "%s %s %d %s %s" % (c["hz"], c["part"], c["lines"], c["path"],
                                c["op"]) for c in diff[:10])))
    for what, now, before in (
            ("paired runs, median", pair_ratios(pairs, "med_ns"),
             pair_ratios(prev_pairs or [], "med_ns")),
            ("paired runs, fastest", pair_ratios(pairs, "min_ns"),
             pair_ratios(prev_pairs or [], "min_ns")),
            ("unpaired cells, median", block_ratios(cells, "med_us"),
             block_ratios(prev, "med_us"))):
        common = [x for x in now if x in before]
        if not common:
            continue
        ch = sorted(abs(now[x] / before[x] - 1) for x in common)
        out += ["", "Latency ratio /dev/gpioblock/<name> : cdev-multi (%s), "
                "per cell, change from the previous run: median %.1f%%, "
                "90th percentile %.1f%%, max %.1f%%; %d of %d cells within "
                "10%%. Geometric mean over the cells: %.3f now, %.3f before "
                "(%+.1f%%)." % (
                    what, 100 * buslog.median(ch), 100 * ch[int(len(ch) * .9)],
                    100 * ch[-1], sum(x <= 0.10 for x in ch), len(ch),
                    geomean([now[x] for x in common]),
                    geomean([before[x] for x in common]),
                    100 * (geomean([now[x] for x in common]) /
                           geomean([before[x] for x in common]) - 1))]
    out.append("")


def timing_case(cells, out_dir, buses=None, decode=None):
    """Per-line against block for one case: pca9555, 8 lines of port 0
    (16 if the run has no 8), set-all, lowest speed: VCD in bus time and
    the data for a plot. With the log's buses, SCL and SDA of each case
    beside its pins (wire.py); decode gets one sigrok command per bus."""
    hz = min(c["hz"] for c in cells if c["kind"] == "vhost")
    ix = index(cells, hz=hz)
    nl = 8 if ("pca9555", 8, "block-dev", "set-all") in ix else 16
    cases, wins = [], []
    for pk in ("cdev-line", "cdev-multi", "block-dev"):
        c = ix.get(("pca9555", nl, pk, "set-all"))
        if c and c["_ops"]:
            cases.append(("pca9555, %d lines, set-all, %g kHz: %s" %
                          (nl, hz / 1000, c["path"]), c["_ops"][:2]))
            wins.append((c["win"], c["n"]))
    if not cases:
        return []
    vcd = buslog.Vcd("expander-bench: per-line against block, pca9555 %d "
                     "lines set-all, bus time from each window's start" % nl,
                     1)
    path = os.path.join(out_dir, "pins-case.vcd")
    for (title, cops), (win, n) in zip(cases, wins):
        scope = buslog.scope_name(title.split(": ")[1])
        buslog.add_case(vcd, scope, cops, len(cops))
        if buses:
            for bus, (scl, sda) in wire.add_cell(vcd, scope, buses, win, n,
                                                  len(cops), False).items():
                if decode is not None:
                    decode.append(wire.sigrok_command("pins-case.vcd", scl,
                                                      sda))
    vcd.write(path)
    return cases


def write_csv_json(cells, stubs, stages, pairs, out_dir):
    with open(os.path.join(out_dir, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for c in cells:
            w.writerow(csv_row(c))
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump({"schema_version": SCHEMA_VERSION,
                   "schema": "bench/README.md#results",
                   "stages": stages, "stub": stubs, "pairs": pairs,
                   "cells": [{k: c[k] for k in FIELDS} for c in cells]},
                  f, indent=1)


# results.csv: one unit per kind of column, named in the column: every
# time in µs (results.json keeps the counters' ns: bus_ns, cpu_ns_per_tx),
# flags as 1/0 (not Python's True/False). (CSV name, results.json key,
# factor to µs.)
CSV_TIMES = {"bus_ns": ("bus_us", 1e-3),
             "cpu_ns_per_tx": ("cpu_us_per_tx", 1e-3)}
CSV_FIELDS = [CSV_TIMES.get(k, (k, None))[0] for k in FIELDS]


def csv_row(c):
    """A cell as results.csv has it."""
    row = {}
    for k in FIELDS:
        name, factor = CSV_TIMES.get(k, (k, None))
        v = c.get(k)
        if isinstance(v, bool):
            v = int(v)
        elif factor and v is not None:
            v = round(v * factor, 3)
        row[name] = v
    return row


def failed_cells(console):
    """run-bench's "BENCH-FAIL kind=.. hz=.. part=.. path=.. spec=.." lines:
    cells whose operations failed in the guest (a NACK or a timed-out
    transfer reached the caller), with the kernel messages before each."""
    failed, last = [], []
    with open(console, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("BENCH-FAIL kind=shard "):
                # merge.py's: no guest of its own, no messages before it
                failed.append((line[len("BENCH-FAIL "):], []))
            elif line.startswith("BENCH-FAIL "):
                failed.append((line[len("BENCH-FAIL "):], last[-2:]))
            elif not line.startswith(("BENCH ", "MIN ", "# progress")):
                last.append(line.strip())
    return failed


def section_failed(failed, out):
    """A run with failed cells still gets its report; the failures first."""
    shards = sum(c.startswith("kind=shard ") for c, _ in failed)
    out += ["## Failed cells", "",
            "%d cell(s) failed in the guest%s and are missing from every "
            "table below; `make bench` exits non-zero. The kernel's last "
            "messages before each:" % (len(failed) - shards, (
                ", and %d shard(s) of the run failed (`kind=shard`: its "
                "selection named; none of its cells ran)" % shards)
                if shards else ""), ""]
    out += ["- `%s`: %s" % (cell, "; ".join("`%s`" % m for m in msgs) or "-")
            for cell, msgs in failed]
    out.append("")


def main():
    ap = argparse.ArgumentParser(
        prog="report.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir", metavar="BENCH_DIR",
                    help="a bench run (build/KERNEL/bench)")
    out_dir = ap.parse_args().out_dir
    cells, stubs, stages, pairs = consolelog.parse(
        os.path.join(out_dir, "console.log"))
    if not cells:
        sys.exit("report: no BENCH lines in %s/console.log" % out_dir)
    logpath = os.path.join(out_dir, "bus.log")
    buses = buslog.read(logpath)[0] if os.path.exists(logpath) else None
    derive(cells, buses)
    prev = prev_pairs = None
    rj = os.path.join(out_dir, "results.json")
    # results.json older than the console is an earlier run's: keep it
    if os.path.exists(rj) and os.path.getmtime(rj) < os.path.getmtime(
            os.path.join(out_dir, "console.log")):
        os.replace(rj, os.path.join(out_dir, "results.prev.json"))
    pj = os.path.join(out_dir, "results.prev.json")
    if os.path.exists(pj):
        with open(pj) as f:
            pj_data = json.load(f)
            prev = pj_data.get("cells")
            prev_pairs = pj_data.get("pairs")
    write_csv_json(cells, stubs, stages, pairs, out_dir)

    speeds = sorted({c["hz"] for c in cells if c["kind"] == "vhost"})
    # The aggregator and gpiod-tools cells have their own section
    # (mainline.py); the sections below compare the paths of PATHS.
    extra = [c for c in cells if mainline.is_extra(c)]
    cells = [c for c in cells if not mainline.is_extra(c)]
    vh = [c for c in cells if c["kind"] == "vhost"]
    console = os.path.join(out_dir, "console.log")
    kernel = consolelog.guest_kernel(console)
    series = consolelog.kernel_series(console)
    out = ["# Per-line against block GPIO access on a slow I2C bus", "",
           ("Kernel: Linux %s (`KERNEL=%s`: Debian's linux-source-%s plus "
            "patches/%s/series)." % (kernel, series, series, series))
           if series else "Kernel: not named in the run's console.", "",
           "One run of `make bench`: %d cells (%d vhost-user, %d i2c-stub, "
           "%d on mainline's aggregator and tools), bus speeds %s, n = %s "
           "operations per cell after 2 warm-up operations. Guest stage "
           "times: %s." % (
               len(cells) + len(extra), len(vh), len(cells) - len(vh),
               len(extra),
               ", ".join("%g kHz" % (hz / 1000) for hz in speeds),
               ", ".join(sorted({str(c["n"]) for c in cells + extra})),
               "; ".join(stages) or "–"), "",
           "Paths: `sysfs` legacy /sys/class/gpio, one value file per line; "
           "`cdev-line` GPIO v2 character device, one line request per "
           "line; `cdev-multi` one v2 request per chip with masked "
           "GPIO_V2_LINE_SET/GET_VALUES; `block-dev` /dev/gpioblock/<name>; "
           "`block-sysfs` /sys/class/gpioblock/<block>/value. Free chips "
           "for the first three, block-owned twins for the last two.", "",
           latency_method(cells + extra, pairs), ""]
    shardtime.section(out_dir, out)
    failed = failed_cells(os.path.join(out_dir, "console.log"))
    if failed:
        section_failed(failed, out)
    section_observations(cells, speeds, out)
    out += ["## The three claims", ""]
    claim_minimum(cells, out)
    claim_latency(cells, pairs, out)
    claim_skew(cells, out)
    section_agree(cells, out)
    mainline.section(cells + extra, speeds, out)
    section_counts(cells, speeds, out)
    section_bytes(cells, speeds, out)
    section_latency(cells, speeds, out)
    section_cpu(cells, out)
    import hostload
    hostload.section(out_dir, out)
    if any(c["kind"] == "stub" for c in cells):
        section_stub(cells, stubs, out)
    section_runs(cells + extra, prev, pairs, prev_pairs, out)

    decode = []
    cases = timing_case(cells, out_dir, buses, decode)
    nall = buslog.whole_run(buses, os.path.join(out_dir, "pins-all.vcd")) \
        if buses else 0
    # Files of an earlier run in the same directory are not this run's:
    # each is listed only once this run has written it.
    pngs = ["tx-per-op.png", "latency-vs-lines.png", "pin-timing.png"]
    for name in pngs:
        if os.path.exists(os.path.join(out_dir, name)):
            os.remove(os.path.join(out_dir, name))
    noplots = None
    try:
        import plots
        plots.tx_by_path(index(cells, hz=speeds[0]), largest(cells),
                         os.path.join(out_dir, "tx-per-op.png"), phys_min)
        plots.latency_vs_lines(vh, "pca9555", "set-all", speeds,
                               os.path.join(out_dir, "latency-vs-lines.png"))
        if cases:
            plots.pin_timing(cases, os.path.join(out_dir, "pin-timing.png"))
    except ImportError as e:
        noplots = "none (%s)" % e
    pngs = [n for n in pngs if os.path.exists(os.path.join(out_dir, n))]
    out += ["## Files", "",
            "- results.csv (times in µs, flags 1/0), results.json: every "
            "cell (bench/README.md)",
            "- plots: %s" % (noplots or ", ".join(pngs) or "none")]
    if cases:
        out.append("- pins-case.vcd: the pin-timing case in bus time "
                   "(GTKWave, PulseView), with SCL and SDA of each path's "
                   "bus")
    if buses:
        out.append("- pins-all.vcd: all %d pin changes of the run on host "
                   "wall time" % nall)
    out.append("")
    if decode:
        out += ["Decode the wires with sigrok's I2C decoder (one command "
                "per path):", "", "```sh"] + decode + ["```", ""]
    with open(os.path.join(out_dir, "report.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    i = out.index("## The three claims")
    print("\n".join(out[i:i + 40]))
    print("report: %d cells -> %s/report.md, results.csv, results.json"
          % (len(cells) + len(extra), out_dir))
    if failed:
        print("report: %d cell(s) failed in the guest (report.md, "
              "\"Failed cells\")" % len(failed))


if __name__ == "__main__":
    main()
