"""Why a bench cell changes on the wire between two kernels: the known
causes of bench/causes.tsv, one row per change (a mainline commit or a
patch of ours) and the cells it can change.

A row applies to a comparison when its change is in one side's kernel and
not in the other's: a mainline row by release (`releases`: from that
release on, or `X..Y` from X until Y fixed or undid it), a row of ours by
the patch files of each side's series. A changed cell is explained by
every applying row that matches it (driver or part, path, operation);
compare.py lists a changed cell that no row explains as unexplained.
Nothing here knows a commit or a driver: the table is the data.
"""
import fnmatch
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The package catalogue/ from the repository's top: its table reader.
sys.path.insert(0, os.path.join(HERE, ".."))
from catalogue import core  # noqa: E402

PATH = os.path.join(HERE, "causes.tsv")
PATCHES = os.path.join(HERE, "..", "patches")
COLUMNS = ["cause", "kind", "releases", "parts", "paths", "ops", "subject",
           "effect"]
KINDS = ("mainline", "ours")
MAINLINE_ID = re.compile(r"^[0-9a-f]{12}$")
RELEASES = re.compile(r"^(\d+\.\d+)(?:\.\.(\d+\.\d+))?$")


class CausesError(Exception):
    pass


def version(s):
    """'6.12' or uname's '6.12.118+' -> (6, 12)."""
    m = re.match(r"^(\d+)\.(\d+)", s)
    if not m:
        raise CausesError("%r is no kernel release" % s)
    return (int(m.group(1)), int(m.group(2)))


def patch_subject(path):
    """The Subject: of a patch file, folded, without [PATCH ...]."""
    subject, inside = None, False
    with open(path) as f:
        for line in f:
            if line.startswith("Subject: "):
                subject, inside = line[len("Subject: "):].rstrip("\n"), True
            elif inside and line.startswith((" ", "\t")):
                subject += " " + line.strip()
            elif inside:
                break
    if subject is None:
        raise CausesError("%s: no Subject:" % path)
    return re.sub(r"^\[PATCH[^]]*\]\s*", "", subject)


def load(path=PATH, patches=PATCHES):
    """The rows, each a dict of COLUMNS plus `since`, `until` (mainline)
    and `files` (ours: the patch's files under patches/, alternatives of
    one change on different kernels separated by '|')."""
    rows = []
    head, table = core.read_tsv(path, CausesError)
    if head != COLUMNS:
        raise CausesError("%s: columns %s, want %s" % (path, head, COLUMNS))
    for no, cells in table:
        r = dict(zip(head, cells))
        where = "%s:%d" % (path, no)
        if r["kind"] not in KINDS:
            raise CausesError("%s: kind %r: want %s" % (
                where, r["kind"], " or ".join(KINDS)))
        if r["kind"] == "mainline":
            if not MAINLINE_ID.match(r["cause"]):
                raise CausesError("%s: %r is no 12-character commit id"
                                  % (where, r["cause"]))
            m = RELEASES.match(r["releases"])
            if not m:
                raise CausesError("%s: releases %r: want X.Y or X.Y..Z.W"
                                  % (where, r["releases"]))
            r["since"] = version(m.group(1))
            r["until"] = version(m.group(2)) if m.group(2) else None
        else:
            if r["releases"] != "-":
                raise CausesError("%s: a patch of ours has no releases "
                                  "(-), it goes by the series" % where)
            r["files"] = r["cause"].split("|")
            for p in r["files"]:
                full = os.path.join(patches, p)
                if not os.path.isfile(full):
                    raise CausesError("%s: no patches/%s" % (where, p))
                if patch_subject(full) != r["subject"]:
                    raise CausesError("%s: subject %r, patches/%s says %r"
                                      % (where, r["subject"], p,
                                         patch_subject(full)))
        for col in ("parts", "paths", "ops"):
            r[col] = r[col].split(",")
        rows.append(r)
    return rows


def present(row, side):
    """Is the row's change in this side's kernel? side: {"kernel": '7.3',
    "series": set of patch paths relative to patches/}."""
    if row["kind"] == "mainline":
        v = version(side["kernel"])
        return v >= row["since"] and (row["until"] is None or
                                      v < row["until"])
    return any(p in side["series"] for p in row["files"])


def applying(rows, a, b):
    """The rows whose change one side has and the other has not, each with
    `side`: 'A' or 'B', the side that has it."""
    out = []
    for r in rows:
        pa, pb = present(r, a), present(r, b)
        if pa != pb:
            out.append(dict(r, side="A" if pa else "B"))
    return out


def matches(row, cell, driver):
    """Does the row name this cell? driver: the cell part's driver (None
    when the catalogue has no such part)."""
    def any_of(pats, value):
        return value is not None and any(fnmatch.fnmatchcase(value, p)
                                         for p in pats)
    return ((any_of(row["parts"], cell["part"]) or
             any_of(row["parts"], driver)) and
            any_of(row["paths"], cell["path"]) and
            any_of(row["ops"], cell["op"]))


def label(row):
    """How the report names a cause."""
    if row["kind"] == "mainline":
        rel = "v%d.%d" % row["since"]
        if row["until"]:
            rel += " until v%d.%d" % row["until"]
        return '%s ("%s", %s)' % (row["cause"], row["subject"], rel)
    return 'ours: patches/%s ("%s")' % (" | patches/".join(row["files"]),
                                        row["subject"])


def read_series(path, patches=PATCHES):
    """A side's series ($C/SIDE/patches/series) as paths relative to
    patches/: compare.sh links each entry to its file (a user's patches as
    user-NAME), the kernels' compare lists them as the kernel's series
    does."""
    top = os.path.realpath(patches)
    out = set()
    base = os.path.dirname(path)
    with open(path) as f:
        for line in f:
            p = line.strip()
            if not p or p.startswith("#"):
                continue
            link = os.path.join(base, p)
            if os.path.lexists(link):
                real = os.path.realpath(link)
                if real.startswith(top + os.sep):
                    p = os.path.relpath(real, top)
            out.add(p)
    return out
