"""catalogue/dts.py on a small board: includes, references by path and
label, labels, properties, nodes in source order."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))

from catalogue import dts  # noqa: E402

BOARD = """// top
/include/ "base.dts"
&{/virtio_mmio@a000e00} {
	i2c_7: i2c {
		compatible = "virtio,device22";
		free_x: other: gpio@20 {
			compatible = "nxp,pca9555", "x";
			reg = <0x20>;
			present = /bits/ 8 <0x03>;
			gpio-controller;
		};
	};
};
/include/ "more.dtsi"
"""

MORE = """/* more */
/ {
	blocks {
		b {
			label = "b";
			gpios = <&free_x 0 0>, <&{/virtio_mmio@a000e00/i2c/gpio@20} 1 0>;
			bytes = [00 ff];
		};
	};
};
&other {
	extra;
};
"""


class DtsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        for name, text in (("board.dts", BOARD), ("more.dtsi", MORE)):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(text)
        self.t = dts.load(os.path.join(self.dir, "board.dts"))

    def test_nodes(self):
        g = self.t.label("free_x")
        self.assertIs(g, self.t.label("other"))
        self.assertEqual(g.path(), "/virtio_mmio@a000e00/i2c/gpio@20")
        self.assertEqual(g.labels, ["free_x", "other"])
        self.assertEqual(g.file, "board.dts")
        self.assertEqual(g.strings("compatible"), ["nxp,pca9555", "x"])
        self.assertEqual(g.u32("reg"), 0x20)
        self.assertEqual(g.cells("present"), [3])
        self.assertIn("extra", g.props)	# &other in more.dtsi
        self.assertEqual(g.unit(), "20")

    def test_references(self):
        b = self.t.node_at("/blocks/b", create=False)
        cells = b.cells("gpios")
        self.assertEqual([self.t.resolve(c) for c in cells[0::3]],
                         [self.t.label("free_x")] * 2)
        self.assertEqual(cells[1::3], [0, 1])
        self.assertEqual(b.props["bytes"], [b"\x00\xff"])
        self.assertEqual(b.file, "more.dtsi")

    def test_order(self):
        names = [n.name for n in self.t.root.walk()]
        self.assertEqual(names, ["", "virtio_mmio@a000e00", "i2c",
                                 "gpio@20", "blocks", "b"])

    def test_errors(self):
        with open(os.path.join(self.dir, "bad.dts"), "w") as f:
            f.write("&nolabel { };\n")
        with self.assertRaises(dts.DtsError):
            dts.load(os.path.join(self.dir, "bad.dts"))


if __name__ == "__main__":
    unittest.main()
