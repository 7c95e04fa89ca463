#!/usr/bin/env python3
"""Reach-a-target benchmarks: the programs of "Abstracting Path Conditions"
(section 8), written for this project from its descriptions and the listings
of its appendix, plus its running example. Each calls reach_error() at its target.

Usage: bench/apc/run.py [--theseus PATH] [--max-time S]
                        [--configs concolic,fork,apc-only,apc,apc-fork]
                        [--json OUT.json] [PROGRAM.c ...]

Per program and configuration, one run of
    theseus PROGRAM.c OPTIONS -o OUT -q --max-time S CONFIG-ARGS
where OPTIONS come from the program's `// bench-options:` line. A run that
reports the reach-error bug is stopped at once (SIGINT) and its time to the
target recorded; `--apc-only` runs report the verdict and the time split of
the apc (build, unfold apc^K, solve apc^K, solve apc) from summary.json.
"""
import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from benchlib import (DEFAULT_THESEUS, explore_until_bug, first_bug_seconds,
                      list_programs, markdown_table, program_options)

CONFIGS = {
    # The searches without the apc, aimed at the target by CFG distance.
    "concolic": ["--target", "reach_error", "--no-apc"],
    "fork": ["--target", "reach_error", "--no-apc", "--mode", "fork"],
    "apc-only": ["--target", "reach_error", "--apc-only"],
    "apc": ["--target", "reach_error"],
    "apc-fork": ["--target", "reach_error", "--mode", "fork"],
}


def verdict(summary, seen):
    """What a run decided about the target."""
    if summary is None:
        return "failed"
    target = summary.get("target")
    if target:
        return target.get("verdict", "?")
    if seen is not None:
        return "reached"
    if summary.get("complete"):
        return "unreachable (exhausted)"
    return "unknown"


def run(theseus, program, config, max_time):
    out = tempfile.mkdtemp(prefix="theseus-apc-")
    args = program_options(program) + ["--max-time", str(max_time)]
    e, seen = explore_until_bug(theseus, program, out, "reach-error",
                                args + CONFIGS[config])
    s = e.summary or {}
    times = (s.get("target") or {}).get("times", {})
    exact = first_bug_seconds(s, "reach-error")
    return {
        "program": os.path.basename(program),
        "config": config,
        "verdict": verdict(e.summary, seen),
        "to_target": exact if exact is not None else seen,
        "wall": round(e.wall, 3),
        "paths": s.get("paths"),
        "apc_times": times,
        "answered_by": (s.get("target") or {}).get("answered_by"),
        "apc_total": apc_total(s.get("target")),
        "apc_wall": ((s.get("target") or {}).get("times") or {}).get("total"),
        "stderr": e.stderr.strip()[-300:] if e.summary is None else "",
    }


# The Apc column of the paper's Table 1: build + the race's winner, seconds.
PAPER_APC = {"hello": 0.181, "hw": 0.941, "hwm": 4.660, "matrir": 0.035,
             "windriver": 0.627, "oneloop": 0.003, "twoloops": 0.003}


def apc_total(target):
    """The apc's own time as the paper counts it: building it, and the side
    of the race that answered (apc^K: its unfolding and solving)."""
    times = (target or {}).get("times", {})
    by = (target or {}).get("answered_by")
    if "build_apc" not in times or not by:
        return None
    side = {"apc^K": times["unfold_apc_k"] + times["solve_apc_k"],
            "apc, counters fixed": times.get("counters_fixed")}
    return times["build_apc"] + side.get(by, times["solve_apc"])


def fmt_time(t):
    return "" if t is None else f"{t:.3f}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--theseus", default=DEFAULT_THESEUS)
    p.add_argument("--max-time", type=float, default=60)
    p.add_argument("--configs", default="concolic,fork,apc-only,apc")
    p.add_argument("--json", help="write the rows to this file")
    p.add_argument("programs", nargs="*")
    a = p.parse_args()
    configs = a.configs.split(",")
    unknown = [c for c in configs if c not in CONFIGS]
    if unknown:
        sys.exit(f"unknown configuration {unknown}; known: {list(CONFIGS)}")
    programs = a.programs or list_programs(os.path.dirname(
        os.path.abspath(__file__)))
    rows = []
    for prog in programs:
        for config in configs:
            r = run(a.theseus, prog, config, a.max_time)
            rows.append(r)
            print(f"{r['program']} {config}: {r['verdict']} "
                  f"{fmt_time(r['to_target'])} {r['stderr']}", file=sys.stderr)
    headers = ["program", "config", "verdict", "to target s", "wall s",
               "paths", "apc s", "paper apc s", "apc wall s", "answered by",
               "build",
               "counters fixed", "unfold", "solve apc^K", "solve apc"]
    stem = lambda r: os.path.splitext(r["program"])[0]
    table = [[r["program"], r["config"], r["verdict"],
              fmt_time(r["to_target"]), f"{r['wall']:.2f}", r["paths"] or "",
              fmt_time(r["apc_total"]), fmt_time(PAPER_APC.get(stem(r))),
              fmt_time(r["apc_wall"]),
              r["answered_by"] or "",
              *(fmt_time(r["apc_times"].get(k)) if r["answered_by"] else ""
                for k in
                ("build_apc", "counters_fixed", "unfold_apc_k", "solve_apc_k",
                 "solve_apc"))]
             for r in rows]
    print(markdown_table(headers, table,
                         right_aligned=("to target s", "wall s", "paths", "apc s",
                                        "paper apc s", "apc wall s")))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
