#!/usr/bin/env python3
"""Runs an mpirun command and kills one of its ranks once the run has
reported some paths, then lets the run go on.

  kill_rank.py RANK RUN_DIR MIN_PATHS COMMAND [ARG ...]

As soon as RUN_DIR/run.db holds at least MIN_PATHS paths (polled twenty
times a second), the process of rank RANK (the one whose environment has
OMPI_COMM_WORLD_RANK=RANK) gets SIGKILL. Exits with the command's status,
or 3 if the command ended before the kill or runs longer than 300 s.
"""
import os
import signal
import sqlite3
import subprocess
import sys
import time


def paths(run_dir):
    try:
        db = sqlite3.connect(f"file:{run_dir}/run.db?mode=ro", uri=True,
                             timeout=1)
        with db:
            return db.execute("select count(*) from paths").fetchone()[0]
    except sqlite3.Error:
        return 0


def rank_process(rank):
    want = f"OMPI_COMM_WORLD_RANK={rank}".encode()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if want not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"theseus" in f.read():
                    return int(pid)
        except OSError:
            continue
    return None


def main():
    rank, run_dir, min_paths = sys.argv[1], sys.argv[2], int(sys.argv[3])
    command = subprocess.Popen(sys.argv[4:])
    deadline = time.monotonic() + 300
    while paths(run_dir) < min_paths:
        if command.poll() is not None or time.monotonic() > deadline:
            print("kill_rank: the run ended before the kill", file=sys.stderr)
            command.kill()
            return 3
        time.sleep(0.05)
    pid = rank_process(rank)
    if pid is None:
        print(f"kill_rank: no process of rank {rank}", file=sys.stderr)
        command.kill()
        return 3
    os.kill(pid, signal.SIGKILL)
    print(f"kill_rank: killed rank {rank} after {min_paths} paths",
          file=sys.stderr)
    try:
        return command.wait(timeout=max(1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        command.kill()
        return 3


if __name__ == "__main__":
    sys.exit(main())
