"""Helpers of search_default.c (tests/e2e).

first-bug DIR LIMIT: the first bug's found_after, checked against the test
    that shows it, and whether it came within LIMIT paths.
same-order DIR1 DIR2: both runs found the same paths in the same order.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
from run_tests import all_tests  # noqa: E402


def first_bug(run_dir, limit):
    summary = json.load(open(f"{run_dir}/summary.json"))
    bug = summary["bugs"][0]
    after = bug["found_after"]
    test = json.load(open(f"{run_dir}/{bug['test']}"))
    # Every earlier test is an ended path here (no variants: the return
    # value is a count the branches fix), so the bug's test is path N.
    assert after["paths"] == test["test"], (after, test["test"])
    assert 0 < after["seconds"] <= summary["time"]["total"], after
    within = f"under {limit}" if after["paths"] < int(limit) else "over"
    print(f"bug after {after['paths']} paths ({within})")


def same_order(a, b):
    def order(run_dir):
        return [t["path"] for _, t, _ in all_tests(run_dir)]
    first, second = order(a), order(b)
    print(f"same order: {len(first)} tests" if first == second
          else "different order")


if __name__ == "__main__":
    if sys.argv[1] == "first-bug":
        first_bug(sys.argv[2], sys.argv[3])
    else:
        same_order(sys.argv[2], sys.argv[3])
