/* unistd.c - process functions that must not act on the engine.
 *
 * fork() and vfork() fail as when the system is out of processes: the
 * program takes its error path, and Theseus is never forked. */
#include <errno.h>
#include <unistd.h>

pid_t fork(void) {
  errno = EAGAIN;
  return -1;
}

pid_t vfork(void) {
  errno = EAGAIN;
  return -1;
}
