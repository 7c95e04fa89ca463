"""The native coverage of a run's tests, and the size and replay time of
its run directory (bench/parsers/suite.py).

Coverage: `theseus replay` builds the program with THESEUS_CLANG set to
bench/nativecov/clang.sh, which adds clang's source-based coverage
(-fprofile-instr-generate -fcoverage-mapping) to every compile and keeps a
copy of every binary it links; each native run of a test writes a profile
(LLVM_PROFILE_FILE), also when it ends on a signal or a sanitizer report
(bench/nativecov/flush.c). llvm-profdata merges the profiles and llvm-cov
exports the coverage (lcov format) of the files asked for. Branches are
llvm-cov's: each side of each condition in the source (`a && b` has four),
not the LLVM branch edges Theseus counts in its coverage.info."""
import glob
import json
import os
import signal
import sqlite3
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "nativecov", "clang.sh")
LLVM_PROFDATA = "llvm-profdata-19"
LLVM_COV = "llvm-cov-19"


@dataclass
class Lcov:
    """Per source file: the lines run (line -> hits) and each branch's hits,
    keyed as the file numbers them."""
    lines: dict = field(default_factory=dict)     # file -> {line: hits}
    branches: dict = field(default_factory=dict)  # file -> {key: hits}

    def branch_pair(self):
        """(covered, total) branches over every file kept."""
        hits = [h for b in self.branches.values() for h in b.values()]
        return [sum(1 for h in hits if h), len(hits)]

    def lines_run(self):
        return {(f, n) for f, ls in self.lines.items()
                for n, h in ls.items() if h}

    def branches_hit(self):
        return {(f,) + k for f, bs in self.branches.items()
                for k, h in bs.items() if h}


def read_lcov(text, keep):
    """The records of lcov `text` for the files `keep(path)` accepts."""
    cov = Lcov()
    current = None
    for line in text.splitlines():
        key, _, value = line.strip().partition(":")
        if key == "SF":
            path = os.path.abspath(value)
            current = path if keep(path) else None
            if current:
                cov.lines.setdefault(current, {})
                cov.branches.setdefault(current, {})
        elif current and key == "DA":
            number, hits = value.split(",")[:2]
            cov.lines[current][int(number)] = int(hits)
        elif current and key == "BRDA":
            number, block, index, hits = value.split(",")
            cov.branches[current][(int(number), int(block), int(index))] = (
                0 if hits == "-" else int(hits))
    return cov


def run_coverage(out, keep):
    """The run's own coverage: OUT/coverage.info, the files `keep` accepts
    (None when the run wrote none)."""
    path = os.path.join(out, "coverage.info")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return read_lcov(f.read(), keep)


def disk_bytes(out):
    """Bytes the run directory takes on disk, as `du -s` counts them."""
    proc = subprocess.run(["du", "-s", "--block-size=1", out],
                          stdout=subprocess.PIPE, text=True, check=True)
    return int(proc.stdout.split()[0])


def test_files(out):
    return len(glob.glob(os.path.join(out, "test*.json")))


@dataclass
class Replay:
    seconds: float
    finished: bool      # False: stopped at the time cap
    tests: int          # tests replayed (one -v line each)
    matched: int = 0
    mismatched: int = 0
    skipped: int = 0
    first_mismatch: str = ""


def replay(theseus, out, args=(), cap=None, env=None):
    """Runs `theseus replay -v ARGS OUT` (stopping it after `cap` seconds)
    and counts its verdicts. -v prints a line per test, so a replay stopped
    at the cap still says how far it got."""
    cmd = [theseus, "replay", "-v", *args, out]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True,
                            env=env, start_new_session=True)
    try:
        stdout, _ = proc.communicate(timeout=cap)
        finished = True
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, _ = proc.communicate()
        finished = False
    seconds = time.monotonic() - start
    verdicts = [line.split(": ", 1)[1] for line in stdout.splitlines()
                if line.startswith(("test", "/")) and ".json: " in line]
    r = Replay(seconds, finished, len(verdicts))
    r.matched = sum(v.startswith("match") for v in verdicts)
    r.mismatched = sum(v.startswith("MISMATCH") for v in verdicts)
    r.skipped = sum(v.startswith("skipped") for v in verdicts)
    r.first_mismatch = next((v for v in verdicts
                             if v.startswith("MISMATCH")), "")
    return r


def replay_with_coverage(theseus, out, profiles, args=()):
    """Replays OUT's tests (`theseus replay ARGS OUT`) on binaries built
    with coverage, into the directory `profiles` (profiles and binaries
    of several replays add up there)."""
    os.makedirs(profiles, exist_ok=True)
    env = dict(os.environ, THESEUS_CLANG=WRAPPER,
               BENCH_COVERAGE_DIR=os.path.abspath(profiles),
               LLVM_PROFILE_FILE=os.path.join(os.path.abspath(profiles),
                                              "%p-%m.profraw"))
    return replay(theseus, out, args, env=env)


def native_coverage(profile_dirs, keep):
    """The coverage (Lcov, llvm-cov's lines and branches) of every native
    run recorded in `profile_dirs`, for the files `keep` accepts."""
    raw = [p for d in profile_dirs
           for p in glob.glob(os.path.join(d, "*.profraw"))]
    binaries = [p for d in profile_dirs
                for p in sorted(glob.glob(os.path.join(d, "program.*")))]
    if not raw or not binaries:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        merged = os.path.join(tmp, "merged.profdata")
        listing = os.path.join(tmp, "profiles.txt")
        with open(listing, "w") as f:
            f.write("\n".join(raw) + "\n")
        subprocess.run([LLVM_PROFDATA, "merge", "-sparse", "-o", merged,
                        "-f", listing], check=True)
        # The sanitizer builds have the same coverage mapping as the plain
        # one (instrumented in the front end), so one binary reads all.
        proc = subprocess.run(
            [LLVM_COV, "export", "-format=lcov", "-instr-profile", merged,
             binaries[0]], stdout=subprocess.PIPE, text=True, check=True)
    return read_lcov(proc.stdout, keep)


def suite_covers(out, keep):
    """The branch edges and lines the run records (run.db `covers`) for its
    suite, the tests that kept a file: keyed as in coverage.info. None
    without a run.db (the engine before the run database)."""
    path = os.path.join(out, "run.db")
    if not os.path.exists(path):
        return None
    cov = Lcov()
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    rows = db.execute("select covers from paths where test_file is not null"
                      " and covers is not null")
    for (covers,) in rows:
        for name, c in json.loads(covers).items():
            name = os.path.abspath(name)
            if not keep(name):
                continue
            lines = cov.lines.setdefault(name, {})
            for n in c.get("lines", []):
                lines[n] = 1
            branches = cov.branches.setdefault(name, {})
            for b in c.get("branches", []):
                branches[tuple(b)] = 1
    db.close()
    return cov


def run_db_bytes(out):
    """Where run.db's bytes go: the file's size and the bytes of each
    column of `paths` (SQLite's length(), summed), or None without one."""
    path = os.path.join(out, "run.db")
    if not os.path.exists(path):
        return None
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    columns = [c[1] for c in db.execute("pragma table_info(paths)")]
    sums = db.execute("select " + ", ".join(
        f"coalesce(sum(length({c})), 0)" for c in columns) +
        " from paths").fetchone()
    db.close()
    return dict(file=os.path.getsize(path),
                columns=dict(sorted(zip(columns, sums),
                                    key=lambda x: -x[1])))
