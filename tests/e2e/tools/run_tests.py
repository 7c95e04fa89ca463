"""Every test of a Theseus run directory, for the e2e checkers.

A run writes test files only for its suite; run.db keeps every test. Each
test comes as (name, test, has_file): its file name (test000042.json,
whether or not the file exists), the test as a dict (without `program` and
`explanation` when read from run.db), and whether the run kept a file.
Directories without run.db (older runs, exports) give their test files.
"""
import glob
import json
import os
import sqlite3


def stored_tests(run_dir):
    db = sqlite3.connect(f"file:{os.path.join(run_dir, 'run.db')}?mode=ro",
                         uri=True)
    for number, test, test_file in db.execute(
            "select number, test, test_file from paths order by number"):
        yield f"test{number:06}.json", json.loads(test), test_file is not None


def file_tests(run_dir):
    for path in sorted(glob.glob(os.path.join(run_dir, "test*.json"))):
        with open(path) as f:
            yield os.path.basename(path), json.load(f), True


def all_tests(run_dir, files_only=False):
    """Every test of the run (from run.db), or only its test files."""
    if files_only or not os.path.exists(os.path.join(run_dir, "run.db")):
        return file_tests(run_dir)
    return stored_tests(run_dir)
