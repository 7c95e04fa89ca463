// Luhn check digit validation for card numbers ("4539 1488 0343 6467");
// spaces are allowed between digits.
// bench: --max-time 20 --max-strlen 10
int luhn(const char *number) {
  int sum = 0, digits = 0, len = 0;
  while (number[len])
    len++;
  for (int i = len - 1; i >= 0; i--) {
    char c = number[i];
    if (c == ' ')
      continue;
    if (c < '0' || c > '9')
      return -1;
    int d = c - '0';
    if (digits % 2 == 1) {
      d *= 2;
      if (d > 9)
        d -= 9;
    }
    sum += d;
    digits++;
  }
  if (digits < 2)
    return -1;
  return sum % 10 == 0;
}
