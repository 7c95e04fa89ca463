#!/usr/bin/env python3
"""Validates a Test-Comp test suite natively, as the competition's TestCov
does: compiles the task's program with a harness whose __VERIFIER_nondet_*
functions return the values of a testcase in order, runs every testcase and
checks what Theseus reported.

  validate.py TASK.yml SUITE [--run RUNDIR] [--expect-reach TEST ...]

SUITE is a suite directory or its .zip. The checks:
  - metadata.xml's programhash is the SHA-256 of the task's program;
  - a testcase reaches reach_error() exactly when RUNDIR's test of the same
    name ended in a reach-error bug (with --run), and the test RUNDIR's
    summary.json names for the task (`task.test`) reaches it;
  - each --expect-reach testcase reaches it;
  - every other testcase exits normally (not by a signal or a time-out)
    and reads no more values than it holds, unless the run cut its path
    short (stopped, instruction limit, unsupported): such a test claims
    nothing about how the program goes on.
Reaching reach_error() is seen when the program enters it (it is compiled
with -finstrument-functions), whatever its body does, or the harness's own
reach_error when the program only declares it.
Prints one line per testcase with -v and a total; exits 1 on a difference,
2 on a usage error (or a program that does not compile).
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

import yaml

# Exit status of the harness when a test holds fewer values than the
# program reads.
OUT_OF_VALUES = 97

NONDET = {  # __VERIFIER_nondet_NAME: (C type, parsed as signed)
    "bool": ("_Bool", False), "char": ("char", True),
    "uchar": ("unsigned char", False), "short": ("short", True),
    "ushort": ("unsigned short", False), "int": ("int", True),
    "uint": ("unsigned int", False), "long": ("long", True),
    "ulong": ("unsigned long", False), "longlong": ("long long", True),
    "ulonglong": ("unsigned long long", False),
    "size_t": ("unsigned long", False), "pointer": ("void *", False),
    "loff_t": ("long long", True), "u32": ("unsigned int", False),
    "u16": ("unsigned short", False), "u8": ("unsigned char", False),
    "unsigned": ("unsigned int", False), "pchar": ("char *", False),
}

HARNESS_HEAD = r"""
#include <stdio.h>
#include <stdlib.h>
static FILE *Values;
static unsigned Read;
static const char *next(void) {
  static char Line[128];
  if (!Values && !(Values = fopen(getenv("VALIDATE_VALUES"), "r")))
    abort();
  if (!fgets(Line, sizeof Line, Values)) {
    fprintf(stderr, "validate: the program reads more than %u values\n", Read);
    exit(%d);
  }
  ++Read;
  return Line;
}
__attribute__((weak)) void reach_error(void) {
  fprintf(stderr, "validate: reach_error reached\n");
  abort();
}
__attribute__((weak)) void __VERIFIER_error(void) { reach_error(); }
/* The program is compiled with -finstrument-functions: entering its
 * reach_error() is seen even when that function does nothing and the
 * program aborts (or goes on) after it. */
void __cyg_profile_func_enter(void *Fn, void *Site) {
  (void)Site;
  if (Fn == (void *)reach_error || Fn == (void *)__VERIFIER_error) {
    fprintf(stderr, "validate: reach_error reached\n");
    abort();
  }
}
void __cyg_profile_func_exit(void *Fn, void *Site) { (void)Fn, (void)Site; }
__attribute__((weak)) void __VERIFIER_assume(int Holds) {
  if (!Holds)
    exit(0);
}
""".replace("%d", str(OUT_OF_VALUES))


def harness():
    """The harness's C source: one function per nondet type."""
    out = [HARNESS_HEAD]
    for name, (ctype, signed) in NONDET.items():
        parse = "strtoll" if signed else "strtoull"
        out.append(f"{ctype} __VERIFIER_nondet_{name}(void) "
                   f"{{ return ({ctype}){parse}(next(), 0, 0); }}\n")
    # strtof and strtod read decimals exactly, and nan, -nan, inf, -inf.
    for ctype, parse in (("float", "strtof"), ("double", "strtod")):
        out.append(f"{ctype} __VERIFIER_nondet_{ctype}(void) "
                   f"{{ return {parse}(next(), 0); }}\n")
    return "".join(out)


def read_suite(path, tmp):
    """(metadata.xml's root, {testcase name: [values]}) of a suite."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            z.extractall(tmp)
        found = [r for r, _, fs in os.walk(tmp) if "metadata.xml" in fs]
        if not found:
            sys.exit(f"validate: no metadata.xml in {path}")
        path = found[0]
    meta = ET.parse(os.path.join(path, "metadata.xml")).getroot()
    tests = {}
    for name in sorted(os.listdir(path)):
        if name.endswith(".xml") and name != "metadata.xml":
            root = ET.parse(os.path.join(path, name)).getroot()
            tests[name] = [i.text or "" for i in root.findall("input")]
    return meta, tests


def read_task(path):
    """(program file, data model) of a task definition."""
    with open(path) as f:
        task = yaml.safe_load(f)
    files = task.get("input_files")
    program = files if isinstance(files, str) else files[0]
    model = task.get("options", {}).get("data_model", "LP64")
    return os.path.join(os.path.dirname(path), program), model


def compile_program(program, model, tmp):
    src = os.path.join(tmp, "harness.c")
    with open(src, "w") as f:
        f.write(harness())
    exe = os.path.join(tmp, "program")
    obj = os.path.join(tmp, "program.o")
    clang = os.environ.get("THESEUS_CLANG", "clang-19")
    arch = ["-m32"] if model == "ILP32" else []
    objcopy = os.environ.get("THESEUS_OBJCOPY", "llvm-objcopy-19")
    # A __VERIFIER_nondet_* the program defines itself gives way to the
    # harness's, as in Theseus' replay.
    steps = [[clang, "-c", "-w", "-O0", "-finstrument-functions",
              "-Wno-error=implicit-function-declaration",
              "-Wno-error=implicit-int", "-Wno-error=int-conversion",
              program, "-o", obj] + arch,
             [objcopy, "--wildcard", "--weaken-symbol=__VERIFIER_nondet_*",
              obj],
             [clang, "-w", "-O0", obj, src, "-o", exe] + arch]
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stderr, file=sys.stderr)
            sys.exit(f"validate: cannot compile {program} natively ({model})")
    return exe


def run_test(exe, values, tmp):
    """'reach_error', 'normal', or what went wrong."""
    vals = os.path.join(tmp, "values")
    with open(vals, "w") as f:
        f.write("".join(v.strip() + "\n" for v in values))
    try:
        r = subprocess.run([exe], env=dict(os.environ, VALIDATE_VALUES=vals),
                           stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, errors="replace", timeout=10)
    except subprocess.TimeoutExpired:
        return "time-out"
    if r.returncode < 0 and "reach_error" in r.stderr:
        return "reach_error"
    if r.returncode == OUT_OF_VALUES and "validate:" in r.stderr:
        return "out of values"
    if r.returncode < 0:
        return f"signal {-r.returncode}"
    return "normal"


# Test outcomes of paths the engine did not follow to their end.
CUT_SHORT = {"interrupted", "step-limit", "bound-reached", "unsupported",
             "external-denied"}


def expected_reaches(args, tests):
    """The testcases that must reach reach_error() (the others must not),
    whether that is known for all, those of paths the run cut short
    (stopped, instruction limit, unsupported, ...): they claim nothing about
    how the program goes on, and their values may be a prefix of what it
    reads, and those of other bugs (abort(), a failed assertion, ...),
    which end by a signal."""
    reach, cut, bugs = set(args.expect_reach), set(), set()
    if not args.run:
        return reach, False, cut, bugs
    for name in tests:
        test = os.path.join(args.run, name[:-4] + ".json")
        if os.path.exists(test):
            outcome = json.load(open(test)).get("outcome", {})
            if outcome.get("bug") == "reach-error":
                reach.add(name)
            elif outcome.get("kind") == "bug":
                bugs.add(name)
            if outcome.get("kind") in CUT_SHORT:
                cut.add(name)
    summary = os.path.join(args.run, "summary.json")
    task = json.load(open(summary)).get("task", {}) if os.path.exists(
        summary) else {}
    if task.get("test"):
        reach.add(task["test"][:-5] + ".xml")
    return reach, True, cut, bugs - reach


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("task")
    p.add_argument("suite")
    p.add_argument("--run", help="Theseus' run directory of the suite")
    p.add_argument("--expect-reach", action="append", default=[],
                   metavar="TEST", help="testcase (name.xml) reaching it")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    program, model = read_task(args.task)
    with tempfile.TemporaryDirectory() as tmp:
        meta, tests = read_suite(args.suite, os.path.join(tmp, "suite"))
        differ = []
        digest = hashlib.sha256(open(program, "rb").read()).hexdigest()
        if meta.findtext("programhash") != digest:
            differ.append(f"metadata.xml: programhash is not {digest}")
        reach, all_known, cut, bugs = expected_reaches(args, tests)
        missing = sorted(reach - set(tests))
        differ += [f"{m}: not in the suite" for m in missing]
        exe = compile_program(program, model, tmp)
        failed = 0
        for name, values in tests.items():
            # A path cut short makes no claim to check.
            got = ("not run (the run cut its path short)" if name in cut
                   else run_test(exe, values, tmp))
            want = ("reach_error" if name in reach else
                    "a signal" if name in bugs else "normal")
            ok = (got == want or (not all_known and got == "reach_error") or
                  name in cut or
                  (want == "a signal" and got.startswith("signal")))
            if args.verbose:
                print(f"{name}: {len(values)} values, {got}")
            if not ok:
                failed += 1
                differ.append(f"{name}: {got}, expected {want}")
    for d in differ:
        print(f"validate: {d}")
    reached = len([t for t in tests if t in reach])
    print(f"validated {len(tests)} testcases: {len(tests) - failed} as "
          f"reported, {failed} differ; {reached} reach reach_error()")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
