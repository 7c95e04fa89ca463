/* Linked into every replay binary by clang.sh: writes the coverage profile
 * of a test that ends on a signal (assertion failure, SIGSEGV, SIGFPE) or
 * on a sanitizer report, which skip the exit handlers that normally write
 * it, then ends the process as it would have ended. */
#include <signal.h>
#include <stdlib.h>

int __llvm_profile_write_file(void);
void __sanitizer_set_death_callback(void (*)(void)) __attribute__((weak));

static void write_profile(void) { __llvm_profile_write_file(); }

static void on_signal(int sig) {
  write_profile();
  signal(sig, SIG_DFL);
  raise(sig);
}

__attribute__((constructor)) static void install(void) {
  static char stack[1 << 16];
  stack_t ss = {.ss_sp = stack, .ss_size = sizeof stack};
  sigaltstack(&ss, 0);
  struct sigaction sa = {.sa_handler = on_signal, .sa_flags = SA_ONSTACK};
  sigaction(SIGABRT, &sa, 0);
  if (__sanitizer_set_death_callback) {
    /* A sanitizer build: the sanitizer reports SIGSEGV, SIGBUS and
     * SIGFPE itself (the report is what replay checks), then calls this. */
    __sanitizer_set_death_callback(write_profile);
    return;
  }
  int signals[] = {SIGSEGV, SIGFPE, SIGBUS, SIGILL};
  for (unsigned i = 0; i < sizeof signals / sizeof *signals; ++i)
    sigaction(signals[i], &sa, 0);
}
