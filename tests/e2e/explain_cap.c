// A path's explanation keeps its first 500 decisions and counts the rest.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out -q --max-iterations 1 > /dev/null
// RUN: %python -c "import json; t = json.load(open('%t.out/test000001.json')); print(len(t['explanation']), t['explanation_truncated'], t['explanation'][499]['condition'])" | FileCheck --check-prefix=JSON %s
// JSON: 500 100 a > i
// RUN: %theseus show %t.out/test000001.json | FileCheck %s
// CHECK: decisions 600
// CHECK: [499] explain_cap.c:[[@LINE+6]]  if (a > i)  -> false
// CHECK-NEXT: ... and 100 more, not recorded

int explain_cap(int a) {
  int s = 0;
  for (int i = 0; i < 600; i++)
    if (a > i)
      s++;
  return s;
}
