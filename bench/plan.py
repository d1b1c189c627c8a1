#!/usr/bin/python3
"""Which cells a bench run measures, and in how many guests: the
selections that rootfs-overlay/usr/lib/bench/run-bench reads (fw_cfg
opt/bench/select; its header lists the variables).

    plan.py shards N DIR [SELECT | HOST]
                              cut the whole matrix (or the units that the
                              selection file SELECT names, its other
                              variables kept in every shard) into N
                              shards: DIR/1/select .. DIR/N/select; a HOST
                              unit (host-ir: the daemon's instruction
                              counts) goes to a shard's slot too, to run
                              on the host after its guest (BENCH_HOST)
    plan.py review BASE OUT PATCH...
                              the cells the patches can change, on BASE
                              (mainline: pristine tree; series: with
                              patches/KERNEL/series): OUT/select and
                              OUT/plan.txt, which says which cells and why

A unit is what one guest runs in one piece: one part of the vhost-user
matrix at every speed (its cells and paired latency runs), one of the
mainline paths (gpio-aggregator, libgpiod 1.6's and 2.x's tools), one
of run-bench's other scripts, or half of the per-edge interrupt cells
(irq-edges/1, irq-edges/2: its parts cut in two). Shards get whole
units, the costliest first, each to the shard with the least work so
far (the weights are guest seconds of a full run on a 2-core host, from
the "# progress" and "# bench: ... in" lines of one).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from catalogue import board as board_mod  # noqa: E402
from catalogue import core, tables  # noqa: E402

EXTRAS = ("stub", "irq", "irq-edges", "irq-storm", "spi", "minimum")
ALL_PATHS = "sysfs cdev-line cdev-multi block-dev block-sysfs"
MAINLINE_PATHS = "sysfs cdev-line cdev-multi"
# Guest seconds per unit in a full run (all three speeds), measured once
# (bench/README.md, "Shards"); a unit not listed weighs DEFAULT_WEIGHT.
WEIGHTS = {"pca9555": 27, "tca6408": 18, "tca6424": 12, "pcf8574": 17,
           "pcf8575": 25, "max7321": 18, "max7325": 29, "fxl6408": 9,
           "mcp23017": 13, "span24": 12, "aggregator": 21,
           "gpiod-tools": 40, "gpiod2-tools": 9, "stub": 9, "irq": 16,
           "irq-edges/1": 50, "irq-edges/2": 42, "irq-storm": 22, "spi": 33,
           "minimum": 32, "host-ir": 50}
# Work of the host's, not the guest's, that can share a slot: its counts
# do not depend on what else runs (scripts/bench-shards.sh runs it).
HOST_UNITS = ("host-ir",)
DEFAULT_WEIGHT = 30
MAINLINE = ("aggregator", "gpiod-tools", "gpiod2-tools")
# run-irq-edges's parts beyond irq.table's: bus 13's six, the SPI pair
# and the part behind the bridge, the shared nets' other parts.
EDGE_FIXED = ["pca9555", "pcal9555a", "pcf8574", "pcf8575", "max7319",
              "max7321"]
EDGE_MORE = ["mcp23s17", "mcp23s18", "pca9535", "mcp23008", "pca9538"]


def matrix_parts():
    """The matrix's parts in matrix.table's order (catalogue/tables.py)."""
    return [r[0] for r in tables.matrix_rows(board_mod.Board())]


def edge_parts():
    """run-irq-edges's parts, in its order, each once."""
    out = []
    for p in EDGE_FIXED + [r[2] for r in tables.irq_rows(
            board_mod.Board())] + EDGE_MORE:
        if p not in out:
            out.append(p)
    return out


def units():
    return (matrix_parts() + ["span24"] + list(MAINLINE) +
            [u for x in EXTRAS for u in
             ((x + "/1", x + "/2") if x == "irq-edges" else (x,))])


def select_text(parts, mainline, extras, **more):
    lines = ["# bench/plan.py"]
    lines.append('BENCH_PARTS="%s"' % " ".join(parts))
    if mainline is True:
        mainline = MAINLINE
    lines.append('BENCH_MAINLINE="%s"' % " ".join(mainline or ()))
    lines.append('BENCH_EXTRAS="%s"' % " ".join(extras))
    for k, v in sorted(more.items()):
        lines.append('%s="%s"' % (k, v))
    return "\n".join(lines) + "\n"


def read_select(path):
    """A selection file's variables (NAME="value" lines, as select_text
    writes them and run-bench sources them); anything else is an error."""
    sel = {}
    with open(path) as f:
        for i, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = re.match(r'^(BENCH_[A-Z_0-9]+)=("[^"$`\\]*"|[^"$`\\\s]*)$',
                         line)
            if not m:
                raise ValueError("%s:%d: not a NAME=\"value\" line of "
                                 "run-bench's BENCH_* variables: %s"
                                 % (path, i, line))
            sel[m.group(1)] = m.group(2).strip('"')
    return sel


def listed(value, every):
    """A selection list: "all" (or 1) is every one, 0 none."""
    if value in ("all", "1"):
        return list(every)
    return [] if value == "0" else value.split()


def halves(edges):
    """The per-edge parts in two units, each non-empty."""
    h = {"irq-edges/1": edges[:len(edges) // 2],
         "irq-edges/2": edges[len(edges) // 2:]}
    return {k: v for k, v in h.items() if v}


def select_units(sel):
    """The units a selection runs, in units()' order, and its per-edge
    parts (run-bench's defaults for what it leaves out)."""
    parts = listed(sel.get("BENCH_PARTS", "all"), matrix_parts() + ["span24"])
    main = listed(sel.get("BENCH_MAINLINE", "all"), MAINLINE)
    extras = sel.get("BENCH_EXTRAS", " ".join(EXTRAS)).split()
    for x in parts + main + extras:
        if x not in units() and x not in EXTRAS:
            raise ValueError("unknown unit %r in the selection" % x)
    edges = listed(sel.get("BENCH_EDGE_PARTS", "all"), edge_parts())
    chosen = parts + main + [u for x in extras for u in (
        sorted(halves(edges)) if x == "irq-edges" else (x,))]
    return [u for u in units() if u in chosen], edges


def shards(n, out, select=None, host=()):
    """Whole units into n shards, the costliest first, each to the shard
    with the least work so far. select: a selection file whose units are
    cut instead of the whole matrix, its other variables in every shard.
    host: units of the host's (HOST_UNITS) weighed in too."""
    base, todo, edges = {}, units(), edge_parts()
    if select:
        base = read_select(select)
        todo, edges = select_units(base)
        for k in ("BENCH_PARTS", "BENCH_MAINLINE", "BENCH_EXTRAS"):
            base.pop(k, None)
    bins = [[] for _ in range(n)]
    load = [0] * n
    for u in sorted(todo + list(host),
                    key=lambda u: -WEIGHTS.get(u, DEFAULT_WEIGHT)):
        i = load.index(min(load))
        bins[i].append(u)
        load[i] += WEIGHTS.get(u, DEFAULT_WEIGHT)
    order = units()
    half = halves(edges)
    for i, b in enumerate(bins):
        d = os.path.join(out, str(i + 1))
        os.makedirs(d, exist_ok=True)
        b.sort(key=(order + list(host)).index)
        eparts = [p for h in half if h in b for p in half[h]]
        extras = []
        for u in b:
            x = u.split("/")[0]
            if x in EXTRAS and x not in extras:
                extras.append(x)
        more = dict(base)
        if "irq-edges" in extras and len(eparts) < len(edges):
            more["BENCH_EDGE_PARTS"] = " ".join(eparts)
        if any(u in host for u in b):
            more["BENCH_HOST"] = " ".join(u[len("host-"):] for u in b
                                          if u in host)
        with open(os.path.join(d, "select"), "w") as f:
            f.write(select_text([u for u in b if u in order[:len(
                matrix_parts()) + 1]], [u for u in b if u in MAINLINE],
                extras, **more))
        print("shard %d: %s (about %d s)" % (i + 1, " ".join(b), load[i]))


# --- review: the cells a patch can change -------------------------------

# Files whose change reaches every driver: gpiolib and its headers, the
# buses the board's expanders sit on, regmap. A change there takes a
# representative part of every driver family.
CORE = re.compile(r"^(drivers/gpio/gpiolib[^/]*\.[ch]|include/linux/gpio/|"
                  r"include/linux/gpio\.h|drivers/base/regmap/|"
                  r"include/linux/regmap\.h|drivers/i2c/i2c-core|"
                  r"include/linux/i2c\.h|drivers/i2c/busses/i2c-virtio\.c|"
                  r"drivers/spi/spi\.c|include/linux/spi/spi\.h|"
                  r"drivers/gpio/gpio-regmap\.c|include/uapi/linux/gpio\.h|"
                  r"drivers/pinctrl/core\.c)")
# What reaches the interrupt paths of every irqchip driver whatever its
# hunks say (elsewhere, a hunk that names interrupts decides).
IRQ_CORE = re.compile(r"^(drivers/gpio/gpio-virtio\.c|kernel/irq/|"
                      r"drivers/gpio/gpiolib-cdev\.c)")
# The mainline cells: the aggregator, gpiolib's array paths, the cdev.
MAINLINE_FILES = re.compile(r"^(drivers/gpio/gpio-aggregator\.c|"
                            r"drivers/gpio/gpiolib|include/linux/gpio/)")
STUB_DRIVERS = {"gpio-pca953x", "gpio-pcf857x", "gpio-max732x"}


def patch_files(paths):
    """Per patch file: the files its diffs touch and whether a hunk is
    interrupt code (a changed line or the hunk's function naming irq)."""
    files, irq = [], False
    for p in paths:
        with open(p, errors="replace") as f:
            for line in f:
                m = re.match(r"^diff --git a/(\S+) b/(\S+)", line)
                if m:
                    files.append(m.group(2))
                elif line.startswith("@@") or (
                        line[:1] in "+-" and not line.startswith(("+++",
                                                                  "---"))):
                    if re.search(r"irq|interrupt|intcap|intf\b", line, re.I):
                        irq = True
    return sorted(set(files)), irq


def driver_of(path):
    m = re.match(r"^drivers/(?:gpio|pinctrl|spi)/((?:gpio|pinctrl|spi)-"
                 r"[\w-]+?)(?:-core|-i2c|-spi)?\.c$", path)
    return m.group(1) if m else None


def review(base, out, patches):
    files, irq = patch_files(patches)
    parts = core.load()
    drivers = sorted({p["driver"] for p in parts})
    board = board_mod.Board()
    on_board = [p for p in parts if p["board"] == "yes"]
    why = []
    core_files = [f for f in files if CORE.match(f)]
    named = sorted({driver_of(f) for f in files} & set(drivers))
    if core_files:
        # one part per driver family: the first of the catalogue on the
        # board, the matrix's own where the driver has one there
        mparts = matrix_parts()
        chosen = []
        for d in drivers:
            cand = [p.name for p in on_board if p["driver"] == d]
            inm = [c for c in cand if c in mparts]
            if inm or cand:
                chosen.append((inm or cand)[0])
        why.append("core files %s: a representative part of every driver "
                   "family (%d drivers)" % (", ".join(core_files),
                                            len(chosen)))
        sel_drivers = drivers
    else:
        chosen = [p.name for p in on_board if p["driver"] in named]
        sel_drivers = named
        if named:
            why.append("driver files: %s (%d parts on the board)" % (
                ", ".join(named), len(chosen)))
    irq = irq or any(IRQ_CORE.match(f) for f in files)
    mparts = [p for p in matrix_parts() if p in chosen]
    span = bool({"gpio-pcf857x"} & set(sel_drivers)) or bool(core_files)
    mainline = bool(core_files) and any(MAINLINE_FILES.match(f)
                                        for f in files) or \
        "gpio-pcf857x" in sel_drivers or "gpio-pca953x" in sel_drivers
    extras = []
    if STUB_DRIVERS & set(sel_drivers):
        extras.append("stub")
    spi_drvs = sorted({p["drv"] for p in on_board if p["bus"] == "spi" and
                       p["driver"] in sel_drivers})
    if spi_drvs:
        extras.append("spi")
    i2c_min = [p for p in chosen if
               next(x for x in parts if x.name == p)["bus"] == "i2c"]
    if i2c_min:
        extras.append("minimum")
    edge_parts = []
    if irq and chosen:
        extras += ["irq", "irq-edges", "irq-storm", "midread"]
        edge_parts = chosen
        why.append("interrupt code changed: the per-edge, latency and "
                   "storm cells of those parts, and the guest suite's "
                   "mid-read cases (every part's)")
    # one speed: counts do not depend on it; latency is compared at it,
    # two runs apart (no pairs), so with twice the full bench's
    # operations a cell: medians of 4 moved 3x between the two sides on
    # a host loaded by kernel builds
    more = {"BENCH_SPEEDS": "100000", "BENCH_N": "8", "BENCH_NW": "24",
            "BENCH_PATHS": MAINLINE_PATHS if base == "mainline"
            else ALL_PATHS,
            "BENCH_MIN_PARTS": " ".join(i2c_min),
            "BENCH_EDGE_PARTS": " ".join(edge_parts),
            "BENCH_IRQ_PARTS": " ".join(edge_parts),
            "BENCH_STORM_PARTS": " ".join(edge_parts),
            "BENCH_SPI_DRVS": " ".join(spi_drvs)}
    sel_parts = mparts + (["span24"] if span else [])
    text = select_text(sel_parts, mainline, extras, **more)
    if base == "mainline":
        text += "BENCH_PAIRS=0\n"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "select"), "w") as f:
        f.write(text)
    if not chosen and not mainline:
        why.append("no file of the patches reaches a driver or path of "
                   "the board: %s" % ", ".join(files))
    summary = ["files: " + ", ".join(files),
               "parts: " + " ".join(chosen)] + why + [
        "matrix parts: %s (paths %s, 100 kHz)" % (
            " ".join(sel_parts) or "none", more["BENCH_PATHS"]),
        "mainline cells (aggregator, libgpiod tools): %s" % (
            "yes" if mainline else "no"),
        "other units: %s" % (" ".join(extras) or "none")]
    with open(os.path.join(out, "plan.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
    print("\n".join("plan: " + s for s in summary))
    return 0 if (chosen or mainline) else 3


def main(argv):
    if len(argv) >= 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) in (4, 5) and argv[1] == "shards" and \
            argv[2].isdigit() and int(argv[2]) > 0:
        more = argv[4:]
        host = tuple(a for a in more if a in HOST_UNITS)
        select = next((a for a in more if a not in HOST_UNITS), None)
        try:
            shards(int(argv[2]), argv[3], select, host)
        except (OSError, ValueError) as e:
            print("plan: %s" % e, file=sys.stderr)
            return 2
        return 0
    if len(argv) >= 5 and argv[1] == "review" and \
            argv[2] in ("mainline", "series"):
        return review(argv[2], argv[3], argv[4:])
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
