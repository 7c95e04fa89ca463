// A local array filled in a loop, then read at an input-dependent index
// (seed section 4, modified arrays): each cell holds what the last
// iteration writing it stored, a[k] == 2k, so an odd element is
// impossible, while a[k] == 10 is reached with n & 7 == 5; the search
// starts from the apc's candidate and its test replays natively.
// RUN: rm -rf %t.odd %t.ten
// RUN: %theseus %s --target %s:26 --apc-only --apc-timeout 120 -o %t.odd | FileCheck --check-prefix=ODD %s
// RUN: %check-summary %t.odd "target['verdict'] == 'unreachable'"
// RUN: %theseus %s --target %s:28 --apc-first --apc-timeout 120 -o %t.ten | FileCheck --check-prefix=TEN %s
// RUN: %check-summary %t.ten "target['verdict'] == 'reached'" "target['seeded_inputs'] >= 1"
// RUN: %theseus replay %t.ten | FileCheck --check-prefix=REPLAY %s
// ODD: apc_array_write.c:26 in apc_array_write: unreachable
// ODD: rests on the program's integer semantics only
// TEN: apc_array_write.c:28 in apc_array_write: reached by test
// REPLAY: 0 mismatch
void reach_error(void);
int Tens;

void apc_array_write(int n) {
  int a[8];
  for (int i = 0; i < 8; ++i)
    a[i] = 2 * i;
  int k = n & 7;
  int v = a[k];
  if (v % 2 == 1)
    reach_error();
  if (v == 10)
    ++Tens;
}
