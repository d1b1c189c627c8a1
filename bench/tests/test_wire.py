#!/usr/bin/python3
"""bench/wire.py against sigrok's own I2C decoder: a bus log of every kind
of transaction the models log (writes, a write then a repeated-START read,
a quick command, an address NACK, a data NACK, multi-byte reads, three
bus speeds, a stretched transaction) becomes SCL/SDA in a VCD, and
`sigrok-cli -P i2c` must find exactly the transactions, addresses, R/W,
ACK/NACK and bytes of the log. Also: pin changes sit on the falling SCL
edge of the ACK that latched them, and a stretch moves what follows.
Run by `make test-host`; sigrok-cli comes from `make deps`.
Ends with "N passed, N failed" like the other host tests.
"""
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tap import check  # noqa: E402
import tap  # noqa: E402
import buslog  # noqa: E402
import wire  # noqa: E402

# (hz, segs, stretch_ns): what the log would say.
TXS = [
    (100000, "20:W:0206:ack", 0),                 # pca9555 output port 0
    (100000, "20:W:00:ack,20:R:ff:ack", 0),        # regmap read, Sr
    (100000, "20:W:02:ack,20:R:ff3c:ack", 0),      # register pair read
    (100000, "22:R:a5:ack", 0),                    # pcf8574 read
    (100000, "21:W::nack", 0),                     # address NACK
    (100000, "20:W::ack", 0),                      # quick command
    (400000, "20:W:08:dnack", 0),                  # data NACK
    (400000, "38:W:ff00:ack", 0),                  # pcf8575 write
    (400000, "20:W:0255:ack", 250000),             # held bus: stretched
    (1000000, "68:R:0102030405:ack", 0),           # long read
    (1000000, "20:W:03:ack,20:R:00:ack", 0),
]


def make_log(path):
    """A log as expander-models writes it, with one P record per write
    of port 0 at the ACK of the data byte (LOG-FORMAT.md)."""
    now, hz, pins = 0, None, []
    with open(path, "w") as f:
        f.write("# expander-models log v1\n")
        for seq, (h, segs, stretch) in enumerate(TXS, 1):
            if h != hz:
                f.write("B bus=i2c31 slot=31 hz=%d\n" % h)
                hz = h
            parsed = wire.parse_segs(segs)
            nbytes = sum(1 + len(d) for _, _, d, _ in parsed)
            dur = wire.i2c_clocks(parsed) * 1000000000 // h
            f.write("T bus=i2c31 seq=%d start_ns=%d end_ns=%d dur_ns=%d "
                    "wall_ns=1 bytes=%d status=%s segs=%s%s\n" % (
                        seq, now, now + dur, dur, nbytes,
                        "ok" if segs.endswith(":ack") else "nack", segs,
                        " stretch_ns=%d" % stretch if stretch else ""))
            addr, read, data, ack = parsed[0]
            if not read and len(data) == 2 and data[0] == 2 and ack == "ack":
                t = now + (1 + 9 * 3) * 1000000000 // h
                f.write("P chip=pca9555@20 bus=i2c31 pin=0 old=%d new=%d "
                        "bus_ns=%d clk=i2c31 wall_ns=1\n" % (
                            1 - (data[1] & 1), data[1] & 1, t))
                pins.append(t)
            now += dur
    return pins


def expected(segs):
    """What sigrok's i2c decoder prints for one transaction."""
    out = []
    for n, (addr, read, data, ack) in enumerate(wire.parse_segs(segs)):
        out += ["Start repeat" if n else "Start", "Read" if read else "Write",
                "Address %s: %02X" % ("read" if read else "write", addr),
                "NACK" if ack == "nack" else "ACK"]
        for i, v in enumerate(data):
            out.append("Data %s: %02X" % ("read" if read else "write", v))
            last = i == len(data) - 1
            nack = last and (read or ack == "dnack")
            out.append("NACK" if nack else "ACK")
    return out + ["Stop"]


def sigrok(vcd, scl, sda):
    r = subprocess.run(["sigrok-cli", "-i", vcd, "-I", "vcd", "-P",
                        "i2c:scl=%s:sda=%s" % (scl, sda), "-A",
                        "i2c=addr-data"], capture_output=True, text=True,
                       timeout=120)
    if r.returncode:
        raise RuntimeError("sigrok-cli failed: " + r.stderr)
    return [ln.split(": ", 1)[1] for ln in r.stdout.splitlines()
            if ln.startswith("i2c-1: ")]


def vcd_changes(path):
    """{wire name: [(t, level)]} of a VCD with 1-bit wires."""
    names, out, t, initial = {}, {}, 0, False
    with open(path) as f:
        for line in f:
            p = line.split()
            if p[:1] in (["$dumpvars"], ["$end"]):
                initial = p[0] == "$dumpvars"   # levels, not changes
            elif initial:
                continue
            elif p[:2] == ["$var", "wire"]:
                names[p[3]] = p[4]
                out[p[4]] = []
            elif line.startswith("#"):
                t = int(line[1:])
            elif line[:1] in "01xz" and line[1:].strip() in names:
                out[names[line[1:].strip()]].append((t, line[0]))
    return out


def main():
    if not shutil.which("sigrok-cli"):
        sys.exit("test_wire: sigrok-cli is missing (make deps installs it)")
    d = tempfile.mkdtemp(prefix="test_wire.")
    try:
        log = os.path.join(d, "bus.log")
        pins = make_log(log)
        buses, _ = buslog.read(log)
        b = buses["i2c31"]
        vcd = buslog.Vcd("test_wire", 1)
        tl = wire.add_bus(vcd, "t", "t_i2c31",
                          wire.bus_txs(b, 0, len(b.tx)), 0)
        for ns in pins:
            vcd.change(tl(ns), vcd.wire("t", "t_p0", "x"), "1")
        path = os.path.join(d, "t.vcd")
        vcd.write(path)

        got = sigrok(path, "t_i2c31_scl", "t_i2c31_sda")
        want = [a for _, segs, _ in TXS for a in expected(segs)]
        check("sigrok decodes %d transactions as logged" % len(TXS),
              got == want, "\n  got  %s\n  want %s" % (got, want))
        check("one Start per transaction, one Stop each",
              got.count("Start") == got.count("Stop") == len(TXS))

        ch = vcd_changes(path)
        scl = ch["t_i2c31_scl"]
        falls = {t for t, v in scl if v == "0"}
        rises = [t for t, v in scl if v == "1"]
        check("every pin change on a falling SCL edge (its ACK clock)",
              pins and all(tl(ns) in falls for ns in pins),
              "%s" % [tl(ns) for ns in pins])
        nbytes = sum(1 + len(d) for _, s, _ in TXS
                     for _, _, d, _ in wire.parse_segs(s))
        nsegs = sum(len(s.split(",")) for _, s, _ in TXS)
        # 9 per byte, 1 per repeated START, 1 per STOP, 1 closing sample
        check("SCL rises once per bit, repeated START and STOP",
              len(rises) == 9 * nbytes + nsegs + 1,
              "%d rises, want %d" % (len(rises), 9 * nbytes + nsegs + 1))

        k = [i for i, t in enumerate(TXS) if t[2]][0]
        start, end = b.tx[k][0], b.tx[k][1]
        stretch = TXS[k][2]
        nxt = b.tx[k + 1][0]
        check("a stretch moves the next transaction by its length",
              tl(nxt) == nxt + stretch and tl(start) == start)
        low = [t for t, v in scl if start <= t <= end + stretch]
        last_fall = max(t for t, v in scl if v == "0" and t <= end + stretch)
        first_rise_after = min(t for t, v in scl if v == "1" and
                               t > last_fall)
        check("SCL held low for the stretch before the STOP",
              low and first_rise_after - last_fall >= stretch,
              "%d" % (first_rise_after - last_fall))
        sda = ch["t_i2c31_sda"]
        check("SDA ends high (bus idle), SCL too",
              sda[-1][1] == "1" and scl[-1][1] == "1")
    finally:
        shutil.rmtree(d)
    return tap.summary()


if __name__ == "__main__":
    sys.exit(main())
