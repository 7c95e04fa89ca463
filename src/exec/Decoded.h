//===- Decoded.h - Functions decoded once for the interpreter -------------===//
//
// Each function is decoded at its first call into a flat array of
// instructions whose operands are slots of the frame's value array or
// constants resolved at decoding, with the widths, sizes and offsets the
// interpreter needs precomputed. The hot loop then reads operands by index
// instead of looking values up in a map, and asks LLVM nothing. Decoded
// functions are immutable and shared by all states of an interpreter.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_DECODED_H
#define THESEUS_EXEC_DECODED_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace theseus {

/// An operand: a slot of the frame's values, or a constant's bits.
struct Operand {
  static constexpr uint32_t Constant = ~uint32_t(0);
  uint32_t Slot = Constant;
  uint64_t Bits = 0;
};

/// How the interpreter runs a decoded instruction; Generic ones go through
/// the llvm::Instruction.
enum class DecodedOp : uint8_t {
  Generic,
  Phi, ///< Assigned on block entry.
  Binary,
  ICmp,
  Cast,
  Select,
  Jump,
  CondBranch,
  Load,
  Store,
  GetElementPtr,
  /// Uses a host variable a 32-bit program cannot address: unsupported.
  HostOnlyGlobal,
};

struct DecodedInst {
  const llvm::Instruction *I = nullptr;
  DecodedOp Op = DecodedOp::Generic;
  /// Bits of the value computed (Binary, Cast, Select, Load), compared
  /// (ICmp) or stored (Store); 0 for a type the fast paths do not handle,
  /// which the handler reports as unsupported.
  uint8_t Width = 0;
  uint8_t FromWidth = 0; ///< Cast: the operand's bits.
  uint8_t Kind = 0;      ///< Binary, ICmp: an ExprKind. Cast: the opcode.
  bool Swap = false;     ///< ICmp: compare the operands swapped,
  bool Negate = false;   ///< and negate the result.
  /// Cast (fptosi, fptoui) with --check=nan-index: the result flows into
  /// an address's index (flowsIntoIndex).
  bool Indexes = false;
  uint32_t Result = 0; ///< The slot of the value computed.
  Operand Ops[3];
  /// Load, Store: bytes accessed. Jump, CondBranch: the successors' block
  /// indices. GetElementPtr: its variable terms [Aux0, Aux1) in GepTerms.
  uint32_t Aux0 = 0, Aux1 = 0;
  uint64_t Offset = 0; ///< GetElementPtr: the sum of its constant terms.
};

/// A variable index of a getelementptr, scaled by `Stride`.
struct GepTerm {
  Operand Index;
  unsigned Width;
  uint64_t Stride;
};

struct DecodedPhi {
  uint32_t Slot;
  std::vector<std::pair<const llvm::BasicBlock *, Operand>> Incoming;
};

struct NativeRegion;

struct DecodedBlock {
  const llvm::BasicBlock *BB = nullptr;
  /// The loop this block heads, when it can run natively (NativeLoops.h).
  NativeRegion *Region = nullptr;
  uint32_t First = 0; ///< Index of its first instruction after the phis.
  std::vector<DecodedPhi> Phis;
};

struct DecodedFunction {
  const llvm::Function *Fn = nullptr;
  uint32_t NumSlots = 0;
  std::vector<DecodedInst> Insts; ///< Block after block, phis included.
  std::vector<DecodedBlock> Blocks;
  std::vector<GepTerm> GepTerms;
  /// For the rarer accesses by llvm::Value (calls, debug info).
  llvm::DenseMap<const llvm::Value *, uint32_t> SlotOf;
  llvm::DenseMap<const llvm::Instruction *, uint32_t> IndexOf;
  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> BlockIndex;
};

} // namespace theseus

#endif
