#!/usr/bin/python3
"""What the catalogue of parts (catalogue/parts.tsv) and the board DT
(dts/) make, for the guest and for the READMEs (catalogue/README.md):

    gen.py guest DIR          DIR/bench-tests/{parts.table,spi.table,
                              parts.tsv}, DIR/bench/matrix.table
                              (scripts/mkrootfs.sh: DIR = usr/lib)
    gen.py parts-table|spi-table|matrix-table   one of them, on stdout
"""
import os
import shutil
import sys

# The package catalogue/ from the repository's top, whatever else of
# that name Python could find.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from catalogue import board as board_mod  # noqa: E402
from catalogue import core, tables  # noqa: E402

TABLES = {"parts-table": tables.parts_table, "spi-table": tables.spi_table,
          "matrix-table": tables.matrix_table}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def guest(b, top):
    write(os.path.join(top, "bench-tests", "parts.table"),
          tables.parts_table(b))
    write(os.path.join(top, "bench-tests", "spi.table"), tables.spi_table(b))
    write(os.path.join(top, "bench", "matrix.table"), tables.matrix_table(b))
    shutil.copyfile(core.PATH,
                    os.path.join(top, "bench-tests", "parts.tsv"))


def main(argv):
    b = board_mod.Board()
    if len(argv) == 2 and argv[1] in TABLES:
        sys.stdout.write(TABLES[argv[1]](b))
        return 0
    if len(argv) == 3 and argv[1] == "guest":
        guest(b, argv[2])
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
