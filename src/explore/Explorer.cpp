//===- Explorer.cpp - What every exploration driver is --------------------===//
#include "explore/Explorer.h"

#include "solver/FloatSearch.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace theseus {

Explorer::Explorer(const Program &P, const llvm::Function &Entry,
                   const ExploreOptions &Opts)
    : Entry(Entry), Opts(Opts), Inputs(Ctx, Entry, Opts.Buffers, Opts.Inputs),
      Assumptions(inputAssumptions(Inputs, Opts, Entry)),
      Exclusions(Ctx, Inputs), Budget(Opts),
      Interp(P, Ctx, Budget.withStop(Opts.Exec)),
      Solv(createZ3Backend(Opts.SolverTimeoutMs, Budget.solverStop()),
           Opts.SolverChain),
      Cov(P.module(), &Entry),
      ReturnValues(Ctx, Solv, Interp, Entry, Inputs, Cov, Budget,
                   Opts.ReturnValues, [this] { return newTestNumber(); }) {
  Stats.ReturnValueSets.Limit = Opts.ReturnValues;
}

Explorer::~Explorer() = default;

void Explorer::shareWith(WorkSharing &S, unsigned Worker) {
  Share = &S;
  WorkerIndex = Worker;
  InstIds = std::make_unique<InstructionNumbers>(*Entry.getParent());
}

uint64_t Explorer::newTestNumber() {
  ++Stats.Tests;
  return Share ? Share->nextTest() : Stats.Tests;
}

void Explorer::guide(const TargetGuide &G) {
  Watch = std::make_unique<TargetWatch>(G);
  if (Opts.SolverChain.Validate)
    Watch->validateChecks();
  searcher().setTargets(targetBlocks(&G));
  if (G.Later && G.EndsRunWhenUnreachable)
    Budget.haltWhen(&G.Later->unreachable());
  // Beside the apc, the search starts from its own start input even when
  // an answer is in already: the answers come in as seeds, and the
  // search's own start stays, as a model of an over-approximation may
  // lead away from the target.
  if (G.AnsweredFirst)
    Watch->takeAnswer(Ctx);
}

const Assignment *Explorer::apcSeed() const {
  if (!Watch || Watch->guide().Seed.values().empty())
    return nullptr;
  return &Watch->guide().Seed;
}

Assignment Explorer::startInput(Assignment Base) {
  if (!Opts.SeedInput.empty())
    Inputs.applySeed(Base, Opts.SeedInput);
  if (const Assignment *Seed = apcSeed()) {
    Base.overlay(*Seed);
    ++Stats.SeededInputs;
  }
  return Base;
}

ExplorationStats Explorer::run(ExplorationListener &L,
                               const ResumePoint *From) {
  start(L, From);
  while (step()) {
  }
  return finish();
}

void Explorer::start(ExplorationListener &L, const ResumePoint *From) {
  Listener = &L;
  Budget.start();
  if (!From)
    return begin();
  Budget.countRunsAfter(From->Runs);
  Budget.holdTime(true);
  Restored = restore(*From);
  Budget.holdTime(false);
  // Numbering goes on after the earlier parts' tests and runs.
  Stats.Tests = std::max(Stats.Tests, From->LastTest);
  Stats.Runs = From->Runs;
  Stats.ReturnValueSets.Enumerated += From->ReturnValueSets.Enumerated;
  Stats.ReturnValueSets.MoreThanLimit += From->ReturnValueSets.MoreThanLimit;
  Stats.ReturnValueSets.NotEnumerated += From->ReturnValueSets.NotEnumerated;
  if (From->Tests.empty())
    begin();
}

bool Explorer::restore(const ResumePoint &) {
  throw InputError{"this exploration cannot be resumed"};
}

ExplorationStats Explorer::finish() {
  end();
  return Stats;
}

bool Explorer::budgetLeft(bool CheckMemory) {
  if (Stats.TargetTest && !Watch->guide().KeepGoing) {
    Stats.StopReason = "target-reached";
    return false;
  }
  return Budget.left(Stats.Runs, Stats.StopReason, CheckMemory);
}

void Explorer::finishStats(uint64_t TreeNodes) {
  Stats.Seconds = Budget.elapsed();
  Stats.TreeNodes = TreeNodes;
  Stats.Solver = Solv.stats();
  if (Watch) {
    Stats.ApcChecks = Watch->checks();
    Stats.ApcChecksValidated = Watch->validated();
    Stats.ApcCheckSeconds = Watch->checkSeconds();
  }
  Concretized.fill(Stats);
  if (const NativeLoopStats *N = Interp.nativeLoopStats())
    Stats.NativeLoops = *N;
  Stats.BeyondAssumptions = Exclusions.uncovered(Cov);
}

/// Evaluations of a float query the solver left undecided, in the search
/// for a model by evaluation: about 50 ms when it finds none on the query
/// of a Newton step over a degree-7 polynomial, little next to the solver
/// timeout that comes before it.
constexpr unsigned FloatSearchEvaluations = 20000;

SolverResponse Explorer::querySide(const std::vector<ExprRef> &Prefix,
                                   ExprRef Goal, const Assignment &Hint) {
  SolverResponse R = Solv.solve(Prefix, Goal, Hint);
  if (R.Result != SatResult::Unknown || !budgetLeft(/*CheckMemory=*/false))
    return R;
  if (auto Found = searchFloatModel(sliceForGoal(Prefix, Goal), Hint,
                                    FloatSearchEvaluations, Opts.Seed)) {
    ++Stats.FloatSearchModels;
    R = {SatResult::Sat, std::move(*Found)};
  }
  return R;
}

void Explorer::noteInfeasible(const llvm::Instruction *Inst, BranchKind Kind,
                              bool Taken, const std::vector<ExprRef> &Prefix,
                              ExprRef Goal, const Assignment &Hint) {
  if (Kind == BranchKind::Branch)
    Exclusions.noteInfeasible(Solv, Cov, Inst, Taken, Prefix, Goal, Hint);
}

} // namespace theseus
