# Reference semantics of switch_enum.c.
def expected(c, s, k):
    if c == -100:
        return -1
    if s > 65000:
        if c < 0:
            return 1
        return 2 if s == 65535 else 3
    return {0: 10, 5: 20, 6: 30}.get(k, 40)
