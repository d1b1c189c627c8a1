"""catalogue/board.py and tables.py: the board DT against the catalogue
(every row on the board or marked not to be, every expander node of the
DT in the catalogue, the bench's chips) and the guest's tables made from
both."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
sys.path.insert(0, TOP)

from catalogue import board, tables  # noqa: E402


class BoardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.b = board.Board()

    def test_every_expander_node_in_the_catalogue(self):
        self.assertEqual([n.path() for n in self.b.unknown], [])

    def test_every_row_on_the_board(self):
        for p in self.b.parts:
            on = bool(self.b.of_part(p))
            self.assertEqual(on, p.on_board(),
                             "%s: board %s, %d DT nodes" % (
                                 p.name, p["board"], len(self.b.of_part(p))))

    def test_addresses(self):
        for i in self.b.instances:
            i.addresses()	# BoardError on a reg in no group
        a = {(i.part.name, i.reg): i.addresses() for i in self.b.i2c_parts()}
        self.assertEqual(a[("max7325", 0x55)], ("65", "55"))
        self.assertEqual(a[("max7324", 0x64)], ("64", "54"))
        self.assertEqual(a[("max7320", 0x50)], ("-", "50"))

    def test_bench_chips(self):
        chips = self.b.bench_chips()
        names = [i.part.name for i, _, _ in chips]
        self.assertEqual(sorted(names), sorted(
            p.name for p in self.b.parts if p["bench"] != "-"))
        self.assertEqual(len(names), len(set(names)))

    def test_letter_rows(self):
        rows = tables.letter_rows(self.b)
        self.assertEqual(len(rows), sum(p["letter"] == "yes"
                                        for p in self.b.parts))
        hc = [r for r in rows if r["part"] == "hc595x4"][0]
        self.assertEqual((hc["lines"], hc[("minimum", "get-all")],
                          hc[("minimum", "set-all")]), (32, "-", "1"))


class GuestTablesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.b = board.Board()

    def test_parts_table(self):
        rows = tables.parts_rows(self.b)
        self.assertTrue(rows)
        for r in rows:
            self.assertEqual(len(r), 11, r)
            n = int(r[4])
            for m in r[5:7]:
                self.assertEqual(int(m, 0) >> n, 0, r)
        # the AW9523's reset PCA9570 (its reset-gpios) is no row
        self.assertNotIn(["6", "24"], [r[:2] for r in rows])
        adnp = [r for r in rows if r[2] == "gpio-adnp"]
        self.assertEqual([(r[4], r[5]) for r in adnp],
                         [("48", "0xffffffffffff"), ("16", "0xffff")])
        by = {r[2]: r for r in rows}
        # bg: the catalogue's block_get on the in mask (one transfer per
        # byte on the SX1503, per port without PCA_PAIR); since: KVER
        self.assertEqual([by[p][9] for p in ("pca9555", "sx1503", "max7312",
                                             "cy8c9560")],
                         ["1", "2", "2", "8"])
        self.assertEqual((by["tcal6416"][10], by["pca9555"][10]),
                         ("700", "-"))

    def test_irq_table(self):
        rows = tables.irq_rows(self.b)
        for r in rows:
            self.assertEqual(len(r), 8, r)
        by = {(r[0], r[1]): r for r in rows}
        self.assertEqual(by[("12", "20")][2:], ["sx1503", "sx150x-pinctrl",
                                                "16", "15", "2", "-"])
        # a PCAL part of 30-parts carries its INT on its parts bus
        self.assertEqual(by[("25", "20")][2:6], ["pcal6408", "pca953x",
                                                 "8", "57"])
        # the shared net (line 22) and bus 13 (50-interrupts) are no rows
        self.assertNotIn("22", [r[5] for r in rows])
        self.assertNotIn("13", [r[0] for r in rows])
        lines = [r[5] for r in rows]
        self.assertEqual(len(lines), len(set(lines)))

    def test_spi_table(self):
        rows = tables.spi_rows(self.b)
        by = {(r[4], r[3]): r for r in rows}
        self.assertEqual(by[("mcp23s17@1", "1")][5], "16")
        self.assertEqual(by[("hc595x4@0", "0")][7:10],
                         ["32", "0", "0xffffffff"])
        self.assertEqual(by[("max7301@0", "0")][:2],
                         ["spi-gpio", "spi14-gpio"])
        self.assertEqual(by[("max7301@0", "0")][10:],
                         ["1", "2", "2", "4", "2", "3"])
        self.assertEqual(by[("xra1403@3", "0")][:2],
                         ["i2c/spi@28", "spi7-28"])
        for r in rows:
            self.assertEqual(len(r), 16, r)


if __name__ == "__main__":
    unittest.main()
