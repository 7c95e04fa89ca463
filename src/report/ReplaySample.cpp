//===- ReplaySample.cpp - Which tests `replay --sample N` replays ---------===//
#include "report/ReplaySample.h"

#include <limits>
#include <random>

namespace theseus {

namespace {

/// A number in [0, Bound), uniformly: rejection of the generator's values
/// past the largest multiple of `Bound` (std::uniform_int_distribution
/// would do, but its algorithm differs between standard libraries).
uint64_t below(std::mt19937_64 &Gen, uint64_t Bound) {
  constexpr uint64_t Max = std::numeric_limits<uint64_t>::max();
  uint64_t Limit = Max - Max % Bound;
  for (;;)
    if (uint64_t X = Gen(); X < Limit)
      return X % Bound;
}

} // namespace

ReplaySample::ReplaySample(uint64_t Total, uint64_t Count, uint64_t Seed) {
  if (Count == 0 || Count >= Total)
    return;
  Drawn.assign(Total, false);
  std::mt19937_64 Gen(Seed);
  // Floyd's algorithm: each of the Count steps draws one more test, so
  // the draw costs Count steps however many tests there are.
  for (uint64_t J = Total - Count; J < Total; ++J) {
    uint64_t T = below(Gen, J + 1);
    Drawn[Drawn[T] ? J : T] = true;
  }
}

} // namespace theseus
