// ISBN-10 validation: nine digits and a check character (digit or 'X'),
// hyphens ignored.
// bench: --max-time 20 --max-strlen 14
#include <ctype.h>

int isbn10(const char *isbn) {
  int sum = 0, n = 0;
  for (; *isbn; isbn++) {
    if (*isbn == '-')
      continue;
    if (n == 9 && (*isbn == 'X' || *isbn == 'x')) {
      sum += 10;
      n++;
      continue;
    }
    if (!isdigit((unsigned char)*isbn) || n == 10)
      return 0;
    sum += (10 - n) * (*isbn - '0');
    n++;
  }
  return n == 10 && sum % 11 == 0;
}
