// Every test of a --fuzz run on a string replays natively, the tests made
// from the fuzzer's inputs included: a fuzz input carries a `char *`
// parameter's bytes before its final NUL, and the engine reads them as
// the fuzz target does, so a test's string ends where the run's did (a
// test whose NUL byte held the fuzzer's next byte overran its buffer on
// replay). The error lies after a million iterations of a concrete loop:
// the engine's runs end at the instruction limit (--max-steps) before it,
// the fuzzer passes it natively (strcmp gives libFuzzer the value) and the
// engine runs its input without the limit, so a test found by the fuzzer
// is certain. Budgets in counts: the fuzzer's in runs (--fuzz-runs, with
// --seed), the engine's in runs and instructions; --max-time only guards
// against a hang. In the second run the deterministic stand-in for
// libFuzzer (tools/stub_fuzzer.py) writes "id=7abc!": the '!' lies past
// the string's bytes in the stream, where its NUL was.
// UNSUPPORTED: asan
// RUN: rm -rf %t.lib %t.stub
// RUN: not %theseus %s --entry parse --max-strlen 8 --fuzz --fuzz-runs 200000 \
// RUN:   --seed 1 --no-native-loops --max-steps 1000000 --max-iterations 1000 \
// RUN:   --max-time 600 --target reach_error -o %t.lib | FileCheck %s
// RUN: %check-tests %t.lib --some "found_by == 'fuzzer'" --all "raw['s'][-1] == 0"
// RUN: %theseus replay %t.lib | FileCheck --check-prefix=REPLAY %s
// RUN: env STUB_FUZZER_PATCH=0:69643d3761626321 not %theseus %s --entry parse \
// RUN:   --max-strlen 8 --fuzz --fuzzer %S/tools/stub_fuzzer.py --no-native-loops \
// RUN:   --max-steps 1000000 --max-iterations 1000 --max-time 600 \
// RUN:   --target reach_error -o %t.stub | FileCheck %s
// RUN: %check-tests %t.stub --some "found_by == 'fuzzer' and bug == 'reach-error' and raw['s'] == b'id=7abc\x00'" \
// RUN:   --all "raw['s'][-1] == 0"
// RUN: %theseus replay %t.stub | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in parse: reached by
// REPLAY: {{[1-9][0-9]*}} match, 0 mismatch
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }

// "name=value": the name's length times 10 plus the value's; -1 without
// '='.
int parse(char *s) {
  char *eq = strchr(s, '=');
  if (!eq)
    return -1;
  int name = (int)(eq - s), value = (int)strlen(eq + 1);
  if (strncmp(s, "id=", 3) == 0) {
    unsigned count = 0;
    for (unsigned i = 0; i < 1000000; i++)
      count += 3;
    if (count == 3000000 && strcmp(eq + 1, "7abc") == 0)
      reach_error();
  }
  return name * 10 + value;
}
