// --apc-timeout bounds building the apc, not only deciding it: four search
// loops in sequence (HWM of Strejček and Trtík's appendix) take far longer than 10 ms
// to build, so the verdict is unknown and rests on nothing.
// RUN: rm -rf %t.out %t.ok
// RUN: %theseus %s --max-strlen 32 --target reach_error --apc-only --apc-timeout 0.01 --cflag=-DHWM -o %t.out | FileCheck %s
// RUN: %check-summary %t.out "target['verdict'] == 'unknown'" "'apc-timeout' in target['rests_on']"
// CHECK: target reach_error in apc_build_timeout: unknown
// CHECK: rests on nothing: --apc-timeout ran out while the apc was built
// Given time, the apc of the first two loops (HW) is decided, under
// AddressSanitizer too (120 s, not the default 10: room for a busy machine).
// RUN: %theseus %s --max-strlen 32 --target reach_error --apc-only --apc-timeout 120 -o %t.ok | FileCheck --check-prefix=OK %s
// OK: target reach_error in apc_build_timeout: apc satisfiable
void reach_error(void);

static int contains(const char *a, const char *word) {
  for (int i = 0; a[i] != 0; ++i) {
    int j = i, k = 0;
    while (word[k] != 0 && a[j] != 0 && a[j] == word[k]) {
      ++j;
      ++k;
    }
    if (word[k] == 0)
      return 1;
    if (a[j] == 0)
      break;
  }
  return 0;
}

void apc_build_timeout(const char *a) {
  if (contains(a, "Hello") && contains(a, "World")
#ifdef HWM
      && contains(a, "At") && contains(a, "Microsoft!")
#endif
  )
    reach_error();
}
