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
        # IEEE 1364: 1, 10 or 100 of a unit; 1000ns is not one
        self.assertIn("$timescale 1 us $end", vcd)
        # the bus once in a wire's name
        self.assertIn(" i2c31_pca9555_20_p0 $end", vcd)
        self.assertNotIn("i2c31_i2c31", vcd)

    def test_timescale(self):
        self.assertEqual(buslog.timescale(1), "1 ns")
        self.assertEqual(buslog.timescale(100), "100 ns")
        self.assertEqual(buslog.timescale(1000), "1 us")
        self.assertEqual(buslog.timescale(10 ** 7), "10 ms")
        with self.assertRaises(ValueError):
            buslog.timescale(250)
        with self.assertRaises(ValueError):
            buslog.Vcd("x", 2000)

    def test_pin_wire(self):
        # the bus's own scope (count.py), no prefix (whole_run), a cell's
        # scope (report.py, wire.py), a pin of another bus than the clock
        self.assertEqual(buslog.pin_wire("i2c31", "i2c31/pca9555@20", 0),
                         "i2c31_pca9555_20_p0")
        self.assertEqual(buslog.pin_wire("", "i2c31/pca9555@20", 0),
                         "i2c31_pca9555_20_p0")
        self.assertEqual(buslog.pin_wire("block_dev_i2c31",
                                         "i2c31/pca9555@20", 7),
                         "block_dev_i2c31_pca9555_20_p7")
        self.assertEqual(buslog.pin_wire("cdev_line", "i2c31/pca9555@20", 3),
                         "cdev_line_i2c31_pca9555_20_p3")
        self.assertEqual(buslog.pin_wire("i2c13", "gpio14/gpio14", 1),
                         "i2c13_gpio14_p1")
        self.assertEqual(buslog.pin_wire("i2c31", "i2c30/pca9555@24", 0),
                         "i2c31_i2c30_pca9555_24_p0")


if __name__ == "__main__":
    unittest.main()
