// A string parameter is a NUL-terminated symbolic buffer (--max-strlen
// bytes): the search needs the input to contain "Hello", and finds it at
// every position a 7-character string allows (0, 1, 2).
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --max-strlen 8 | FileCheck %s
// RUN: %check-tests %t.out --some "ret >= 0 and inputs['s'][ret:ret + 5] == [72, 101, 108, 108, 111]" --all "len(s) == 8"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// CHECK: stopped: exhausted
// CHECK: bugs 0
// CHECK: return values {-1, 0, 1, 2}
// REPLAY: 0 mismatch, 0 skipped

int hello_search(const char *s) {
  const char *word = "Hello";
  for (int i = 0; s[i]; i++) {
    int j = 0;
    while (word[j] && s[i + j] == word[j])
      j++;
    if (!word[j])
      return i;
  }
  return -1;
}
