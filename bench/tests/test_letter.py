"""bench/letter.py: the cover letters' table "Bus cost per operation" is
what the catalogue of parts and the board give (rows, minimum, the
series' expectation), for both kernels; with a bench run, the series
columns are the measured counts."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import letter  # noqa: E402
from catalogue import board  # noqa: E402


def committed(kernel):
    """The table's lines as the letter has them."""
    out, on = [], False
    with open(letter.letter_path(kernel)) as f:
        for line in f:
            line = line.rstrip("\n")
            if line == letter.HEAD[0]:
                on = True
            elif on and not line:
                break
            if on:
                out.append(line)
    return out


class LetterTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.b = board.Board()

    def test_letters_current(self):
        for kernel in ("7.3", "6.12"):
            self.assertEqual(committed(kernel), letter.table(kernel, b=self.b),
                             "patches/%s/bus-cost.txt: "
                             "bench/letter.py %s prints the table" %
                             (kernel, kernel))

    def test_measured_series(self):
        d = tempfile.mkdtemp()
        with open(os.path.join(d, "console.log"), "w") as f:
            f.write("MIN hz=100000 part=pca9555@21:22 drv=pca953x nlines=16 "
                    "min=1 path=cdev-multi op=get-all lines=16 chips=1 n=4 "
                    "min_ns=1 med_ns=1 p95_ns=1 tx=8 bytes=16 segs=8 "
                    "bus_ns=4 cpu_ns=0 cpu_tx=0 win=x\n")
        rows = {r["part"]: r for r in letter.rows("7.3", d, self.b)}
        self.assertEqual(rows["pca9555"][("series", "get-all")], "2")
        self.assertEqual(rows["pca9555"][("series", "set-all")], "?")
        self.assertEqual(rows["pca9571"][("series", "get-all")], "-")
        self.assertEqual(rows["pca9555"][("minimum", "get-all")], "1")
        self.assertEqual(rows["pca9555"][("6.12", "get-all")], "2")


if __name__ == "__main__":
    unittest.main()
