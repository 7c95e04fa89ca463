#!/bin/sh
# clang-19 for `theseus replay` with clang's source-based coverage: run as
# THESEUS_CLANG=bench/nativecov/clang.sh (see
# bench/nativecov.py). Every compile gets
# -fprofile-instr-generate -fcoverage-mapping; every link also gets
# flush.c (profiles written when a test ends on a signal or a sanitizer
# report) and its output is copied into $BENCH_COVERAGE_DIR, whose
# binaries llvm-cov then reads.
here=$(dirname "$0")
clang=${BENCH_CLANG:-clang-19}
flags="-fprofile-instr-generate -fcoverage-mapping"
for arg in "$@"; do
  [ "$arg" = -c ] && exec "$clang" "$@" $flags
done
"$clang" "$@" $flags "$here/flush.c" || exit
out=a.out
while [ $# -gt 0 ]; do
  [ "$1" = -o ] && out=$2
  shift
done
cp "$out" "$(mktemp -p "$BENCH_COVERAGE_DIR" program.XXXXXX)"
