// fork() on a path must not fork Theseus: it is modelled as a failing
// fork (-1, errno EAGAIN), the program's error path.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out
// RUN: %check-tests %t.out --count 2 --some "ret == 0 and x <= 1" --some "ret == 0 and x > 1"
#include <unistd.h>
int fork_call(int x) {
  if (x > 1)
    return fork() > 0;
  return 0;
}
