#!/usr/bin/env python3
"""Checks that two runs wrote the same tree, and that each tree names the
tests its run.db holds.

  same_tree.py DIR1 DIR2

Both tree.json formats (a forking run's, a concolic run's path tree). Two
trees are the same when they have the same leaves, each described by the
conditions on the edges from the root down to it, its kind and its
outcome (end, value, bug), and the same number of nodes; node ids and
test numbers may differ. A forking run's summary must count its tree's
nodes (`tree_nodes`). In each
directory, every test a leaf names must be a test of run.db with the same
outcome, and every path of run.db must be named by some leaf.
"""
import collections
import json
import os
import sqlite3
import sys


def leaves(run_dir):
    tree = json.load(open(os.path.join(run_dir, "tree.json")))
    nodes = tree["nodes"]
    if tree["format"] == "theseus-tree-1":
        with open(os.path.join(run_dir, "summary.json")) as f:
            counted = json.load(f)["tree_nodes"]
        if counted != len(nodes):
            sys.exit(f"{run_dir}: tree_nodes {counted}, tree.json has "
                     f"{len(nodes)} nodes")
    by_id = {n["id"]: n for n in nodes}
    out = collections.Counter()
    named = {}
    for n in nodes:
        if "leaf" not in n:
            continue
        way = []
        at = n
        while at is not None:
            if "condition" in at:
                way.append(at["condition"])
            at = by_id.get(at["parent"])
        outcome = n.get("outcome", {})
        out[(tuple(reversed(way)), n["leaf"], outcome.get("end"),
             json.dumps(outcome.get("value")), outcome.get("bug"))] += 1
        if "test" in n:
            named[n["test"]] = outcome.get("end")
    out[("nodes", len(nodes))] = 1
    return out, named


def check_names(run_dir, named):
    db = sqlite3.connect(f"file:{run_dir}/run.db?mode=ro", uri=True)
    rows = db.execute("SELECT number, path_id, outcome FROM paths").fetchall()
    outcome = {f"test{n:06d}.json": o for n, _, o in rows}
    path_of = {f"test{n:06d}.json": p for n, p, _ in rows}
    for name, end in named.items():
        if name not in outcome:
            sys.exit(f"{run_dir}: the tree names {name}, which run.db lacks")
        if outcome[name] != end:
            sys.exit(f"{run_dir}: {name} ends {end} in the tree, "
                     f"{outcome[name]} in run.db")
    unnamed = {p for _, p, _ in rows} - {path_of[n] for n in named}
    if unnamed:
        sys.exit(f"{run_dir}: {len(unnamed)} paths of run.db have no leaf")


def main():
    a_dir, b_dir = sys.argv[1:3]
    (a, a_named), (b, b_named) = leaves(a_dir), leaves(b_dir)
    check_names(a_dir, a_named)
    check_names(b_dir, b_named)
    if a != b:
        print(f"different leaves: {sum(a.values())} and {sum(b.values())}")
        for leaf in sorted((a - b).keys())[:5]:
            print(f"  only in {a_dir}: {leaf}")
        for leaf in sorted((b - a).keys())[:5]:
            print(f"  only in {b_dir}: {leaf}")
        sys.exit(1)
    print(f"same tree: {sum(a.values()) - 1} leaves")


if __name__ == "__main__":
    main()
