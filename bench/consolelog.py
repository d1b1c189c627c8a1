"""The bench's records in a run's console log (DIR/console.log): the
"BENCH key=value ..." line of every cell that run-bench and gpiobench
printed in the guest, "STUB" and "PAIR" lines, "# bench:" stage times,
and the "IRQ", "STORM", "MIN", "SPI" lines of run-irq, run-irq-storm,
run-minimum and run-spi.
The console is read by scripts/guestconsole.py, the host's one reader
of it; this module says which keys each record of the bench has.
report.py, wire.py, irqreport.py, stormreport.py, spireport.py and
minreport.py read
the console through here.
"""
import os
import re
import sys

# scripts/guestconsole.py, from the repository's top.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "scripts"))
import guestconsole  # noqa: E402

CELL_INT = ("hz", "lines", "chips", "n", "tx", "bytes", "segs", "bus_ns",
            "cpu_ns", "cpu_tx", "gtx", "gbytes", "gsegs", "glost", "min_ns",
            "med_ns", "p95_ns")
PAIR_INT = ("hz", "lines", "n", "min_ns", "med_ns", "p95_ns", "b_min_ns",
            "b_med_ns", "b_p95_ns")


def records(console, tag, keys_int):
    """The console's "TAG key=value ..." lines as dicts, keys_int as ints;
    a line without one of them is left out (irqreport, spireport,
    minreport)."""
    return guestconsole.records(guestconsole.read(console), tag, keys_int)


def parse(console):
    """(cells, stubs, stages, pairs) of a console log."""
    lines = guestconsole.read(console)
    stages = [ln.strip()[len("# bench: "):] for ln in lines
              if ln.strip().startswith("# bench:") and " in " in ln]
    stubs = guestconsole.records(lines, "STUB")
    pairs = []
    for kv in guestconsole.records(lines, "PAIR", PAIR_INT, strict=False):
        p = {k: kv[k] for k in ("part", "path", "path2", "op") + PAIR_INT}
        pairs.append(p)
    cells = []
    for kv in guestconsole.records(lines, "BENCH", CELL_INT, strict=False):
        c = {k: kv.get(k, "") for k in ("kind", "part", "path", "op")}
        c["win"] = kv.get("win", "")
        c.update((k, kv[k]) for k in CELL_INT)
        cells.append(c)
    return cells, stubs, stages, pairs


def guest_kernel(console):
    """The guest's `uname -r`, from run-bench's "# bench: ..." line."""
    for line in guestconsole.read(console):
        m = re.search(r"# bench: (\S+), N=", line)
        if m:
            return m.group(1)
    return "(version not in the console)"


def kernel_series(console, default=None):
    """The KERNEL the run's guest ran (7.3, 6.12: its `uname -r` to the
    minor version), or DEFAULT when the console does not say. The run's
    own console, not the environment of whoever makes the report: a
    report of a 6.12 run made under KERNEL=7.3 is still 6.12's."""
    m = re.match(r"(\d+\.\d+)\.", guest_kernel(console) + ".")
    return m.group(1) if m else default


# The unit of run-bench whose records each report reads (bench/plan.py's
# EXTRAS).
UNIT_OF = {"IRQ": "irq", "STORM": "irq-storm", "SPI": "spi", "MIN": "minimum"}


def left_out(console, tag):
    """True when the run's selection ran no unit that prints TAG lines
    (make bench SELECT=FILE, a shard's selection): each guest's "# bench:
    selection:" line and each failed shard's (bench/merge.py's
    "BENCH-FAIL kind=shard ... select:") name BENCH_EXTRAS, and none
    names TAG's unit. A whole run has no selection line: never."""
    sels = [ln for ln in guestconsole.read(console)
            if ln.startswith(("# bench: selection:",
                              "BENCH-FAIL kind=shard "))]
    if not sels:
        return False
    for ln in sels:
        m = re.search(r'\bBENCH_EXTRAS="([^"]*)"', ln)
        if not m or UNIT_OF[tag] in m.group(1).split():
            return False
    return True
