// --cflag=-Dmain=replay_dmain renames the program's main; the flag must not
// reach the replay driver (whose own main it would rename too).
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --cflag=-Dmain=replay_dmain | FileCheck %s
// CHECK: return values {0, 1}
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 2 match, 0 mismatch, 0 skipped
int main(int x) {
  if (x > 3)
    return 1;
  return 0;
}
