"""Tests of scripts/measured.py on a small root made here: two kernels'
summaries into OUT, OUT's figures into a README block, and --check
failing on a README whose figures are not OUT's.

Run: python3 -m unittest discover -s scripts/tests
"""
import importlib.util
import io
import os
import shutil
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "measured", os.path.join(SCRIPTS, "measured.py"))
measured = importlib.util.module_from_spec(spec)
spec.loader.exec_module(measured)

SUMMARY = """\
# make test, KERNEL={k}: passed (2026-12-07 22:20 UTC)

| | |
|---|---|
| date | 2026-12-07 22:20 UTC |
| commit | 736223872634 |
| result | passed |
| wall time of the make run | 1900 s |
| KTAP ([run/console.log](run/console.log)) | {ok} ok, 0 not ok, 1 skipped, 0 todo |

## Stage times

| stage | seconds | exit |
|---|---:|---:|
| deps | 150.0 | 0 |
| host-tests | 20.0 | 0 |
| fuzz | 60.0 | 0 |
| kernel-build/{k} | {build} | 0 |
| guest-tests/{k} | {guest} | 0 |
"""


class Measured(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        for k, ok, build, guest in (("7.3", 10, "390.0", "600.0"),
                                    ("6.12", 9, "420.0", "280.5")):
            d = os.path.join(self.root, "src", "project", "build", k)
            os.makedirs(d)
            with open(os.path.join(d, "summary-test.md"), "w") as f:
                f.write(SUMMARY.format(k=k, ok=ok, build=build, guest=guest))
        self.out = os.path.join(self.root, "fresh-test.md")
        self.readme = os.path.join(self.root, "README.md")
        with open(self.readme, "w") as f:
            f.write("intro\n%s\nold\n%s\nafter\n" % (measured.BEGIN,
                                                     measured.END))

    def tearDown(self):
        shutil.rmtree(self.root)

    def quiet(self, fn, *args):
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            return fn(*args)

    def test_collect_and_readme(self):
        self.quiet(measured.collect, self.root, self.out)
        with open(self.out) as f:
            out = f.read()
        self.assertIn("| result | 7.3 passed, 6.12 passed |", out)
        self.assertIn("| make test, wall time | 1900 s |", out)
        self.assertIn("| KTAP 7.3 | 10 ok, 0 not ok, 1 skipped, 0 todo |",
                      out)
        self.assertIn("| guest-tests/6.12 | 280.5 |", out)
        # a commit id of digits alone is no stage
        self.assertNotIn("| commit | 736223872634.0 |", out)
        self.assertEqual(self.quiet(measured.readme, self.readme, self.out,
                                    True), 1)
        self.assertEqual(self.quiet(measured.readme, self.readme, self.out,
                                    False), 0)
        with open(self.readme) as f:
            r = f.read()
        self.assertNotIn("old", r)
        self.assertTrue(r.startswith("intro\n") and r.endswith("after\n"))
        self.assertIn("| `make test`, both kernels, from nothing | about 32 "
                      "minutes (1900 s) |", r)
        self.assertIn("| stage: deps; host tests and fuzz | 150 s; 20 s + "
                      "60 s |", r)
        self.assertIn("| stage: a kernel build from nothing, 7.3 / 6.12 | "
                      "390 s / 420 s |", r)
        self.assertIn("| stage: the guest suite, 7.3 / 6.12 | 600 s / "
                      "280 s |", r)
        # current now: --check passes; a changed figure fails it
        self.assertEqual(self.quiet(measured.readme, self.readme, self.out,
                                    True), 0)
        with open(self.readme) as f:
            r = f.read()
        with open(self.readme, "w") as f:
            f.write(r.replace("1900 s", "1800 s"))
        self.assertEqual(self.quiet(measured.readme, self.readme, self.out,
                                    True), 1)

    def test_no_run_no_file(self):
        shutil.rmtree(os.path.join(self.root, "src"))
        with self.assertRaises(SystemExit):
            self.quiet(measured.collect, self.root, self.out)
        self.assertFalse(os.path.exists(self.out))


if __name__ == "__main__":
    unittest.main()
