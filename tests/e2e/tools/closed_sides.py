#!/usr/bin/env python3
"""Prints the distinct states of a run's closed sides, one a line, decoding
run.db's `closed_sides` blobs as docs/run-database.md describes them.

  closed_sides.py DB
"""
import sqlite3
import sys

STATES = ["infeasible", "unknown", "diverged", "pruned", "closed",
          "elsewhere", "explored", "open", "unseen"]


def sides(blob):
    """(depth, side, state) of each side in a blob."""
    i = 0
    while i < len(blob):
        value, shift = 0, 0
        while True:
            byte = blob[i]
            i += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        yield value >> 1, value & 1, STATES[blob[i]]
        i += 1


db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
states = {state for (blob,) in db.execute("select sides from closed_sides")
          for _, _, state in sides(blob)}
print("\n".join(sorted(states)))
