//===- NoMpi.cpp - --distributed=mpi in a build without MPI ---------------===//
#include "distributed/Distributed.h"

#include "program/Program.h"

namespace theseus {

bool mpiBuilt() { return false; }

void leaveMpiJob() {}

MpiJob joinMpiJob() {
  throw InputError{"--distributed=mpi: this build of Theseus has no MPI "
                   "(install libopenmpi-dev and build again)"};
}

std::unique_ptr<Explorer>
coordinateRanks(const Program &, const llvm::Function &, const ExploreOptions &,
                const MpiJob &, const std::string &, const RankOptions &) {
  return nullptr; // joinMpiJob() refused already.
}

void exploreForRank0(const Program &, const llvm::Function &,
                     const ExploreOptions &, unsigned, bool, const MpiJob &,
                     const std::string &,
                     llvm::function_ref<void(Explorer &)>) {}

} // namespace theseus
