"""Bad input to make stops it before deps or any build, with a message
that names the cause (Makefile, scripts/compare-spec.sh), within seconds.

Each case runs make with a fresh, empty build directory (BUILD=) and
checks: a non-zero exit, the message, nothing written under BUILD (no
deps stamp, no kernel tree: no build started) and the time taken.

Run: python3 -m unittest discover -s scripts/tests -p 'test_*.py'
"""
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SPEC = os.path.join(ROOT, "scripts", "compare-spec.sh")
LIMIT = 10.0  # seconds a bad input may take to be refused


# What a make that runs this test (make test-host) exports to it, and a
# user's settings: none of it may steer the make under test.
CLEAN_ENV = {k: v for k, v in os.environ.items()
             if k not in ("B", "BUILD", "KB", "KERNEL", "KOUT", "DEBUG",
                          "MAKEFLAGS", "MAKELEVEL", "MFLAGS", "CMD", "CELL")}


def run(cmd, cwd=ROOT, env=CLEAN_ENV):
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=60)
    return p.returncode, p.stdout, time.monotonic() - t0


def git(tree, *args, **kw):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    return subprocess.run(["git", "-C", tree] + list(args), env=env,
                          check=True, stdout=subprocess.PIPE, text=True,
                          **kw).stdout.strip()


def fake_tree(tree, applied, files):
    """A tree as scripts/kernel-tree.sh leaves it: tag base, one commit
    per applied patch (empty here), .applied-patches listing them."""
    os.makedirs(tree)
    git(tree, "init", "-q")
    for name, text in files.items():
        with open(os.path.join(tree, name), "w") as f:
            f.write(text)
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "base")
    git(tree, "tag", "base")
    head = git(tree, "rev-parse", "HEAD")
    treeid = git(tree, "rev-parse", "HEAD^{tree}")
    for p in applied:
        head = git(tree, "commit-tree", treeid, "-p", head, "-m", p)
    git(tree, "reset", "-q", "--hard", head)
    with open(os.path.join(tree, ".applied-patches"), "w") as f:
        f.write("".join(p + "\n" for p in applied))


def patch(path, name, old, new):
    with open(path, "w") as f:
        f.write(textwrap.dedent(f"""\
            --- a/{name}
            +++ b/{name}
            @@ -1 +1 @@
            -{old}
            +{new}
            """))


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.build = os.path.join(self.tmp, "build")
        os.mkdir(self.build)
        self.before = set()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def written(self):
        got = set()
        for d, dirs, files in os.walk(self.build):
            for n in dirs + files:
                got.add(os.path.relpath(os.path.join(d, n), self.build))
        return got

    def refused(self, args, message):
        """make ARGS fails fast with MESSAGE and builds nothing."""
        self.before = self.written()
        rc, out, secs = run(["make", "--no-print-directory"] + args +
                            ["BUILD=" + self.build])
        print(f"\n  make {' '.join(args)}: exit {rc}, {secs:.1f} s", end="")
        self.assertNotEqual(rc, 0, out)
        self.assertRegex(out, message)
        self.assertLess(secs, LIMIT, out)
        self.assertEqual(self.written(), self.before,
                         "make wrote under BUILD: " + out)
        # make's own stop, not a stage that started
        self.assertNotIn("[stage]", out)
        return out

    def test_count_without_cmd(self):
        self.refused(["count"], r"usage: make count CMD=")

    def test_wire_without_cell(self):
        self.refused(["wire"], r"usage: make wire CELL=")

    def test_compare_without_sides(self):
        self.refused(["compare"], r"make compare: say what to compare")

    def test_ambiguous_patch(self):
        for k in ("7.3", "6.12"):
            out = self.refused(["compare", "A=-0005", "KERNEL=" + k],
                               r"'0005' must name exactly one patch")
            # each patch it matches is named, and a way to name one
            self.assertRegex(out, rf"{re.escape(k)}/gpio-fixes/0005-|"
                                  r"pinctrl-fixes/0005-")
            self.assertIn("TOPIC/NNNN", out)

    def test_unknown_patch(self):
        self.refused(["compare", "A=-no-such-patch"],
                     r"'no-such-patch' names no patch")

    def test_same_sides(self):
        self.refused(["compare", "A=series", "B=series"],
                     r"same patch set")

    def test_folder_without_patch(self):
        empty = os.path.join(self.tmp, "empty")
        os.mkdir(empty)
        self.refused(["compare", "PATCHES=" + empty],
                     r"holds no \*\.patch file and no series file")

    def test_folder_with_only_a_mailbox(self):
        mbx = os.path.join(self.tmp, "mbx")
        os.mkdir(mbx)
        open(os.path.join(mbx, "fix.mbx"), "w").close()
        self.refused(["compare", "B=+" + mbx],
                     r"holds no \*\.patch.*mailbox is not read: fix\.mbx")

    def test_missing_folder(self):
        self.refused(["compare", "PATCHES=" + self.tmp + "/nowhere"],
                     r"no directory")

    def test_build_dir_as_side(self):
        self.refused(["compare", "A=series", "B=" + self.tmp],
                     r"the build directory is BUILD=, not B=")

    def test_patch_set_as_build_dir(self):
        self.refused(["bench", "B=series"],
                     r"outside make compare B= is the build directory")

    def test_side_outside_compare(self):
        self.refused(["bench", "A=-gpio-pca953x/0001"],
                     r"A= goes with make compare only")
        self.refused(["test", "PATCHES=" + self.tmp],
                     r"PATCHES= goes with make compare only")

    def test_two_build_dirs(self):
        self.refused(["bench", "B=" + self.tmp + "/other"],
                     r"two build directories")

    def test_kernels_with_patches(self):
        self.refused(["compare", "A=6.12", "B=7.3", "PATCHES=" + self.tmp],
                     r"PATCHES= goes with patch sets only")

    def test_drill_on_6_12(self):
        self.refused(["drill", "KERNEL=6.12"], r"the drill is 7\.3's")

    def test_debug_bench(self):
        for goal in (["bench"], ["compare", "A=series", "B=+" + self.tmp],
                     ["drill"]):
            self.refused(goal + ["DEBUG=1"],
                         r"debug \(KASAN, lockdep\) kernel.*DEBUG_BENCH=1")

    def test_unknown_cluster(self):
        for c in ("pbs", "slurm slurm"):
            self.refused(["bench", "CLUSTER=" + c],
                         r"CLUSTER=.*: want one of slurm, or none")

    def test_missing_selection(self):
        self.refused(["bench", "SELECT=" + self.tmp + "/none"],
                     r"SELECT=.*/none: no such selection file")

    def test_unknown_kernel(self):
        self.refused(["bench", "KERNEL=5.10"], r"KERNEL=5\.10: want one of")

    def test_patch_does_not_apply(self):
        # The tree of build/7.3/linux as it stands after the series: the
        # user's patch is checked on it alone.
        series = subprocess.run(
            [os.path.join(ROOT, "scripts", "series.sh"),
             os.path.join(ROOT, "patches", "7.3", "series"),
             os.path.join(ROOT, "patches")],
            check=True, stdout=subprocess.PIPE, text=True).stdout.split()
        fake_tree(os.path.join(self.build, "7.3", "linux"), series,
                  {"Makefile": "VERSION = 7\n"})
        mine = os.path.join(self.tmp, "mine")
        os.mkdir(mine)
        patch(os.path.join(mine, "0001-x.patch"), "Makefile",
              "VERSION = 6", "VERSION = 8")
        out = self.refused(["compare", "PATCHES=" + mine],
                           r"side B: .*0001-x\.patch does not apply")
        self.assertIn("Makefile", out)

    def test_review_inputs(self):
        empty = os.path.join(self.tmp, "empty")
        os.mkdir(empty)
        self.refused(["review", "PATCHES=" + empty],
                     r"review: PATCHES=.*: no series file and no \*\.patch")
        mbx = os.path.join(self.tmp, "cover.mbx")
        with open(mbx, "w") as f:
            f.write("From 0 Mon Sep 17 00:00:00 2001\nFrom: a <a@b.c>\n"
                    "Subject: [PATCH 0/2] cover\n\nno diff here\n")
        self.refused(["review", "MBOX=" + mbx], r"review: no patch in .*cover")
        self.refused(["review", "PATCH=" + os.path.join(self.tmp, "none")],
                     r"review: .*none: no such file")
        self.refused(["review"], r"review: give one of MBOX=FILE")
        self.refused(["review", "MBOX=" + mbx, "BASE=next"],
                     r"review: BASE=next: want mainline or series")

    def test_review_patch_does_not_apply(self):
        fake_tree(os.path.join(self.build, "7.3", "linux"), [],
                  {"Makefile": "VERSION = 7\n"})
        mine = os.path.join(self.tmp, "x.patch")
        patch(mine, "Makefile", "VERSION = 6", "VERSION = 8")
        out = self.refused(["review", "PATCH=" + mine],
                           r"review: patch 0001 does not apply on mainline")
        self.assertIn("Makefile", out)


class Spec(unittest.TestCase):
    """scripts/compare-spec.sh on a series of its own: a patch that
    needs the one a side leaves out."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        pd = self.pd = os.path.join(self.tmp, "patches")
        os.makedirs(os.path.join(pd, "k", "topic"))
        with open(os.path.join(pd, "k", "series"), "w") as f:
            f.write("topic\n")
        with open(os.path.join(pd, "k", "topic", "series"), "w") as f:
            f.write("0001-a.patch\n0002-b.patch\n")
        patch(os.path.join(pd, "k", "topic", "0001-a.patch"), "f", "1", "2")
        patch(os.path.join(pd, "k", "topic", "0002-b.patch"), "f", "2", "3")
        self.tree = os.path.join(self.tmp, "linux")
        fake_tree(self.tree, [], {"f": "1\n"})

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def spec(self, a, b, tree=None):
        return run([SPEC, os.path.join(self.pd, "k", "series"), self.pd,
                    tree or self.tree, a, b])

    def test_applies(self):
        rc, out, _ = self.spec("series", "-0002")
        self.assertEqual(rc, 0, out)

    def test_left_out_patch_breaks_the_next(self):
        rc, out, _ = self.spec("-0001", "series")
        self.assertEqual(rc, 1, out)
        self.assertRegex(out, r"side A: .*0002-b\.patch does not apply")

    def test_no_tree_yet(self):
        rc, out, _ = self.spec("-0001", "series",
                               tree=os.path.join(self.tmp, "none"))
        self.assertEqual(rc, 0, out)
        self.assertIn("not extracted yet", out)
        rc, out, _ = run([SPEC, "--apply-only",
                          os.path.join(self.pd, "k", "series"), self.pd,
                          os.path.join(self.tmp, "none"), "-0001", "series"])
        self.assertEqual(rc, 1, out)

    def test_prefix_from_the_tree(self):
        # The tree has the whole series: a user patch on top starts there
        # (on base, 0003 would not apply: f is 1 there).
        shutil.rmtree(self.tree)
        fake_tree(self.tree, ["k/topic/0001-a.patch", "k/topic/0002-b.patch"],
                  {"f": "3\n"})
        mine = os.path.join(self.tmp, "mine")
        os.mkdir(mine)
        patch(os.path.join(mine, "0003-c.patch"), "f", "3", "4")
        rc, out, _ = self.spec("series", "+" + mine)
        self.assertEqual(rc, 0, out)


class Help(unittest.TestCase):
    def test_every_target_listed(self):
        rc, out, secs = run(["make", "--no-print-directory", "help"])
        self.assertEqual(rc, 0, out)
        with open(os.path.join(ROOT, "Makefile")) as f:
            mk = f.read()
        phony = re.search(r"^\.PHONY:((?:.*\\\n)*.*)", mk, re.M).group(1)
        for t in phony.replace("\\\n", " ").split():
            self.assertRegex(out, rf"make {re.escape(t)}\b",
                             f"make help does not list {t}")
        for v in ("KERNEL=", "BUILD=", "JOBS=", "V=1", "DEBUG=1", "QUICK=1",
                  "CMD=", "CELL=", "T=", "KUNIT=", "TOPIC=", "TRAILERS=",
                  "BASE_REV=", "PATCHES=", "DEBUG_BENCH=1",
                  "CLUSTER=slurm", "SELECT="):
            self.assertIn(v, out)
        # sparse is skipped on 7.3 (scripts/check-sparse.sh)
        self.assertRegex(out, r"sparse where.*\n.*7\.3 skips it")


if __name__ == "__main__":
    unittest.main()
