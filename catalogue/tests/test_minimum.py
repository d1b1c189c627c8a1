"""The guest's minimum.sh (rootfs-overlay/usr/lib/gpio-suite/), under
/bin/sh on the catalogue, gives what catalogue/core.py gives for every
part and mask of the guest's parts.table: 31-driver-minimum and the
bench's run-minimum count what the cover letter and the report say."""
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, "..", "..")
sys.path.insert(0, TOP)

from catalogue import board, core, tables  # noqa: E402

MINIMUM_SH = os.path.join(TOP, "rootfs-overlay", "usr", "lib", "gpio-suite",
                          "minimum.sh")


class MinimumShTest(unittest.TestCase):
    def setUp(self):
        self.b = board.Board()

    def test_shell_rules_agree(self):
        """minimum.sh (the guest's, under /bin/sh) gives what core.cost
        gives, for every part and mask of the guest's tables."""
        cases = [(r[2], op, m) for r in tables.parts_rows(self.b)
                 for op, m in (("get", r[5]), ("set", r[6]))]
        script = ". %s\n" % MINIMUM_SH + "".join(
            'echo "$(tx_min %s %s %s) $(tx_series %s %s %s)"\n'
            % (p, op, m, p, op, m) for p, op, m in cases)
        out = subprocess.run(["/bin/sh", "-c", script], check=True,
                             capture_output=True, text=True,
                             env={"CATALOGUE": core.PATH,
                                  "PATH": os.environ["PATH"]}).stdout
        parts = core.by_name(self.b.parts)
        want = ["%s %s" % (core.cost(parts[p]["%s_min" % op], int(m, 0)),
                           core.cost(parts[p]["block_" + op], int(m, 0)))
                for p, op, m in cases]
        self.assertEqual(out.split("\n")[:-1], want)


if __name__ == "__main__":
    unittest.main()
