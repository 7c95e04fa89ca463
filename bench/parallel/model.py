#!/usr/bin/env python3
"""Projects the speed-up of -j N (and of ranks under MPI) beyond this
machine from what bench/parallel/speedup.py measured.

Usage: bench/parallel/model.py RESULTS.json [--workers 2,16,64,256]
                               [--handling-us 5]

Per program, from the first -j N run of RESULTS.json:
  T1  wall time per path at -j 1 (median);
  c   the single listener's time per test (tests, run.db, summary: the
      one serial part; `workers.listener_seconds` / tests);
  w   a worker's own time per path, T1 - c (interpreter, solver, claims);
  e   the parallel efficiency measured at N (1 - idle share).
Threads (one process): a worker does w, then waits for the listener's c
under its lock, so X(N) = min(e*N / (w + c), 1 / c) paths per second.
MPI (--distributed=mpi, one worker per exploring rank): claims stay in
their process and a rank sends each path's record without waiting, so a
worker does w; rank 0 does c plus the handling of each message
(--handling-us): one per path (its record, about run.db's bytes per test)
and ten progress reports a second per rank, so
X(N) = min(e*N / w, (1 - 10*N*h) / (c + h)). The speed-up is X(N) * T1,
and rank 0 saturates at about N* = w / (c + h) workers.
"""
import argparse
import json
import sys


def project(row, workers, handling_us):
    m = row["model"]
    t1 = row["wall_1"] / m["paths"]
    c = m["listener_seconds"] / m["tests"]
    w = max(t1 - c, 1e-9)
    busy = m["seconds"] * m["workers"]
    e = 1 - m["idle_seconds"] / busy if busy else 1
    handle = handling_us * 1e-6
    out = {"program": row["program"], "T1_ms": t1 * 1e3, "c_ms": c * 1e3,
           "w_ms": w * 1e3, "efficiency": e,
           "bytes_per_test": m["run_db_bytes"] / m["tests"],
           "claims_per_path": m["claims"] / m["paths"],
           "threads_saturate_at": (w + c) / c if c else float("inf"),
           "mpi_saturate_at": w / (c + handle),
           "curve": []}
    for n in workers:
        threads = min(e * n / (w + c), 1 / c if c else float("inf")) * t1
        mpi = min(e * n / w, (1 - 10 * n * handle) / (c + handle)) * t1
        out["curve"].append({"workers": n, "threads": threads, "mpi": mpi})
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("results")
    p.add_argument("--workers", default="2,16,64,256")
    p.add_argument("--handling-us", type=float, default=5)
    a = p.parse_args()
    workers = [int(n) for n in a.workers.split(",")]
    with open(a.results) as f:
        rows = json.load(f)["rows"]
    print("| program | T1 ms/path | listener ms/test | worker ms/path | "
          "efficiency | run.db B/test | claims/path | threads saturate at | "
          "MPI saturates at |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    projected = [project(r, workers, a.handling_us)
                 for r in rows]
    for q in projected:
        print(f"| {q['program']} | {q['T1_ms']:.3f} | {q['c_ms']:.4f} | "
              f"{q['w_ms']:.3f} | {q['efficiency']:.2f} | "
              f"{q['bytes_per_test']:.0f} | {q['claims_per_path']:.1f} | "
              f"{q['threads_saturate_at']:.0f} | {q['mpi_saturate_at']:.0f} |")
    print()
    print("| program | " + " | ".join(
        f"{n} threads | {n} MPI" for n in workers) + " |")
    print("|---|" + "--:|--:|" * len(workers))
    for q in projected:
        print(f"| {q['program']} | " + " | ".join(
            f"{c['threads']:.1f} | {c['mpi']:.1f}" for c in q["curve"]) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
