"""bench/spireport.py on SPI lines as run-spi prints them: counts per
operation from N operations, one value across clocks, bus time per
clock, and a count that differs between clocks shown as such."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import benchdir  # noqa: E402

import spireport  # noqa: E402


def line(hz, part, path, op, n, tx, nbytes, bus_ns, med_ns=1000000):
    return ("SPI hz=%d part=%s drv=74x164 bus=spi7-28 path=%s op=%s "
            "lines=16 chips=1 n=%d min_ns=1 med_ns=%d p95_ns=1 tx=%d "
            "bytes=%d segs=%d bus_ns=%d cpu_ns=0 cpu_tx=0 win=x\n"
            % (hz, part, path, op, n, med_ns, tx, nbytes, tx, bus_ns))


CONSOLE = [
    # 16 lines of two 74HC595: per line 1 frame of 2 bytes per line.
    line(1000000, "hc595x2@0/0", "cdev-line", "set-all", 4, 64, 128,
         64 * 16000),
    line(1000000, "hc595x2@0/0", "cdev-multi", "set-all", 4, 4, 8,
         4 * 16000),
    line(10000000, "hc595x2@0/0", "cdev-line", "set-all", 4, 64, 128,
         64 * 1600),
    line(10000000, "hc595x2@0/0", "cdev-multi", "set-all", 4, 4, 8,
         4 * 1600),
    # a count that changes with the clock must not look whole
    line(1000000, "odd@1/0", "cdev-multi", "get-all", 4, 4, 8, 0),
    line(10000000, "odd@1/0", "cdev-multi", "get-all", 4, 5, 10, 0),
    "SPI hz=1000000 part=broken@2/0 tx=x\n",
    "BENCH kind=vhost hz=100000 part=pca9555 path=sysfs\n",
]


class SpiReportTest(unittest.TestCase):
    def setUp(self):
        self.dir = benchdir.make(CONSOLE)

    def test_rows(self):
        rows = spireport.parse(os.path.join(self.dir, "console.log"))
        self.assertEqual(len(rows), 6)
        trs = spireport.report(rows, self.dir)
        self.assertEqual(len(trs), 2)
        hc = trs[0]
        # part driver bus op lines | frames line, block | bytes line, block
        self.assertEqual(hc[:9], ["hc595x2@0/0", "74x164", "spi7-28",
                                  "set-all", 16, 16, 1, 32, 2])
        # bus µs per op at 1 MHz, then 10 MHz: per line, block
        self.assertEqual(hc[9:13], ["256.0", "16.0", "25.6", "1.6"])
        self.assertEqual(hc[13:], ["1000", "1000"])
        odd = trs[1]
        self.assertEqual(odd[5:9], ["-", "differ", "-", "differ"])

    def test_appends_to_report(self):
        spireport.report(spireport.parse(
            os.path.join(self.dir, "console.log")), self.dir)
        with open(os.path.join(self.dir, "report.md")) as f:
            text = f.read()
        self.assertIn("## SPI expanders", text)
        self.assertTrue(os.path.exists(os.path.join(self.dir, "spi.csv")))


if __name__ == "__main__":
    unittest.main()
