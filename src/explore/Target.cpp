//===- Target.cpp - What a --target exploration looks for -----------------===//
#include "explore/Target.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instruction.h"

namespace theseus {

TargetWatch::TargetWatch(TargetGuide Guide)
    : G(std::move(Guide)), Query(std::make_unique<QuantifiedQuery>()) {
  for (const llvm::Instruction *I : G.Instructions)
    ByBlock[I->getParent()].push_back(I);
  if (!G.Seed.values().empty())
    Models.push_back(G.Seed);
}

TargetWatch::~TargetWatch() = default;

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

SolverResponse TargetWatch::withApc(ExprContext &Ctx,
                                    const std::vector<ExprRef> &PathCond) {
  constexpr unsigned GiveUpAfter = 8, ModelsKept = 8;
  for (const Assignment &M : Models) {
    bool Holds = true;
    for (ExprRef C : PathCond)
      Holds = Holds && covers(M, C) && evaluate(C, M);
    if (Holds)
      return {SatResult::Sat, M};
  }
  if (UnknownsInARow >= GiveUpAfter)
    return {SatResult::Unknown, {}};
  ExprRef All = G.Apc;
  for (ExprRef C : PathCond)
    All = Ctx.logicalAnd(All, C);
  SolverResponse R = Query->check(All, G.CheckTimeoutMs);
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
