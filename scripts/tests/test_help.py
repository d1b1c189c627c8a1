"""--help on every script of bench/ and scripts/: usage on stdout, exit
0, no traceback, and nothing done (python: argparse; shell: the header
comment, which is each script's usage). A python file without a main is
a module the others import: it must not look like a command (no #!, not
executable).

Run: python3 -m unittest discover -s scripts/tests -p 'test_*.py'
"""
import glob
import os
import subprocess
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
PYTHON = sorted(glob.glob(os.path.join(ROOT, "bench", "*.py")) +
                glob.glob(os.path.join(ROOT, "scripts", "*.py")))


def has_main(path):
    with open(path) as f:
        return 'if __name__ == "__main__":' in f.read()


SCRIPTS = sorted([p for p in PYTHON if has_main(p)] +
                 glob.glob(os.path.join(ROOT, "scripts", "*.sh")))
MODULES = [p for p in PYTHON if not has_main(p)]


class Help(unittest.TestCase):
    def test_found(self):
        # the glob itself: a moved tree would pass every case vacuously
        self.assertGreater(len(SCRIPTS), 30)

    def test_modules_are_not_commands(self):
        for path in MODULES:
            with self.subTest(module=os.path.basename(path)):
                with open(path) as f:
                    self.assertFalse(f.readline().startswith("#!"))
                self.assertFalse(os.access(path, os.X_OK))

    def test_help(self):
        for path in SCRIPTS:
            name = os.path.basename(path)
            cmd = ([path, "--help"] if name.endswith(".sh") else
                   ["/usr/bin/python3", "-B", path, "--help"])
            with self.subTest(script=name):
                p = subprocess.run(cmd, cwd="/", timeout=30, text=True,
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertNotIn("Traceback", p.stdout + p.stderr)
                self.assertEqual(p.stderr, "")
                # the usage names the script, and says more than that
                self.assertIn(name, p.stdout)
                self.assertGreater(len(p.stdout.splitlines()), 2)


if __name__ == "__main__":
    unittest.main()
