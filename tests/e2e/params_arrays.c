// Pointer parameters: `const int a[][3]` (a pointer to int[3]) gets
// --max-len rows, typed as C spells it; `unsigned char *` and `uint8_t *`
// are byte buffers of --max-len bytes, not strings; only plain `char *` is
// a NUL-terminated string of --max-strlen bytes.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out --max-len 5 --max-strlen 3 --no-len-link | FileCheck %s
// CHECK: return values {0, 1, 2, 3}
// RUN: %python -c "import json,sys; t=json.load(open(sys.argv[1])); i={x['name']: x for x in t['inputs']}; \
// RUN:   assert i['rows']['type'] == 'const int (*)[3]' and i['rows']['count'] == 5 and i['rows']['bits'] == 5*12*8, i['rows']; \
// RUN:   assert i['bytes']['type'] == 'uint8_t *' and i['bytes']['count'] == 5 and 'string' not in i['bytes'], i['bytes']; \
// RUN:   assert i['s']['count'] == 3 and 'string' in i['s'], i['s']" %t.out/test000001.json
// RUN: %check-tests %t.out --some "ret == 1 and le(raw['rows'], 4*12 + 8, 4) == 9" --some "ret == 2 and bytes[4] == 0xff"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 0 mismatch, 0 skipped
#include <stdint.h>

int params_arrays(const int rows[][3], const uint8_t *bytes, const char *s) {
  if (rows[4][2] == 9)
    return 1;
  if (bytes[4] == 0xff)
    return 2;
  if (s[1] == 'x')
    return 3;
  return 0;
}
