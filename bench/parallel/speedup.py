#!/usr/bin/env python3
"""Measures -j N against -j 1 on programs that exhaust: wall time, the
speed-up, the processor time, and whether both runs found the same paths.

Usage: bench/parallel/speedup.py [--theseus PATH] [--jobs N] [--repeat R]
                                 [--mode concolic|fork] [--mpi] [--json OUT]
                                 [PROGRAM.c ...]

With --mpi the comparison is -j N in one process (as "-j 1" in the table)
against `mpirun -np N+1 theseus --distributed=mpi` (as "-j N"): rank 0
coordinating, N ranks exploring with one worker each; the processor time
is then that of all processes.

Each program (default: the ones in bench/parallel/, each with the options
of its `// bench:` line) runs R times with -j 1 and R times with -j N
(alternating), each run a fresh `theseus PROGRAM -q --no-html
--native-check 0 --mode MODE OPTIONS`; the table gives the median wall time of each,
the speed-up (median -j 1 over median -j N), the processor time of the
theseus process (user + system, median), the solver's share of -j 1's
time, the parallel efficiency -j N's summary reports, and whether every
run exhausted with the same paths (by path id, from run.db).
"""
import argparse
import json
import os
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPTIONS = re.compile(r"^// bench: (.*)$", re.M)


def bench_options(program):
    with open(program) as f:
        m = OPTIONS.search(f.read())
    return m.group(1).split() if m else []


MPIRUN = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--mca", "btl",
          "self,vader"]


def run(theseus, program, jobs, out, mode, ranks=0, extra=()):
    """One run, in `ranks` exploring MPI processes if not 0, with the
    further options `extra`: (wall s, processor s, summary, set of path
    ids)."""
    command = [theseus, program, "-o", out, "-q", "--no-html",
               "--native-check", "0", "-j", str(jobs), "--mode", mode]
    command += list(extra)
    if ranks:
        command = MPIRUN + ["-np", str(ranks + 1)] + command + [
            "--distributed=mpi"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(command + bench_options(program),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    db = sqlite3.connect(os.path.join(out, "run.db"))
    paths = {row[0] for row in db.execute(
        "select path_id from paths where variant_of is null")}
    db.close()
    return wall, cpu, summary, paths


def measure(theseus, program, jobs, repeat, scratch, mode, mpi):
    runs = {1: [], jobs: []}
    for r in range(repeat):
        for j in (1, jobs):
            out = os.path.join(scratch, f"{os.path.basename(program)}-{j}-{r}")
            if mpi:  # One process with -j N, against N exploring ranks.
                runs[j].append(run(theseus, program, jobs if j == 1 else 1,
                                   out, mode, ranks=0 if j == 1 else jobs))
            else:
                runs[j].append(run(theseus, program, j, out, mode))
    one, many = runs[1], runs[jobs]
    reference = one[0][3]
    same = all(r[2]["stop_reason"] == "exhausted" and r[3] == reference
               for r in one + many)
    wall1 = statistics.median(r[0] for r in one)
    wallj = statistics.median(r[0] for r in many)
    s1 = one[0][2]
    sj = many[0][2]
    out_j = os.path.join(scratch, f"{os.path.basename(program)}-{jobs}-0")
    return {
        "program": os.path.relpath(program, ROOT),
        "mode": mode,
        "paths": len(reference),
        "wall_1": round(wall1, 2), f"wall_{jobs}": round(wallj, 2),
        "speedup": round(wall1 / wallj, 2),
        "cpu_1": round(statistics.median(r[1] for r in one), 2),
        f"cpu_{jobs}": round(statistics.median(r[1] for r in many), 2),
        "solver_share_1": round(s1["time"]["solver"] / s1["time"]["total"], 2),
        "efficiency": round(statistics.median(
            r[2]["workers"]["efficiency"] for r in many), 2),
        "same_paths": same,
        # What the scaling model (model.py) is fed, from the first -j N run.
        "model": {
            "workers": jobs,
            "paths": sj["paths"], "tests": sj["tests"],
            "seconds": sj["time"]["total"],
            "idle_seconds": sum(w["idle_seconds"]
                                for w in sj["workers"]["each"]),
            "listener_seconds": sj["workers"]["listener_seconds"],
            "claims": sj["workers"]["claims"],
            "handed_over": sum(w["sides_handed_over"]
                               for w in sj["workers"]["each"]),
            "run_db_bytes": os.path.getsize(os.path.join(out_j, "run.db")),
            "seconds_1": s1["time"]["total"],
        },
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--theseus", default=os.path.join(ROOT, "build/bin/theseus"))
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--mode", default="concolic", choices=("concolic", "fork"))
    p.add_argument("--mpi", action="store_true")
    p.add_argument("--json")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    programs = a.programs or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".c"))
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for program in programs:
            rows.append(measure(a.theseus, program, a.jobs, a.repeat, scratch,
                                a.mode, a.mpi))
            print(json.dumps(rows[-1]), flush=True)
    j = a.jobs
    print(f"\n{a.mode} mode; {os.cpu_count()} cores, load {load} at the "
          f"start; median of {a.repeat} runs each\n")
    one, many = ((f"-j {j}", f"mpirun -np {j + 1}") if a.mpi
                 else ("-j 1", f"-j {j}"))
    print(f"| program | paths | {one} s | {many} s | speed-up | cpu {one} s "
          f"| cpu {many} s | solver share | efficiency | same paths |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
    for r in rows:
        print(f"| {r['program']} | {r['paths']} | {r['wall_1']} | "
              f"{r[f'wall_{j}']} | {r['speedup']} | {r['cpu_1']} | "
              f"{r[f'cpu_{j}']} | {r['solver_share_1']} | {r['efficiency']} "
              f"| {'yes' if r['same_paths'] else 'NO'} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"jobs": j, "mode": a.mode, "mpi": a.mpi, "load": load,
                       "rows": rows}, f, indent=1)
    return 0 if all(r["same_paths"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
