"""Helpers shared by the public-corpus runners (bench/sv/run.py and
bench/parsers/run.py): running theseus with the start time noted, the time
a bug's test was written, describing the machine, and reading an earlier
--json file for a before/after column."""
import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import sys
import time

BENCH_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH_DIR)
from benchlib import DEFAULT_THESEUS, explore, markdown_table  # noqa: E402,F401

CACHE_DIR = os.path.join(BENCH_DIR, "cache")


def explore_fresh(theseus, program, out, args):
    """benchlib.explore on an emptied OUT (a failed run must not leave an
    older summary.json to be read). Returns the exploration and the
    wall-clock time it started at, to date the tests it wrote."""
    shutil.rmtree(out, ignore_errors=True)
    started = time.time()
    return explore(theseus, program, out, args), started


def test_written_after(out, test, started):
    """Seconds from `started` to the writing of test file `test` in OUT:
    the time to a bug, compiling included (theseus writes a bug's test
    when it finds it)."""
    path = os.path.join(out, test)
    if not os.path.exists(path):
        return None
    return max(0.0, os.path.getmtime(path) - started)


def machine():
    """Where and when the figures were taken: timings on a shared machine
    are noisy, so the load at the start is part of the record."""
    load = os.getloadavg()
    return {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "host": platform.node(),
        "system": f"{platform.system()} {platform.release()}",
        "cpus": os.cpu_count(),
        "load_at_start": [round(x, 2) for x in load],
    }


def machine_line(m):
    load = ", ".join(str(x) for x in m["load_at_start"])
    return (f"{m['date']} on {m['host']} ({m['system']}, {m['cpus']} CPUs, "
            f"load average at start {load})")


def load_previous(path):
    """The per-item records of an earlier --json file, by name."""
    if not path:
        return {}
    with open(path) as f:
        return {r["name"]: r for r in json.load(f)["results"]}


def write_json(path, meta, results):
    with open(path, "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1,
                  sort_keys=True)
        f.write("\n")


def seconds(x):
    return "-" if x is None else f"{x:.1f}"


def corpus_arguments(doc, corpus, max_time, item):
    """The options both runners take: `corpus` names the cache folder and
    the run directories (build/bench-CORPUS), `item` what one run is of."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--theseus", default=DEFAULT_THESEUS)
    p.add_argument("--max-time", type=float, default=max_time)
    p.add_argument("--filter", help=f"only {item}s whose name contains this")
    p.add_argument("--cache", default=os.path.join(CACHE_DIR, corpus))
    p.add_argument("--out", default=os.path.join(BENCH_DIR, "..", "build",
                                                 f"bench-{corpus}"),
                   help=f"one run directory per {item} is made under it")
    p.add_argument("--json", help=f"write the per-{item} results here")
    p.add_argument("--compare", help="an earlier --json: adds a column")
    p.add_argument("--results", help="also write the Markdown report here")
    return p


def publish(a, title, text, meta, rows):
    """Prints the report, and writes it (--results) and the rows (--json)."""
    print(text)
    if a.json:
        write_json(a.json, meta, rows)
    if a.results:
        with open(a.results, "w") as f:
            f.write(f"# {title}: results\n\n" + text)


def run_description(script, a):
    """The command line as typed, and what the --json file records of it."""
    command = script + " " + " ".join(shlex.quote(x) for x in sys.argv[1:])
    meta = {"machine": machine(), "theseus": a.theseus,
            "max_time": a.max_time, "command": command}
    return command, meta
