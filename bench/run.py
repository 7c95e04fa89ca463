#!/usr/bin/env python3
"""Runs Theseus on the benchmark programs and prints a table.

Usage: bench/run.py [--theseus build/bin/theseus] [--mode concolic|fork]
                    [--strategy S] [--native] [PROGRAM.c ...]

For each program: paths, tests written, total wall time of the theseus
process, time inside the solver (from summary.json), and executions (runs)
per second (exec/s: runs, or states in fork mode) and peak memory. Each
row is one run of:
    theseus PROGRAM.c -o OUT -q --mode MODE [--strategy S] --max-time 60

--native measures the interpreter against native code instead: each
program also runs natively (clang -O0, its entry function called with
zeros by a generated driver; best of 5 runs), theseus runs without
instruction limit, and the table shows instructions per second of the
interpreter (summary.json "instructions" / interpreter time) and the ratio
of the interpreter's time per run to the native time.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

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


def native_seconds(program, runs=5):
    """Best wall time of the program's entry called natively with zeros
    (clang -O0), or None when its signature is not understood."""
    entry = os.path.splitext(os.path.basename(program))[0]
    with open(program) as f:
        source = f.read()
    m = re.search(r"^([^;{}#/]*\b%s\s*\(([^)]*)\))\s*\{" % entry, source,
                  re.M)
    if not m:
        return None
    params = [p for p in m[2].split(",") if p.strip() not in ("", "void")]
    if any("*" in p or "[" in p for p in params):
        return None
    work = tempfile.mkdtemp(prefix="theseus-native-")
    driver = os.path.join(work, "driver.c")
    with open(driver, "w") as f:
        f.write(f"{m[1]};\nint main(void) {{\n"
                f"  volatile long long r = (long long){entry}("
                f"{', '.join('0' for _ in params)});\n"
                f"  (void)r;\n  return 0;\n}}\n")
    binary = os.path.join(work, "native")
    subprocess.run(["clang", "-O0", "-w", "-o", binary, program, driver],
                   check=True)
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary], stdout=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - start
        best = wall if best is None else min(best, wall)
    return best


def native_table(theseus, programs, mode, max_time):
    head = (f"{'program':<20} {'runs':>5} {'instructions':>13} "
            f"{'interp s':>9} {'M instr/s':>10} {'native s':>9} "
            f"{'x native':>9}")
    print(head)
    print("-" * len(head))
    for program in programs:
        out = tempfile.mkdtemp(prefix="theseus-bench-")
        e = explore(theseus, program, out,
                    ["--mode", mode, "--max-time", str(max_time),
                     "--max-steps", "0"])
        if e.failed:
            sys.exit(f"theseus failed on {program}:\n{e.stderr}")
        s = e.summary
        interp = s["time"]["interpreter"]
        native = native_seconds(program)
        per_run = interp / max(s["runs"], 1)
        ratio = f"{per_run / native:>9.0f}" if native else f"{'-':>9}"
        native_s = f"{native:>9.4f}" if native else f"{'-':>9}"
        print(f"{os.path.basename(program):<20} {s['runs']:>5} "
              f"{s['instructions']:>13} {interp:>9.2f} "
              f"{s['instructions'] / interp / 1e6:>10.1f} {native_s} {ratio}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--theseus", default=DEFAULT_THESEUS)
    p.add_argument("--mode", default="concolic", choices=["concolic", "fork"])
    p.add_argument("--strategy", help="default: the mode's own")
    p.add_argument("--max-time", type=float, default=60)
    p.add_argument("--native", action="store_true",
                   help="compare the interpreter's speed with native code")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or list_programs(os.path.join(BENCH_DIR, "programs"))
    if a.native:
        return native_table(a.theseus, programs, a.mode, a.max_time)
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
