// A pocket RPN calculator: single-digit operands, + - * / operators,
// e.g. "34+2*" is (3 + 4) * 2.
// bench: --max-time 20 --max-strlen 6
// bench-known-bug: out-of-bounds "int b = stack[--sp];"
// bench-known-bug: division-by-zero "stack[sp++] = a / b;"
#define STACK_SIZE 8

int rpn_calc(const char *expr) {
  int stack[STACK_SIZE];
  int sp = 0;
  for (const char *p = expr; *p; p++) {
    if (*p >= '0' && *p <= '9') {
      if (sp == STACK_SIZE)
        return -1;
      stack[sp++] = *p - '0';
    } else if (*p == ' ') {
      continue;
    } else {
      int b = stack[--sp];
      int a = stack[--sp];
      switch (*p) {
      case '+':
        stack[sp++] = a + b;
        break;
      case '-':
        stack[sp++] = a - b;
        break;
      case '*':
        stack[sp++] = a * b;
        break;
      case '/':
        stack[sp++] = a / b;
        break;
      default:
        return -1;
      }
    }
  }
  return sp == 1 ? stack[0] : -1;
}
