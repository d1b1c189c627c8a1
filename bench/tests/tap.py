"""The host tests' checks: "ok - NAME" / "not ok - NAME DETAIL" per check
and a last line "N passed, N failed", as expander-models' tests print."""
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok - " + name)
    else:
        failed += 1
        print("not ok - %s %s" % (name, detail))


def summary():
    """Print the last line; the exit status for sys.exit()."""
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0
