//===- SingleByteStage.cpp - A query on one byte, by its 256 values -------===//
#include "solver/SolverStages.h"

namespace theseus {

/// Cheaper than a Z3 call, and byte-level slicing leaves many such queries
/// (one character of a string). Printable characters come first so that
/// tests stay readable, then the other values in increasing order.
StageAnswer SingleByteStage::solve(const SolverQuery &Q) {
  const ReadSet &Bytes = Q.bytes();
  if (Bytes.size() != 1)
    return Next->solve(Q);
  ++Stats.SingleByteAnswers;
  SolverResponse R;
  R.Result = SatResult::Unsat;
  for (unsigned I = 0; I < 256; ++I) {
    auto V = uint8_t(I < 95 ? ' ' + I : I < 127 ? I - 95 : I);
    if (Q.satisfiedBy({{Bytes[0], V}}, R.Model)) {
      R.Result = SatResult::Sat;
      break;
    }
  }
  return {std::move(R), AnswerSource::SingleByte};
}

} // namespace theseus
