// pthread_create on a path: unsupported for that path, no crash of Theseus.
// RUN: rm -rf %t.out
// RUN: %expect-status 0 %theseus %s -o %t.out
// RUN: %check-tests %t.out --some "ret == 0" --some "kind == 'unsupported' and 'pthread_create' in message"
#include <pthread.h>
static void *work(void *p) { return p; }
int pthread_threads(int x) {
  pthread_t t;
  if (x > 2) {
    pthread_create(&t, 0, work, 0);
    pthread_join(t, 0);
    return 1;
  }
  return 0;
}
