#!/usr/bin/env python3
"""Runs Theseus on three small public C parsers through our own harnesses
(bench/parsers/parsers.txt) and reports coverage and bugs.

Usage: bench/parsers/run.py [--theseus PATH] [--max-time S] [--filter TEXT]
                            [--theseus-arg ARG]... [--cache DIR] [--out DIR]
                            [--json OUT] [--compare OLD.json]
                            [--results RESULTS.md]

Each parser is one run of
    theseus NAME_harness.c PARSER.c... --entry NAME_harness -q
            --max-time S --cflag=-I<cache dir of the repository> OPTIONS ARGS
where OPTIONS come from the harness' `// bench:` line (the size of the
symbolic strings) and ARGS are the --theseus-arg options (e.g.
`--theseus-arg=--fuzz` for the hybrid mode). Reported: paths, tests, branch coverage of the
parser's own files (from the lcov coverage.info, harness excluded) and of
the whole program (summary.json), the bugs (kind, file:line, whether the
native replay confirmed them), why exploration stopped, the solver's share
of the time, and the wall time.
"""
import os
import re
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sv"))
from corpuslib import (corpus_arguments, explore_fresh, load_previous,  # noqa: E402
                       machine_line, markdown_table, publish,
                       run_description)

PARSERS = os.path.join(HERE, "parsers.txt")
OPTIONS = re.compile(r"^// bench: (.*)$", re.M)


def read_parsers(path, pattern):
    parsers = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, repo, commit, files = line.split()
            if pattern and pattern not in name:
                continue
            parsers.append({"name": name, "repo": repo, "commit": commit,
                            "files": files.split(",")})
    return parsers


def branch_coverage(out, directory):
    """(covered, total) branches of the files under `directory`, summed
    over the SF records of OUT/coverage.info."""
    covered = total = 0
    mine = False
    path = os.path.join(out, "coverage.info")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for line in f:
            key, _, value = line.strip().partition(":")
            if key == "SF":
                mine = os.path.abspath(value).startswith(directory + os.sep)
            elif mine and key == "BRF":
                total += int(value)
            elif mine and key == "BRH":
                covered += int(value)
    return covered, total


def parser_command(p, cache, max_time):
    """The harness, the rest of theseus' arguments and the directory of
    the parser's own files (in the cache) for parser `p`."""
    directory = os.path.abspath(os.path.join(cache, p["repo"]))
    harness = os.path.join(HERE, f"{p['name']}_harness.c")
    with open(harness) as f:
        m = OPTIONS.search(f.read())
    sources = [os.path.join(directory, f) for f in p["files"]
               if f.endswith(".c")]
    for s in sources:
        if not os.path.exists(s):
            sys.exit(f"{s} is not in the cache (see bench/README.md)")
    args = sources + ["--entry", f"{p['name']}_harness",
                      "--max-time", str(max_time), f"--cflag=-I{directory}"]
    args += shlex.split(m[1]) if m else []
    return harness, args, directory


def run_parser(p, theseus, cache, out_root, max_time, extra):
    harness, args, directory = parser_command(p, cache, max_time)
    out = os.path.join(out_root, p["name"])
    e, _ = explore_fresh(theseus, harness, out, args + extra)
    record = dict(p, wall=round(e.wall, 2), exit=e.returncode)
    if e.failed or e.summary is None:
        first = e.stderr.strip().splitlines()[:1] or [""]
        return dict(record, error=first[0][-200:])
    s = e.summary
    parser_cov = branch_coverage(out, directory)
    return dict(record, **{
        "paths": s["paths"], "tests": s["tests"],
        "parser_branches": parser_cov,
        "all_branches": [s["coverage"]["branches"]["covered"],
                         s["coverage"]["branches"]["total"]],
        "bugs": [f"{b['kind']} {os.path.basename(b['file'])}:{b['line']} "
                 f"({b['confirmed']})" for b in s["bugs"]],
        "stop_reason": s["stop_reason"],
        "solver_share": (s["time"]["solver"] / s["time"]["total"]
                         if s["time"]["total"] else 0),
        "z3_calls": s["solver"]["z3_calls"],
    })


def percent(pair):
    if not pair or not pair[1]:
        return "-"
    return f"{100 * pair[0] / pair[1]:.1f} ({pair[0]}/{pair[1]})"


HEADERS = ["parser", "paths", "tests", "parser branch %", "all branch %",
           "bugs", "stopped", "solver %", "z3 calls", "wall s"]
NUMERIC = {"paths", "tests", "solver %", "z3 calls", "wall s"}


def table_row(r, before):
    if "error" in r:
        row = [r["name"], "-", "-", "-", "-", f"theseus exit {r['exit']}: "
               f"{r['error']}", "-", "-", "-", f"{r['wall']:.1f}"]
    else:
        row = [r["name"], r["paths"], r["tests"],
               percent(r["parser_branches"]), percent(r["all_branches"]),
               "; ".join(r["bugs"]) or "none", r["stop_reason"],
               f"{100 * r['solver_share']:.0f}", r["z3_calls"],
               f"{r['wall']:.1f}"]
    if before is not None:
        old = before.get(r["name"])
        row.append(percent(old.get("parser_branches")) if old else "-")
    return row


def report(rows, before, meta, command):
    headers = HEADERS + (["before: parser branch %"]
                         if before is not None else [])
    table = markdown_table(headers, [table_row(r, before) for r in rows],
                           NUMERIC)
    sources = "\n".join(f"- {r['name']}: {r['repo']} at {r['commit']} "
                        f"({', '.join(r['files'])})" for r in rows)
    return (f"Generated {machine_line(meta['machine'])} by\n\n```sh\n"
            f"{command}\n```\n\ntheseus: `{meta['theseus']}`, --max-time "
            f"{meta['max_time']}{extra_arguments(meta)}.\n\n{table}\n\nSources:\n\n{sources}\n")


def extra_arguments(meta):
    extra = meta.get("theseus_args")
    return f", {' '.join(extra)}" if extra else ""


def main():
    p = corpus_arguments(__doc__, "parsers", 60, "parser")
    p.add_argument("--parsers", default=PARSERS)
    p.add_argument("--theseus-arg", action="append", default=[],
                   help="an extra Theseus option for every run (repeatable)")
    a = p.parse_args()
    command, meta = run_description("bench/parsers/run.py", a)
    meta["theseus_args"] = a.theseus_arg
    before = load_previous(a.compare) if a.compare else None
    rows = []
    for parser in read_parsers(a.parsers, a.filter):
        rows.append(run_parser(parser, a.theseus, a.cache, a.out,
                               a.max_time, a.theseus_arg))
        print(f"{parser['name']}: {rows[-1]['wall']:.1f} s", file=sys.stderr)
    publish(a, "Public C parsers", report(rows, before, meta, command), meta, rows)


if __name__ == "__main__":
    main()
