//===- Target.cpp - What a --target exploration looks for -----------------===//
#include "explore/Target.h"

#include "expr/Transfer.h"
#include "program/Program.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"

#include <chrono>

namespace theseus {

void ApcChannel::publish(Answer A, ExprRef P, Assignment M) {
  {
    std::lock_guard<std::mutex> Lock(Mu);
    if (A == Answer::Guides) {
      PruneBy = P;
      Model = std::move(M);
    }
  }
  Unreachable = A == Answer::Unreachable;
  State.store(A, std::memory_order_release);
  Version.fetch_add(1, std::memory_order_acq_rel);
}

std::pair<ExprRef, Assignment> ApcChannel::guide() const {
  std::lock_guard<std::mutex> Lock(Mu);
  return {PruneBy, Model};
}

TargetWatch::TargetWatch(TargetGuide Guide)
    : G(std::move(Guide)), Query(std::make_unique<QuantifiedQuery>()) {
  for (const llvm::Instruction *I : G.Instructions)
    ByBlock[I->getParent()].push_back(I);
  if (!G.Seed.values().empty())
    Models.push_back(G.Seed);
}

TargetWatch::~TargetWatch() = default;

bool TargetWatch::takeAnswer(ExprContext &Ctx) {
  if (!G.Later || G.Later->version() == TakenVersion)
    return false;
  TakenVersion = G.Later->version();
  if (G.Later->answer() != ApcChannel::Answer::Guides)
    return false;
  if (!Receiver)
    ApcSince = std::chrono::steady_clock::now();
  // The seed is run first; the formula (apc^K of a large program copies
  // in a second) only when the first check needs it.
  Receiver = &Ctx;
  auto [PruneBy, Model] = G.Later->guide();
  if (PruneBy != Published) {
    Published = PruneBy;
    G.Apc = nullptr;
  }
  G.Seed = ExprTransfer(Ctx).copy(Model);
  Models.push_front(G.Seed);
  return true;
}

bool TargetWatch::prunes() const {
  return G.Apc || Published; // Null: not unfolded.
}

ExprRef TargetWatch::apc() {
  if (!G.Apc && Published)
    G.Apc = ExprTransfer(*Receiver).copy(Published);
  return G.Apc;
}

bool TargetWatch::checking() const {
  // A check pays off only while it is cheap next to the search it steers:
  // at most a third of the time since the apc arrived (and half a second).
  constexpr double Share = 1.0 / 3, Slack = 0.5;
  double Since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - ApcSince)
          .count();
  return UnknownsInARow < GiveUpAfter && CheckSeconds <= Share * Since + Slack;
}

bool TargetWatch::reachedIn(const llvm::BasicBlock *BB,
                            const llvm::Instruction *Last) const {
  auto It = ByBlock.find(BB);
  if (It == ByBlock.end())
    return false;
  if (!Last)
    return true;
  for (const llvm::Instruction *I : It->second)
    if (I == Last || I->comesBefore(Last))
      return true;
  return false;
}

bool TargetWatch::reachedAtEnd(const PathOutcome &O) const {
  return G.FailingAsserts && O.End == PathEnd::Bug &&
         (O.BugKind == "assertion-failure" || O.BugKind == "abort");
}

bool TargetWatch::reachedNatively(const PathOutcome &O) const {
  return reachedAtEnd(O) ||
         (O.BugKind == "reach-error" &&
          llvm::any_of(G.Instructions, [&](const llvm::Instruction *I) {
            SourceLoc L = sourceLocOf(I);
            return L.Line == O.Loc.Line && L.File == O.Loc.File;
          }));
}

SolverResponse TargetWatch::withApc(const std::vector<ExprRef> &PathCond) {
  constexpr unsigned ModelsKept = 8;
  for (const Assignment &M : Models)
    if (satisfiesAll(M, PathCond))
      return {SatResult::Sat, M};
  if (!checking())
    return {SatResult::Unknown, {}};
  auto Start = std::chrono::steady_clock::now();
  SolverResponse R = Query->checkWith(apc(), PathCond, G.CheckTimeoutMs);
  ++Checks;
  CheckSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  UnknownsInARow = R.Result == SatResult::Unknown ? UnknownsInARow + 1 : 0;
  if (R.Result == SatResult::Sat) {
    Models.push_front(R.Model);
    if (Models.size() > ModelsKept)
      Models.pop_back();
  }
  return R;
}

std::vector<const llvm::BasicBlock *> targetBlocks(const TargetGuide *G) {
  std::vector<const llvm::BasicBlock *> Out;
  if (G)
    for (const llvm::Instruction *I : G->Instructions)
      Out.push_back(I->getParent());
  return Out;
}

} // namespace theseus
