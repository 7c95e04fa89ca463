#!/usr/bin/env python3
"""Measures --resume on the public parsers (bench/parsers/parsers.txt): one
run of 2T seconds against a run stopped at T seconds and resumed for T more.

Usage: bench/parsers/resume.py [--theseus PATH] [--max-time T] [--filter TEXT]
                               [--cache DIR] [--out DIR] [--json OUT]
                               [--results RESULTS.md]

Each parser runs as bench/parsers/run.py runs it: once with --max-time 2T
(OUT/whole/NAME), and once with --max-time T (OUT/parts/NAME) followed by
`theseus --resume OUT/parts/NAME --max-time T`. Reported for both: paths,
tests in run.db, branch coverage of the parser's own files (lcov) and of
the whole program, and for the resumed part how many earlier tests it ran
again and how long that took (summary.json's `parts`).
"""
import json
import os
import subprocess
import sys

# run.py puts bench/sv (corpuslib) on the path.
from run import branch_coverage, percent, read_parsers, run_parser
from corpuslib import (corpus_arguments, machine_line,  # noqa: E402
                       markdown_table, publish, run_description)

PARSERS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "parsers.txt")


def figures(out, directory, summary):
    return {"paths": summary["paths"], "tests": summary["tests"],
            "parser_branches": branch_coverage(out, directory),
            "all_branches": [summary["coverage"]["branches"]["covered"],
                             summary["coverage"]["branches"]["total"]],
            "stop_reason": summary["stop_reason"]}


def read_summary(out):
    with open(os.path.join(out, "summary.json")) as f:
        return json.load(f)


def resume(theseus, out, max_time):
    subprocess.run([theseus, "--resume", out, "--max-time", str(max_time),
                    "-q"], stdout=subprocess.DEVNULL, check=False)
    return read_summary(out)


def measure(p, a):
    directory = os.path.abspath(os.path.join(a.cache, p["repo"]))
    whole = run_parser(p, a.theseus, a.cache,
                       os.path.join(a.out, "whole"), 2 * a.max_time, [])
    first = run_parser(p, a.theseus, a.cache,
                       os.path.join(a.out, "parts"), a.max_time, [])
    if "error" in whole or "error" in first:
        return dict(p, error=whole.get("error") or first.get("error"))
    out = os.path.join(a.out, "parts", p["name"])
    s = resume(a.theseus, out, a.max_time)
    last = s["parts"][-1]
    whole_out = os.path.join(a.out, "whole", p["name"])
    return dict(p, whole=figures(whole_out, directory,
                                 read_summary(whole_out)),
                first=first["tests"],
                resumed=figures(out, directory, s),
                run_again=last["tests_run_again"],
                run_again_seconds=round(last["seconds_running_them_again"], 2),
                all_parts_seconds=round(s["time"]["all_parts"], 2))


HEADERS = ["parser", "2T: paths", "2T: tests", "2T: parser branch %",
           "2T: all branch %", "T+T: paths", "T+T: tests",
           "T+T: parser branch %", "T+T: all branch %",
           "tests after T", "run again (s)"]
NUMERIC = {"2T: paths", "2T: tests", "T+T: paths", "T+T: tests",
           "tests after T"}


def row(r):
    if "error" in r:
        return [r["name"], r["error"]] + ["-"] * (len(HEADERS) - 2)
    w, t = r["whole"], r["resumed"]
    return [r["name"], w["paths"], w["tests"], percent(w["parser_branches"]),
            percent(w["all_branches"]), t["paths"], t["tests"],
            percent(t["parser_branches"]), percent(t["all_branches"]),
            r["first"], f"{r['run_again']} in {r['run_again_seconds']:.1f}"]


def main():
    p = corpus_arguments(__doc__, "parsers", 30, "parser")
    a = p.parse_args()
    command, meta = run_description("bench/parsers/resume.py", a)
    rows = []
    for parser in read_parsers(PARSERS, a.filter):
        rows.append(measure(parser, a))
        print(f"{parser['name']}: done", file=sys.stderr)
    table = markdown_table(HEADERS, [row(r) for r in rows], NUMERIC)
    text = (f"Generated {machine_line(meta['machine'])} by\n\n```sh\n"
            f"{command}\n```\n\ntheseus: `{meta['theseus']}`, T = "
            f"{a.max_time} s.\n\n{table}\n")
    publish(a, "Resuming on the public parsers", text, meta, rows)


if __name__ == "__main__":
    main()
