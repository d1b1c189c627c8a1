"""bench/report.py on run/console.log and run/bus.log: two cells of the
pca9555 set-all at 100 kHz, per-line sysfs and a block device."""
import csv
import json
import os
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

    def test_main_writes_the_results(self):
        with tempfile.TemporaryDirectory() as d:
            for f in ("console.log", "bus.log"):
                shutil.copy(os.path.join(RUN, f), d)
            argv, sys.argv = sys.argv, ["report.py", d]
            out = sys.stdout
            try:
                with open(os.devnull, "w") as sys.stdout:
                    report.main()
            finally:
                sys.argv, sys.stdout = argv, out
            with open(os.path.join(d, "results.json")) as f:
                res = json.load(f)
            with open(os.path.join(d, "results.csv")) as f:
                rows = list(csv.DictReader(f))
            with open(os.path.join(d, "report.md")) as f:
                md = f.read()
        self.assertEqual(res["schema_version"], report.SCHEMA_VERSION)
        self.assertEqual([c["path"] for c in res["cells"]],
                         ["sysfs", "block-dev:pca16"])
        self.assertEqual([int(r["tx"]) for r in rows], [2, 2])
        self.assertEqual(list(rows[0]), report.FIELDS)
        self.assertIn("**2 of 2 cells agree exactly.**", md)


if __name__ == "__main__":
    unittest.main()
