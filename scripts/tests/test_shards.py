"""The shards' plumbing without a kernel: scripts/shard-inputs.sh stores
each input once by content and writes the manifest; scripts/shard-run.sh
refuses a manifest whose input changed (naming it, nothing booted) and
fails a shard on purpose under BENCH_FAIL_SHARD; scripts/slurm-shards.sh
names Debian's packages when Slurm's commands are missing;
bench/samecounts.py and bench/shardtime.py on made-up runs.

Run: python3 -m unittest discover -s scripts/tests -p 'test_*.py'
"""
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import consolelog  # noqa: E402
import samecounts  # noqa: E402
import shardtime  # noqa: E402


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


def run(cmd, env=None, **kw):
    e = {k: v for k, v in os.environ.items()
         if k not in ("BENCH_FAIL_SHARD", "PACED", "CAS")}
    e.update(env or {})
    return subprocess.run(cmd, env=e, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60,
                          **kw)


class Manifest(unittest.TestCase):
    def setUp(self):
        self.t = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.t, True)
        self.env = {"B": self.t, "PACED": "1"}
        for name in ("zImage", "initramfs", "board.dtb", "daemon"):
            write(os.path.join(self.t, "in", name), "content of " + name)
            self.env[{"zImage": "ZIMAGE", "initramfs": "INITRAMFS",
                      "board.dtb": "BOARD_DTB",
                      "daemon": "DAEMON"}[name]] = os.path.join(
                self.t, "in", name)
        self.s = os.path.join(self.t, "shards")
        for k in (1, 2):
            write(os.path.join(self.s, str(k), "select"),
                  'BENCH_PARTS="pca9555"\n' if k == 1 else
                  'BENCH_PARTS=""\n')
        p = run([os.path.join(ROOT, "scripts", "shard-inputs.sh"), self.s,
                 "2", "quick"], self.env)
        self.assertEqual(p.returncode, 0, p.stdout)

    def manifest(self, k):
        out = {}
        for line in read(os.path.join(self.s, str(k), "inputs")).splitlines():
            if not line.startswith("#"):
                f = line.split()
                out[f[0]] = f[1:]
        return out

    def test_stored_once_by_content(self):
        m1, m2 = self.manifest(1), self.manifest(2)
        self.assertEqual(m1["mode"], ["quick"])
        self.assertEqual(m1["paced"], ["1"])
        for name in ("kernel", "initramfs", "dtb", "daemon", "select"):
            sha, path = m1[name]
            with open(path, "rb") as f:
                self.assertEqual(hashlib.sha256(f.read()).hexdigest(), sha)
            self.assertEqual(path, os.path.join(self.t, "cas", sha))
        self.assertEqual(m1["kernel"], m2["kernel"])
        self.assertNotEqual(m1["select"], m2["select"])
        # 4 common inputs and 2 selections, each stored once
        self.assertEqual(len(os.listdir(os.path.join(self.t, "cas"))), 6)

    def shard(self, k, env=None):
        d = os.path.join(self.s, str(k))
        p = run([os.path.join(ROOT, "scripts", "shard-run.sh"), d], env)
        return p.returncode, read(os.path.join(d, "vm.out")), \
            read(os.path.join(d, "rc")).strip()

    def test_changed_input_refused(self):
        path = self.manifest(1)["initramfs"][1]
        os.chmod(path, 0o644)
        write(path, "another initramfs")
        rc, out, rcfile = self.shard(1)
        self.assertEqual((rc, rcfile), (2, "2"))
        self.assertIn("input initramfs: %s has sha256" % path, out)
        self.assertIn("not booted", out)
        self.assertNotIn("vm:", out)

    def test_missing_input_refused(self):
        os.unlink(self.manifest(2)["daemon"][1])
        rc, out, _ = self.shard(2)
        self.assertEqual(rc, 2)
        self.assertIn("input daemon", out)
        self.assertIn("missing or unreadable", out)

    def test_fail_on_purpose(self):
        rc, out, rcfile = self.shard(2, {"BENCH_FAIL_SHARD": "2"})
        self.assertEqual((rc, rcfile), (3, "3"))
        self.assertIn("fails on purpose", out)

    def test_no_slurm_commands(self):
        # a PATH without Slurm's client: the packages are named
        bindir = os.path.join(self.t, "bin")
        os.makedirs(bindir)
        for c in ("bash", "dirname", "env"):
            os.symlink(shutil.which(c), os.path.join(bindir, c))
        p = run([os.path.join(ROOT, "scripts", "slurm-shards.sh"), self.s,
                 "2"], {"PATH": bindir})
        self.assertEqual(p.returncode, 2, p.stdout)
        self.assertIn("slurm-client and munge", p.stdout)
        self.assertIn("make deps", p.stdout)


CON = ("BENCH kind=vhost hz=100000 part=pcf8574 path=sysfs op=set-all "
       "lines=8 chips=1 n=4 min_ns=%d med_ns=2 p95_ns=3 tx=%d bytes=24 "
       "segs=8 bus_ns=5\n"
       "IRQE part=pca9555 req=both bus=i2c13 step=0 events=1 edges=falling "
       "tx=2 bytes=9 irqs=1 bus_ns=1 lat_us=%d rtt_us=1\n"
       "IRQE part=pca9555 req=both bus=i2c13 step=0 events=1 edges=falling "
       "tx=%d bytes=9 irqs=1 bus_ns=1 lat_us=1 rtt_us=1\n")


class SameCounts(unittest.TestCase):
    def runs(self, a, b, gone=None):
        t = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, t, True)
        write(os.path.join(t, "a", "console.log"), a)
        write(os.path.join(t, "b", "console.log"), b)
        g = None
        if gone is not None:
            g = os.path.join(t, "g")
            write(os.path.join(g, "console.log"), gone)
        return samecounts.compare(os.path.join(t, "a"),
                                  os.path.join(t, "b"), g)[0]

    def test_times_do_not_count(self):
        self.assertEqual(self.runs(CON % (1, 8, 5, 2), CON % (9, 8, 7, 2)),
                         [])

    def test_a_count_differs(self):
        d = self.runs(CON % (1, 8, 5, 2), CON % (1, 9, 5, 2))
        self.assertEqual(len(d), 1)
        self.assertIn("part=pcf8574", d[0])
        # the second of two records with the same name
        d = self.runs(CON % (1, 8, 5, 2), CON % (1, 8, 5, 3))
        self.assertEqual(len(d), 1)
        self.assertIn("#2", d[0])

    def test_failed_shard(self):
        a = CON % (1, 8, 5, 2)
        lines = a.splitlines(True)
        bench, irqe = lines[0], "".join(lines[1:])
        # B lacks exactly the failed shard's records: the same
        self.assertEqual(self.runs(a, irqe, bench), [])
        # B lacks a record that was not the failed shard's
        self.assertEqual(len(self.runs(a, irqe, "")), 1)
        # B has a record of the failed shard
        self.assertEqual(len(self.runs(a, a, bench)), 1)

    def test_empty_run_differs(self):
        self.assertTrue(self.runs("", ""))


class LeftOut(unittest.TestCase):
    """A report with no records of its unit fails, unless the run's
    selection left the unit out (make bench SELECT=FILE)."""
    def left_out(self, text, tag):
        t = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, t, True)
        write(os.path.join(t, "console.log"), text)
        return consolelog.left_out(os.path.join(t, "console.log"), tag)

    def test_whole_run(self):
        self.assertFalse(self.left_out("BENCH-EXIT=0\n", "IRQ"))

    def test_selection(self):
        sel = ('# bench: selection: BENCH_PARTS="pcf8574" '
               'BENCH_EXTRAS="stub irq-edges"\n')
        self.assertTrue(self.left_out(sel, "IRQ"))
        self.assertTrue(self.left_out(sel, "MIN"))
        # another shard ran the unit, or a failed shard was to
        self.assertFalse(self.left_out(
            sel + '# bench: selection: BENCH_EXTRAS="irq"\n', "IRQ"))
        self.assertFalse(self.left_out(
            sel + 'BENCH-FAIL kind=shard shard=2 rc=3 select: '
            'BENCH_PARTS="" BENCH_EXTRAS="minimum"\n', "MIN"))
        # a selection that leaves BENCH_EXTRAS as it is runs them all
        self.assertFalse(self.left_out(
            '# bench: selection: BENCH_PARTS="pcf8574"\n', "SPI"))


class ShardTime(unittest.TestCase):
    def test_section(self):
        t = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, t, True)
        write(os.path.join(t, "shards.time"), "2 10000 18000 slurm\n")
        write(os.path.join(t, "shards", "1", "ms"), "9000\n")
        write(os.path.join(t, "shards", "1", "rc"), "0\n")
        write(os.path.join(t, "shards", "2", "rc"), "3\n")
        out = []
        shardtime.section(t, out)
        text = "\n".join(out)
        self.assertIn("2 shard(s) as one Slurm job array", text)
        self.assertIn("10.0 s of wall time", text)
        self.assertIn("add up to 18.0 s", text)
        self.assertIn("1: 9.0 s, 2: no time (failed, rc 3)", text)
        self.assertIn("not the speed-up", text)
        self.assertIn("queue", text)

    def test_no_file(self):
        out = []
        shardtime.section(tempfile.gettempdir() + "/nonexistent", out)
        self.assertEqual(out, [])


if __name__ == "__main__":
    unittest.main()
