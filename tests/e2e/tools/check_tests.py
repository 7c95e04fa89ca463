#!/usr/bin/env python3
"""Checks properties of the tests in a Theseus run directory.

The tests are every test of the run, read from its run.db (the run writes
files only for its suite), or with --files the test files in the directory
(also for directories without a run.db).

Each test is a dict of its input values by name (also as the dict `inputs`,
for names like "x#2" that are not Python identifiers; a float or double as a
Python float, read from its recorded decimal, which is exact) plus:
  ret   the entry's return value (None unless the path returned a value)
  kind  how the path ended: return, exit, bug, unsupported, ...
  bug   the bug kind (None unless kind == "bug")
  line  the line where a bug or unsupported operation happened
  message  the outcome's message (bugs, unsupported, external-denied, ...)
  stdout   what the program printed on the path
  argv     the command line of a main(argc, argv) entry (str list, argv[0]
           first; bytes as Latin-1), or None
  stdin    the bytes the program could read on stdin
  path     the path's id (the branch edges taken)
  variant_of  for a test of a further return value of a path, the number
           of the path's own test, else None
  found_by who found the input when not the engine ("fuzzer"), else None
  evidence "native" when the outcome is a native run's (the engine did not
           run the test to it), else None
  file     the test's name (test000042.json), whether a file or not
  in_suite whether the run kept it as a file

  --all EXPR     every test satisfies the Python expression EXPR
  --some EXPR    at least one test does
  --none EXPR    no test does
  --count N      there are exactly N tests
  --oracle FILE  a Python file whose functions EXPR may call

EXPR may use raw[name] (an input's bytes), le(raw, offset, size) (a
signed little-endian integer within them), e.g. for struct fields, and
the module math (math.isnan, math.copysign for floats);
`fields` maps a struct parameter (by value or pointer) to its members by
name.

Exits 1 (with the failing tests listed) if a check fails.
"""
import argparse
import math
import os
import sys

from run_tests import all_tests


def number(value):
    """A float's recorded decimal ("1.5", "-0", "nan", "-inf", also in a
    buffer's list) as a Python float; other values unchanged."""
    if isinstance(value, list):
        return [number(v) for v in value]
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def load(directory, files_only):
    tests = []
    for name, t, in_suite in all_tests(directory, files_only):
        env = {i["name"]: number(i.get("value")) for i in t["inputs"]}
        env["inputs"] = dict(env)
        env["fields"] = {i["name"]: {k: number(v) for k, v in
                                     i["fields"].items()}
                         for i in t["inputs"] if "fields" in i}
        env["raw"] = {i["name"]: bytes.fromhex(i["bytes"]) for i in t["inputs"]}
        o = t["outcome"]
        env.update(ret=number(o.get("value")), kind=o["kind"], bug=o.get("bug"),
                   line=o.get("line"), message=o.get("message"),
                   stdout=t.get("stdout"), file=name, in_suite=in_suite,
                   argv=[bytes.fromhex(a["bytes"]).decode("latin-1")
                         for a in t["argv"]] if "argv" in t else None,
                   stdin=bytes.fromhex(t.get("stdin", {}).get("bytes", "")),
                   path=t.get("path"), variant_of=t.get("variant_of"),
                   found_by=t.get("found_by"), evidence=t.get("evidence"))
        tests.append(env)
    return tests


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("--all", action="append", default=[])
    p.add_argument("--some", action="append", default=[])
    p.add_argument("--none", action="append", default=[])
    p.add_argument("--count", type=int)
    p.add_argument("--oracle")
    p.add_argument("--files", action="store_true",
                   help="check the test files, not every test in run.db")
    a = p.parse_args()
    def le(raw, offset, size):
        """The signed little-endian integer at raw[offset:offset+size]."""
        return int.from_bytes(raw[offset:offset + size], "little", signed=True)

    scope = {"le": le, "math": math}
    if a.oracle:
        with open(a.oracle) as f:
            exec(f.read(), scope)
    tests = load(a.dir, a.files)
    failed = False

    def holds(expr, t):
        return bool(eval(expr, dict(scope), dict(t)))

    if a.count is not None and len(tests) != a.count:
        print(f"FAIL: expected {a.count} tests, found {len(tests)}")
        failed = True
    for e in a.all:
        bad = [t for t in tests if not holds(e, t)]
        if bad or not tests:
            print(f"FAIL: not all tests satisfy {e}: {bad[:5]}")
            failed = True
    for e in a.some:
        if not any(holds(e, t) for t in tests):
            print(f"FAIL: no test satisfies {e}")
            failed = True
    for e in a.none:
        bad = [t for t in tests if holds(e, t)]
        if bad:
            print(f"FAIL: some tests satisfy {e}: {bad[:5]}")
            failed = True
    print("FAILED" if failed else f"OK: {len(tests)} tests checked")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
