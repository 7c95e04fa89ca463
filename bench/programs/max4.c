/* max4 from the PyExZ3 paper (Figure 2). */
int max2(int s, int t) { return s < t ? t : s; }
int max4(int a, int b, int c, int d) {
  int ab, cd;
  if (a < b)
    ab = b;
  else
    ab = a;
  if (c < d)
    cd = d;
  else
    cd = c;
  if (ab < cd)
    return cd;
  return ab;
}
