#!/usr/bin/env python3
"""Runs a command and kills it, after a time or once its output shows a state.

  kill_after.py [--signal NAME] [--when-summary DIR EXPR]
                [--when-files GLOB COUNT] SECONDS COMMAND [ARG ...]

Without a --when option the command is sent the signal (default KILL) after
SECONDS. With one, as soon as its condition holds (polled ten times a
second), so that what the test asserts does not depend on the machine's
speed; SECONDS is then only a guard against a hang, and a command still
short of the condition at SECONDS is killed and fails the test (exit 3).
--when-summary: DIR/summary.json exists and the Python expression EXPR holds
over it (its keys as variables, as in check_summary.py); --when-files: at
least COUNT files match GLOB.

After a signal other than KILL the command gets 30 seconds to end by itself
before it is killed. Exits 0 if the command was sent the signal and every
process it had started died with it within 5 seconds (30 after another
signal), 1 if it ended by itself first, 2 if one of its processes outlived
it (those are then killed), 3 if a --when condition never held.
"""
import argparse
import glob
import json
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


def summary_holds(out, expr):
    try:
        with open(os.path.join(out, "summary.json")) as f:
            s = json.load(f)
    except (OSError, ValueError):
        return False
    env = dict(s)
    env["s"] = s
    try:
        return bool(eval(expr, {}, env))
    except Exception:
        return False


parser = argparse.ArgumentParser()
parser.add_argument("--signal", default="KILL")
parser.add_argument("--when-summary", nargs=2, metavar=("DIR", "EXPR"))
parser.add_argument("--when-files", nargs=2, metavar=("GLOB", "COUNT"))
parser.add_argument("seconds", type=float)
parser.add_argument("command", nargs=argparse.REMAINDER)
args = parser.parse_args()
sig = getattr(signal, "SIG" + args.signal)


def condition():
    if args.when_summary:
        return summary_holds(*args.when_summary)
    if args.when_files:
        return len(glob.glob(args.when_files[0])) >= int(args.when_files[1])
    return False


waiting = bool(args.when_summary or args.when_files)
proc = subprocess.Popen(args.command)
deadline = time.monotonic() + args.seconds
held = False
while time.monotonic() < deadline:
    if proc.poll() is not None:
        print("kill_after: the command ended by itself", file=sys.stderr)
        sys.exit(1)
    if waiting and condition():
        held = True
        break
    time.sleep(0.1)
started = descendants(proc.pid)
if waiting and not held:
    sig = signal.SIGKILL
proc.send_signal(sig)
grace = 5
if sig != signal.SIGKILL:
    grace = 30
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
proc.wait()
deadline = time.monotonic() + grace
while time.monotonic() < deadline and any(map(alive, started)):
    time.sleep(0.1)
left = [p for p in started if alive(p)]
for p in left:
    os.kill(p, signal.SIGKILL)
if waiting and not held:
    print(f"kill_after: the condition did not hold within {args.seconds} s",
          file=sys.stderr)
    sys.exit(3)
if left:
    print(f"kill_after: processes {left} outlived the killed command",
          file=sys.stderr)
    sys.exit(2)
