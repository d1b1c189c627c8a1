"""The host's bus log (expander-models/LOG-FORMAT.md): transactions and
pin changes per bus, the operations of one bench cell found by the bus
clock window gpiobench printed (win=BUS:FROM:TO), their pin-change skew,
and VCD output.
"""
import bisect
import functools


class Bus:
    """Transactions and pin changes timed on one bus's clock."""

    def __init__(self, name):
        self.name = name
        self.tx_start = []      # start_ns, ascending (the clock only grows)
        self.tx = []            # (start_ns, end_ns, bytes, wall_ns)
        self.pin_ns = []        # bus_ns of pin changes clocked by this bus
        self.pins = []          # (bus_ns, wall_ns, chip, pin, old, new)
        self.hz = 0             # speed of the transactions that follow
        self.wire = []          # per tx: (hz, segs, stretch_ns), wire.py


def read(path):
    """All buses of a log: {name: Bus}; chips: {(bus, chip): model}."""
    buses, chips = {}, {}
    with open(path, errors="replace") as f:
        for line in f:
            kind = line[:1]
            if kind not in "TPCB":
                continue
            fields = dict(kv.split("=", 1) for kv in line.split()[1:]
                          if "=" in kv)
            if kind == "B":
                b = buses.get(fields["bus"])
                if b is None:
                    b = buses[fields["bus"]] = Bus(fields["bus"])
                b.hz = int(fields["hz"])
                continue
            if kind == "C":
                chips[(fields["bus"], fields["chip"])] = fields["model"]
                continue
            clk = fields["bus"] if kind == "T" else fields["clk"]
            b = buses.get(clk)
            if b is None:
                b = buses[clk] = Bus(clk)
            if kind == "T":
                start = int(fields["start_ns"])
                b.tx_start.append(start)
                b.tx.append((start, int(fields["end_ns"]),
                             int(fields["bytes"]), int(fields["wall_ns"])))
                b.wire.append((b.hz, fields["segs"],
                               int(fields.get("stretch_ns", 0))))
            else:
                ns = int(fields["bus_ns"])
                b.pin_ns.append(ns)
                b.pins.append((ns, int(fields["wall_ns"]),
                               fields["bus"] + "/" + fields["chip"],
                               int(fields["pin"]), fields["old"],
                               fields["new"]))
    return buses, chips


def windows(win):
    """'i2c29:100:200,i2c30:5:5' -> [(bus, from_ns, to_ns)] with traffic."""
    out = []
    for w in win.split(","):
        bus, a, b = w.split(":")
        if int(b) > int(a):
            out.append((bus, int(a), int(b)))
    return out


def ops(buses, win, n):
    """The cell's operations: per op (its transactions, its pin changes).

    Transactions per operation are deterministic, so the window's
    transactions on each bus split into n equal runs, one per operation.
    """
    result = [([], []) for _ in range(n)]
    for bus, a, b in windows(win):
        bl = buses.get(bus)
        if bl is None:
            continue
        i = bisect.bisect_left(bl.tx_start, a)
        j = bisect.bisect_left(bl.tx_start, b)
        txs = bl.tx[i:j]
        if not txs or len(txs) % n:
            return None
        per = len(txs) // n
        for k in range(n):
            chunk = txs[k * per:(k + 1) * per]
            lo, hi = chunk[0][0], chunk[-1][1]
            p = bisect.bisect_left(bl.pin_ns, lo)
            q = bisect.bisect_right(bl.pin_ns, hi)
            result[k][0].extend(chunk)
            result[k][1].extend(bl.pins[p:q])
    return result


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else None


def skew(cell_ops):
    """Median over operations of (pins changed, bus skew ns, wall skew ns)
    between the first and the last pin change of one operation."""
    if not cell_ops:
        return None, None, None
    counts, bus, wall = [], [], []
    for _, pins in cell_ops:
        counts.append(len(pins))
        if pins:
            bus.append(max(p[0] for p in pins) - min(p[0] for p in pins))
            wall.append(max(p[1] for p in pins) - min(p[1] for p in pins))
    return median(counts), median(bus), median(wall)


def _vcd_id(i):
    chars = [chr(33 + i % 94)]
    while i >= 94:
        i = i // 94 - 1
        chars.append(chr(33 + i % 94))
    return "".join(chars)


def _vcd_level(v):
    return v if v in ("0", "1", "x", "z") else "x"


def timescale(unit_ns):
    """VCD's $timescale for a unit of UNIT_NS ns: IEEE 1364 allows 1, 10 or
    100 of s, ms, us, ns (and smaller), so 1000 ns is written 1 us."""
    for name, ns in (("s", 10 ** 9), ("ms", 10 ** 6), ("us", 10 ** 3),
                     ("ns", 1)):
        for m in (100, 10, 1):
            if unit_ns == m * ns:
                return "%d %s" % (m, name)
    raise ValueError("VCD timescale: %r ns is not 1, 10 or 100 of a unit"
                     % unit_ns)


class Vcd:
    """A VCD file: scopes of 1-bit wires, changes added in any order."""

    def __init__(self, comment, unit_ns=1):
        self.comment = comment
        timescale(unit_ns)      # a unit VCD cannot say fails here
        self.unit_ns = unit_ns  # timescale; times are added in ns
        self.scopes = {}        # scope -> [(name, id)]
        self.ids = {}           # (scope, name) -> id
        self.initial = {}       # id -> level
        self.changes = []       # (t, id, level)

    def wire(self, scope, name, initial="x"):
        key = (scope, name)
        if key not in self.ids:
            vid = _vcd_id(len(self.ids))
            self.ids[key] = vid
            self.scopes.setdefault(scope, []).append((name, vid))
            self.initial[vid] = _vcd_level(initial)
        return self.ids[key]

    def change(self, t, vid, level):
        self.changes.append((t, vid, _vcd_level(level)))

    def write(self, path):
        with open(path, "w") as f:
            f.write("$comment %s $end\n" % self.comment)
            f.write("$timescale %s $end\n" % timescale(self.unit_ns))
            for scope, wires in self.scopes.items():
                f.write("$scope module %s $end\n" % scope)
                for name, vid in wires:
                    f.write("$var wire 1 %s %s $end\n" % (vid, name))
                f.write("$upscope $end\n")
            f.write("$enddefinitions $end\n#0\n$dumpvars\n")
            for vid, level in self.initial.items():
                f.write("%s%s\n" % (level, vid))
            f.write("$end\n")
            last = None
            for t, vid, level in sorted(self.changes, key=lambda c: c[0]):
                t //= self.unit_ns
                if t != last:
                    f.write("#%d\n" % t)
                    last = t
                f.write("%s%s\n" % (level, vid))


def scope_name(s):
    return "".join(c if c.isalnum() or c == "_" else "_" for c in s)


@functools.lru_cache(maxsize=None)
def pin_wire(prefix, chip, pin):
    """A pin's wire name: PREFIX_BUS_NODE_pPIN, each part once. CHIP is
    "bus/node" as read() makes it; a PREFIX that already ends in that bus
    (the bus's own scope) and a node named as its bus (the guest's
    gpio14) do not repeat it (not i2c31_i2c31_pca9555_20_p0). The prefix
    stays: VCD viewers list wires by name across scopes."""
    bus, node = chip.split("/", 1)
    if prefix == bus or prefix.endswith("_" + bus):
        name = "" if node == bus else node
    else:
        name = bus if node == bus else chip
    return "_".join(scope_name(x) for x in (prefix, name) if x) + \
        "_p%d" % pin


def add_case(vcd, scope, cell_ops, nops):
    """The first nops operations of a cell on its bus clock from 0: one
    wire per pin that changes, one 'busy' wire for the transactions."""
    if not cell_ops:
        return
    chosen = cell_ops[:nops]
    t0 = chosen[0][0][0][0]
    busy = vcd.wire(scope, scope + "_bus_busy", "0")
    for txs, pins in chosen:
        for start, end, _, _ in txs:
            vcd.change(start - t0, busy, "1")
            vcd.change(end - t0, busy, "0")
        for ns, _, chip, pin, old, new in pins:
            vid = vcd.wire(scope, pin_wire(scope, chip, pin), old)
            vcd.change(ns - t0, vid, new)


def whole_run(buses, path):
    """Every pin change of the run on host wall time (ns from the first)."""
    vcd = Vcd("expander-bench: every pin change, host wall time", 1000)
    allpins = sorted((p for b in buses.values() for p in b.pins),
                     key=lambda p: p[1])
    if not allpins:
        return 0
    t0 = allpins[0][1]
    for _, wall, chip, pin, old, new in allpins:
        bus = chip.split("/", 1)[0]
        vid = vcd.wire(scope_name(bus), pin_wire("", chip, pin), old)
        vcd.change(wall - t0, vid, new)
    vcd.write(path)
    return len(allpins)
