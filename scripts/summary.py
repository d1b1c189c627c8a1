#!/usr/bin/python3
"""summary.py: the dated summary of one `make test` or `make bench` run.

    summary.py test  BUILD SINCE KERNELS [--failed KERNELS]
    summary.py bench BUILD SINCE KERNEL [--rc N]

The Makefile calls it at the end of its `test` and `bench` recipes.
For each kernel of the run it writes BUILD/KERNEL/summary-test.md (or
summary-bench.md): the date, the guest's kernel version, the commit of
this repository, the result, the stage times of the run and, for a test
run, the KTAP totals of its guest consoles (BUILD/KERNEL/run/console.log,
or the shards' of scripts/test-shards.sh), for a bench run
the report's path. Then BUILD/latest.md, a table linking every summary
there is, newest first: the latest run of each kind and kernel.

Stage times come from BUILD/stages.log, where scripts/stage.sh appends
one line per stage (end time, name, seconds, exit status); SINCE (epoch
seconds, the make run's start) selects this run's. A kernel's summary
leaves out the stages whose name names another kernel of the run
(`guest-tests/6.12` in 7.3's); shared stages (`deps`, `host-tests`)
appear in each.

Debian's python3, standard library only; the KTAP counts are
scripts/guestconsole.py's. Nothing here fails a run: on an error it
says so on stderr and exits 1, which the Makefile ignores.
"""
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import guestconsole  # noqa: E402

KINDS = ("test", "bench")
# The first line of every summary; latest.md reads its fields back.
TITLE = "# make {kind}, KERNEL={kernel}: {result} ({date})"
TITLE_RE = re.compile(r"# make (\w+), KERNEL=(\S+): (\w+) \((.*)\)$")


def stages(build, since):
    """This run's stage lines of BUILD/stages.log: (name, seconds, rc)."""
    out = []
    try:
        with open(os.path.join(build, "stages.log")) as f:
            lines = f.read().splitlines()
    except OSError:
        return out
    for line in lines:
        fields = line.split("\t")
        if len(fields) != 4:
            continue
        try:
            end, name, secs, rc = (float(fields[0]), fields[1],
                                   float(fields[2]), int(fields[3]))
        except ValueError:
            continue
        if end >= since:
            out.append((name, secs, rc))
    return out


def kernel_stages(all_stages, kernel, kernels):
    """Those of kernel's summary: none that names another kernel."""
    others = set(kernels) - {kernel}
    return [s for s in all_stages if not others & set(s[0].split("/"))]


def commit():
    """This repository's HEAD, short, and whether the work tree differs."""
    def git(*args):
        return subprocess.run(("git", "-C", REPO) + args,
                              capture_output=True, text=True)
    head = git("rev-parse", "--short=12", "HEAD")
    if head.returncode:
        return "unknown (not a git checkout)"
    dirty = git("status", "--porcelain", "--untracked-files=no").stdout
    return head.stdout.strip() + (", with uncommitted changes"
                                  if dirty.strip() else "")


def of_run(path, since):
    """path if it was written during the run, else None (a console left
    by an earlier run when this one stopped before the guest)."""
    try:
        return path if os.path.getmtime(path) >= since else None
    except OSError:
        return None


def kernel_version(console, kdir):
    """The guest's version from its boot banner (console: of this run,
    or None), else from the build."""
    try:
        for line in guestconsole.read(console) if console else ():
            m = re.search(r"Linux version (\S+)", line)
            if m:
                return "Linux " + m.group(1)
    except OSError:
        pass
    try:
        with open(os.path.join(kdir, "kernel", "include", "config",
                               "kernel.release")) as f:
            return ("Linux " + f.read().strip() +
                    " (from the build; no console of this run)")
    except OSError:
        return "unknown (no console, no kernel build)"


def ktap_totals(consoles):
    """'N ok, N not ok, N skipped, N todo' of the consoles (of this run),
    summed, or why not."""
    if not consoles:
        return "no console of this run (the guest suite did not run)"
    ks = [guestconsole.Ktap(guestconsole.read(c)) for c in consoles]
    return "%d ok, %d not ok, %d skipped, %d todo" % (
        sum(k.passed for k in ks), sum(k.failed for k in ks),
        sum(k.skipped for k in ks), sum(len(k.todo) for k in ks))


def test_consoles(kdir, since):
    """The guest suite's consoles of this run: KERNEL/run/console.log
    (one guest) and KERNEL/test-shards/K/r/console.log (several,
    scripts/test-shards.sh), those written since SINCE."""
    shards = os.path.join(kdir, "test-shards")
    paths = [os.path.join(kdir, "run", "console.log")]
    try:
        paths += [os.path.join(shards, k, "r", "console.log")
                  for k in sorted(os.listdir(shards), key=lambda k: (len(k), k))]
    except OSError:
        pass
    return [p for p in paths if of_run(p, since)]


def bench_cells(bdir):
    """How many cells report.py's results.csv holds, or None."""
    try:
        with open(os.path.join(bdir, "results.csv")) as f:
            return max(0, sum(1 for _ in f) - 1)
    except OSError:
        return None


def summary(kind, build, kernel, kernels, failed, since, now):
    """The text of BUILD/KERNEL/summary-KIND.md."""
    kdir = os.path.join(build, kernel)
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(now))
    result = "FAILED" if kernel in failed else "passed"
    if kind == "test":
        consoles = test_consoles(kdir, since)
        console = consoles[0] if consoles else None
    else:
        console = of_run(os.path.join(kdir, "bench", "console.log"), since)
    rows = [("date", date),
            ("kernel", kernel_version(console, kdir)),
            ("commit", commit()),
            ("result", result),
            ("wall time of the make run", "%.0f s" % (now - since))]
    if kind == "test":
        links = ", ".join("[%s](%s)" % (r, r) for r in
                          (os.path.relpath(c, kdir) for c in consoles))
        rows.append(("KTAP (%s)" % (links or "run/console.log"),
                     ktap_totals(consoles)))
    else:
        rows.append(("report", "[bench/report.md](bench/report.md)"
                     if of_run(os.path.join(kdir, "bench", "report.md"),
                               since) else "not written by this run"))
        cells = bench_cells(os.path.join(kdir, "bench"))
        if cells is not None and console:
            rows.append(("cells (bench/results.csv)", str(cells)))
    out = [TITLE.format(kind=kind, kernel=kernel, result=result, date=date),
           "",
           "Written by `scripts/summary.py` at the end of `make %s`; the "
           "next run replaces it." % kind,
           "",
           "| | |", "|---|---|"]
    out += ["| %s | %s |" % r for r in rows]
    out += ["", "## Stage times", ""]
    st = kernel_stages(stages(build, since), kernel, kernels)
    if st:
        out += ["| stage | seconds | exit |", "|---|---:|---:|"]
        out += ["| %s | %.1f | %d |" % s for s in st]
    else:
        out.append("No stage line of this run in stages.log.")
    return "\n".join(out) + "\n"


def latest(build):
    """The text of BUILD/latest.md: every summary there is, newest first."""
    found = []
    for kernel in sorted(os.listdir(build)):
        for kind in KINDS:
            rel = "%s/summary-%s.md" % (kernel, kind)
            try:
                with open(os.path.join(build, rel)) as f:
                    m = TITLE_RE.match(f.readline().rstrip("\n"))
            except OSError:
                continue
            if m:
                found.append((m.group(4), kind, kernel, m.group(3), rel))
    found.sort(reverse=True)
    out = ["# Latest results", "",
           "The last `make test` and `make bench` of each kernel, newest "
           "first (`scripts/summary.py` writes this file and each summary).",
           "", "| date | run | kernel | result | summary |",
           "|---|---|---|---|---|"]
    out += ["| %s | make %s | %s | %s | [%s](%s) |"
            % (date, kind, kernel, result, rel, rel)
            for date, kind, kernel, result, rel in found]
    return "\n".join(out) + "\n"


def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    p = argparse.ArgumentParser(
        prog="summary.py",
        description="Write BUILD/KERNEL/summary-KIND.md for each kernel of "
        "a make test or make bench run, and BUILD/latest.md.")
    p.add_argument("kind", choices=KINDS)
    p.add_argument("build", help="the build directory (make's B)")
    p.add_argument("since", type=float,
                   help="the run's start, epoch seconds: its stage lines "
                   "are those of BUILD/stages.log that ended since")
    p.add_argument("kernels", help="the run's kernels, space-separated")
    p.add_argument("--failed", default="",
                   help="the kernels that failed, space-separated")
    p.add_argument("--rc", type=int, default=0,
                   help="the run's exit status: not 0, every kernel failed")
    a = p.parse_args(argv)
    kernels = a.kernels.split()
    failed = set(kernels if a.rc else a.failed.split())
    now = time.time()
    try:
        for k in kernels:
            path = os.path.join(a.build, k, "summary-%s.md" % a.kind)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write(path, summary(a.kind, a.build, k, kernels, failed,
                                a.since, now))
            print("summary: " + path)
        write(os.path.join(a.build, "latest.md"), latest(a.build))
    except OSError as e:
        print("summary.py: no summary written: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
