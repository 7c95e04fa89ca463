// Start inputs: zeros by default, --seed-input values, or random ones that
// are the same for the same --seed.
// RUN: rm -rf %t.a %t.b %t.c %t.d
// RUN: %theseus %s -o %t.a --max-iterations 1 > /dev/null
// RUN: %check-tests %t.a --all "x == 0 and y == 0"
// RUN: %theseus %s -o %t.b --max-iterations 1 --seed-input x=-7,y=0x10 > /dev/null
// RUN: %check-tests %t.b --all "x == -7 and y == 16"
// RUN: %theseus %s -o %t.c --max-iterations 1 --random-inputs --seed 42 > /dev/null
// RUN: %theseus %s -o %t.d --max-iterations 1 --random-inputs --seed 42 > /dev/null
// RUN: diff %t.c/test000001.json %t.d/test000001.json
// RUN: %check-tests %t.c --none "x == 0 and y == 0"

int seeds(int x, long y) { return x < y; }
