// Every return value (--return-values N, default 16): a path whose return
// value depends on the input gets a test per further value the solver finds
// under its path condition, each marked "variant_of" its path's test, on
// the same path, and replayed natively with the value it claims, but only
// when the solver proves that the path has no other values and there are
// at most N. A path with more keeps its own test, and the summary says that
// the values listed are not all.
// RUN: rm -rf %t.flags %t.flagsf %t.sum %t.sumf %t.quot %t.quotf %t.off %t.four %t.three
// RUN: %theseus %s --entry flags_at -o %t.flags --tests=all | FileCheck --check-prefix=FLAGS %s
// RUN: %theseus %s --entry flags_at -o %t.flagsf --tests=all --mode=fork | FileCheck --check-prefix=FLAGS %s
// FLAGS: paths 3 (runs 3); tests 6
// FLAGS: return values {-1, 3, 7, 20, 42}{{$}}
// RUN: %check-tests %t.flags --count 6 --some "variant_of is not None" \
// RUN:   --all "ret == (-1 if not 0 <= i < 4 else [7, 42, 3, 20][i])"
// RUN: %python %S/tools/same_paths.py %t.flags %t.flagsf | FileCheck --check-prefix=SAME %s
// SAME: same paths: 3
// RUN: %python -c "import json, glob, sys; t = {json.load(open(f))['test']: json.load(open(f)) for f in glob.glob(sys.argv[1] + '/test*.json')}; v = [x for x in t.values() if 'variant_of' in x]; assert len(v) == 3 and all(x['path'] == t[x['variant_of']]['path'] for x in v), v" %t.flags
// The path that returns -1 whatever i is needs no search.
// RUN: %check-summary %t.flags "return_value_variants == 3" \
// RUN:   "return_value_search == {'limit': 16, 'enumerated': 1, 'more_than_limit': 0, 'not_enumerated': 0}"
// RUN: %theseus replay %t.flags | FileCheck --check-prefix=REPLAY6 %s
// RUN: %theseus replay %t.flagsf | FileCheck --check-prefix=REPLAY6 %s
// REPLAY6: replayed 6 tests: 6 match, 0 mismatch
//
// A sum over a window of a table, one path: its 8 window sums.
// RUN: %theseus %s --entry weighted -o %t.sum --tests=all | FileCheck --check-prefix=SUM %s
// RUN: %theseus %s --entry weighted -o %t.sumf --tests=all --mode=fork | FileCheck --check-prefix=SUM %s
// SUM: paths 1 (runs 1); tests 8
// SUM: return values {6, 9, 11, 12, 15, 16, 18, 21}{{$}}
// RUN: %theseus replay %t.sum | FileCheck --check-prefix=REPLAY8 %s
// RUN: %theseus replay %t.sumf | FileCheck --check-prefix=REPLAY8 %s
// REPLAY8: replayed 8 tests: 8 match, 0 mismatch
//
// A quotient after a loop: 15 paths, more than 16 values on each of the 5
// that divide, so no further tests.
// RUN: %theseus %s --entry quotient -o %t.quot --tests=all | FileCheck --check-prefix=QUOT %s
// RUN: %theseus %s --entry quotient -o %t.quotf --tests=all --mode=fork | FileCheck --check-prefix=QUOT %s
// QUOT: paths 15 (runs 15); tests 15
// QUOT: return values {{{.*}}} and more: 5 paths return more than 16 values each{{$}}
// RUN: %check-summary %t.quot "return_value_variants == 0" \
// RUN:   "return_value_search == {'limit': 16, 'enumerated': 0, 'more_than_limit': 5, 'not_enumerated': 0}"
// RUN: %check-tests %t.quot --all "kind == 'return'" --all "ret == -1 or ret == c_div(n - 100 * min(max((n - 1) // 100, 0), 3), d)" --oracle %inputs/c_div.py
// RUN: %theseus replay %t.quot | FileCheck --check-prefix=REPLAY15 %s
// RUN: %theseus replay %t.quotf | FileCheck --check-prefix=REPLAY15 %s
// REPLAY15: replayed 15 tests: 15 match, 0 mismatch
//
// Off: nothing sought, and the summary cannot say the values are all.
// RUN: %theseus %s --entry flags_at -o %t.off --tests=all --return-values 0 | FileCheck --check-prefix=OFF %s
// OFF: paths 3 (runs 3); tests 3
// OFF: return values {{{.*}}} and maybe more: the values of 1 path were not enumerated (--return-values 0){{$}}
// RUN: %check-summary %t.off "return_value_variants == 0" \
// RUN:   "return_value_search == {'limit': 0, 'enumerated': 0, 'more_than_limit': 0, 'not_enumerated': 1}"
//
// flags_at's 4 values are all at N = 4, one too many at N = 3.
// RUN: %theseus %s --entry flags_at -o %t.four --tests=all --return-values 4 | FileCheck --check-prefix=FOUR %s
// FOUR: paths 3 (runs 3); tests 6
// FOUR: return values {-1, 3, 7, 20, 42}{{$}}
// RUN: %theseus %s --entry flags_at -o %t.three --tests=all --return-values 3 | FileCheck --check-prefix=THREE %s
// THREE: paths 3 (runs 3); tests 3
// THREE: return values {{{.*}}} and more: 1 path returns more than 3 values{{$}}

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
