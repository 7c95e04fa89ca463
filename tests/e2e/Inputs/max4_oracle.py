# Which parameter max4 returns, following max2's tie rule (s unless s < t).
def pick(a, b, c, d):
    def max2(s, t):
        return t if s[1] < t[1] else s
    return max2(max2(("a", a), ("b", b)), max2(("c", c), ("d", d)))[0]
