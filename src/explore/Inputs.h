//===- Inputs.h - The entry function's parameters as symbolic inputs ------===//
#ifndef THESEUS_EXPLORE_INPUTS_H
#define THESEUS_EXPLORE_INPUTS_H

#include "exec/ExecutionState.h"
#include "expr/Assignment.h"
#include "program/Program.h"

#include <random>
#include <string>
#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace theseus {

/// One symbolic input: a parameter and the byte array holding it.
struct InputSpec {
  ParamInfo Param;
  const Array *Arr;
};

/// Maps the entry's parameters to named byte arrays (architecture principle
/// 4) and back to typed values.
class EntryInputs {
public:
  EntryInputs(ExprContext &Ctx, const llvm::Function &Entry,
              const BufferSizes &Sizes = {});

  const std::vector<InputSpec> &specs() const { return Specs; }

  /// Arguments for a run on `A`: concrete bytes and their symbols, and the
  /// buffers behind pointer parameters.
  std::vector<EntryArg> bind(const Assignment &A) const;
  /// Bytes of `S` an input may choose (a string's final NUL is fixed).
  static uint32_t symbolicBytes(const InputSpec &S);

  Assignment zeros() const;
  Assignment random(std::mt19937_64 &Rng) const;
  /// Applies "name=value,name=value". Throws InputError on unknown names or
  /// malformed values.
  void applySeed(Assignment &A, const std::string &Spec) const;

  /// The parameter's value under `A`, as the C type reads it.
  static int64_t signedValue(const InputSpec &S, const Assignment &A);
  static uint64_t unsignedValue(const InputSpec &S, const Assignment &A);

private:
  ExprContext &Ctx;
  std::vector<InputSpec> Specs;
};

} // namespace theseus

#endif
