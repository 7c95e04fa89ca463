//===- Coverage.h - Lines and branches covered by the explored paths ------===//
#ifndef THESEUS_EXPLORE_COVERAGE_H
#define THESEUS_EXPLORE_COVERAGE_H

#include "exec/Interpreter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace theseus {

/// The lines and branch edges one path ran, recorded by Coverage's mark
/// functions when they are given one: what a test of the path covers.
class PathCoverage {
public:
  /// Module order numbers: the blocks the path ran to their end, the edges
  /// it took, and the blocks it ran up to an instruction.
  const llvm::BitVector &blocks() const { return Blocks; }
  const llvm::BitVector &edges() const { return Edges; }
  llvm::ArrayRef<std::pair<const llvm::BasicBlock *, const llvm::Instruction *>>
  partial() const {
    return Partial;
  }
  /// Rebuilds a record from those parts (a path run by another process).
  PathCoverage(llvm::BitVector Blocks, llvm::BitVector Edges,
               llvm::ArrayRef<std::pair<const llvm::BasicBlock *,
                                        const llvm::Instruction *>>
                   Partial)
      : Blocks(std::move(Blocks)), Edges(std::move(Edges)),
        Partial(Partial.begin(), Partial.end()) {}
  PathCoverage() = default;

  /// Forgets the path recorded so far.
  void clear() {
    Blocks.reset();
    Edges.reset();
    Partial.clear();
  }

private:
  friend class Coverage;
  llvm::BitVector Blocks; ///< Run to their end, by Coverage's numbering.
  llvm::BitVector Edges;
  /// Blocks run up to an instruction (where the path ended, and the calls
  /// on its stack).
  llvm::SmallVector<
      std::pair<const llvm::BasicBlock *, const llvm::Instruction *>, 4>
      Partial;
};

/// What a test covers, as Coverage numbers lines and branch edges (in
/// module order: the same numbers in every process that loads the
/// program): each sorted.
struct CoveredItems {
  std::vector<uint32_t> Lines, Edges;
};

/// Line and branch coverage of the program's defined functions, from the
/// interpreter's trace. A branch is one successor edge of a conditional
/// `br` or a `switch`. The headline counts (linesTotal(), ...) take the
/// functions the entry can reach; the all...() counts take every function
/// in the files.
class Coverage {
public:
  /// With `Entry` null, every function counts as reachable.
  explicit Coverage(const llvm::Module &M,
                    const llvm::Function *Entry = nullptr);

  /// Marks the lines of `BB` (up to `Last`, or all) covered. Returns how
  /// many lines were new.
  /// `Path`, if given, records the block.
  unsigned markBlock(const llvm::BasicBlock *BB, const llvm::Instruction *Last,
                     PathCoverage *Path = nullptr);
  /// True when some path ran any line of `BB`.
  bool blockCovered(const llvm::BasicBlock *BB) const;
  /// True for a block of the program's code that no path ran to its end.
  bool blockUncovered(const llvm::BasicBlock *BB) const;
  /// Blocks some path ran to their end; grows as coverage does.
  uint64_t blocksCovered() const { return FullBlocks; }
  /// Returns true when the edge was new. `PathId`, if given, folds in the
  /// edge's identity (file, branch number, successor), which is stable
  /// across runs of Theseus: the same path gets the same id in any mode.
  /// `Path`, if given, records the edge.
  bool markEdge(const llvm::Instruction *Term, unsigned Index,
                uint64_t *PathId = nullptr, PathCoverage *Path = nullptr);
  /// True for a branch edge of the program's code that no path took.
  bool edgeUncovered(const llvm::Instruction *Term, unsigned Index) const;
  /// True for a branch edge of the program's code that some path took.
  bool edgeCovered(const llvm::Instruction *Term, unsigned Index) const;
  /// markEdge for `Counts[K]` takings of each edge `Edges[K]` (a loop run
  /// natively), without the path id; returns how many were new.
  unsigned markEdgeCounts(
      llvm::ArrayRef<std::pair<const llvm::Instruction *, unsigned>> Edges,
      llvm::ArrayRef<uint64_t> Counts, PathCoverage *Path = nullptr);
  /// How markEdge folds `Edges` into `PathId`, for code run natively.
  EdgeFingerprint pathFingerprint(llvm::ArrayRef<EdgeRef> Edges,
                                  uint64_t &PathId) const;
  /// Folds the edge into `PathId` as markEdge does, without counting it.
  void foldEdge(const llvm::Instruction *Term, unsigned Index,
                uint64_t &PathId) const;

  struct Branch {
    unsigned Line;
    unsigned Block; ///< Terminator number within the file (lcov's block).
    unsigned Index; ///< Successor number.
    uint64_t Hits;
  };
  struct File {
    std::string Path;
    std::map<unsigned, uint64_t> Lines; ///< Line -> hits (0: not covered).
    std::vector<Branch> Branches;
  };
  /// Files in a stable order.
  std::vector<File> files() const;
  /// The path of file `Index` of files().
  const std::string &fileName(unsigned Index) const { return FileNames[Index]; }

  /// Marks what `Path` (recorded by a Coverage of the same program) ran, a
  /// hit each; returns how many lines and edges were new.
  unsigned markPath(const PathCoverage &Path);
  /// Takes over the hits of the lines and edges that `Other` (a Coverage of
  /// the same program) has and this one has not.
  void include(const Coverage &Other);
  /// The lines and edges with hits (in any process's numbering).
  CoveredItems coveredItems() const;
  /// Counts `Items` (coveredItems of a Coverage of the same program,
  /// possibly in another process) as hit, once each where not yet.
  void includeItems(const CoveredItems &Items);

  /// An empty record sized for this program.
  PathCoverage pathCoverage() const;
  /// The lines and edges `Path` ran.
  CoveredItems itemsOf(const PathCoverage &Path) const;
  /// How many lines and edges itemsOf numbers.
  uint32_t lineItems() const { return uint32_t(LineById.size()); }
  uint32_t edgeItems() const { return uint32_t(EdgeById.size()); }
  /// Line number `Id` of itemsOf: its file's index in files() and its line.
  std::pair<unsigned, unsigned> lineOf(uint32_t Id) const;
  /// Edge number `Id` of itemsOf: its file's index in files() and the
  /// branch.
  std::pair<unsigned, Branch> edgeOf(uint32_t Id) const;

  /// Lines and branch edges of the functions the entry can reach.
  unsigned linesTotal() const { return ReachTotal.Lines; }
  unsigned linesCovered() const { return ReachHit.Lines; }
  unsigned branchesTotal() const { return ReachTotal.Edges; }
  unsigned branchesCovered() const { return ReachHit.Edges; }
  /// Those of every function in the files.
  unsigned allLinesTotal() const;
  unsigned allLinesCovered() const { return LinesHit; }
  unsigned allBranchesTotal() const {
    return static_cast<unsigned>(Edges.size());
  }
  unsigned allBranchesCovered() const { return EdgesHit; }
  /// Functions with source lines: those the entry can reach, and all.
  unsigned functionsReachable() const { return FunctionsReachable; }
  unsigned functionsTotal() const { return FunctionsTotal; }

private:
  struct LineRef {
    unsigned FileIdx;
    unsigned Line;
    uint32_t Id; ///< Its number in CoveredItems.
  };
  struct BlockInfo {
    std::vector<std::pair<const llvm::Instruction *, LineRef>> Lines;
    const llvm::BasicBlock *BB = nullptr;
    uint32_t Id = 0; ///< Its bit in PathCoverage.
    bool FullyCovered = false;
  };
  struct EdgeInfo {
    unsigned FileIdx;
    unsigned Line;
    unsigned Block;
    unsigned Index;
    uint64_t Hits = 0;
    bool Reachable = true;
    uint32_t Id = 0; ///< Its number in CoveredItems and PathCoverage.
  };
  void addLines(const BlockInfo &Info, const llvm::Instruction *Last,
                std::vector<uint32_t> &Out) const;
  struct Counts {
    unsigned Lines = 0;
    unsigned Edges = 0;
  };

  void countLineHit(LineRef L);
  void countEdgeHit(const EdgeInfo &E);

  std::vector<std::string> FileNames;
  std::vector<std::map<unsigned, uint64_t>> LineHits; ///< Per file.
  /// Per file, the lines of a function the entry can reach.
  std::vector<llvm::DenseSet<unsigned>> ReachableLines;
  llvm::DenseMap<const llvm::BasicBlock *, BlockInfo> Blocks;
  llvm::DenseMap<std::pair<const llvm::Instruction *, unsigned>, EdgeInfo>
      Edges;
  std::vector<const BlockInfo *> BlockById;
  std::vector<EdgeInfo *> EdgeById;
  std::vector<LineRef> LineById;
  uint64_t FullBlocks = 0;
  unsigned LinesHit = 0; ///< Lines with hits, kept as they are first hit.
  unsigned EdgesHit = 0; ///< Branch edges with hits.
  Counts ReachTotal, ReachHit;
  unsigned FunctionsReachable = 0, FunctionsTotal = 0;
};

} // namespace theseus

#endif
