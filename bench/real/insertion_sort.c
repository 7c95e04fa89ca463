// Insertion sort of a small array, checked for order and for keeping the
// multiset of elements (by sum and xor).
// bench: --max-time 20 --max-len 5 --entry insertion_sort_check
#include <assert.h>

#define N 5

static void insertion_sort(int *a, int n) {
  for (int i = 1; i < n; i++) {
    int key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = key;
  }
}

int insertion_sort_check(int *a) {
  long long sum_before = 0;
  int xor_before = 0;
  for (int i = 0; i < N; i++) {
    sum_before += a[i];
    xor_before ^= a[i];
  }
  insertion_sort(a, N);
  long long sum_after = 0;
  int xor_after = 0;
  for (int i = 0; i < N; i++) {
    if (i > 0)
      assert(a[i - 1] <= a[i]);
    sum_after += a[i];
    xor_after ^= a[i];
  }
  assert(sum_before == sum_after && xor_before == xor_after);
  return a[0];
}
