#!/usr/bin/env python3
"""Runs the float tasks of bench/floats (SV-COMP reach-safety tasks in the
shape of the public float categories, written for Theseus' benchmark) with
two Theseus binaries and prints a Markdown table: per task its expected
verdict, then each binary's verdict (true, false or unknown, as `theseus
task` states it) and wall time.

Usage: bench/floats/run.py [--before PATH] [--after PATH] [--max-time S]
                           [--out DIR] [TASK.yml ...]

The tasks are bench/floats/*.yml unless given (e.g. public SV-COMP tasks
from bench/cache/sv).

Each task is one run of
    theseus task TASK.yml --property unreach-call --max-time S -q -o OUT
A verdict that contradicts the expected one is marked "WRONG".

A second table gives each run's solver figures from its summary.json:
queries, Z3 calls, time in the solver chain, and of the queries with a
float operation (summary.json solver.float, "-" for a binary that does not
count them) how many there were, how many a stage before Z3 (caches, model
reuse) answered, and their time per query in milliseconds.
"""
import json
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from benchlib import DEFAULT_THESEUS, markdown_table  # noqa: E402


def expected_verdict(yml):
    """The expected verdict of the task's unreach-call property."""
    with open(yml) as f:
        return re.search(r"unreach-call\.prp'?\s+expected_verdict:\s*(\w+)",
                         f.read()).group(1)


def run_task(theseus, yml, max_time, out):
    """The verdict `theseus task` states, and the wall time."""
    start = time.monotonic()
    r = subprocess.run([theseus, "task", yml, "--property", "unreach-call",
                        "--max-time", str(max_time), "-q", "-o", out],
                       capture_output=True, text=True)
    wall = time.monotonic() - start
    m = re.search(r"unreach-call: (\w+)", r.stdout + r.stderr)
    return (m.group(1) if m else f"error ({r.returncode})"), wall


def solver_cells(out):
    """The solver figures of the run in `out`."""
    try:
        with open(os.path.join(out, "summary.json")) as f:
            s = json.load(f)
    except (OSError, ValueError):
        return ["-"] * 6
    solver = s["solver"]
    cells = [str(solver["queries"]), str(solver["z3_calls"]),
             f"{s['time']['solver']:.2f}"]
    fl = solver.get("float")
    if fl is None:
        return cells + ["-"] * 3
    per = 1000 * fl["seconds"] / fl["queries"] if fl["queries"] else 0
    return cells + [str(fl["queries"]), str(fl["stage_answers"]),
                    f"{per:.1f}"]


def cell(verdict, expected):
    wrong = verdict in ("true", "false") and verdict != expected
    return f"**{verdict} WRONG**" if wrong else verdict


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--before", default="/work/ref-bin/theseus-831a44c")
    p.add_argument("--after", default=DEFAULT_THESEUS)
    p.add_argument("--max-time", type=float, default=20)
    p.add_argument("--out", default="/tmp/bench-floats")
    p.add_argument("tasks", nargs="*")
    a = p.parse_args()
    tasks = a.tasks or sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
                              if f.endswith(".yml"))
    rows, solver_rows = [], []
    for yml in tasks:
        t = os.path.basename(yml)
        expected = expected_verdict(yml)
        row = [t[:-4], expected]
        for name, binary in (("before", a.before), ("after", a.after)):
            out = os.path.join(a.out, name, t[:-4])
            verdict, wall = run_task(binary, yml, a.max_time, out)
            row += [cell(verdict, expected), f"{wall:.1f}"]
            solver_rows.append([t[:-4], name] + solver_cells(out))
        rows.append(row)
        print(" ".join(row), file=sys.stderr)
    print(markdown_table(
        ["task", "expected", "before", "before (s)", "after", "after (s)"],
        rows, right_aligned=("before (s)", "after (s)")))
    numbers = ("queries", "z3 calls", "solver s", "float queries",
               "answered before z3", "ms per float query")
    print()
    print(markdown_table(["task", "binary", *numbers], solver_rows,
                         right_aligned=numbers))


if __name__ == "__main__":
    main()
