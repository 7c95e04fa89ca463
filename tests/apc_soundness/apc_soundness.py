#!/usr/bin/env python3
"""Soundness self-check of the apc: random small loop programs with a
target, each run natively (clang) on random inputs; a program whose target
some run reaches must never get `unreachable` from `theseus --apc-only`.
The programs have loops with early exits (`break`, `return`), loops that
set a flag on one branch and run on (some behind an inner search), and
calls of a loop-bearing function (summarised by the apc), at the top and
in loops, and read inputs (`__VERIFIER_nondet_int`, bounded by `__VERIFIER_assume`) at the
top and in every iteration: in values, conditions and loop exits; some
reach the target from inside a loop. With --max-backbones small, the apc
gives up loops of the entry function (and of the summarised one) for
having too many backbones through them.

  apc_soundness.py THESEUS CLANG WORKDIR [--programs N] [--seed S]
                   [--max-backbones B]

Exits 1 on any violation. Prints how many targets were reached natively
and how many of the others the apc proves unreachable.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys

PARAMS = ["a", "b", "c"]
# A local array and the input buffer p, both of 6 ints, written and read.
ARRAYS = ["arr", "p"]


def expr_small(r):
    """An invariant operand: a constant or a parameter."""
    return str(r.randint(-3, 5)) if r.random() < 0.6 else r.choice(PARAMS)


NONDET = "__VERIFIER_nondet_int()"


def nondet_update(r, var, split=False):
    """An input read in a loop's iteration: a value of its own each time."""
    c = r.randint(-2, 6)
    kind = "split" if split else r.choice(["set", "add", "cond", "assume",
                                           "break"])
    if kind == "split":
        # Each iteration goes one way or the other: both x and y grow only
        # if two iterations read different values (also on one backbone).
        return r.choice([f"if ({NONDET} > {c}) x += 1; else y += 1;",
                         f"{{ int v = {NONDET} > {c}; x += v; y += 1 - v; }}"])
    if kind == "set":
        return f"{var} = {NONDET};"
    if kind == "add":
        return f"{var} += {NONDET} & 3;"
    if kind == "cond":
        return f"if ({NONDET} > {c}) {var} += {r.randint(1, 3)};"
    if kind == "assume":
        return (f"{{ int v = {NONDET}; __VERIFIER_assume(v >= {c} && "
                f"v <= {c + 3}); {var} += v; }}")
    return f"if ({NONDET} == {c}) break;"


def helper(r, idx):
    """A loop-bearing function that writes no memory of its caller's, with
    early exits from its loop, reading the buffer it is given."""
    body = []
    for _ in range(r.randint(1, 3)):
        kind = r.choice(["return", "break", "add", "cond", "inner", "arg",
                         "nondet"])
        c = r.randint(-2, 6)
        if kind == "return":
            body.append(f"if (p[i % 3] == {c}) return s;")
        elif kind == "break":
            body.append(f"if (s > {c}) break;")
        elif kind == "add":
            body.append(f"s += {r.randint(1, 3)};")
        elif kind == "cond":
            body.append(f"if (i % 2 == {r.randint(0, 1)}) s += a;")
        elif kind == "nondet":
            body.append(f"if ({NONDET} > {c}) s += {r.randint(1, 2)};")
        elif kind == "inner":
            body.append("for (int j = 0; j < 3; ++j) { if (p[j] == i) break;"
                        " s += 1; }")
        else:
            body.append(f"if (a == i) return s + {c};")
    return "\n".join(
        [f"static int g{idx}(int a, int n, const int *p) {{",
         f"  int s = {r.randint(-2, 3)};",
         "  for (int i = 0; i < (n & 7); ++i) {"]
        + ["    " + b for b in body]
        + ["  }", f"  return s + {r.randint(-1, 2)};", "}"])


def call(r, idx, counter="a"):
    return (f"g{idx}({r.choice([counter, 'b', 'c'])}, "
            f"{r.choice(['n', 'm', 'a', counter])}, "
            f"{r.choice(['p', 'p + 1', 'p + (n & 1)'])})")


def flag_update(r, var, counter):
    """A value set on one branch only, the loop running on (no break): a
    flag, or a value not depending on itself, set when p or an input says
    so, or when an inner search matched p from the counter on."""
    value = r.choice(["1", "1", str(r.randint(-2, 5)), counter, "a"])
    c = r.randint(-1, 6)
    shape = r.random()
    if shape < 0.4:
        return (f"{{ int j = 0; while (j < 3 && p[({counter} + j) % 6] >= j)"
                f" j++; if (j == 3) {var} = {value}; }}")
    if shape < 0.8:
        cond = f"p[{counter} % 6] {r.choice(['==', '>', '<'])} {c}"
    else:
        cond = f"{NONDET} == {c}"
    return f"if ({cond}) {var} = {value};"


def update(r, var, depth, counter, idx):
    kind = r.choice(["add", "sub", "set", "cond", "cond_set", "nested",
                     "nested", "store", "load", "break", "return", "call",
                     "poly", "poly", "nondet", "nondet", "split", "flag",
                     "flag", "flag", "flag", "flag"]
                    if depth == 0 else ["add", "sub", "set", "cond", "poly",
                                        "nondet"])
    if kind == "flag":
        return flag_update(r, var, counter)
    if kind in ("nondet", "split"):
        return nondet_update(r, var, kind == "split")
    if kind == "break":
        return f"if ({var} > {r.randint(0, 8)}) break;"
    if kind == "return":
        return f"if ({var} == {r.randint(0, 8)}) return;"
    if kind == "call":
        return f"{var} += {call(r, idx, counter)};"
    if kind == "add":
        return f"{var} += {r.randint(1, 4)};"
    if kind == "poly":
        # A step polynomial in the counter: a closed form of degree 2 or 3.
        return r.choice([f"{var} += {r.randint(1, 3)} * {counter} + "
                         f"{r.randint(-2, 2)};",
                         f"{var} += {counter};",
                         f"{var} -= {counter} * {counter};",
                         f"{var} += ({counter} + {expr_small(r)}) * "
                         f"{counter};"])
    if kind == "sub":
        return f"{var} -= {r.randint(1, 3)};"
    if kind == "set":
        return f"{var} = {expr_small(r)};"
    if kind == "cond":
        return (f"if ({counter} % {r.randint(2, 3)} == {r.randint(0, 1)}) "
                f"{var} += {r.randint(1, 3)};")
    if kind == "cond_set":
        return f"if ({var} > {r.randint(0, 6)}) {var} = {expr_small(r)};"
    if kind == "store":
        index = r.choice([f"{counter} % 6", f"({var} & 3)", "5", "n % 6"])
        return (f"{r.choice(ARRAYS)}[{index}] = "
                f"{r.choice([var, counter, expr_small(r)])};")
    if kind == "load":
        return (f"{var} += {r.choice(ARRAYS)}"
                f"[{r.choice([counter + ' % 6', '(n & 3)', '2'])}];")
    inner = f"j{depth}"
    shape = r.random()
    if shape < 0.25:
        # Runs as often as the outer counter says: a count linear in it.
        return (f"{{ int {inner} = {counter}; while ({inner} > 0) "
                f"{{ --{inner}; {var} += {r.randint(1, 2)}; }} }}")
    if shape < 0.4:
        return (f"for (int {inner} = {r.choice(['m', 'n', '4'])}; {inner} > 0;"
                f" --{inner}) {var} += 1;")
    if shape < 0.7:
        return (f"for (int {inner} = 0; {inner} < {r.choice(['n', 'm', '3'])};"
                f" ++{inner}) {var} += {r.randint(1, 2)};")
    return f"{var} = {counter}; while ({var} < n) ++{var};"


def related(r, counter):
    """Two counters of one loop in a relation its transitions keep: y steps
    only where x does (pairs of a letter and the letter), or after it."""
    big, small = r.sample(["x", "y"], 2)
    first = f"p[{counter} % 6] > {r.randint(-1, 6)}"
    then = f"p[({counter} + 1) % 6] {r.choice(['>', '==', '<'])} " \
           f"{r.randint(-1, 6)}"
    step = r.choice([1, 1, 2])
    shape = r.random()
    if shape < 0.5:
        return (f"if ({first}) {{ {big} += {step}; "
                f"if ({then}) {small} += 1; }}")
    if shape < 0.8:
        return f"{big} += {step}; if ({then}) {small} += 1;"
    # Not a relation: small may overtake big.
    return f"if ({first}) {big} += 1; else {small} += {step};"


def inputs_program(r, idx, x0, y0):
    """A loop that only reads inputs: x and y both grow only if two of its
    iterations read different values; after it, the last value read is
    what the exit test let through."""
    c = r.randint(-2, 6)
    bound = r.choice(["n", "5", "n + m"])
    return "\n".join([
        "void reach_error(void);", "int __VERIFIER_nondet_int(void);",
        f"void f{idx}(int a, int b, int c, int *p) {{",
        "  int n = a & 7, m = b & 3;",
        f"  int x = {x0}, y = {y0}, more = 1;",
        f"  for (int i = 0; more && i < {bound}; ++i) {{",
        "    " + nondet_update(r, "x", True),
        f"    more = {NONDET} != {r.randint(-2, 4)};",
        "  }",
        r.choice([f"  if (x > {x0} && y > {y0})",
                  f"  if (more && x > {x0} && y > {y0})",
                  f"  if (!more && x + y == {x0 + y0 + r.randint(1, 4)})"]),
        "    reach_error();", "}"]) + "\n"


def program(r, idx):
    x0, y0 = r.randint(-2, 3), r.randint(-2, 3)
    if r.random() < 0.1:
        return inputs_program(r, idx, x0, y0)
    lines = ["void reach_error(void);", "int __VERIFIER_nondet_int(void);",
             "void __VERIFIER_assume(int);", helper(r, idx),
             f"void f{idx}(int a, int b, int c, int *p) {{",
             "  int n = a & 7, m = b & 3;",
             f"  int x = {x0}, y = {y0};",
             "  int arr[6];",
             f"  for (int q = 0; q < 6; ++q) arr[q] = q * {r.randint(0, 2)};"]
    for _ in range(r.randint(0, 3)):
        lines.append(f"  {r.choice(['x', 'y'])} += {call(r, idx)};")
    if r.random() < 0.3:
        lines.append(f"  {r.choice(['x', 'y'])} = {NONDET};")
    if r.random() < 0.2:
        lines.append(f"  __VERIFIER_assume(x > {r.randint(-4, 2)});")
    for loop in range(r.randint(1, 2)):
        i = f"i{loop}"
        bound = r.choice(["n", "m", "n + m", "5"])
        step = r.choice([1, 1, 2, 3])
        if r.random() < 0.25:
            body = [related(r, i)]
        else:
            body = [update(r, v, 0, i, idx)
                    for v in r.sample(["x", "y"], r.randint(1, 2))]
        test = f"{i} < {bound}"
        shape = r.random()
        if shape < 0.15:
            # The input decides whether the loop goes on.
            test += f" && {NONDET} != {r.randint(-1, 2)}"
        elif shape < 0.3:
            # A value read from the input in each iteration decides the
            # exit, up to a bound.
            v = r.choice(["x", "y"])
            test = f"{v} > {r.randint(-2, 4)} && {i} < 9"
            body.append(f"{v} = {NONDET};")
        if r.random() < 0.2:
            # The target inside the loop, behind the updates.
            body.append(f"if (x {r.choice(['==', '>', '<'])} "
                        f"{r.randint(-2, 9)} && {i} > {r.randint(0, 3)}) "
                        "reach_error();")
        lines.append(f"  for (int {i} = 0; {test}; {i} += {step}) {{")
        lines += ["    " + b for b in body]
        lines.append("  }")
    cmp1 = r.choice(["==", ">", "<", "!="])
    shape = r.random()
    split = any("y += 1 - v;" in x or f"{NONDET} > " in x and
                "else y += 1;" in x for x in lines)
    if split and shape < 0.5:
        # Both grew: some iterations read one value, some another.
        lines += [f"  if (x > {x0} && y > {y0})", "    reach_error();", "}"]
        return "\n".join(lines) + "\n"
    # A value a loop sets on some branch only (a flag): the target mostly
    # needs it set, or not set.
    flags = re.findall(r"\) ([xy]) = (-?\d+|[abc]);", "\n".join(lines))
    if flags and shape < 0.6:
        var, value = r.choice(flags)
        cond = f"{var} {r.choice(['==', '==', '!='])} {value}"
    elif shape < 0.1:
        cond = f"x > {x0} && y > {y0}"
    elif shape < 0.2:
        cond = f"y > x + {r.randint(-3, 3)}"
    elif shape < 0.35:
        cond = f"x == {r.choice([4, 9, 16, 25, 36, 49, r.randint(-4, 60)])}"
    else:
        cond = f"x {cmp1} {r.randint(-4, 14)}"
    if r.random() < 0.6:
        cond += f" && y {r.choice(['==', '>=', '<'])} {r.randint(-4, 14)}"
    if r.random() < 0.3:
        cond += f" && (x + y) % 2 == {r.randint(0, 1)}"
    if r.random() < 0.4:
        cond += (f" && {r.choice(ARRAYS)}"
                 f"[{r.choice(['n % 6', '(x & 3)', '1', '4'])}] "
                 f"{r.choice(['==', '>', '<'])} {r.randint(-1, 6)}")
    lines += [f"  if ({cond})", "    reach_error();", "}"]
    return "\n".join(lines) + "\n"


DRIVER = """
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
static int reached;
static jmp_buf failed;
void reach_error(void) { reached = 1; }
/* Mostly small values, where the loops turn; now and then any int. */
int __VERIFIER_nondet_int(void) {
  return rand() % 8 ? rand() % 13 - 3 : rand() - RAND_MAX / 2;
}
/* A failed assumption ends the run, as the executor ends the path. */
void __VERIFIER_assume(int c) { if (!c) longjmp(failed, 1); }
void F(int, int, int, int *);
int main(void) {
  static int hits = 0, t;
  srand(1);
  for (t = 0; t < 600; ++t) {
    static int p[6];
    for (int k = 0; k < 6; ++k)
      p[k] = rand() % 13 - 3;
    reached = 0;
    if (!setjmp(failed))
      F(rand() % 41 - 20, rand() % 41 - 20, rand() % 41 - 20, p);
    hits += reached;
  }
  printf("%d\\n", hits);
  return 0;
}
"""


def check(theseus, clang, work, idx, src, extra, timeout):
    c = os.path.join(work, f"p{idx}.c")
    with open(c, "w") as f:
        f.write(src)
    exe = os.path.join(work, f"p{idx}")
    subprocess.run([clang, "-O0", "-w", f"-DF=f{idx}", c, "-x", "c", "-",
                    "-o", exe], input=DRIVER, text=True, check=True)
    hits = int(subprocess.run([exe], capture_output=True, text=True,
                              timeout=30, check=True).stdout)
    out = os.path.join(work, f"p{idx}.out")
    subprocess.run([theseus, c, "--entry", f"f{idx}", "--target",
                    "reach_error", "--apc-only", "--apc-timeout", str(timeout),
                    "--max-len", "6",
                    "-o", out] + extra, capture_output=True, text=True, check=True)
    with open(os.path.join(out, "summary.json")) as f:
        target = json.load(f)["target"]
    return (idx, c, hits, target["verdict"], target.get("loops_given_up", 0),
            target.get("numbered_loop_summaries", 0))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("theseus")
    ap.add_argument("clang")
    ap.add_argument("work")
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2011)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--apc-timeout", type=float, default=1,
                    help="seconds per apc (building and deciding it)")
    ap.add_argument("--heavyweight", action="store_true",
                    help="summarize nested loops with --apc-heavyweight")
    ap.add_argument("--max-backbones", type=int,
                    help="--apc-max-backbones: small, loops are given up")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    r = random.Random(a.seed)
    srcs = [program(r, i) for i in range(a.programs)]
    extra = ["--apc-heavyweight"] if a.heavyweight else []
    if a.max_backbones:
        extra += ["--apc-max-backbones", str(a.max_backbones)]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(
            lambda p: check(a.theseus, a.clang, a.work, *p, extra,
                           a.apc_timeout),
            enumerate(srcs)))
    reached = [x for x in results if x[2] > 0]
    violations = [x for x in reached if x[3] == "unreachable"]
    proved = [x for x in results if x[2] == 0 and x[3] == "unreachable"]
    given_up = [x for x in results if x[4] > 0]
    numbered = [x for x in results if x[5] > 0]
    print(f"apc soundness: {len(results)} programs, target reached natively "
          f"in {len(reached)}, never reached in {len(results) - len(reached)}"
          f" of which the apc proves {len(proved)} unreachable; loops given "
          f"up in {len(given_up)} (proved unreachable: "
          f"{sum(x[3] == 'unreachable' for x in given_up)}); loops with "
          f"numbered iterations in {len(numbered)} (reached natively: "
          f"{sum(x[2] > 0 for x in numbered)}, proved unreachable: "
          f"{sum(x[3] == 'unreachable' for x in numbered)}); "
          f"{len(violations)} violations")
    for idx, c, hits, *_ in violations:
        print(f"VIOLATION: {c}: target reached by {hits} native runs, "
              f"apc says unreachable")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
