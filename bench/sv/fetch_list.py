#!/usr/bin/env python3
"""Fills bench/cache/ from local git clones, offline: every file named in
bench/sv/tasks.txt and bench/parsers/parsers.txt is taken from its clone at
the commit the list records (`git show COMMIT:PATH`).

Usage: bench/sv/fetch_list.py CLONES_DIR [--cache bench/cache]
                              [--tasks bench/sv/tasks.txt]

CLONES_DIR holds one clone per repository, as OWNER/NAME:
    CLONES_DIR/sosy-lab/sv-benchmarks, CLONES_DIR/zserge/jsmn,
    CLONES_DIR/kokke/tiny-regex-c, CLONES_DIR/benhoyt/inih
(full clones: the recorded commits must be in their history). Files
already in the cache are left alone.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
SV_REPO = "sosy-lab/sv-benchmarks"


def sv_files(clone, tasks):
    """(repository, commit, path, cache path) of each task's .yml and
    input file in the list `tasks`."""
    with open(tasks) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yml, commit, _, input_commit = line.split()
            yield SV_REPO, commit, yml, os.path.join("sv", yml)
            text = git_show(clone, commit, yml).decode()
            source = re.search(r"^input_files:\s*'?([^'\n]+)'?", text, re.M)
            path = os.path.join(os.path.dirname(yml), source[1].strip())
            yield SV_REPO, input_commit, path, os.path.join("sv", path)


def parser_files():
    with open(os.path.join(BENCH, "parsers", "parsers.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            _, repo, commit, files = line.split()
            for path in files.split(","):
                yield repo, commit, path, os.path.join("parsers", repo, path)


def git_show(clone, commit, path):
    return subprocess.run(["git", "-C", clone, "show", f"{commit}:{path}"],
                          check=True, stdout=subprocess.PIPE).stdout


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("clones")
    p.add_argument("--cache", default=os.path.join(BENCH, "cache"))
    p.add_argument("--tasks", default=os.path.join(HERE, "tasks.txt"))
    a = p.parse_args()
    sv_clone = os.path.join(a.clones, SV_REPO)
    wanted = list(parser_files())
    if os.path.isdir(sv_clone):
        wanted += list(sv_files(sv_clone, a.tasks))
    else:
        print(f"no {sv_clone}: SV-COMP tasks skipped", file=sys.stderr)
    for repo, commit, path, dest in wanted:
        target = os.path.join(a.cache, dest)
        clone = os.path.join(a.clones, repo)
        if os.path.exists(target) or not os.path.isdir(clone):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(git_show(clone, commit, path))
        print(f"{dest} <- {repo}@{commit[:12]}", file=sys.stderr)


if __name__ == "__main__":
    main()
