//===- Independence.h - Input bytes a constraint reads, and slicing -------===//
//
// Constraint independence at byte level: a constraint's read set is the set
// of input bytes it reads. Every Read node reads one byte at a constant
// index (a symbolic index into an input is resolved by the interpreter into
// a Select over the candidate bytes, whose reads are all in the set), and a
// TableRead reads a constant table, so only its index contributes. Two
// constraints depend on each other when their read sets meet; the cone of
// influence of a goal is the transitive closure of that relation.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_SOLVER_INDEPENDENCE_H
#define THESEUS_SOLVER_INDEPENDENCE_H

#include "expr/Expr.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace theseus {

/// A read set: the ids of the Read nodes (one per input byte, since nodes
/// are hash-consed), sorted.
using ReadSet = std::vector<uint32_t>;

/// The bytes expressions read, memoised per node: sub-expressions shared
/// along a path condition are visited once for the lifetime of the object.
/// The memo is keyed by node address, so it must not outlive the nodes'
/// ExprContext.
class ByteReads {
public:
  const ReadSet &of(ExprRef E);
  /// The Read node with id `Id`, among those `of` has met.
  ExprRef readNode(uint32_t Id) const { return Reads.at(Id); }
  /// The union of the read sets of `Cs`.
  ReadSet ofAll(const std::vector<ExprRef> &Cs);

private:
  std::unordered_map<ExprRef, ReadSet> Memo;
  std::unordered_map<uint32_t, ExprRef> Reads;
};

/// The cone of influence of `Goal` within `Prefix` at byte level, using
/// `Use`'s memo. Constant-true constraints are dropped; a constant-false one
/// is kept (it makes any goal infeasible). Order is preserved and the goal
/// comes last.
std::vector<ExprRef>
sliceWith(ByteReads &Use, const std::vector<ExprRef> &Prefix, ExprRef Goal);

} // namespace theseus

#endif
