#!/usr/bin/env python3
"""Checks a forking run's tree.json: python expressions over its nodes.

Each node is seen as a dict with the fields of tree.json plus `children`
(their count), `pc` (the path condition joined by ' && ') and `value` (a
leaf's return value as a signed 32-bit int, if any).

  --count EXPR N   exactly N nodes satisfy EXPR
  --some EXPR      at least one node satisfies EXPR
  --none EXPR      no node satisfies EXPR
"""
import argparse
import json
import sys


def load(path):
    nodes = json.load(open(path))["nodes"]
    children = {}
    for n in nodes:
        children[n["parent"]] = children.get(n["parent"], 0) + 1
    env = []
    for n in nodes:
        e = dict(n)
        e.setdefault("leaf", None)
        e.setdefault("condition", None)
        e.setdefault("variables", {})
        e["children"] = children.get(n["id"], 0)
        e["pc"] = " && ".join(n["path_condition"])
        v = n.get("outcome", {}).get("value")
        e["value"] = v - 2**32 if v is not None and v >= 2**31 else v
        env.append(e)
    return env


def main():
    p = argparse.ArgumentParser()
    p.add_argument("tree")
    p.add_argument("--count", nargs=2, action="append", default=[])
    p.add_argument("--some", action="append", default=[])
    p.add_argument("--none", action="append", default=[])
    a = p.parse_args()
    nodes = load(a.tree)
    held = lambda expr: sum(1 for n in nodes if eval(expr, {}, n))
    ok = True
    for expr, want in a.count:
        if held(expr) != int(want):
            print(f"count({expr}) = {held(expr)}, expected {want}")
            ok = False
    for expr in a.some:
        if held(expr) == 0:
            print(f"no node satisfies: {expr}")
            ok = False
    for expr in a.none:
        if held(expr):
            print(f"{held(expr)} nodes satisfy: {expr}")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
