// Signals, threads and non-local jumps never run natively: raise(SIGSEGV)
// is a "signal" bug, raise() of SIGABRT (or kill() of itself) the abort
// bug, an ignored signal returns 0; pthread_create and setjmp end the path
// as unsupported; signal() installs nothing and says so. No crash.
// RUN: rm -rf %t.out
// RUN: not %theseus %s -o %t.out | FileCheck %s
// CHECK: bugs 2
// CHECK-DAG: signal at {{.*}}externals_signals.c:29: raise(SIGSEGV): the program is killed by signal 11 (Segmentation fault)
// CHECK-DAG: abort at {{.*}}externals_signals.c:33: kill(getpid(), SIGABRT) called
// CHECK: externals_signals.c:44: signal handler not installed (x1)
// RUN: %check-tests %t.out --count 7 \
// RUN:   --some "x == 3 and ret == 30" \
// RUN:   --some "kind == 'unsupported' and line == 36 and 'threads are not supported (call to pthread_create)' in message" \
// RUN:   --some "kind == 'unsupported' and line == 39 and 'non-local jumps (setjmp/longjmp) are not supported (call to _setjmp)' in message" \
// RUN:   --some "x == 6 and ret == 0"
// RUN: %theseus replay %t.out | FileCheck --check-prefix=REPLAY %s
// REPLAY: 5 match, 0 mismatch, 2 skipped
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <unistd.h>

static void *worker(void *arg) { return arg; }
static jmp_buf env;
static void on_interrupt(int sig) { (void)sig; }

int externals_signals(int x) {
  if (x == 2)
    raise(SIGSEGV);
  if (x == 3)
    return raise(SIGCHLD) + 30;
  if (x == 4)
    kill(getpid(), SIGABRT);
  if (x == 5) {
    pthread_t t;
    return pthread_create(&t, 0, worker, 0);
  }
  if (x == 7) {
    if (setjmp(env))
      return 7;
    longjmp(env, 1);
  }
  if (x == 6)
    return signal(SIGINT, on_interrupt) == SIG_ERR;
  return 1;
}
