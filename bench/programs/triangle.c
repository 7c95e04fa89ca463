/* The classic triangle classifier used in testing textbooks. */
int triangle(int a, int b, int c) {
  if (a <= 0 || b <= 0 || c <= 0)
    return 0; /* invalid */
  if (a >= b + c || b >= a + c || c >= a + b)
    return 0; /* not a triangle */
  if (a == b && b == c)
    return 3; /* equilateral */
  if (a == b || b == c || a == c)
    return 2; /* isosceles */
  return 1;   /* scalene */
}
