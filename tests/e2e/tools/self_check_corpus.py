#!/usr/bin/env python3
"""Runs the forking mode with --self-check on every end-to-end program and
fails if any run reports a mismatch between the symbolic and the concrete
side (exit status 3, or self_check.passed false in summary.json).

Each program is explored from its default entry, with the flags of its
first RUN line that matter for exploring it (--entry, --max-len,
--max-strlen, --cflag, --check, --native) and a short time budget; a
program whose tree is cut short still gets the precision check.

usage: self_check_corpus.py THESEUS E2E_DIR OUT_DIR
"""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

KEPT = ("--entry", "--max-len", "--max-strlen", "--cflag", "--check",
        "--native", "--loop-bound", "--data-model")


def flags_of(source):
    """Exploration flags from the first RUN line that runs %theseus on %s."""
    for line in open(source, errors="replace"):
        m = re.match(r"\s*//\s*RUN:.*%theseus (?!replay)(.*)", line)
        if not m or "%s" not in m.group(1):
            continue
        # A RUN line continued on the next one ends with a backslash.
        command = m.group(1).split("|")[0].split(">")[0].rstrip().rstrip("\\")
        words = shlex.split(command)
        out = []
        for i, w in enumerate(words):
            name = w.split("=")[0]
            if name in KEPT:
                out.append(w if "=" in w else f"{w}={words[i + 1]}")
        here = os.path.dirname(source)
        return [w.replace("%S", here).replace("%inputs", f"{here}/Inputs")
                for w in out]
    return []


def main():
    theseus, e2e, out = sys.argv[1:4]
    failed, checked, skipped = [], 0, []
    for source in sorted(glob.glob(f"{e2e}/*.c")):
        name = os.path.basename(source)[:-2]
        run_dir = f"{out}/{name}"
        cmd = [theseus, "--mode=fork", "--self-check", "-q", "--max-time=5",
               "--loop-bound=8", source, "-o", run_dir] + flags_of(source)
        cmd = [c for i, c in enumerate(cmd)
               if not (c.startswith("--loop-bound=") and i < 8 and
                       any(f.startswith("--loop-bound") for f in cmd[i + 1:]))]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        summary = f"{run_dir}/summary.json"
        if r.returncode == 2 or not os.path.exists(summary):
            skipped.append(name)  # No default entry (e.g. errors.c).
            continue
        checked += 1
        check = json.load(open(summary)).get("self_check", {})
        if r.returncode == 3 or not check.get("passed"):
            failed.append(name)
            print(f"FAIL {name}: {' '.join(cmd)}\n{r.stdout}{r.stderr}")
        else:
            print(f"ok   {name}: precision {check['leaves_precise']}/"
                  f"{check['leaves_checked']}, exhaustiveness "
                  f"{check['samples_matched']}/"
                  f"{check['samples'] - check['samples_outside_assumptions']}"
                  if check["exhaustiveness_checked"] else
                  f"ok   {name}: precision {check['leaves_precise']}/"
                  f"{check['leaves_checked']} (tree cut short)")
    print(f"self-check corpus: {checked} programs, {len(failed)} failed, "
          f"skipped: {', '.join(skipped) or 'none'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
