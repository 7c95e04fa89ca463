// Splits a command line into at most MAX_WORDS words in place, honouring
// double quotes, like a tiny shell.
// bench: --max-time 20 --max-strlen 10
#include <string.h>

#define MAX_WORDS 4

static char line[32];
static char *words[MAX_WORDS];

static int split(char *s) {
  int n = 0;
  while (*s) {
    while (*s == ' ' || *s == '\t')
      *s++ = '\0';
    if (!*s)
      break;
    if (n == MAX_WORDS)
      return -1;
    if (*s == '"') {
      words[n++] = ++s;
      while (*s && *s != '"')
        s++;
      if (!*s)
        return -2; /* unbalanced quote */
      *s++ = '\0';
    } else {
      words[n++] = s;
      while (*s && *s != ' ' && *s != '\t')
        s++;
    }
  }
  return n;
}

int word_split(const char *cmd) {
  strncpy(line, cmd, sizeof line - 1);
  int n = split(line);
  if (n >= 2 && words[0][0] == 'c' && words[0][1] == 'd' && !words[0][2])
    return 10 + n;
  return n;
}
