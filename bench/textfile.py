"""Whole small text files in and out (a run's select, rc, subjects,
plan.txt, console logs): read() never fails on a stray byte of a guest's
console, write() closes what it opened."""


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
