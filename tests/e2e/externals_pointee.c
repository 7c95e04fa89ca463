// Symbolic bytes a native function can read through a pointer are pinned
// to their values and the concretisation is counted at the call: the
// branches on buf after atof() cannot be negated. --concretize=free leaves
// them unpinned (and may diverge).
// RUN: rm -rf %t.out %t.free
// RUN: %theseus %s -o %t.out | FileCheck %s
// CHECK: paths 1
// CHECK: externals_pointee.c:20: symbolic bytes passed to native atof (x1)
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch
// RUN: %theseus %s --concretize=free -o %t.free | FileCheck --check-prefix=FREE %s
// FREE: paths 2
// FREE: symbolic bytes passed to native atof (x{{[0-9]+}})
#include <stdlib.h>
#include <string.h>

int externals_pointee(const char s[4]) {
  char buf[5] = {s[0], s[1], s[2], s[3], 0};
  // atof has no model: glibc's runs.
  double d = atof(buf);
  unsigned word;
  memcpy(&word, buf, 4);
  if (word == 0x35353535) // "5555"
    return 1;
  return d == 0.25;
}
