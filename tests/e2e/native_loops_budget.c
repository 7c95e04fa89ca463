// --max-steps charges an instruction run as host code at 1/64: a loop of
// about 40 M instructions finishes natively within a 5 M limit (its path
// completes, and the error behind it is found), where the interpreter alone
// cuts the path at the limit.
// RUN: rm -rf %t.on %t.off
// RUN: not %theseus %s -o %t.on -q --max-steps 5000000
// RUN: %check-summary %t.on "native_loops['runs'] >= 1" "native_loops['bails'] == {}" \
// RUN:   "step_limited_paths == 0" "instructions > 40000000"
// RUN: %check-tests %t.on --some "bug == 'assertion-failure' and line == 18"
// RUN: %theseus %s -o %t.off -q --max-steps 5000000 --no-native-loops
// RUN: %check-summary %t.off "step_limited_paths >= 1" "not complete"
#include <assert.h>

int native_loops_budget(int seed) {
  unsigned x = 0;
  while (x < 20000000u)
    x += 2;
  assert(x % 2 == 1);
  return seed;
}
