#!/usr/bin/env python3
"""Runs Theseus on SV-COMP reach-safety tasks (bench/sv/tasks.txt) and
scores it against their expected verdicts.

Usage: bench/sv/run.py [--theseus PATH] [--max-time S] [--filter TEXT]
                       [--cache DIR] [--out DIR] [--json OUT]
                       [--compare OLD.json] [--results RESULTS.md]

Each task is one run of
    theseus INPUT --entry main -q --max-time S -o OUT [--target reach_error]
on the task's input file, read from the cache (bench/cache/sv/<path in
sv-benchmarks>, see bench/README.md for how it is filled). Per task: the
outcome -- "reached" (a reach-error bug: reach_error() or
__VERIFIER_error() was called), "proved" (no reach and summary.json says
complete: every feasible path ran to its end, nothing was cut; with
--target, also when the target verdict is "unreachable", e.g. an unsat
apc), "unknown"
(neither; the stop reason and what made the run incomplete are shown) or
"error" (theseus exited with a status other than 0 or 1, e.g. the file
does not compile) -- the time from the start of theseus to the writing of
the reaching test, and the wall time.

With --task each task runs as `theseus task YML --property unreach-call`
instead: the task's own data model, the fuzzing phase, and the Test-Comp
suite it writes, which bench/sv/validate.py then runs natively ("suite":
ok when every testcase does what the run reported). The branch coverage of
each run is shown either way.

The expected verdict in tasks.txt is used only to score: expected-false
tasks reached; expected-true tasks reached (a wrong answer, must be 0);
expected-false tasks "proved" (a wrong proof, must be 0). The tasks are
run with the data model their .yml states (--data-model); the table shows
it ("unstated": Theseus' default, LP64).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpuslib import (corpus_arguments, explore_fresh, load_previous,  # noqa: E402
                       machine_line, markdown_table, publish,
                       run_description, seconds, test_written_after)

TASKS = os.path.join(HERE, "tasks.txt")
REACH = "reach-error"


def read_tasks(path, pattern):
    tasks = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yml, commit, expected, input_commit = line.split()
            if pattern and pattern not in yml:
                continue
            tasks.append({"name": yml, "commit": commit,
                          "input_commit": input_commit,
                          "expected": expected == "true"})
    return tasks


def task_input(cache, yml):
    """The input file and data model a task's .yml names."""
    path = os.path.join(cache, yml)
    if not os.path.exists(path):
        sys.exit(f"{path} is not in the cache (see bench/README.md)")
    with open(path) as f:
        text = f.read()
    source = re.search(r"^input_files:\s*'?([^'\n]+)'?", text, re.M)[1]
    model = re.search(r"^\s+data_model:\s*(\S+)", text, re.M)
    return (os.path.join(os.path.dirname(path), source.strip()),
            model[1] if model else "unstated")


def outcome(e):
    """reached / proved / unknown / error, and the detail shown with it."""
    if e.failed or e.summary is None:
        first = e.stderr.strip().splitlines()[:1] or [""]
        return "error", f"exit {e.returncode}: {first[0][-160:]}"
    s = e.summary
    # A run the apc decides before any search writes only its target.
    if any(b["kind"] == REACH for b in s.get("bugs", [])):
        # theseus task gives no verdict on a reach its native run denies.
        if (s.get("task") or {}).get("verdict", "false") == "false":
            return "reached", ""
        return "unknown", "reach unconfirmed"
    if s.get("complete"):
        return "proved", ""
    if (s.get("target") or {}).get("verdict") == "unreachable":
        return "proved", "apc"
    why = ", ".join(f"{k} {v}" for k, v in
                    sorted(s.get("incomplete_because", {}).items()))
    return "unknown", why


def validate(cache, task, out):
    """Runs the Test-Comp suite `theseus task` wrote natively
    (validate.py): "ok", "differs", or "-" when there is none."""
    suite = os.path.join(out, "test-suite")
    if not os.path.isdir(suite):
        return "-"
    r = subprocess.run([sys.executable, os.path.join(HERE, "validate.py"),
                        os.path.join(cache, task["name"]), suite,
                        "--run", out], capture_output=True, text=True)
    return {0: "ok", 1: "differs"}.get(r.returncode, "error")


def run_task(task, theseus, cache, out_root, max_time, extra, as_task):
    source, model = task_input(cache, task["name"])
    out = os.path.join(out_root, task["name"][:-len(".yml")])
    if as_task:  # theseus task YML: data model, property, fuzzing, suite.
        program = "task"
        args = [os.path.join(cache, task["name"]), "--property",
                "unreach-call", "--max-time", str(max_time), *extra]
    else:
        program = source
        args = ["--entry", "main", "--max-time", str(max_time), *extra]
        if model in ("ILP32", "LP64"):
            args += ["--data-model", model]
    e, started = explore_fresh(theseus, program, out, args)
    result, detail = outcome(e)
    s = e.summary if result != "error" else None
    bugs = s.get("bugs", []) if s else []
    reach = [b for b in bugs if b["kind"] == REACH]
    return dict(task, **{
        "category": task["name"].split("/")[1],
        "data_model": model,
        "outcome": result,
        "detail": detail,
        "to_reach": (test_written_after(out, reach[0]["test"], started)
                     if reach else None),
        "reach_confirmed": reach[0]["confirmed"] if reach else None,
        "other_bugs": sorted({f"{b['kind']}:{b['line']}" for b in bugs
                              if b["kind"] != REACH}),
        "wall": round(e.wall, 2),
        "stop_reason": s.get("stop_reason", "apc") if s else None,
        "paths": s.get("paths") if s else None,
        "branches": ((s.get("coverage") or {}).get("branches") or {}).get(
            "percent") if s else None,
        "suite": validate(cache, task, out) if as_task else "-",
    })


def score(r):
    """right / WRONG / '' (no verdict) against the expected verdict."""
    if r["outcome"] == "reached":
        return "WRONG" if r["expected"] else "right"
    if r["outcome"] == "proved":
        return "right" if r["expected"] else "WRONG"
    return ""


def short(r):
    return r["outcome"] + (f" {seconds(r['to_reach'])} s"
                           if r["outcome"] == "reached" else "")


HEADERS = ["task", "expected", "data model", "outcome", "score",
           "to reach s", "reach replayed", "suite", "branches %", "wall s",
           "stopped", "incomplete because / error", "other bugs"]
NUMERIC = {"to reach s", "branches %", "wall s"}


def table_row(r, before):
    row = [os.path.basename(r["name"])[:-len(".yml")],
           "true" if r["expected"] else "false", r["data_model"],
           r["outcome"], score(r), seconds(r["to_reach"]),
           r["reach_confirmed"] or "-", r.get("suite", "-"),
           "-" if r.get("branches") is None else f"{r['branches']:.1f}",
           f"{r['wall']:.1f}", r["stop_reason"] or "-",
           (r["detail"] or "-").replace("|", "\\|"),
           ", ".join(r["other_bugs"]) or "-"]
    if before is not None:
        old = before.get(r["name"])
        row.append(short(old) if old else "-")
    return row


def count(rows, result):
    return sum(1 for r in rows if r["outcome"] == result)


def totals(rows):
    false = [r for r in rows if not r["expected"]]
    true = [r for r in rows if r["expected"]]
    return (
        f"- {len(rows)} tasks ({len(false)} expected false, {len(true)} "
        f"expected true), {sum(r['wall'] for r in rows):.0f} s in all.\n"
        f"- Expected-false tasks reached: {count(false, 'reached')} of "
        f"{len(false)}.\n"
        f"- Expected-true tasks wrongly reported reached: "
        f"{count(true, 'reached')} (must be 0).\n"
        f"- Complete runs (\"proved\"): {count(rows, 'proved')}; of them on "
        f"expected-false tasks (wrong proofs, must be 0): "
        f"{count(false, 'proved')}.\n"
        f"- Unknown: {count(rows, 'unknown')}; errors (theseus could not "
        f"run the task): {count(rows, 'error')}.")


def by_category(rows):
    """Per category: expected-true tasks proved, expected-false reached,
    wrong answers (a reached expected-true task or a proved expected-false
    one) and the rest (unknown or error)."""
    table = []
    for category in dict.fromkeys(r["category"] for r in rows):
        mine = [r for r in rows if r["category"] == category]
        true = [r for r in mine if r["expected"]]
        false = [r for r in mine if not r["expected"]]
        wrong = sum(1 for r in mine if score(r) == "WRONG")
        table.append([category, str(len(mine)),
                      f"{count(true, 'proved')} of {len(true)}",
                      f"{count(false, 'reached')} of {len(false)}",
                      str(wrong),
                      str(count(mine, "unknown") + count(mine, "error"))])
    return markdown_table(["category", "tasks", "expected true proved",
                           "expected false reached", "wrong answers",
                           "unknown or error"], table, set())


def report(rows, before, meta, command):
    headers = HEADERS + (["before"] if before is not None else [])
    parts = [f"Generated {machine_line(meta['machine'])} by\n\n"
             f"```sh\n{command}\n```\n\ntheseus: `{meta['theseus']}`, "
             f"--max-time {meta['max_time']}."]
    for category in dict.fromkeys(r["category"] for r in rows):
        mine = [r for r in rows if r["category"] == category]
        parts.append(f"### {category}\n\n" + markdown_table(
            headers, [table_row(r, before) for r in mine], NUMERIC))
    parts.append("### Per category\n\n" + by_category(rows))
    parts.append("### Totals\n\n" + totals(rows))
    return "\n\n".join(parts) + "\n"


def main():
    p = corpus_arguments(__doc__, "sv", 20, "task")
    p.add_argument("--tasks", default=TASKS)
    p.add_argument("--target", action="store_true",
                   help="run with --target reach_error (apc proofs and "
                   "a search that stops at the first reach)")
    p.add_argument("--fuzz", action="store_true",
                   help="run with --fuzz (libFuzzer beside the search)")
    p.add_argument("--only-false", action="store_true",
                   help="only the expected-false tasks")
    p.add_argument("--task", action="store_true",
                   help="run each task as `theseus task YML --property "
                   "unreach-call` (its data model, the fuzzing phase, a "
                   "Test-Comp suite) and validate the suite natively")
    a = p.parse_args()
    extra = (["--target", "reach_error"] if a.target else []) + \
        (["--fuzz"] if a.fuzz else [])
    command, meta = run_description("bench/sv/run.py", a)
    before = load_previous(a.compare) if a.compare else None
    rows = []
    for task in read_tasks(a.tasks, a.filter):
        if a.only_false and task["expected"]:
            continue
        rows.append(run_task(task, a.theseus, a.cache, a.out, a.max_time,
                             extra, a.task))
        r = rows[-1]
        print(f"{r['name']}: {short(r)} ({r['wall']:.1f} s)",
              file=sys.stderr)
    publish(a, "SV-COMP reach-safety tasks", report(rows, before, meta, command), meta, rows)


if __name__ == "__main__":
    main()
