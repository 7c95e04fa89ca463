// fmod of a float input hits a given remainder above 50.
#include <math.h>
extern void abort(void);
extern float __VERIFIER_nondet_float(void);
void reach_error(void) { abort(); }
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x > 50.0f && fmodf(x, 2.5f) == 1.5f)
    reach_error();
  return 0;
}
