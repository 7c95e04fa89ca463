//===- Wire.h - What a worker reports, as bytes for another process -------===//
//
// With --distributed=mpi the workers of a run live in other processes than
// the run's listener. What they report travels as bytes: instructions,
// blocks and branch edges by their numbers in module order (the same in
// every process that loads the program), inputs by array name, strings
// whole. The symbolic parts of an outcome stay behind: a listener reads
// only concrete values.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXPLORE_WIRE_H
#define THESEUS_EXPLORE_WIRE_H

#include "explore/Exploration.h"
#include "explore/Sharing.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace theseus {

class Program;

/// Bytes that do not decode (a truncated or foreign message).
struct WireError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Appends values: integers as LEB128, strings with their length.
class WireWriter {
public:
  WireWriter &u64(uint64_t V);
  WireWriter &f64(double V);
  WireWriter &str(std::string_view S);
  WireWriter &bits(const llvm::BitVector &B);
  std::string take() { return std::move(Out); }

private:
  std::string Out;
};

/// Reads what a WireWriter wrote, in the same order; throws WireError past
/// the end.
class WireReader {
public:
  explicit WireReader(std::string_view In) : In(In) {}
  uint64_t u64();
  double f64();
  std::string str();
  llvm::BitVector bits();
  /// A count of items to follow, at most one per byte left (so a corrupt
  /// count cannot make the reader allocate without bound).
  size_t count();
  bool atEnd() const { return In.empty(); }

private:
  std::string_view In;
};

/// A path another process ran, rebuilt here: it owns what its PathResult
/// points to.
struct ReceivedPath {
  PathResult Result;
  Assignment Input;
  PathOutcome Outcome;
  std::optional<PathCoverage> Covered;
};

/// Encodes a worker's reports in one process and decodes them in another
/// that loaded the same program.
class WireFormat {
public:
  /// Decoded inputs are made in `Ctx`.
  WireFormat(const Program &P, ExprContext &Ctx);

  std::string encodePath(const PathResult &R) const;
  std::unique_ptr<ReceivedPath> decodePath(std::string_view Bytes);

  /// The statistics a worker keeps (all that addStats sums, and what
  /// describes the worker alone: its figures, stop reason, memory).
  std::string encodeStats(const ExplorationStats &S) const;
  ExplorationStats decodeStats(std::string_view Bytes);

  /// What a worker's coverage has hit, for includeCoverage.
  static std::string encodeCoverage(const Coverage &C);
  static void includeCoverage(Coverage &Into, std::string_view Bytes);

  static std::string encodeWork(const SharedWork &W);
  static SharedWork decodeWork(std::string_view Bytes);
  static std::string encodeClosedSide(const ClosedSide &C);
  static ClosedSide decodeClosedSide(std::string_view Bytes);

private:
  void writeDecision(WireWriter &W, const PathDecision &D) const;
  PathDecision readDecision(WireReader &R) const;
  const llvm::Instruction *readInstruction(WireReader &R) const;
  void writeLoc(WireWriter &W, const SourceLoc &L) const;
  SourceLoc readLoc(WireReader &R);
  void writeOutcome(WireWriter &W, const PathOutcome &O) const;
  void readOutcome(WireReader &R, PathOutcome &O);
  /// SourceLoc holds its strings by reference: decoded ones live here.
  llvm::StringRef keep(const std::string &S);

  ExprContext &Ctx;
  InstructionNumbers Numbers;
  llvm::StringSet<> Strings;
};

} // namespace theseus

#endif
