int small(int x) { return x > 4 ? 1 : 0; }
