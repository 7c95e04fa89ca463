#!/usr/bin/env python3
"""Runs Theseus on the benchmark programs and prints a table.

Usage: bench/run.py [--theseus build/bin/theseus] [--strategy bfs] [PROGRAM.c ...]

For each program: paths, tests written, total wall time of the theseus
process, time inside the solver (from summary.json), and executions (runs)
per second. Each row is one run of:
    theseus PROGRAM.c -o OUT -q --strategy STRATEGY [--max-time 60]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(theseus, program, strategy, max_time):
    out = tempfile.mkdtemp(prefix="theseus-bench-")
    cmd = [theseus, program, "-o", out, "-q", "--strategy", strategy,
           "--max-time", str(max_time)]
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if proc.returncode not in (0, 1):
        sys.exit(f"theseus failed on {program}:\n{proc.stderr}")
    with open(os.path.join(out, "summary.json")) as f:
        s = json.load(f)
    return {
        "program": os.path.basename(program),
        "paths": s["paths"],
        "tests": s["tests"],
        "wall": wall,
        "solver": s["time"]["solver"],
        "runs": s["runs"],
        "z3": s["solver"]["z3_calls"],
        "complete": s["complete"],
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--theseus", default=os.path.join(HERE, "..", "build", "bin",
                                                      "theseus"))
    p.add_argument("--strategy", default="bfs")
    p.add_argument("--max-time", type=float, default=60)
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or sorted(
        os.path.join(HERE, "programs", f)
        for f in os.listdir(os.path.join(HERE, "programs")) if f.endswith(".c"))
    rows = [run(a.theseus, prog, a.strategy, a.max_time) for prog in programs]
    head = (f"{'program':<20} {'paths':>7} {'tests':>7} {'total s':>8} "
            f"{'solver s':>9} {'solver %':>8} {'z3 calls':>8} {'exec/s':>9} "
            f"complete")
    print(head)
    print("-" * len(head))
    for r in rows:
        share = 100 * r["solver"] / r["wall"] if r["wall"] else 0
        print(f"{r['program']:<20} {r['paths']:>7} {r['tests']:>7} "
              f"{r['wall']:>8.2f} {r['solver']:>9.2f} {share:>7.0f}% "
              f"{r['z3']:>8} {r['runs'] / r['wall']:>9.0f} "
              f"{'yes' if r['complete'] else 'no'}")


if __name__ == "__main__":
    main()
