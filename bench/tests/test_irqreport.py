"""bench/irqreport.py's per-edge table on IRQE lines as run-irq-edges
prints them: one row per INT-capable catalogue part and request, falling
and rising edges apart, a spread where counts differ, and a part with
INT that no run measured named as not wired."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import consolelog  # noqa: E402
import irqreport  # noqa: E402
from catalogue import core  # noqa: E402

CONSOLE = """IRQE part=sx1503 req=both bus=i2c12 step=0 events=1 edges=falling tx=4 bytes=17 irqs=1 bus_ns=1 lat_us=1 rtt_us=1
IRQE part=sx1503 req=both bus=i2c12 step=1 events=1 edges=rising tx=4 bytes=17 irqs=1 bus_ns=1 lat_us=1 rtt_us=1
IRQE part=sx1503 req=both bus=i2c12 step=0 events=1 edges=falling tx=5 bytes=19 irqs=1 bus_ns=1 lat_us=1 rtt_us=1
IRQE part=sx1503 req=rising bus=i2c12 step=0 events=0 edges=- tx=3 bytes=13 irqs=1 bus_ns=1 lat_us=0 rtt_us=1
IRQ hz=100000 part=pca9555 req=both step=0 events=1 tx=2 bytes=9 irqs=1 bus_ns=1 lat_us=1 rtt_us=1
"""


class EdgeTable(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        fd, console = tempfile.mkstemp(dir=self.dir, suffix=".log")
        os.write(fd, CONSOLE.encode())
        os.close(fd)
        self.rows = consolelog.records(console, "IRQE",
                                       irqreport.EDGE_KEYS)
        self.parts = core.load()

    def test_only_irqe_lines(self):
        self.assertEqual(len(self.rows), 4)

    def test_rows_per_request_and_spread(self):
        t = {(r[0], r[2]): r for r in
             irqreport.edge_rows(self.parts, self.rows)}
        self.assertEqual(t[("sx1503", "both")][4:6],
                         ["4-5 / 17-19", "4 / 17"])
        self.assertEqual(t[("sx1503", "rising")][4:8],
                         ["3 / 13", "-", "1 / -", "0 / -"])
        self.assertEqual(t[("sx1503", "both")][6:8], ["1 / 1", "1 / 1"])

    def test_minimum_from_the_catalogue(self):
        # sx1503: handler 5/19, the read naming a both-edge event 1/4
        # (catalogue/parts.tsv irq_min); a rising request is not named
        # by a read; the costlier edge decides.
        t = {(r[0], r[2]): r for r in
             irqreport.edge_rows(self.parts, self.rows)}
        self.assertEqual(t[("sx1503", "both")][8:], ["6 / 23", "at"])
        self.assertEqual(t[("sx1503", "rising")][8:], ["5 / 19", "at"])
        rows = self.rows + [dict(part="sx1503", req="falling",
                                 bus="i2c12", step="0", events=1, tx=6,
                                 bytes=22, irqs=1)]
        t = {(r[0], r[2]): r for r in
             irqreport.edge_rows(self.parts, rows)}
        self.assertEqual(t[("sx1503", "falling")][8:],
                         ["5 / 19", "above: +1 tx, +3 bytes"])

    def test_minimum_of_a_pair_and_of_a_shared_net(self):
        p = core.by_name(self.parts)
        # two MCP23S17 handlers per edge (the board's pair), 1/8 each
        self.assertEqual(irqreport.minimum(p["mcp23s17"], "rising"),
                         (2, 16))
        self.assertEqual(irqreport.minimum(p["mcp23s17"], "both"), (3, 20))
        self.assertIsNone(irqreport.minimum(p["pca9555"], "shared"))

    def test_int_parts_only_and_unwired_named(self):
        t = irqreport.edge_rows(self.parts, self.rows)
        names = {r[0] for r in t}
        self.assertNotIn("pca9557", names)      # no INT pin
        self.assertIn(["pca9555", "gpio-pca953x", "-", "-", "-", "-",
                       "-", irqreport.UNMEASURED, "2 / 9", "-"], t)

    def test_section_written(self):
        irqreport.report_edges(self.rows, self.dir, self.parts)
        with open(os.path.join(self.dir, "irq-edges.md")) as f:
            self.assertIn("| sx1503 | pinctrl-sx150x | both |", f.read())


if __name__ == "__main__":
    unittest.main()
