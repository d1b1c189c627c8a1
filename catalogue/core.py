"""catalogue/parts.tsv read: one Part per row (its header says what each
column means), and the arithmetic on its masks and cost rules that the
guest's minimum.sh does in shell (rootfs-overlay/usr/lib/gpio-suite/).
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "parts.tsv")
RULE = re.compile(r"^(?:-|\d+|(?:(\d+)\*)?g(?:\+(\d+))?)$")
IRQ_MIN = re.compile(r"^(?:-|\?|(\d+)/(\d+) (\d+)/(\d+))$")


class CatalogueError(Exception):
    pass


class Part(dict):
    """A row: its columns by name, and what they mean as values."""

    @property
    def name(self):
        return self["part"]

    @property
    def compatibles(self):
        return self["compatible"].split()

    @property
    def line_counts(self):
        return [int(n) for n in self["lines"].split()]

    def chain(self):
        """(kind, DT property) of the chain column; (None, None) if -."""
        c = self["chain"]
        return (None, None) if c == "-" else tuple(c.split("=", 1))

    def groups(self):
        """{name: (low, high)} of the groups column, in its order."""
        out = {}
        for g in self["groups"].split():
            if g == "-":
                continue
            name, rng = g.split("=", 1)
            lo, hi = rng.split("-")
            out[name] = (int(lo, 0), int(hi, 0))
        return out

    def mask(self, col, lines):
        """The in or out mask as a number for a part of that many lines."""
        v = self[col]
        if v == "all":
            return (1 << lines) - 1
        return 0 if v == "-" else int(v, 0)

    def on_board(self):
        return self["board"] == "yes"

    def irq_min(self):
        """The irq_min column: ((tx, bytes) of the handler, (tx, bytes) of
        the read naming a both-edge event), or None for - and ?."""
        m = IRQ_MIN.match(self["irq_min"])
        if not m or not m.group(1):
            return None
        v = [int(x) for x in m.groups()]
        return (v[0], v[1]), (v[2], v[3])


def groups_of(mask):
    """The 8-line groups a mask touches (minimum.sh's groups)."""
    g = 0
    while mask:
        g += bool(mask & 0xff)
        mask >>= 8
    return g


def cost(rule, mask):
    """A cost rule (get_min, block_set, ...) on a mask: an int, or '-'."""
    m = RULE.match(rule)
    if not m:
        raise CatalogueError("bad cost rule %r" % rule)
    if rule == "-":
        return "-"
    if "g" not in rule:
        return int(rule)
    return int(m.group(1) or 1) * groups_of(mask) + int(m.group(2) or 0)


def describe(rule):
    """A rule in words, for the READMEs."""
    if "g" not in rule:
        return rule
    m = RULE.match(rule)
    per = "%s per 8 lines" % (m.group(1) or "1")
    return per + (" + %s" % m.group(2) if m.group(2) else "")


def read_tsv(path, error=CatalogueError):
    """A tab-separated file whose '#' lines are comments and whose first
    other line names the columns: (columns, [(line number, cells)]); a
    row of another width raises error."""
    rows, head = [], None
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if head is None:
                head = cells
                continue
            if len(cells) != len(head):
                raise error("%s:%d: %d columns, the header has %d"
                            % (path, no, len(cells), len(head)))
            rows.append((no, cells))
    return head, rows


def load(path=PATH):
    """The rows of the catalogue, in its order."""
    parts = []
    head, rows = read_tsv(path)
    for no, cells in rows:
        p = Part(zip(head, cells))
        for col in ("get_min", "set_min", "block_get", "block_set"):
            if not RULE.match(p[col]):
                raise CatalogueError("%s:%d: %s %r is no rule"
                                     % (path, no, col, p[col]))
        if not IRQ_MIN.match(p["irq_min"]):
            raise CatalogueError("%s:%d: irq_min %r is not H/B R/B, - or ?"
                                 % (path, no, p["irq_min"]))
        if (p["irq_min"] == "-") != p["int"].startswith("none"):
            raise CatalogueError("%s:%d: irq_min is - exactly when int is "
                                 "none" % (path, no))
        parts.append(p)
    names = [p.name for p in parts]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise CatalogueError("%s: parts named twice: %s"
                             % (path, ", ".join(sorted(dup))))
    return parts


def by_compatible(parts):
    """{compatible: part}; a compatible in two rows is an error."""
    out = {}
    for p in parts:
        for c in p.compatibles:
            if c in out:
                raise CatalogueError("%s in rows %s and %s"
                                     % (c, out[c].name, p.name))
            out[c] = p
    return out


def by_name(parts):
    return {p.name: p for p in parts}
