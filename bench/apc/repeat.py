#!/usr/bin/env python3
"""Runs one reach-a-target benchmark several times: a search whose luck
depends on when the apc's answers arrive needs more than one run.

Usage: bench/apc/repeat.py THESEUS RUNS MAX_TIME PROGRAM.c [EXTRA ARGS...]

Each run is `theseus PROGRAM.c -o OUT -q --max-time MAX_TIME --target
reach_error OPTIONS EXTRA`, OPTIONS from the program's `// bench-options:`
line. Prints one line: the program, then per run `verdict:seconds:paths`
(seconds to the reaching test, from summary.json), and a count reached.
"""
import json
import shutil
import subprocess
import sys
import tempfile


def options(program):
    with open(program) as f:
        for line in f:
            if "bench-options:" in line:
                return line.split("bench-options:")[1].split()
    return []


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    theseus, runs, max_time, program = sys.argv[1:5]
    extra = sys.argv[5:]
    cells, reached = [], 0
    for _ in range(int(runs)):
        out = tempfile.mkdtemp(prefix="theseus-repeat-")
        subprocess.run([theseus, program, "-o", out, "-q", "--max-time",
                        max_time, "--target", "reach_error"] +
                       options(program) + extra,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out + "/summary.json") as f:
            s = json.load(f)
        seconds = next((b["found_after"]["seconds"] for b in s.get("bugs", [])
                        if b.get("kind") == "reach-error"), None)
        verdict = s.get("target", {}).get("verdict")
        reached += verdict == "reached"
        cells.append(f"{verdict}:{'-' if seconds is None else round(seconds, 2)}"
                     f":{s.get('paths')}")
        shutil.rmtree(out)
    print(program.split("/")[-1], " ".join(cells), f"({reached} of {runs} reached)")


if __name__ == "__main__":
    main()
