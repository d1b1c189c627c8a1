#!/usr/bin/env python3
"""check-includes.py [ROOT]: no dependency cycles in the host code.

C, expander-models/src: a module is a .c and the .h of the same path
(buses/bus.c, buses/bus.h). Module A depends on B when A includes B's
header, and also when A includes a header that declares a function or
object that B defines: a declaration away from its definition hides a
dependency that the includes alone do not show (a registry declaring
the tables its families define, a loader header declaring another
file's functions). Checked:

  cycles   no two modules depend on each other, directly or not;
  layers   src/ has a folder per layer (expander-models/README.md,
           "Architecture"), LAYERS below from the bottom up; a module
           depends on its own folder and the ones below it only.

Python, bench/: a module imports another (import, from ... import,
anywhere in the file, functions included); no cycle.

Prints one "ok - ..." or "not ok - ..." line per check and, last,
"N passed, N failed" (expander-models/tests/run.sh adds it up with the
host tests); exits 1 if a check fails.
"""
import argparse
import ast
import os
import re
import sys

LAYERS = ["buses", "models", "board", "transport", "control", "daemon"]

if __name__ == "__main__":
    _ap = argparse.ArgumentParser(
        prog="check-includes.py", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _ap.add_argument("root", metavar="ROOT", nargs="?",
                     default=os.path.join(os.path.dirname(__file__), ".."),
                     help="the repository (default: this one)")
    ROOT = os.path.abspath(_ap.parse_args().root)
else:
    ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SRC = os.path.join(ROOT, "expander-models", "src")
BENCH = os.path.join(ROOT, "bench")


def strip_c(text):
    """The code alone: comments, strings, character constants and
    preprocessor lines blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    # Preprocessor lines, continuations included.
    return re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", code, flags=re.M)


def top_level(code):
    """The file's top-level pieces: (text, how it ended: ';' or '{')."""
    pieces, depth, start = [], 0, 0
    for i, c in enumerate(code):
        if c == "{":
            if depth == 0:
                pieces.append((code[start:i], "{"))
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                start = i + 1
        elif c == ";" and depth == 0:
            pieces.append((code[start:i], ";"))
            start = i + 1
    return pieces


STORAGE = re.compile(r"^\s*(static|typedef|extern)\b")
FUNC = re.compile(r"\b([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*"
                  r"(?:__attribute__\s*\(\(.*\)\))?\s*$", re.S)
OBJ = re.compile(r"\b([A-Za-z_]\w*)\s*(?:\[[^\]]*\])*\s*(?:=.*)?$", re.S)


def defined(code):
    """Names of functions and objects a .c file defines for others."""
    names = set()
    for text, end in top_level(code):
        if not text.strip() or STORAGE.match(text):
            continue
        m = FUNC.search(text)
        if end == "{" and m and "=" not in text:
            names.add(m.group(1))
            continue
        if "=" in text or end == ";":
            head = text.split("=")[0]
            if re.match(r"^\s*(struct|union|enum)\s+\w+\s*$", head):
                continue	# a type, not an object
            m = OBJ.search(head)
            if m and "(" not in head:
                names.add(m.group(1))
    return names


def declared(code):
    """Names a header declares: prototypes and extern objects."""
    names = set()
    for text, end in top_level(code):
        if end != ";" or re.match(r"^\s*typedef\b", text):
            continue
        m = FUNC.search(text)
        if m and "(*" not in text.replace(" ", ""):
            names.add(m.group(1))
        elif re.match(r"^\s*extern\b", text):
            m = OBJ.search(text)
            if m:
                names.add(m.group(1))
    return names


def c_modules():
    files = {}
    for d, _, fs in os.walk(SRC):
        for f in fs:
            if f.endswith((".c", ".h")):
                p = os.path.join(d, f)
                files[os.path.relpath(p, SRC)] = open(p).read()
    mod = {f: f[:-2] for f in files}
    owner = {}	# name -> module that defines it
    for f, text in files.items():
        if f.endswith(".c"):
            for name in defined(strip_c(text)):
                owner[name] = mod[f]
    decl = {f: declared(strip_c(t)) for f, t in files.items()
            if f.endswith(".h")}
    deps = {m: {} for m in mod.values()}	# module -> {dep: why}
    for f, text in files.items():
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            h = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if h not in files:
                h = os.path.normpath(inc)
            if h not in files:
                continue	# not ours
            why = "%s includes %s" % (f, h)
            if mod[h] != mod[f]:
                deps[mod[f]].setdefault(mod[h], why)
            for name in decl[h]:
                o = owner.get(name)
                if o and o != mod[f] and o != mod[h]:
                    deps[mod[f]].setdefault(
                        o, "%s, which declares %s, defined in %s"
                        % (why, name, o))
    return deps


def py_modules():
    deps = {}
    mods = {f[:-3]: os.path.join(BENCH, f) for f in os.listdir(BENCH)
            if f.endswith(".py")}
    for m, path in mods.items():
        deps[m] = {}
        tree = ast.parse(open(path).read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            else:
                continue
            for n in names:
                if n in mods and n != m:
                    deps[m].setdefault(n, "bench/%s.py line %d imports %s"
                                       % (m, node.lineno, n))
    return deps


def cycles(deps):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(deps.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(deps):
        if v not in index:
            visit(v)
    return out


def explain(deps, comp):
    """One cycle through comp, edge by edge, with why."""
    inside = set(comp)
    path, seen, v = [comp[0]], {comp[0]}, comp[0]
    while True:
        nxt = sorted(w for w in deps[v] if w in inside)
        back = [w for w in nxt if w == comp[0]]
        w = back[0] if back and len(path) > 1 else next(
            (x for x in nxt if x not in seen), nxt[0])
        print("    %s -> %s: %s" % (v, w, deps[v][w]))
        if w in seen:
            return
        path.append(w)
        seen.add(w)
        v = w


def main():
    passed = failed = 0

    def result(ok, what):
        nonlocal passed, failed
        print("%s - %s" % ("ok" if ok else "not ok", what))
        if ok:
            passed += 1
        else:
            failed += 1

    c = c_modules()
    found = cycles(c)
    result(not found, "no dependency cycle among the %d modules of "
           "expander-models/src" % len(c))
    for comp in found:
        print("  cycle: %s" % " ".join(comp))
        explain(c, comp)

    bad = []
    for m, ds in sorted(c.items()):
        layer = m.split("/")[0]
        for d, why in sorted(ds.items()):
            dl = d.split("/")[0]
            if layer not in LAYERS or dl not in LAYERS:
                bad.append("%s or %s is in no layer (%s)" % (m, d,
                                                            " ".join(LAYERS)))
            elif LAYERS.index(dl) > LAYERS.index(layer):
                bad.append("%s (%s) uses %s (%s): %s" % (m, layer, d, dl,
                                                         why))
    result(not bad, "expander-models/src: each layer uses only the "
           "layers below it (%s, from the bottom)" % ", ".join(LAYERS))
    for b in bad:
        print("  " + b)

    py = py_modules()
    found = cycles(py)
    result(not found, "no import cycle among the %d modules of bench/"
           % len(py))
    for comp in found:
        print("  cycle: %s" % " ".join(comp))
        explain(py, comp)

    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
