#!/usr/bin/env python3
"""Measures what two processes on the machine's cores cost each other:
the processor time of a single-worker run alone, and of each of two such
runs started together. A run that needs more processor time beside another
one than alone, for the same work, loses to the hardware (shared caches,
memory bandwidth, clock), which no division of the work among workers wins
back.

Usage: bench/parallel/contention.py [--theseus PATH] [--repeat R]
                                    [--mode concolic|fork] [--json OUT]
                                    [PROGRAM.c ...]

Each program (default: the ones in bench/parallel/, each with the options
of its `// bench:` line) runs R times alone and R times as a pair
(alternating), each run `theseus PROGRAM -q --no-html --native-check 0
-j 1 --mode MODE OPTIONS`; the table gives the median processor time
(user + system) of a run alone and of a run in a pair, their ratio, and
the median wall times.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from speedup import bench_options  # noqa: E402


def start(theseus, program, out, mode):
    command = [theseus, program, "-o", out, "-q", "--no-html",
               "--native-check", "0", "-j", "1", "--mode", mode]
    return subprocess.Popen(command + bench_options(program),
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def finish(proc, began):
    """(wall s, processor s) of the process `proc` started at `began`."""
    _, _, usage = os.wait4(proc.pid, 0)
    return time.monotonic() - began, usage.ru_utime + usage.ru_stime


def runs(theseus, program, scratch, mode, together):
    began = time.monotonic()
    procs = [start(theseus, program, os.path.join(scratch, f"run{k}"), mode)
             for k in range(together)]
    return [finish(p, began) for p in procs]


def measure(theseus, program, repeat, scratch, mode):
    alone, paired = [], []
    for _ in range(repeat):
        alone += runs(theseus, program, scratch, mode, 1)
        paired += runs(theseus, program, scratch, mode, 2)
    cpu_alone = statistics.median(c for _, c in alone)
    cpu_paired = statistics.median(c for _, c in paired)
    return {
        "program": os.path.relpath(program, ROOT),
        "mode": mode,
        "cpu_alone": round(cpu_alone, 2),
        "cpu_paired": round(cpu_paired, 2),
        "ratio": round(cpu_paired / cpu_alone, 3),
        "wall_alone": round(statistics.median(w for w, _ in alone), 2),
        "wall_paired": round(statistics.median(w for w, _ in paired), 2),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--theseus", default=os.path.join(ROOT, "build/bin/theseus"))
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--mode", default="concolic", choices=("concolic", "fork"))
    p.add_argument("--json")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".c"))
    load = open("/proc/loadavg").read().split()[0]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for program in programs:
            rows.append(measure(a.theseus, program, a.repeat, scratch, a.mode))
    print(f"load average at the start: {load}")
    print("| program | cpu alone s | cpu in a pair s | ratio | wall alone s "
          "| wall in a pair s |")
    print("|---|--:|--:|--:|--:|--:|")
    for r in rows:
        print(f"| {r['program']} | {r['cpu_alone']} | {r['cpu_paired']} | "
              f"{r['ratio']} | {r['wall_alone']} | {r['wall_paired']} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"mode": a.mode, "load": load, "rows": rows}, f,
                      indent=1)


if __name__ == "__main__":
    main()
