#!/usr/bin/env python3
"""Plain native random testing of SV-COMP reach-safety tasks: the baseline
the fuzzing phase is measured against.

Usage: bench/sv/random_testing.py [--max-time S] [--filter TEXT]
                                  [--only-false] [--json OUT]

Each task's input file is compiled natively (clang -O1, -m32 for the
tasks whose .yml says ILP32) with
random_nondet.c, whose __VERIFIER_nondet_* return uniformly random bytes,
and where reaching reach_error() exits with status 97. The binary runs again and again
with seeds 1, 2, ... until the error is reached or S seconds (default 20)
have passed; each run may take at most the time left.
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpuslib import CACHE_DIR  # noqa: E402
# bench/sv/run.py (bench/run.py is another module of that name).
_spec = importlib.util.spec_from_file_location("sv_run",
                                               os.path.join(HERE, "run.py"))
sv_run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sv_run)

REACHED = 97


def build(source, model, workdir):
    """The task's object keeps every call of its error functions (-fPIC
    with semantic interposition: no inlining, no call dropped for an empty
    body) and its definitions of them are weakened, so that
    random_nondet.c's end the run whatever the task's body, as in the
    engine and its native replay."""
    binary = os.path.join(workdir, "program")
    obj = os.path.join(workdir, "task.o")
    arch = ["-m32"] if model == "ILP32" else []
    steps = [
        ["clang-19", "-c", "-O1", "-w", "-fPIC", "-fsemantic-interposition",
         "-Wno-error=implicit-function-declaration", *arch, source,
         "-o", obj],
        ["llvm-objcopy-19", "--weaken-symbol=reach_error",
         "--weaken-symbol=__VERIFIER_error", obj],
        ["clang-19", "-O1", "-w", *arch, obj,
         os.path.join(HERE, "random_nondet.c"), "-o", binary, "-lm"]]
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            return None, r.stderr.strip().splitlines()[:1]
    return binary, None


def fuzz_randomly(binary, max_time):
    start = time.monotonic()
    runs = 0
    while True:
        left = max_time - (time.monotonic() - start)
        if left <= 0:
            return None, runs
        runs += 1
        env = dict(os.environ, THESEUS_RANDOM_SEED=str(runs))
        try:
            r = subprocess.run([binary], env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=left)
        except subprocess.TimeoutExpired:
            return None, runs
        if r.returncode == REACHED:
            return time.monotonic() - start, runs


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--max-time", type=float, default=20)
    p.add_argument("--filter")
    p.add_argument("--only-false", action="store_true")
    p.add_argument("--cache", default=os.path.join(CACHE_DIR, "sv"))
    p.add_argument("--json")
    a = p.parse_args()
    rows = []
    for task in sv_run.read_tasks(sv_run.TASKS, a.filter):
        if a.only_false and task["expected"]:
            continue
        source, model = sv_run.task_input(a.cache, task["name"])
        with tempfile.TemporaryDirectory() as tmp:
            binary, error = build(source, model, tmp)
            reached, runs = (fuzz_randomly(binary, a.max_time) if binary
                             else (None, 0))
        rows.append(dict(task, reached=reached, runs=runs, error=error,
                         data_model=model))
        outcome = (f"reached {reached:.2f} s" if reached is not None else
                   f"error {error}" if error else "not reached")
        print(f"{task['name']}: {outcome} ({runs} runs)")
    false = [r for r in rows if not r["expected"]]
    print(f"expected-false tasks reached: "
          f"{sum(r['reached'] is not None for r in false)} of {len(false)}; "
          f"expected-true reached (wrong): "
          f"{sum(r['reached'] is not None for r in rows if r['expected'])}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
