"""catalogue/core.py: the catalogue of parts read, its columns sound
(every model file there, masks within the lines, a gap exactly where the
driver stays above the minimum), its cost rules. The models' side:
expander-models/tests/test_catalogue.c."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
sys.path.insert(0, TOP)

from catalogue import core  # noqa: E402

MODELS = os.path.join(TOP, "expander-models", "src", "models")


class CoreTest(unittest.TestCase):
    def test_rules(self):
        self.assertEqual(core.groups_of(0), 0)
        self.assertEqual(core.groups_of(0xfffffffffffffff), 8)
        self.assertEqual(core.groups_of(0x0fff0000), 2)
        self.assertEqual(core.cost("g", 0x00ff), 1)
        self.assertEqual(core.cost("g+1", 0x0fff0000), 3)
        self.assertEqual(core.cost("2*g", 0x0fff0000), 4)
        self.assertEqual(core.cost("0", 0xff), 0)
        self.assertEqual(core.cost("-", 0xff), "-")
        with self.assertRaises(core.CatalogueError):
            core.cost("g*2", 1)
        self.assertEqual(core.describe("2*g"), "2 per 8 lines")
        self.assertEqual(core.describe("g+1"), "1 per 8 lines + 1")

    def test_rows(self):
        parts = core.load()
        core.by_compatible(parts)	# no compatible in two rows
        for p in parts:
            self.assertIn(p["bus"], ("i2c", "spi"), p.name)
            self.assertIn(p["board"], ("yes", "no"), p.name)
            self.assertIn(p["letter"], ("yes", "-"), p.name)
            self.assertTrue(os.path.exists(
                os.path.join(MODELS, p["model"] + ".c")), p.name)
            for n in p.line_counts:
                for col in ("in", "out"):
                    self.assertEqual(p.mask(col, n) >> n, 0,
                                     "%s %s" % (p.name, col))
            # a gap says why block_* is above the minimum, and only then
            above = (p["block_get"], p["block_set"]) != \
                (p["get_min"], p["set_min"])
            self.assertEqual(p["gap"] != "-", above, p.name)


if __name__ == "__main__":
    unittest.main()
