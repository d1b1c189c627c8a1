"""bench/plots.py and the storm plot as a reader sees them: each series
its own colour (also in the legend, also when it has no data), count
axes labelled in whole numbers, one legend for panels of the same
series. The figures are caught before they are written (plots.write)."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import matplotlib.colors as mcolors  # noqa: E402

import benchdir  # noqa: E402
import plots  # noqa: E402
import stormreport  # noqa: E402
from matrix import PATHS  # noqa: E402
from test_stormreport import line  # noqa: E402


class Caught:
    """plots.write replaced: the figures drawn and kept, not written;
    closed at the end (a closed figure's artists can still be read)."""

    def __enter__(self):
        self.figs, self.saved = [], plots.write
        plots.write = lambda fig, out, dpi=90, rect=None: (
            fig.canvas.draw(), self.figs.append(fig))
        return self.figs

    def __exit__(self, *exc):
        plots.write = self.saved
        for fig in self.figs:
            plots.plt.close(fig)


def rgb(c):
    return mcolors.to_rgb(c)


def tx_figure():
    """tx-per-op of one pca9555 group: sysfs and block-dev have data, the
    other three paths none. Its figure, drawn (closed: still readable)."""
    cells = {("pca9555", 16, "sysfs", "set-all"): {"tx_per_op": 16},
             ("pca9555", 16, "block-dev", "set-all"): {"tx_per_op": 1}}
    with Caught() as figs:
        plots.tx_by_path(cells, [("pca9555", 16)], "x.png",
                         lambda part, nl, op: 1)
    return figs


class PlotsTest(unittest.TestCase):
    def test_tx_legend_one_colour_per_path(self):
        figs = tx_figure()
        fig = figs[0]
        leg = fig.axes[-1].get_legend()
        labels = [t.get_text() for t in leg.get_texts()]
        self.assertEqual(labels[:len(PATHS)],
                         ["sysfs", "cdev-line (no data)",
                          "cdev-multi (no data)", "block-dev",
                          "block-sysfs (no data)"])
        # legendHandles: Debian 12's matplotlib 3.6 (legend_handles from 3.7)
        handles = getattr(leg, "legend_handles", None) or leg.legendHandles
        swatches = [rgb(h.get_facecolor()) for h in handles[:len(PATHS)]]
        self.assertEqual(len(set(swatches)), len(PATHS))
        # a bar has its path's colour, the one its swatch shows
        bars = [p for p in fig.axes[0].patches if p.get_height() > 0]
        self.assertEqual({rgb(b.get_facecolor()) for b in bars},
                         {swatches[0], swatches[3]})

    def test_count_ticks_are_whole_numbers(self):
        figs = tx_figure()
        ax = figs[0].axes[0]
        lo, hi = ax.get_ylim()
        shown = [t.get_text() for t in ax.get_yticklabels()
                 if t.get_text() and lo <= t.get_position()[1] <= hi]
        self.assertEqual(shown, ["1", "2", "5", "10", "20"])
        self.assertEqual(
            [t.get_text() for t in ax.get_yticklabels(minor=True)], [])

    def test_latency_colours_follow_the_path(self):
        cells = [{"hz": 100000, "part": "pca9555", "op": "set-all",
                  "path": pk, "lines": nl, "med_us": 100.0 * nl,
                  "p95_us": 120.0 * nl}
                 for pk in ("cdev-multi", "block-dev:pca16") for nl in (1, 4)]
        with Caught() as figs:
            plots.latency_vs_lines(cells, "pca9555", "set-all", [100000],
                                   "x.png")
        ax = figs[0].axes[0]
        # errorbar: the label is its container's, the colour its line's
        got = {c.get_label(): rgb(c.lines[0].get_color())
               for c in ax.containers}
        # less than a decade of latency: plain numbers, more than one
        shown = [t.get_text() for t in ax.get_yticklabels() +
                 ax.get_yticklabels(minor=True) if t.get_text()
                 and ax.get_ylim()[0] <= t.get_position()[1] <=
                 ax.get_ylim()[1]]
        self.assertGreater(len(shown), 1)
        for t in shown:
            float(t)
        self.assertEqual(got, {"cdev-multi": rgb(plots.PATH_COLOURS[
            "cdev-multi"]), "block-dev": rgb(plots.PATH_COLOURS[
                "block-dev"])})

    def test_styles_tell_eleven_apart(self):
        st = plots.styles(11)
        self.assertEqual(len({(rgb(s["color"]), s["marker"]) for s in st}),
                         11)
        self.assertEqual(len({rgb(s["color"]) for s in st}), 11)

    def test_storm_plot(self):
        parts = ["pca9555", "pcf8574", "pca9570", "max7310", "max7320",
                 "mcp23008", "mcp23s08", "tca6416", "aw9523", "cy8c9520",
                 "adnp"]
        d = benchdir.make([line(p, hz, 100 - i, 50, 200, 900)
                           for i, p in enumerate(parts)
                           for hz in (1000, 20000)])
        rows = stormreport.parse(os.path.join(d, "console.log"))
        with Caught() as figs:
            stormreport.report(rows, d)
        fig = figs[0]
        for ax in fig.axes:
            colours = [rgb(ln.get_color()) for ln in ax.get_lines()]
            self.assertEqual(len(colours), 11)
            self.assertEqual(len(set(colours)), 11)
            self.assertIsNone(ax.get_legend())
        # one legend, for both panels
        self.assertEqual(len(fig.legends), 1)
        self.assertEqual([t.get_text() for t in fig.legends[0].get_texts()],
                         parts)


class WrittenTest(unittest.TestCase):
    def test_files_written(self):
        # the real write, once: a PNG comes out
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "tx.png")
            plots.tx_by_path({("p", 8, "sysfs", "get-all"): {"tx_per_op": 8}},
                             [("p", 8)], path, lambda part, nl, op: 1)
            with open(path, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
