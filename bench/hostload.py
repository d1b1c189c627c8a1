"""The daemon's own cost, measured on the host without QEMU: the section
of report.md made from expander-models/load/run.sh's results (one
`result key=value ...` line per run; expander-models/load/README.md)."""

import os
import statistics


def read(path):
    rows = []
    with open(path) as f:
        for line in f:
            if not line.startswith("result "):
                continue
            r = dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)
            for k, v in list(r.items()):
                try:
                    r[k] = int(v)
                except ValueError:
                    pass
            rows.append(r)
    return rows


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def f1(v, spec="{:.1f}"):
    return "–" if v is None else spec.format(v)


def table(head, rows, labels=4):
    """Markdown; the first labels columns left-aligned, numbers right."""
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" if i < labels else "---:"
                          for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return out


def group(rows, tag, **keys):
    return [r for r in rows if r.get("tag") == tag and "skipped" not in r
            and all(r.get(k) == v for k, v in keys.items())]


def cpu_us(rs):
    return med([r["cpu_ns"] / r["tx"] / 1000 for r in rs if r.get("tx")])


def ir_tx(rs):
    return med([r["ir_diff"] / r["ir_tx"] for r in rs if r.get("ir_tx")])


def section(out_dir, out):
    """Append the section to out if out_dir has hostload.txt."""
    path = os.path.join(out_dir, "hostload.txt")
    if not os.path.exists(path):
        return
    rows = read(path)
    daemons = [d for d in ("new", "base")
               if any(r.get("daemon") == d for r in rows)]
    floor = cpu_us([r for r in rows if r.get("tag") == "floor"])
    pfloor = cpu_us([r for r in rows if r.get("tag") == "floor-paced"])
    out += ["## Daemon cost on the host: load driver, no QEMU", "",
            "`expander-models/load/loadgen` connects to the daemon as QEMU "
            "does (memfd guest memory, rings, kick and call eventfds) and "
            "replays the bench's per-line and block request mixes "
            "(`load/mixes/`) on every bus of a generated board, checking "
            "every reply. Serial: one transaction in flight on the whole "
            "board, bus after bus, as a guest doing one operation at a "
            "time puts them. Instructions: callgrind, deterministic to a "
            "few hundred in millions, so counted once per daemon binary, "
            "board and mix (kept under their hash, "
            "`expander-models/load/run.sh`). CPU: "
            "the daemon's user + system time (control `cpu`), median of "
            "three runs. `base` is the daemon of %s, run in this same "
            "run." % ("the revision given as BASE_REV" if "base" in daemons
                      else "(none: no BASE_REV)"), ""]
    head = ["buses", "chips", "mix", "log"]
    for d in daemons:
        head += ["instr/tx %s" % d, "CPU µs/tx %s" % d]
    body = []
    cells = sorted({(r["buses"], r["chips"], r["mix"], r["log"])
                    for r in rows if r.get("tag") == "cell"},
                   key=lambda k: (k[0], k[1], k[2], -k[3]))
    for b, c, m, lg in cells:
        line = [b, c, m.replace("pca9555-", ""), "on" if lg else "off"]
        for d in daemons:
            rs = group(rows, "cell", buses=b, chips=c, mix=m, log=lg,
                       daemon=d)
            line += [f1(ir_tx(rs), "{:.0f}"), f1(cpu_us(rs), "{:.2f}")]
        body.append(line)
    out += table(head, body) + [""]

    # Flat in the number of buses: one chip a bus, 1 -> 8 -> 64.
    flat = []
    for m in ("pca9555-line", "pca9555-block"):
        for lg in (1, 0):
            for d in daemons:
                v = {b: (ir_tx(group(rows, "cell", buses=b, chips=b, mix=m,
                                     log=lg, daemon=d)),
                         cpu_us(group(rows, "cell", buses=b, chips=b,
                                      mix=m, log=lg, daemon=d)))
                     for b in (1, 8, 64)}
                if v[1][0] is None:
                    continue
                line = [m.replace("pca9555-", ""), "on" if lg else "off", d]
                for b in (8, 64):
                    line += [f1(v[b][0] / v[1][0] if v[b][0] else None,
                                "{:.3f}"),
                             f1(v[b][1] / v[1][1] if v[b][1] else None,
                                "{:.2f}")]
                flat.append(line)
    out += ["Per transaction against 1 bus, one chip a bus (flat: 1.0; "
            "`–`: the daemon serves no more than 32 buses):", ""]
    out += table(["mix", "log", "daemon", "instr 8/1", "CPU 8/1",
                  "instr 64/1", "CPU 64/1"], flat, 3) + [""]

    sat = []
    for b in (1, 8):
        for m in ("pca9555-line", "pca9555-block"):
            line = [b, m.replace("pca9555-", "")]
            for d in daemons:
                rs = group(rows, "saturation", buses=b, mix=m, daemon=d)
                line += [f1(med([r["tx"] * 1e9 / r["wall_ns"] for r in rs]),
                            "{:.0f}"), f1(cpu_us(rs), "{:.2f}")]
            sat.append(line)
    head = ["buses", "mix"]
    for d in daemons:
        head += ["tx/s %s" % d, "CPU µs/tx %s" % d]
    out += ["Saturation: every bus with one transfer in flight at all "
            "times (as i2c-virtio allows), unpaced, log on, 40 chips; "
            "transactions per second of wall time (median of three):", ""]
    out += table(head, sat, 2) + [""]

    pace = []
    for d in daemons:
        rs = group(rows, "pacing", daemon=d)
        if rs:
            pace.append([d, f1(med([r["late_p50_ns"] / 1000 for r in rs])),
                         f1(med([r["late_p99_ns"] / 1000 for r in rs])),
                         f1(cpu_us(rs), "{:.2f}")])
    out += ["Pacing at 1 MHz (`--paced`, one bus, per-line mix): a "
            "transaction's completion as the driver sees it, minus its "
            "submission plus its bus time (median of three runs' "
            "figures):", ""]
    out += ["| daemon | median µs late | p99 µs late | CPU µs/tx |",
            "|---|---:|---:|---:|"]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in pace]
    out += ["", "Floors on this machine now (`loadgen floor`, median of "
            "three): a process that only waits in epoll for a kick eventfd "
            "and writes a call eventfd costs %s µs of CPU per round trip, "
            "the least any daemon that wakes once per transaction can "
            "cost; holding each completion 29 µs on a timerfd in between "
            "(what pacing does) makes it %s µs." % (
                f1(floor, "{:.2f}"), f1(pfloor, "{:.2f}")), ""]
