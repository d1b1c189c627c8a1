"""report.md's section "Shards and wall time": what scripts/bench-shards.sh
measured (OUT/shards.time: shards, wall ms, the sum of the shards' own
ms, where they ran; OUT/shards/K/ms and rc), with what the figures do
and do not say, and make bench-speedup's last measured speed-up
(scripts/bench-speedup.sh). report.py calls section(); nothing here is
estimated."""
import os

from textfile import read


def load(out_dir):
    """(n, wall_ms, sum_ms, where, [(k, ms, rc)]) or None without
    shards.time."""
    path = os.path.join(out_dir, "shards.time")
    if not os.path.exists(path):
        return None
    f = read(path).split()
    if len(f) < 3 or not all(x.isdigit() for x in f[:3]):
        return None
    n, wall, total = (int(x) for x in f[:3])
    where = f[3] if len(f) > 3 else "local"
    shards = []
    for k in range(1, n + 1):
        d = os.path.join(out_dir, "shards", str(k))
        ms = read(os.path.join(d, "ms")).strip() \
            if os.path.exists(os.path.join(d, "ms")) else ""
        rc = read(os.path.join(d, "rc")).strip() \
            if os.path.exists(os.path.join(d, "rc")) else "?"
        shards.append((k, int(ms) if ms.isdigit() else None, rc))
    return n, wall, total, where, shards


def section(out_dir, out):
    got = load(out_dir)
    if not got:
        return
    n, wall, total, where, shards = got
    how = ("as one Slurm job array (`CLUSTER=slurm`), on the nodes Slurm "
           "gave them" if where == "slurm" else
           "all at once on this machine (%d cores)" % os.cpu_count())
    per = ", ".join("%d: %s%s" % (k, "%.1f s" % (ms / 1000) if ms is not None
                                  else "no time",
                                  "" if rc == "0" else " (failed, rc %s)" % rc)
                    for k, ms, rc in shards)
    out += ["## Shards and wall time", "",
            "This run: %d shard(s) %s; %.1f s of wall time from the first "
            "shard's start to the last one's end; the shards' own times add "
            "up to %.1f s (per shard: %s)%s." % (
                n, how, wall / 1000, total / 1000, per,
                "; sum / wall = %.2f" % (total / wall) if wall and n > 1
                else ""), ""]
    if n > 1:
        out += ["What this does not say: how long one guest at a time "
                "would take. The sum is that only if each guest ran as "
                "fast beside the others as alone; guests sharing cores "
                "run slower, so the sum overstates a one-at-a-time run and "
                "sum / wall is not the speed-up. That takes a run with "
                "`JOBS=1` on the same machine, whose wall time is the "
                "figure to set beside this one." +
                (" Under Slurm the wall time also holds the wait in the "
                 "queue, and each shard's time is its task's own, on its "
                 "node." if where == "slurm" else ""), ""]
        out += measured_speedup(out_dir)


def measured_speedup(out_dir):
    """The lines of make bench-speedup's last run on this build
    (../speedup/speedup.md beside this run's directory), or a pointer to
    it."""
    path = os.path.join(out_dir, os.pardir, "speedup", "speedup.md")
    if not os.path.exists(path):
        return ["`make bench-speedup` measures it: the guest bench one "
                "guest at a time, then JOBS at once, back to back.", ""]
    body = [ln for ln in read(path).splitlines() if not ln.startswith("# ")]
    while body and not body[0]:
        body.pop(0)
    return ["`make bench-speedup`'s last run on this build "
            "(build/KERNEL/speedup/speedup.md), not this run:", ""] + body + [""]
