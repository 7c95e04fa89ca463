// Neither side reaches the error alone. The engine solves the product
// (a fuzzer cannot) but its runs end at the instruction limit (--max-steps)
// inside the long loop (interpreted: with loops run as host code the engine
// passes it alone); the fuzzer gets the engine's input, runs the loop
// natively and finds the second value; its recorded native run is the
// error's test, which the engine never runs to the error (found_by fuzzer,
// evidence native). The fuzzer is a deterministic stand-in
// (tools/stub_fuzzer.py): it sets the second value (bytes 4..7 of the
// stream) in each input the engine offers and runs it with the natively
// built fuzz target, which saves it as an error input. So the test checks
// the exchange both ways, in counts, not libFuzzer's luck or the machine's
// speed (--max-time only guards against a hang: the run must end at the
// target).
// UNSUPPORTED: asan
// RUN: rm -rf %t.plain %t.fuzz
// RUN: %theseus %s --no-native-loops --max-steps 1000000 -q -o %t.plain
// RUN: %check-tests %t.plain --none "bug == 'reach-error'"
// RUN: %check-summary %t.plain "stop_reason == 'bounded'" "not complete"
// RUN: env STUB_FUZZER_PATCH=4:71110100 not %theseus %s --fuzz \
// RUN:   --fuzzer %S/tools/stub_fuzzer.py --no-native-loops --max-steps 1000000 \
// RUN:   --max-time 600 --target reach_error -o %t.fuzz | FileCheck %s
// RUN: %check-tests %t.fuzz --some "bug == 'reach-error' and found_by == 'fuzzer' and evidence == 'native'"
// RUN: %check-summary %t.fuzz "stop_reason == 'target-reached'" \
// RUN:   "fuzz['offered'] >= 1" "fuzz['native_errors'] == 1" "fuzz['crashes'] == 1"
// run.db records each input offered (with its test) and each one taken
// (with the test its run or its recorded native run made, or else its
// bytes), as many as counted.
// RUN: %python -c "import json,sqlite3; s=json.load(open('%t.fuzz/summary.json'))['fuzz']; db=sqlite3.connect('%t.fuzz/run.db'); o,i,n,b=db.execute(\"select sum(direction = 'to-fuzzer'), sum(direction = 'from-fuzzer'), sum(direction = 'from-fuzzer' and (test is null) = (input is null)) + sum(direction = 'to-fuzzer' and (test is null or input is not null)), sum(seconds < 0) from exchange\").fetchone(); print(o == s['offered'], i == s['imported'] + s['native_errors'], o > 0 and i > 0, n, b)" | FileCheck --check-prefix=EXCHANGE %s
// EXCHANGE: True True True 0 0
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
  for (unsigned i = 0; i < 1000000; i++)
    count += 3;
  unsigned second = __VERIFIER_nondet_uint();
  if (count == 3000000 && second == 70001)
    reach_error();
  return 1;
}
