"""expander-models/README.md's parts tables are what the catalogue and
the board DT make (catalogue/gen.py readme --write)."""
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
sys.path.insert(0, TOP)

from catalogue import board, readme  # noqa: E402


class ReadmeTest(unittest.TestCase):
    def test_readme_current(self):
        """expander-models/README.md's tables are what the catalogue and
        the DT make (catalogue/gen.py readme --write)."""
        with open(readme.README) as f:
            text = f.read()
        self.assertEqual(readme.rewrite(text, board.Board()), text)

    def test_sections(self):
        b = board.Board()
        made = readme.rewrite("a\n<!-- catalogue: spi -->\nold\n%s\nb"
                              % readme.END, b).split("\n")
        self.assertEqual(made[:2], ["a", readme.BEGIN % "spi"])
        self.assertEqual(made[-2:], [readme.END, "b"])
        self.assertNotIn("old", made)
        for text in ("<!-- catalogue: spi -->\n",
                     "<!-- catalogue: nope -->\n" + readme.END):
            with self.assertRaises(ValueError):
                readme.rewrite(text, b)


if __name__ == "__main__":
    unittest.main()
