#!/usr/bin/env python3
"""Checks that two run directories numbered their tests alike.

  same_numbers.py [--tests-only] DIR1 DIR2

From each run.db: every test's number with its path id, outcome, return
value and bug; the bugs with their first tests and counts; and which tests
the run kept as files (not with --tests-only: runs that keep different
files, e.g. one with --tests=all). Each test file must name its own number and path.
What a test records of how the search found it (negated test, variant of,
run, time) and the inputs the solver chose may differ, and are not
compared.
"""
import json
import os
import sqlite3
import sys


def record(run_dir, with_files):
    db = sqlite3.connect(f"file:{run_dir}/run.db?mode=ro", uri=True)
    tests = db.execute(
        "SELECT number, path_id, outcome, return_value, bug_kind, file, line, "
        "test_file FROM paths ORDER BY number").fetchall()
    bugs = db.execute("SELECT kind, file, line, first_test, count FROM bugs "
                      "ORDER BY first_test").fetchall()
    for number, path, _, _, _, _, _, name in tests:
        if name is None:
            continue
        with open(os.path.join(run_dir, name)) as f:
            test = json.load(f)
        if test["test"] != number or test["path"] != path:
            sys.exit(f"{run_dir}/{name}: test {test['test']} on path "
                     f"{test['path']}, the database says {number} on {path}")
    if not with_files:
        tests = [t[:-1] for t in tests]
    return tests, bugs


def main():
    args = sys.argv[1:]
    with_files = args[0] != "--tests-only"
    if not with_files:
        args = args[1:]
    (a_tests, a_bugs), (b_tests, b_bugs) = (record(d, with_files)
                                            for d in args[:2])
    for what, a, b in (("tests", a_tests, b_tests), ("bugs", a_bugs, b_bugs)):
        if a == b:
            continue
        print(f"different {what}: {len(a)} and {len(b)}")
        for x, y in zip(a, b):
            if x != y:
                print(f"first difference:\n  {x}\n  {y}")
                break
        return 1
    print(f"same numbers: {len(a_tests)} tests, {len(a_bugs)} bugs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
