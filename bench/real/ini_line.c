// Parses one line of an INI file: "[section]", "key = value", comments
// (';' or '#') and blank lines. Keys and section names go into small
// fixed buffers, as on a microcontroller.
// bench: --max-time 20
// bench-known-bug: out-of-bounds "section[n++] = *p++;"
#include <ctype.h>

enum line_kind { BLANK, COMMENT, SECTION, PAIR, ERROR };

static char section[8];
static char key[8];
static char value[16];

static const char *skip_space(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

int ini_line(const char *line) {
  const char *p = skip_space(line);
  int n = 0;
  if (*p == '\0' || *p == '\n')
    return BLANK;
  if (*p == ';' || *p == '#')
    return COMMENT;
  if (*p == '[') {
    p++;
    while (*p && *p != ']')
      section[n++] = *p++;
    if (*p != ']')
      return ERROR;
    section[n] = '\0';
    return SECTION;
  }
  while (*p && *p != '=' && *p != ' ' && *p != '\t') {
    if (n < (int)sizeof key - 1)
      key[n++] = *p;
    p++;
  }
  key[n] = '\0';
  if (n == 0)
    return ERROR;
  p = skip_space(p);
  if (*p != '=')
    return ERROR;
  p = skip_space(p + 1);
  n = 0;
  while (*p && *p != '\n' && n < (int)sizeof value - 1)
    value[n++] = *p++;
  while (n > 0 && isspace((unsigned char)value[n - 1]))
    n--;
  value[n] = '\0';
  return PAIR;
}
