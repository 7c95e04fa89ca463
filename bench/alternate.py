#!/usr/bin/env python3
"""Two theseus binaries on bench/run.py's programs, run in turn.

Usage: bench/alternate.py --before OLD --after NEW [--repeat 5]
                          [--max-time 60] [--json OUT] [PROGRAM.c ...]

On a shared, loaded machine a wall time says as much about the other
processes as about theseus. This runner alternates the two binaries on
each program (OLD then NEW, then NEW then OLD, ...), so that both see the
same load, and reports CPU time (user and system, compiling included)
besides wall time, with the median and the range of the repetitions, the
paths of each run, and the load average (1 minute) seen before the runs.
A run that ends at --max-time does less work on a busier machine:
compare its paths per CPU second, not its time. Each run is
bench/run.py's (`theseus PROGRAM.c OPTIONS -o OUT -q --mode concolic
--max-time T`).
"""
import argparse
import json
import os
import statistics

from benchlib import BENCH_DIR, list_programs
from run import run


def spread(values, fmt="{:.2f}"):
    """median (min-max) of `values`."""
    return (fmt.format(statistics.median(values)) + " (" +
            fmt.format(min(values)) + "-" + fmt.format(max(values)) + ")")


def measure(binaries, programs, repeat, max_time):
    """Rows of every run: binary label, program, repetition, run figures
    and the load average before it."""
    rows = []
    for k in range(repeat):
        order = list(binaries.items())
        if k % 2:
            order.reverse()
        for program in programs:
            for label, theseus in order:
                load = os.getloadavg()[0]
                r = run(theseus, program, "concolic", None, max_time, [])
                rows.append(dict(r, binary=label, repetition=k, load=load))
    return rows


def print_table(rows, labels):
    programs = list(dict.fromkeys(r["program"] for r in rows))
    print(f"{'program':<16} {'binary':<7} {'paths':>13} {'cpu s':>20} "
          f"{'wall s':>20} {'paths/cpu s':>20}")
    for program in programs:
        medians = {}
        for label in labels:
            mine = [r for r in rows
                    if r["program"] == program and r["binary"] == label]
            per_cpu = [r["paths"] / r["cpu"] for r in mine]
            medians[label] = statistics.median(per_cpu)
            paths = sorted({r["paths"] for r in mine})
            shown = (str(paths[0]) if len(paths) == 1 else
                     f"{paths[0]}-{paths[-1]}")
            print(f"{program:<16} {label:<7} {shown:>13} "
                  f"{spread([r['cpu'] for r in mine]):>20} "
                  f"{spread([r['wall'] for r in mine]):>20} "
                  f"{spread(per_cpu, '{:.0f}'):>20}")
        before, after = (medians[label] for label in labels)
        print(f"{'':<16} {'after/before paths per cpu s':<37} "
              f"{after / before:.3f}")
    loads = [r["load"] for r in rows]
    print(f"load average (1 min) before the runs: {spread(loads)}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--before", required=True, help="the older theseus")
    p.add_argument("--after", required=True, help="the newer theseus")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--max-time", type=float, default=60)
    p.add_argument("--json", help="save every run's row to this file")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or list_programs(os.path.join(BENCH_DIR, "programs"))
    binaries = {"before": a.before, "after": a.after}
    rows = measure(binaries, programs, a.repeat, a.max_time)
    print_table(rows, list(binaries))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
