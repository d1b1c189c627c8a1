#!/usr/bin/python3
"""guestconsole.py: the one reader of the guest's console on the host.

The console (RUN/console.log, written by scripts/vm.sh) interleaves the
kernel's messages, KTAP documents (KUnit's and the guest suite's,
rootfs-overlay/usr/lib/gpio-suite/run-all), tagged records ("BENCH",
"STUB", "PAIR", "IRQ", "MIN", "SPI" lines of key=value pairs, from the
benchmark's guest side, rootfs-overlay/usr/lib/bench/), kmemleak's
report (rootfs-overlay/init, DEBUG=1) and /init's "BENCH-EXIT=N". Every
host program that reads a console reads it through this module: the
test gate (check, below; scripts/vm.sh test), vm.sh's exit status of a
guest command and bench/'s reports (records).

    guestconsole.py check CONSOLE   judge a guest test run: print the
                                    failures and a summary, exit 1 on
                                    any failure
    guestconsole.py exit CONSOLE    print /init's exit status (the last
                                    BENCH-EXIT); exit 1 if there is none
    guestconsole.py results CONSOLE DIR [KUNIT_PY]
                                    the run as files CI systems read:
                                    DIR/NN-name.ktap and .xml (JUnit)
                                    per guest test, DIR/kunit.ktap and,
                                    given the kernel's kunit.py, its
                                    parse: kunit.json and kunit.xml

check fails on: any "not ok" (but "# TODO", a known bug, see
rootfs-overlay/usr/lib/gpio-suite/ktap.sh), no result at all, a KTAP
document whose results do not match its "1..N" plan (a test that
stopped early or ran checks it did not plan), a guest run that did not
finish (no BENCH-EXIT line) or exited non-zero, any kernel splat, and a
kmemleak report with a leak other than the probe's or without the
probe's. scripts/test-guestconsole.sh is its self-test. A timeout and a
dead daemon are vm.sh's to see (it stops the guest and fails the run
before the console is judged). Debian's python3 (/usr/bin/python3), no
module beyond the standard library.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

# What a kernel prints when something is wrong, whatever the config:
# WARN and BUG (KASAN and "sleeping function called from invalid context"
# print as "BUG: ..."), oopses and panics, hung tasks, lockdep's reports
# (each a "WARNING: <what>" line, listed by name too in case a timestamp
# precedes it), UBSAN, refcount and list debugging. kmemleak's report is
# read apart (kmemleak below). scripts/test-guestconsole.sh feeds one of
# each to check.
SPLAT = re.compile(
    r"------------\[ cut here \]------------|^(\[[ 0-9.]+\] )?WARNING:|"
    r"BUG:|Oops|Kernel panic|Unable to handle kernel|Internal error:|"
    r"INFO: task .* blocked|possible recursive locking|"
    r"possible circular locking|inconsistent lock state|"
    r"possible irq lock inversion|suspicious RCU usage|bad unlock balance|"
    r"held lock freed|lock held when returning to user space|"
    r"sleeping function called from invalid context|KASAN:|UBSAN:|"
    r"general protection fault|refcount_t:|list_(add|del) corruption|"
    r"Call trace:|Backtrace:")

EXIT = "BENCH-EXIT="


def read(path):
    """The console's lines: split on newline only (a stray carriage
    return stays inside its line, as grep and awk saw it), a line's
    trailing carriage return dropped (the serial console's CRLF)."""
    with open(path, "rb") as f:
        data = f.read().decode("utf-8", errors="replace")
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


def records(lines, tag, keys_int=(), strict=True):
    """The "TAG key=value ..." lines as dicts (tokens without "=" left
    out), keys_int converted to int. strict: a line that lacks one of
    keys_int or has a non-number there is left out; else a missing key
    is None (a non-number still raises ValueError)."""
    prefix = tag + " "
    out = []
    for line in lines:
        line = line.strip().replace("\r", "")
        if not line.startswith(prefix):
            continue
        r = dict(t.split("=", 1) for t in line[len(prefix):].split()
                 if "=" in t)
        if strict:
            try:
                r.update((k, int(r[k])) for k in keys_int)
            except (KeyError, ValueError):
                continue
        else:
            r.update((k, int(r[k]) if k in r else None) for k in keys_int)
        out.append(r)
    return out


def exit_status(lines):
    """/init's exit status (the last BENCH-EXIT=N), or None."""
    rc = None
    for line in lines:
        m = re.match(EXIT + r"([0-9]*)", line)
        if m and m.group(1):
            rc = int(m.group(1))
    return rc


class Ktap:
    """Every KTAP result line at any nesting depth, and each document's
    plan against its results. A document starts with "KTAP version 1"
    (or its plan) at some indentation (4 spaces per nesting level) and
    ends where a result line of the level above comes (its own result),
    where another document starts at its level or above, or at the end
    of the log."""

    def __init__(self, lines):
        self.passed = self.failed = self.skipped = 0
        self.todo, self.failures, self.bad_plans = [], [], []
        self.docs = {}      # depth -> [plan, results, name, first line]
        for nr, line in enumerate(lines, 1):
            self.line(nr, line)
        self.close_from(0)

    @staticmethod
    def depth(s):
        return (len(s) - len(s.lstrip(" "))) // 4

    def start(self, d, nr):
        self.close_from(d)
        self.docs[d] = [-1, 0, "top level" if d == 0 else "?", nr]

    def close_from(self, d):
        for k in sorted((k for k in self.docs if k >= d), reverse=True):
            plan, n, name, first = self.docs.pop(k)
            if plan >= 0 and n != plan:
                self.bad_plans.append("%s (line %d): plan 1..%d, %d results"
                                      % (name, first, plan, n))

    def line(self, nr, line):
        d = self.depth(line)
        if re.match(r" *KTAP version", line):
            self.start(d, nr)
            return
        m = re.match(r" *# Subtest: (.*)", line)
        if m:
            if d in self.docs:
                self.docs[d][2] = m.group(1)
            return
        m = re.match(r" *1\.\.([0-9]+)", line)
        if m:
            if d not in self.docs or self.docs[d][1] > 0:
                self.start(d, nr)
            self.docs[d][0] = int(m.group(1))
            return
        if not re.match(r"[ \t]*(ok|not ok) [0-9]+", line):
            return
        self.close_from(d + 1)
        if d in self.docs:
            self.docs[d][1] += 1
        result = line.lstrip(" \t")
        if "# SKIP" in result:
            self.skipped += 1
        elif "# TODO" in result:
            # A check of a known bug (expected to fail): listed, not failed.
            self.todo.append(line)
        elif result.startswith("not ok"):
            self.failed += 1
            self.failures.append(line)
        else:
            self.passed += 1


# kmemleak's first line of an object; a per-CPU one (7.3's report, the
# probe's __alloc_percpu) says so before its address.
LEAK = re.compile(r"unreferenced object (\(\w+\) )?0x")


def kmemleak(lines):
    """kmemleak's report (DEBUG=1; rootfs-overlay/init), object by
    object: (messages, failed). A leak whose backtrace is not the
    probe's (kmemleak-test, which the guest loads to leak on purpose)
    fails; so does a report that misses the probe's leaks, since a check
    that cannot see those cannot see any; an object reported outside the
    guest's report fails too."""
    if not any(LEAK.search(ln) or
               "bench: kmemleak: probe" in ln for ln in lines):
        return [], False
    probe = inrep = False
    obj, mine = None, False
    probed, outside, leaks = 0, 0, []

    def end_obj():
        nonlocal obj, mine, probed
        if obj is None:
            return
        if mine:
            probed += 1
        else:
            leaks.append(obj)
        obj, mine = None, False

    for line in lines:
        if "bench: kmemleak: probe loaded" in line:
            probe = True
        if "bench: kmemleak: scanned, report follows" in line:
            inrep = True
            continue
        if "bench: kmemleak: end of report" in line:
            end_obj()
            inrep = False
            continue
        if LEAK.search(line):
            end_obj()
            if not inrep:
                outside += 1
                continue
            obj = line[line.index("unreferenced"):]
            continue
        if inrep and obj is not None and "kmemleak_test" in line:
            mine = True
    end_obj()
    out = ["FAILED: kmemleak: " + o for o in leaks[:5]]
    if leaks:
        out.append("FAILED: kmemleak: %d leaked objects besides the probe's"
                   % len(leaks))
    if outside:
        out.append("FAILED: kmemleak: objects reported outside the guest's "
                   "report")
    if probe and not probed:
        out.append("FAILED: kmemleak: the probe's deliberate leak was not "
                   "reported: the check is blind")
    if probe and probed and not leaks and not outside:
        out.append("kmemleak: no leak but the probe's %d objects: the check "
                   "sees leaks" % probed)
    return out, bool(leaks or outside or (probe and not probed))


def check(path):
    """Judge a guest test run; the messages and 0 (pass) or 1."""
    lines = read(path)
    k = Ktap(lines)
    out = ["TODO: " + t for t in k.todo]
    out += ["FAILED: " + f for f in k.failures]
    out += ["FAILED: results do not match the plan: " + p
            for p in k.bad_plans]
    out.append("ktap: %d ok, %d not ok, %d skipped, %d todo (all nesting "
               "levels)" % (k.passed, k.failed, k.skipped, len(k.todo)))
    bad = k.failed > 0 or k.passed == 0 or bool(k.bad_plans)
    splats = ["%d:%s" % (nr, ln) for nr, ln in enumerate(lines, 1)
              if SPLAT.search(ln)]
    if splats:
        out.append("FAILED: kernel splat on the console:")
        out += splats[:20]
        bad = True
    msgs, leaked = kmemleak(lines)
    out += msgs
    bad = bad or leaked
    exits = [ln[len(EXIT):] for ln in lines if ln.startswith(EXIT)]
    if not exits:
        out.append("FAILED: the guest suite did not finish (no BENCH-EXIT "
                   "line)")
        bad = True
    elif not any(e.startswith("0") for e in exits):
        out.append("FAILED: the guest suite exited " + "\n".join(exits))
        bad = True
    first = next((nr for nr, ln in enumerate(lines, 1)
                  if "KTAP version" in ln), None)
    if first:
        out.append("ktap: first KTAP line is console line %d" % first)
    out.append("ktap: PASS" if not bad else "ktap: FAIL (console: %s)" % path)
    return out, int(bad)


# --- results: KTAP and JUnit files ---------------------------------------

KTAP_LINE = re.compile(r" *(KTAP version|# |1\.\.[0-9]|ok [0-9]|not ok [0-9])")
INIT = "Run /init as init process"


def split_suite(lines):
    """The guest suite's tests after /init: [(name, lines de-indented,
    result line, seconds or None)], from run-all's document (its
    subtests at one indentation level, each closed by its own result)."""
    start = next((i for i, ln in enumerate(lines) if INIT in ln), 0)
    tests, cur = [], None
    for ln in lines[start:]:
        m = re.match(r"    # Subtest: ([0-9][0-9]-\S+)$", ln)
        if m:
            cur = [m.group(1), ["KTAP version 1"], None, None]
            continue
        if cur is None:
            continue
        m = re.match(r"(not ok|ok) [0-9]+ (\S+)", ln)
        if m and m.group(2) == cur[0]:
            cur[2] = ln
            tests.append(cur)
            cur = None
            continue
        if ln.startswith("    ") and KTAP_LINE.match(ln[4:]):
            if ln.strip() == "KTAP version 1" and len(cur[1]) == 1:
                continue
            t = re.match(r"    # \S+ took ([0-9.]+) s$", ln)
            if t:
                cur[3] = float(t.group(1))
            cur[1].append(ln[4:])
    return tests


def junit(name, ktap, result, seconds):
    """One JUnit <testsuite> of a test's own KTAP document (its top-level
    results; a "# " line before a result is that result's diagnostic)."""
    suite = ET.Element("testsuite", name=name)
    n = fails = skips = 0
    diag = []
    for ln in ktap:
        if ln.startswith("# "):
            diag.append(ln[2:])
            continue
        m = re.match(r"(not ok|ok) [0-9]+ (.*?)(?: # (SKIP|TODO)\b ?(.*))?$", ln)
        if not m:
            continue
        n += 1
        case = ET.SubElement(suite, "testcase", classname=name,
                             name=m.group(2))
        if m.group(3) == "SKIP":
            skips += 1
            ET.SubElement(case, "skipped", message=m.group(4) or "skipped")
        elif m.group(3) == "TODO":
            # a known bug (ktap.sh): expected to fail, neither pass nor fail
            skips += 1
            ET.SubElement(case, "skipped", message="known bug (KTAP TODO, %s)"
                          % ("now passes" if m.group(1) == "ok" else "fails")
                          + (": " + m.group(4) if m.group(4) else ""))
        elif m.group(1) == "not ok":
            fails += 1
            f = ET.SubElement(case, "failure", message=m.group(2))
            f.text = "\n".join(diag)
        diag = []
    if result.startswith("not ok") and not fails:
        # the test file itself failed (its exit status) with no failed check
        fails += 1
        case = ET.SubElement(suite, "testcase", classname=name, name=name)
        ET.SubElement(case, "failure", message=result)
        n += 1
    suite.set("tests", str(n))
    suite.set("failures", str(fails))
    suite.set("errors", "0")
    suite.set("skipped", str(skips))
    if seconds is not None:
        suite.set("time", "%.1f" % seconds)
    return suite


def kunit_junit(js):
    """kunit.py parse's JSON (KernelCI's form) as JUnit: a suite per
    group, a case per test case."""
    root = ET.Element("testsuites", name="kunit")
    for g in js.get("sub_groups", []):
        suite = ET.SubElement(root, "testsuite", name=g["name"])
        n = fails = skips = 0
        for c in g.get("test_cases", []):
            n += 1
            case = ET.SubElement(suite, "testcase", classname=g["name"],
                                 name=c["name"])
            if c["status"] == "SKIP":
                skips += 1
                ET.SubElement(case, "skipped", message="skipped")
            elif c["status"] != "PASS":
                fails += 1
                ET.SubElement(case, "failure", message=c["status"])
        suite.set("tests", str(n))
        suite.set("failures", str(fails))
        suite.set("skipped", str(skips))
    return root


def write_xml(path, el):
    ET.indent(el)
    ET.ElementTree(el).write(path, encoding="utf-8", xml_declaration=True)


def results(console, out, kunit_py=None):
    """Write the files; messages on what was written."""
    lines = read(console)
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith((".ktap", ".xml", ".json")):
            os.unlink(os.path.join(out, f))
    msgs = []
    end = next((i for i, ln in enumerate(lines) if INIT in ln), len(lines))
    kt = [ln for ln in lines[:end] if KTAP_LINE.match(ln)]
    if any(ln.startswith("KTAP version") for ln in kt):
        path = os.path.join(out, "kunit.ktap")
        with open(path, "w") as f:
            f.write("\n".join(kt) + "\n")
        if kunit_py and os.path.exists(kunit_py):
            js = os.path.join(out, "kunit.json")
            r = subprocess.run([sys.executable, kunit_py, "parse",
                                "--json=" + js, os.path.abspath(path)],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
            if r.returncode == 0 and os.path.exists(js):
                with open(js) as f:
                    write_xml(os.path.join(out, "kunit.xml"),
                              kunit_junit(json.load(f)))
                msgs.append("results: KUnit: kunit.ktap, kunit.json "
                            "(kunit.py parse), kunit.xml")
            else:
                msgs.append("results: kunit.py parse failed: %s" %
                            r.stderr.strip()[-200:])
        else:
            msgs.append("results: KUnit: kunit.ktap (no kunit.py given)")
    tests = split_suite(lines)
    for name, ktap, result, secs in tests:
        with open(os.path.join(out, name + ".ktap"), "w") as f:
            f.write("\n".join(ktap + ["# " + result]) + "\n")
        write_xml(os.path.join(out, name + ".xml"),
                  junit(name, ktap, result, secs))
    msgs.append("results: %d guest tests, a .ktap and a JUnit .xml each, "
                "in %s" % (len(tests), out))
    return msgs


def main(argv):
    ap = argparse.ArgumentParser(
        prog="guestconsole.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("check", "exit", "results"),
                    help="check: the test gate; exit: a guest command's "
                    "exit status; results: KTAP and JUnit files")
    ap.add_argument("console", metavar="CONSOLE")
    ap.add_argument("dir", metavar="DIR", nargs="?",
                    help="results: where the files go")
    ap.add_argument("kunit_py", metavar="KUNIT_PY", nargs="?",
                    help="results: the kernel's tools/testing/kunit/"
                    "kunit.py")
    a = ap.parse_args(argv[1:])
    if a.mode == "results":
        if not a.dir:
            ap.error("results wants DIR")
        try:
            print("\n".join(results(a.console, a.dir, a.kunit_py)))
        except OSError as e:
            sys.exit("guestconsole: %s" % e)
        return 0
    argv = [argv[0], a.mode, a.console]
    try:
        if argv[1] == "exit":
            rc = exit_status(read(argv[2]))
            if rc is None:
                return 1
            print(rc)
            return 0
        out, rc = check(argv[2])
    except OSError as e:
        sys.exit("guestconsole: %s" % e)
    print("\n".join(out))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
