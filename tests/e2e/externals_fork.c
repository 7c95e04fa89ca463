// fork() fails with EAGAIN: the program takes its error path and Theseus
// is never forked; the run finishes and every path has its test. Natively
// fork succeeds, so the native check sees the two fork paths return
// otherwise and the run does not claim exhaustion.
// RUN: rm -rf %t.out
// RUN: %theseus %s -o %t.out | FileCheck %s
// CHECK: stopped: bounded
// CHECK: complete no: native-mismatch (2)
// CHECK: paths 3
// RUN: %check-tests %t.out --count 3 --some "x == 1 and ret == -11" \
// RUN:   --some "x == 2 and ret == -11" --some "ret == 0"
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

int externals_fork(int x) {
  pid_t pid = 0;
  if (x == 1)
    pid = fork();
  else if (x == 2)
    pid = vfork();
  else
    return 0;
  if (pid < 0)
    return -errno;
  if (pid == 0)
    _exit(0);
  waitpid(pid, 0, 0);
  return 1;
}
