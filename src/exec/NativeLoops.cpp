//===- NativeLoops.cpp - Concrete loops run as host code ------------------===//
#include "exec/NativeLoops.h"

#include "exec/InterpreterRun.h"
#include "exec/RegionCompiler.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

#include <algorithm>
#include <chrono>
#include <sys/mman.h>

namespace theseus {

const char *toString(BailReason R) {
  switch (R) {
  case BailReason::None:
    return "none";
  case BailReason::Access:
    return "access";
  case BailReason::Division:
    return "division";
  case BailReason::Shift:
    return "shift";
  case BailReason::Steps:
    return "step-limit";
  case BailReason::Unreachable:
    return "unreachable";
  case BailReason::Conversion:
    return "conversion";
  case BailReason::Stop:
    return "stop";
  }
  return "?";
}

namespace {

/// Instructions one run may count when the path has no limit; a longer
/// loop bails out and is interpreted.
constexpr uint64_t UnlimitedBudget = uint64_t(1) << 32;
/// Bail-outs (other than at the step limit) beyond its completed runs
/// after which a region is no longer tried.
constexpr uint64_t MaxExcessBails = 2;

void *reserve(uint64_t Bytes) {
  void *P = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return P == MAP_FAILED ? nullptr : P;
}

/// RegionLayout::Poll. The budget is checked here, not at every block:
/// the code compares its count with one bound, the next pause.
void pollAtPause(RegionContext *C) {
  C->Pause = 0;
  if (C->Steps > C->Budget)
    C->Bail = BailReason::Steps;
  else if (C->ShouldStop && (*C->ShouldStop)())
    C->Bail = BailReason::Stop;
  else
    C->Pause = std::min(C->Budget, C->Steps + NativePollSteps);
}

bool isScalar(const llvm::Type *T) {
  return (T->isIntegerTy() && T->getIntegerBitWidth() <= 64) ||
         T->isPointerTy() || T->isFloatTy() || T->isDoubleTy();
}

bool isFloat(const llvm::Type *T) { return T->isFloatTy() || T->isDoubleTy(); }

bool isAccessSize(const llvm::Instruction &I, const llvm::Type *T) {
  uint64_t Bytes = I.getModule()->getDataLayout().getTypeStoreSize(
      const_cast<llvm::Type *>(T));
  return isScalar(T) && (Bytes == 1 || Bytes == 2 || Bytes == 4 || Bytes == 8);
}

/// Intrinsics the interpreter runs as no-ops.
bool isNoOpCall(const llvm::CallInst &C) {
  switch (C.getIntrinsicID()) {
  case llvm::Intrinsic::dbg_declare:
  case llvm::Intrinsic::dbg_value:
  case llvm::Intrinsic::dbg_label:
  case llvm::Intrinsic::lifetime_start:
  case llvm::Intrinsic::lifetime_end:
  case llvm::Intrinsic::donothing:
  case llvm::Intrinsic::experimental_noalias_scope_decl:
    return true;
  default:
    return false;
  }
}

/// Whether RegionCompiler translates `I` exactly: integer, pointer, float
/// and double computations (as the host computes them, as the interpreter
/// does), branches and accesses of 1, 2, 4 or 8 bytes; no calls (libm's
/// included), stack allocation, `frem` (a call of fmod) or x87 long
/// double.
bool eligibleInstruction(const llvm::Instruction &I) {
  if (!I.getType()->isVoidTy() && !isScalar(I.getType()))
    return false;
  using llvm::Instruction;
  switch (I.getOpcode()) {
  case Instruction::PHI:
  case Instruction::Freeze:
  case Instruction::Br:
  case Instruction::Unreachable:
    return true;
  case Instruction::ICmp:
  case Instruction::FCmp:
  case Instruction::Switch:
    return isScalar(I.getOperand(0)->getType());
  case Instruction::FNeg:
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
    return isFloat(I.getType());
  case Instruction::Select:
    return I.getOperand(0)->getType()->isIntegerTy(1);
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    return isScalar(I.getOperand(0)->getType());
  case Instruction::GetElementPtr:
    return llvm::all_of(I.operands(), [](const llvm::Use &U) {
      return isScalar(U->getType());
    });
  case Instruction::Load:
    return !llvm::cast<llvm::LoadInst>(I).isAtomic() &&
           isAccessSize(I, I.getType());
  case Instruction::Store:
    return !llvm::cast<llvm::StoreInst>(I).isAtomic() &&
           isAccessSize(I, I.getOperand(0)->getType());
  case Instruction::Call:
    return isNoOpCall(llvm::cast<llvm::CallInst>(I));
  default:
    return I.isBinaryOp() && I.getType()->isIntegerTy();
  }
}

} // namespace

/// Each instance has a shadow of its own (reserved, not committed: only
/// the pages of objects a region touches are ever written), so that
/// interpreters in one process share nothing but the arena.
NativeLoops::NativeLoops(
    unsigned PointerBits,
    std::function<uint64_t(const llvm::Constant *)> ConstantBits)
    : ConstantBits(std::move(ConstantBits)), Space(&Arena::get(PointerBits)),
      Context(std::make_unique<RegionContext>()) {
  Layout.ArenaBegin = Space->begin();
  Layout.ArenaSpan = Space->end() - Space->begin() - 16;
  Layout.Shadow =
      static_cast<uint8_t *>(reserve(Space->end() - Space->begin()));
  Layout.Context = Context.get();
  Layout.Poll = pollAtPause;
}

NativeLoops::~NativeLoops() {
  if (Layout.Shadow)
    munmap(Layout.Shadow, Space->end() - Space->begin());
}

bool NativeLoops::usable() const {
  return Layout.Shadow && Space->isHostBacked();
}

void NativeLoops::analyze(DecodedFunction &D) {
  auto &F = const_cast<llvm::Function &>(*D.Fn);
  if (F.isDeclaration())
    return;
  llvm::DominatorTree DT(F);
  llvm::LoopInfo LI(DT);
  for (llvm::Loop *L : LI)
    consider(D, *L);
}

void NativeLoops::consider(DecodedFunction &D, llvm::Loop &L) {
  if (eligible(L))
    return addRegion(D, L);
  for (llvm::Loop *Sub : L.getSubLoops())
    consider(D, *Sub);
}

bool NativeLoops::eligible(const llvm::Loop &L) const {
  return llvm::all_of(L.blocks(), [](const llvm::BasicBlock *BB) {
    return llvm::all_of(*BB, eligibleInstruction);
  });
}

void NativeLoops::addRegion(DecodedFunction &D, const llvm::Loop &L) {
  auto R = std::make_unique<NativeRegion>();
  const llvm::BasicBlock *Header = L.getHeader();
  R->Blocks.push_back(Header);
  for (const llvm::BasicBlock *BB : L.blocks())
    if (BB != Header)
      R->Blocks.push_back(BB);
  R->Contains.insert(R->Blocks.begin(), R->Blocks.end());
  llvm::SetVector<const llvm::Value *> In, Out;
  for (const llvm::PHINode &Phi : Header->phis())
    In.insert(&Phi);
  for (const llvm::BasicBlock *BB : R->Blocks) {
    const llvm::Instruction *T = BB->getTerminator();
    for (unsigned K = 0; K < T->getNumSuccessors(); ++K) {
      R->Edges.push_back({T, K});
      auto Target = llvm::find(R->Blocks, T->getSuccessor(K));
      R->EdgeTarget.push_back(
          Target == R->Blocks.end() ? -1 : int32_t(Target - R->Blocks.begin()));
    }
    for (const llvm::Instruction &I : *BB) {
      for (unsigned K = 0; K < I.getNumOperands(); ++K) {
        const llvm::Value *Op = I.getOperand(K);
        auto *Phi = llvm::dyn_cast<llvm::PHINode>(&I);
        if (Phi && BB == Header &&
            !R->Contains.contains(Phi->getIncomingBlock(K)))
          continue; // Assigned before the region runs.
        auto *OpI = llvm::dyn_cast<llvm::Instruction>(Op);
        if ((OpI && !R->Contains.contains(OpI->getParent())) ||
            llvm::isa<llvm::Argument>(Op))
          In.insert(Op);
      }
      for (const llvm::User *U : I.users())
        if (!R->Contains.contains(
                llvm::cast<llvm::Instruction>(U)->getParent()))
          Out.insert(&I);
    }
  }
  for (const llvm::Value *V : In)
    if (D.SlotOf.count(V))
      R->LiveIns.push_back({D.SlotOf.lookup(V), V});
  for (const llvm::Value *V : Out)
    R->LiveOuts.push_back({D.SlotOf.lookup(V), V});
  D.Blocks[D.BlockIndex.lookup(Header)].Region = R.get();
  Regions.push_back(std::move(R));
  ++Stats.Regions;
}

NativeRegion::EntryFn NativeLoops::code(NativeRegion &R) {
  if (R.Tried)
    return R.Entry;
  R.Tried = true;
  if (!Compiler)
    Compiler = std::make_unique<RegionCompiler>();
  auto Start = std::chrono::steady_clock::now();
  std::string Error;
  R.Entry = Compiler->compile(R, Layout, ConstantBits, Error);
  Stats.CompileSeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (R.Entry)
    ++Stats.Compiled;
  else if (Stats.CompileError.empty())
    Stats.CompileError = Error;
  return R.Entry;
}

uint64_t NativeLoops::prepare(const Memory &M) {
  uint64_t Bytes = 0;
  for (const auto &[Base, Entry] : M.objects()) {
    const auto &[Obj, C] = Entry;
    if (!C || C->Bytes.empty())
      continue;
    uint8_t *Shadow = Layout.Shadow + (Base - Layout.ArenaBegin);
    std::memset(Shadow, Obj->ReadOnly ? ReadOnlyByte : ReadWriteByte,
                C->Bytes.size());
    for (const auto &[Offset, E] : C->Symbolic)
      Shadow[Offset] = NoAccess;
    Bytes += C->Bytes.size();
  }
  M.syncToHost();
  return Bytes;
}

void NativeLoops::clearShadow(const Memory &M) {
  for (const auto &[Base, Entry] : M.objects())
    if (Entry.second)
      std::memset(Layout.Shadow + (Base - Layout.ArenaBegin), NoAccess,
                  Entry.second->Bytes.size());
}

uint64_t Interpreter::Run::nativeBudget() const {
  if (!S.MaxSteps)
    return UnlimitedBudget;
  // What is left of the limit, in host instructions. A loop that would
  // pass it bails out, and the interpreter runs it, charging every
  // instruction, up to the cut it would have made without native loops.
  uint64_t Charged = S.Steps - S.UnchargedSteps;
  if (Charged >= S.MaxSteps)
    return 0;
  uint64_t Left = S.MaxSteps - Charged;
  return Left > UnlimitedBudget / NativeStepsPerStep
             ? UnlimitedBudget
             : Left * NativeStepsPerStep;
}

void Interpreter::Run::runNative(NativeRegion &R) {
  NativeLoops &Loops = *In.Loops;
  NativeLoopStats &Stats = Loops.stats();
  StackFrame &F = frame();
  for (const auto &[Slot, V] : R.LiveIns)
    if (F.Values[Slot].Sym) {
      ++Stats.SymbolicEntries;
      return;
    }
  if (!R.Tried && pointsToSymbolicBytes(R)) {
    // Likely to bail out at once: not worth a compilation yet.
    ++Stats.SymbolicEntries;
    return;
  }
  llvm::SmallVector<EdgeFingerprint, 2> Prints;
  if (!Obs.edgeFingerprints(R.Edges, Prints) || Prints.size() > 2)
    return; // The observer needs every edge as it is taken.
  NativeRegion::EntryFn Code = Loops.code(R);
  if (!Code) {
    R.Disabled = true;
    return;
  }
  RegionContext &C = *Loops.layout().Context;
  C = RegionContext();
  C.Budget = nativeBudget();
  C.Pause = std::min(C.Budget, NativePollSteps);
  if (In.Opts.ShouldStop)
    C.ShouldStop = &In.Opts.ShouldStop;
  std::vector<uint64_t> Keys(4 * R.Edges.size()), Counts(R.Edges.size());
  for (size_t P = 0; P < Prints.size(); ++P) {
    C.Hash[P] = *Prints[P].Hash;
    for (size_t K = 0; K < R.Edges.size(); ++K) {
      Keys[4 * K + 2 * P] = Prints[P].Keys[K];
      Keys[4 * K + 2 * P + 1] = Prints[P].Folded[K] ? ~uint64_t(0) : 0;
    }
  }
  C.Keys = Keys.data();
  C.Counts = Counts.data();
  ++R.Entries;
  int32_t Exit;
  {
    std::unique_lock<std::mutex> Host = S.Mem.lockHost();
    R.BytesMoved += Loops.prepare(S.Mem);
    Exit = Code(F.Values.data());
    Loops.clearShadow(S.Mem);
    if (Exit >= 0)
      S.Mem.syncFromHost();
  }
  if (Exit < 0 && C.Bail == BailReason::Stop)
    return nativeStopped(R, Counts);
  if (Exit < 0)
    return nativeBailed(R, C.Bail);
  S.Steps += C.Steps;
  S.UnchargedSteps +=
      C.Steps - (C.Steps + NativeStepsPerStep - 1) / NativeStepsPerStep;
  R.NativeSteps += C.Steps;
  ++R.Successes;
  ++Stats.Runs;
  Stats.Instructions += C.Steps;
  for (size_t P = 0; P < Prints.size(); ++P)
    *Prints[P].Hash = C.Hash[P];
  replayNative(R, Counts);
  for (const auto &[Slot, V] : R.LiveOuts)
    F.Values[Slot].Sym = nullptr;
  // Copying the memory in and out must pay off.
  if (R.Entries >= 16 && R.NativeSteps < R.BytesMoved / 8) {
    R.Disabled = true;
    ++Stats.Disabled;
  }
  const auto &[Term, Succ] = R.Edges[Exit];
  F.Block = Term->getParent();
  if (const char *Cut = Obs.cutPath()) {
    Out.Message = Cut;
    return finish(PathEnd::BoundReached, Term);
  }
  jumpTo(F.Code->BlockIndex.lookup(Term->getSuccessor(Succ)));
}

bool Interpreter::Run::pointsToSymbolicBytes(const NativeRegion &R) {
  const StackFrame &F = frame();
  for (const auto &[Slot, V] : R.LiveIns) {
    if (!V->getType()->isPointerTy())
      continue;
    uint64_t Addr = F.Values[Slot].Bits;
    const MemoryObject *O = S.Mem.objectNear(Addr);
    if (!O || Addr - O->Base >= O->Size)
      continue;
    const auto &C = S.Mem.objects().find(O->Base)->second.second;
    if (C && !C->Symbolic.empty())
      return true;
  }
  return false;
}

void Interpreter::Run::replayNative(const NativeRegion &R,
                                    llvm::ArrayRef<uint64_t> Counts) {
  Obs.onEdgeCounts(R.Edges, Counts);
  std::vector<bool> Seen(R.Blocks.size());
  Seen[0] = true; // The header.
  for (size_t K = 0; K < Counts.size(); ++K)
    if (Counts[K] && R.EdgeTarget[K] >= 0)
      Seen[R.EdgeTarget[K]] = true;
  for (size_t K = 0; K < R.Blocks.size(); ++K)
    if (Seen[K])
      Obs.onBlockExecuted(R.Blocks[K], nullptr);
}

void Interpreter::Run::nativeStopped(const NativeRegion &R,
                                     llvm::ArrayRef<uint64_t> Counts) {
  ++In.Loops->stats().Bails[toString(BailReason::Stop)];
  // The time went into the loop: what it ran counts as covered, though
  // the path ends as it entered the loop, as the interpreter's next poll
  // would have ended it. A block ran to its end if an edge out of it was
  // taken (its edges are consecutive).
  Obs.onEdgeCounts(R.Edges, Counts);
  const llvm::BasicBlock *Reported = nullptr;
  for (size_t K = 0; K < Counts.size(); ++K) {
    const llvm::BasicBlock *BB = R.Edges[K].first->getParent();
    if (Counts[K] && BB != Reported) {
      Obs.onBlockExecuted(BB, nullptr);
      Reported = BB;
    }
  }
  StackFrame &F = frame();
  finish(PathEnd::Interrupted, F.Code->Insts[F.PC].I);
}

void Interpreter::Run::nativeBailed(NativeRegion &R, BailReason Why) {
  NativeLoopStats &Stats = In.Loops->stats();
  ++Stats.Bails[toString(Why)];
  ++R.Bails;
  R.StepBails += Why == BailReason::Steps;
  if (R.Bails - R.StepBails > R.Successes + MaxExcessBails) {
    R.Disabled = true;
    ++Stats.Disabled;
  }
}

} // namespace theseus
