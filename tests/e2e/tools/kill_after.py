#!/usr/bin/env python3
"""Runs a command and kills it with SIGKILL after the given seconds.

  kill_after.py SECONDS COMMAND [ARG ...]

Exits 0 if the command was killed and every process it had started died
with it within 5 seconds, 1 if it ended by itself first, 2 if one of its
processes outlived it (those are then killed).
"""
import os
import signal
import subprocess
import sys
import time


def children():
    """Maps each process to its children, from /proc."""
    tree = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(pid))
    return tree


def descendants(pid):
    tree, found, pending = children(), [], [pid]
    while pending:
        for child in tree.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


proc = subprocess.Popen(sys.argv[2:])
try:
    proc.wait(timeout=float(sys.argv[1]))
    sys.exit(1)
except subprocess.TimeoutExpired:
    started = descendants(proc.pid)
    proc.kill()
    proc.wait()
deadline = time.time() + 5
while time.time() < deadline and any(map(alive, started)):
    time.sleep(0.1)
left = [p for p in started if alive(p)]
for p in left:
    os.kill(p, signal.SIGKILL)
if left:
    print(f"kill_after: processes {left} outlived the killed command",
          file=sys.stderr)
    sys.exit(2)
