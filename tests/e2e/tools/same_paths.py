#!/usr/bin/env python3
"""Checks that two run directories found the same paths (every test of
each run, from its run.db): the same number of tests, and for each the same path (the `path` id: the branch edges taken)
with the same kind of end (kind, bug kind and line). Used to compare forking and concolic runs.
Tests of further return values of a path (`variant_of`) are not paths, nor
are runs a signal interrupted (their paths are explored again later)."""
import collections
import sys

from run_tests import all_tests


def outcomes(run_dir):
    found = collections.Counter()
    for _, t, _ in all_tests(run_dir):
        o = t["outcome"]
        if "variant_of" in t or o["kind"] == "interrupted":
            continue
        found[(t["path"], o["kind"], o.get("bug"), o.get("line"))] += 1
    return found


def main():
    a, b = outcomes(sys.argv[1]), outcomes(sys.argv[2])
    if a == b:
        print(f"same paths: {sum(a.values())}")
        return 0
    print(f"{sys.argv[1]}: {sum(a.values())} paths, {sys.argv[2]}: "
          f"{sum(b.values())} paths")
    for key in sorted(set(a) | set(b), key=str):
        if a[key] != b[key]:
            print(f"  {key}: {a[key]} vs {b[key]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
