"""Tests of scripts/check-messages.py on small synthetic patch files.

Run: python3 -m unittest discover -s scripts/tests
"""
import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(SCRIPTS, "check-messages.py")
JARGON = os.path.join(SCRIPTS, os.pardir, "patches", "jargon.txt")

spec = importlib.util.spec_from_file_location("check_messages", SCRIPT)
cm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cm)

DIFF = textwrap.dedent("""\
    ---
     drivers/gpio/gpio-x.c | 1 +
     1 file changed, 1 insertion(+)

    diff --git a/drivers/gpio/gpio-x.c b/drivers/gpio/gpio-x.c
    --- a/drivers/gpio/gpio-x.c
    +++ b/drivers/gpio/gpio-x.c
    @@ -1 +1,2 @@
     a
    +b
    --
    2.39.5
    """)

GOOD_BODY = textwrap.dedent("""\
    The driver reads every line with its own transaction. Read them
    with one instead.
    """)


def patch_text(subject, body, folded=None, prefix="[PATCH] "):
    head = ("From 0000000000000000000000000000000000000000 Mon Sep 17 "
            "00:00:00 2001\n"
            "From: A U Thor <author@example.org>\n"
            "Date: Thu, 3 Dec 2026 12:48:39 +0000\n")
    subj = "Subject: " + prefix + subject + "\n"
    if folded:
        subj += " " + folded + "\n"
    return head + subj + "\n" + body.rstrip("\n") + "\n" + DIFF


class Tree:
    """A temp dir with one topic folder per call of add()."""

    def __init__(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name

    def add(self, topic, files):
        d = os.path.join(self.root, topic)
        os.makedirs(d, exist_ok=True)
        names = []
        for name, text in files:
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
            names.append(name)
        with open(os.path.join(d, "series"), "w") as f:
            f.write("# comment line\n" + "".join(n + "\n" for n in names))
        return d


class Base(unittest.TestCase):
    jargon_rules = ["\\bfoo-?suite\\b"]

    def setUp(self):
        self.tree = Tree()
        self.addCleanup(self.tree.tmp.cleanup)
        self.jargon = os.path.join(self.tree.root, "jargon.txt")
        with open(self.jargon, "w") as f:
            f.write("# test rules\n" + "\n".join(self.jargon_rules) + "\n")

    def problems(self, body, subject="gpio: x: read lines at once",
                 topic="gpio-x", folded=None, prefix="[PATCH] "):
        d = self.tree.add(topic, [("0001-x.patch",
                                   patch_text(subject, body, folded,
                                              prefix))])
        path = os.path.join(d, "0001-x.patch")
        return cm.check_patch(path, topic, cm.load_jargon(self.jargon))

    def assertClean(self, body, **kw):
        self.assertEqual(self.problems(body, **kw), [])

    def assertFlags(self, body, word, **kw):
        probs = self.problems(body, **kw)
        self.assertTrue(any(word in p for p in probs),
                        "%r not in %r" % (word, probs))


class TestSubject(Base):
    def test_short_subject_passes(self):
        self.assertClean(GOOD_BODY, subject="x" * 75)

    def test_long_subject_fails(self):
        self.assertFlags(GOOD_BODY, "subject is 76", subject="x" * 76)

    def test_folded_subject_is_joined(self):
        # 40 + 1 + 40 characters once the fold is joined
        self.assertFlags(GOOD_BODY, "subject is 81",
                         subject="a" * 40, folded="b" * 40)
        self.assertClean(GOOD_BODY, subject="a" * 30, folded="b" * 30)

    def test_prefix_not_counted(self):
        p = self.problems(GOOD_BODY, subject="y" * 75,
                          prefix="[PATCH v2 3/9] ")
        self.assertEqual(p, [])


class TestSignoff(Base):
    def test_no_signoff_passes(self):
        self.assertClean(GOOD_BODY)

    def test_signoff_fails(self):
        self.assertFlags(GOOD_BODY + "\nSigned-off-by: A <a@example.org>\n",
                         "Signed-off-by")


class TestCommitRefs(Base):
    def test_kernel_form_passes(self):
        self.assertClean(textwrap.dedent("""\
            Since commit 84693df49dac ("gpio: virtio: support multiple
            virtio-gpio controller instances") every device allocates
            one. Commit 1f2bcb8c8ccd ("gpio: protect the descriptor label
            with SRCU") did it first.
            """))

    def test_fixes_line_passes(self):
        self.assertClean(GOOD_BODY + '\nCc: x@example.org\n', topic="t")
        self.assertClean(GOOD_BODY + '\nFixes: 84693df49dac ("gpio: a b")\n',
                         topic="t-fixes")

    def test_bare_id_fails(self):
        self.assertFlags("This is broken since 84693df49dac.\n",
                         "bare commit id 84693df49dac")

    def test_bare_id_with_subject_fails(self):
        # kernel form wants the word "commit"
        self.assertFlags('as abf221d2f51b ("gpio: max7301: fix") did.\n',
                         "bare commit id abf221d2f51b")

    def test_commit_without_subject_fails(self):
        self.assertFlags("Since commit 84693df49dac every device has one.\n",
                         "not followed by")

    def test_long_id_fails(self):
        self.assertFlags('See commit 84693df49dac1234 ("gpio: a").\n',
                         "not 12 hex digits")

    def test_not_ids_pass(self):
        self.assertClean(textwrap.dedent("""\
            unreferenced object 0xc1430f00 (size 64), at 0xffff888003a1c000,
            dated 20261203123456, see
            https://lore.kernel.org/r/abcdef0123456789abcdef@example.org
            """))


class TestFixesFormat(Base):
    def test_good_fixes_passes(self):
        self.assertClean(GOOD_BODY + '\nFixes: 0123456789ab ("x: y z")\n',
                         topic="a-fixes")

    def test_short_id_fails(self):
        self.assertFlags(GOOD_BODY + '\nFixes: 0123456789a ("x: y")\n',
                         "malformed Fixes", topic="a-fixes")

    def test_no_quotes_fails(self):
        self.assertFlags(GOOD_BODY + "\nFixes: 0123456789ab (x: y)\n",
                         "malformed Fixes", topic="a-fixes")

    def test_wrapped_fails(self):
        self.assertFlags(GOOD_BODY + '\nFixes: 0123456789ab ("x: y\n',
                         "malformed Fixes", topic="a-fixes")


class TestStable(Base):
    def test_fix_with_fixes_passes(self):
        self.assertClean(GOOD_BODY + '\nFixes: 0123456789ab ("x: y")\n'
                         "Cc: stable@vger.kernel.org\n", topic="gpio-fixes")

    def test_fix_with_no_fixes_sentence_passes(self):
        self.assertClean(GOOD_BODY + "\nNo Fixes: tag: the commit that "
                         "added the bug could not be identified.\n",
                         topic="gpio-fixes")

    def test_fix_without_fixes_fails(self):
        self.assertFlags(GOOD_BODY, "no Fixes: tag", topic="gpio-fixes")

    def test_feature_without_tags_passes(self):
        self.assertClean(GOOD_BODY, topic="gpio-x")

    def test_feature_with_fixes_fails(self):
        self.assertFlags(GOOD_BODY + '\nFixes: 0123456789ab ("x: y")\n',
                         "Fixes: tag", topic="gpio-x")

    def test_feature_with_stable_fails(self):
        self.assertFlags(GOOD_BODY + "\nCc: stable@vger.kernel.org\n",
                         "stable@vger.kernel.org", topic="gpio-x")


class TestBackport(Base):
    UP = "[ Upstream commit b0c13ec17438577f90b379d448dfed1233e2c0a4 ]\n\n"

    def test_backport_passes_anywhere(self):
        self.assertClean(self.UP + GOOD_BODY +
                         '\nFixes: 0123456789ab ("x: y")\n', topic="stable")
        self.assertClean("commit b0c13ec17438577f90b379d448dfed1233e2c0a4 "
                         "upstream.\n\n" + GOOD_BODY, topic="x-fixes")

    def test_short_upstream_id_fails(self):
        self.assertFlags("[ Upstream commit b0c13ec17438 ]\n\n" + GOOD_BODY,
                         "not followed by", topic="stable")


class TestJargon(Base):
    def test_clean_passes(self):
        self.assertClean(GOOD_BODY)

    def test_rule_matches_case_insensitively(self):
        self.assertFlags("Found by the Foo-Suite.\n", "jargon")

    def test_subject_is_checked(self):
        self.assertFlags(GOOD_BODY, "jargon", subject="gpio: fix foosuite")


class TestProjectJargon(unittest.TestCase):
    """The rules of patches/jargon.txt itself."""

    @classmethod
    def setUpClass(cls):
        cls.rules = cm.load_jargon(JARGON)

    def hits(self, text):
        return [src for rx, src in self.rules if rx.search(text)]

    def test_flags_project_words(self):
        for text in [
            "On the expander bench a PCA9555 reads in 1 transaction.",
            "Measured on the bench.",
            "On the bench's emulated ADNP",
            "Found on the test bench",
            "Expander-Bench",
            "30-parts", "31-driver-minimum", "50-interrupts",
            "51-irq-drivers", "52-irq-storm", "53-irq-midread",
            "40-faults", "the guest suite", "gpio-suite/storm.sh",
            "make compare with and without this patch",
            "`make test KERNEL=7.3`", "make check-upstream",
            "one KTAP TODO", "as the model says", "our model",
            "the emulated board's model", "the MAX7301 model",
            "its model takes 0 as pull low",
            "in this repository", "see patches/7.3/series",
            "changes 44 of 425 cells", "8 of its 575 cells",
        ]:
            self.assertTrue(self.hits(text), "not flagged: %r" % text)

    def test_ordinary_kernel_words_pass(self):
        for text in [
            "Measured on an emulated PCA9555 behind virtio-i2c, counting "
            "the I2C transactions: 2 -> 1.",
            "a register-level model of the chip",
            "on an emulated 32-bit ARM machine, 16-bit accessors, "
            "the 40-line layout, 64-byte objects, 8-port parts",
            "#gpio-cells = <2>; the flags cell is honoured",
            "Add a KUnit suite; the KTAP output of kunit.py",
            "make the irq_chip const and make one driver call",
            "the driver model and the memory model",
            "make htmldocs, make W=1, make dt_binding_check",
            "a benchmark of the bus",
        ]:
            self.assertEqual(self.hits(text), [], text)


class TestTrailers(Base):
    def test_trailers_last_passes(self):
        self.assertClean(GOOD_BODY + "\nLink: https://example.org/x\n"
                         "Reported-by: A <a@example.org>\n"
                         "Cc: b@example.org\n")

    def test_paragraph_after_trailers_fails(self):
        self.assertFlags(GOOD_BODY + "\nCc: b@example.org\n\n"
                         "This was 0004 in v1.\n", "text after the trailers")

    def test_line_after_trailers_fails(self):
        self.assertFlags(GOOD_BODY + "\nCc: b@example.org\n"
                         "Note: tested on 7.3 only.\n",
                         "text after the trailers")


class TestCommandLine(unittest.TestCase):
    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT] + list(args),
                              capture_output=True, text=True)

    def test_help(self):
        r = self.run_script("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("TOPICDIR", r.stdout)

    def test_summary_and_exit_status(self):
        tree = Tree()
        self.addCleanup(tree.tmp.cleanup)
        good = tree.add("gpio-x", [("0001-a.patch",
                                    patch_text("gpio: x: a", GOOD_BODY))])
        bad = tree.add("gpio-y-fixes", [
            ("0001-b.patch", patch_text("gpio: y: b", GOOD_BODY)),
            ("0002-c.patch", patch_text("gpio: y: c", GOOD_BODY +
                                        "\nSigned-off-by: A <a@b.org>\n"))])
        r = self.run_script(good)
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertEqual(r.stdout.strip().splitlines()[-1],
                         "messages: 1 patches in 1 series, 0 problems")
        r = self.run_script(good, bad)
        self.assertEqual(r.returncode, 1)
        lines = r.stdout.strip().splitlines()
        self.assertEqual(lines[-1],
                         "messages: 3 patches in 2 series, 3 problems")
        self.assertTrue(all(l.startswith(bad) for l in lines[:-1]), lines)

    def test_series_into_another_folder(self):
        tree = Tree()
        self.addCleanup(tree.tmp.cleanup)
        tree.add("7.3/gpio-fixes", [("0004-x.patch", patch_text(
            "gpio: x: y", GOOD_BODY + '\nFixes: 0123456789ab ("a: b")\n'))])
        d = os.path.join(tree.root, "6.12", "gpio-fixes")
        os.makedirs(d)
        with open(os.path.join(d, "series"), "w") as f:
            f.write("../../7.3/gpio-fixes/0004-x.patch\nmissing.patch\n")
        r = self.run_script(d)
        self.assertEqual(r.returncode, 1)
        self.assertIn("missing.patch: listed in", r.stdout)
        self.assertIn("2 patches in 1 series, 1 problems", r.stdout)


if __name__ == "__main__":
    unittest.main()
