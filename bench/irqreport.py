#!/usr/bin/python3
"""Expander interrupts in a bench run: what one edge costs on the bus and
how long it takes to reach user space, per part and bus speed; and the
per-edge bus cost of every INT-capable part of the catalogue, by trigger
kind (the "IRQE" lines of rootfs-overlay/usr/lib/bench/run-irq-edges).

Input: DIR/console.log, the "IRQ key=value ..." lines that
rootfs-overlay/usr/lib/bench/run-irq prints (one per host-driven edge,
guest/irqprobe.c says what each key means). Output: DIR/irq.md (also
appended to DIR/report.md when that exists), DIR/irq.csv and
DIR/irq-latency.png. Counts are deterministic and shown as such (a
spread would be printed as min-max); latencies come from one run of an
emulated guest, so they are compared as ratios within this run only.

    bench/irqreport.py build/7.3/bench
"""
import argparse
import csv
import os
import statistics
import sys

import consolelog

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from catalogue import core  # noqa: E402

KEYS_INT = ("hz", "events", "tx", "bytes", "irqs", "bus_ns", "lat_us",
            "rtt_us")


def parse(console):
    """The console's IRQ lines as dicts, KEYS_INT as ints."""
    return consolelog.records(console, "IRQ", KEYS_INT)


def spread(vals, spec="{:g}"):
    lo, hi = min(vals), max(vals)
    return spec.format(lo) if lo == hi else (spec + "-" + spec).format(lo, hi)


def summarise(rows):
    """Per (part, hz, req, step): counts per edge and latency median."""
    cells = {}
    for r in rows:
        cells.setdefault((r["part"], r["hz"], r["req"], r["step"]),
                         []).append(r)
    out = {}
    for key, rs in cells.items():
        lats = [r["lat_us"] for r in rs if r["events"] == 1]
        out[key] = {
            "n": len(rs),
            "events": [r["events"] for r in rs],
            "tx": [r["tx"] for r in rs],
            "bytes": [r["bytes"] for r in rs],
            "bus_us": [r["bus_ns"] / 1000.0 for r in rs],
            "irqs": [r["irqs"] for r in rs],
            "lat": statistics.median(lats) if lats else None,
            "rtt": statistics.median(r["rtt_us"] for r in rs),
        }
    return out


def table(head, rows):
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" if i == 0 else "---:"
                          for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def write_section(out_dir, name, md, head, rows):
    """DIR/NAME.md from the lines md, DIR/NAME.csv from head and rows,
    and the section appended to DIR/report.md when that exists."""
    text = "\n".join(md) + "\n"
    with open(os.path.join(out_dir, name + ".md"), "w") as f:
        f.write(text)
    with open(os.path.join(out_dir, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        w.writerows(rows)
    rep = os.path.join(out_dir, "report.md")
    if os.path.exists(rep):
        with open(rep, "a") as f:
            f.write("\n" + text)


def report(rows, out_dir):
    s = summarise(rows)
    parts = []
    for r in rows:
        if r["part"] not in parts:
            parts.append(r["part"])
    speeds = sorted({r["hz"] for r in rows})
    md = ["## Expander interrupts: cost and latency of one edge", "",
          "The host drives one input of each part on bus 13 "
          "(dts/interrupts.dtsi), alternately low (step 0, a falling "
          "edge) and high (step 1); the chip's INT reaches the guest "
          "through virtio-gpio, the driver's threaded handler reads the "
          "chip, and a v2 line request reads the event "
          "(rootfs-overlay/usr/lib/bench/run-irq, guest/irqprobe.c). "
          "Per edge: the handler's I2C transactions, bytes and bus time "
          "(host counters, exact), interrupts delivered, and the median "
          "time from sending the host's drive command to reading the "
          "event (`lat`), beside the drive command's own round trip "
          "(`rtt`) on the control port. `both`: the request asks for "
          "both edges, so gpiolib reads the line to name the edge; "
          "`rising`: falling edges still run the handler but bring no "
          "event (or, on pcf857x, which has no irq_set_type, one named "
          "rising).", ""]
    head = ["part", "req", "kHz", "step", "edges", "events/edge",
            "tx/edge", "bytes/edge", "bus µs/edge", "irqs/edge",
            "median lat µs", "lat / pca9555", "lat / 100 kHz",
            "median rtt µs"]
    trs = []
    csv_rows = []
    for part in parts:
        for req in ("both", "rising"):
            for hz in speeds:
                for step in ("0", "1"):
                    c = s.get((part, hz, req, step))
                    if not c:
                        continue
                    ref = s.get(("pca9555", hz, req, step))
                    low = s.get((part, speeds[0], req, step))
                    ratio = (c["lat"] / ref["lat"]
                             if c["lat"] and ref and ref["lat"] else None)
                    slow = (c["lat"] / low["lat"]
                            if c["lat"] and low and low["lat"] else None)
                    row = [part, req, hz // 1000, step, c["n"],
                           spread(c["events"]), spread(c["tx"]),
                           spread(c["bytes"]),
                           spread(c["bus_us"], "{:.1f}"),
                           spread(c["irqs"]),
                           "%.0f" % c["lat"] if c["lat"] else "-",
                           "%.2f" % ratio if ratio else "-",
                           "%.2f" % slow if slow else "-",
                           "%.0f" % c["rtt"]]
                    trs.append(row)
                    csv_rows.append(row)
    md.append(table(head, trs))
    md.append("")
    # One line a maintainer can quote: the cost of an edge at 100 kHz.
    md.append("At %d kHz, one falling edge costs (both edges requested):"
              % (speeds[0] // 1000))
    md.append("")
    for part in parts:
        c = s.get((part, speeds[0], "both", "0"))
        if c:
            md.append("- %s: %s transactions, %s bytes, %s µs of bus "
                      "time, median %s µs to user space" %
                      (part, spread(c["tx"]), spread(c["bytes"]),
                       spread(c["bus_us"], "{:.0f}"),
                       "%.0f" % c["lat"] if c["lat"] else "-"))
    md.append("")
    md.append("![edge latency](irq-latency.png)")
    md.append("")
    write_section(out_dir, "irq", md, head, csv_rows)
    plot(s, parts, speeds, os.path.join(out_dir, "irq-latency.png"))


def plot(s, parts, speeds, path):
    import plots

    fig, axes = plots.plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    width = 0.8 / max(1, len(speeds))
    for ax, req in zip(axes, ("both", "rising")):
        for k, hz in enumerate(speeds):
            ys = []
            for part in parts:
                c = s.get((part, hz, req, "0")) or {}
                ys.append(c.get("lat") or 0)
            xs = [plots.bar_x(i, k, len(speeds), width)
                  for i in range(len(parts))]
            ax.bar(xs, ys, width, label="%d kHz" % (hz // 1000))
        plots.label_groups(ax, parts,
                           "falling edge, %s edges requested" % req)
    plots.save(fig, axes, "median µs, host drive to event read", path,
               "Expander interrupt to user space (one run; compare "
               "within it)", dpi=100)


EDGE_KEYS = ("events", "tx", "bytes", "irqs")
EDGE_REQS = ("both", "rising", "falling", "unmasked", "shared")
UNMEASURED = "not measured: no INT wired, or no irqchip in its driver"
# Requests whose edge a read of gpiolib's names (a both-edge event).
NAMED_BY_READ = ("both", "unmasked")
# Parts the board wires so that more than one handler reads per edge: the
# MCP23S17 pair shares INTA and its chip select (dts/interrupts-drivers.
# dtsi), so both parts' handlers read on every edge of either.
HANDLERS = {"mcp23s17": 2}


def minimum(p, req):
    """(tx, bytes) a driver needs at least per edge for that request, from
    the catalogue's irq_min: the handler (times the handlers the board
    runs for the part), plus the read naming the event of a both-edge
    request; None where there is no single figure (not worked out, or a
    shared net: another chip's handler reads too)."""
    m = p.irq_min()
    if m is None or req == "shared":
        return None
    (ht, hb), (rt, rb) = m
    k = HANDLERS.get(p.name, 1)
    tx, nbytes = k * ht, k * hb
    if req in NAMED_BY_READ:
        tx, nbytes = tx + rt, nbytes + rb
    return tx, nbytes


def versus(mins, steps):
    """The "vs minimum" cell: "at" when no edge costs more than mins,
    else "above: +TX tx, +BYTES bytes" for the worst edge; - without a
    minimum or a measurement."""
    if mins is None or not any(steps):
        return "-"
    tx = max(r["tx"] for e in steps for r in e) - mins[0]
    nbytes = max(r["bytes"] for e in steps for r in e) - mins[1]
    if tx <= 0 and nbytes <= 0:
        return "at"
    return "above: %+d tx, %+d bytes" % (tx, nbytes)


def min_cell(mins):
    return "%d / %d" % mins if mins else "-"


def edge_rows(parts, rows):
    """The per-edge table: one row per INT-capable catalogue part (int
    not "none") and request kind measured, "falling" (step 0) and
    "rising" (step 1) edges as tx/bytes, irqs and events (a spread:
    min-max), the catalogue's minimum for the request and how far the
    costlier edge is above it; a part with INT that no run measured gets
    one row saying so."""
    cells = {}
    for r in rows:
        cells.setdefault((r["part"], r["req"]), []).append(r)
    out = []
    for p in parts:
        if p["int"].startswith("none"):
            continue
        reqs = [q for q in EDGE_REQS if (p.name, q) in cells]
        if not reqs:
            out.append([p.name, p["driver"], "-", "-", "-", "-", "-",
                        UNMEASURED, min_cell(minimum(p, "both")), "-"])
            continue
        for q in reqs:
            rs = cells[(p.name, q)]
            row = [p.name, p["driver"], q, rs[0].get("bus", "-")]
            steps = [[r for r in rs if r["step"] == st] for st in "01"]
            for e in steps:
                row.append("%s / %s" % (spread([r["tx"] for r in e]),
                                        spread([r["bytes"] for r in e]))
                           if e else "-")
            for k in ("irqs", "events"):
                row.append(" / ".join(spread([r[k] for r in e]) if e
                                      else "-" for e in steps))
            mins = minimum(p, q)
            row += [min_cell(mins), versus(mins, steps)]
            out.append(row)
    return out


def report_edges(rows, out_dir, parts=None):
    parts = parts if parts is not None else core.load()
    head = ["part", "driver", "request", "bus", "falling: tx / bytes",
            "rising: tx / bytes", "irqs: falling / rising",
            "events: falling / rising", "minimum: tx / bytes",
            "vs minimum"]
    trs = edge_rows(parts, rows)
    md = ["## Expander interrupts: bus cost per edge, every INT-capable "
          "part", "",
          "Each wired INT alone on its virtio-gpio line "
          "(dts/interrupts.dtsi, dts/interrupts-drivers.dtsi), at "
          "100 kHz: the host drives line 3 (pcf8575: 11) low, then high; "
          "per edge the transactions (SPI: frames) and bytes the "
          "driver's threaded handler and gpiolib put on the chip's bus "
          "(rootfs-overlay/usr/lib/bench/run-irq-edges, guest/irqprobe.c; "
          "the guest tests 50-interrupts and 51-irq-drivers assert the "
          "same counts). `both`, `rising`, `falling`: the edges a v2 "
          "line request asks for (an edge not asked for still costs the "
          "handler); `unmasked`: both, with line 5 of the chip requested "
          "too; `shared`: both, another chip on the same INT net "
          "holding a line, so its handler reads too. Parts from "
          "catalogue/parts.tsv whose `int` is not none. A spread "
          "(min-max) is a driver's lost first edge; events 0 where the "
          "edge was asked for is a lost edge (the guest suite's "
          "51-irq-drivers fails on either); pinctrl-aw9523 takes "
          "both-edge requests only (no rising or falling cells). "
          "`minimum`: the fewest transactions (frames) and bytes the "
          "chip's datasheet allows a handler per edge (catalogue/"
          "parts.tsv, irq_min; why: irq_why, shown in "
          "expander-models/README.md), plus the read naming a both-edge "
          "event, times the handlers that read per edge (the MCP23S17 "
          "pair: two); none for `shared`. `vs minimum`: `at`, or how far "
          "the costlier edge is above it (the catalogue's irq_why says "
          "why).",
          "",
          table(head, trs), ""]
    write_section(out_dir, "irq-edges", md, head, trs)


def bench_dir(prog, doc):
    """The one argument of a report from the console, BENCH_DIR; --help
    prints the report's docstring."""
    ap = argparse.ArgumentParser(
        prog=prog + ".py", description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("bench_dir", metavar="BENCH_DIR",
                    help="a bench run (build/KERNEL/bench): its console.log")
    return ap.parse_args().bench_dir


def cli(prog, what, parse_fn, report_fn, out_name, summary, doc=None):
    """The main() of a report from the console: PROG BENCH_DIR parses its
    console.log for WHAT lines, reports into BENCH_DIR/OUT_NAME and says
    summary(rows, what report_fn returned). The exit status."""
    d = bench_dir(prog, doc)
    rows = parse_fn(os.path.join(d, "console.log"))
    if not rows and consolelog.left_out(os.path.join(d, "console.log"),
                                        what):
        print("%s: no %s lines: the run's selection left them out" % (
            prog, what))
        return 0
    if not rows:
        print("%s: no %s lines in the console" % (prog, what),
              file=sys.stderr)
        return 1
    res = report_fn(rows, d)
    print("%s: %s, %s" % (prog, summary(rows, res),
                          os.path.join(d, out_name)))
    return 0


def main():
    rc = cli("irqreport", "IRQ", parse, report, "irq.md",
             lambda rows, _: "%d edges" % len(rows), __doc__)
    if rc:
        return rc
    d = bench_dir("irqreport", __doc__)
    console = os.path.join(d, "console.log")
    erows = consolelog.records(console, "IRQE", EDGE_KEYS)
    if erows:
        report_edges(erows, d)
        print("irqreport: %d edges by part, %s" %
              (len(erows), os.path.join(d, "irq-edges.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
