"""report.md's section on what mainline already offers for the same
lines: a gpio-aggregator chip over the span24 lines (in chip order and
interleaved between the chips) through one GPIO v2 multi-line request,
and libgpiod's gpioset/gpioget, beside cdev-multi and /dev/<block>.

Only what the run measured is stated; each explanation is printed only
when the counts show the pattern it explains.
"""
OPS = ["set-all", "set-mask", "get-all", "toggle", "rmw"]
# The paths this section adds to the matrix (run-bench's mainline()).
EXTRA = ("aggregator", "gpiod-tools", "gpiod2-tools")
# Rows per part, in this order, where the run has them.
ROWS = ["cdev-line", "cdev-multi", "aggregator:ordered",
        "aggregator:interleaved", "aggregator:configfs-interleaved",
        "gpiod-tools", "gpiod2-tools", "block-dev", "block-sysfs"]


def is_extra(c):
    return c["path"].split(":", 1)[0] in EXTRA


def row_of(path):
    """A cell's row: the full path for the aggregator, the path kind for
    the others (block-dev:span24 -> block-dev)."""
    return path if path.startswith("aggregator:") else path.split(":")[0]


def _fmt(v, spec="{:g}"):
    return "–" if v is None else spec.format(v)


def section(cells, speeds, out):
    hz = speeds[0]
    at = {}
    for c in cells:
        if c["kind"] == "vhost" and c["hz"] == hz:
            at[(c["part"], c["lines"], row_of(c["path"]), c["op"])] = c
    parts = sorted({(c["part"], c["lines"]) for c in cells
                    if is_extra(c) and c["kind"] == "vhost"})
    if not parts:
        return
    out += ["## Mainline alternatives: gpio-aggregator and libgpiod's tools",
            "",
            "The same lines through what the kernel already has. "
            "`aggregator:ordered`: a gpio-aggregator chip (new_device, lines "
            "by name) over the span24 lines of the free pcf8574 and pcf8575, "
            "the pcf8574's 8 then the pcf8575's 16; `aggregator:interleaved`:"
            " the same lines alternating between the two chips (then the "
            "pcf8575's last 8). Both through one GPIO v2 request on the "
            "aggregator chip with masked SET/GET_VALUES, as cdev-multi does "
            "on a real chip; `aggregator:configfs-interleaved` (kernels with "
            "the aggregator's configfs, v6.16 on): the interleaved chip made "
            "through configfs, one lineN group per line keyed by its name. "
            "`gpiod-tools`: libgpiod 1.6's (Debian 12) `gpioset CHIP "
            "OFF=V...` / `gpioget CHIP OFF...`, whose v1 line-handle "
            "requests set each line's direction one by one; `gpiod2-tools`: "
            "libgpiod 2.1's (Debian 13, bookworm-backports) `gpioset -t0 -c "
            "CHIP OFF=V...` / `gpioget --numeric -c CHIP OFF...` through v2 "
            "line requests. One process per chip and operation, as a user "
            "or script calls them. %g kHz; counts are the same at every "
            "speed." % (hz / 1000), ""]
    for part, nl in parts:
        rows = []
        for r in ROWS:
            cs = [at.get((part, nl, r, op)) for op in OPS]
            if not any(cs):
                continue
            sa = at.get((part, nl, r, "set-all"))
            ga = at.get((part, nl, r, "get-all"))
            bd = at.get((part, nl, "block-dev", "set-all"))
            rows.append([r] + [_fmt(c and c["tx_per_op"]) for c in cs] +
                        [_fmt(sa and sa["bytes_per_op"]),
                         _fmt(sa and sa["bus_us_per_op"], "{:.0f}"),
                         _fmt(sa and sa["med_us"], "{:.0f}"),
                         _fmt(ga and ga["med_us"], "{:.0f}"),
                         _fmt(sa and bd and sa["med_us"] / bd["med_us"],
                              "{:.2f}")])
        out += ["### %s, %d lines" % (part, nl), ""]
        out += ["| path | " + " | ".join("tx/op " + op for op in OPS) +
                " | bytes/op set-all | bus µs/op set-all | median µs set-all"
                " | median µs get-all | set-all latency / block-dev |",
                "|---|" + "---:|" * (len(OPS) + 5)]
        out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
        out.append("")
    good, total = agree(cells)
    out += ["Host log and guest tracepoints agree exactly in %d of %d of "
            "these cells (all speeds)." % (good, total), ""]
    out += verdicts(at, parts)


def verdicts(at, parts):
    """Where block access wins, where it ties, and why: one sentence per
    finding the counts support."""
    out = ["### Where block access wins, where it ties", ""]

    def tx(part, nl, row):
        """tx/op of one row, by operation."""
        return {op: (at.get((part, nl, row, op)) or {}).get("tx_per_op")
                for op in OPS}

    def set_get(a, b):
        """set-all and get-all of row a, then of row b, as printed."""
        return tuple(_fmt(x[op]) for x in (a, b)
                     for op in ("set-all", "get-all"))

    for part, nl in parts:
        blk = tx(part, nl, "block-dev")
        if not blk["set-all"]:
            continue
        for row in ("cdev-multi", "aggregator:ordered"):
            v = tx(part, nl, row)
            if not v["set-all"]:
                continue
            same = [op for op in OPS if v[op] == blk[op]]
            if len(same) == len(OPS):
                out.append(
                    "- **Tie on the wire**, %s %d lines, `%s`: every "
                    "operation costs what /dev/<block> costs (%s tx/op "
                    "set-all, the physical minimum). %s" % (
                        part, nl, row, _fmt(blk["set-all"]),
                        "It takes one request per chip and the caller "
                        "splits every value by chip; the block is one "
                        "file over both." if row == "cdev-multi" else
                        "The aggregator's forwarder hands a masked "
                        "set/get to gpiolib's array helpers, which batch "
                        "consecutive lines of one chip into one driver "
                        "call: in chip order that is one call per chip."))
            else:
                out.append("- %s %d lines, `%s`: %s tx/op against the "
                           "block's %s in %s." % (
                               part, nl, row,
                               "/".join(_fmt(v[op]) for op in OPS),
                               "/".join(_fmt(blk[op]) for op in OPS),
                               "/".join(OPS)))
        iv = tx(part, nl, "aggregator:interleaved")
        od = tx(part, nl, "aggregator:ordered")
        if iv["set-all"] and od["set-all"]:
            if iv["set-all"] > od["set-all"]:
                out.append(
                    "- **Block wins**, %s %d lines, `aggregator:interleaved`:"
                    " %s tx/op for set-all and %s for get-all against %s and "
                    "%s in chip order. gpiolib's gpiod_set_array_value_"
                    "complex() and gpiod_get_array_value_complex() (the "
                    "kernel's drivers/gpio/gpiolib.c) batch only *consecutive* "
                    "descriptors of one chip, so every change of chip along "
                    "the aggregator's line order costs one more driver call, "
                    "and each call of a port-wide driver is a transaction. "
                    "The block device groups by chip whatever the order of "
                    "its lines." % ((part, nl) + set_get(iv, od)))
            elif iv["set-all"] == od["set-all"]:
                out.append(
                    "- %s %d lines, `aggregator:interleaved` costs what chip "
                    "order costs (%s tx/op set-all): this kernel's gpiolib "
                    "groups an array's descriptors by chip whatever their "
                    "order." % (part, nl, _fmt(iv["set-all"])))
        tl = tx(part, nl, "gpiod-tools")
        if tl["set-all"] and tl["set-all"] > blk["set-all"]:
            out.append(
                "- **Block wins**, %s %d lines, `gpiod-tools`: gpioset costs "
                "%s tx/op and gpioget %s against %s and %s. libgpiod 1.6 "
                "requests the lines for every call through the v1 "
                "GPIO_GET_LINEHANDLE_IOCTL, whose kernel side sets each "
                "line's direction (and, for outputs, its value) one line at "
                "a time before the values are set or read as one array." %
                ((part, nl) + set_get(tl, blk)))
        elif tl["set-all"]:
            out.append("- %s %d lines, `gpiod-tools`: %s tx/op set-all, as "
                       "the block." % (part, nl, _fmt(tl["set-all"])))
        t2 = tx(part, nl, "gpiod2-tools")
        if t2["set-all"] and tl["set-all"]:
            out.append(
                "- %s %d lines, libgpiod 2.1 against 1.6: gpioset %s tx/op "
                "against %s, gpioget %s against %s (the block: %s and %s). "
                "2.1's tools request a chip's lines in one v2 "
                "GPIO_V2_GET_LINE_IOCTL per call." % (
                    part, nl, _fmt(t2["set-all"]), _fmt(tl["set-all"]),
                    _fmt(t2["get-all"]), _fmt(tl["get-all"]),
                    _fmt(blk["set-all"]), _fmt(blk["get-all"])))
    out += ["", "Latency: the table's last column divides the median of "
            "set-all by /dev/<block>'s in the same run (unpaired cells, "
            "seconds apart on a shared host: a ratio, not a time). "
            "gpiod-tools and gpiod2-tools start a process per chip and "
            "operation, which dominates their latency.", ""]
    return out


def agree(cells):
    """Host and guest counts of this section's cells: (agreeing, all)."""
    xs = [c for c in cells if is_extra(c) and c["kind"] == "vhost"]
    return sum(1 for c in xs if c["agree"]), len(xs)

