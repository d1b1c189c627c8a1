#!/usr/bin/python3
"""measured.py: README's time and disk figures, written by a run, never
typed.

    measured.py collect ROOT OUT
        after `make test` in a brand-new Debian 12 root (make fresh-test,
        or any root whose clone is ROOT/src/project): OUT (docs/
        fresh-test.md) from the run's own summaries (BUILD/KERNEL/
        summary-test.md of each kernel: result, wall time, stage times),
        the size of its build directory and of the Debian packages
        installed in ROOT
    measured.py readme README OUT [--check]
        the table between README's "measured: begin" and "measured: end"
        markers, made from OUT; --check: exit 1 if README's differs
        (make test-host runs it, so the README cannot drift from the file)

Debian's python3, standard library only.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

BEGIN = "<!-- measured: begin (scripts/measured.py readme) -->"
END = "<!-- measured: end -->"
ROW = re.compile(r"^\| ([^|]+?) \| ([^|]*?) \|")


def table(lines):
    """{first cell: second cell} of a markdown file's two-column rows."""
    out = {}
    for ln in lines:
        m = ROW.match(ln)
        if m and not set(m.group(1)) <= set("-: "):
            out.setdefault(m.group(1), m.group(2))
    return out


def stage_rows(lines):
    """[(stage, seconds)] of the table under "## Stage times": a summary's
    (stage, seconds, exit) or OUT's (stage, seconds). Only there: a row
    above it such as a commit id of digits alone is no stage."""
    out, under = [], False
    for ln in lines:
        if ln.startswith("## "):
            under = ln.strip() == "## Stage times"
        m = re.match(r"^\| (\S+) \| ([0-9.]+) \|( \d+ \|)?$", ln)
        if under and m:
            out.append((m.group(1), float(m.group(2))))
    return out


def du_kib(path):
    r = subprocess.run(["du", "-sk", "-x", path], capture_output=True,
                       text=True)
    return int(r.stdout.split()[0]) if r.returncode == 0 and r.stdout else 0


def packages_kib(root):
    r = subprocess.run(["dpkg-query", "--admindir=" +
                        os.path.join(root, "var/lib/dpkg"), "-W",
                        "-f=${Installed-Size}\\n"],
                       capture_output=True, text=True)
    return sum(int(x) for x in r.stdout.split() if x.isdigit())


def gb(kib):
    return "%.1f GB" % (kib * 1024 / 1e9)


def collect(root, out):
    build = os.path.join(root, "src", "project", "build")
    sums = sorted(glob.glob(os.path.join(build, "*", "summary-test.md")))
    if not sums:
        sys.exit("measured.py: no summary-test.md under %s: did make test "
                 "run there?" % build)
    kernels, stages, info = [], {}, {}
    for path in sums:
        with open(path) as f:
            lines = f.read().splitlines()
        t = table(lines)
        k = os.path.basename(os.path.dirname(path))
        ktap = next((v for key, v in t.items() if key.startswith("KTAP")),
                    "?")
        kernels.append((k, t.get("result", "?"), ktap))
        info = info or t
        for name, secs in stage_rows(lines):
            stages[name] = secs
    kernels.sort(key=lambda x: [-int(p) for p in re.findall(r"\d+", x[0])])
    rows = [("date", info.get("date", "?")),
            ("commit", info.get("commit", "?")),
            ("cores", str(os.cpu_count())),
            ("result", ", ".join("%s %s" % (k, r) for k, r, _ in kernels)),
            ("make test, wall time", info.get("wall time of the make run",
                                              "?"))]
    rows += [("KTAP %s" % k, v) for k, _, v in kernels]
    rows += [("disk: Debian packages installed (the whole root)",
              gb(packages_kib(root))),
             ("disk: build/ after the run", gb(du_kib(build)))]
    text = ["# make test on a brand-new Debian 12 root", "",
            "Written by `scripts/measured.py collect` at the end of `make "
            "fresh-test` (a minimal Debian 12 root, the committed HEAD "
            "cloned into it, `make test` there, the machine otherwise "
            "idle), from the run's own summaries; `scripts/measured.py "
            "readme` copies its figures into README.md. Stages that run "
            "beside each other (scripts/test-all.sh) add up to more than "
            "the wall time.", "", "| | |", "|---|---|"]
    text += ["| %s | %s |" % r for r in rows]
    text += ["", "## Stage times", "", "| stage | seconds |", "|---|---:|"]
    text += ["| %s | %.1f |" % (n, s) for n, s in sorted(stages.items())]
    with open(out, "w") as f:
        f.write("\n".join(text) + "\n")
    print("measured: %s (%s)" % (out, ", ".join(
        "%s %s" % (k, r) for k, r, _ in kernels)))


def stage(lines, name):
    for n, s in stage_rows(lines):
        if n == name:
            return "%.0f s" % s
    return "?"


def readme_block(out, rel):
    with open(out) as f:
        lines = f.read().splitlines()
    t = table(lines)
    kernels = [k.split()[1] for k in t if k.startswith("KTAP ")]
    wall = t.get("make test, wall time", "?")
    m = re.match(r"([0-9.]+) s", wall)
    wall_txt = ("about %d minutes (%s)" % (round(float(m.group(1)) / 60), wall)
                if m else wall)

    def per(name):
        return " / ".join(stage(lines, "%s/%s" % (name, k)) for k in kernels)
    ks = " / ".join(kernels)
    rows = [("disk: Debian packages installed", "about " + t.get(
                "disk: Debian packages installed (the whole root)", "?")),
            ("disk: `build/` after `make test` (both kernels)",
             "about " + t.get("disk: build/ after the run", "?")),
            ("`make test`, both kernels, from nothing", wall_txt),
            ("stage: deps; host tests and fuzz", "%s; %s" % (
                stage(lines, "deps"), " + ".join(
                    stage(lines, s) for s in ("host-tests", "fuzz")))),
            ("stage: a kernel build from nothing, %s" % ks,
             per("kernel-build")),
            ("stage: the guest suite, %s" % ks, per("guest-tests"))]
    return [BEGIN,
            "| | measured ([%s](%s), %s cores) |" % (
                rel, rel, t.get("cores", "?")),
            "|---|---|"] + ["| %s | %s |" % r for r in rows] + [END]


def readme(path, out, check):
    with open(path) as f:
        text = f.read().splitlines()
    try:
        i, j = text.index(BEGIN), text.index(END)
    except ValueError:
        sys.exit("measured.py: %s has no '%s' ... '%s' block" % (
            path, BEGIN, END))
    rel = os.path.relpath(out, os.path.dirname(os.path.abspath(path)))
    new = text[:i] + readme_block(out, rel) + text[j + 1:]
    if new == text:
        return 0
    if check:
        print("measured.py: %s's measured figures are not those of %s: run "
              "scripts/measured.py readme %s %s" % (path, out, path, out),
              file=sys.stderr)
        return 1
    with open(path, "w") as f:
        f.write("\n".join(new) + "\n")
    print("measured: %s updated from %s" % (path, out))
    return 0


def main(argv):
    p = argparse.ArgumentParser(
        prog="measured.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect", help="OUT from a fresh root's run")
    c.add_argument("root")
    c.add_argument("out")
    r = sub.add_parser("readme", help="README's block from OUT")
    r.add_argument("readme")
    r.add_argument("out")
    r.add_argument("--check", action="store_true")
    a = p.parse_args(argv)
    if a.cmd == "collect":
        collect(a.root, a.out)
        return 0
    return readme(a.readme, a.out, a.check)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
