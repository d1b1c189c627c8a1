"""bench/minreport.py on MIN and SPI lines as run-minimum and run-spi
print them, against a cover letter table: counts per operation, a
measured figure that differs from the letter's marked, a part above its
minimum marked, I2C parts told apart by their chip's lines."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import minreport  # noqa: E402


def mline(part, drv, nlines, mn, op, n, tx, nbytes, bus_ns):
    return ("MIN hz=100000 part=%s drv=%s nlines=%d min=%d path=cdev-multi "
            "op=%s lines=8 chips=1 n=%d min_ns=1 med_ns=1 p95_ns=1 tx=%d "
            "bytes=%d segs=%d bus_ns=%d cpu_ns=0 cpu_tx=0 win=x\n"
            % (part, drv, nlines, mn, op, n, tx, nbytes, tx, bus_ns))


def sline(hz, part, op, n, tx):
    return ("SPI hz=%d part=%s drv=xra1403 bus=spi7-28 path=cdev-multi "
            "op=%s lines=16 chips=1 n=%d min_ns=1 med_ns=1 p95_ns=1 tx=%d "
            "bytes=%d segs=%d bus_ns=%d cpu_ns=0 cpu_tx=0 win=x\n"
            % (hz, part, op, n, tx, 3 * tx, tx, 24000 * tx))


CONSOLE = [
    mline("pca9555@21:22", "pca953x", 16, 1, "set-all", 4, 4, 12, 4 * 290000),
    mline("pca9555@21:22", "pca953x", 16, 1, "get-all", 4, 4, 16, 4 * 380000),
    # two parts of one name, told apart by their lines
    mline("gpio-adnp@5:41", "gpio-adnp", 48, 6, "get-all", 4, 192, 384, 0),
    mline("gpio-adnp@5:42", "gpio-adnp", 16, 2, "get-all", 4, 64, 128, 0),
    # a count that is not whole per operation
    mline("ds4520@5:50", "ds4520-gpio", 9, 1, "set-all", 4, 15, 30, 0),
    sline(1000000, "xra1403@3/0", "set-all", 4, 8),
    sline(10000000, "xra1403@3/0", "set-all", 4, 8),
    "MIN hz=100000 part=broken@1:20 tx=x\n",
]

LETTER = """Subject: [PATCH 00/02] test

  driver            part       lines  bus   minimum   6.12     series   patches
                                            get set   get set  get set
  gpio-pca953x      pca9555       16  i2c     1   1     2   2    1   1  0005
  gpio-adnp         gpio-adnp     48  i2c     6   6    48  96   48  96  -
  gpio-ds4520       ds4520         9  i2c     1   1     x   x    2   4  0027-0028
  gpio-xra1403      xra1403       16  spi     2   2    16  32    2   2  0018-0019
  gpio-max7301      max7301       28  spi     3   2     x  16    4   2  0014-0015
"""


class MinReportTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.console = os.path.join(self.dir, "console.log")
        with open(self.console, "w") as f:
            f.writelines(CONSOLE)
        self.letter = os.path.join(self.dir, "cover.patch")
        with open(self.letter, "w") as f:
            f.write(LETTER)
        with open(os.path.join(self.dir, "report.md"), "w") as f:
            f.write("# report\n")

    def test_cover_rows(self):
        rows = minreport.cover_rows(self.letter)
        self.assertEqual([r["part"] for r in rows],
                         ["pca9555", "gpio-adnp", "ds4520", "xra1403",
                          "max7301"])
        self.assertEqual(rows[1][("6.12", "set-all")], "96")
        self.assertEqual(rows[2][("6.12", "get-all")], "x")
        self.assertEqual(rows[4]["patches"], "0014-0015")

    def test_driver_table(self):
        rows, diff = minreport.driver_table(
            minreport.cover_rows(self.letter),
            minreport.measured(self.console))
        pca, adnp, ds, xra, mx = rows
        # driver part lines bus | get min, 6.12, measured | set ... |
        # get µs, set µs | patches
        self.assertEqual(pca[4:10], ["1", "2", "1", "1", "2", "1"])
        self.assertEqual(pca[10:], ["380.0", "290.0", "0005"])
        # the 48-line part, not the 16-line one of the same name
        self.assertEqual(adnp[6], "48")
        # no set measured on it: the letter's 96 is reported missing
        self.assertEqual(adnp[9], "**not run** (letter: 96)")
        # 15 transactions in 4 operations: not the letter's 4
        self.assertEqual(ds[9], "**15/4** (letter: 4)")
        self.assertEqual(ds[6], "**not run** (letter: 2)")
        self.assertEqual(xra[9], "2")
        self.assertEqual(mx[6], "**not run** (letter: 4)")
        self.assertEqual(xra[6], "**not run** (letter: 2)")
        self.assertEqual(diff, 6)

    def test_parts_and_files(self):
        nd, np_, diff = minreport.report(minreport.measured(self.console),
                                         self.letter, self.dir)
        self.assertEqual((nd, np_, diff), (5, 4, 6))
        rows, above = minreport.part_table(minreport.measured(self.console))
        # adnp 48: 48 per op, minimum 6; adnp 16: 16, minimum 2; ds4520
        self.assertEqual(above, 3)
        with open(os.path.join(self.dir, "report.md")) as f:
            text = f.read()
        self.assertIn("## Bus cost per driver", text)
        self.assertIn("(I2C at 100 kHz)", text)
        self.assertTrue(os.path.exists(os.path.join(self.dir,
                                                    "minimum.csv")))


if __name__ == "__main__":
    unittest.main()
