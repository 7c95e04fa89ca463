// Parses a symbolic file mode such as "rwxr-x---" (as printed by ls -l)
// into permission bits.
// bench: --max-time 20
int file_mode(const char *s) {
  static const char letters[] = "rwx";
  int mode = 0;
  for (int i = 0; i < 9; i++) {
    char want = letters[i % 3];
    mode <<= 1;
    if (s[i] == want)
      mode |= 1;
    else if (s[i] != '-')
      return -1;
  }
  if (s[9] != '\0')
    return -1;
  return mode;
}
