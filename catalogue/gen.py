#!/usr/bin/python3
"""What the catalogue of parts (catalogue/parts.tsv) and the board DT
(dts/) make, for the guest and for the READMEs (catalogue/README.md):

    gen.py guest DIR          DIR/gpio-suite/{parts.table,spi.table,
                              irq.table,parts.tsv}, DIR/bench/matrix.table
                              (scripts/mkrootfs.sh: DIR = usr/lib)
    gen.py parts-table|spi-table|irq-table|matrix-table
                              one of them, on stdout
    gen.py readme --check     exit 1 if expander-models/README.md's
                              generated tables are not what they
                              would be now
    gen.py readme --write     rewrite them
"""
import os
import shutil
import sys

# The package catalogue/ from the repository's top, whatever else of
# that name Python could find.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from catalogue import board as board_mod  # noqa: E402
from catalogue import core, readme, tables  # noqa: E402

TABLES = {"parts-table": tables.parts_table, "spi-table": tables.spi_table,
          "irq-table": tables.irq_table,
          "matrix-table": tables.matrix_table}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def guest(b, top):
    write(os.path.join(top, "gpio-suite", "parts.table"),
          tables.parts_table(b))
    write(os.path.join(top, "gpio-suite", "spi.table"), tables.spi_table(b))
    write(os.path.join(top, "gpio-suite", "irq.table"), tables.irq_table(b))
    write(os.path.join(top, "bench", "matrix.table"), tables.matrix_table(b))
    shutil.copyfile(core.PATH,
                    os.path.join(top, "gpio-suite", "parts.tsv"))


def readme_cmd(b, how):
    with open(readme.README) as f:
        old = f.read()
    new = readme.rewrite(old, b)
    if how == "--write":
        if new != old:
            write(readme.README, new)
        return 0
    if new != old:
        print("gen.py: %s's catalogue tables are out of date: "
              "catalogue/gen.py readme --write" % readme.README,
              file=sys.stderr)
        return 1
    return 0


def main(argv):
    b = board_mod.Board()
    if len(argv) == 2 and argv[1] in TABLES:
        sys.stdout.write(TABLES[argv[1]](b))
        return 0
    if len(argv) == 3 and argv[1] == "guest":
        guest(b, argv[2])
        return 0
    if len(argv) == 3 and argv[1] == "readme" and \
            argv[2] in ("--check", "--write"):
        return readme_cmd(b, argv[2])
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
