"""bench/buslog.py on run/bus.log, a bus log of two bench cells: two
pca9555 writes on i2c31 (one pin each) and two on i2c30 (two pins
each)."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import buslog  # noqa: E402

LOG = os.path.join(HERE, "run", "bus.log")


class BusLogTest(unittest.TestCase):
    def setUp(self):
        self.buses, self.chips = buslog.read(LOG)

    def test_read(self):
        self.assertEqual(sorted(self.buses), ["i2c30", "i2c31"])
        b = self.buses["i2c31"]
        self.assertEqual(b.tx_start, [0, 290000])
        self.assertEqual(b.tx[1], (290000, 580000, 3, 1001000000))
        self.assertEqual(b.pins[0], (280000, 1000100000,
                                     "i2c31/pca9555@20", 0, "1", "0"))
        self.assertEqual(len(self.buses["i2c30"].pins), 4)
        self.assertEqual(self.chips, {("i2c31", "pca9555@20"): "pca9555",
                                      ("i2c30", "pca9555@24"): "pca9555"})

    def test_windows_drop_empty(self):
        self.assertEqual(buslog.windows("i2c31:0:580000,i2c29:5:5"),
                         [("i2c31", 0, 580000)])

    def test_ops_split_the_window(self):
        ops = buslog.ops(self.buses, "i2c30:0:760000", 2)
        self.assertEqual([len(t) for t, _ in ops], [1, 1])
        self.assertEqual([[p[3] for p in pins] for _, pins in ops],
                         [[0, 8], [0, 8]])

    def test_ops_refuse_an_uneven_split(self):
        self.assertIsNone(buslog.ops(self.buses, "i2c31:0:580000", 3))

    def test_skew(self):
        ops = buslog.ops(self.buses, "i2c30:0:760000", 2)
        # bus: 90 us both times; wall: 50 and 200 us, the upper median
        self.assertEqual(buslog.skew(ops), (2, 90000, 200000))
        self.assertEqual(buslog.skew([]), (None, None, None))

    def test_whole_run_vcd(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "all.vcd")
            self.assertEqual(buslog.whole_run(self.buses, path), 6)
            with open(path) as f:
                vcd = f.read()
        self.assertEqual(vcd.count("$var wire 1 "), 3)
        self.assertIn("$timescale 1000ns $end", vcd)


if __name__ == "__main__":
    unittest.main()
