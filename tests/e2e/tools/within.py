#!/usr/bin/env python3
"""Runs a command and fails if it takes longer than the given seconds.

  within.py SECONDS COMMAND [ARG ...]

The command's exit status is ignored (a run that finds bugs exits 1); a
command still running at twice the limit is killed.
"""
import subprocess
import sys
import time

limit = float(sys.argv[1])
start = time.monotonic()
try:
    subprocess.run(sys.argv[2:], timeout=2 * limit + 5)
except subprocess.TimeoutExpired:
    pass
elapsed = time.monotonic() - start
print(f"within: {elapsed:.2f} s (limit {limit:.2f} s)")
sys.exit(0 if elapsed <= limit else 1)
