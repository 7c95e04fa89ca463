#!/usr/bin/env python3
"""Runs Theseus on the benchmark programs and prints a table.

Usage: bench/run.py [--theseus build/bin/theseus] [--mode concolic|fork]
                    [--strategy S] [PROGRAM.c ...]

For each program: paths, tests written, total wall time of the theseus
process, time inside the solver (from summary.json), and executions (runs)
per second (exec/s: runs, or states in fork mode) and peak memory. Each
row is one run of:
    theseus PROGRAM.c -o OUT -q --mode MODE [--strategy S] --max-time 60
"""
import argparse
import os
import sys
import tempfile

from benchlib import BENCH_DIR, DEFAULT_THESEUS, explore, list_programs


def run(theseus, program, mode, strategy, max_time):
    out = tempfile.mkdtemp(prefix="theseus-bench-")
    args = ["--mode", mode, "--max-time", str(max_time)]
    if strategy:
        args += ["--strategy", strategy]
    e = explore(theseus, program, out, args)
    if e.failed:
        sys.exit(f"theseus failed on {program}:\n{e.stderr}")
    s = e.summary
    return {
        "program": os.path.basename(program),
        "paths": s["paths"],
        "tests": s["tests"],
        "wall": e.wall,
        "solver": s["time"]["solver"],
        "runs": s["runs"],
        "z3": s["solver"]["z3_calls"],
        "complete": s["complete"],
        "peak_mb": e.peak_mb,
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--theseus", default=DEFAULT_THESEUS)
    p.add_argument("--mode", default="concolic", choices=["concolic", "fork"])
    p.add_argument("--strategy", help="default: the mode's own")
    p.add_argument("--max-time", type=float, default=60)
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or list_programs(os.path.join(BENCH_DIR, "programs"))
    rows = [run(a.theseus, prog, a.mode, a.strategy, a.max_time)
            for prog in programs]
    head = (f"{'program':<20} {'paths':>7} {'tests':>7} {'total s':>8} "
            f"{'solver s':>9} {'solver %':>8} {'z3 calls':>8} {'exec/s':>9} "
            f"{'peak MB':>8} complete")
    print(head)
    print("-" * len(head))
    for r in rows:
        share = 100 * r["solver"] / r["wall"] if r["wall"] else 0
        print(f"{r['program']:<20} {r['paths']:>7} {r['tests']:>7} "
              f"{r['wall']:>8.2f} {r['solver']:>9.2f} {share:>7.0f}% "
              f"{r['z3']:>8} {r['runs'] / r['wall']:>9.0f} "
              f"{r['peak_mb']:>8.0f} {'yes' if r['complete'] else 'no'}")


if __name__ == "__main__":
    main()
