"""Helpers shared by the benchmark runners (bench/run.py, bench/real/run.py):
finding programs, running theseus on one of them, replaying its tests, and
printing Markdown tables."""
import json
import os
import re
import signal
import subprocess
import time
from dataclasses import dataclass

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
DEFAULT_THESEUS = os.path.join(BENCH_DIR, "..", "build", "bin", "theseus")


def list_programs(directory):
    """The C files in `directory`, sorted by name."""
    return sorted(os.path.join(directory, f) for f in os.listdir(directory)
                  if f.endswith(".c"))


def program_options(path):
    """The extra theseus options a program asks for on its
    `bench-options:` line (input sizes and the like)."""
    with open(path) as f:
        m = re.search(r"bench-options:(.*?)(\*/)?$", f.read(), re.M)
    return m.group(1).split() if m else []


@dataclass
class Exploration:
    """One theseus run: its exit status, wall time (compiling included),
    stderr, summary.json (None if theseus wrote none), peak memory and CPU
    time (user and system, its child processes included)."""
    returncode: int
    wall: float
    stderr: str
    summary: dict
    peak_mb: float = 0
    cpu: float = 0

    @property
    def failed(self):
        """Exit status other than 0 (no bug) and 1 (bugs found)."""
        return self.returncode not in (0, 1)


def explore(theseus, program, out, args=()):
    """Runs `theseus PROGRAM -o OUT -q ARGS...`, measuring its wall time,
    peak resident memory and CPU time."""
    cmd = [theseus, program, "-o", out, "-q", *args]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    summary = None
    path = os.path.join(out, "summary.json")
    if os.path.exists(path):
        with open(path) as f:
            summary = json.load(f)
    return Exploration(code, wall, stderr, summary,
                       usage.ru_maxrss / 1024,
                       usage.ru_utime + usage.ru_stime)


def first_bug_seconds(summary, kind):
    """Seconds from the start until the first bug of `kind` was found, from
    the bug's `found_after` record; None when summary.json has no such bug
    or the binary does not record the time."""
    for bug in (summary or {}).get("bugs", []):
        if bug.get("kind") == kind and "found_after" in bug:
            return bug["found_after"]["seconds"]
    return None


def explore_until_bug(theseus, program, out, kind, args=(), poll=0.05):
    """Like explore(), but stops theseus (SIGINT, as Ctrl-C) as soon as its
    live summary.json lists a bug of `kind`. Returns the Exploration and
    the wall time at which the bug was seen (None if it never was)."""
    cmd = [theseus, program, "-o", out, "-q", *args]
    path = os.path.join(out, "summary.json")
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    seen = None
    while proc.poll() is None:
        if seen is None and _lists_bug(path, kind):
            seen = time.monotonic() - start
            proc.send_signal(signal.SIGINT)
        time.sleep(poll)
    stderr = proc.stderr.read()
    wall = time.monotonic() - start
    summary = _read_json(path)
    if seen is None and _lists_bug(path, kind):
        seen = wall
    return Exploration(proc.returncode, wall, stderr, summary), seen


def _read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def _lists_bug(path, kind):
    summary = _read_json(path)
    return any(b.get("kind") == kind for b in (summary or {}).get("bugs", []))


@dataclass
class ReplayResult:
    matched: int
    mismatched: int
    skipped: int
    verdicts: dict    # test file name -> what replay said about it
    wall: float       # seconds
    error: str = ""   # set when theseus replay printed no totals

    def confirmed(self, test):
        """Whether the native run of `test` reproduced the engine's outcome."""
        return self.verdicts.get(test, "").startswith("match")

    def mismatches(self):
        return [f"{t}: {v}" for t, v in sorted(self.verdicts.items())
                if v.startswith("MISMATCH")]


REPLAY_TOTALS = re.compile(
    r"replayed (\d+) tests: (\d+) match, (\d+) mismatch, (\d+) skipped")
REPLAY_VERDICT = re.compile(r"^(\S+\.json): (.*)$", re.M)


def replay(theseus, out):
    """Runs `theseus replay -v -j 1 OUT` and parses its per-test lines and totals."""
    start = time.monotonic()
    # One job: the runners replay beside the next program's timed
    # exploration, which more would slow down.
    proc = subprocess.run([theseus, "replay", "-v", "-j", "1", out],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    wall = time.monotonic() - start
    totals = REPLAY_TOTALS.search(proc.stdout)
    if not totals:
        return ReplayResult(0, 0, 0, {}, wall, proc.stdout.strip()[-500:])
    verdicts = {os.path.basename(t): v
                for t, v in REPLAY_VERDICT.findall(proc.stdout)}
    return ReplayResult(int(totals[2]), int(totals[3]), int(totals[4]),
                        verdicts, wall)


def markdown_table(headers, rows, right_aligned=()):
    """A Markdown table; columns named in `right_aligned` align right."""
    def line(cells):
        return "| " + " | ".join(str(c) for c in cells) + " |"
    rule = ["---:" if h in right_aligned else "---" for h in headers]
    return "\n".join([line(headers), line(rule)] + [line(r) for r in rows])
