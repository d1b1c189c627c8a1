"""The catalogue of parts (parts.tsv) and what it makes with the board
DT: catalogue/README.md."""
