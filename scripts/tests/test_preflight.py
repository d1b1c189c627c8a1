"""scripts/preflight.sh names the real cause before apt does: another
system than Debian 12, not root, an archive that does not answer
(apt-get update exits 0 then). apt-get and id are stand-ins on PATH.

Run: python3 -m unittest discover -s scripts/tests -p 'test_*.py'
"""
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
PRE = os.path.join(ROOT, "scripts", "preflight.sh")

DEBIAN12 = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n'
DEBIAN13 = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\nVERSION_ID="13"\n'
UBUNTU = 'PRETTY_NAME="Ubuntu 24.04 LTS"\nID=ubuntu\nVERSION_ID="24.04"\n'

# What apt-get -q update prints (and its exit status) in each case.
UNREACHABLE = """\
Err:1 http://deb.debian.org/debian bookworm InRelease
  Temporary failure resolving 'deb.debian.org'
Err:2 http://deb.debian.org/debian-security bookworm-security InRelease
  Temporary failure resolving 'deb.debian.org'
Reading package lists...
W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Temporary failure resolving 'deb.debian.org'
W: Some index files failed to download. They have been ignored, or old ones used instead.
"""
PARTIAL = """\
Hit:1 http://deb.debian.org/debian bookworm InRelease
Get:2 http://deb.debian.org/debian-security bookworm-security InRelease [48.0 kB]
Err:3 http://deb.debian.org/debian-security bookworm-security/main armhf Packages
  File has unexpected size (270000 != 269000). Mirror sync in progress? [IP: 1.2.3.4 80]
E: Failed to fetch http://deb.debian.org/debian-security/dists/bookworm-security/main/binary-armhf/Packages.xz  File has unexpected size
E: Some index files failed to download. They have been ignored, or old ones used instead.
"""
FINE = """\
Hit:1 http://deb.debian.org/debian bookworm InRelease
Hit:2 http://deb.debian.org/debian-security bookworm-security InRelease
Reading package lists...
"""


class Preflight(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.bin = os.path.join(self.tmp, "bin")
        os.mkdir(self.bin)
        self.osr = os.path.join(self.tmp, "os-release")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def stub(self, name, text, rc=0):
        out = os.path.join(self.tmp, name + ".out")
        with open(out, "w") as f:
            f.write(text)
        p = os.path.join(self.bin, name)
        with open(p, "w") as f:
            f.write(f"#!/bin/sh\ncat '{out}'\nexit {rc}\n")
        os.chmod(p, 0o755)

    def run_pre(self, *args, os_release=DEBIAN12):
        with open(self.osr, "w") as f:
            f.write(os_release)
        env = dict(os.environ, OS_RELEASE=self.osr,
                   PATH=self.bin + ":" + os.environ["PATH"])
        p = subprocess.run([PRE] + list(args), env=env, timeout=30,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        return p.returncode, p.stdout

    def test_debian12_root(self):
        self.stub("id", "0\n")
        self.assertEqual(self.run_pre("system"), (0, ""))

    def test_other_systems(self):
        self.stub("id", "0\n")
        for osr, name in ((DEBIAN13, "Debian GNU/Linux 13"),
                          (UBUNTU, "Ubuntu 24.04")):
            rc, out = self.run_pre("system", os_release=osr)
            self.assertEqual(rc, 1, out)
            self.assertIn(f"this is {name}", out)
            self.assertIn("not Debian 12", out)

    def test_not_root(self):
        self.stub("id", "1000\n")
        rc, out = self.run_pre("system")
        self.assertEqual(rc, 1, out)
        self.assertIn("needs root", out)

    def test_archive_unreachable(self):
        # apt-get update exits 0 here: the cause is in its output only
        self.stub("apt-get", UNREACHABLE, rc=0)
        rc, out = self.run_pre("apt-update", "apt-get", "-q")
        self.assertEqual(rc, 3, out)
        self.assertIn("archive is unreachable", out)
        self.assertIn("Temporary failure resolving 'deb.debian.org'", out)

    def test_partial_failure_goes_on(self):
        self.stub("apt-get", PARTIAL, rc=100)
        rc, out = self.run_pre("apt-update", "apt-get", "-q")
        self.assertEqual(rc, 1, out)
        self.assertNotIn("unreachable", out)
        self.assertIn("Failed to fetch", out)

    def test_update_fine(self):
        self.stub("apt-get", FINE)
        self.assertEqual(self.run_pre("apt-update", "apt-get", "-q"), (0, ""))


if __name__ == "__main__":
    unittest.main()
