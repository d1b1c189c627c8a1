"""The bench matrix's vocabulary, shared by report.py and plots.py: the
access paths and operations in the order tables and plots show them (as
rootfs-overlay/usr/lib/bench/run-bench runs them), and a cell's path
kind."""

PATHS = ["sysfs", "cdev-line", "cdev-multi", "block-dev", "block-sysfs"]
OPS = ["set-all", "set-mask", "get-all", "toggle", "rmw"]


def path_kind(path):
    """"block-dev:pca16" -> "block-dev": the path without its block."""
    return path.split(":", 1)[0]
