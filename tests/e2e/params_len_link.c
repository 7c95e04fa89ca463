// A (buffer, length) pair: the length that follows a pointer parameter is
// bounded by the buffer Theseus makes (--max-len elements), so reading
// buf[0..len) is never a false out-of-bounds report. --no-len-link shows
// the report the link avoids; --len LEN=BUF links a pair explicitly.
// RUN: rm -rf %t.out %t.nolink %t.explicit
// RUN: %theseus %s -o %t.out --max-len 4 | FileCheck %s
// CHECK: bugs 0
// CHECK: return values {0, 1}
// RUN: %check-tests %t.out --all "0 <= len <= 4" --some "len == 4 and ret == 1"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
//
// RUN: not %theseus %s -o %t.nolink --max-len 4 --no-len-link | FileCheck --check-prefix=NOLINK %s
// NOLINK: out-of-bounds
//
// RUN: %theseus %s -o %t.explicit --max-len 4 --no-len-link --len len=buf | FileCheck %s
#include <stddef.h>

int params_len_link(const unsigned char *buf, size_t len) {
  int n = 0;
  for (size_t i = 0; i < len; ++i)
    if (buf[i] == 'a')
      ++n;
  return n > 3;
}
