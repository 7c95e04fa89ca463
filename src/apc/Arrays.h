//===- Arrays.h - Arrays the program modifies, for the apc ----------------===//
//
// Strejček and Trtík's extension to programs that modify arrays (section 4): a
// local
// array (an alloca that SROA left in memory) or an input buffer the program
// writes, whose every access is a load or a store of one integer type at an
// element-aligned offset, is a row of cells, each a variable of the
// symbolic state (an input buffer's cells start as its input bytes). A store at
// a computed offset sets every cell to ite(offset = its own, value, old value);
// a load is the ite chain over the cells. The rules of section 3.1 then apply
// to each cell, and one more, the paper's rule for an array written on one
// backbone: after the loop, a cell holds the value the last iteration that
// wrote it stored, or its value before the loop if none did.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_APC_ARRAYS_H
#define THESEUS_APC_ARRAYS_H

#include "apc/Apc.h"
#include "expr/Expr.h"

#include <optional>
#include <vector>

namespace llvm {
class AllocaInst;
class DataLayout;
class Value;
class IntegerType;
} // namespace llvm

namespace theseus {

/// Arrays of more cells are not modelled (their loads stay unknown): each
/// cell costs a quantified fact per loop that writes the array.
constexpr unsigned MaxArrayCells = 64;

struct ArrayLayout {
  llvm::IntegerType *ElemTy = nullptr;
  uint64_t ElemBytes = 0;
  unsigned Cells = 0;
};

/// The layout of `A` when it can be modelled as cells: a fixed size, every
/// use (through address arithmetic) a load or a store of one integer type
/// of at most 64 bits through it, or a lifetime marker.
std::optional<ArrayLayout> arrayLayout(const llvm::AllocaInst &A);
/// The same for the `Bytes` bytes `Base` points to (an input buffer).
std::optional<ArrayLayout> arrayLayout(const llvm::Value &Base, uint64_t Bytes,
                                       const llvm::DataLayout &DL);

/// The value at byte offset `Off` (64-bit) of `Cells`: an ite chain, null
/// when a cell it may read is unknown.
ExprRef readCells(ExprContext &Ctx, const std::vector<ExprRef> &Cells,
                  ExprRef Off, uint64_t ElemBytes);

/// Strejček and Trtík's rule for a written array, for one cell: `Written[c]` is
/// the cell's value after one iteration of backbone c, over its initial value
/// `Initial` and the loop's counters (the iterated state substituted), or
/// Initial itself where c leaves it. Returns the fact tying `Last`, the
/// cell after the loop, to the iterations: some iteration wrote it and
/// `Last` is what it wrote, or none did and `Last` is `Initial`. Null when
/// a written value is not an ite chain of writes ending in `Initial`.
ExprRef lastWriteFact(ExprContext &Ctx, const std::vector<ExprRef> &Written,
                      ExprRef Initial, const LoopCounters &K, ExprRef Last);

} // namespace theseus

#endif
