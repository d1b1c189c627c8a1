"""bench/report.py on run/console.log and run/bus.log: two cells of the
pca9555 set-all at 100 kHz, per-line sysfs and a block device."""
import csv
import json
import os
import re
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import buslog  # noqa: E402
import consolelog  # noqa: E402
import report  # noqa: E402

RUN = os.path.join(HERE, "run")


def cells():
    cs, _, _, _ = consolelog.parse(os.path.join(RUN, "console.log"))
    report.derive(cs, buslog.read(os.path.join(RUN, "bus.log"))[0])
    return {report.path_kind(c["path"]): c for c in cs}


class ReportTest(unittest.TestCase):
    def test_parse(self):
        cs, stubs, stages, pairs = consolelog.parse(
            os.path.join(RUN, "console.log"))
        self.assertEqual(len(cs), 2)
        self.assertEqual((stubs, pairs), ([], []))
        self.assertEqual(stages, ["vhost in 12.5s"])
        self.assertEqual(cs[1]["path"], "block-dev:pca16")
        self.assertEqual((cs[1]["tx"], cs[1]["bytes"], cs[1]["bus_ns"]),
                         (2, 8, 760000))

    def test_derive(self):
        c = cells()
        self.assertEqual(c["sysfs"]["tx_per_op"], 1.0)
        self.assertEqual(c["sysfs"]["bytes_per_op"], 3.0)
        self.assertEqual(c["sysfs"]["bus_us_per_op"], 290.0)
        self.assertEqual(c["block-dev"]["bus_us_per_op"], 380.0)
        self.assertEqual(c["sysfs"]["phys_min_tx"], 1)
        self.assertEqual(c["sysfs"]["cpu_ns_per_tx"], 20000)
        self.assertTrue(c["sysfs"]["agree"])
        self.assertTrue(c["block-dev"]["agree"])
        self.assertEqual(c["sysfs"]["pins_per_op"], 1)
        self.assertEqual(c["block-dev"]["pins_per_op"], 2)
        self.assertEqual(c["block-dev"]["skew_bus_us"], 90.0)

    def test_disagreement_is_seen(self):
        cs, _, _, _ = consolelog.parse(os.path.join(RUN, "console.log"))
        cs[0]["gtx"] = 3
        report.derive(cs, None)
        self.assertFalse(cs[0]["agree"])
        self.assertTrue(cs[1]["agree"])

    def test_bus_clock(self):
        # 2 starts, 6 bytes, 2 stops at 100 kHz: 58 clocks
        self.assertEqual(report.bus_us(100000, 2, 6, 2), 580.0)

    def test_physical_minimum(self):
        self.assertEqual(report.phys_min("pca9555", 16, "set-all"), 1)
        self.assertEqual(report.phys_min("max7325", 16, "set-all"), 2)
        self.assertEqual(report.phys_min("max7325", 16, "set-mask"), 1)
        self.assertEqual(report.phys_min("span24", 24, "get-all"), 2)
        self.assertEqual(report.phys_min("pca9555", 1, "rmw"), 2)

    def fresh_run(self):
        """A copy of the fixture run in a directory of its own."""
        t = tempfile.TemporaryDirectory()
        self.addCleanup(t.cleanup)
        for f in ("console.log", "bus.log"):
            shutil.copy(os.path.join(RUN, f), t.name)
        return t.name

    def run_main(self, d, env_kernel="7.3"):
        argv, sys.argv = sys.argv, ["report.py", d]
        out, env = sys.stdout, os.environ.get("KERNEL")
        os.environ["KERNEL"] = env_kernel
        try:
            with open(os.devnull, "w") as sys.stdout:
                report.main()
        finally:
            sys.argv, sys.stdout = argv, out
            if env is None:
                del os.environ["KERNEL"]
            else:
                os.environ["KERNEL"] = env
        with open(os.path.join(d, "report.md")) as f:
            return f.read()

    def test_header_names_the_run_s_kernel(self):
        # the fixture's console says 6.12.0; the environment says 7.3
        md = self.run_main(self.fresh_run(), env_kernel="7.3")
        self.assertIn("Kernel: Linux 6.12.0 (`KERNEL=6.12`: Debian's "
                      "linux-source-6.12 plus patches/6.12/series).", md)
        self.assertNotIn("7.3", md.split("\n")[2])

    def test_three_claims_each_said(self):
        # the fixture has block cells, no PAIR lines, no 2-8 line cells
        md = self.run_main(self.fresh_run())
        claims = md.split("## The three claims")[1].split("\n## ")[0]
        for n in ("1", "2", "3"):
            self.assertIn("\n### %s. " % n, claims)
        self.assertIn("**Confirmed**: 1 of 1 block cells", claims)
        c2 = claims.split("### 2.")[1].split("### 3.")[0]
        self.assertIn("**Not measured**", c2)
        c3 = claims.split("### 3.")[1]
        self.assertIn("**Not measured**", c3)
        self.assertNotIn("Refuted", claims)

    def test_files_lists_only_what_was_written(self):
        d = self.fresh_run()
        # an earlier run's plot: not this run's
        open(os.path.join(d, "pin-timing.png"), "w").close()
        files = self.run_main(d).split("## Files")[1]
        listed = set(re.findall(r"[\w.-]+\.(?:png|vcd|csv|json)", files))
        for name in listed:
            self.assertTrue(os.path.exists(os.path.join(d, name)), name)
        self.assertNotIn("pin-timing.png", listed)
        self.assertNotIn("pins-case.vcd", listed)
        self.assertIn("tx-per-op.png", listed)
        self.assertIn("pins-all.vcd", listed)

    def test_main_writes_the_results(self):
        d = self.fresh_run()
        md = self.run_main(d)
        with open(os.path.join(d, "results.json")) as f:
            res = json.load(f)
        with open(os.path.join(d, "results.csv")) as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(res["schema_version"], report.SCHEMA_VERSION)
        self.assertEqual([c["path"] for c in res["cells"]],
                         ["sysfs", "block-dev:pca16"])
        self.assertEqual([int(r["tx"]) for r in rows], [2, 2])
        self.assertEqual(list(rows[0]), report.CSV_FIELDS)
        # every time column in µs, and named so; flags 1/0
        for name in rows[0]:
            self.assertFalse(name.endswith("_ns") or "_ns_" in name, name)
        self.assertEqual(rows[0]["bus_us"], "580.0")
        self.assertEqual(res["cells"][0]["bus_ns"], 580000)
        self.assertEqual(rows[0]["cpu_us_per_tx"], "20.0")
        self.assertEqual([r["agree"] for r in rows], ["1", "1"])
        self.assertIn("**2 of 2 cells agree exactly.**", md)


if __name__ == "__main__":
    unittest.main()
