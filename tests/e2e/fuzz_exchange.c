// Neither side reaches the error alone. The engine solves the product
// (the fuzzer cannot) but its runs end at the instruction limit inside the
// long loop (interpreted: with loops run as host code the engine passes it
// alone); the fuzzer gets the engine's input, runs the loop natively and
// finds the second value; the engine runs the fuzzer's input to the error.
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus %s --no-native-loops --max-time 8 -q -o %t.plain
// RUN: %check-tests %t.plain --none "bug == 'reach-error'"
// RUN: not %theseus %s --fuzz --no-native-loops --max-time 120 --target reach_error -o %t.fuzz \
// RUN:   | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer'"
// RUN: %python -c "import json,sys; f=json.load(open(sys.argv[1]))['fuzz']; \
// RUN:   sys.exit(0 if f['offered'] >= 1 and f['imported'] >= 1 else 1)" \
// RUN:   %t.fuzz/summary.json
// RUN: %theseus replay %t.fuzz | FileCheck --check-prefix=REPLAY %s
// CHECK: target reach_error in main: reached by
// REPLAY: 2 match, 0 mismatch
extern void abort(void);
extern unsigned __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }

int main(void) {
  unsigned key = __VERIFIER_nondet_uint();
  if (key * 2654435761u != 0xdeadbeefu)
    return 0;
  unsigned count = 0;
  for (unsigned i = 0; i < 100000000; i++)
    count += 3;
  unsigned second = __VERIFIER_nondet_uint();
  if (count == 300000000 && second == 70001)
    reach_error();
  return 1;
}
