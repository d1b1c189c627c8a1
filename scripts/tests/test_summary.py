"""Tests of scripts/summary.py on a small build directory made here:
a test run of two kernels, one failed, and a bench run; the stage lines
of the run only, each kernel's own, the KTAP totals (of one guest or
several), a console an earlier run left, latest.md newest first.

Run: python3 -m unittest discover -s scripts/tests
"""
import importlib.util
import io
import os
import shutil
import tempfile
import time
import unittest
from contextlib import redirect_stdout

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "summary", os.path.join(SCRIPTS, "summary.py"))
summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(summary)

CONSOLE = """\
[    0.000000] Linux version 7.3.4+ (root@host) (gcc) #1 SMP
KTAP version 1
1..2
    KTAP version 1
    1..3
    ok 1 a
    ok 2 b # SKIP no such line
    not ok 3 c # TODO known bug
ok 1 10-skeleton
not ok 2 20-block
BENCH-EXIT=1
"""


class Summary(unittest.TestCase):
    def setUp(self):
        self.b = tempfile.mkdtemp()
        self.since = time.time() - 100
        self.stage_lines = [
            (self.since - 50, "deps", "3.0", 0),     # an earlier run
            (self.since + 1, "deps", "12.5", 0),
            (self.since + 2, "host-tests", "20.0", 0),
            (self.since + 3, "kernel-build/7.3", "245.0", 0),
            (self.since + 4, "guest-tests/7.3", "368.0", 1),
            (self.since + 5, "kernel-build/6.12", "211.0", 0),
            (self.since + 6, "post-series/6.12/gpio-fixes", "1.0", 0),
        ]
        with open(os.path.join(self.b, "stages.log"), "w") as f:
            for s in self.stage_lines:
                f.write("%.3f\t%s\t%s\t%d\n" % s)
            f.write("a line that is not a stage line\n")
        run = os.path.join(self.b, "7.3", "run")
        os.makedirs(run)
        with open(os.path.join(run, "console.log"), "w") as f:
            f.write(CONSOLE)
        # 6.12's console is an earlier run's: this one stopped before.
        old = os.path.join(self.b, "6.12", "run")
        os.makedirs(old)
        with open(os.path.join(old, "console.log"), "w") as f:
            f.write(CONSOLE)
        t = self.since - 3600
        os.utime(os.path.join(old, "console.log"), (t, t))

    def tearDown(self):
        shutil.rmtree(self.b)

    def run_main(self, *argv):
        with redirect_stdout(io.StringIO()) as out:
            rc = summary.main([str(a) for a in argv])
        self.assertEqual(rc, 0)
        return out.getvalue()

    def read(self, rel):
        with open(os.path.join(self.b, rel)) as f:
            return f.read()

    def test_test_run(self):
        out = self.run_main("test", self.b, self.since, "7.3 6.12",
                            "--failed", " 7.3")
        self.assertIn("7.3/summary-test.md", out)
        s = self.read("7.3/summary-test.md")
        first = s.splitlines()[0]
        self.assertRegex(first, summary.TITLE_RE)
        self.assertIn("KERNEL=7.3: FAILED", first)
        self.assertIn("| kernel | Linux 7.3.4+ |", s)
        self.assertIn("2 ok, 1 not ok, 1 skipped, 1 todo", s)
        # this run's stages, this kernel's and the shared ones only
        self.assertIn("| deps | 12.5 | 0 |", s)
        self.assertNotIn("| deps | 3.0 |", s)
        self.assertIn("| guest-tests/7.3 | 368.0 | 1 |", s)
        self.assertIn("| host-tests | 20.0 | 0 |", s)
        self.assertNotIn("6.12", s)
        o = self.read("6.12/summary-test.md")
        self.assertIn("KERNEL=6.12: passed", o.splitlines()[0])
        self.assertIn("no console of this run", o)
        self.assertIn("| kernel-build/6.12 | 211.0 | 0 |", o)
        self.assertIn("| post-series/6.12/gpio-fixes | 1.0 | 0 |", o)
        self.assertNotIn("/7.3", o)

    def test_sharded_test_run(self):
        """Guests of scripts/test-shards.sh: their consoles' totals
        summed, each linked; an earlier run's one-guest console left
        out."""
        os.utime(os.path.join(self.b, "7.3", "run", "console.log"),
                 (self.since - 10, self.since - 10))
        for k in ("1", "2"):
            r = os.path.join(self.b, "7.3", "test-shards", k, "r")
            os.makedirs(r)
            with open(os.path.join(r, "console.log"), "w") as f:
                f.write(CONSOLE)
        self.run_main("test", self.b, self.since, "7.3")
        s = self.read("7.3/summary-test.md")
        self.assertIn("4 ok, 2 not ok, 2 skipped, 2 todo", s)
        self.assertIn("[test-shards/1/r/console.log]", s)
        self.assertIn("[test-shards/2/r/console.log]", s)
        self.assertNotIn("[run/console.log]", s)

    def test_bench_run_and_latest(self):
        self.run_main("test", self.b, self.since, "7.3 6.12")
        time.sleep(0.01)
        bench = os.path.join(self.b, "7.3", "bench")
        os.makedirs(bench)
        for name, text in (("console.log", CONSOLE),
                           ("report.md", "# report\n"),
                           ("results.csv", "kind,hz\nvhost,1\nstub,0\n")):
            with open(os.path.join(bench, name), "w") as f:
                f.write(text)
        # a minute later, so that the dates order the runs
        real = time.time
        summary.time.time = lambda: real() + 60
        try:
            self.run_main("bench", self.b, self.since, "7.3", "--rc", 1)
        finally:
            summary.time.time = real
        s = self.read("7.3/summary-bench.md")
        self.assertIn("KERNEL=7.3: FAILED", s.splitlines()[0])
        self.assertIn("[bench/report.md](bench/report.md)", s)
        self.assertIn("| cells (bench/results.csv) | 2 |", s)
        latest = self.read("latest.md")
        rows = [ln for ln in latest.splitlines() if ln.startswith("| 2")]
        self.assertEqual(len(rows), 3)
        self.assertIn("make bench | 7.3 | FAILED | "
                      "[7.3/summary-bench.md](7.3/summary-bench.md)", rows[0])
        self.assertIn("[6.12/summary-test.md]", latest)

    def test_no_stage_log(self):
        os.unlink(os.path.join(self.b, "stages.log"))
        self.run_main("test", self.b, self.since, "7.3")
        self.assertIn("No stage line of this run",
                      self.read("7.3/summary-test.md"))


if __name__ == "__main__":
    unittest.main()
