// Calendar date validation (Gregorian leap years) and day of the week.
// bench: --max-time 20
static const int days_in_month[12] = {31, 28, 31, 30, 31, 30,
                                      31, 31, 30, 31, 30, 31};

static int is_leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int valid_date(int y, int m, int d) {
  if (y < 1583 || y > 9999 || m < 1 || m > 12 || d < 1)
    return 0;
  int limit = days_in_month[m - 1];
  if (m == 2 && is_leap(y))
    limit = 29;
  return d <= limit;
}

/* 0 = Sunday ... 6 = Saturday (Sakamoto's method). */
static int day_of_week(int y, int m, int d) {
  static const int t[12] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  if (m < 3)
    y -= 1;
  return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

/* Returns -1 for an invalid date, else the day of the week, plus 10 on
 * February 29th. */
int date_valid(int year, int month, int day) {
  if (!valid_date(year, month, day))
    return -1;
  int dow = day_of_week(year, month, day);
  return (month == 2 && day == 29) ? dow + 10 : dow;
}
