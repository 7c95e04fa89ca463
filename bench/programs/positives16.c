/* A target behind a count: the assertion fails only when at least 10 of the
   16 inputs are positive. Each input is one branch, so of the 2^16 paths
   the failing ones are those that take the "positive" side 10 times or
   more; a search must go deep on one side to reach them. */
#include <assert.h>

int positives16(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                int a8, int a9, int a10, int a11, int a12, int a13, int a14,
                int a15) {
  int a[16] = {a0, a1, a2,  a3,  a4,  a5,  a6,  a7,
               a8, a9, a10, a11, a12, a13, a14, a15};
  int positives = 0;
  for (int i = 0; i < 16; i++)
    if (a[i] > 0)
      positives++;
  assert(positives < 10);
  return positives;
}
