//===- Apc.cpp - The abstract path condition of a target ------------------===//
#include "apc/Apc.h"

#include "apc/Arrays.h"
#include "apc/Heavyweight.h"
#include "apc/Solve.h"
#include "expr/Substitute.h"
#include "solver/Quantified.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <chrono>
#include <fmt/format.h>
#include <functional>
#include <set>
#include <unordered_map>

namespace theseus {

namespace {

/// The fresh end node v' of a program induced by a loop: where the edges
/// back to the loop's entry node go.
constexpr unsigned End = ~0u;

/// A program: the whole flowgraph, or the one induced by a loop.
struct Region {
  std::vector<bool> In;
  unsigned Start = 0;
  bool Induced = false;
};

/// A symbolic state: SSA value -> expression, null for the unknown ★. A
/// value missing from the map still has its initial value, its symbol.
using State = std::unordered_map<const llvm::Value *, ExprRef>;

struct Summary {
  State Theta; ///< The iterated state, over the loop's values.
  ExprRef Phi; ///< The looping condition.
  LoopCounters Counters;
  /// Its backbones' apcs and its iterated state as a substitution: what an
  /// enclosing loop's heavyweight processing weakens into sigma.
  std::vector<ExprRef> Apcs;
  Substitution Iterated;
  /// The values of array cells after the loop that the last-write rule
  /// describes: free variables its facts (in Phi) constrain, closed with
  /// the counters.
  std::vector<ExprRef> Witnesses;
};

/// An artificial variable of Algorithm 2: the count of an inner loop in one
/// iteration of the outer loop, and what is known of it then.
struct InnerCount {
  ExprRef S;
  ExprRef Facts; ///< sigma and delta, over the outer loop's entry state.
};

/// `D - X` when `D` is `X + d`, `d + X` or `X - d`; null otherwise.
ExprRef stepOf(ExprContext &Ctx, ExprRef D, ExprRef X) {
  if (D->kind() == ExprKind::Sub && D->operand(0) == X)
    return Ctx.sub(Ctx.constant(0, X->width()), D->operand(1));
  if (D->kind() == ExprKind::Add && D->operand(0) == X)
    return D->operand(1);
  if (D->kind() == ExprKind::Add && D->operand(1) == X)
    return D->operand(0);
  return nullptr;
}

/// Thrown out of a computation whose ApcOptions::Stop was set, or that
/// ran past its deadline.
struct Abandoned {};
struct OutOfTime {};

class Builder {
public:
  Builder(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts,
          Apc &Out)
      : Ctx(Ctx), G(G), Opts(Opts), Out(Out), Preds(G.size()) {
    for (unsigned N = 0; N < G.size(); ++N)
      for (unsigned S : G.successors(N))
        Preds[S].push_back(N);
    bindInputs();
  }
  ~Builder() {
    for (auto &[A, Cells] : CellNodes)
      for (llvm::PHINode *C : Cells)
        C->deleteValue();
  }

  ExprRef top() {
    Region R{std::vector<bool>(G.size(), true), 0, false};
    bool Over = false;
    std::vector<std::vector<unsigned>> Paths = backbones(R, Over);
    if (Over) {
      Out.TooManyBackbones = true;
      return Ctx.trueExpr();
    }
    Out.Backbones = Paths.size();
    ExprRef Any = Ctx.falseExpr();
    for (const std::vector<unsigned> &P : Paths)
      Any = Ctx.logicalOr(Any, executeBackbone(R, P).second);
    // A cell's symbol stands for its value where the region at hand began;
    // at the top, that is the function's entry: the input bytes.
    Substitution Entry;
    for (const auto &[Cell, Input] : CellInputs)
      if (auto It = Symbols.find(Cell); It != Symbols.end())
        Entry[It->second] = Input;
    return Entry.empty() ? Any : substituteFormula(Ctx, Any, Entry);
  }

private:
  void checkStop() const {
    if (Opts.Stop && Opts.Stop->load(std::memory_order_relaxed))
      throw Abandoned{};
    if (Opts.Deadline && std::chrono::steady_clock::now() > *Opts.Deadline)
      throw OutOfTime{};
  }
  void bindInputs();
  ExprRef unknown(const llvm::Value &V, const std::string &Why);
  ExprRef symbol(const llvm::Value *V);
  ExprRef lookup(const State &S, const llvm::Value *V);
  ExprRef evaluate(const State &S, const llvm::Instruction &I);
  ExprRef evaluateCall(const State &S, const llvm::CallBase &C);
  ExprRef evaluateLoad(const State &S, const llvm::LoadInst &L, ExprRef &Apc);
  struct Address {
    const llvm::Value *Base = nullptr;
    ExprRef Off = nullptr; ///< Null: an index is unknown.
    /// Off / the accessed size, when Aligned (then exact: no term is cut).
    ExprRef Index = nullptr;
    bool Aligned = true;
  };
  bool addressOf(const State &S, const llvm::Value *Ptr, uint64_t Size,
                 Address &A);
  const std::vector<llvm::PHINode *> *cellsOf(const llvm::Value *Base);
  ExprRef loadCells(const State &S, const Address &A, uint64_t Size,
                    ExprRef &Apc);
  void executeStore(State &S, const llvm::StoreInst &St, ExprRef &Apc);
  void storedCells(const std::vector<bool> &C,
                   std::vector<const llvm::Instruction *> &Vars);
  void summarizeCells(const std::vector<const llvm::Instruction *> &Vars,
                      const std::vector<State> &Thetas, Summary &Sum);
  ExprRef loadFromConstant(const llvm::GlobalVariable &GV, ExprRef Off,
                           const llvm::LoadInst &L, ExprRef &Apc);
  void executeBody(State &S, const llvm::BasicBlock *B,
                   const llvm::Instruction *Stop, ExprRef &Apc);
  ExprRef edgeCondition(const State &S, const llvm::BasicBlock *From,
                        const llvm::BasicBlock *To);
  void assignPhis(State &S, const llvm::BasicBlock *From,
                  const llvm::BasicBlock *To);
  Substitution asSubstitution(const State &S);

  std::vector<std::vector<unsigned>> backbones(const Region &R, bool &Over);
  std::pair<State, ExprRef>
  executeBackbone(const Region &R, const std::vector<unsigned> &Path,
                  std::vector<InnerLoopVisit> *Inner = nullptr);
  std::vector<bool> loopAt(const Region &R, const std::vector<unsigned> &Path,
                           size_t I);
  const Summary &processLoop(const std::vector<bool> &C, unsigned V);
  ExprRef exitCondition(const State &S, const llvm::BasicBlock *Entry,
                        const llvm::BasicBlock *Exit);
  ExprRef eliminateCounter(State &S, const Summary &L,
                           const llvm::BasicBlock *Entry,
                           const llvm::BasicBlock *Exit);
  void introduceCounts(State &Theta, const std::vector<InnerLoopVisit> &Inner,
                       std::vector<InnerCount> &Counts);
  ExprRef inferCount(const InnerCount &C, const LoopCounters &K,
                     const Substitution &Known,
                     const std::vector<ExprRef> &Carried);
  Summary summarize(const std::vector<bool> &C, unsigned V);
  State iterate(const std::vector<const llvm::Instruction *> &Vars,
                const std::vector<State> &Thetas, const LoopCounters &K,
                const llvm::BasicBlock *Entry,
                const std::vector<InnerCount> &Counts);
  ExprRef inferValue(const llvm::Instruction *X,
                     const std::vector<State> &Thetas, const LoopCounters &K,
                     const Substitution &Known);
  ExprRef loopingCondition(const std::vector<ExprRef> &Apcs,
                           const Substitution &Iterated, const LoopCounters &K);
  bool hasCounter(ExprRef E, ExprRef Except = nullptr) const;
  bool mayHold(ExprRef BackboneApc);

  ExprContext &Ctx;
  const Flowgraph &G;
  const ApcOptions &Opts;
  Apc &Out;
  std::vector<std::vector<unsigned>> Preds;
  std::unordered_map<const llvm::Value *, ExprRef> Inputs;
  /// Pointer parameters to input buffers the program never writes.
  std::unordered_map<const llvm::Value *, const Array *> Buffers;
  /// Pointer parameters to input buffers it may write: modelled as cells
  /// (see cellsOf()) when their accesses allow it.
  std::unordered_map<const llvm::Value *, const Array *> WrittenBuffers;
  /// The input value of each cell of a written input buffer: the entry
  /// value its symbol stands for at the top (see top()).
  std::unordered_map<const llvm::Value *, ExprRef> CellInputs;
  /// The bytes of constant globals read at a computed offset.
  std::unordered_map<const llvm::GlobalVariable *, const ConstantTable *>
      Tables;
  std::unordered_map<const llvm::Value *, ExprRef> Symbols;
  std::unordered_map<ExprRef, bool> AllCounters;
  std::map<std::pair<unsigned, std::vector<bool>>, Summary> Summaries;
  std::map<std::string, std::set<const llvm::Value *>> UnknownSites;
  /// The cells of each local array modelled as cells (section 4): phi
  /// nodes in no block, so that the state, the symbols and the rules treat
  /// a cell as any other value. Empty for an array that is not modelled.
  std::unordered_map<const llvm::Value *, std::vector<llvm::PHINode *>>
      CellNodes;
  std::unordered_map<const llvm::Value *, uint64_t> CellBytes;
  unsigned NextCounter = 0;
  /// How many loops summarize() is inside (1: an outermost loop).
  unsigned LoopDepth = 0;
  /// Of backbones (see mayHold()), once a loop has more than one.
  std::unique_ptr<QuantifiedQuery> OwnFeasibility;
  double FeasibilitySeconds = 0;
};

/// Whether the buffer behind `Param` is only read: every use of it, through
/// address arithmetic, is a load from it or a pointer comparison. A pointer
/// that escapes (stored, passed to a call, merged by a phi) could be written.
bool isReadOnly(const llvm::Argument &Param) {
  std::vector<const llvm::Value *> Work{&Param};
  while (!Work.empty()) {
    const llvm::Value *P = Work.back();
    Work.pop_back();
    for (const llvm::Use &U : P->uses()) {
      const llvm::User *User = U.getUser();
      if (const auto *L = llvm::dyn_cast<llvm::LoadInst>(User)) {
        if (L->getPointerOperand() != P || L->isVolatile())
          return false;
      } else if (llvm::isa<llvm::GEPOperator>(User)) {
        Work.push_back(User);
      } else if (!llvm::isa<llvm::ICmpInst>(User)) {
        return false;
      }
    }
  }
  return true;
}

void Builder::bindInputs() {
  const llvm::Function &F = G.function();
  std::vector<ParamInfo> Params;
  try {
    Params = describeParams(F, Opts.Sizes);
  } catch (const InputError &) {
    return; // Every parameter stays unknown.
  }
  if (Params.size() != F.arg_size())
    return;
  for (unsigned I = 0; I < Params.size(); ++I) {
    const ParamInfo &P = Params[I];
    const llvm::Argument *A = F.getArg(I);
    if (P.Role == ParamRole::Value && P.IsPointer && !P.IsStruct &&
        P.Bytes > 0) {
      (isReadOnly(*A) ? Buffers : WrittenBuffers)[A] =
          Ctx.array(P.Name, P.Bytes);
      continue;
    }
    if (P.Role != ParamRole::Value || P.IsPointer || P.IsStruct ||
        !A->getType()->isIntegerTy() ||
        P.Bits != A->getType()->getIntegerBitWidth())
      continue;
    // As EntryInputs binds a scalar: the array read little-endian, cut to
    // the IR width, a linked length reduced into its range.
    const Array *Arr = Ctx.array(P.Name, P.Bytes);
    ExprRef V = Ctx.readLE(Arr, 0, P.Bytes);
    if (V->width() != P.Bits)
      V = Ctx.extract(V, 0, P.Bits);
    if (!P.LengthOf.empty())
      V = Ctx.binary(ExprKind::URem, V, Ctx.constant(P.MaxValue + 1, P.Bits));
    Inputs[A] = V;
  }
}

ExprRef Builder::unknown(const llvm::Value &V, const std::string &Why) {
  if (UnknownSites[Why].insert(&V).second)
    ++Out.Unknowns[Why];
  return nullptr;
}

ExprRef Builder::symbol(const llvm::Value *V) {
  auto It = Symbols.find(V);
  if (It != Symbols.end())
    return It->second;
  std::string Name = V->hasName() ? V->getName().str() : "v";
  const Variable *Var = Ctx.variable(fmt::format("{}'{}", Name, Symbols.size()),
                                     V->getType()->getIntegerBitWidth());
  return Symbols[V] = Ctx.var(Var);
}

ExprRef Builder::lookup(const State &S, const llvm::Value *V) {
  auto *IntTy = llvm::dyn_cast<llvm::IntegerType>(V->getType());
  if (!IntTy || IntTy->getBitWidth() > 64)
    return unknown(*V, "a value that is not an integer of at most 64 bits");
  if (const auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return Ctx.constant(C->getZExtValue(), IntTy->getBitWidth());
  if (llvm::isa<llvm::Argument>(V)) {
    auto It = Inputs.find(V);
    return It != Inputs.end() ? It->second
                              : unknown(*V, "a parameter that is not an "
                                            "integer input");
  }
  if (!llvm::isa<llvm::Instruction>(V))
    return unknown(*V, "a constant expression or undefined value");
  auto It = S.find(V);
  return It != S.end() ? It->second : symbol(V);
}

ExprRef Builder::evaluate(const State &S, const llvm::Instruction &I) {
  auto Op = [&](unsigned N) { return lookup(S, I.getOperand(N)); };
  unsigned W = I.getType()->getIntegerBitWidth();
  if (const auto *B = llvm::dyn_cast<llvm::BinaryOperator>(&I)) {
    ExprRef L = Op(0), R = Op(1);
    if (!L || !R)
      return nullptr;
    switch (B->getOpcode()) {
    case llvm::Instruction::Add:
      return Ctx.add(L, R);
    case llvm::Instruction::Sub:
      return Ctx.sub(L, R);
    case llvm::Instruction::Mul:
      return Ctx.mul(L, R);
    case llvm::Instruction::UDiv:
      return Ctx.binary(ExprKind::UDiv, L, R);
    case llvm::Instruction::SDiv:
      return Ctx.binary(ExprKind::SDiv, L, R);
    case llvm::Instruction::URem:
      return Ctx.binary(ExprKind::URem, L, R);
    case llvm::Instruction::SRem:
      return Ctx.binary(ExprKind::SRem, L, R);
    case llvm::Instruction::And:
      return Ctx.bitAnd(L, R);
    case llvm::Instruction::Or:
      return Ctx.bitOr(L, R);
    case llvm::Instruction::Xor:
      return Ctx.bitXor(L, R);
    case llvm::Instruction::Shl:
    case llvm::Instruction::LShr:
    case llvm::Instruction::AShr: {
      // An amount of the width or more is undefined in C; the machine
      // masks it. Only constant amounts are modelled.
      if (!R->isConst() || R->value() >= W)
        return unknown(I, "a shift by a variable amount");
      ExprKind K = B->getOpcode() == llvm::Instruction::Shl    ? ExprKind::Shl
                   : B->getOpcode() == llvm::Instruction::LShr ? ExprKind::LShr
                                                               : ExprKind::AShr;
      return Ctx.binary(K, L, R);
    }
    default:
      return unknown(I, "a floating-point operation");
    }
  }
  if (const auto *C = llvm::dyn_cast<llvm::ICmpInst>(&I)) {
    ExprRef L = Op(0), R = Op(1);
    if (!L || !R)
      return nullptr;
    switch (C->getPredicate()) {
    case llvm::CmpInst::ICMP_EQ:
      return Ctx.eq(L, R);
    case llvm::CmpInst::ICMP_NE:
      return Ctx.ne(L, R);
    case llvm::CmpInst::ICMP_ULT:
      return Ctx.ult(L, R);
    case llvm::CmpInst::ICMP_ULE:
      return Ctx.ule(L, R);
    case llvm::CmpInst::ICMP_UGT:
      return Ctx.ugt(L, R);
    case llvm::CmpInst::ICMP_UGE:
      return Ctx.uge(L, R);
    case llvm::CmpInst::ICMP_SLT:
      return Ctx.slt(L, R);
    case llvm::CmpInst::ICMP_SLE:
      return Ctx.sle(L, R);
    case llvm::CmpInst::ICMP_SGT:
      return Ctx.sgt(L, R);
    default:
      return Ctx.sge(L, R);
    }
  }
  if (llvm::isa<llvm::SelectInst>(&I)) {
    ExprRef C = Op(0), T = Op(1), F = Op(2);
    return C && T && F ? Ctx.select(C, T, F) : nullptr;
  }
  if (llvm::isa<llvm::ZExtInst>(&I) || llvm::isa<llvm::SExtInst>(&I) ||
      llvm::isa<llvm::TruncInst>(&I)) {
    if (!I.getOperand(0)->getType()->isIntegerTy())
      return unknown(I, "a vector cast");
    ExprRef V = Op(0);
    return V ? Ctx.resize(V, W, llvm::isa<llvm::SExtInst>(&I)) : nullptr;
  }
  if (llvm::isa<llvm::FreezeInst>(&I))
    return Op(0);
  if (const auto *C = llvm::dyn_cast<llvm::CallBase>(&I))
    return evaluateCall(S, *C);
  return unknown(I, fmt::format("the instruction '{}'", I.getOpcodeName()));
}

ExprRef Builder::evaluateCall(const State &S, const llvm::CallBase &C) {
  const llvm::Function *F = C.getCalledFunction();
  if (!F)
    return unknown(C, "the result of an indirect call");
  llvm::Intrinsic::ID ID = F->getIntrinsicID();
  auto Arg = [&](unsigned N) { return lookup(S, C.getArgOperand(N)); };
  if (ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::smin ||
      ID == llvm::Intrinsic::umax || ID == llvm::Intrinsic::umin) {
    ExprRef L = Arg(0), R = Arg(1);
    if (!L || !R)
      return nullptr;
    ExprRef Less = ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::smin
                       ? Ctx.slt(L, R)
                       : Ctx.ult(L, R);
    bool Max = ID == llvm::Intrinsic::smax || ID == llvm::Intrinsic::umax;
    return Max ? Ctx.select(Less, R, L) : Ctx.select(Less, L, R);
  }
  if (ID == llvm::Intrinsic::abs) {
    ExprRef V = Arg(0);
    if (!V)
      return nullptr;
    ExprRef Zero = Ctx.constant(0, V->width());
    return Ctx.select(Ctx.slt(V, Zero), Ctx.sub(Zero, V), V);
  }
  if (F->getName().starts_with("__VERIFIER_nondet") ||
      F->getName() == "theseus_int" || F->getName() == "klee_int")
    return unknown(C, "a nondeterministic value (__VERIFIER_nondet_*, "
                      "theseus_int)");
  return unknown(C,
                 fmt::format("the result of a call to {}", F->getName().str()));
}

ExprRef Builder::evaluateLoad(const State &S, const llvm::LoadInst &L,
                              ExprRef &Apc) {
  const char *Why = "a load from memory other than a read-only input buffer "
                    "or a constant global";
  const llvm::DataLayout &DL = L.getModule()->getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(L.getType());
  if (L.isVolatile() || !llvm::isPowerOf2_64(Size))
    return unknown(L, Why);
  Address Addr;
  if (!addressOf(S, L.getPointerOperand(), Size, Addr))
    return unknown(L, Why);
  if (!Addr.Off)
    return nullptr;
  const llvm::Value *P = Addr.Base;
  ExprRef Off = Addr.Off, Index = Addr.Index;
  bool Aligned = Addr.Aligned;
  if (cellsOf(P))
    return Aligned ? loadCells(S, Addr, Size, Apc) : unknown(L, Why);
  if (const auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(P))
    return loadFromConstant(*GV, Off, L, Apc);
  auto It = Buffers.find(P);
  if (It == Buffers.end() || !Aligned || It->second->Size < Size)
    return unknown(L, Why);
  // The executor ends a path at an out-of-bounds read (a bug), so reaching
  // the target needs every read in bounds: the read's value is Ā(index),
  // one term whatever the index (Strejček and Trtík, section 4: arrays as
  // functions), and the index in bounds joins the path condition.
  const Array *A = It->second;
  Out.ReadsBuffers = true;
  Apc =
      Ctx.logicalAnd(Apc, Ctx.ule(Index, Ctx.constant(A->Size / Size - 1, 64)));
  ExprRef V = Ctx.arrayRead(A, Index, unsigned(Size));
  unsigned W = L.getType()->getIntegerBitWidth();
  return V->width() == W ? V : Ctx.extract(V, 0, W);
}

bool Builder::addressOf(const State &S, const llvm::Value *Ptr, uint64_t Size,
                        Address &A) {
  // The byte offset from the base object, element-aligned by construction
  // when every constant and scale of the address arithmetic is a multiple
  // of the accessed size (offsets wrap modulo 2^64, a multiple of it too).
  const llvm::DataLayout &DL = G.function().getParent()->getDataLayout();
  ExprRef Off = Ctx.constant(0, 64), Index = Off;
  bool Collected = true;
  auto AddTerm = [&](ExprRef X, uint64_t Scale) {
    A.Aligned = A.Aligned && Scale % Size == 0;
    if (!Off || !X) {
      Off = Index = nullptr;
      return;
    }
    Off = Ctx.add(Off, Ctx.mul(X, Ctx.constant(Scale, 64)));
    Index = Ctx.add(Index, Ctx.mul(X, Ctx.constant(Scale / Size, 64)));
  };
  while (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(Ptr)) {
    llvm::MapVector<llvm::Value *, llvm::APInt> Vars;
    llvm::APInt Const(64, 0);
    Ptr = GEP->getPointerOperand();
    if (!GEP->collectOffset(DL, 64, Vars, Const)) {
      Collected = false;
      continue;
    }
    AddTerm(Ctx.constant(1, 64), Const.getZExtValue());
    for (auto &[V, Scale] : Vars) {
      ExprRef X = lookup(S, V);
      AddTerm(X ? Ctx.resize(X, 64, true) : nullptr, Scale.getZExtValue());
    }
  }
  A.Base = Ptr;
  A.Off = Off;
  A.Index = Index;
  return Collected;
}

const std::vector<llvm::PHINode *> *Builder::cellsOf(const llvm::Value *Base) {
  const auto *A = llvm::dyn_cast_or_null<llvm::AllocaInst>(Base);
  auto Written = WrittenBuffers.find(Base);
  if (!A && Written == WrittenBuffers.end())
    return nullptr;
  auto [It, New] = CellNodes.try_emplace(Base);
  if (!New)
    return It->second.empty() ? nullptr : &It->second;
  const Array *Input = A ? nullptr : Written->second;
  std::optional<ArrayLayout> L =
      A ? arrayLayout(*A)
        : arrayLayout(*Base, Input->Size,
                      G.function().getParent()->getDataLayout());
  if (!L)
    return nullptr;
  for (unsigned C = 0; C < L->Cells; ++C) {
    llvm::PHINode *Cell = llvm::PHINode::Create(
        L->ElemTy, 0, fmt::format("{}[{}]", Base->getName().str(), C));
    It->second.push_back(Cell);
    if (!Input)
      continue;
    ExprRef V = Ctx.readLE(Input, C * L->ElemBytes, L->ElemBytes);
    unsigned W = L->ElemTy->getBitWidth();
    CellInputs[Cell] = V->width() == W ? V : Ctx.extract(V, 0, W);
  }
  // The executor ends a path at an access outside the buffer, so the
  // apc rests on its size.
  Out.ReadsBuffers = Out.ReadsBuffers || Input;
  CellBytes[Base] = L->ElemBytes;
  return &It->second;
}

ExprRef Builder::loadCells(const State &S, const Address &A, uint64_t Size,
                           ExprRef &Apc) {
  // The executor ends a path at an access outside the array, so reaching
  // the target needs this one in bounds.
  const std::vector<llvm::PHINode *> &Nodes = *cellsOf(A.Base);
  if (Size != CellBytes[A.Base])
    return unknown(*A.Base, "a load of part of an array cell");
  Apc = Ctx.logicalAnd(
      Apc, Ctx.ule(A.Off, Ctx.constant((Nodes.size() - 1) * Size, 64)));
  std::vector<ExprRef> Cells;
  for (const llvm::PHINode *C : Nodes)
    Cells.push_back(lookup(S, C));
  return readCells(Ctx, Cells, A.Off, Size);
}

void Builder::executeStore(State &S, const llvm::StoreInst &St, ExprRef &Apc) {
  const llvm::DataLayout &DL = G.function().getParent()->getDataLayout();
  uint64_t Size = DL.getTypeStoreSize(St.getValueOperand()->getType());
  Address A;
  if (!addressOf(S, St.getPointerOperand(), Size, A) || !A.Aligned)
    A.Off = nullptr;
  const std::vector<llvm::PHINode *> *Nodes = cellsOf(A.Base);
  if (!Nodes)
    return; // Loads from anything else are unknown anyway.
  ExprRef V = lookup(S, St.getValueOperand());
  if (A.Off)
    Apc = Ctx.logicalAnd(
        Apc, Ctx.ule(A.Off, Ctx.constant((Nodes->size() - 1) * Size, 64)));
  for (unsigned C = 0; C < Nodes->size(); ++C) {
    const llvm::PHINode *Cell = (*Nodes)[C];
    ExprRef Here = A.Off ? Ctx.eq(A.Off, Ctx.constant(C * Size, 64)) : nullptr;
    if (Here && Here->isConst() && !Here->value())
      continue;
    ExprRef Old = lookup(S, Cell);
    S[Cell] = Here && V && Old ? Ctx.select(Here, V, Old) : nullptr;
  }
}

/// The bytes of `C` as the program's memory holds them (little-endian), for
/// the constants a table is made of: strings and arrays of integers, and
/// zeroes. False for anything else.
static bool constantBytes(const llvm::Constant &C, std::vector<uint8_t> &Out) {
  if (const auto *Seq = llvm::dyn_cast<llvm::ConstantDataSequential>(&C)) {
    if (!Seq->getElementType()->isIntegerTy())
      return false;
    llvm::StringRef Raw = Seq->getRawDataValues();
    Out.assign(Raw.bytes_begin(), Raw.bytes_end());
    return true;
  }
  return false;
}

ExprRef Builder::loadFromConstant(const llvm::GlobalVariable &GV, ExprRef Off,
                                  const llvm::LoadInst &L, ExprRef &Apc) {
  const char *Why = "a load from a global that is not a constant table";
  auto [It, New] = Tables.try_emplace(&GV, nullptr);
  if (New && GV.isConstant() && GV.hasDefinitiveInitializer() &&
      GV.getInitializer()->getType()->isArrayTy()) {
    std::vector<uint8_t> Bytes;
    if (constantBytes(*GV.getInitializer(), Bytes))
      It->second = Ctx.table(GV.getName().str(), std::move(Bytes));
  }
  const ConstantTable *T = It->second;
  uint64_t Size = L.getModule()->getDataLayout().getTypeStoreSize(L.getType());
  if (!T || T->Bytes.size() < Size)
    return unknown(L, Why);
  // As for an input buffer, the executor ends a path at a read outside the
  // object, so reaching the target needs this read in bounds.
  Apc = Ctx.logicalAnd(Apc,
                       Ctx.ule(Off, Ctx.constant(T->Bytes.size() - Size, 64)));
  ExprRef V = nullptr;
  for (uint64_t K = 0; K < Size; ++K) {
    ExprRef B = Ctx.tableRead(T, Ctx.add(Off, Ctx.constant(K, 64)));
    V = V ? Ctx.concat(B, V) : B;
  }
  unsigned W = L.getType()->getIntegerBitWidth();
  return V->width() == W ? V : Ctx.extract(V, 0, W);
}

void Builder::executeBody(State &S, const llvm::BasicBlock *B,
                          const llvm::Instruction *Stop, ExprRef &Apc) {
  for (const llvm::Instruction &I : *B) {
    if (&I == Stop || I.isTerminator())
      return;
    if (const auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
      executeStore(S, *St, Apc);
    if (llvm::isa<llvm::PHINode>(&I) || !I.getType()->isIntegerTy())
      continue;
    if (I.getType()->getIntegerBitWidth() > 64) {
      S[&I] = unknown(I, "a value that is not an integer of at most 64 bits");
      continue;
    }
    const auto *L = llvm::dyn_cast<llvm::LoadInst>(&I);
    S[&I] = L ? evaluateLoad(S, *L, Apc) : evaluate(S, I);
  }
}

ExprRef Builder::edgeCondition(const State &S, const llvm::BasicBlock *From,
                               const llvm::BasicBlock *To) {
  const llvm::Instruction *T = From->getTerminator();
  if (const auto *Br = llvm::dyn_cast<llvm::BranchInst>(T)) {
    if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return nullptr;
    ExprRef C = lookup(S, Br->getCondition());
    if (!C)
      return nullptr;
    return Br->getSuccessor(0) == To ? C : Ctx.logicalNot(C);
  }
  const auto *Sw = llvm::dyn_cast<llvm::SwitchInst>(T);
  if (!Sw)
    return nullptr;
  ExprRef X = lookup(S, Sw->getCondition());
  if (!X)
    return nullptr;
  ExprRef Cases = Ctx.falseExpr(), NoCase = Ctx.trueExpr();
  for (const auto &Case : Sw->cases()) {
    ExprRef Eq = Ctx.eq(X, lookup(S, Case.getCaseValue()));
    if (Case.getCaseSuccessor() == To)
      Cases = Ctx.logicalOr(Cases, Eq);
    NoCase = Ctx.logicalAnd(NoCase, Ctx.logicalNot(Eq));
  }
  return Sw->getDefaultDest() == To ? Ctx.logicalOr(Cases, NoCase) : Cases;
}

void Builder::assignPhis(State &S, const llvm::BasicBlock *From,
                         const llvm::BasicBlock *To) {
  std::vector<std::pair<const llvm::PHINode *, ExprRef>> New;
  for (const llvm::PHINode &Phi : To->phis())
    if (Phi.getType()->isIntegerTy())
      New.push_back({&Phi, lookup(S, Phi.getIncomingValueForBlock(From))});
  for (auto &[Phi, V] : New)
    S[Phi] = V;
}

Substitution Builder::asSubstitution(const State &S) {
  Substitution Sub;
  for (auto &[V, E] : S)
    Sub[symbol(V)] = E;
  return Sub;
}

std::vector<std::vector<unsigned>> Builder::backbones(const Region &R,
                                                      bool &Over) {
  std::vector<std::vector<unsigned>> Paths;
  std::vector<unsigned> Path{R.Start};
  std::vector<bool> OnPath(G.size(), false);
  OnPath[R.Start] = true;
  unsigned Steps = 0;
  const unsigned MaxSteps = 64 * Opts.MaxBackbones;
  // Depth-first over simple paths: a target ends one; in an induced
  // program, so does the edge back to the start (to End).
  std::function<void()> Visit = [&] {
    if (Over || ++Steps > MaxSteps) {
      Over = true;
      return;
    }
    unsigned N = Path.back();
    if (G.isTarget(N) && !R.Induced) {
      Paths.push_back(Path);
      Over = Paths.size() > Opts.MaxBackbones;
      return;
    }
    for (unsigned S : G.successors(N)) {
      if (R.Induced && S == R.Start) {
        Path.push_back(End);
        Paths.push_back(Path);
        Path.pop_back();
        Over = Over || Paths.size() > Opts.MaxBackbones;
        continue;
      }
      if (!R.In[S] || OnPath[S])
        continue;
      OnPath[S] = true;
      Path.push_back(S);
      Visit();
      Path.pop_back();
      OnPath[S] = false;
    }
  };
  Visit();
  return Paths;
}

std::vector<bool> Builder::loopAt(const Region &R,
                                  const std::vector<unsigned> &Path, size_t I) {
  unsigned V = Path[I];
  std::vector<bool> Allowed = R.In;
  for (size_t J = 0; J < I; ++J)
    Allowed[Path[J]] = false;
  // Nodes on a cycle through V that avoids the prefix: reachable from V and
  // reaching V within the allowed nodes.
  auto Reach = [&](unsigned From, bool Forward) {
    std::vector<bool> Seen(G.size(), false);
    std::vector<unsigned> Work{From};
    while (!Work.empty()) {
      unsigned N = Work.back();
      Work.pop_back();
      for (unsigned M : Forward ? G.successors(N) : Preds[N])
        if (Allowed[M] && !Seen[M]) {
          Seen[M] = true;
          Work.push_back(M);
        }
    }
    return Seen;
  };
  std::vector<bool> Fwd = Reach(V, true);
  std::vector<bool> C(G.size(), false);
  if (!Fwd[V])
    return C;
  std::vector<bool> Bwd = Reach(V, false);
  for (unsigned N = 0; N < G.size(); ++N)
    C[N] = Fwd[N] && Bwd[N];
  return C;
}

std::pair<State, ExprRef>
Builder::executeBackbone(const Region &R, const std::vector<unsigned> &Path,
                         std::vector<InnerLoopVisit> *Inner) {
  checkStop();
  State S;
  ExprRef Apc = Ctx.trueExpr();
  std::vector<ExprRef> Closed;
  for (size_t I = 0; I + 1 < Path.size(); ++I) {
    checkStop();
    const llvm::BasicBlock *From = G.block(Path[I]);
    unsigned Next = Path[I + 1];
    const llvm::BasicBlock *To = G.block(Next == End ? R.Start : Next);
    executeBody(S, From, nullptr, Apc);
    if (ExprRef C = edgeCondition(S, From, To))
      Apc = Ctx.logicalAnd(Apc, C);
    assignPhis(S, From, To);
    if (Next == End || G.isTarget(Next))
      continue;
    std::vector<bool> C = loopAt(R, Path, I + 1);
    if (!C[Next])
      continue;
    const Summary &L = processLoop(C, Next);
    Substitution Theta = asSubstitution(S);
    Apc = Ctx.logicalAnd(Apc, substituteFormula(Ctx, L.Phi, Theta));
    State After = S;
    for (auto &[V, E] : L.Theta)
      After[V] = E ? substituteValue(Ctx, E, Theta) : nullptr;
    S = std::move(After);
    if (I + 2 < Path.size() && (Path[I + 2] == End || !C[Path[I + 2]])) {
      unsigned Exit = Path[I + 2];
      const llvm::BasicBlock *ExitBlock = G.block(Exit == End ? R.Start : Exit);
      if (Inner)
        Inner->push_back({L.Counters.Kappa, L.Apcs, L.Iterated, Theta,
                          exitCondition(S, G.block(Next), ExitBlock)});
      Apc =
          Ctx.logicalAnd(Apc, eliminateCounter(S, L, G.block(Next), ExitBlock));
    }
    Closed.insert(Closed.end(), L.Counters.Kappa.begin(),
                  L.Counters.Kappa.end());
    Closed.insert(Closed.end(), L.Witnesses.begin(), L.Witnesses.end());
  }
  unsigned Last = Path.back();
  if (Last != End && G.isTarget(Last)) {
    executeBody(S, G.block(Last), G.targetInstruction(Last), Apc);
    if (const llvm::Value *Cond = G.failingCondition(Last))
      if (ExprRef C = lookup(S, Cond))
        Apc = Ctx.logicalAnd(Apc, Ctx.eq(C, Ctx.constant(0, C->width())));
  }
  // Counters are 64-bit unsigned, so kappa >= 0 needs no constraint.
  for (auto It = Closed.rbegin(); It != Closed.rend(); ++It)
    Apc = Ctx.exists(*It, Apc);
  return {std::move(S), Apc};
}

const Summary &Builder::processLoop(const std::vector<bool> &C, unsigned V) {
  auto Key = std::make_pair(V, C);
  auto It = Summaries.find(Key);
  if (It != Summaries.end())
    return It->second;
  Summary S = summarize(C, V);
  ++Out.Loops;
  LoopSummaryInfo Info;
  Info.Entry = G.block(V)->getName().str();
  for (auto &[X, E] : S.Theta)
    if (llvm::isa<llvm::PHINode>(X) &&
        llvm::cast<llvm::PHINode>(X)->getParent() == G.block(V))
      Info.Values.push_back({X->getName().str(), symbol(X), E});
  std::sort(Info.Values.begin(), Info.Values.end(),
            [](const auto &A, const auto &B) { return A.Name < B.Name; });
  Info.Phi = S.Phi;
  Info.Counters = S.Counters;
  Out.Summaries.push_back(std::move(Info));
  return Summaries.emplace(Key, std::move(S)).first->second;
}

/// How a loop's test at its entry, `X op B` with B invariant, counts the
/// iterations that step X = x0 + (sum of the Stepping counters) by one:
/// their sum is N, the least n >= 0 with the test false for x0 + n. X
/// takes every value from x0 to x0 + N at the entry, the test holding on
/// all but the last; in bit-vectors too (X reaches B without wrapping; for
/// <= with B the maximum, the loop never ends).
struct GuardCount {
  ExprRef N = nullptr; ///< Null: the test has another shape.
  std::vector<ExprRef> Stepping;
};

GuardCount countFromGuard(ExprContext &Ctx, ExprRef Guard,
                          const std::vector<ExprRef> &Kappa) {
  ExprKind K = Guard->kind();
  bool Ne = K == ExprKind::Not && Guard->operand(0)->kind() == ExprKind::Eq;
  if (Ne)
    Guard = Guard->operand(0);
  else if (K != ExprKind::Slt && K != ExprKind::Ult && K != ExprKind::Sle &&
           K != ExprKind::Ule)
    return {};
  auto CounterOf = [&](ExprRef T) -> ExprRef {
    if (T->kind() == ExprKind::Extract && T->value() == 0)
      T = T->operand(0);
    return std::find(Kappa.begin(), Kappa.end(), T) != Kappa.end() ? T
                                                                   : nullptr;
  };
  std::unordered_map<ExprRef, bool> Counters;
  for (ExprRef C : Kappa)
    Counters[C] = true;
  for (unsigned XAt = 0; XAt < (Ne ? 2u : 1u); ++XAt) {
    ExprRef X = Guard->operand(XAt), B = Guard->operand(1 - XAt);
    if (mentionsAny(B, Counters))
      continue;
    // X flattened: counters (each at most once) plus invariant terms x0.
    GuardCount R;
    ExprRef X0 = Ctx.constant(0, X->width());
    bool Ok = true;
    std::vector<ExprRef> Work{X};
    while (!Work.empty() && Ok) {
      ExprRef T = Work.back();
      Work.pop_back();
      if (T->kind() == ExprKind::Add) {
        Work.push_back(T->operand(0));
        Work.push_back(T->operand(1));
      } else if (ExprRef C = CounterOf(T)) {
        Ok = std::find(R.Stepping.begin(), R.Stepping.end(), C) ==
             R.Stepping.end();
        R.Stepping.push_back(C);
      } else {
        Ok = !mentionsAny(T, Counters);
        X0 = Ctx.add(X0, T);
      }
    }
    if (!Ok || R.Stepping.empty())
      continue;
    ExprRef Diff = Ctx.sub(B, X0);
    ExprRef Zero = Ctx.constant(0, Diff->width());
    if (K == ExprKind::Sle || K == ExprKind::Ule)
      Diff = Ctx.add(Diff, Ctx.constant(1, Diff->width()));
    R.N = Ne ? Diff : Ctx.select(Ctx.compare(K, X0, B), Diff, Zero);
    return R;
  }
  return {};
}

ExprRef Builder::exitCondition(const State &S, const llvm::BasicBlock *Entry,
                               const llvm::BasicBlock *Exit) {
  State Probe = S;
  ExprRef Ignored = Ctx.trueExpr();
  executeBody(Probe, Entry, nullptr, Ignored);
  return edgeCondition(Probe, Entry, Exit);
}

ExprRef Builder::eliminateCounter(State &S, const Summary &L,
                                  const llvm::BasicBlock *Entry,
                                  const llvm::BasicBlock *Exit) {
  // Section 3.2: the test at the entry determines how often the loop
  // stepped its tested value. A counter it fixes alone is replaced, which
  // keeps the values after the loop free of it (an outer loop can still
  // summarize them); the sum and bounds keep what the apc knew, and keep
  // counters from wrapping around the tested value's width.
  ExprRef Leave = exitCondition(S, Entry, Exit);
  if (!Leave)
    return Ctx.trueExpr();
  GuardCount GC = countFromGuard(Ctx, Ctx.logicalNot(Leave), L.Counters.Kappa);
  if (!GC.N)
    return Ctx.trueExpr();
  ExprRef Count = Ctx.resize(GC.N, 64, false);
  ExprRef Sum = Ctx.constant(0, 64), Facts = Ctx.trueExpr();
  for (ExprRef C : GC.Stepping) {
    Sum = Ctx.add(Sum, C);
    Facts = Ctx.logicalAnd(Facts, Ctx.ule(C, Count));
  }
  if (GC.Stepping.size() == 1) {
    Substitution Sub{{GC.Stepping[0], Count}};
    for (auto &[V, E] : S)
      if (E)
        E = substituteValue(Ctx, E, Sub);
  }
  return Ctx.logicalAnd(Facts, Ctx.eq(Sum, Count));
}

/// False only when no iteration can follow the loop's backbone whose
/// condition is `BackboneApc`: its quantifier-free weakening (apc^0:
/// universals dropped, existentials as free variables; buffers read as
/// free functions) is unsatisfiable, so the condition is too. Such a backbone
/// (through a short-circuit exit of an inner loop that contradicts the test
/// after it, say) gets no counter: each one left in would multiply the formula
/// by the backbones of the loops after it, and the solver would have to refute
/// every copy.
bool Builder::mayHold(ExprRef BackboneApc) {
  // Per check, and for all: a program with thousands of backbones keeps
  // them rather than spend its apc's time here.
  constexpr unsigned TimeoutMs = 250;
  constexpr double BudgetSeconds = 2;
  if (BackboneApc == Ctx.falseExpr())
    return false;
  if (FeasibilitySeconds > BudgetSeconds)
    return true;
  ExprRef Weak = unfoldApc(Ctx, BackboneApc, 0, Opts.Stop);
  if (!Weak || anyNode(Weak, [](ExprRef X) {
        return X->kind() == ExprKind::Forall || X->kind() == ExprKind::Exists;
      }))
    return true;
  auto Start = std::chrono::steady_clock::now();
  if (!Opts.Feasibility && !OwnFeasibility)
    OwnFeasibility = std::make_unique<QuantifiedQuery>();
  QuantifiedQuery &Q = Opts.Feasibility ? *Opts.Feasibility : *OwnFeasibility;
  bool Holds = Q.mayBeSatisfiable(Weak, TimeoutMs) != SatResult::Unsat;
  FeasibilitySeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  if (!Holds)
    ++Out.NeverTaken;
  return Holds;
}

bool Builder::hasCounter(ExprRef E, ExprRef Except) const {
  if (!Except)
    return mentionsAny(E, AllCounters);
  std::unordered_map<ExprRef, bool> Others = AllCounters;
  Others.erase(Except);
  return mentionsAny(E, Others);
}

Summary Builder::summarize(const std::vector<bool> &C, unsigned V) {
  Region R{C, V, true};
  Summary Sum;
  ++LoopDepth;
  auto Leave = llvm::make_scope_exit([this] { --LoopDepth; });
  std::vector<const llvm::Instruction *> Vars;
  for (unsigned N = 0; N < G.size(); ++N)
    if (C[N])
      for (const llvm::Instruction &I : *G.block(N))
        if (I.getType()->isIntegerTy() &&
            I.getType()->getIntegerBitWidth() <= 64)
          Vars.push_back(&I);
  storedCells(C, Vars);
  bool Over = false;
  std::vector<std::vector<unsigned>> Paths = backbones(R, Over);
  if (Over) {
    ++Out.Unknowns["the values of a loop with too many backbones"];
    for (const llvm::Instruction *X : Vars)
      Sum.Theta[X] = nullptr;
    Sum.Phi = Ctx.trueExpr();
    return Sum;
  }
  std::vector<State> Thetas;
  std::vector<InnerCount> Counts;
  for (const std::vector<unsigned> &P : Paths) {
    std::vector<InnerLoopVisit> Inner;
    auto [Theta, A] =
        executeBackbone(R, P, Opts.Heavyweight ? &Inner : nullptr);
    // A single backbone multiplies nothing: not worth a solver.
    if (Paths.size() > 1 && !mayHold(A))
      continue; // No counter: the loop never takes it.
    introduceCounts(Theta, Inner, Counts);
    Thetas.push_back(std::move(Theta));
    Sum.Apcs.push_back(A);
    unsigned Id = ++NextCounter;
    Sum.Counters.Kappa.push_back(
        Ctx.var(Ctx.variable(fmt::format("k{}", Id), 64)));
    Sum.Counters.Tau.push_back(
        Ctx.var(Ctx.variable(fmt::format("t{}", Id), 64)));
    AllCounters[Sum.Counters.Kappa.back()] = true;
    AllCounters[Sum.Counters.Tau.back()] = true;
  }
  Sum.Theta = iterate(Vars, Thetas, Sum.Counters, G.block(V), Counts);
  for (const llvm::Instruction *X : Vars)
    Sum.Iterated[symbol(X)] = Sum.Theta[X];
  Sum.Phi = loopingCondition(Sum.Apcs, Sum.Iterated, Sum.Counters);
  summarizeCells(Vars, Thetas, Sum);
  return Sum;
}

void Builder::storedCells(const std::vector<bool> &C,
                          std::vector<const llvm::Instruction *> &Vars) {
  std::set<const std::vector<llvm::PHINode *> *> Stored;
  for (unsigned N = 0; N < G.size(); ++N) {
    if (!C[N])
      continue;
    for (const llvm::Instruction &I : *G.block(N)) {
      const auto *St = llvm::dyn_cast<llvm::StoreInst>(&I);
      if (!St)
        continue;
      const llvm::Value *P = St->getPointerOperand();
      while (const auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(P))
        P = GEP->getPointerOperand();
      if (const std::vector<llvm::PHINode *> *Cells = cellsOf(P))
        if (Stored.insert(Cells).second)
          Vars.insert(Vars.end(), Cells->begin(), Cells->end());
    }
  }
}

void Builder::summarizeCells(const std::vector<const llvm::Instruction *> &Vars,
                             const std::vector<State> &Thetas, Summary &Sum) {
  // Section 4: a cell the loop writes holds what the last iteration
  // writing it stored, or its value before the loop. That value is a witness
  // variable the fact constrains; within the loop (the looping condition) the
  // cell stays unknown.
  for (const llvm::Instruction *X : Vars) {
    if (X->getParent() || Sum.Theta[X])
      continue;
    // The loop around this one could not carry the fact (its iterations
    // write what an inner witness holds), and an input buffer has a
    // cell per element: a quantified fact each, for nothing after the
    // outer loop.
    if (LoopDepth > 1 && CellInputs.count(X)) {
      unknown(*X, "an input buffer's cell written in a nested loop");
      continue;
    }
    ExprRef Sym = symbol(X);
    Substitution Known = Sum.Iterated;
    Known[Sym] = Sym;
    std::unordered_map<ExprRef, bool> Others = AllCounters;
    for (ExprRef Kappa : Sum.Counters.Kappa)
      Others.erase(Kappa);
    std::vector<ExprRef> Written;
    for (const State &Theta : Thetas) {
      auto It = Theta.find(X);
      ExprRef E = It == Theta.end() ? Sym : It->second;
      E = E ? substituteValue(Ctx, E, Known) : nullptr;
      Written.push_back(E && !mentionsAny(E, Others) ? E : nullptr);
    }
    ExprRef Last = Ctx.var(
        Ctx.variable(fmt::format("{}'w{}", X->getName().str(), ++NextCounter),
                     Sym->width()));
    ExprRef Fact = lastWriteFact(Ctx, Written, Sym, Sum.Counters, Last);
    if (!Fact) {
      unknown(*X, "an array cell changed by a loop in a way the rules do not "
                  "cover");
      continue;
    }
    AllCounters[Last] = true;
    Sum.Theta[X] = Last;
    Sum.Witnesses.push_back(Last);
    Sum.Phi = Ctx.logicalAnd(Sum.Phi, Fact);
  }
}

void Builder::introduceCounts(State &Theta,
                              const std::vector<InnerLoopVisit> &Inner,
                              std::vector<InnerCount> &Counts) {
  // Algorithm 2: the sum of an inner loop's counters becomes an artificial
  // variable s of the outer loop, its other uses unknown.
  for (const InnerLoopVisit &V : Inner) {
    std::unordered_map<ExprRef, bool> Kappa;
    for (ExprRef K : V.Kappa)
      Kappa[K] = true;
    ExprRef S = nullptr;
    for (auto &[X, E] : Theta) {
      if (!E || !mentionsAny(E, Kappa))
        continue;
      if (!S)
        S = Ctx.var(Ctx.variable(fmt::format("s{}", ++NextCounter), 64));
      E = replaceCounterSum(Ctx, E, V.Kappa, S, Opts.HeavyweightTimeoutMs);
    }
    if (!S)
      continue;
    AllCounters[S] = true;
    Counts.push_back({S, countConditions(Ctx, V, S, S->variable()->Name)});
  }
}

/// The free variables and input values `E` mentions among `Candidates`.
static void collectAtoms(ExprRef E,
                         const std::unordered_map<ExprRef, bool> &Candidates,
                         std::unordered_map<ExprRef, bool> &Seen,
                         std::vector<ExprRef> &Atoms) {
  if (!Seen.emplace(E, true).second)
    return;
  if (Candidates.count(E)) {
    Atoms.push_back(E);
    return;
  }
  for (unsigned I = 0; I < E->numOperands(); ++I)
    collectAtoms(E->operand(I), Candidates, Seen, Atoms);
}

ExprRef Builder::inferCount(const InnerCount &C, const LoopCounters &K,
                            const Substitution &Known,
                            const std::vector<ExprRef> &Carried) {
  // The outer loop's state after kappa iterations, and counts below 2^63
  // (fewer iterations than that ever run).
  ExprRef Zero = Ctx.constant(0, 64);
  ExprRef Facts = Ctx.logicalAnd(substituteFormula(Ctx, C.Facts, Known),
                                 Ctx.sle(Zero, C.S));
  for (ExprRef Kappa : K.Kappa)
    Facts = Ctx.logicalAnd(Facts, Ctx.sle(Zero, Kappa));
  // The atoms of the linear form: the outer counters and the values of
  // scalar variables, initial values and inputs. The current values of the
  // loop's carried variables join them: in bit-vectors, i + k wraps where
  // i + k in 64 bits does not, so a count linear in the current i is not
  // linear in k.
  std::unordered_map<ExprRef, bool> Candidates, Seen;
  for (auto &[V, Sym] : Symbols)
    Candidates[Sym] = true;
  for (auto &[V, In] : Inputs)
    Candidates[In] = true;
  for (ExprRef E : Carried)
    Candidates[E] = true;
  std::vector<ExprRef> Atoms(K.Kappa.begin(), K.Kappa.end());
  std::vector<bool> Unsigned(Atoms.size(), true);
  collectAtoms(Facts, Candidates, Seen, Atoms);
  Unsigned.resize(Atoms.size(), false);
  return inferLinearCount(Ctx, C.S, Facts, Atoms, Unsigned,
                          Opts.HeavyweightTimeoutMs);
}

State Builder::iterate(const std::vector<const llvm::Instruction *> &Vars,
                       const std::vector<State> &Thetas, const LoopCounters &K,
                       const llvm::BasicBlock *Entry,
                       const std::vector<InnerCount> &Counts) {
  // Start from the unknown state and apply the four rules until nothing
  // changes (Strejček and Trtík, section 3.1), alternating with the solver's
  // inference of inner loop counts (section 3.3), each tried again only when
  // what is known of its conditions changed.
  Substitution Known;
  for (const llvm::Instruction *X : Vars)
    Known[symbol(X)] = nullptr;
  // A count stays out of Known until inferred: free in the conditions of
  // the others, and a counter to the rules.
  std::vector<ExprRef> Tried(Counts.size(), nullptr);
  auto CarriedValues = [&] {
    std::vector<ExprRef> Carried;
    for (const llvm::Instruction *X : Vars) {
      ExprRef E = Known[symbol(X)];
      if (E && E != symbol(X) && llvm::isa<llvm::PHINode>(X) &&
          X->getParent() == Entry)
        Carried.push_back(E);
    }
    return Carried;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const llvm::Instruction *X : Vars) {
      if (Known[symbol(X)])
        continue;
      if (ExprRef E = inferValue(X, Thetas, K, Known)) {
        Known[symbol(X)] = E;
        Changed = true;
      }
    }
    for (unsigned I = 0; I < Counts.size(); ++I) {
      ExprRef Now = substituteFormula(Ctx, Counts[I].Facts, Known);
      if (Known.count(Counts[I].S) || Now == Tried[I])
        continue;
      Tried[I] = Now;
      if (ExprRef E = inferCount(Counts[I], K, Known, CarriedValues())) {
        Known[Counts[I].S] = E;
        Changed = true;
      }
    }
  }
  for (const InnerCount &C : Counts)
    if (!Known.count(C.S))
      ++Out.Unknowns["an inner loop's count the heavyweight inference did "
                     "not find"];
  State Theta;
  for (const llvm::Instruction *X : Vars) {
    Theta[X] = Known[symbol(X)];
    // Only the entry's phis carry values out of the loop: any other value
    // of the loop used later is defined on a block the backbone passes
    // after the entry (its definition dominates the use), so it is
    // recomputed there.
    if (!Theta[X] && llvm::isa<llvm::PHINode>(X) && X->getParent() == Entry)
      unknown(*X, "a value changed by a loop in a way the rules do not cover");
  }
  return Theta;
}

ExprRef Builder::inferValue(const llvm::Instruction *X,
                            const std::vector<State> &Thetas,
                            const LoopCounters &K, const Substitution &Known) {
  ExprRef Sym = symbol(X);
  std::vector<unsigned> Changed;
  std::vector<ExprRef> Values;
  for (unsigned I = 0; I < Thetas.size(); ++I) {
    auto It = Thetas[I].find(X);
    ExprRef D = It == Thetas[I].end() ? Sym : It->second;
    if (!D)
      return nullptr;
    Values.push_back(D);
    if (D != Sym)
      Changed.push_back(I);
  }
  // 1. Unchanged by every iteration.
  if (Changed.empty())
    return Sym;
  // An expression whose iterated value is known and constant over the loop.
  auto Invariant = [&](ExprRef D, ExprRef Except) -> ExprRef {
    ExprRef E = substituteValue(Ctx, D, Known);
    return E && !hasCounter(E, Except) ? E : nullptr;
  };
  unsigned W = Sym->width();
  // 2. x + d_i on the changing backbones, each d_i invariant: x + sum d_i k_i.
  ExprRef Sum = Sym;
  for (unsigned I : Changed) {
    ExprRef Step = stepOf(Ctx, Values[I], Sym);
    if (Step)
      Step = Invariant(Step, nullptr);
    if (!Step) {
      Sum = nullptr;
      break;
    }
    Sum = Ctx.add(Sum, Ctx.mul(Step, Ctx.resize(K.Kappa[I], W, false)));
  }
  if (Sum)
    return Sum;
  // 3. Set to the same invariant d on the changing backbones.
  bool Same = true;
  for (unsigned I : Changed)
    Same = Same && Values[I] == Values[Changed[0]];
  ExprRef Zero64 = Ctx.constant(0, 64);
  if (Same) {
    if (ExprRef D = Invariant(Values[Changed[0]], nullptr)) {
      ExprRef Count = Zero64;
      for (unsigned I : Changed)
        Count = Ctx.add(Count, K.Kappa[I]);
      return Ctx.select(Ctx.ult(Zero64, Count), D, Sym);
    }
  }
  // 4. Set on one backbone only, to a value of its own counter: the value
  // of d before the last of those iterations.
  if (Changed.size() != 1)
    return nullptr;
  ExprRef Kappa = K.Kappa[Changed[0]];
  ExprRef D = Invariant(Values[Changed[0]], Kappa);
  if (!D)
    return nullptr;
  Substitution Before{{Kappa, Ctx.sub(Kappa, Ctx.constant(1, 64))}};
  return Ctx.select(Ctx.ult(Zero64, Kappa), substituteValue(Ctx, D, Before),
                    Sym);
}

ExprRef Builder::loopingCondition(const std::vector<ExprRef> &Apcs,
                                  const Substitution &Iterated,
                                  const LoopCounters &K) {
  // For each backbone i: every one of its kappa_i iterations passes its
  // tests in some state after tau_j <= kappa_j iterations of the others.
  Substitution ToTau;
  for (unsigned J = 0; J < K.Kappa.size(); ++J)
    ToTau[K.Kappa[J]] = K.Tau[J];
  ExprRef Phi = Ctx.trueExpr();
  for (unsigned I = 0; I < Apcs.size(); ++I) {
    checkStop();
    ExprRef Body = substituteFormula(
        Ctx, substituteFormula(Ctx, Apcs[I], Iterated), ToTau);
    for (unsigned J = 0; J < K.Kappa.size(); ++J)
      if (J != I)
        Body = Ctx.exists(K.Tau[J],
                          Ctx.logicalAnd(Ctx.ule(K.Tau[J], K.Kappa[J]), Body));
    Phi = Ctx.logicalAnd(
        Phi,
        Ctx.forall(K.Tau[I], Ctx.implies(Ctx.ult(K.Tau[I], K.Kappa[I]), Body)));
  }
  return Phi;
}

} // namespace

Apc computeApc(ExprContext &Ctx, const Flowgraph &G, const ApcOptions &Opts) {
  Apc Out;
  if (G.empty()) {
    Out.Formula = Ctx.falseExpr();
    return Out;
  }
  try {
    Builder B(Ctx, G, Opts, Out);
    Out.Formula = B.top();
  } catch (const Abandoned &) {
    Out = Apc();
    Out.Formula = Ctx.trueExpr();
    Out.Abandoned = true;
  } catch (const OutOfTime &) {
    Out = Apc();
    Out.Formula = Ctx.trueExpr();
    Out.OutOfTime = true;
  }
  return Out;
}

} // namespace theseus
