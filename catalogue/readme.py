"""The parts tables of expander-models/README.md ("Parts", "SPI parts"),
made from the catalogue and the board: each sits between a marker line
`<!-- catalogue: NAME -->` and `<!-- catalogue: end -->`, which gen.py
rewrites (`readme --write`) and a host test checks (`readme --check`).
"""
import os
import re

from . import core

HERE = os.path.dirname(os.path.abspath(__file__))
README = os.path.join(HERE, "..", "expander-models", "README.md")
BEGIN = "<!-- catalogue: %s (catalogue/gen.py readme --write makes it) -->"
END = "<!-- catalogue: end -->"
SECTION = re.compile(r"^<!-- catalogue: (\S+) .*-->$")
HEAD = ["part", "lines", "Linux driver, compatible", "INT",
        "minimum get / set", "modelled", "notes", "host tests",
        "guest checks"]
CHAIN = {"parts": "a chain: %s", "chips": "a gpiochip per bit of %s",
         "lines": "%s"}


def cell(text):
    return text.replace("|", "\\|")


def lines_of(p):
    if p["lines"] == "0":
        return "-"
    text = ", ".join(p["lines"].split())
    kind, prop = p.chain()
    return text + (" (%s)" % (CHAIN[kind] % prop) if kind else "")


def minimum_of(p):
    out = "%s / %s" % (core.describe(p["get_min"]),
                       core.describe(p["set_min"]))
    if p["min_why"] != "-":
        out += ": " + p["min_why"]
    if (p["block_get"], p["block_set"]) != (p["get_min"], p["set_min"]):
        out += "; the driver with the series: %s / %s, as %s" % (
            core.describe(p["block_get"]),
            core.describe(p["block_set"]), p["gap"])
    return out


def int_of(p):
    """The INT cell: the int column, then the handler's minimum per edge
    (irq_min, irq_why)."""
    m = p.irq_min()
    if m is None:
        return p["int"] if p["irq_min"] == "-" else "%s. Per edge: %s" % (
            p["int"], p["irq_why"])
    unit = "frame" if p["bus"] == "spi" else "transaction"
    (ht, hb), (rt, rb) = m
    return "%s. Per edge at least %d %s%s, %d bytes (naming a both-edge " \
        "event: + %d, %d bytes): %s" % (
            p["int"], ht, unit, "" if ht == 1 else "s", hb, rt, rb,
            p["irq_why"])


def at_of(board, p):
    """{at}: the part's rows in the guest's tables."""
    out = []
    for i in board.i2c_parts():
        if i.part is not p:
            continue
        why = []
        if len(p.compatibles) > 1:
            why.append(i.compatible.split(",")[0])
        if len(p.line_counts) > 1:
            why.append("%d lines" % i.lines)
        out.append("%d:%x" % (i.slot, i.reg) +
                   (" (%s)" % ", ".join(why) if why else ""))
    for i in board.spi_devices():
        if i.part is not p:
            continue
        n = "%d lines" % i.lines
        if i.chips > 1:
            n = "%d × %s" % (i.chips, n)
        if board.master(i)[0] == "spi-gpio":
            n += ", spi-gpio"
        out.append("%s (%s)" % (i.node.name, n))
    return ", ".join(out)


def board_of(board, p):
    """{board}: every DT node of the part."""
    return ", ".join(i.node.name if i.spi else "%d:%x" % (i.slot, i.reg)
                     for i in board.of_part(p))


def row(board, p):
    checks = p["checks"].replace("{at}", at_of(board, p)).replace(
        "{board}", board_of(board, p))
    return [p.name, lines_of(p), "%s, %s" % (p["driver"], ", ".join(
        p.compatibles)), int_of(p), minimum_of(p), p["modelled"], p["notes"],
        p["host_tests"], checks]


def table(board, bus):
    rows = [row(board, p) for p in board.parts
            if (p["bus"] == "spi" or p["lines"] == "0") == (bus == "spi")]
    out = ["| " + " | ".join(HEAD) + " |",
           "| " + " | ".join("---" for _ in HEAD) + " |"]
    out += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return out


def sections(board):
    """{name: lines} of every generated section."""
    return {"i2c": table(board, "i2c"), "spi": table(board, "spi")}


def rewrite(text, board):
    """text with every section made anew; ValueError on a section of
    an unknown name or without its end."""
    made = sections(board)
    out, inside = [], None
    for line in text.split("\n"):
        m = SECTION.match(line)
        if m and line != END:
            if inside or m.group(1) not in made:
                raise ValueError("%s: section %s" % (README, m.group(1)))
            inside = m.group(1)
            out.append(BEGIN % inside)
            out += made[inside]
            continue
        if line == END:
            inside = None
        if not inside:
            out.append(line)
    if inside:
        raise ValueError("%s: section %s has no end" % (README, inside))
    return "\n".join(out)
