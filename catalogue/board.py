"""The board DT (dts/) joined with the catalogue: every expander node of the
board as an Instance of its catalogue part, and the instance tables the
guest reads (catalogue/gen.py writes them).

Which nodes are what, by the board's own structure:
  I2C bus     a "virtio,device22" node; its slot is its virtio_mmio's
  expander    a child of an I2C bus or of an SPI master
  SPI master  a "spi-gpio" node, or an expander with #address-cells
              (the SC18IS602B bridges)
  30-parts    the I2C expanders of dts/parts*.dtsi but those whose line
              another node's NAME-gpios holds (the AW9523's reset)
  51-irq-drivers  the I2C expanders of dts/interrupts-drivers.dtsi
              and dts/parts*.dtsi with an interrupts line no other
              expander shares (a part of 30-parts whose INT cannot
              disturb its counts, the PCAL parts, masked at power-up,
              carries its INT there)
  bench chip  the expander labelled bench_BLOCK: the bench's free chip
              of the part whose twin the gpio-block BLOCK covers
"""
import os
import re

from . import core, dts

HERE = os.path.dirname(os.path.abspath(__file__))
BOARD = os.path.join(HERE, "..", "dts", "board.dts")
PARTS_FILES = re.compile(r"^parts[-\w]*\.dtsi$")
IRQ_FILE = "interrupts-drivers.dtsi"
BENCH_LABEL = re.compile(r"^bench_(\w+)$")
MMIO = re.compile(r"^virtio_mmio@([0-9a-f]+)$")
MMIO_BASE, MMIO_STRIDE = 0xa000000, 0x200  # slot N: dts/board.dts


class BoardError(Exception):
    pass


def slot_of(node):
    """The virtio-mmio slot a node sits under (None: not under one)."""
    while node is not None:
        m = MMIO.match(node.name)
        if m:
            return (int(m.group(1), 16) - MMIO_BASE) // MMIO_STRIDE
        node = node.parent
    return None


def is_i2c_bus(node):
    return node.string("compatible") == "virtio,device22"


def is_spi_gpio(node):
    return node.string("compatible") == "spi-gpio"


class Instance:
    """One expander node and its catalogue part."""

    def __init__(self, node, part):
        self.node, self.part = node, part
        self.compatible = node.string("compatible")
        self.reg = node.u32("reg")
        self.slot = slot_of(node)
        self.spi = not is_i2c_bus(node.parent)
        self.chips, self.parts_per_chip, self.lines = self._shape()

    def _shape(self):
        """(gpiochips, parts per gpiochip, lines per gpiochip)."""
        p, node = self.part, self.node
        counts = p.line_counts
        kind, prop = p.chain()
        if kind is None:
            if len(counts) != 1:
                raise BoardError("%s: %s has %s lines: which?"
                                 % (node.path(), p.name, p["lines"]))
            return 1, 1, counts[0]
        n = node.u32(prop, 1)
        if kind == "parts":
            return 1, n, counts[0] * n
        if kind == "chips":
            return bin(n).count("1"), 1, counts[0]
        if kind == "lines":
            if n in counts:
                return 1, 1, n
            if len(counts) == 1 and n % counts[0] == 0:
                return 1, n // counts[0], n
            raise BoardError("%s: %s = %d, %s has %s lines"
                             % (node.path(), prop, n, p.name, p["lines"]))
        raise BoardError("%s: chain %r" % (p.name, p["chain"]))

    def mask(self, col):
        """(value, text) of in or out for one gpiochip: a chain repeats
        the part's mask; the text keeps the catalogue's digits."""
        p, k = self.part, self.parts_per_chip
        per = p.line_counts[0] if k > 1 else self.lines
        one = p.mask(col, per)
        val = sum(one << (i * per) for i in range(k))
        text = p[col]
        if text == "all":
            return val, "0x%x" % val
        if k == 1 or val == 0:
            return val, text
        return val, "0x%0*x" % ((len(text) - 2) * k, val)

    def addresses(self):
        """(a, b): the max732x group addresses, hex, - if absent."""
        groups = self.part.groups()
        if not groups:
            return "-", "-"
        here = [g for g, (lo, hi) in groups.items() if lo <= self.reg <= hi]
        if not here:
            raise BoardError("%s: reg 0x%x in no group of %s (%s)"
                             % (self.node.path(), self.reg, self.part.name,
                                self.part["groups"]))
        lo = groups[here[0]][0]
        out = {g: "%x" % (self.reg - lo + glo)
               for g, (glo, _) in groups.items()}
        return out.get("A", "-"), out.get("B", "-")


def gpio_holders(tree):
    """Nodes whose lines another node's NAME-gpios property holds."""
    held = set()
    for n in tree.root.walk():
        for prop in n.props:
            if prop.endswith("-gpios"):
                for c in n.cells(prop):
                    if isinstance(c, dts.Ref):
                        held.add(tree.resolve(c))
    return held


class Board:
    def __init__(self, parts=None, path=BOARD):
        self.parts = parts if parts is not None else core.load()
        self.tree = dts.load(path)
        compat = core.by_compatible(self.parts)
        self.instances = []
        self.unknown = []	# expander nodes no catalogue row names
        for node in self._expander_nodes():
            p = compat.get(node.string("compatible"))
            if p is None:
                self.unknown.append(node)
            else:
                self.instances.append(Instance(node, p))

    def _expander_nodes(self):
        nodes = []
        for n in self.tree.root.walk():
            if is_i2c_bus(n) or is_spi_gpio(n):
                for c in n.children:
                    nodes.append(c)
                    if "#address-cells" in c.props:	# a bridge
                        nodes += c.children
        return sorted(nodes, key=lambda n: n.seq)

    def of_part(self, part):
        return [i for i in self.instances if i.part is part]

    def i2c_parts(self):
        """The instances of 30-parts, in the order the DT names them."""
        held = gpio_holders(self.tree)
        return [i for i in self.instances
                if not i.spi and PARTS_FILES.match(i.node.file or "")
                and i.node not in held]

    def irq_parts(self):
        """[(instance, INT line)] of 51-irq-drivers, in DT order: the I2C
        expanders of dts/interrupts-drivers.dtsi and dts/parts*.dtsi whose
        first interrupts cell (the virtio-gpio line) no other expander
        there uses."""
        wired = [(i, i.node.cells("interrupts")[0]) for i in self.instances
                 if not i.spi and "interrupts" in i.node.props and
                 (os.path.basename(i.node.file or "") == IRQ_FILE or
                  PARTS_FILES.match(os.path.basename(i.node.file or "")))]
        lines = [ln for _, ln in wired]
        return [(i, ln) for i, ln in wired if lines.count(ln) == 1]

    def spi_devices(self):
        return [i for i in self.instances if i.spi]

    def master(self, inst):
        """(MASTER, BUS) of an SPI device: the end of its master's
        of_node path below its virtio_mmio node (or the root), and the
        host's name of that SPI bus (expander-models/src: board.c,
        spi_dt.c)."""
        m = inst.node.parent
        names, n = [], m
        while n.parent is not None and not MMIO.match(n.name):
            names.insert(0, n.name)
            n = n.parent
        if is_spi_gpio(m):
            sck = m.cells("sck-gpios")[0]
            return "/".join(names), "spi%d-gpio" % slot_of(
                self.tree.resolve(sck))
        return "/".join(names), "spi%d-%02x" % (slot_of(m), m.u32("reg"))

    def blocks(self):
        """{label: block node} of every linux,gpio-block child."""
        out = {}
        for n in self.tree.root.walk():
            if n.string("compatible") == "linux,gpio-block":
                for b in n.children:
                    out[b.string("label")] = b
        return out

    def bench_chips(self):
        """[(instance, block label, twin node)] of the nodes labelled
        bench_BLOCK, in catalogue order; each BLOCK covers every line of
        one twin of the same compatible, in order."""
        blocks = self.blocks()
        out = []
        for inst in self.instances:
            for lb in inst.node.labels:
                m = BENCH_LABEL.match(lb)
                if not m:
                    continue
                blk = blocks.get(m.group(1))
                if blk is None:
                    raise BoardError("%s: no gpio-block %s" % (lb, m.group(1)))
                cells = blk.cells("gpios")
                twins = {self.tree.resolve(c) for c in cells[0::3]}
                twin = twins.pop() if len(twins) == 1 else None
                if (twin is None or
                        twin.string("compatible") != inst.compatible or
                        cells[1::3] != list(range(inst.lines))):
                    raise BoardError("%s: block %s is not every line of one "
                                     "%s" % (lb, m.group(1), inst.part.name))
                out.append((inst, m.group(1), twin))
        order = {id(p): k for k, p in enumerate(self.parts)}
        return sorted(out, key=lambda x: order[id(x[0].part)])
