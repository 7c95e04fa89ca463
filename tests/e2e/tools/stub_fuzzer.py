#!/usr/bin/env python3
"""A deterministic stand-in for libFuzzer, for tests of the input exchange.

  theseus PROG.c --fuzz --fuzzer stub_fuzzer.py ...
  with STUB_FUZZER_PATCH=OFFSET:HEXBYTES in the environment

Theseus starts it as it starts libFuzzer (same arguments, same environment).
Each input the engine offered (corpus/theseus-*) it takes once, replaces the
bytes at OFFSET with HEXBYTES (extending the input with zeros if needed), and
runs the result natively with the fuzz target Theseus built
(OUTDIR/fuzz/build/fuzzer, beside -artifact_prefix's directory), as libFuzzer
runs a single file: an input that reaches abort() or a failed assertion is
saved in crashes/ by the target's runtime, as during fuzzing, and the engine
imports it from there (the changed inputs are kept in OUTDIR/fuzz/stub/, not
in the corpus). No randomness and no time budget: what it finds depends
only on what the engine offers. It ends on SIGINT (as Theseus stops libFuzzer)
or after -max_total_time, and prints libFuzzer's executions statistic.
"""
import os
import signal
import subprocess
import sys
import time

flags = {}
dirs = []
for a in sys.argv[1:]:
    if a.startswith("-") and "=" in a:
        k, v = a[1:].split("=", 1)
        flags[k] = v
    else:
        dirs.append(a)
corpus = dirs[-1]
crashes = flags["artifact_prefix"].rstrip("/")
target = os.path.join(os.path.dirname(crashes), "build", "fuzzer")
mine_dir = os.path.join(os.path.dirname(crashes), "stub")
os.makedirs(mine_dir, exist_ok=True)
limit = float(flags.get("max_total_time", 0))
offset, patch = os.environ["STUB_FUZZER_PATCH"].split(":")
offset, patch = int(offset), bytes.fromhex(patch)

executions = 0
# Theseus names its fuzzer's parent for the fuzzer to die with it; the
# target this stand-in runs is not that fuzzer.
target_env = {k: v for k, v in os.environ.items() if k != "THESEUS_FUZZ_PARENT"}


def finish(*_):
    print(f"stat::number_of_executed_units: {executions}", file=sys.stderr)
    sys.stderr.flush()
    os._exit(0)


signal.signal(signal.SIGINT, finish)
signal.signal(signal.SIGTERM, finish)
start, seen = time.monotonic(), set()
print(f"stub_fuzzer: target {target}, patch {patch.hex()} at {offset}",
      file=sys.stderr)
while not limit or time.monotonic() - start < limit:
    for name in sorted(os.listdir(corpus)):
        if not name.startswith("theseus-") or name in seen:
            continue
        seen.add(name)
        with open(os.path.join(corpus, name), "rb") as f:
            data = bytearray(f.read())
        data.extend(b"\0" * max(0, offset + len(patch) - len(data)))
        data[offset:offset + len(patch)] = patch
        mine = os.path.join(mine_dir, name)
        with open(mine, "wb") as f:
            f.write(data)
        executions += 1
        r = subprocess.run([target, mine], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=target_env)
        print(f"stub_fuzzer: ran {mine}: exit {r.returncode}",
              file=sys.stderr)
    time.sleep(0.1)
finish()
