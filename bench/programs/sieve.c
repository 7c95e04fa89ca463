/* Sieve of Eratosthenes over 2,000,000 bytes: a long concrete loop with
   loads and stores. The input only picks which count is returned. */
#define N 2000000

static unsigned char composite[N];

int sieve(int seed) {
  for (long i = 2; i * i < N; i++)
    if (!composite[i])
      for (long j = i * i; j < N; j += i)
        composite[j] = 1;
  int primes = 0;
  for (long i = 2; i < N; i++)
    primes += !composite[i];
  if (seed == 7)
    return primes % 1000;
  return primes;
}
