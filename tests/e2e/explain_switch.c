// A switch is one decision taking a case value or the default, however
// many cases it tested; a do ... while shows its condition; both modes
// explain each path alike.
// RUN: rm -rf %t.c %t.f && mkdir -p %t.pick
// RUN: %theseus %s -o %t.c -q > /dev/null
// RUN: %theseus %s -o %t.f -q --mode fork > /dev/null
// RUN: %python %S/tools/check_explanations.py same %t.c %t.f | FileCheck --check-prefix=SAME %s
// RUN: %python %S/tools/check_explanations.py negated %t.c | FileCheck --check-prefix=NEG %s
// SAME: same explanations: [[N:[0-9]+]] of [[N]] paths
// NEG: negated: {{[1-9][0-9]*}} checked, 0 wrong
// RUN: %python %S/tools/check_explanations.py pick %t.c --return 23 --to %t.pick/seven.json
// RUN: %theseus show %t.pick/seven.json | FileCheck --check-prefix=SEVEN %s
// RUN: %python %S/tools/check_explanations.py pick %t.f --return 36 --to %t.pick/default.json
// RUN: %theseus show %t.pick/default.json | FileCheck --check-prefix=DEFAULT %s
// RUN: %python -c "import json; print(json.load(open('%t.pick/default.json'))['explanation'][0]['taken'])" | FileCheck --check-prefix=JSON %s
// SEVEN: decisions 2
// DEFAULT: decisions 2
// JSON: {{^default$}}

int explain_switch(int k, unsigned char c) {
  int r = 0, s = 0;
  switch (k) {
    // SEVEN-NEXT: [0] explain_switch.c:[[@LINE-1]]  switch (k)  -> 7
    // DEFAULT-NEXT: [0] explain_switch.c:[[@LINE-2]]  switch (k)  -> default
  case 3:
    r = 1, s = 10;
    break;
  case 7:
    r = 2, s = 20;
    break;
  default:
    r = 5, s = 30;
  }
  do {
    r++;
  } while (r < (c & 7));
  // SEVEN-NEXT: [1] explain_switch.c:[[@LINE-1]]  while (r < (c & 7))  -> false
  // DEFAULT-NEXT: [1] explain_switch.c:[[@LINE-2]]  while (r < (c & 7))  -> false
  return r + s;
}
