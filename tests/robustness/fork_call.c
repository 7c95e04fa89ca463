// fork() on a path: unsupported for that path (it must not fork Theseus).
// Not run today: fork() runs natively and the forked Theseus holds the pipe
// open (src/exec/Calls.cpp); drop the REQUIRES line once fork is handled.
// REQUIRES: theseus-fork-model
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out
// RUN: %check-tests %t.out --some "ret == 0" --some "kind == 'unsupported' and 'fork' in message"
#include <unistd.h>
int fork_call(int x) {
  if (x > 1)
    return fork() > 0;
  return 0;
}
