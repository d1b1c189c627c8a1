"""bench/stormreport.py on STORM lines as run-irq-storm prints them:
one row per part and rate, per-event ratios, a line that did not read
the pin once settled shown as such, a malformed line left out."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import benchdir  # noqa: E402

import stormreport  # noqa: E402


def line(part, hz, events, irqs, tx, nbytes, level=1, pin="1", settled=1):
    return ("STORM part=%s driver=gpio-pca953x bus=i2c13 hz=%d "
            "periods=200 edges=400 made=400 events=%d rising=%d "
            "falling=%d seqno=%d last=rising irqs=%d tx=%d bytes=%d "
            "level=%d pin=%s settled=%d storm_us=12000\n"
            % (part, hz, events, events // 2, events - events // 2,
               events, irqs, tx, nbytes, level, pin, settled))


CONSOLE = [
    line("pca9555", 1000, 100, 60, 200, 900),
    line("pca9555", 50000, 10, 8, 20, 90),
    line("pcf8574", 1000, 40, 40, 80, 160, level=0, pin="1"),
    "STORM part=broken hz=x\n",
    "IRQ hz=100000 part=pca9555\n",
]


class StormReportTest(unittest.TestCase):
    def setUp(self):
        self.dir = benchdir.make(CONSOLE)

    def test_rows(self):
        rows = stormreport.parse(os.path.join(self.dir, "console.log"))
        self.assertEqual(len(rows), 3)
        trs = stormreport.report(rows, self.dir)
        self.assertEqual(len(trs), 3)
        # part driver bus kHz made events %seen runs tx/ev bytes/ev tx/run
        self.assertEqual(trs[0][:11], ["pca9555", "gpio-pca953x", "i2c13",
                                       "1", 400, 100, "25.0", 60, "2.0",
                                       "9.0", "3.3"])
        self.assertEqual(trs[0][11], "yes")
        self.assertEqual(trs[1][3], "50")
        self.assertEqual(trs[2][11], "NO (settled=1 level=0 pin=1)")
        with open(os.path.join(self.dir, "report.md")) as f:
            md = f.read()
        self.assertIn("## Expander interrupt storms", md)
        self.assertIn("did not read the pin once settled: 1.", md)
        self.assertTrue(os.path.exists(os.path.join(self.dir,
                                                    "storm.png")))
        self.assertTrue(os.path.exists(os.path.join(self.dir,
                                                    "storm.csv")))


if __name__ == "__main__":
    unittest.main()
