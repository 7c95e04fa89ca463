//===- AssumptionProbe.h - Branch sides beyond a run's assumptions --------===//
//
// A run explores the inputs within bounds it sets itself (Assumptions.h):
// --concrete values and the sizes of the buffers behind pointers. A branch
// side no path within them took may be code no input reaches, or code that
// only larger buffers or other values reach. After a complete run, a short
// concolic exploration with the assumptions relaxed tells the two apart
// by example: a side one of its inputs takes is beyond the assumptions.
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_ENGINE_ASSUMPTIONPROBE_H
#define THESEUS_ENGINE_ASSUMPTIONPROBE_H

#include "explore/Assumptions.h"

#include <vector>

namespace llvm {
class Function;
} // namespace llvm

namespace theseus {

class Coverage;
class Program;

/// Buffers of the probe are this many times the run's.
constexpr unsigned ProbeScale = 4;

/// Whether a probe can find anything for a run with these assumptions:
/// some are --concrete values or buffer sizes.
bool probeApplies(const std::vector<InputAssumption> &Assumptions);

struct ProbeResult {
  /// Conditional-branch sides the run left untaken and the probe took.
  std::vector<PathDecision> Sides;
  uint64_t Runs = 0;
  double Seconds = 0;
};

/// The conditional-branch sides `Covered` (a complete run's coverage of
/// `P`) left untaken that some input takes once the run's options `Run`
/// are relaxed: --concrete values symbolic, buffers and strings
/// ProbeScale times larger. At most `Runs` runs (and a tenth of the run's
/// --max-time); nothing the probe runs is reported as a test or a bug.
ProbeResult probeBeyondAssumptions(const Program &P,
                                   const llvm::Function &Entry,
                                   const ExploreOptions &Run,
                                   const Coverage &Covered, uint64_t Runs);

} // namespace theseus

#endif
