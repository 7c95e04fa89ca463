//===- NativeLoops.h - Concrete loops run as host code (internal) ---------===//
//
// A natural loop whose instructions the interpreter would run without
// anything symbolic, external or undefined is a region: the first time a
// state enters it with concrete values, it is compiled to host code with
// checks (RegionCompiler.cpp) and run on the host copy of the state's
// memory. The run either completes, and its effects (memory, values used
// after the loop, instructions counted, coverage) are committed to the
// state, or it bails out at the first thing it cannot decide alone (a
// symbolic byte, an invalid access, a division by zero, the step limit),
// and the interpreter runs the loop as if nothing had happened. A long run
// asks the interpreter's stop poll whether to go on every NativePollSteps
// instructions, and bails out if not: the path then ends interrupted.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_NATIVELOOPS_H
#define THESEUS_EXEC_NATIVELOOPS_H

#include "exec/Decoded.h"
#include "exec/Interpreter.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Constant;
class Loop;
} // namespace llvm

namespace theseus {

class Memory;
class RegionCompiler;

/// Why a native run gave up; the interpreter then runs the loop.
enum class BailReason : uint64_t {
  None,
  /// An access outside an object, to a symbolic byte, or a store to a
  /// read-only object.
  Access,
  Division,    ///< Division or remainder by zero, or INT_MIN / -1.
  Shift,       ///< Shift by the width or more.
  Steps,       ///< The path's instruction budget would run out.
  Unreachable, ///< An `unreachable` instruction.
  /// A float converted to an integer too small or large for it, or NaN
  /// (the interpreter gives the value x86-64 gives).
  Conversion,
  Stop, ///< The stop poll said to end the run (time budget, signal).
};
const char *toString(BailReason R);

/// The run's inputs and outputs beside the frame, shared with the
/// compiled code: word K is at byte offset 8 * K.
struct RegionContext {
  uint64_t Steps = 0;  ///< Out: instructions run (so far, for Poll).
  uint64_t Budget = 0; ///< In: the most instructions the run may count.
  /// In and out: the observer's path fingerprints (EdgeFingerprint).
  uint64_t Hash[2] = {0, 0};
  BailReason Bail = BailReason::None;
  uint64_t BailAddr = 0; ///< The access that bailed out.
  /// Per edge: the key and the mask (all ones if folded) of each hash.
  const uint64_t *Keys = nullptr;
  uint64_t *Counts = nullptr; ///< Out: how often each edge was taken.
  /// In: the count past which the code calls RegionLayout::Poll, which
  /// sets the next one.
  uint64_t Pause = 0;
  /// Asked at each pause; null: never stop.
  const std::function<bool()> *ShouldStop = nullptr;
};

/// Instructions a region runs between two pauses: a millisecond or less of
/// host time (a tenth of a second for a loop missing the cache at every
/// step), for a call that costs nanoseconds.
constexpr uint64_t NativePollSteps = uint64_t(1) << 20;

/// Instructions a loop runs as host code per instruction charged against
/// --max-steps: the limit bounds a run's time, and host code runs them
/// about a hundred times faster than the interpreter.
constexpr uint64_t NativeStepsPerStep = 64;

/// Addresses the compiled code refers to, the same for every region.
struct RegionLayout {
  uint64_t ArenaBegin = 0;
  uint64_t ArenaSpan = 0; ///< Offsets from ArenaBegin checked as valid.
  uint8_t *Shadow = nullptr;
  /// The context of every run: at an address the code knows, it is no
  /// argument to keep in a register.
  RegionContext *Context = nullptr;
  /// Called by the code, its count in Steps, once the count passes Pause:
  /// sets the next pause, or 0 with Bail set to end the run.
  void (*Poll)(RegionContext *C) = nullptr;
};

/// The shadow byte of each arena byte while a region runs.
enum ShadowByte : uint8_t { NoAccess = 0, ReadOnlyByte = 1, ReadWriteByte = 3 };

struct NativeRegion {
  /// Runs from the header (its phis assigned) to an exit edge, whose
  /// number in `Edges` it returns; -1 after a bail-out. Reads the live-ins
  /// and writes the live-outs in the frame's values; its other inputs and
  /// outputs are in RegionLayout::Context.
  using EntryFn = int32_t (*)(ConcolicValue *Values);

  std::vector<const llvm::BasicBlock *> Blocks; ///< The header first.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Contains;
  /// Every successor edge of the blocks' terminators, block by block.
  std::vector<EdgeRef> Edges;
  /// Values read from the frame (header phis included) and values used
  /// after the loop, written back, with their slots.
  std::vector<std::pair<uint32_t, const llvm::Value *>> LiveIns, LiveOuts;
  /// Per edge: the block it goes to, or -1 out of the loop.
  std::vector<int32_t> EdgeTarget;

  EntryFn Entry = nullptr;
  bool Tried = false; ///< Compilation attempted.
  bool Disabled = false;
  uint64_t Entries = 0, Successes = 0, Bails = 0, StepBails = 0;
  uint64_t NativeSteps = 0, BytesMoved = 0;
};

/// The regions of an interpreter's program, their code and counters.
class NativeLoops {
public:
  /// For a program whose pointers have `PointerBits` bits (its memory
  /// lives in that arena).
  NativeLoops(unsigned PointerBits,
              std::function<uint64_t(const llvm::Constant *)> ConstantBits);
  ~NativeLoops();

  /// Whether the host has room for the shadow and the trace.
  bool usable() const;
  /// Finds the regions of `D`'s function and marks their headers.
  void analyze(DecodedFunction &D);
  /// The region's code, compiled at the first call; null if it cannot be.
  NativeRegion::EntryFn code(NativeRegion &R);
  const RegionLayout &layout() const { return Layout; }
  NativeLoopStats &stats() { return Stats; }

  /// Marks the state's objects in the shadow (symbolic or absent bytes
  /// cannot be accessed) and copies them to the host; returns the bytes.
  uint64_t prepare(const Memory &M);
  void clearShadow(const Memory &M);

private:
  void consider(DecodedFunction &D, llvm::Loop &L);
  bool eligible(const llvm::Loop &L) const;
  void addRegion(DecodedFunction &D, const llvm::Loop &L);

  std::function<uint64_t(const llvm::Constant *)> ConstantBits;
  const Arena *Space;
  RegionLayout Layout;
  std::unique_ptr<RegionContext> Context;
  std::unique_ptr<RegionCompiler> Compiler;
  std::vector<std::unique_ptr<NativeRegion>> Regions;
  NativeLoopStats Stats;
};

} // namespace theseus

#endif
