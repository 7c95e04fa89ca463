#!/usr/bin/env python3
"""Checks the path explanations of a run directory's tests.

  check_explanations.py negated DIR
      Every test solved from an earlier one (`negated`) names a test that
      exists, whose explanation agrees with its own before the negated
      decision and took another side at it (tests that diverged from the
      side they were solved for are skipped).
  check_explanations.py same DIR1 DIR2
      The paths of both runs (e.g. concolic and fork) have the same
      explanations.
  check_explanations.py pick DIR (--return V | --bug KIND) --to FILE
      Copies the first test whose path returns V (not a further return
      value of a path), or shows a bug of KIND, to FILE, so that
      `theseus show` can be checked on it.
"""
import argparse
import collections
import glob
import json
import shutil
import sys


def tests(run_dir):
    found = {}
    for path in sorted(glob.glob(f"{run_dir}/test*.json")):
        t = json.load(open(path))
        if not isinstance(t.get("explanation"), list):
            sys.exit(f"{path}: no explanation")
        if t.get("explanation_truncated", -1) < 0:
            sys.exit(f"{path}: no explanation_truncated")
        found[t["test"]] = (path, t)
    return found


def step(d):
    return (d["file"], d["line"], d["condition"], d["kind"])


def negated(args):
    found = tests(args.dir)
    checked = wrong = 0
    for number, (path, t) in found.items():
        if "negated" not in t or t["diverged"]:
            continue
        parent, index = t["negated"]["test"], t["negated"]["decision"]
        checked += 1
        if parent not in found or parent >= number:
            print(f"{path}: negated names test {parent}, not an earlier test")
            wrong += 1
            continue
        mine, theirs = t["explanation"], found[parent][1]["explanation"]
        same_before = mine[:index] == theirs[:index]
        at_both = index < len(mine) and index < len(theirs)
        flipped = at_both and step(mine[index]) == step(theirs[index]) and \
            mine[index]["taken"] != theirs[index]["taken"]
        if not (same_before and flipped):
            print(f"{path}: decision {index} of test {parent} does not lead "
                  f"here")
            wrong += 1
    print(f"negated: {checked} checked, {wrong} wrong")
    return 1 if wrong or not checked else 0


def same(args):
    def explanations(run_dir):
        return collections.Counter(
            json.dumps(t["explanation"], sort_keys=True)
            for _, t in tests(run_dir).values() if "variant_of" not in t)
    a, b = explanations(args.dir), explanations(args.other)
    for e in (a - b) + (b - a):
        print(f"only in one run: {e}")
    print(f"same explanations: {sum((a & b).values())} of "
          f"{sum((a | b).values())} paths")
    return 0 if a == b else 1


def pick(args):
    for path, t in tests(args.dir).values():
        o = t["outcome"]
        returns = args.ret is not None and o["kind"] == "return" and \
            o.get("value") == args.ret
        shows = args.bug is not None and o.get("bug") == args.bug
        if "variant_of" not in t and (returns or shows):
            shutil.copyfile(path, args.to)
            return 0
    sys.exit(f"no test returns {args.ret} or shows {args.bug}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("command", choices=["negated", "same", "pick"])
    p.add_argument("dir")
    p.add_argument("other", nargs="?")
    p.add_argument("--return", dest="ret", type=int)
    p.add_argument("--bug")
    p.add_argument("--to")
    args = p.parse_args()
    return {"negated": negated, "same": same, "pick": pick}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
