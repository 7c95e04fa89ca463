//===- Wire.cpp - What a worker reports, as bytes for another process -----===//
#include "explore/Wire.h"

#include "program/Program.h"

#include "llvm/IR/Instruction.h"

#include <cstring>

namespace theseus {

WireWriter &WireWriter::u64(uint64_t V) {
  do {
    uint8_t Byte = V & 0x7f;
    V >>= 7;
    Out += static_cast<char>(Byte | (V ? 0x80 : 0));
  } while (V);
  return *this;
}

WireWriter &WireWriter::f64(double V) {
  uint64_t Bits;
  std::memcpy(&Bits, &V, sizeof Bits);
  return u64(Bits);
}

WireWriter &WireWriter::str(std::string_view S) {
  u64(S.size());
  Out.append(S);
  return *this;
}

WireWriter &WireWriter::bits(const llvm::BitVector &B) {
  u64(B.size());
  u64(B.count());
  for (unsigned I : B.set_bits())
    u64(I);
  return *this;
}

uint64_t WireReader::u64() {
  uint64_t V = 0;
  for (unsigned Shift = 0; Shift < 64; Shift += 7) {
    if (In.empty())
      throw WireError("a message ends in the middle of a number");
    uint8_t Byte = static_cast<uint8_t>(In.front());
    In.remove_prefix(1);
    V |= uint64_t(Byte & 0x7f) << Shift;
    if (!(Byte & 0x80))
      return V;
  }
  throw WireError("a number in a message is too long");
}

double WireReader::f64() {
  uint64_t Bits = u64();
  double V;
  std::memcpy(&V, &Bits, sizeof V);
  return V;
}

size_t WireReader::count() {
  uint64_t N = u64();
  if (N > In.size())
    throw WireError("a message counts more items than it holds");
  return static_cast<size_t>(N);
}

std::string WireReader::str() {
  size_t N = count();
  std::string S(In.substr(0, N));
  In.remove_prefix(N);
  return S;
}

llvm::BitVector WireReader::bits() {
  uint64_t Size = u64();
  size_t Set = count();
  if (Size > (uint64_t(1) << 32))
    throw WireError("a bit vector in a message is too large");
  llvm::BitVector B(static_cast<unsigned>(Size));
  for (size_t I = 0; I < Set; ++I) {
    uint64_t Bit = u64();
    if (Bit >= Size)
      throw WireError("a bit lies outside its vector");
    B.set(static_cast<unsigned>(Bit));
  }
  return B;
}

WireFormat::WireFormat(const Program &P, ExprContext &Ctx)
    : Ctx(Ctx), Numbers(P.module()) {}

llvm::StringRef WireFormat::keep(const std::string &S) {
  return Strings.insert(S).first->getKey();
}

void WireFormat::writeDecision(WireWriter &W, const PathDecision &D) const {
  W.u64(Numbers[D.Inst]).u64(uint64_t(D.Kind)).u64(D.Taken);
}

const llvm::Instruction *WireFormat::readInstruction(WireReader &R) const {
  const llvm::Instruction *I = Numbers.instruction(R.u64());
  if (!I)
    throw WireError("a message names an instruction the program lacks");
  return I;
}

PathDecision WireFormat::readDecision(WireReader &R) const {
  PathDecision D;
  D.Inst = readInstruction(R);
  D.Kind = static_cast<BranchKind>(R.u64());
  D.Taken = R.u64() != 0;
  return D;
}

void WireFormat::writeLoc(WireWriter &W, const SourceLoc &L) const {
  W.str(L.File).str(L.Dir).u64(L.Line).u64(L.Column);
}

SourceLoc WireFormat::readLoc(WireReader &R) {
  SourceLoc L;
  L.File = keep(R.str());
  L.Dir = keep(R.str());
  L.Line = static_cast<unsigned>(R.u64());
  L.Column = static_cast<unsigned>(R.u64());
  return L;
}

void WireFormat::writeOutcome(WireWriter &W, const PathOutcome &O) const {
  W.u64(uint64_t(O.End)).u64(O.HasValue).u64(O.Value).u64(O.Bytes.size());
  for (const ConcolicValue &B : O.Bytes)
    W.u64(B.Bits);
  W.str(O.BugKind).str(O.Message);
  writeLoc(W, O.Loc);
  W.u64(O.Stack.size());
  for (const StackEntry &E : O.Stack) {
    W.str(E.Function);
    writeLoc(W, E.Loc);
  }
}

void WireFormat::readOutcome(WireReader &R, PathOutcome &O) {
  O.End = static_cast<PathEnd>(R.u64());
  O.HasValue = R.u64() != 0;
  O.Value = R.u64();
  O.Bytes.resize(R.count());
  for (ConcolicValue &B : O.Bytes)
    B.Bits = R.u64();
  O.BugKind = R.str();
  O.Message = R.str();
  O.Loc = readLoc(R);
  O.Stack.resize(R.count());
  for (StackEntry &E : O.Stack) {
    E.Function = R.str();
    E.Loc = readLoc(R);
  }
}

std::string WireFormat::encodePath(const PathResult &R) const {
  WireWriter W;
  W.u64(R.Index).u64(R.Run).str(encodeAssignment(*R.Input));
  writeOutcome(W, *R.Outcome);
  W.u64(R.Decisions).u64(R.Diverged);
  const auto &Decisions = R.Explanation.decisions();
  W.u64(Decisions.size());
  for (const PathDecision &D : Decisions)
    writeDecision(W, D);
  W.u64(R.Explanation.omitted()).u64(R.NegatedTest).u64(R.NegatedDecision);
  W.u64(R.Created.size());
  for (const auto &[Arr, Req] : R.Created)
    W.str(Arr->Name)
        .u64(Arr->Size)
        .str(Req.Name)
        .u64(Req.Size)
        .str(Req.CType)
        .u64(Req.Signed);
  W.str(R.Stdout).u64(R.PathId).u64(R.Covered != nullptr);
  if (R.Covered) {
    W.bits(R.Covered->blocks()).bits(R.Covered->edges());
    W.u64(R.Covered->partial().size());
    for (const auto &[BB, Last] : R.Covered->partial())
      W.u64(Numbers[Last]);
  }
  W.u64(R.NewCoverage).u64(R.ReachedTarget).u64(R.VariantOf);
  W.f64(R.Seconds).u64(R.PathsDone).str(R.Origin).u64(R.Native);
  return W.take();
}

std::unique_ptr<ReceivedPath> WireFormat::decodePath(std::string_view Bytes) {
  WireReader R(Bytes);
  auto P = std::make_unique<ReceivedPath>();
  PathResult &Out = P->Result;
  Out.Index = R.u64();
  Out.Run = R.u64();
  std::optional<Assignment> In = decodeAssignment(Ctx, R.str());
  if (!In)
    throw WireError("a path's input does not decode");
  P->Input = std::move(*In);
  Out.Input = &P->Input;
  readOutcome(R, P->Outcome);
  Out.Outcome = &P->Outcome;
  Out.Decisions = static_cast<unsigned>(R.u64());
  Out.Diverged = R.u64() != 0;
  std::vector<PathDecision> Decisions(R.count());
  for (PathDecision &D : Decisions)
    D = readDecision(R);
  uint64_t Omitted = R.u64();
  Out.Explanation = PathExplanation(std::move(Decisions), Omitted);
  Out.NegatedTest = R.u64();
  Out.NegatedDecision = R.u64();
  Out.Created.resize(R.count());
  for (auto &[Arr, Req] : Out.Created) {
    std::string Name = R.str();
    uint64_t Size = R.u64();
    Arr = Ctx.array(Name, static_cast<uint32_t>(Size));
    Req.Name = R.str();
    Req.Size = static_cast<uint32_t>(R.u64());
    Req.CType = R.str();
    Req.Signed = R.u64() != 0;
  }
  Out.Stdout = R.str();
  Out.PathId = R.u64();
  if (R.u64()) {
    llvm::BitVector Blocks = R.bits();
    llvm::BitVector Edges = R.bits();
    llvm::SmallVector<
        std::pair<const llvm::BasicBlock *, const llvm::Instruction *>, 4>
        Partial(R.count());
    for (auto &[BB, Last] : Partial) {
      Last = readInstruction(R);
      BB = Last->getParent();
    }
    P->Covered.emplace(std::move(Blocks), std::move(Edges), Partial);
    Out.Covered = &*P->Covered;
  }
  Out.NewCoverage = R.u64() != 0;
  Out.ReachedTarget = R.u64() != 0;
  Out.VariantOf = R.u64();
  Out.Seconds = R.f64();
  Out.PathsDone = R.u64();
  Out.Origin = R.str();
  Out.Native = R.u64() != 0;
  return P;
}

std::string WireFormat::encodeStats(const ExplorationStats &S) const {
  WireWriter W;
  const SummedCounts &C = summedCounts();
  for (auto F : C.Counts)
    W.u64(S.*F);
  for (auto F : C.Seconds)
    W.f64(S.*F);
  for (auto F : C.ReturnValueSets)
    W.u64(S.ReturnValueSets.*F);
  for (auto F : C.SolverCounts)
    W.u64(S.Solver.*F);
  for (auto F : C.SolverSeconds)
    W.f64(S.Solver.*F);
  for (auto F : C.NativeLoopCounts)
    W.u64(S.NativeLoops.*F);
  for (auto F : C.NativeLoopSeconds)
    W.f64(S.NativeLoops.*F);
  W.u64(S.ReturnValueSets.Limit).u64(S.TargetTest);
  W.u64(S.Concretizations.size());
  for (const SiteCount &Site : S.Concretizations)
    W.str(Site.Site).str(Site.Reason).u64(Site.Count);
  W.u64(S.BeyondAssumptions.size());
  for (const PathDecision &D : S.BeyondAssumptions)
    writeDecision(W, D);
  W.u64(S.ExternalCalls.size());
  for (const auto &[Name, N] : S.ExternalCalls)
    W.str(Name).u64(N);
  W.u64(S.NativeLoops.Bails.size());
  for (const auto &[Reason, N] : S.NativeLoops.Bails)
    W.str(Reason).u64(N);
  W.str(S.NativeLoops.CompileError);
  W.u64(S.Workers.size());
  for (const WorkerFigures &F : S.Workers)
    W.u64(F.Runs)
        .u64(F.Tests)
        .u64(F.Donated)
        .u64(F.Received)
        .f64(F.IdleSeconds);
  W.u64(S.Claims).f64(S.ListenerSeconds).f64(S.Seconds);
  W.str(S.StopReason).u64(S.PeakRssMB);
  return W.take();
}

ExplorationStats WireFormat::decodeStats(std::string_view Bytes) {
  WireReader R(Bytes);
  ExplorationStats S;
  const SummedCounts &C = summedCounts();
  for (auto F : C.Counts)
    S.*F = R.u64();
  for (auto F : C.Seconds)
    S.*F = R.f64();
  for (auto F : C.ReturnValueSets)
    S.ReturnValueSets.*F = R.u64();
  for (auto F : C.SolverCounts)
    S.Solver.*F = R.u64();
  for (auto F : C.SolverSeconds)
    S.Solver.*F = R.f64();
  for (auto F : C.NativeLoopCounts)
    S.NativeLoops.*F = R.u64();
  for (auto F : C.NativeLoopSeconds)
    S.NativeLoops.*F = R.f64();
  S.ReturnValueSets.Limit = static_cast<unsigned>(R.u64());
  S.TargetTest = R.u64();
  S.Concretizations.resize(R.count());
  for (SiteCount &Site : S.Concretizations) {
    Site.Site = R.str();
    Site.Reason = R.str();
    Site.Count = R.u64();
  }
  S.BeyondAssumptions.resize(R.count());
  for (PathDecision &D : S.BeyondAssumptions)
    D = readDecision(R);
  for (size_t N = R.count(); N; --N) {
    std::string Name = R.str();
    S.ExternalCalls[Name] = R.u64();
  }
  for (size_t N = R.count(); N; --N) {
    std::string Reason = R.str();
    S.NativeLoops.Bails[Reason] = R.u64();
  }
  S.NativeLoops.CompileError = R.str();
  S.Workers.resize(R.count());
  for (WorkerFigures &F : S.Workers) {
    F.Runs = R.u64();
    F.Tests = R.u64();
    F.Donated = R.u64();
    F.Received = R.u64();
    F.IdleSeconds = R.f64();
  }
  S.Claims = R.u64();
  S.ListenerSeconds = R.f64();
  S.Seconds = R.f64();
  S.StopReason = R.str();
  S.PeakRssMB = R.u64();
  return S;
}

std::string WireFormat::encodeCoverage(const Coverage &C) {
  CoveredItems Items = C.coveredItems();
  WireWriter W;
  W.u64(Items.Lines.size());
  for (uint32_t L : Items.Lines)
    W.u64(L);
  W.u64(Items.Edges.size());
  for (uint32_t E : Items.Edges)
    W.u64(E);
  return W.take();
}

void WireFormat::includeCoverage(Coverage &Into, std::string_view Bytes) {
  WireReader R(Bytes);
  CoveredItems Items;
  Items.Lines.resize(R.count());
  for (uint32_t &L : Items.Lines)
    L = static_cast<uint32_t>(R.u64());
  Items.Edges.resize(R.count());
  for (uint32_t &E : Items.Edges)
    E = static_cast<uint32_t>(R.u64());
  try {
    Into.includeItems(Items);
  } catch (const std::out_of_range &) {
    throw WireError("a message names a line or edge the program lacks");
  }
}

std::string WireFormat::encodeWork(const SharedWork &W) {
  WireWriter Out;
  Out.str(W.Input).u64(W.Side.High).u64(W.Side.Low).u64(W.Depth);
  Out.u64(W.NegatedTest).u64(W.NegatedDecision);
  return Out.take();
}

SharedWork WireFormat::decodeWork(std::string_view Bytes) {
  WireReader R(Bytes);
  SharedWork W;
  W.Input = R.str();
  W.Side.High = R.u64();
  W.Side.Low = R.u64();
  W.Depth = static_cast<uint32_t>(R.u64());
  W.NegatedTest = R.u64();
  W.NegatedDecision = R.u64();
  return W;
}

std::string WireFormat::encodeClosedSide(const ClosedSide &C) {
  WireWriter W;
  W.u64(C.Test).u64(C.Depth).u64(C.Side).u64(uint64_t(C.State));
  return W.take();
}

ClosedSide WireFormat::decodeClosedSide(std::string_view Bytes) {
  WireReader R(Bytes);
  ClosedSide C;
  C.Test = R.u64();
  C.Depth = static_cast<uint32_t>(R.u64());
  C.Side = R.u64() != 0;
  C.State = static_cast<SideState>(R.u64());
  return C;
}

} // namespace theseus
