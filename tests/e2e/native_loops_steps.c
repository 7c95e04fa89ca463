// A concrete loop longer than --max-steps: the native run stops before the
// budget is spent and bails out, and the interpreter cuts the path where it
// would have without native loops (same instruction count, same place).
// RUN: rm -rf %t.on %t.off
// RUN: %theseus %s -o %t.on -q --max-steps 1000000
// RUN: %theseus %s -o %t.off -q --max-steps 1000000 --no-native-loops
// RUN: %check-summary %t.on "native_loops['bails'] == {'step-limit': 1}" \
// RUN:   "step_limited_paths == 1" "not complete"
// RUN: %check-tests %t.on --count 1 --all "kind == 'step-limit' and line == 16"
// RUN: %python %S/tools/same_paths.py %t.on %t.off | FileCheck %s
// CHECK: same paths: 1
// RUN: %python -c "import json,sys; a,b=(json.load(open(d+'/summary.json'))['instructions'] for d in sys.argv[1:]); assert a == b, (a, b)" %t.on %t.off
int native_loops_steps(int seed) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100000000u; i++)
    x = x * 3 + i;
  return seed == 1 ? 1 : (int)x;
}
