#!/usr/bin/env python3
"""Compares the two ways rank 0 finds work for an idle rank
(`--work-balance=queue` and `--work-balance=steal`) on programs that
exhaust.

Usage: bench/parallel/balance.py [--theseus PATH] [--ranks K] [--repeat R]
                                 [--mode concolic|fork] [--json OUT]
                                 [PROGRAM.c ...]

Each program (default: the ones in bench/parallel/) runs R times with
each balance, alternating, as `mpirun -np K+1 theseus --distributed=mpi`
(K exploring ranks, one worker each). The table gives, per balance, the
median wall time, the median parallel efficiency the summary reports,
the median work items rank 0 passed between ranks and the times it asked
a rank for work (steal only), and whether every run of the program
exhausted with the same tests by number (tree order).
"""
import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile

from speedup import HERE, ROOT, run

BALANCES = ("queue", "steal")


def numbered(out):
    db = sqlite3.connect(os.path.join(out, "run.db"))
    rows = db.execute("select number, path_id, outcome, return_value "
                      "from paths order by number").fetchall()
    db.close()
    return rows


def measure(theseus, program, ranks, repeat, scratch, mode):
    runs = {b: [] for b in BALANCES}
    tests = set()
    for r in range(repeat):
        for b in BALANCES:
            out = os.path.join(scratch, f"{b}-{r}")
            wall, _, summary, _ = run(theseus, program, 1, out, mode, ranks,
                                      ["--work-balance", b])
            figures = summary["workers"]["ranks"]
            runs[b].append((wall, summary["workers"]["efficiency"],
                            figures["work_routed"], figures["asked_for_work"],
                            summary["stop_reason"]))
            tests.add(json.dumps(numbered(out)))
    row = {"program": os.path.basename(program),
           "same_tests": len(tests) == 1 and all(
               x[4] == "exhausted" for b in BALANCES for x in runs[b])}
    for b in BALANCES:
        for key, i in (("wall", 0), ("efficiency", 1), ("routed", 2),
                       ("asked", 3)):
            row[f"{b}_{key}"] = statistics.median(x[i] for x in runs[b])
    return row


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--theseus", default=os.path.join(ROOT, "build", "bin",
                                                     "theseus"))
    p.add_argument("--ranks", type=int, default=3)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--mode", default="concolic")
    p.add_argument("--json")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or [os.path.join(HERE, f) for f in
                              ("solver_bound.c", "interpreter_bound.c")]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for program in programs:
            rows.append(measure(a.theseus, program, a.ranks, a.repeat,
                                scratch, a.mode))
    load = os.getloadavg()[0]
    print(f"{a.ranks} exploring ranks, {a.mode}, median of {a.repeat}, "
          f"load {load:.1f}")
    print("| program | queue s | steal s | queue efficiency | steal "
          "efficiency | queue items routed | steal items routed | steal asks "
          "| same tests |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['program']} | {r['queue_wall']:.2f} | "
              f"{r['steal_wall']:.2f} | {r['queue_efficiency']:.2f} | "
              f"{r['steal_efficiency']:.2f} | {r['queue_routed']:.0f} | "
              f"{r['steal_routed']:.0f} | {r['steal_asked']:.0f} | "
              f"{'yes' if r['same_tests'] else 'NO'} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"ranks": a.ranks, "mode": a.mode, "load": load,
                       "repeat": a.repeat, "rows": rows}, f, indent=1)
    return 0 if all(r["same_tests"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
