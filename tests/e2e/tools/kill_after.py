#!/usr/bin/env python3
"""Runs a command and kills it with SIGKILL after the given seconds.

  kill_after.py SECONDS COMMAND [ARG ...]

Exits 0 if the command was killed, 1 if it ended by itself first.
"""
import subprocess
import sys

proc = subprocess.Popen(sys.argv[2:])
try:
    proc.wait(timeout=float(sys.argv[1]))
    sys.exit(1)
except subprocess.TimeoutExpired:
    proc.kill()
    proc.wait()
