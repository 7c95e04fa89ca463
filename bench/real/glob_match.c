// Shell-style wildcard matching: '*' matches any run, '?' one character,
// '\' escapes the next pattern character.
// bench: --max-time 20 --max-strlen 5
int glob_match(const char *pattern, const char *text) {
  while (*pattern) {
    switch (*pattern) {
    case '*':
      while (*pattern == '*')
        pattern++;
      if (!*pattern)
        return 1;
      for (; *text; text++)
        if (glob_match(pattern, text))
          return 1;
      return 0;
    case '?':
      if (!*text)
        return 0;
      break;
    case '\\':
      if (pattern[1])
        pattern++;
      /* fall through */
    default:
      if (*pattern != *text)
        return 0;
    }
    pattern++;
    text++;
  }
  return *text == '\0';
}
