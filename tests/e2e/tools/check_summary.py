#!/usr/bin/env python3
"""Asserts a Python expression over a run's summary.json.

  check_summary.py OUTDIR EXPR [EXPR ...]

Each EXPR sees the summary's keys as variables (complete, stop_reason,
incomplete_because, memory, ...) and the whole summary as `s`. Exits 1,
printing the summary, when an expression is false.
"""
import json
import os
import sys


def main():
    out, exprs = sys.argv[1], sys.argv[2:]
    with open(os.path.join(out, "summary.json")) as f:
        s = json.load(f)
    env = dict(s)
    env["s"] = s
    failed = [e for e in exprs if not eval(e, {}, env)]
    for e in failed:
        print(f"check_summary: false: {e}", file=sys.stderr)
    if failed:
        print(json.dumps({k: s[k] for k in s if k not in ("bugs", "solver")},
                         indent=1), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
