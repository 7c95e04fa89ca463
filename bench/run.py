#!/usr/bin/env python3
"""Runs Theseus on the benchmark programs and prints a table.

Usage: bench/run.py [--theseus build/bin/theseus] [--mode concolic|fork]
                    [--strategy S] [--native] [--theseus-args ARGS]
                    [PROGRAM.c ...]

For each program: paths, tests written, total wall time of the theseus
process, seconds until its first bug (summary.json found_after), branch
coverage and the seconds until 100% of branches were covered (summary.json
coverage.branches.reached_after; "-" when not all were covered), time
inside the solver, Z3 calls, queries answered by the exact and the
counterexample cache, milliseconds per query, executions (runs) per second
(exec/s: runs, or states in fork mode) and peak memory. Each row is one run
of:
    theseus PROGRAM.c OPTIONS -o OUT -q --mode MODE [--strategy S] --max-time 60
        [ARGS]
where OPTIONS come from the program's `bench-options:` line and ARGS from
--theseus-args (e.g. --theseus-args=--no-solver-cache). --json OUT
saves the rows; --compare OLD.json adds the total and first-bug times of an
earlier run (e.g. another build) as "before" columns.

--native measures the interpreter against native code instead: each
program also runs natively (clang -O0, its entry function called with
zeros by a generated driver; best of 5 runs), theseus runs without
instruction limit, and the table shows instructions per second of the
interpreter (summary.json "instructions" / interpreter time) and the ratio
of the interpreter's time per run to the native time.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from benchlib import (BENCH_DIR, DEFAULT_THESEUS, explore, list_programs,
                      program_options)


def run(theseus, program, mode, strategy, max_time, extra):
    out = tempfile.mkdtemp(prefix="theseus-bench-")
    args = program_options(program) + ["--mode", mode,
                                       "--max-time", str(max_time)]
    if strategy:
        args += ["--strategy", strategy]
    args += extra
    e = explore(theseus, program, out, args)
    if e.failed:
        sys.exit(f"theseus failed on {program}:\n{e.stderr}")
    s = e.summary
    found = [b["found_after"]["seconds"] for b in s["bugs"]
             if "found_after" in b]
    solver = s["solver"]
    branches = s["coverage"]["branches"]
    reached = branches.get("reached_after", {}).get("seconds")
    return {
        "program": os.path.basename(program),
        "first_bug": min(found) if found else None,
        "queries": solver["queries"],
        "cache_hits": solver["cache_hits"],
        "cex_hits": solver.get("cex_cache_hits", 0),
        "paths": s["paths"],
        "tests": s["tests"],
        "wall": e.wall,
        "cpu": e.cpu,
        "solver": s["time"]["solver"],
        "runs": s["runs"],
        "z3": solver["z3_calls"],
        "z3_seconds": solver["z3_seconds"],
        "complete": s["complete"],
        "peak_mb": e.peak_mb,
        "branch_pct": branches["percent"],
        "full_cov": reached if branches["percent"] == 100 else None,
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
    p.add_argument("--json", help="save the rows to this file")
    p.add_argument("--compare", help="rows saved by an earlier --json")
    p.add_argument("--theseus-args", default="",
                   help="more theseus options, space-separated, e.g. "
                   "--theseus-args=--no-solver-cache")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or list_programs(os.path.join(BENCH_DIR, "programs"))
    if a.native:
        return native_table(a.theseus, programs, a.mode, a.max_time)
    rows = [run(a.theseus, prog, a.mode, a.strategy, a.max_time,
                a.theseus_args.split()) for prog in programs]
    before = {}
    if a.compare:
        with open(a.compare) as f:
            before = {r["program"]: r for r in json.load(f)}
    print_table(rows, before)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


def seconds(t, width):
    return f"{'-':>{width}}" if t is None else f"{t:>{width}.2f}"


def print_table(rows, before):
    head = (f"{'program':<16} {'paths':>7} {'tests':>7} {'total s':>8} "
            f"{'bug s':>6} {'solver s':>8} {'z3':>6} {'cache':>7} "
            f"{'cex':>7} {'ms/q':>5} {'exec/s':>7} {'MB':>5} {'br %':>5} "
            f"{'cov s':>6} complete")
    if before:
        head += f" {'before s':>8} {'bug s':>6} {'cov s':>6}"
    print(head)
    print("-" * len(head))
    for r in rows:
        per_query = 1000 * r["solver"] / r["queries"] if r["queries"] else 0
        line = (f"{r['program']:<16} {r['paths']:>7} {r['tests']:>7} "
                f"{r['wall']:>8.2f} {seconds(r['first_bug'], 6)} "
                f"{r['solver']:>8.2f} {r['z3']:>6} {r['cache_hits']:>7} "
                f"{r['cex_hits']:>7} {per_query:>5.2f} "
                f"{r['runs'] / r['wall']:>7.0f} {r['peak_mb']:>5.0f} "
                f"{r['branch_pct']:>5.1f} {seconds(r['full_cov'], 6)} "
                f"{'yes' if r['complete'] else 'no':<8}")
        old = before.get(r["program"])
        if old:
            line += (f" {old['wall']:>8.2f} "
                     f"{seconds(old.get('first_bug'), 6)} "
                     f"{seconds(old.get('full_cov'), 6)}")
        print(line)

if __name__ == "__main__":
    main()
