#!/usr/bin/python3
"""SPI expanders in a bench run: frames, bytes and bus time per operation,
per part, driver path and SPI clock.

Input: DIR/console.log, the "SPI key=value ..." lines that
rootfs-overlay/usr/lib/bench/run-spi prints (one per cell: gpiobench's
keys behind hz, part, drv and bus). Output: DIR/spi.md (also appended to
DIR/report.md when that exists) and DIR/spi.csv. Frames and bytes are
deterministic: a cell whose count per operation is not a whole number,
or that differs between the clocks, is shown as such. Bus time follows
from the clock (host-side "speed"); latency is one emulated run's and
only compared within it.

    bench/spireport.py build/7.3/bench
"""
import sys

import consolelog
import irqreport
from irqreport import table

KEYS_INT = ("hz", "lines", "n", "tx", "bytes", "bus_ns", "med_ns")
PATHS = ("cdev-line", "cdev-multi")


def parse(console):
    return [r for r in consolelog.records(console, "SPI", KEYS_INT)
            if r["n"] > 0]


def per_op(r, key):
    """A count per operation: an int when whole, else 'a/n'."""
    q, m = divmod(r[key], r["n"])
    return q if not m else "%d/%d" % (r[key], r["n"])


def summarise(rows):
    """{(part, op): {"drv", "bus", "lines", (path, hz): row}}, in order."""
    out = {}
    for r in rows:
        c = out.setdefault((r["part"], r["op"]),
                           {"drv": r["drv"], "bus": r["bus"],
                            "lines": r["lines"]})
        c[(r["path"], r["hz"])] = r
    return out


def counts(c, path, speeds):
    """frames/op and bytes/op of path, one value if every clock agrees."""
    got = {(per_op(c[(path, hz)], "tx"), per_op(c[(path, hz)], "bytes"))
           for hz in speeds if (path, hz) in c}
    if not got:
        return "-", "-"
    if len(got) > 1:
        return "differ", "differ"
    return next(iter(got))


def bus_us(c, path, hz):
    r = c.get((path, hz))
    return "%.1f" % (r["bus_ns"] / r["n"] / 1000.0) if r else "-"


def report(rows, out_dir):
    s = summarise(rows)
    speeds = sorted({r["hz"] for r in rows})
    md = ["## SPI expanders: frames, bytes and bus time per operation", "",
          "The SPI parts of dts/spi.dtsi (gpio-suite/spi.table): behind "
          "SC18IS602B I2C-to-SPI bridges on I2C bus 7 (`spi7-*`) and on "
          "spi-gpio over virtio-gpio lines (`spi14-gpio`). Per operation "
          "on all the part's outputs (`set-all`) or inputs (`get-all`): "
          "`per line` is the v1/v2 line path with one driver call per "
          "line (cdev-line), `block` one multi-line request "
          "(cdev-multi: one get/set_multiple where the driver has it). "
          "A frame is chip select asserted to released, bytes are whole "
          "bytes per frame, bus time is the frames' clock periods at the "
          "host's SPI clock (control `speed HZ SPIBUS`, %s); frames and "
          "bytes do not depend on it. Latency: median per operation at "
          "%d kHz, guest clock (bridged frames wait for paced I2C bus 7, "
          "spi-gpio frames for a virtqueue round trip per pin edge)."
          % (" and ".join("%g MHz" % (hz / 1e6) for hz in speeds),
             speeds[0] // 1000), ""]
    head = ["part", "driver", "bus", "op", "lines",
            "frames/op per line", "frames/op block",
            "bytes/op per line", "bytes/op block"]
    for hz in speeds:
        head += ["bus µs/op at %g MHz per line" % (hz / 1e6),
                 "block" if len(speeds) > 1 else "bus µs/op block"]
    head += ["med µs per line", "med µs block"]
    trs = []
    for (part, op), c in s.items():
        fl, bl = counts(c, "cdev-line", speeds)
        fm, bm = counts(c, "cdev-multi", speeds)
        row = [part, c["drv"], c["bus"], op, c["lines"], fl, fm, bl, bm]
        for hz in speeds:
            row += [bus_us(c, "cdev-line", hz), bus_us(c, "cdev-multi", hz)]
        for path in PATHS:
            r = c.get((path, speeds[0]))
            row.append("%.0f" % (r["med_ns"] / 1000.0) if r else "-")
        trs.append(row)
    md.append(table(head, trs))
    md.append("")
    irqreport.write_section(out_dir, "spi", md, head, trs)
    return trs


def main():
    return irqreport.cli("spireport", "SPI", parse, report, "spi.md",
                         lambda rows, trs: "%d cells, %d rows" %
                         (len(rows), len(trs)), __doc__)


if __name__ == "__main__":
    sys.exit(main())
