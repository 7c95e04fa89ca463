// Every __VERIFIER_nondet_X of the competitions is a fresh input whose
// width follows the data model (long, ulong, size_t and pointers are 4
// bytes in ILP32, 8 in LP64); float and double are symbolic too, so the
// run is complete. Replay serves each input by name from the same family
// in runtime/theseus_replay.c.
// RUN: rm -rf %t.32 %t.64
// RUN: not %theseus %s --data-model ILP32 -o %t.32 | FileCheck %s
// RUN: %check-tests %t.32 --some "bug == 'reach-error'" --all "list(map(len, map(raw.get, sorted(raw, key=lambda n: int(n.rsplit('_', 1)[1]))))) == [1, 1, 1, 2, 2, 4, 4, 4, 4, 8, 8, 4, 8, 4, 4, 2, 1, 4, 4, 4, 8]"
// RUN: %theseus replay %t.32 | FileCheck --check-prefix=REPLAY %s
// RUN: not %theseus %s -o %t.64 | FileCheck %s
// RUN: %check-tests %t.64 --some "bug == 'reach-error'" --all "list(map(len, map(raw.get, sorted(raw, key=lambda n: int(n.rsplit('_', 1)[1]))))) == [1, 1, 1, 2, 2, 4, 4, 8, 8, 8, 8, 8, 8, 8, 4, 2, 1, 4, 8, 4, 8]"
// RUN: %theseus replay %t.64 | FileCheck --check-prefix=REPLAY %s
// CHECK: complete yes
// CHECK: bugs 1
// CHECK-NEXT: reach-error at {{.*}}nondet_family.c:69:
// CHECK: concretizations 0
// REPLAY: 0 mismatch, 0 skipped
#include <stddef.h>
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern size_t __VERIFIER_nondet_size_t(void);
extern long long __VERIFIER_nondet_loff_t(void);
extern void *__VERIFIER_nondet_pointer(void);
extern unsigned int __VERIFIER_nondet_u32(void);
extern unsigned short __VERIFIER_nondet_u16(void);
extern unsigned char __VERIFIER_nondet_u8(void);
extern unsigned __VERIFIER_nondet_unsigned(void);
extern char *__VERIFIER_nondet_pchar(void);
extern float __VERIFIER_nondet_float(void);
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  unsigned char uc = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  unsigned short us = __VERIFIER_nondet_ushort();
  int i = __VERIFIER_nondet_int();
  unsigned int ui = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  unsigned long long ull = __VERIFIER_nondet_ulonglong();
  size_t z = __VERIFIER_nondet_size_t();
  long long off = __VERIFIER_nondet_loff_t();
  void *p = __VERIFIER_nondet_pointer();
  unsigned int u32 = __VERIFIER_nondet_u32();
  unsigned short u16 = __VERIFIER_nondet_u16();
  unsigned char u8 = __VERIFIER_nondet_u8();
  unsigned un = __VERIFIER_nondet_unsigned();
  char *pc = __VERIFIER_nondet_pchar();
  float f = __VERIFIER_nondet_float();
  double d = __VERIFIER_nondet_double();
  if (b && c == 'c' && uc == 200 && s == -300 && us == 60000 && i == -7 &&
      ui == 4000000000u && l == -70000 && ul == (unsigned long)-1 &&
      ll == -5000000000LL && ull == 10000000000ULL && z == 12345 &&
      off == -1 && p == (void *)16 && u32 == 7 && u16 == 65535 && u8 == 255 &&
      un == 9 && pc == (char *)32 && f == 0.0f && d == 0.0)
    reach_error();
  return 0;
}
