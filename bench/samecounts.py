#!/usr/bin/python3
"""Two bench runs of the same selection, record by record: the counts
must be equal (counts are exact and deterministic; times are not read).

    samecounts.py A_DIR B_DIR [--missing-from SHARD_DIR]

A_DIR and B_DIR hold a run's console.log (bench-shards.sh's merged one,
or one shard's). Every counted record of B must be in A with the same
counts, and every record of A in B, except those of SHARD_DIR's
console.log when given: a shard that failed in B on purpose
(scripts/test-slurm.sh), whose records must then all be missing from B.
Exit 0 when so; else 1, each difference printed.

A record is a BENCH, IRQE, IRQ, MIN, SPI or STUB line: named by its key
fields (and its place among the records of the same name: run-irq-edges
drives each edge twice), compared on its count fields.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "scripts"))
import guestconsole  # noqa: E402

# tag: (key fields, count fields); a field a line lacks is None.
FIELDS = {
    "BENCH": (("kind", "hz", "part", "path", "op", "lines", "chips", "n"),
              ("tx", "bytes", "segs", "bus_ns", "gtx", "gbytes", "gsegs",
               "glost")),
    "IRQE": (("part", "req", "bus", "step"),
             ("events", "edges", "tx", "bytes", "irqs")),
    "IRQ": (("hz", "part", "req", "step"), ("events", "tx", "bytes", "irqs")),
    "MIN": (("hz", "part", "drv", "nlines", "op", "path"),
            ("tx", "bytes", "segs", "bus_ns")),
    "SPI": (("hz", "part", "drv", "bus", "path", "op", "lines", "chips",
             "n"), ("tx", "bytes", "segs", "bus_ns")),
    "STUB": (("part",), ("probe", "bound", "probe_smbus_calls",
                         "inputs_read")),
}


def counted(console):
    """{(tag, key..., ordinal): counts} of a console log."""
    lines = guestconsole.read(console)
    out, seen = {}, collections.Counter()
    for tag, (keys, counts) in FIELDS.items():
        for r in guestconsole.records(lines, tag):
            k = (tag,) + tuple(r.get(f) for f in keys)
            seen[k] += 1
            out[k + (seen[k],)] = tuple(r.get(f) for f in counts)
    return out


def name(k):
    tag = k[0]
    keys = FIELDS[tag][0]
    return "%s %s #%d" % (tag, " ".join("%s=%s" % (f, v) for f, v in zip(
        keys, k[1:-1]) if v is not None), k[-1])


def compare(a_dir, b_dir, missing_dir=None):
    """The differences, one line each (empty: the same counts)."""
    a = counted(os.path.join(a_dir, "console.log"))
    b = counted(os.path.join(b_dir, "console.log"))
    gone = counted(os.path.join(missing_dir, "console.log")) \
        if missing_dir else {}
    out = []
    if not a:
        out.append("%s: no counted record at all" % a_dir)
    for k in sorted(set(a) | set(b), key=str):
        if k in gone:
            if k in b:
                out.append("%s: in B, but its shard failed" % name(k))
        elif k not in b:
            out.append("%s: in A only" % name(k))
        elif k not in a:
            out.append("%s: in B only" % name(k))
        elif a[k] != b[k]:
            out.append("%s: counts %s in A, %s in B (%s)" % (
                name(k), a[k], b[k], ", ".join(FIELDS[k[0]][1])))
    return out, len(a), len(b), len(gone)


def main(argv):
    if len(argv) > 1 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    missing = None
    if len(argv) == 5 and argv[3] == "--missing-from":
        missing = argv[4]
    elif len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        diffs, na, nb, ng = compare(argv[1], argv[2], missing)
    except OSError as e:
        print("samecounts: %s" % e, file=sys.stderr)
        return 2
    for d in diffs:
        print("samecounts: " + d)
    print("samecounts: %d records in A, %d in B, %d of a failed shard: %s"
          % (na, nb, ng, "differ" if diffs else "the same counts"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
