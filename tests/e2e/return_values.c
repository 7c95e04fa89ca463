// Every return value (--return-values, default 16): a path whose return
// value depends on the input gets a test per further value the solver finds
// under its path condition, each marked "variant_of" its path's test, on
// the same path, and replayed natively with the value it claims.
// RUN: rm -rf %t.flags %t.flagsf %t.sum %t.sumf %t.quot %t.quotf %t.off %t.two
// RUN: %theseus %s --entry flags_at -o %t.flags | FileCheck --check-prefix=FLAGS %s
// RUN: %theseus %s --entry flags_at -o %t.flagsf --mode=fork | FileCheck --check-prefix=FLAGS %s
// FLAGS: paths 3 (runs 3, tests written 6)
// FLAGS: return values {-1, 3, 7, 20, 42}
// RUN: %check-tests %t.flags --count 6 --some "variant_of is not None" \
// RUN:   --all "ret == (-1 if not 0 <= i < 4 else [7, 42, 3, 20][i])"
// RUN: %python %S/tools/same_paths.py %t.flags %t.flagsf | FileCheck --check-prefix=SAME %s
// SAME: same paths: 3
// RUN: %python -c "import json, glob, sys; t = {json.load(open(f))['test']: json.load(open(f)) for f in glob.glob(sys.argv[1] + '/test*.json')}; v = [x for x in t.values() if 'variant_of' in x]; assert len(v) == 3 and all(x['path'] == t[x['variant_of']]['path'] for x in v), v" %t.flags
// RUN: %python -c "import json; s = json.load(open('%t.flags/summary.json')); assert s['return_value_variants'] == 3, s"
// RUN: %theseus replay %t.flags | FileCheck --check-prefix=REPLAY6 %s
// RUN: %theseus replay %t.flagsf | FileCheck --check-prefix=REPLAY6 %s
// REPLAY6: replayed 6 tests: 6 match, 0 mismatch
//
// A sum over a window of a table, one path: its 8 window sums.
// RUN: %theseus %s --entry weighted -o %t.sum | FileCheck --check-prefix=SUM %s
// RUN: %theseus %s --entry weighted -o %t.sumf --mode=fork | FileCheck --check-prefix=SUM %s
// SUM: paths 1 (runs 1, tests written 8)
// SUM: return values {6, 9, 11, 12, 15, 16, 18, 21}
// RUN: %theseus replay %t.sum | FileCheck --check-prefix=REPLAY8 %s
// RUN: %theseus replay %t.sumf | FileCheck --check-prefix=REPLAY8 %s
// REPLAY8: replayed 8 tests: 8 match, 0 mismatch
//
// A quotient after a loop: 15 paths, 16 values on each of the 5 that divide.
// RUN: %theseus %s --entry quotient -o %t.quot | FileCheck --check-prefix=QUOT %s
// RUN: %theseus %s --entry quotient -o %t.quotf --mode=fork | FileCheck --check-prefix=QUOT %s
// QUOT: paths 15 (runs 15, tests written 90)
// RUN: %check-tests %t.quot --all "kind == 'return'" --all "ret == -1 or ret == c_div(n - 100 * min(max((n - 1) // 100, 0), 3), d)" --oracle %inputs/c_div.py
// RUN: %theseus replay %t.quot | FileCheck --check-prefix=REPLAY90 %s
// RUN: %theseus replay %t.quotf | FileCheck --check-prefix=REPLAY90 %s
// REPLAY90: replayed 90 tests: 90 match, 0 mismatch
//
// Off, and at most two values per path.
// RUN: %theseus %s --entry flags_at -o %t.off --return-values 0 | FileCheck --check-prefix=OFF %s
// OFF: paths 3 (runs 3, tests written 3)
// RUN: %theseus %s --entry quotient -o %t.two --return-values 2 | FileCheck --check-prefix=TWO %s
// TWO: paths 15 (runs 15, tests written 20)

int flags_at(int i) {
  static const int flags[8] = {7, 42, 3, 20, 5, 5, 5, 5};
  if (i < 0 || i >= 4)
    return -1;
  return flags[i];
}

int weighted(unsigned k) {
  static const int weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int r = 0;
  for (int i = 0; i < 3; i++)
    r += weights[(k + i) % 8];
  return r;
}

int quotient(int n, int d) {
  int steps = 0;
  while (n > 100 && steps < 3) {
    n -= 100;
    steps++;
  }
  if (d <= 0 || d > 10)
    return -1;
  return n / d;
}
