"""A bench directory for a report's unit test: a console.log of the
given lines and a report.md the report appends its section to."""
import os
import tempfile


def make(console_lines):
    """The new directory's path."""
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "console.log"), "w") as f:
        f.writelines(console_lines)
    with open(os.path.join(d, "report.md"), "w") as f:
        f.write("# report\n")
    return d
