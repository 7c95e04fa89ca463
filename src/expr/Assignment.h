//===- Assignment.h - Values for input arrays, and concrete evaluation ----===//
#ifndef THESEUS_EXPR_ASSIGNMENT_H
#define THESEUS_EXPR_ASSIGNMENT_H

#include "expr/Expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace theseus {

/// Bytes for some input arrays: a test input, or a solver model. Ordered by
/// array id so that iteration (and everything written from it) is
/// deterministic.
class Assignment {
public:
  struct ArrayIdLess {
    bool operator()(const Array *A, const Array *B) const {
      return A->Id < B->Id;
    }
  };
  using Map = std::map<const Array *, std::vector<uint8_t>, ArrayIdLess>;

  void set(const Array *A, std::vector<uint8_t> Bytes) {
    Values[A] = std::move(Bytes);
  }
  bool has(const Array *A) const { return Values.count(A) != 0; }
  const std::vector<uint8_t> *get(const Array *A) const {
    auto It = Values.find(A);
    return It == Values.end() ? nullptr : &It->second;
  }
  /// The byte, or 0 for arrays or indices the assignment does not cover.
  uint8_t byte(const Array *A, uint32_t Index) const {
    const auto *V = get(A);
    return V && Index < V->size() ? (*V)[Index] : 0;
  }
  /// Overwrites the arrays that `Other` assigns.
  void overlay(const Assignment &Other) {
    for (const auto &[A, Bytes] : Other.Values)
      Values[A] = Bytes;
  }
  const Map &values() const { return Values; }
  bool operator==(const Assignment &O) const { return Values == O.Values; }

private:
  Map Values;
};

/// Evaluates expressions under one assignment; sub-expressions shared
/// between the expressions it is given are evaluated once.
class Evaluator {
public:
  explicit Evaluator(const Assignment &A) : A(A) {}
  uint64_t eval(ExprRef E);

private:
  uint64_t compute(ExprRef E);
  const Assignment &A;
  std::unordered_map<ExprRef, uint64_t> Memo;
};

/// Evaluates `E` under `A`.
uint64_t evaluate(ExprRef E, const Assignment &A);

/// True when every array `E` reads is assigned by `A`.
bool covers(const Assignment &A, ExprRef E);

/// True when `A` assigns every array `Conds` read and satisfies each.
bool satisfiesAll(const Assignment &A, const std::vector<ExprRef> &Conds);

/// `A` as bytes that decodeAssignment reads back in another process:
/// for each array in id order, its name's length, its name, its size and
/// its value's length (each 4 bytes, little-endian), and the value; with
/// `TrimZeros`, each value without its final zero bytes.
std::string encodeAssignment(const Assignment &A, bool TrimZeros = false);
/// The assignment `Bytes` encodes, its arrays made in `Ctx` by name and
/// size, each value as long as its array (zeros added); none when `Bytes`
/// is no such encoding.
std::optional<Assignment> decodeAssignment(ExprContext &Ctx,
                                           std::string_view Bytes);

/// An array of an encoded assignment: its name, size and value (which may
/// be shorter than the array: the rest is 0).
struct EncodedArray {
  std::string_view Name;
  uint32_t Size = 0;
  std::string_view Value;
};
/// The arrays that `Bytes` (encodeAssignment's) holds, viewing into it;
/// none when it is no such encoding.
std::optional<std::vector<EncodedArray>> decodeArrays(std::string_view Bytes);

} // namespace theseus

#endif
