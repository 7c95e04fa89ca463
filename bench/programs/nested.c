/* Three nested counting loops with integer arithmetic and no memory
   beyond the locals. The input only picks what is returned. */
long nested(int seed) {
  long sum = 0;
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 200; j++)
      for (int k = 0; k < 100; k++)
        sum += (i ^ j) + k * 3 - (sum >> 7);
  if (seed == 5)
    return sum & 1023;
  return sum;
}
