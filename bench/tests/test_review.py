"""bench/plan.py, bench/merge.py and bench/review.py: the cells a patch
reaches, shards that cover the matrix once, a merge that keeps every
record and each cell's own transactions, and a reply of at most 72
columns whose verdicts follow the counts (make test-host)."""
import io
import json
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import merge  # noqa: E402
import plan  # noqa: E402
import review  # noqa: E402
from textfile import read, write  # noqa: E402

TOP = os.path.join(os.path.dirname(__file__), "..", "..")
DRILL = os.path.join(TOP, "patches", "drill", "7.3", "0001-Revert-gpiolib-"
                     "fix-performance-regression-when-using.patch")


def diff(path, line="+\tx = 1;"):
    return ("From: A <a@b.c>\nSubject: [PATCH] x\n\n---\n"
            "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@ f(void)\n"
            "-\tx = 0;\n%s\n" % (path, path, path, path, line))


def quiet(f, *a):
    with redirect_stdout(io.StringIO()):
        return f(*a)


def select(d):
    sel = {}
    for line in open(os.path.join(d, "select")):
        if "=" in line and not line.startswith("#"):
            k, v = line.strip().split("=", 1)
            sel[k] = v.strip('"')
    return sel


class Plan(unittest.TestCase):
    def run_plan(self, base, *texts):
        d = tempfile.mkdtemp()
        files = []
        for i, t in enumerate(texts):
            p = os.path.join(d, "%d.patch" % i)
            write(p, t)
            files.append(p)
        rc = quiet(plan.review, base, d, files)
        return rc, select(d), read(os.path.join(d, "plan.txt"))

    def test_one_driver(self):
        rc, sel, why = self.run_plan(
            "mainline", diff("drivers/gpio/gpio-pca953x.c"))
        self.assertEqual(rc, 0)
        self.assertEqual(sel["BENCH_PARTS"], "pca9555 tca6408 tca6424")
        self.assertNotIn("block", sel["BENCH_PATHS"])
        self.assertIn("pca9555", sel["BENCH_MIN_PARTS"].split())
        self.assertNotIn("pcf8574", sel["BENCH_MIN_PARTS"].split())
        self.assertEqual(sel["BENCH_EDGE_PARTS"], "")
        self.assertIn("gpio-pca953x", why)

    def test_irq_hunk_adds_edges(self):
        rc, sel, _ = self.run_plan(
            "series", diff("drivers/pinctrl/pinctrl-mcp23s08.c",
                           "+\tmcp_irq_read(mcp);"))
        self.assertEqual(rc, 0)
        self.assertIn("irq-edges", sel["BENCH_EXTRAS"].split())
        self.assertIn("midread", sel["BENCH_EXTRAS"].split())
        self.assertIn("mcp23017", sel["BENCH_EDGE_PARTS"].split())
        self.assertIn("block-dev", sel["BENCH_PATHS"])
        self.assertIn("mcp23s08", sel["BENCH_SPI_DRVS"].split())

    def test_core_takes_every_family(self):
        rc, sel, _ = self.run_plan("mainline", read(DRILL))
        self.assertEqual(rc, 0)
        mins = sel["BENCH_MIN_PARTS"].split()
        self.assertEqual(len(mins), len(set(mins)))
        self.assertIn("pca9555", mins)
        self.assertIn("aw9523", mins)
        self.assertEqual(sel["BENCH_MAINLINE"].split(), list(plan.MAINLINE))
        self.assertEqual(sel["BENCH_EDGE_PARTS"], "")

    def test_nothing_on_the_board(self):
        rc, sel, why = self.run_plan("mainline",
                                     diff("Documentation/gpio/x.rst"))
        self.assertEqual(rc, 3)
        self.assertEqual(sel["BENCH_PARTS"], "")
        self.assertIn("no file of the patches", why)

    def test_shards_cover_every_unit_once(self):
        d = tempfile.mkdtemp()
        quiet(plan.shards, 3, d)
        seen, edges = [], []
        for k in "123":
            s = select(os.path.join(d, k))
            seen += s["BENCH_PARTS"].split() + s["BENCH_MAINLINE"].split()
            seen += [x for x in s["BENCH_EXTRAS"].split() if x != "irq-edges"]
            if "irq-edges" in s["BENCH_EXTRAS"].split():
                edges += s.get("BENCH_EDGE_PARTS", "all").split()
        self.assertEqual(sorted(seen), sorted(
            u for u in plan.units() if not u.startswith("irq-edges")))
        # the per-edge parts, each in one shard (or all in one)
        self.assertTrue(edges == ["all"] or
                        sorted(edges) == sorted(plan.edge_parts()))

    def test_host_unit_in_one_shard(self):
        d = tempfile.mkdtemp()
        quiet(plan.shards, 2, d, None, ("host-ir",))
        host = [select(os.path.join(d, k)).get("BENCH_HOST", "")
                for k in "12"]
        self.assertEqual(sorted(host), ["", "ir"])
        self.assertEqual(plan.main(["plan.py", "shards", "2", d, "x"]), 2)

    def test_shards_of_a_selection(self):
        # a selection's units cut once each, its other variables in every
        # shard, its per-edge parts split between shards
        d = tempfile.mkdtemp()
        sel = os.path.join(d, "sel")
        write(sel, '# x\nBENCH_PARTS="pcf8574 span24"\nBENCH_MAINLINE=0\n'
              'BENCH_EXTRAS="stub irq-edges"\nBENCH_SPEEDS="100000"\n'
              'BENCH_EDGE_PARTS="pca9555 pcf8574 mcp23017"\n')
        quiet(plan.shards, 3, d, sel)
        seen, edges = [], []
        for k in "123":
            s = select(os.path.join(d, k))
            self.assertEqual(s["BENCH_SPEEDS"], "100000")
            seen += s["BENCH_PARTS"].split() + s["BENCH_MAINLINE"].split()
            seen += [x for x in s["BENCH_EXTRAS"].split() if x != "irq-edges"]
            if "irq-edges" in s["BENCH_EXTRAS"].split():
                edges += s["BENCH_EDGE_PARTS"].split()
        self.assertEqual(sorted(seen), ["pcf8574", "span24", "stub"])
        self.assertEqual(sorted(edges), ["mcp23017", "pca9555", "pcf8574"])

    def test_selection_refused(self):
        d = tempfile.mkdtemp()
        sel = os.path.join(d, "sel")
        for text in ('BENCH_PARTS="$(reboot)"\n', "echo hi\n",
                     'BENCH_PARTS="nosuchpart"\n'):
            write(sel, text)
            with self.subTest(text=text):
                with self.assertRaises(ValueError):
                    quiet(plan.shards, 2, d, sel)


CON = """boot noise
# bench: 7.3.4+, N=8 (per-line paths), 24 (word paths), speeds 100000 400000
BENCH kind=vhost hz=%(hz)s part=%(part)s path=sysfs op=set-all lines=8 chips=1 n=8 min_ns=1000 med_ns=2000 p95_ns=3000 tx=%(tx)s bytes=24 segs=8 bus_ns=5 win=i2c29:100:200
%(extra)s
BENCH-EXIT=0
"""


class Merge(unittest.TestCase):
    def shard(self, d, k, console, log, rc="0"):
        s = os.path.join(d, str(k))
        os.makedirs(s)
        write(os.path.join(s, "console.log"), console)
        write(os.path.join(s, "bus.log"), log)
        write(os.path.join(s, "rc"), rc)
        write(os.path.join(s, "select"), 'BENCH_PARTS="x"\n')
        return s

    def test_order_offsets_and_failures(self):
        d = tempfile.mkdtemp()
        log = ("B bus=i2c29 slot=29 hz=100000\n"
               "T bus=i2c29 seq=1 start_ns=100 end_ns=150 dur_ns=50 "
               "wall_ns=7 bytes=3 status=ok segs=20:W:0206:ack\n")
        a = self.shard(d, 1, CON % dict(hz=400000, part="pcf8574", tx=8,
                                        extra="IRQ part=pca9555 tx=1"), log)
        b = self.shard(d, 2, CON % dict(hz=100000, part="pca9555", tx=16,
                                        extra="MIN part=pca9555@31:20"), log)
        c = os.path.join(d, "3")
        os.makedirs(c)
        write(os.path.join(c, "rc"), "1")
        rc = quiet(merge.main, d, [a, b, c])
        self.assertEqual(rc, 1)
        out = read(os.path.join(d, "console.log")).splitlines()
        recs = [l for l in out if l.startswith(("BENCH ", "IRQ", "MIN"))]
        # speed first, then matrix.table's part order; extras after
        self.assertTrue(recs[0].startswith("BENCH kind=vhost hz=100000"))
        self.assertIn("win=i2c29:%d:%d" % (100 + merge.SHIFT_NS,
                                           200 + merge.SHIFT_NS), recs[0])
        self.assertTrue(recs[1].startswith("BENCH kind=vhost hz=400000"))
        self.assertIn("win=i2c29:100:200", recs[1])
        self.assertTrue(recs[2].startswith("IRQ "))
        self.assertTrue(recs[3].startswith("MIN "))
        self.assertTrue(any(l.startswith("BENCH-FAIL kind=shard shard=3 "
                                         "rc=1 ") for l in out))
        bus = read(os.path.join(d, "bus.log"))
        self.assertIn("start_ns=%d" % (100 + merge.SHIFT_NS), bus)
        self.assertIn("start_ns=100 ", bus)
        self.assertIn("wall_ns=7", bus)


def console(tx, med, fail=""):
    return ("# bench: 7.3.4, N=8 (per-line paths), 24 (word paths), "
            "speeds 100000\n"
            "BENCH kind=vhost hz=100000 part=pca9555 path=cdev-multi "
            "op=get-all lines=16 chips=1 n=4 min_ns=900000 med_ns=%d "
            "p95_ns=1100000 tx=%d bytes=%d segs=8 bus_ns=5\n"
            "BENCH kind=vhost hz=100000 part=pca9555 path=sysfs op=set-all "
            "lines=16 chips=1 n=4 min_ns=1 med_ns=2 p95_ns=3 tx=64 "
            "bytes=192 segs=64 bus_ns=5\n"
            "MIN hz=100000 part=pca9555@31:20 drv=pca953x nlines=16 min=1 "
            "n=4 op=get-all tx=%d bytes=%d\n%s" % (
                med, tx, tx * 3, tx, tx * 3, fail))


class Review(unittest.TestCase):
    def review_dir(self, base_console, patched_console):
        d = tempfile.mkdtemp()
        for name, text in (("base", base_console),
                           ("patched", patched_console)):
            os.makedirs(os.path.join(d, name))
            write(os.path.join(d, name, "console.log"), text)
        write(os.path.join(d, "subjects"), 
            "[PATCH v2 3/7] gpio: pca953x: read both ports of a pair in "
            "one transaction when the chip allows it\n")
        write(os.path.join(d, "base-name"), "mainline\n")
        write(os.path.join(d, "plan.txt"), 
            "files: drivers/gpio/gpio-pca953x.c\nmatrix parts: pca9555\n")
        return d

    def run_review(self, d):
        return quiet(review.main, ["review.py", d,
                                   os.path.join(d, "base"),
                                   os.path.join(d, "patched"), "7.3"])

    def test_cheaper_and_width(self):
        d = self.review_dir(console(8, 1000000), console(4, 1000000))
        self.assertEqual(self.run_review(d), 0)
        text = read(os.path.join(d, "reply.txt"))
        self.assertTrue(all(len(l) <= 72 for l in text.splitlines()))
        self.assertIn("cheaper: 2 cells (caused by this patch)", text)
        self.assertIn("unchanged: 1 cells", text)
        self.assertIn("pca953x: read both ports", text)
        js = json.load(open(os.path.join(d, "review.json")))
        self.assertEqual(sorted(c["verdict"] for c in js["cells"]),
                         ["cheaper", "cheaper", "unchanged"])
        kc = json.load(open(os.path.join(d, "kcidb.json")))
        self.assertEqual(kc["version"]["major"], 4)
        self.assertEqual(len(kc["tests"]), 3)

    def test_latency_noise_and_new_failure(self):
        d = self.review_dir(console(8, 1000000),
                            console(4, 9000000,
                                    "BENCH-FAIL kind=min part=x op=get\n"))
        self.assertEqual(self.run_review(d), 1)
        text = read(os.path.join(d, "reply.txt"))
        # the sysfs cell, counts unchanged, did not move: drift 1, noise
        # the floor of 2; the cdev-multi cell 9x
        self.assertIn("noise of this run: x2.0", text)
        self.assertIn("multi get-all: x9.00", text)
        self.assertIn("new failure: 1", text)

    def test_noise_from_unchanged_cells(self):
        # counts unchanged on both cells, one 9x slower: the noise is
        # that move (x3 over the drift of 3), so no cell is named
        d = self.review_dir(console(8, 1000000), console(8, 9000000))
        self.assertEqual(self.run_review(d), 0)
        text = read(os.path.join(d, "reply.txt"))
        self.assertIn("noise of this run: x3.0", text)
        self.assertNotIn("x9.00", text)
        self.assertNotIn("Latency beyond", text)

    def test_lost_event_before_cost(self):
        edge = ("IRQE part=max7321 req=rising bus=i2c13 step=0 events=%d "
                "edges=%s tx=%d bytes=%d irqs=1 bus_ns=5 lat_us=0 "
                "rtt_us=1\n")
        d = self.review_dir(console(8, 1000000) + edge % (1, "rising", 1, 3),
                            console(8, 1000000) + edge % (0, "-", 2, 6))
        self.assertEqual(self.run_review(d), 0)
        text = read(os.path.join(d, "reply.txt"))
        self.assertIn("max7321 edge 1 (rising): 1 -> 0 events, 1/3 -> 2/6",
                      text)
        self.assertIn("lost events: 1 edge cells", text)
        self.assertIn("costlier: 0 cells", text)
        kc = json.loads(read(os.path.join(d, "kcidb.json")))
        self.assertEqual([t["status"] for t in kc["tests"]
                          if t["misc"]["verdict"] == "lost events"],
                         ["FAIL"])

    def test_midread_fixed_and_broken(self):
        mr = "MIDREAD ok=%d case=max7321: edge back %s\n"
        d = self.review_dir(
            console(8, 1000000) + mr % (0, "mid-read") + mr % (1, "after"),
            console(8, 1000000) + mr % (1, "mid-read") + mr % (0, "after"))
        self.assertEqual(self.run_review(d), 1)
        text = read(os.path.join(d, "reply.txt"))
        self.assertIn("new failure: 1", text)
        self.assertIn("fixed: 1 (caused by this patch)", text)
        js = json.loads(read(os.path.join(d, "review.json")))
        self.assertEqual(js["fixed"], ["mid-read: max7321: edge back "
                                       "mid-read"])


if __name__ == "__main__":
    unittest.main()
