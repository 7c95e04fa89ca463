#!/usr/bin/env python3
"""Before and after the run database (issue 23): what a run leaves in its
directory and what its tests are worth, for the three parsers of
bench/parsers/ and the programs of bench/real/.

Usage: bench/parsers/suite.py --before OLD_THESEUS [--theseus NEW_THESEUS]
           [--max-time 60] [--real-max-time S] [--only parsers|real]
           [--filter NAME[,NAME...]] [--replay-cap 60] [--sample 500]
           [--coverage-max 1000] [--speed N]
           [--out DIR] [--json OUT] [--results OUT.md]

Each program is explored by the old binary, then by the new one, with the
same command as bench/parsers/run.py (parsers, --max-time 60) and
bench/real/run.py (the program's own `// bench:` options, whose budget is
20 s, 30 s for roman.c; --real-max-time overrides it) into a fresh
directory, then measured, one thing at a time on the machine:
- test files (test*.json) and the bytes the directory takes (du), and
  in the JSON where run.db's bytes go (`run_db`: its size and the summed
  length of each column of `paths`);
- the share of the run's time outside the solver and the interpreter,
  and paths per second (summary.json's `time`);
- the branch coverage the run reports for the program's own files (its
  coverage.info: the parser's files, harness excluded, or the bench/real
  program's file; LLVM branch edges of every function in the files);
- the branch coverage of the test files replayed natively (`theseus
  replay` with clang's source-based coverage, see bench/nativecov.py;
  llvm-cov's branches, the same files), and for the new binary, the same
  with --sample more tests of run.db replayed too (`theseus replay --all
  --sample N`): if these add branches, the suite lacks coverage the run
  had. The old binary's test files are replayed with coverage only when
  there are at most --coverage-max of them (they are every test);
- run lines the suite's native replay never ran, and run branch edges no
  suite test records in run.db (`covers`);
- the time of `theseus replay -v OUTDIR` (the new binary's default -j;
  the old replay runs one test at a time), stopped at --replay-cap
  seconds, with how many tests it did by then.

With --speed N, each program is only explored, N times by each binary in
turn (old, new, old, new, ...), and the table gives every run's paths per
second, and the ratio of the best runs: on a shared machine one pair of
runs says little.
"""
import importlib.util
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(BENCH, "sv"))
sys.path.insert(0, BENCH)
from benchlib import list_programs  # noqa: E402
from corpuslib import (corpus_arguments, explore_fresh, machine_line,  # noqa: E402
                       markdown_table, publish, run_description)
import nativecov  # noqa: E402


def load_script(path, name):
    """A runner script (run.py) as a module, for its helpers."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


parsers_run = load_script(os.path.join(HERE, "run.py"), "parsers_run")
real_run = load_script(os.path.join(BENCH, "real", "run.py"), "real_run")


def parser_items(a):
    for p in parsers_run.read_parsers(parsers_run.PARSERS, None):
        if not chosen(a, p["name"]):
            continue
        harness, args, directory = parsers_run.parser_command(
            p, a.cache, a.max_time)
        yield {"name": p["name"], "corpus": "parsers", "program": harness,
               "args": args, "budget": a.max_time,
               "keep": lambda path, d=directory: path.startswith(d + os.sep)}


def real_items(a):
    for program in list_programs(os.path.join(BENCH, "real")):
        name = os.path.basename(program)
        if not chosen(a, name):
            continue
        with open(program) as f:
            args = real_run.with_max_time(real_run.program_options(f.read()),
                                          a.real_max_time)
        budget = float(args[args.index("--max-time") + 1])
        yield {"name": name, "corpus": "real", "program": program,
               "args": args, "budget": budget,
               "keep": lambda path, p=program: path == p}


def chosen(a, name):
    """Whether --filter (names, comma-separated; `.c` may be left out)
    takes the program `name`."""
    names = a.filter.split(",") if a.filter else []
    return not names or name in names or name.removesuffix(".c") in names


def explore_only(theseus, item, out):
    """Paths per second of one exploration of `item` (None if it failed)."""
    load = os.getloadavg()[0]
    e, _ = explore_fresh(theseus, item["program"], out, item["args"])
    if e.failed or e.summary is None:
        return None
    return {"load": round(load, 2), "paths": e.summary["paths"],
            "seconds": e.summary["time"]["total"],
            "paths_per_second": e.summary["paths"]
            / e.summary["time"]["total"]}


def speed_table(records):
    def runs(rs):
        return ", ".join(f"{r['paths_per_second']:.0f}" if r else "failed"
                         for r in rs)

    def best(rs):
        return max((r["paths_per_second"] for r in rs if r), default=0)
    rows = [[r["name"], f"{r['budget']:g}", runs(r["before"]),
             runs(r["after"]),
             f"{best(r['after']) / best(r['before']):.2f}"
             if best(r["before"]) else "-",
             ", ".join(f"{x['load']}" for x in r["before"] + r["after"]
                       if x)] for r in records]
    return markdown_table(["program", "budget s", "paths/s before",
                           "paths/s after", "after / before (best runs)",
                           "load at each start (before runs, then after)"],
                          rows)


def pair(cov):
    return cov.branch_pair() if cov else None


def measure(theseus, item, out, a, new):
    """Explores `item` with `theseus` into OUT and measures the run."""
    load = os.getloadavg()[0]
    e, _ = explore_fresh(theseus, item["program"], out, item["args"])
    row = {"load": round(load, 2), "wall": round(e.wall, 2),
           "exit": e.returncode}
    if e.failed or e.summary is None:
        return dict(row, error=(e.stderr.strip().splitlines() or [""])[0])
    s, keep = e.summary, item["keep"]
    t = s["time"]
    run = nativecov.run_coverage(out, keep)
    row.update(paths=s["paths"], tests=s.get("tests"),
               test_files=nativecov.test_files(out),
               disk_bytes=nativecov.disk_bytes(out),
               stop_reason=s["stop_reason"], seconds=t["total"],
               other_share=(t["total"] - t["solver"] - t["interpreter"])
               / t["total"],
               paths_per_second=s["paths"] / t["total"],
               run_branches=pair(run), run_db=nativecov.run_db_bytes(out))
    r = nativecov.replay(theseus, out, cap=a.replay_cap)
    row["replay"] = vars(r)
    if not new and row["test_files"] > a.coverage_max:
        return row
    profiles = out + ".profiles"
    shutil.rmtree(profiles, ignore_errors=True)
    r = nativecov.replay_with_coverage(theseus, out, profiles)
    suite = nativecov.native_coverage([profiles], keep)
    row["suite_native"] = pair(suite)
    row["suite_native_mismatches"] = r.mismatched
    if suite and run:
        missed = run.lines_run() - suite.lines_run()
        row["run_lines_not_run_by_suite"] = sorted(
            f"{os.path.basename(f)}:{n}" for f, n in missed)
    covers = nativecov.suite_covers(out, keep)
    if covers and run:
        row["run_edges_not_in_suite_covers"] = sorted(
            f"{os.path.basename(f)}:{n},{b},{i}" for f, n, b, i
            in run.branches_hit() - covers.branches_hit())
    if new:
        sample = out + ".sample-profiles"
        shutil.rmtree(sample, ignore_errors=True)
        nativecov.replay_with_coverage(
            theseus, out, sample, ["--all", "--sample", str(a.sample)])
        row["suite_and_sample_native"] = pair(
            nativecov.native_coverage([profiles, sample], keep))
    return row


def percent(p):
    if not p or not p[1]:
        return "-"
    return f"{100 * p[0] / p[1]:.1f} ({p[0]}/{p[1]})"


def replay_cell(row):
    r = row.get("replay")
    if not r:
        return "-"
    if not r["finished"]:
        return f"> {r['seconds']:.0f} ({r['tests']} of {row['test_files']})"
    return f"{r['seconds']:.1f}"


def cells(row):
    if row is None:
        return ["-"] * 9
    if "error" in row:
        return [f"exit {row['exit']}: {row['error'][:80]}"] + ["-"] * 8
    mismatches = row["replay"]["mismatched"]
    return [row["test_files"], f"{row['disk_bytes'] / 1e6:.1f}",
            f"{100 * row['other_share']:.0f}",
            f"{row['paths_per_second']:.0f}", f"{row['wall']:.0f}", percent(row["run_branches"]),
            percent(row.get("suite_native")), replay_cell(row),
            mismatches if row["replay"]["finished"] else f"{mismatches}+"]


HEADERS = ["test files", "MB", "other %", "paths/s", "wall s", "run branches",
           "suite native branches", "replay s", "mismatches"]


def table(records):
    headers = ["program", "budget s"] + [f"{h} before / after"
                                         for h in HEADERS] + [
        "after: suite + sample native", "after: run lines / edges the "
        "suite lacks", "load before / after"]
    rows = []
    for r in records:
        b, n = r["before"], r["after"]
        lacks = "-"
        if n and "error" not in n:
            lacks = (f"{len(n.get('run_lines_not_run_by_suite', []))} / "
                     f"{len(n.get('run_edges_not_in_suite_covers', []))}")
        rows.append([r["name"], f"{r['budget']:g}"] +
                    [f"{x} / {y}" for x, y in zip(cells(b), cells(n))] +
                    [percent(n.get("suite_and_sample_native")) if n else "-",
                     lacks, f"{b['load']} / {n['load']}"])
    return markdown_table(headers, rows)


def goals(records):
    """The issue's goals, per program of the new binary."""
    lines = []
    for r in records:
        n, b = r["after"], r["before"]
        if "error" in n or "error" in b:
            lines.append(f"- {r['name']}: a run failed")
            continue
        full = (n.get("suite_and_sample_native") == n.get("suite_native")
                and not n.get("run_lines_not_run_by_suite")
                and not n.get("run_edges_not_in_suite_covers"))
        lines.append(
            f"- {r['name']}: {n['test_files']} test files "
            f"({'at most' if n['test_files'] <= 300 else 'over'} 300), "
            f"suite keeps the run's coverage: {'yes' if full else 'NO'}; "
            f"{n['disk_bytes'] / 1e6:.1f} MB "
            f"({'under' if n['disk_bytes'] < 50e6 else 'OVER'} 50); "
            f"paths/s {n['paths_per_second']:.0f} against "
            f"{b['paths_per_second']:.0f} "
            f"({n['paths_per_second'] / b['paths_per_second']:.2f}x)")
    return "\n".join(lines)


def main():
    p = corpus_arguments(__doc__, "suite", 60, "program")
    p.add_argument("--before", required=True,
                   help="theseus built from the commit before the run "
                        "database (eb3bf74^)")
    p.add_argument("--real-max-time", type=float,
                   help="overrides bench/real programs' own --max-time")
    p.add_argument("--only", choices=["parsers", "real"])
    p.add_argument("--replay-cap", type=float, default=60)
    p.add_argument("--sample", type=int, default=500)
    p.add_argument("--coverage-max", type=int, default=1000)
    p.add_argument("--speed", type=int, metavar="N",
                   help="only paths per second, N runs of each binary")
    p.set_defaults(cache=os.path.join(BENCH, "cache", "parsers"))
    a = p.parse_args()
    command, meta = run_description("bench/parsers/suite.py", a)
    meta["before"] = a.before
    items = []
    if a.only != "real":
        items += parser_items(a)
    if a.only != "parsers":
        items += real_items(a)
    records = []
    if a.speed:
        for item in items:
            record = {"name": item["name"], "budget": item["budget"],
                      "before": [], "after": []}
            for _ in range(a.speed):
                for key, binary in (("before", a.before),
                                    ("after", a.theseus)):
                    out = os.path.join(a.out, key, item["name"])
                    record[key].append(explore_only(binary, item, out))
            print(f"{item['name']}: {speed_table([record])}", file=sys.stderr)
            records.append(record)
        text = (f"Generated {machine_line(meta['machine'])} by\n\n```sh\n"
                f"{command}\n```\n\nbefore: `{a.before}`, after: "
                f"`{a.theseus}`.\n\n{speed_table(records)}\n")
        publish(a, "Paths per second before and after the run database",
                text, meta, records)
        return
    for item in items:
        record = {"name": item["name"], "corpus": item["corpus"],
                  "budget": item["budget"]}
        for key, binary in (("before", a.before), ("after", a.theseus)):
            out = os.path.join(a.out, key, item["name"])
            record[key] = measure(binary, item, out, a, key == "after")
            print(f"{item['name']} {key}: {record[key]['wall']:.1f} s",
                  file=sys.stderr)
        records.append(record)
    text = (f"Generated {machine_line(meta['machine'])} by\n\n```sh\n"
            f"{command}\n```\n\nbefore: `{a.before}`, after: "
            f"`{a.theseus}`.\n\n{table(records)}\n\nGoals:\n\n"
            f"{goals(records)}\n")
    publish(a, "The suite before and after the run database", text, meta,
            records)


if __name__ == "__main__":
    main()
