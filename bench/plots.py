"""PNG plots of a bench run, with Debian's python3-matplotlib."""
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import (FixedLocator, FuncFormatter,  # noqa: E402
                               NullLocator)

from matrix import PATHS, path_kind  # noqa: E402


# What every bench figure shares (this file's and irqreport.py's).
def bar_x(i, k, n, width):
    """Where bar k of n stands in group i: the group centred on i."""
    return i + (k - (n - 1) / 2) * width


def label_groups(ax, labels, title):
    """A panel of bar groups: a tick and label a group, the title, a
    horizontal grid."""
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)


# One colour per access path, the same in every panel and figure, whether
# or not a panel has its data (matplotlib's cycle gives a colour to what
# is drawn only, so a path with no data shifted the others' colours and
# its legend swatch fell back to the first colour).
PATH_COLOURS = {pk: "C%d" % k for k, pk in enumerate(PATHS)}


def styles(n):
    """N series told apart by colour and marker: tab20's dark shades, then
    its light ones (20 colours, where the default cycle repeats after
    10), each with a marker of a cycle of 4 (coprime with the colours'
    repeat)."""
    cmap = plt.get_cmap("tab20")
    order = list(range(0, 20, 2)) + list(range(1, 20, 2))
    markers = ["o", "s", "^", "D"]
    return [{"color": cmap(order[i % 20]), "marker": markers[i % 4]}
            for i in range(n)]


def fmt_g(v, _pos=None):
    """A tick label as the number it is: 1, 20, 0.5, 1000."""
    return "%g" % v


def log_counts(ax, top):
    """A log y axis of counts: ticks at 1, 2, 5, 10, ... up to TOP, shown
    as plain integers (matplotlib's own labels a log axis of less than a
    decade on minor ticks, as 6x10^-1), no minor ticks."""
    ticks = [m * 10 ** e for e in range(0, 10) for m in (1, 2, 5)
             if m * 10 ** e <= top]
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_major_formatter(FuncFormatter(fmt_g))
    ax.yaxis.set_minor_locator(NullLocator())


def plain_log(ax, axis="y"):
    """A log axis labelled in plain numbers (%g): every decade, and 2 and
    5 between them; every minor tick when the axis spans less than a
    decade (else it might show a single number). Never 6x10^-1."""
    a = ax.yaxis if axis == "y" else ax.xaxis

    def minor(v, _pos=None):
        lo, hi = sorted(a.get_view_interval())
        if v <= 0:
            return ""
        lead = round(v / 10 ** math.floor(math.log10(v)), 6)
        return "%g" % v if lo > 0 and hi / lo < 10 or lead in (2, 5) \
            else ""
    a.set_major_formatter(FuncFormatter(fmt_g))
    a.set_minor_formatter(FuncFormatter(minor))


def write(fig, out, dpi=90, rect=None):
    """Lay the figure out (within RECT, leaving room for a figure legend),
    write it, free it."""
    fig.tight_layout(rect=rect)
    fig.savefig(out, dpi=dpi)
    plt.close(fig)


def save(fig, axes, ylabel, out, title=None, dpi=90, handles=None):
    """The y label on the first panel of a row, the legend on the last
    (HANDLES: made by the caller, for series that may draw nothing),
    the figure's title; then the file."""
    axes[0].set_ylabel(ylabel)
    if handles:
        axes[-1].legend(handles=handles, fontsize=8)
    else:
        axes[-1].legend(fontsize=8)
    if title:
        fig.suptitle(title)
    write(fig, out, dpi)


def save_shared_legend(fig, axes, ylabel, out, title=None, dpi=90):
    """Panels that show the same series: one legend for the figure, right
    of the panels, rather than on one of them."""
    axes[0].set_ylabel(ylabel)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="center right", fontsize=8)
    if title:
        fig.suptitle(title)
    write(fig, out, dpi, rect=(0, 0, 0.88, 1))


def tx_by_path(cells, parts, out, phys_min):
    """Transactions per operation by path, at each part's largest line
    count and the lowest speed, one panel per operation."""
    ops = ["set-all", "get-all", "rmw"]
    fig, axes = plt.subplots(1, len(ops), figsize=(15, 4.8), sharey=True)
    width = 0.8 / len(PATHS)
    # Bars grow from 0.5, below one transaction, so that a bar of 1 shows;
    # a missing cell draws nothing (a 0 on a log axis pulled the
    # autoscaled top to 1e15 and squashed every bar). The top is set from
    # the data: the largest bar, with room for its label.
    base = 0.5
    top = max([c["tx_per_op"] for part, nl in parts for pk in PATHS
               for op in ops
               for c in [cells.get((part, nl, pk, op))] if c] + [2])
    drawn = set()
    for ax, op in zip(axes, ops):
        for k, pk in enumerate(PATHS):
            xs, ys = [], []
            for i, (part, nl) in enumerate(parts):
                c = cells.get((part, nl, pk, op))
                if c and c["tx_per_op"]:
                    xs.append(bar_x(i, k, len(PATHS), width))
                    ys.append(c["tx_per_op"] - base)
            if xs:
                drawn.add(pk)
                ax.bar(xs, ys, width, bottom=base, color=PATH_COLOURS[pk])
        mins = [phys_min(part, nl, op) for part, nl in parts]
        ax.scatter(range(len(parts)), mins, marker="_", s=400, c="k",
                   zorder=3)
        label_groups(ax, ["%s\n%d lines" % p for p in parts], op)
        ax.set_yscale("log")
        ax.set_ylim(base, top * 1.5)
        log_counts(ax, top * 1.5)
    handles = [Patch(color=PATH_COLOURS[pk],
                     label=pk if pk in drawn else pk + " (no data)")
               for pk in PATHS]
    handles.append(Line2D([], [], color="k", marker="_", markersize=14,
                          lw=0, label="physical minimum"))
    save(fig, axes, "I2C transactions per operation", out,
         "Transactions per operation by access path (host count "
         "= guest tracepoints)", handles=handles)


def latency_vs_lines(cells, part, op, speeds, out):
    """Median latency per operation against line count, one panel per
    bus speed, one curve per path; p95 as the error bar's top."""
    fig, axes = plt.subplots(1, len(speeds), figsize=(5 * len(speeds), 4.5),
                             sharey=True, squeeze=False)
    drawn = set()
    for ax, hz in zip(axes[0], speeds):
        for pk in PATHS:
            pts = sorted((c["lines"], c["med_us"], c["p95_us"])
                         for c in cells
                         if c["hz"] == hz and c["part"] == part and
                         c["op"] == op and path_kind(c["path"]) == pk)
            if not pts:
                continue
            drawn.add(pk)
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            err = [[0] * len(pts), [p[2] - p[1] for p in pts]]
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=pk,
                        color=PATH_COLOURS[pk])
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        plain_log(ax)
        ax.set_xticks([1, 4, 8, 16])
        ax.set_xticklabels(["1", "4", "8", "16"])
        ax.set_xlabel("lines")
        ax.set_title("%s %s, %g kHz" % (part, op, hz / 1000))
        ax.grid(alpha=0.3)
    handles = [Line2D([], [], color=PATH_COLOURS[pk], marker="o",
                      label=pk if pk in drawn else pk + " (no data)")
               for pk in PATHS]
    save(fig, axes[0], "guest latency per operation, µs (median, p95)", out,
         handles=handles)


def pin_timing(cases, out):
    """Pin levels against bus time for a few operations of each case:
    cases = [(title, ops)], ops as buslog.ops() returns them."""
    fig, axes = plt.subplots(len(cases), 1, figsize=(12, 2.2 * len(cases) + 1),
                             sharex=True, squeeze=False)
    for ax, (title, cell_ops) in zip(axes[:, 0], cases):
        t0 = cell_ops[0][0][0][0]
        series = {}
        for txs, pins in cell_ops:
            for start, end, _, _ in txs:
                # the bus clock has no idle time: mark where each starts
                ax.axvline((start - t0) / 1000, color="0.8", lw=0.8)
            for ns, _, chip, pin, old, new in pins:
                s = series.setdefault(pin, [(0, old)])
                s.append(((ns - t0) / 1000, new))
        tend = (cell_ops[-1][0][-1][1] - t0) / 1000
        for pin, pts in sorted(series.items()):
            xs, ys = [], []
            for x, v in pts:
                xs.append(x)
                ys.append(pin * 1.5 + (0.9 if v == "1" else 0))
            xs.append(tend)
            ys.append(ys[-1])
            ax.step(xs, ys, where="post", lw=1.2)
        ax.set_yticks([p * 1.5 + 0.45 for p in sorted(series)])
        ax.set_yticklabels(["pin %d" % p for p in sorted(series)], fontsize=7)
        ax.set_title(title, fontsize=10)
    axes[-1][0].set_xlabel("bus time, µs (grey: a transaction starts)")
    write(fig, out)
