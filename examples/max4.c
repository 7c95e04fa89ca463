/* max4 from Ball & Daniel, "Deconstructing Dynamic Symbolic Execution",
   Figure 2: the maximum of four numbers via three calls to max2. */
int max2(int s, int t) {
  if (s < t)
    return t;
  else
    return s;
}

int max4(int a, int b, int c, int d) { return max2(max2(a, b), max2(c, d)); }
