// Binary search over a local array with a symbolic key: every position and
// "not found" are reached. The entry shares its name with libc's bsearch;
// replay must still call this one.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// RUN: %check-tests %t.out --all "ret == ([1, 3, 5, 7, 9, 11, 13, 15].index(key) if key in [1, 3, 5, 7, 9, 11, 13, 15] else -1)"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: return values {-1, 0, 1, 2, 3, 4, 5, 6, 7}
// CHECK: branches 100.0%
// REPLAY: 0 mismatch, 0 skipped

int bsearch(int key) {
  int a[8] = {1, 3, 5, 7, 9, 11, 13, 15};
  int lo = 0, hi = 7;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
      return mid;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}
