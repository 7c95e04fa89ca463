//===- Sharing.h - Concolic workers of one run sharing its path tree ------===//
//
// With -j N, N concolic explorers work on one path tree without holding it
// in one place: each keeps the tree its own runs build, and the run keeps
// only who negates each open side. A side is named by a key that any
// worker computes alike from the decisions before it (the deciding
// instruction, its condition's shape, the side taken), so the first worker
// that sees a side open claims it and the others mark it Elsewhere; a path
// is new when no worker ended one with its key. A worker with more open
// sides than it needs solves one for an idle worker and hands over the
// input, not the side's constraints: the receiver runs it and finds the
// decisions again in its own tree.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_SHARING_H
#define THESEUS_EXPLORE_SHARING_H

#include "expr/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace theseus {

/// A place in the path tree, as a 128-bit hash of the decisions on the way
/// to it (two 64-bit mixes, so that a collision, which would leave a side
/// unexplored, is out of reach at any run's size).
struct TreeKey {
  uint64_t High = 0x6a09e667f3bcc908ULL;
  uint64_t Low = 0xbb67ae8584caa73bULL;

  /// The key after a decision at instruction `Inst` (its number in
  /// InstructionNumbers) on a condition of shape `Shape` (conditionShape)
  /// that took side `Taken`.
  TreeKey then(uint32_t Inst, uint64_t Shape, bool Taken) const;
  bool operator==(const TreeKey &O) const {
    return High == O.High && Low == O.Low;
  }
};

} // namespace theseus

namespace llvm {
/// Keys are hashes already: their low half is the table's hash. The two
/// reserved keys stand for no real key as long as no key collides.
template <> struct DenseMapInfo<theseus::TreeKey> {
  static theseus::TreeKey getEmptyKey() { return {~0ULL, ~0ULL}; }
  static theseus::TreeKey getTombstoneKey() { return {~0ULL, ~0ULL - 1}; }
  static unsigned getHashValue(const theseus::TreeKey &K) {
    return static_cast<unsigned>(K.Low);
  }
  static bool isEqual(const theseus::TreeKey &A, const theseus::TreeKey &B) {
    return A == B;
  }
};
} // namespace llvm

namespace theseus {

/// What of a decision's condition takes part in its key: the kind and
/// width of the condition and of its operands, and the values of constant
/// operands (a pinned value's). Conditions that differ only deeper share
/// a key; the path tree keeps them as alternatives of one node, which
/// only a concretisation makes, and a run with one is never complete.
uint64_t conditionShape(ExprRef Cond);

/// The instructions of a module's defined functions numbered in module
/// order: the same numbers in every worker (and every process that loads
/// the program).
class InstructionNumbers {
public:
  explicit InstructionNumbers(const llvm::Module &M);
  uint32_t operator[](const llvm::Instruction *I) const {
    return Numbers.lookup(I);
  }
  /// Instruction number `N`; null when the module has none.
  const llvm::Instruction *instruction(uint32_t N) const {
    return N < Instructions.size() ? Instructions[N] : nullptr;
  }

private:
  llvm::DenseMap<const llvm::Instruction *, uint32_t> Numbers;
  std::vector<const llvm::Instruction *> Instructions;
};

/// An input one worker solved for an open side and hands to another.
struct SharedWork {
  std::string Input;  ///< encodeAssignment's bytes.
  TreeKey Side;       ///< The side the input is meant to take.
  uint32_t Depth = 0; ///< Of the side's node: generational's bound - 1.
  /// The test whose path the side is on, and the decision's index in its
  /// explanation (PathResult::NegatedTest, NegatedDecision).
  uint64_t NegatedTest = 0;
  uint64_t NegatedDecision = 0;
};

/// Who claims a side that belongs to a worker of another process.
constexpr unsigned ForeignWorker = ~0u;

/// The bit of a test number a worker gave, before its team numbered the
/// test in the order tests reached the run's listener (the order they are
/// written, so a run killed at any moment leaves no gap in the numbers).
constexpr uint64_t WorkerTest = 1ULL << 62;

/// What a concolic worker asks of the run it is part of; safe to call from
/// every worker's thread.
class WorkSharing {
public:
  virtual ~WorkSharing();
  /// Whether the calling worker is the one to negate side `Side` (the
  /// first to claim it is; claiming again says yes to it only).
  virtual bool claimSide(unsigned Worker, const TreeKey &Side) = 0;
  /// Whether the path ending at `Leaf` is new to the run (the first worker
  /// to end it reports it).
  virtual bool claimPath(const TreeKey &Leaf) = 0;
  /// A number for a new test, unique in the process: a WorkerTest tag,
  /// which the team replaces by the run's number as the test reaches its
  /// listener.
  virtual uint64_t nextTest() = 0;
  /// Whether a worker is waiting for work.
  virtual bool wanted() const = 0;
  /// Hands `W` to a waiting worker.
  virtual void give(SharedWork W) = 0;
  /// A run that spans processes: whether `Side`'s part of the tree is
  /// this process's to explore (true: it took that part over), another's
  /// (false: it handed the part away), or as the side above it (none).
  /// A run from the entry that may cross parts (an apc seed's) reports
  /// only what lies in this process's parts.
  virtual std::optional<bool> partAt(const TreeKey &Side) const {
    return std::nullopt;
  }
  /// Whether the tree's root is in this process's part.
  virtual bool holdsRoot() const { return true; }
  /// Whether `Worker` is the first of its process (which runs the apc's
  /// seeds there).
  virtual bool firstHere(unsigned Worker) const { return Worker == 0; }
};

/// The rest of a run that spans processes (--distributed=mpi), as the
/// workers of one process see it: where they hand work when none of them
/// waits for it, and where they find work once all of them are out of it.
class Upstream {
public:
  virtual ~Upstream();
  /// Whether a worker elsewhere waits for work.
  virtual bool wanted() const = 0;
  virtual void give(SharedWork W) = 0;
  /// Blocks until work comes from elsewhere; none once the run has none
  /// left anywhere or stops.
  virtual std::optional<SharedWork> wait() = 0;
};

/// The WorkSharing of a run's worker threads: claims in hash tables under
/// locks, and a queue of handed-over inputs that idle workers wait on.
class Coordinator : public WorkSharing {
public:
  /// `Elsewhere`, if given, is the part of the run outside this process;
  /// its workers' indices start at `FirstWorker`, and the first of a run
  /// explores the tree from its root.
  explicit Coordinator(unsigned Workers, Upstream *Elsewhere = nullptr,
                       unsigned FirstWorker = 0)
      : Workers(Workers), Elsewhere(Elsewhere), FirstWorker(FirstWorker) {}

  bool claimSide(unsigned Worker, const TreeKey &Side) override;
  bool claimPath(const TreeKey &Leaf) override;
  uint64_t nextTest() override { return WorkerTest | ++LastTag; }
  bool wanted() const override {
    return Hungry.load() > 0 || (Elsewhere && Elsewhere->wanted());
  }
  void give(SharedWork W) override;
  std::optional<bool> partAt(const TreeKey &Side) const override;
  bool holdsRoot() const override { return FirstWorker == 0; }
  bool firstHere(unsigned Worker) const override {
    return Worker == FirstWorker;
  }

  /// A worker out of work waits here: for the next input handed over, or
  /// none once every worker is out of work and none comes from elsewhere
  /// (nothing is left anywhere) or stop() was called.
  std::optional<SharedWork> wait();
  /// Wakes every waiting worker with none.
  void stop();
  /// Inputs handed over that no worker ran (the run ended first).
  size_t unrun() const;
  /// Claims of sides and paths made so far.
  uint64_t claims();

private:
  /// The claims whose keys fall in one range, under a lock of their own:
  /// workers rarely wait for each other, and a table that grows rehashes
  /// one shard at a time.
  struct alignas(64) ClaimShard {
    std::mutex Use;
    llvm::DenseMap<TreeKey, unsigned> Sides; ///< Side -> worker.
    llvm::DenseSet<TreeKey> Paths;
    uint64_t Claims = 0;
  };
  static constexpr unsigned ShardBits = 6;
  ClaimShard &shardOf(const TreeKey &K) {
    return Shards[K.High >> (64 - ShardBits)];
  }

  std::array<ClaimShard, 1u << ShardBits> Shards;
  std::atomic<uint64_t> LastTag = 0;

  mutable std::mutex QueueUse;
  std::condition_variable Arrived;
  std::deque<SharedWork> Queue;
  const unsigned Workers;
  Upstream *const Elsewhere;
  unsigned Idle = 0;
  bool AskingElsewhere = false; ///< A worker waits in Elsewhere->wait().
  const unsigned FirstWorker;
  /// The sides whose parts went to other processes (false) or came from
  /// them (true).
  llvm::DenseMap<TreeKey, bool> Parts;
  bool Over = false;
  /// Idle workers less the inputs waiting for them (read without the
  /// lock).
  std::atomic<int> Hungry = 0;
};

/// How a run that spans processes hands work between them, at the one
/// process that coordinates: work that no process waits for yet, and the
/// processes out of work. Each call says what to send to whom; the run is
/// over when every process still running waits and no work is kept.
class WorkRouter {
public:
  /// Work for process `To`, or none: nothing is left anywhere.
  struct Delivery {
    unsigned To;
    std::optional<std::string> Work;
  };

  /// Processes 1..`Processes`.
  explicit WorkRouter(unsigned Processes) : Running(Processes) {}
  /// A process hands `Work` over.
  std::vector<Delivery> give(std::string Work);
  /// Process `From` is out of work.
  std::vector<Delivery> idle(unsigned From);
  /// Process `From` ended (stopped, or told that nothing is left).
  std::vector<Delivery> ended(unsigned From);
  /// Whether a process waits for work.
  bool hungry() const { return !Waiting.empty(); }
  /// Whether process `P` waits for work.
  bool waiting(unsigned P) const { return llvm::is_contained(Waiting, P); }
  /// Work handed over that no process took.
  size_t kept() const { return Kept.size(); }

private:
  std::vector<Delivery> endIfNoWork();

  unsigned Running;
  std::deque<std::string> Kept;
  std::vector<unsigned> Waiting;
};

} // namespace theseus

#endif
