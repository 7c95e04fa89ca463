#!/usr/bin/env python3
"""Prints the rows of an SQL query on a run database, as sqlite3 does.

  run_db.py DB SQL

Each row on a line, its columns separated by '|', NULL as an empty string.
The database is opened read-only, so a query never changes a run's record.
"""
import sqlite3
import sys

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
for row in db.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
