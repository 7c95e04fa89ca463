"""Every test of a Theseus run directory, for the e2e checkers.

A run writes test files only for its suite; run.db keeps every test. Each
test comes as (name, test, has_file): its file name (test000042.json,
whether or not the file exists), the test as a dict, and whether the run
kept a file. Tests are read from run.db as `theseus export --json` writes
them (the binary is $THESEUS, set by lit.cfg.py). Directories without
run.db (older runs, exports) give their test files.
"""
import glob
import json
import os
import sqlite3
import subprocess
import tempfile


def stored_tests(run_dir):
    db = sqlite3.connect(f"file:{os.path.join(run_dir, 'run.db')}?mode=ro",
                         uri=True)
    kept = dict(db.execute("select number, test_file is not null from paths"))
    db.close()
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([os.environ["THESEUS"], "export", run_dir, "--json",
                        out], check=True, stdout=subprocess.DEVNULL)
        for number in sorted(kept):
            name = f"test{number:06}.json"
            with open(os.path.join(out, name)) as f:
                test = json.load(f)
            yield name, test, bool(kept[number])


def file_tests(run_dir):
    for path in sorted(glob.glob(os.path.join(run_dir, "test*.json"))):
        with open(path) as f:
            yield os.path.basename(path), json.load(f), True


def all_tests(run_dir, files_only=False):
    """Every test of the run (from run.db), or only its test files."""
    if files_only or not os.path.exists(os.path.join(run_dir, "run.db")):
        return file_tests(run_dir)
    return stored_tests(run_dir)
