// --externals=safe (the default): a function without a body that could
// change the host ends the path with "external-denied" naming it and the
// call site; the file system is unchanged. fopen for reading runs natively.
// --externals=allow-all runs them all (here: the file is really created).
// RUN: rm -rf %t.out %t.all %t.touched %t.written && touch %t.victim
// RUN: %theseus %s '--cflag=-DTOUCHED="%t.touched"' '--cflag=-DVICTIM="%t.victim"' '--cflag=-DWRITTEN="%t.written"' -o %t.out | FileCheck %s
// CHECK: native calls _IO_getc (x1), fclose (x1), fopen (x1), write (x1)
// RUN: test -f %t.victim && test ! -e %t.touched && test ! -e %t.written
// RUN: %check-tests %t.out --count 8 \
// RUN:   --some "kind == 'external-denied' and line == 39 and message.startswith('call to system denied at ') and message.endswith('externals_safe.c:39: it runs or signals processes; --externals=allow-all runs it natively')" \
// RUN:   --some "kind == 'external-denied' and line == 41 and message.endswith('externals_safe.c:41: it changes the file system; --externals=allow-all runs it natively')" \
// RUN:   --some "kind == 'external-denied' and line == 43 and message.startswith('call to fopen with mode \"w\" denied at ') and 'externals_safe.c:43: it opens a file for writing' in message" \
// RUN:   --some "kind == 'external-denied' and line == 47 and message.startswith('call to getlogin denied at ') and message.endswith('externals_safe.c:47: it is not on the list of harmless functions; --externals=allow-all runs it natively')" \
// RUN:   --some "kind == 'return' and ret == ord('/')" \
// RUN:   --some "x == 6 and ret == 3 and stdout == 'hi\n'" \
// RUN:   --some "x == 7 and kind == 'external-denied' and 'call to write denied' in message"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 3 match, 0 mismatch, 5 skipped
//
// RUN: %theseus %s --externals=allow-all '--cflag=-DTOUCHED="%t.touched"' '--cflag=-DVICTIM="%t.victim"' '--cflag=-DWRITTEN="%t.written"' -o %t.all | FileCheck --check-prefix=ALL %s
// ALL: native calls {{.*}}system (x1){{.*}}unlink (x1)
// RUN: test ! -e %t.victim && test -f %t.touched && test -f %t.written
// RUN: %check-tests %t.all --none "kind == 'external-denied'"
// RUN: rm -f %t.touched %t.written
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int externals_safe(int x) {
  if (x == 4) {
    FILE *f = fopen(__FILE__, "r");
    if (!f)
      return -1;
    int c = fgetc(f); // The first '/' of this file.
    fclose(f);
    return c;
  }
  if (x == 1)
    return system("touch " TOUCHED);
  if (x == 2)
    return unlink(VICTIM);
  if (x == 3) {
    FILE *f = fopen(WRITTEN, "w");
    return f != NULL;
  }
  if (x == 5)
    return getlogin() != NULL;
  if (x == 6)
    return (int)write(1, "hi\n", 3); // Stdout is captured: allowed.
  if (x == 7)
    return (int)write(x, "x", 1); // Maybe one of Theseus' own files.
  return 0;
}
