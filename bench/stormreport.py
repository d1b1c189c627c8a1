#!/usr/bin/python3
"""Interrupt storms in a bench run: per part (one per irqchip driver of
the board) and rate, the edges the host made, the events user space read,
how often the handler ran, and what the bus carried per delivered edge.

Input: DIR/console.log, the "STORM key=value ..." lines that
rootfs-overlay/usr/lib/bench/run-irq-storm prints (guest/irqprobe.c's
storm says what each key means). Output: DIR/storm.md (also appended to
DIR/report.md when that exists), DIR/storm.csv and DIR/storm.png. How
many edges reach user space depends on how fast the emulated guest keeps
up with the storm clock (expander-models/src/board/stim.h), so the
figures are one run's; the guest test 52-irq-storm asserts what does
not depend on it.

    bench/stormreport.py build/7.3/bench
"""
import sys

import consolelog
from irqreport import cli, table, write_section

KEYS_INT = ("hz", "periods", "edges", "made", "events", "rising",
            "falling", "seqno", "irqs", "tx", "bytes", "level", "settled",
            "storm_us")


def parse(console):
    """The console's STORM lines as dicts, KEYS_INT as ints."""
    return consolelog.records(console, "STORM", KEYS_INT)


def per(n, d):
    return "%.1f" % (n / d) if d else "-"


def cells(rows):
    """Per (part, hz): the last run's row (a rerun replaces it)."""
    out = {}
    for r in rows:
        out[(r["part"], r["hz"])] = r
    return out


def level_ok(r):
    return r["settled"] == 1 and str(r["level"]) == str(r["pin"])


def report(rows, out_dir):
    c = cells(rows)
    parts = []
    for r in rows:
        if r["part"] not in parts:
            parts.append(r["part"])
    rates = sorted({r["hz"] for r in rows})
    head = ["part", "driver", "bus", "kHz", "edges made", "events",
            "% seen", "handler runs", "tx / event", "bytes / event",
            "tx / run", "settled, level = pin", "storm ms"]
    trs = []
    for p in parts:
        for hz in rates:
            r = c.get((p, hz))
            if not r:
                continue
            trs.append([p, r["driver"], r["bus"], "%g" % (hz / 1000),
                        r["made"], r["events"],
                        "%.1f" % (100.0 * r["events"] / r["made"])
                        if r["made"] else "-", r["irqs"],
                        per(r["tx"], r["events"]),
                        per(r["bytes"], r["events"]),
                        per(r["tx"], r["irqs"]),
                        "yes" if level_ok(r) else
                        "NO (settled=%d level=%s pin=%s)" %
                        (r["settled"], r["level"], r["pin"]),
                        "%.0f" % (r["storm_us"] / 1000.0)])
    bad = [t for t in trs if not t[11].startswith("yes")]
    md = ["## Expander interrupt storms", "",
          "Per irqchip driver of the board "
          "(rootfs-overlay/usr/lib/gpio-suite/storm.sh), the host "
          "toggles one input as a square wave of 2 × %s edges at each "
          "rate of the storm clock (wall time plus the chip's bus time, "
          "byte by byte: expander-models/src/board/stim.h; unpaced) "
          "while a v2 line request asks for both edges "
          "(rootfs-overlay/usr/lib/bench/run-irq-storm, "
          "guest/irqprobe.c). `events`: edges user space read; "
          "`handler runs`: interrupts the host delivered on the chip's "
          "INT line; `tx / event`, `bytes / event`: the chip's bus "
          "(SPI: frames) for the storm and its settling, per delivered "
          "edge; `settled, level = pin`: once INT was released and no "
          "interrupt came for 200 ms, the line read the pin's level. "
          "One run of an emulated guest: the figures say how a driver "
          "keeps up here, not on silicon; `storm ms` is the storm's "
          "length as the guest saw it." %
          (rows[0]["periods"] if rows else "-"), "",
          table(head, trs), ""]
    if bad:
        md += ["Storms whose line did not read the pin once settled: "
               "%d." % len(bad), ""]
    md += ["![storms](storm.png)", ""]
    write_section(out_dir, "storm", md, head, trs)
    plot(c, parts, rates, out_dir + "/storm.png")
    return trs


def plot(c, parts, rates, path):
    import plots

    fig, axes = plots.plt.subplots(1, 2, figsize=(13, 4.5))
    for p, style in zip(parts, plots.styles(len(parts))):
        rs = [c[(p, hz)] for hz in rates if (p, hz) in c]
        xs = [r["hz"] / 1000.0 for r in rs]
        # no edge made, or no event read: no point (a gap), not a zero
        nan = float("nan")
        seen = [100.0 * r["events"] / r["made"] if r["made"] else nan
                for r in rs]
        cost = [r["tx"] / r["events"] if r["events"] else nan for r in rs]
        axes[0].plot(xs, seen, label=p, **style)
        axes[1].plot(xs, cost, label=p, **style)
    for ax, t in zip(axes, ("edges made that reached user space (%)",
                            "bus transactions (SPI: frames) per event")):
        ax.set_xscale("log")
        plots.plain_log(ax, "x")
        ax.set_xlabel("storm rate, kHz")
        ax.set_title(t)
        ax.grid(alpha=0.3)
    # both panels show the same parts: one legend, beside them
    plots.save_shared_legend(fig, axes, "", path,
                             "Expander interrupt storms (one run)", dpi=100)


def main():
    return cli("stormreport", "STORM", parse, report, "storm.md",
               lambda rows, trs: "%d storms" % len(trs), __doc__)


if __name__ == "__main__":
    sys.exit(main())
