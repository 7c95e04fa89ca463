#!/usr/bin/env python3
"""Checks that two run directories tell the same about the program: the
same paths, return values, infeasible sides, completeness, outcomes, bugs
(kind, place, message, confirmation) and line and branch coverage in their
summary.json. Used to compare a run split among workers or processes with
one that was not.

  same_summary.py [--except KEY ...] RUN_DIR RUN_DIR
"""
import argparse
import json

SAME = ["paths", "return_values", "return_value_variants", "infeasible",
        "complete", "outcomes"]


def bugs(summary):
    return sorted((b["kind"], b["file"], b["line"], b["message"],
                   b["confirmed"]) for b in summary["bugs"])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--except", dest="skip", action="append", default=[])
    p.add_argument("dirs", nargs=2)
    args = p.parse_args()
    a, b = (json.load(open(f"{d}/summary.json")) for d in args.dirs)
    differ = [k for k in SAME if k not in args.skip and a[k] != b[k]]
    if bugs(a) != bugs(b):
        differ.append("bugs")
    differ += [k for k in ("lines", "branches")
               if a["coverage"][k]["covered"] != b["coverage"][k]["covered"]]
    for k in differ:
        print(f"{k} differs: {a.get(k, a['coverage'].get(k))} against "
              f"{b.get(k, b['coverage'].get(k))}")
    if not differ:
        print("same summary")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
