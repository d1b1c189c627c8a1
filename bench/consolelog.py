"""The bench's console log (DIR/console.log of a run): the "BENCH key=value
..." line of every cell that run-bench and gpiobench printed in the guest,
"STUB" and "PAIR" lines, "# bench:" stage times. report.py and wire.py
read it from here.
"""


def parse(console):
    """(cells, stubs, stages, pairs) of a console log."""
    cells, stubs, stages, pairs = [], [], [], []
    with open(console, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("# bench:") and " in " in line:
                stages.append(line[len("# bench: "):])
            if line.startswith("STUB "):
                stubs.append(dict(t.split("=", 1) for t in line.split()[1:]
                                  if "=" in t))
            if line.startswith("PAIR "):
                kv = dict(t.split("=", 1) for t in line.split()[1:]
                          if "=" in t)
                p = {k: kv[k] for k in ("part", "path", "path2", "op")}
                for k in ("hz", "lines", "n", "min_ns", "med_ns", "p95_ns",
                          "b_min_ns", "b_med_ns", "b_p95_ns"):
                    p[k] = int(kv[k])
                pairs.append(p)
                continue
            if not line.startswith("BENCH "):
                continue
            kv = dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)
            c = {k: kv.get(k, "") for k in ("kind", "part", "path", "op")}
            c["win"] = kv.get("win", "")
            for k in ("hz", "lines", "chips", "n", "tx", "bytes", "segs",
                      "bus_ns", "cpu_ns", "cpu_tx", "gtx", "gbytes", "gsegs",
                      "glost", "min_ns", "med_ns", "p95_ns"):
                c[k] = int(kv[k]) if k in kv else None
            cells.append(c)
    return cells, stubs, stages, pairs
