// A recursive-descent evaluator for integer expressions with + - * / and
// parentheses, e.g. "2*(3+4)".
// bench: --max-time 20 --max-strlen 7
// bench-known-bug: division-by-zero "v /= rhs;"
#include <ctype.h>

struct parser {
  const char *p;
  int error;
};

static int expr(struct parser *ps);

static int primary(struct parser *ps) {
  if (*ps->p == '(') {
    ps->p++;
    int v = expr(ps);
    if (*ps->p != ')') {
      ps->error = 1;
      return 0;
    }
    ps->p++;
    return v;
  }
  if (*ps->p == '-') {
    ps->p++;
    return -primary(ps);
  }
  if (!isdigit((unsigned char)*ps->p)) {
    ps->error = 1;
    return 0;
  }
  int v = 0;
  while (isdigit((unsigned char)*ps->p))
    v = v * 10 + (*ps->p++ - '0');
  return v;
}

static int term(struct parser *ps) {
  int v = primary(ps);
  while (!ps->error && (*ps->p == '*' || *ps->p == '/')) {
    char op = *ps->p++;
    int rhs = primary(ps);
    if (op == '*')
      v *= rhs;
    else
      v /= rhs;
  }
  return v;
}

static int expr(struct parser *ps) {
  int v = term(ps);
  while (!ps->error && (*ps->p == '+' || *ps->p == '-')) {
    char op = *ps->p++;
    int rhs = term(ps);
    v = op == '+' ? v + rhs : v - rhs;
  }
  return v;
}

/* Returns the value, or -9999 on a syntax error. */
int expr_eval(const char *text) {
  struct parser ps = {text, 0};
  int v = expr(&ps);
  if (ps.error || *ps.p != '\0')
    return -9999;
  return v;
}
